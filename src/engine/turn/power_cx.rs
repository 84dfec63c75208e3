//! What a power sees and may do while it resolves ([`PowerCx`]): read the state, emit events,
//! report diagnostics, take the table's resolution lines as evidence and pull the turn's levers.

use super::{Progress, miswritten_word, renumbered, replicate_line, respelled, with_card};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Drawn, Event};
use crate::engine::replay::Referee;
use crate::engine::zone::compatible;
use crate::model::log::{CardCount, Choice, ChoiceKind, StepKind, Zone};
use crate::model::{Card, PlayerId, Power, PowerSpec, Span};

/// What a power's resolution sees of the turn and may do to it: the engine's side of the power
/// registry. Every change goes through [`PowerCx::emit`], so the state stays the fold of events.
pub(crate) struct PowerCx<'r, 'a, 'l, 's> {
    pub(super) r: &'r mut Referee<'a>,
    pub(super) progress: &'r mut Progress<'l, 's>,
    pub player: PlayerId,
    /// The card whose power is used.
    pub card: Card,
    pub choices: &'r [Choice],
    pub(super) span: Span,
}

impl PowerCx<'_, '_, '_, '_> {
    pub fn state(&self) -> &crate::engine::state::State {
        &self.r.state
    }

    /// Whether `p`'s hand may hold `card`, or holds a card reported as one the decklist cannot
    /// have that `card` differs from in one word: that card, misnamed where it was reported
    /// (ruling R4).
    pub fn may_hold(&self, p: PlayerId, card: &Card) -> bool {
        self.r.state.player(p).hand.could_hold(card) || self.r.misnamed_in_hand(p, card)
    }

    /// A card a line has `p` play from hand outside the turn's own steps (a Stampede's) that the
    /// hand cannot hold ([`Self::may_hold`]), its power's name misspelt: where the hand may hold
    /// the card of its number with the power meant, `d` is reported, the card read as that one
    /// (ruling R4), and returned.
    pub fn respelled_in_hand(&mut self, p: PlayerId, card: &Card, d: Diagnostic) -> Option<Card> {
        let hand = &self.r.state.player(p).hand;
        let read = respelled(card).filter(|m| hand.could_hold(m))?;
        Some(self.r.report_not_held(p, card, d, Some(read), ""))
    }

    pub fn name(&self, p: PlayerId) -> String {
        self.r.name(p).to_string()
    }

    /// Whether `p` may have been decked unseen (see [`Referee::may_be_decked_unseen`]).
    pub fn may_be_decked_unseen(&self, p: PlayerId) -> bool {
        self.r.may_be_decked_unseen(p)
    }

    /// Whether `p`'s hand cannot be counted and may be empty: a power taking a card from every
    /// hand may have found none there (rulings R20, R21).
    pub fn hand_may_be_empty(&self, p: PlayerId) -> bool {
        let hand = &self.state().player(p).hand;
        hand.len().is_none() && hand.min_len() == 0
    }

    /// Whether `p`'s discard pile may hold the hand dealt this round, which the referee holds in
    /// the hand: the player may have been decked at the deal unseen and is not yet taken to have
    /// been (ruling R2).
    pub fn discard_may_hold_the_deal(&self, p: PlayerId) -> bool {
        !self.taken_decked(p) && self.r.may_have_been_decked(p)
    }

    /// Whether `p`, still followed as in, may be out of the round unseen: decked by a draw the
    /// log does not name (ruling R34) or at the deal (R2), with no part in a power acting on
    /// every player still in.
    pub fn may_be_out_unseen(&self, p: PlayerId) -> bool {
        self.may_be_decked_unseen(p) || self.discard_may_hold_the_deal(p)
    }

    /// Whether `p` is only taken to have been decked at the deal, a reading a later line may
    /// withdraw (ruling R2).
    pub fn taken_decked(&self, p: PlayerId) -> bool {
        self.r.taken_decked(p)
    }

    /// Whether `p` is decked for certain: not only taken to have been decked at the deal while
    /// the player may be sitting the round out instead (TCC 2.1, Advanced Rules: "Decked").
    pub fn surely_decked(&self, p: PlayerId) -> bool {
        self.r.state.player(p).status == crate::engine::state::Status::Decked
            && !(self.r.may_sit_out.contains(&p) && self.taken_decked(p))
    }

