//! The decklist check: every card of a player seen so far must fit the list, each misfit reported
//! once (R0401) and then set aside; a card one word off a reported misfit may be the card that
//! line misnamed (ruling R4). The check works from counts kept between walks, so a long game does
//! not walk every located card at every draw.

use super::Referee;
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::zone::{Collection, Counts};
use crate::model::log::{CardCount, CardCounts, Zone};
use crate::model::{Card, PlayerId, Span};

impl<'a> Referee<'a> {
    /// The player's located cards, less those already reported as impossible (they stay where
    /// they are; leaving them out judges the list on the rest, so each is reported once).
    fn unreported(&self, p: PlayerId) -> Vec<&Card> {
        let mut pending: Vec<&Card> = self.state.located(p).collect();
        if !self.has_misfits(p) {
            return pending;
        }
        for (q, c) in &self.misfits {
            if *q == p {
                if let Some(k) = pending.iter().position(|x| *x == c) {
                    pending.remove(k);
                }
            }
        }
        pending
    }

    /// Whether `p`'s hand holds a card reported as one the decklist cannot have (R0401) that
    /// has `c`'s number or its power but is not `c`: the line that named it may have misnamed
    /// `c`, and was reported (ruling R4).
    pub(in crate::engine) fn misnamed_in_hand(&self, p: PlayerId, c: &Card) -> bool {
        let hand = &self.state.player(p).hand;
        self.misnamed_as(p, c, |m| hand.known.contains(m)).is_some()
    }

    /// A card of `p` reported as one the decklist cannot have (R0401), one word off `c` (its
    /// number or its power), that `holds` accepts (a zone that cannot give `c` holding it): the
    /// card a line naming `c` moves, the line that named it having misnamed `c` and been reported
    /// (ruling R4).
    pub(in crate::engine) fn misnamed_as(&self, p: PlayerId, c: &Card, holds: impl Fn(&Card) -> bool) -> Option<Card> {
        self.misfits
            .iter()
            .find_map(|(q, m)| (*q == p && crate::engine::turn::one_word_off(m, c) && holds(m)).then_some(*m))
    }

    fn has_misfits(&self, p: PlayerId) -> bool {
        self.misfits.iter().any(|(q, _)| *q == p)
    }

    /// The counts of [`Referee::unreported`], without listing the cards when none is set aside.
    fn unreported_counts(&self, p: PlayerId) -> Counts {
        if self.has_misfits(p) { Counts::of(self.unreported(p).into_iter()) } else { Counts::of(self.state.located(p)) }
    }

    /// Checks the decklist after one card of `p` became known.
    ///
    /// Only what became more precise since the located cards last all fitted the list can break
    /// it (`Player::gains`): with nothing new, there is nothing to check; when the bound of the
    /// last check still fits with the new cards, so do the cards themselves; when this card
    /// alone is new, its check covers the rest; otherwise every located card is checked again
    /// (silently: each misfit is still reported by the check of its own card).
    pub(in crate::engine) fn check_card(&mut self, p: PlayerId, card: &Card, span: Span) {
        self.check_card_at(p, card, Some(span));
    }

    /// As [`Self::check_card`]; with no span, a card the decklist cannot hold is set aside without
    /// a report (its line was reported already, for the same card).
    pub(in crate::engine) fn check_card_at(&mut self, p: PlayerId, card: &Card, span: Option<Span>) {
        if self.state.fog.cards || matches!(card, Card::Unknown) {
            return;
        }
        let pl = self.state.player(p);
        let checked = self.checked_gains.get(p.index()).copied().unwrap_or(0);
        if pl.gains == checked {
            return;
        }
        let only = pl.gains == checked + 1 && pl.last_gain() == Some(card);
        if self.settle_on_bound(p) {
            return;
        }
        let Some(Some(list)) = self.state.collections.get(p.index()) else { return };
        let counts = self.unreported_counts(p);
        let fits = list.admits(&counts, card);
        match span {
            _ if fits => {}
            Some(span) => self.report_misfit(p, *card, span),
            None => self.misfits.push((p, *card)),
        }
        if only {
            // The others fitted before this card, which is now checked (or set aside).
            self.settle(p, fits.then_some(counts));
            return;
        }
        // Several cards gained detail: settled only when all of them fit, or the next check looks
        // again. The counts still hold unless the card was just set aside.
        let Some(Some(list)) = self.state.collections.get(p.index()) else { return };
        let (misfit, counts) = self.first_misfit(list, p, fits.then_some(counts));
        if misfit.is_none() {
            self.settle(p, Some(counts));
        }
    }