    /// A line at `at` shows `player` holding cards this round (`how`): a player sitting the round
    /// out is dealt none, so the player was dealt in, and a decking at the deal the referee only
    /// inferred is withdrawn as by [`PowerCx::shown_in`] (ruling R2).
    pub fn shown_holding(&mut self, player: PlayerId, at: Span, how: &str) {
        self.r.may_sit_out.retain(|q| *q != player);
        self.shown_in(player, at, how);
    }

    /// A line at `at` shows `player` in the round (`how`): a decking at the deal the referee only
    /// inferred is withdrawn (ruling R2).
    /// A score line gave `player` `followed` points where the rules give `rules`, reported, and
    /// the line is followed (ruling R4): the round's points on the sheet may be either.
    pub fn score_followed(&mut self, player: PlayerId, rules: u64, followed: u64) {
        self.r.score_slips.push((player, i128::from(rules) - i128::from(followed)));
    }

    pub fn shown_in(&mut self, player: PlayerId, at: Span, how: &str) {
        // A player who may be sitting the round out is not decked: the line does not tell.
        if self.taken_decked(player) && !self.r.may_sit_out.contains(&player) {
            self.r.withdraw_inference(player, at, how);
        }
    }

    pub fn emit(&mut self, e: Event) {
        let replicated = self.replicates(&e);
        let moved = matches!(replicated, Some((_, _, true))).then(|| e.clone());
        self.r.emit(e);
        match replicated {
            Some((owner, place, true)) => self.replicate(owner, place, moved.as_ref()),
            Some((owner, place, false)) => self.progress.unnamed_replicates.push((owner, place)),
            None => {}
        }
    }

    /// REPLICATE: whether this move puts a card that may be a Replicate into its owner's discard
    /// pile (`None`) or play pile (`Some(place)`) by this power, used by another player, and
    /// whether the table named it a Replicate (else it is a card whose power was not recorded).
    /// A stampede play is its player's own action.
    fn replicates(&self, e: &Event) -> Option<(PlayerId, Option<crate::engine::event::Place>, bool)> {
        use crate::engine::event::Place;
        use crate::model::Power;
        if self.card.power().is_some_and(|p| p.has(Power::Stampede)) {
            return None;
        }
        let named = |c: &CardCount| c.card.power_recorded();
        let may = |c: &&CardCount| c.card.may_have(&[Power::Replicate]);
        let (owner, place, from_deck, mut cards): (_, _, _, Box<dyn Iterator<Item = &CardCount>>) = match e {
            Event::Discards { player: q, cards, from } if *q != self.player => {
                (*q, None, (*from == Zone::Deck).then_some(*q), Box::new(cards.iter()))
            }
            Event::Puts { player, cards, to, from } if matches!(to.place, Place::OnPile | Place::UnderPile) => {
                let target = to.owner.unwrap_or(*player);
                let source = from.owner.unwrap_or(*player);
                if target == self.player {
                    return None;
                }
                let from_deck = (from.zone == Zone::Deck).then_some(source);
                let owned = cards.iter().filter(move |c| c.owner.unwrap_or(source) == target);
                (target, Some(to.place), from_deck, Box::new(owned))
            }
            _ => return None,
        };
        let mut found = None;
        let several = match e {
            Event::Discards { cards, .. } | Event::Puts { cards, .. } => crate::model::log::total_count(cards) > 1,
            _ => false,
        };
        for c in cards.by_ref().filter(may) {
            // A named Replicate settles it; an unnamed card only may have been one, if its owner's
            // decklist (when the log gives it) holds a Replicate of its number, and the deck it
            // came from (when it came from one) can give it.
            if named(c) {
                return Some((owner, place, true));
            }
            let like = |k: &Card| compatible(&c.card, k) && k.may_have(&[Power::Replicate]);
            let listed = match self.state().collections.get(owner.index()) {
                Some(Some(list)) => list.cards.iter().any(|(k, _)| like(k)),
                _ => true,
            };
            // Of several cards from the deck, any may be the Replicate, not only the top one.
            let deck_may = from_deck.is_none_or(|q| {
                let deck = &self.state().player(q).deck;
                if several {
                    deck.could_hold_like(&c.card, Power::Replicate)
                } else {
                    deck.could_give_like(&c.card, Power::Replicate)
                }
            });
            if listed && deck_may {
                found = Some((owner, place, false));
            }
        }
        found
    }

    /// A card of `owner`'s that the log does not show may have gone to that player's discard pile
    /// (`None`) or play pile (`Some(place)`) by this power, and may have been a Replicate: a line
    /// left over at the turn's end may be its extra card (ruling F8).
    pub fn may_replicate(&mut self, owner: PlayerId, place: Option<crate::engine::event::Place>) {
        if owner != self.player {
            self.progress.unnamed_replicates.push((owner, place));
        }
    }

    /// REPLICATE: the card's owner may put one more card from hand in the same place; taken from
    /// the table's line (left out, it did not happen).
    fn replicate(&mut self, owner: PlayerId, place: Option<crate::engine::event::Place>, moved: Option<&Event>) {
        // Not the line of the move that put the Replicate there written again, where the hand
        // holds no second such card: that is a line written twice (reported as such).
        let hand = &self.r.state.player(owner).hand;
        let again = |e: &Event| {
            moved == Some(e)
                && match e {
                    Event::Discards { cards, .. } | Event::Puts { cards, .. } => !hand.could_hold(&cards[0].card),
                    _ => false,
                }
        };
        let claim = self.progress.take(|e| replicate_line(e, owner, place) && !again(e));
        let Some((event, span)) = claim else { return };
        let card = match &event {
            Event::Discards { cards, .. } | Event::Puts { cards, .. } => cards[0].card,
            _ => return,
        };
        let card = self.check_held(owner, &card, Some(span));
        // The owner's own move: it triggers no Replicate in turn.
        self.r.emit(with_card(event, card));
        self.check_card(owner, &card, span);
    }

    pub fn report(&mut self, d: Diagnostic) {
        self.r.report(d);
    }

    /// The step that used the power.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The first `@Name` choice.
    pub fn target(&self) -> Option<(PlayerId, Span)> {
        self.choices.iter().find_map(|c| match c.kind {
            ChoiceKind::Player(p) => Some((p, c.span)),
            _ => None,
        })
    }

    /// The `@Name` choice of a power that names an opponent: reports the player naming
    /// themselves (R0320), with `example` as the right syntax. `None` without a target.
    pub fn opponent(&mut self, what: &str, example: &str) -> Option<(PlayerId, Span)> {
        let (target, at) = self.target()?;
        if target == self.player {
            self.report(
                Diagnostic::new(Code::PoisonTarget, at, format!("{what} chooses an opponent, not its own player"))
                    .label("not an opponent")
                    .help(format!("name the opponent: `{example}`")),
            );
            return None;
        }
        Some((target, at))
    }

    /// The `name POWER` choice.
    pub fn named(&self) -> Option<(PowerSpec, Span)> {
        self.choices.iter().find_map(|c| match &c.kind {
            ChoiceKind::Name(p) => Some((*p, c.span)),
            _ => None,
        })
    }

    /// The cards chosen, spelled out one by one.
    pub fn cards(&self) -> Option<(Vec<Card>, Span)> {
        self.choices.iter().find_map(|c| match &c.kind {
            ChoiceKind::Cards(list) => Some((crate::engine::state::expand(list), c.span)),
            _ => None,
        })
    }

    /// The single card a power's use names (Discard, Rescue); reports a use naming several.
    /// `what` reads "Discard discards", `example` shows the right syntax.
    pub fn one_card(&mut self, what: &str, example: &str) -> Option<(Card, Span)> {
        let (cards, span) = self.cards()?;
        if let [card] = cards.as_slice() {
            return Some((*card, span));
        }
        self.report(
            Diagnostic::new(Code::BadChoices, span, format!("{what} one card, not {}", cards.len()))
                .label("one card")
                .help(format!("write the one card: {example}")),
        );
        None
    }