    /// Whether `card` can be the top card of `p`'s deck by the decklist too: when the top is one
    /// of the middle's unknown cards, one more copy of it must fit the list (a card the deck is
    /// known to hold lower down is not the top then).
    pub(in crate::engine) fn deck_top_admits(&self, p: PlayerId, card: &Card) -> bool {
        let deck = &self.state.player(p).deck;
        if self.state.fog.cards || !matches!(card, Card::Known { .. }) {
            return true;
        }
        match deck.top.last() {
            // A card in a known place: the deck's order says whether it can be this one.
            Some(Card::Known { .. }) => return true,
            Some(_) => {}
            None => {
                let middle = &deck.middle;
                let compatible = |c: &Card| crate::engine::zone::compatible(card, c);
                if middle.min_len() == 0 && (!middle.unbounded || deck.bottom.last().is_some_and(compatible)) {
                    return true;
                }
                if middle.known.iter().any(compatible) {
                    return true;
                }
            }
        }
        let Some(Some(list)) = self.state.collections.get(p.index()) else { return true };
        let mut counts = self.unreported_counts(p);
        counts.add(card);
        list.admits(&counts, card)
    }

    /// The first of `p`'s unreported located cards that `list` cannot hold, with the counts of
    /// those cards (`counts`, when they are known already). The cards are gathered only when
    /// some are set aside.
    fn first_misfit(&self, list: &Collection, p: PlayerId, counts: Option<Counts>) -> (Option<Card>, Counts) {
        if self.has_misfits(p) {
            let pending = self.unreported(p);
            let counts = counts.unwrap_or_else(|| Counts::of(pending.iter().copied()));
            (list.misfit_in(&counts, pending.iter().copied()).copied(), counts)
        } else {
            let counts = counts.unwrap_or_else(|| Counts::of(self.state.located(p)));
            // Most often every set fits, and no card need be looked at again.
            if list.holds_all(&counts) {
                return (None, counts);
            }
            (list.misfit_in(&counts, self.state.located(p)).copied(), counts)
        }
    }

    /// Settles `p`'s located cards on the bound of the last check grown by the cards gained since,
    /// when each of those still fits: the bound's other entries fitted then and have not grown.
    /// Only the number of cards is counted afresh, as an unknown card can join the located ones
    /// with no gain (a `?` put under a deck). `false`, with the bound dropped, when that cannot
    /// show the cards fit.
    fn settle_on_bound(&mut self, p: PlayerId) -> bool {
        let i = p.index();
        let checked = self.checked_gains.get(i).copied().unwrap_or(0);
        let Some(Some(list)) = self.state.collections.get(i) else { return false };
        let Some(slot) = self.located_bounds.get_mut(i) else { return false };
        let Some(bound) = slot.as_mut() else { return false };
        // Each card is judged once the bound holds it: the last card of each set to be added
        // sees that set's final count.
        let fits = self.state.player(p).gained_since(checked).is_some_and(|mut gained| {
            gained.all(|c| {
                bound.add(c);
                list.admits(bound, c)
            })
        });
        debug_assert_eq!(self.state.located_len(p), self.state.located(p).count());
        if !fits || !list.holds_as_many(self.state.located_len(p)) {
            *slot = None;
            return false;
        }
        // The bound only spares the walk: debug builds (every test) walk anyway, and must agree.
        // Not once a misfit was set aside: the walk leaves it out by its name, which a later move
        // can blur (a reported 1 Skip taken from a discard pile holding others becomes `1 ?`),
        // and would then report it again.
        debug_assert!(
            self.has_misfits(p) || self.first_misfit(list, p, None).0.is_none(),
            "the bound hid a misfit of {p:?}"
        );
        self.checked_now(p);
        true
    }

    /// The located cards of `p` all fit the list (those reported aside); `bound`, when known,
    /// counts at least as many as they hold.
    fn settle(&mut self, p: PlayerId, bound: Option<Counts>) {
        self.checked_now(p);
        if let Some(slot) = self.located_bounds.get_mut(p.index()) {
            *slot = bound;
        }
    }

    /// The gains of `p` so far are all checked.
    fn checked_now(&mut self, p: PlayerId) {
        let gains = self.state.player(p).gains;
        if let Some(slot) = self.checked_gains.get_mut(p.index()) {
            *slot = gains;
        }
    }

    /// Checks the decklist after cards of `p` became known.
    pub(in crate::engine) fn check_located(&mut self, p: PlayerId, span: Span) {
        self.check_located_in(p, span, &[]);
    }