    /// A power makes `player` draw `k` cards: takes the table's `draws` line for it as evidence,
    /// reports it when it draws another number of cards, and emits the draw.
    /// `why` says where `k` comes from, for the label.
    ///
    /// Returns true when the table says the draws decked the player from a deck whose size the
    /// referee does not know (`  Dan is decked`, or a `draws` line with fewer cards than asked
    /// for): the written draws are taken as all there was, and the player is decked.
    pub fn draws(&mut self, player: PlayerId, k: u32, what: &str, why: &str) -> bool {
        // From a deck of unknown size, fewer cards written than asked for show the deck ran out
        // even when the decking itself is left out.
        let short = |e: &Event| matches!(e, Event::Draws { player: p, drawn } if *p == player && drawn.count() < k);
        if self.state().player(player).deck.len().is_none()
            && (self.take_claim(|e| *e == Event::IsDecked(player)).is_some() || self.claims_left(short))
        {
            let shown = self.take_claim(|e| matches!(e, Event::Draws { player: p, .. } if *p == player));
            let unwritten = shown.is_none();
            let drawn = match shown {
                Some((Event::Draws { drawn, .. }, span)) => {
                    let written = drawn.count();
                    if written >= k {
                        let name = self.name(player);
                        self.report(
                            Diagnostic::new(
                                Code::Misresolved,
                                span,
                                format!(
                                    "{name} drew all {written} card{} {what} asks for, and is not decked by it",
                                    crate::diagnostics::plural(written)
                                ),
                            )
                            .label(why.to_string()),
                        );
                    }
                    drawn
                }
                _ => Drawn::Count(0),
            };
            // Decked, the deck is empty: whatever it certainly held was drawn too.
            let rest = self.state().player(player).deck.min_len().saturating_sub(drawn.count());
            let known = drawn.count().saturating_add(rest);
            self.emit(Event::Draws { player, drawn });
            if rest > 0 {
                self.emit(Event::Draws { player, drawn: Drawn::Count(rest) });
            }
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            // With no line for the draws, the deck may have held more than the referee knew (up
            // to one fewer than asked for): those cards went to the hand, then to the discard pile,
            // which is not counted from then on (ruling R34).
            if unwritten && known.saturating_add(1) < k {
                self.emit(Event::DiscardsUnknown(player));
            }
            return true;
        }
        // The player's draw line of as many cards, where there is one (another may be a repeat of
        // a line taken already, or a trouble action's), else the first.
        let shown = self
            .take_claim(|e| matches!(e, Event::Draws { player: p, drawn } if *p == player && drawn.count() == k))
            .or_else(|| self.take_claim(|e| matches!(e, Event::Draws { player: p, .. } if *p == player)));
        let line = shown.as_ref().map(|(_, span)| *span);
        let drawn = match shown {
            Some((Event::Draws { drawn, .. }, span)) => {
                let written = drawn.count();
                if written == k {
                    // The cards named must be ones the deck's top could give.
                    if let Drawn::Cards(list) = &drawn {
                        self.check_deck_top(player, &crate::engine::state::expand(list), span);
                    }
                    drawn
                } else {
                    let name = self.name(player);
                    self.report(
                        Diagnostic::new(
                            Code::Misresolved,
                            span,
                            format!("{what} makes {name} draw {k} here, not {written}"),
                        )
                        .label(why.to_string()),
                    );
                    Drawn::Count(k)
                }
            }
            _ => {
                // Unwritten, from a deck that may run out: the draws may have decked the player,
                // which a log may leave out (R0707).
                let deck = &self.state().player(player).deck;
                let fog = self.state().fog.turn_order;
                if deck.len().is_none() && deck.min_len() < k {
                    self.r.drew_unseen_from(player, fog);
                }
                Drawn::Count(k)
            }
        };
        let named = match (&drawn, line) {
            (Drawn::Cards(list), Some(span)) => Some((crate::engine::state::expand(list), span)),
            _ => None,
        };
        self.emit(Event::Draws { player, drawn });
        // The cards named are checked against the decklist at their line.
        for (card, span) in named.iter().flat_map(|(cards, span)| cards.iter().map(move |c| (c, *span))) {
            self.r.check_card(player, card, span);
        }
        false
    }

    /// Takes the first of the turn's resolution lines that `pick` accepts, as evidence the power
    /// uses; it is then not compared again.
    pub fn take_claim(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        self.progress.take(pick)
    }

    /// The first of the turn's resolution lines not yet taken, if it satisfies `pick` (see
    /// [`Progress::take_first`]).
    pub fn take_first_claim(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        self.progress.take_first(pick)
    }

    /// The first of the turn's resolution lines not yet taken, score lines aside (the one
    /// [`PowerCx::take_first_claim`] looks at).
    pub fn first_claim(&self) -> Option<&Event> {
        self.progress.first()
    }

    /// Whether an `activate` step of the turn aims at `p`.
    pub fn activation_aims_at(&self, p: PlayerId) -> bool {
        self.progress.turn_steps.iter().any(|s| match &s.kind {
            StepKind::Activate(choices) => choices.iter().any(|c| c.kind == ChoiceKind::Player(p)),
            _ => false,
        })
    }

    /// The first of the turn's resolution lines not yet taken that `pick` accepts, leaving it to be
    /// taken.
    pub fn find_claim(&self, pick: impl Fn(&Event) -> bool) -> Option<&Event> {
        self.progress.find(pick)
    }

    /// Whether one of the turn's resolution lines not yet taken satisfies `pick`.
    pub fn claims_left(&self, pick: impl Fn(&Event) -> bool) -> bool {
        self.progress.has(pick)
    }

    /// Where the first of the turn's resolution lines not yet taken that `pick` accepts stands,
    /// leaving it to be taken.
    pub fn claim_at(&self, pick: impl Fn(&Event) -> bool) -> Option<Span> {
        self.progress.at(pick)
    }

    /// Go: the player takes another turn at once.
    pub fn extra_turn(&mut self) {
        self.progress.extra_turn = true;
    }

    /// Skip: the next player loses the turn.
    pub fn skip(&mut self) {
        self.progress.skips += 1;
    }

    /// Allows one more play this turn (`?`: any card), beyond the one-card rule.
    pub fn allow_play(&mut self, card: Card) {
        self.progress.allowed.push(card);
    }

    /// Rescue: the card went from the discard pile to the hand; unless played this turn it goes
    /// on top of the deck.
    pub fn rescued(&mut self, card: Card) {
        self.progress.rescued = Some(card);
        self.progress.allowed.push(card);
    }

    /// Copy: uses `card`'s power as the player's own, with `choices`.
    pub fn use_copied(&mut self, card: &Card, choices: &[Choice]) {
        let (player, span) = (self.player, self.span);
        self.r.use_borrowed(player, card, choices, span, self.progress, "copied");
    }

    /// Sabotage: the discarded card's power may be activated by a later step of the turn;
    /// `doubtful` names the player who discarded it when only a line that may be the activated
    /// power's own names it (ruling R36).
    pub fn sabotaged(&mut self, card: Card, doubtful: Option<PlayerId>) {
        self.progress.sabotaged = Some(card);
        self.progress.sabotage_doubtful = doubtful;
    }

    /// Score: `target`'s next turn's first play will score for the player.
    pub fn awaits(&mut self, target: PlayerId) {
        if target == self.player {
            self.progress.awaits.push(self.player);
        }
        self.emit(Event::Awaits { player: self.player, target });
    }

    pub fn froze(&mut self, power: PowerSpec) {
        self.progress.froze.push(power);
    }

    /// Replay: the turn may (and, if the pile allows, must) replay a card.
    pub fn open_replay(&mut self) {
        self.progress.replay_open = true;
    }

    /// What `power` did from here cannot be followed (another power not followed yet may act, or
    /// the log leaves out what decides it): the rest of the turn is the table's word.
    pub fn unfollowed(&mut self, power: crate::model::Power, why: &str) {
        let spec = PowerSpec::Single(power);
        self.report(
            Diagnostic::new(Code::PowerUnverified, self.span, format!("effects of {power} not checked"))
                .label(why.to_string())
                .help("what the power could have changed is taken from the log until it can be checked again"),
        );
        // A Copy may have copied a Score, and a compound's two halves (for Dabo).
        if power == Power::Copy {
            self.r.may_have_scored_on(self.player, self.choices, self.progress);
            self.progress.activations += 2;
        }
        self.emit(Event::Unverified { player: self.player, power: spec });
        self.r.may_have_decked(self.player, &spec, self.choices);
        self.progress.fogged = true;
    }

    /// Checks cards the log says came off the top of `p`'s deck, in order, against what is known
    /// of the deck's top (R0601).
    pub fn check_deck_top(&mut self, p: PlayerId, cards: &[Card], span: Span) {
        if let Some(bad) = self.off_deck_top(p, cards) {
            let name = self.name(p);
            self.report(
                Diagnostic::new(Code::Misresolved, span, format!("{bad} cannot come off the top of {name}'s deck"))
                    .label("not the deck's top cards"),
            );
        }
    }

    /// The first of `cards` that cannot come off the top of `p`'s deck in that order, if one
    /// cannot (`Card::Unknown` stands for any card).
    pub fn off_deck_top(&self, p: PlayerId, cards: &[Card]) -> Option<Card> {
        let deck = &self.state().player(p).deck;
        let unknown = deck.top.is_empty() && deck.middle.known.is_empty();
        match cards {
            [card] => (!deck.could_draw(card)).then_some(*card),
            // Each card comes from a middle of unknown cards: any card can.
            _ if unknown && (deck.middle.unbounded || deck.middle.unknown as usize >= cards.len()) => None,
            _ => {
                let mut deck = deck.clone();
                cards.iter().find(|c| deck.draw(c).is_err()).copied()
            }
        }
    }