    /// As [`Self::check_located`], after the cards `listed` on the line at `span` became known: a
    /// card the decklist cannot hold is reported at its place in the line when the line lists it.
    pub(super) fn check_located_in(&mut self, p: PlayerId, span: Span, listed: &[CardCount]) {
        if self.state.fog.cards {
            return;
        }
        if self.settle_on_bound(p) {
            return;
        }
        let Some(Some(list)) = self.state.collections.get(p.index()) else { return };
        let (misfit, counts) = self.first_misfit(list, p, None);
        match misfit {
            Some(card) => {
                let at = listed.iter().find(|c| c.card == card).map_or(span, |c| c.span);
                self.report_misfit(p, card, at)
            }
            None => self.settle(p, Some(counts)),
        }
    }

    /// Cards of `p` are about to be shuffled into the deck: they and the deck's known cards
    /// become unknown cards of the deck and leave the located cards, so they leave the bound of
    /// the decklist check too (otherwise the bound keeps every card ever located, and the next
    /// check after a round's end walks every located card). The bound stays an upper bound of
    /// the located cards with those gained since: only located cards go, and with a card set
    /// aside as a misfit (which the bound does not count), none goes.
    pub(super) fn shuffled_away(&mut self, p: PlayerId, from: Zone) {
        if self.has_misfits(p) {
            return;
        }
        let Some(Some(bound)) = self.located_bounds.get_mut(p.index()) else { return };
        let pl = self.state.player(p);
        let mut leave = |c: &Card| bound.remove(c);
        match from {
            Zone::Pile => pl.pile.owned().for_each(&mut leave),
            Zone::Hand => pl.hand.known.iter().for_each(&mut leave),
            Zone::Discard => pl.discard.known.iter().for_each(&mut leave),
            Zone::Deck => {}
        }
        pl.deck.known_cards().for_each(leave);
    }

    /// Reads `p`'s decklist with one more `card` on it, the deck holding one more unknown card (a
    /// card the list left out, ruling R4); the cards located so far are checked against it afresh.
    /// False where `p` has no whole decklist.
    pub(in crate::engine) fn list_one_more(&mut self, p: PlayerId, card: Card) -> bool {
        if !self.state.list_one_more(p, card) {
            return false;
        }
        if let Some(slot) = self.located_bounds.get_mut(p.index()) {
            *slot = None;
        }
        if let Some(slot) = self.checked_gains.get_mut(p.index()) {
            *slot = 0;
        }
        true
    }

    /// A `hand` line of `p`'s that lists one card more than `p` was dealt: the card it seems to
    /// write twice, and the line's cards without that card's last copy (ruling R4). That is a card
    /// the line lists twice or more and `p`'s decklist holds one copy fewer of, beside `p`'s cards
    /// known elsewhere; failing one (no decklist, or the list holds them all), the one card the
    /// line lists twice or more, where it lists no other so (with whether the decklist showed it).
    /// `None` where neither shows it.
    pub(super) fn listed_twice(&self, p: PlayerId, listed: &CardCounts) -> Option<(Card, CardCounts, bool)> {
        let copies = |card: &Card| listed.iter().filter(|c| c.card == *card).map(|c| c.count).sum::<u32>();
        let mut repeated = listed.iter().map(|c| c.card).filter(|card| card.power_recorded() && copies(card) >= 2);
        let over = match self.state.collections.get(p.index()) {
            Some(Some(list)) if !self.state.fog.cards => {
                let mut counts = self.unreported_counts(p);
                for c in listed.iter() {
                    (0..c.count).for_each(|_| counts.add(&c.card));
                }
                repeated.clone().find(|card| {
                    !list.admits(&counts, card) && {
                        let mut fewer = counts.clone();
                        fewer.remove(card);
                        list.admits(&fewer, card)
                    }
                })
            }
            _ => None,
        };
        let twice = match over {
            Some(card) => card,
            None => {
                let first = repeated.next()?;
                if repeated.any(|card| card != first) {
                    return None;
                }
                first
            }
        };
        let over = over.is_some();
        let mut cards = listed.clone();
        let last = cards.iter().rposition(|c| c.card == twice)?;
        let mut i = 0;
        cards.retain_mut(|c| {
            let here = i == last;
            i += 1;
            c.count -= u32::from(here);
            c.count > 0
        });
        Some((twice, cards, over))
    }

    fn report_misfit(&mut self, p: PlayerId, card: Card, span: Span) {
        let Some(Some(list)) = self.state.collections.get(p.index()) else { return };
        let held =
            list.cards.iter().filter(|(c, _)| crate::engine::zone::compatible(&card, c)).map(|(_, n)| n).sum::<u32>();
        let message = if held == 0 {
            format!("{}'s decklist has no {card}", self.name(p))
        } else {
            format!("every {card} of {}'s decklist is already elsewhere", self.name(p))
        };
        self.misfits.push((p, card));
        let d = Diagnostic::new(Code::NotInDecklist, span, message).label(format!("the list holds {held}"));
        self.unlisted.push((p, card, self.group_start, d.clone()));
        self.report(d);
    }
}