    /// Reports a card the log has `p` give from hand that the hand cannot hold; `at` is the line
    /// that names it (the power's step when none does).
    pub fn check_held(&mut self, p: PlayerId, card: &Card, at: Option<Span>) -> Card {
        self.r.check_held(p, card, at.unwrap_or(self.span), "")
    }

    /// As [`Self::check_held`], for the card a power's own choice (at `at`) has `p` give from hand
    /// for `what` (" to discard it").
    pub fn held_for(&mut self, p: PlayerId, card: &Card, at: Span, what: &str) -> Card {
        self.r.check_held(p, card, at, what)
    }

    /// As [`Self::held_for`], for the second of two cards a power's choice has `p` give from hand
    /// at once: the hand must hold it besides `first` (two copies, where the two are alike).
    /// Returns the card to read, as [`Self::held_for`] does.
    pub fn held_besides(&mut self, p: PlayerId, first: &Card, card: &Card, at: Span, what: &str) -> Card {
        let mut hand = self.r.state.player(p).hand.clone();
        // A hand that cannot give `first` is another report's; a card misnamed where it was
        // reported, or one an unwritten draw on a passed turn may have given, may be the second.
        if hand.take(first).is_err()
            || hand.could_hold(card)
            || self.r.misnamed_in_hand(p, card)
            || self.r.passed_turns.contains(&p)
        {
            return *card;
        }
        let read = renumbered(card, |m| hand.could_hold(m));
        let who = self.name(p);
        let message = if card == first {
            format!("{who} cannot hold two of {card}{what}")
        } else {
            format!("{who} cannot hold {card} besides {first}{what}")
        };
        let d = Diagnostic::new(Code::NotInHand, at, message);
        let held = if card == first { "the hand holds one, not two" } else { "the hand holds one of them, not both" };
        self.r.report_not_held(p, card, d, read, held)
    }

    /// Reports a card a power's choice (at `at`) takes from `p`'s discard pile that the pile cannot
    /// hold. Returns the card to read: the one written, or, where exactly one card of the same power
    /// and another number may be in the pile, that card, its number taken to be miswritten, or the
    /// card its misspelt power's name means where the pile may hold it (ruling R4), so that the
    /// cards go on from the card the table took.
    pub fn check_discarded(&mut self, p: PlayerId, card: &Card, at: Span, help: &str) -> Card {
        let discard = &self.r.state.player(p).discard;
        if discard.could_hold(card) {
            return *card;
        }
        if let Some(misfit) = self.misnamed_in_discard(p, card) {
            return misfit;
        }
        let read =
            renumbered(card, |m| discard.could_hold(m)).or_else(|| respelled(card).filter(|m| discard.could_hold(m)));
        let name = self.name(p);
        let d = Diagnostic::new(Code::NotInDiscard, at, format!("{name}'s discard pile cannot hold {card}"));
        match read {
            Some(read) => {
                let word = miswritten_word(card, &read);
                self.report(d.label(format!("read as {read}")).help(format!(
                    "the discard pile holds a {read}: the {word} seems miswritten, and the card is read as it"
                )));
                read
            }
            None => {
                self.report(d.label("not in the discard pile").help(help));
                *card
            }
        }
    }

    /// The card `p`'s discard pile holds that was reported as one the decklist cannot have (R0401)
    /// and is one word off `card`, a card the pile cannot hold: the card a line naming `card` takes
    /// from the pile, misnamed where it was reported (ruling R4).
    pub fn misnamed_in_discard(&self, p: PlayerId, card: &Card) -> Option<Card> {
        let discard = &self.r.state.player(p).discard;
        self.r.misnamed_as(p, card, |m| discard.known.contains(m))
    }

    /// `p` played `card` outside the turn's own steps (Stampede): a Qapla' empties the pot, and a
    /// card of the active trouble's power shifts it.
    pub fn played(&mut self, p: PlayerId, card: &Card) {
        self.r.pot_on_play(p, card, self.progress);
        self.r.trouble_after_play(card, self.progress);
    }

    /// SHIFT, RESET: the active trouble changes.
    pub fn shift_trouble(&mut self) {
        self.r.trouble_shift(self.progress);
    }

    /// Checks a player's decklist after a card of theirs became known.
    pub fn check_card(&mut self, p: PlayerId, card: &Card, span: Span) {
        self.r.check_card(p, card, span);
    }

    /// Whether `card` can be the top of `p`'s deck by the decklist as well as by the deck's order.
    pub fn deck_top_admits(&self, p: PlayerId, card: &Card) -> bool {
        self.r.deck_top_admits(p, card)
    }
}
