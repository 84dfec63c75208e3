//! A card drawn: from a deck the referee may not know, a draw the log leaves out, and a player
//! who may have been decked unseen.

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Drawn, Event};
use crate::engine::replay::Referee;
use crate::engine::rules::{self, Verdict};
use crate::model::log::{CardAt, CardCount, StepKind};
use crate::model::{Card, PlayerId, Span};

use super::{Progress, could_take, one_word_off, respelled};

impl<'a> Referee<'a> {
    /// `p` draws a card the log left out, unless the deck is known to be empty: whether it did.
    pub(super) fn draw_left_out(&mut self, p: PlayerId) -> bool {
        if self.state.player(p).deck.is_empty() {
            return false;
        }
        self.emit(Event::Draws { player: p, drawn: crate::engine::event::Drawn::Count(1) });
        true
    }

    /// Whether `p` may have been decked unseen: by a card drawn unnamed from a deck that may have
    /// been empty (ruling R34), or, while the turn order is the table's after a power the referee
    /// does not follow (when such draws take nobody to have been decked), with a deck that may be
    /// empty now or that may have been at such a draw.
    pub(super) fn may_be_decked_unseen(&self, p: PlayerId) -> bool {
        let deck = &self.state.player(p).deck;
        self.drew_unseen.contains(&p)
            || self.state.fog.turn_order
                && (deck.len().is_none() && deck.min_len() == 0 || self.drew_unseen_fogged.contains(&p))
    }

    /// `p` drew unnamed from a deck that may have been empty (R34), `fog`: while the turn order is
    /// the table's (R35).
    pub(super) fn drew_unseen_from(&mut self, p: PlayerId, fog: bool) {
        let list = if fog { &mut self.drew_unseen_fogged } else { &mut self.drew_unseen };
        if !list.contains(&p) {
            list.push(p);
        }
    }

    /// A player shown not to have been decked by an unnamed draw (R34): at the table's turn, in a
    /// play, or taking part.
    pub(super) fn not_decked_by_a_draw(&mut self, p: PlayerId) {
        self.drew_unseen.retain(|q| *q != p);
        self.drew_unseen_fogged.retain(|q| *q != p);
    }

    pub(super) fn draw(
        &mut self,
        player: PlayerId,
        card: Option<&CardAt>,
        span: Span,
        progress: &mut Progress,
        table_decked: &[PlayerId],
    ) {
        let seen = card.map_or(Card::Unknown, |c| c.card);
        let at = card.map_or(span, |c| c.span);
        if !progress.fogged && (progress.played || progress.drew.is_some()) {
            self.report(
                Diagnostic::new(Code::SecondPlay, span, "a second draw or a draw after a play")
                    .label("one draw per turn, before any play")
                    .help("a turn is one card played, or one card drawn and then played or kept"),
            );
        }
        let deck = &self.state.player(player).deck;
        let empty = deck.is_empty();
        let says_decked = table_decked.contains(&player);
        if empty || (says_decked && deck.len().is_none()) {
            if card.is_some() && empty {
                let mut d =
                    Diagnostic::new(Code::DrawFromEmptyDeck, at, format!("{}'s deck is empty", self.name(player)))
                        .label("nothing to draw")
                        .help("a player who must draw from an empty deck is decked: the hand is discarded");
                if let Some((_, last)) = self.emptied.iter().find(|(p, _)| *p == player) {
                    d = d.related(*last, "this draw took the last card");
                }
                self.report(d);
            }
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            progress.decked = true;
            return;
        }
        // A card drawn unnamed from a deck that may have been empty may have decked the player,
        // which a log may leave out (R0707). (After a power the referee does not follow, the
        // turn order and who went out are the table's already.)
        let fog = progress.fogged || self.state.fog.turn_order;
        let may_be_empty = deck.len().is_none() && deck.min_len() == 0;
        if card.is_none() && !says_decked && may_be_empty {
            self.drew_unseen_from(player, fog);
        }
        let deck = &self.state.player(player).deck;
        if says_decked && !progress.fogged && !self.decked_as_table {
            let n = deck.len().unwrap_or(0);
            self.report(
                Diagnostic::new(
                    Code::NotDecked,
                    at,
                    format!("{}'s deck still holds {n} card{}", self.name(player), crate::diagnostics::plural(n)),
                )
                .label("not decked")
                .help("only a draw from an empty deck decks a player"),
            );
        }
        if says_decked && self.decked_as_table && !progress.fogged {
            // Read as the table has it (ruling R4): the deck's last cards went to the hand in
            // draws the log leaves out, and this draw, from the empty deck, decks the player.
            let n = self.state.player(player).deck.len().unwrap_or(0);
            self.emit(Event::Draws { player, drawn: Drawn::Count(n) });
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            progress.decked = true;
            return;
        }
        let mut seen = seen;
        if let Some((played, by_choices)) = self.drawn_as_played(player, &seen, span, progress) {
            let name = self.name(player);
            let why = if by_choices { "could not be used with the play's choices" } else { "could not be both" };
            self.report(
                Diagnostic::new(Code::NotTheDrawnCard, at, format!("{name} drew {seen} but plays {played}"))
                    .label(format!("read as {played}, the card played"))
                    .help(format!(
                        "after drawing, only the drawn card may be played; {played} could have been drawn and \
                         follows the chain, and {seen} {why}: the draw's card is read as the one played"
                    )),
            );
            seen = played;
        }
        let deck = &self.state.player(player).deck;
        let mut reported = false;
        // A card the deck cannot give, one word off a card reported as one the decklist cannot
        // have that it may give: that card, misnamed where it was reported.
        let undrawable = !progress.fogged && !deck.could_draw(&seen);
        if let Some(misfit) = undrawable.then(|| self.misnamed_as(player, &seen, |m| deck.could_draw(m))).flatten() {
            seen = misfit;
        } else if undrawable {
            // A top known to be a card of the same power as the one written, another number: the
            // number was miswritten (ruling R4), and the draw is read as the top. (Another power
            // may be another card taken: one put beneath the deck, say.)
            let same_power = |t: &Card| match (t, &seen) {
                (Card::Known { denomination: a, power: p }, Card::Known { denomination: b, power: q }) => {
                    a != b && p == q && p.is_known()
                }
                _ => false,
            };
            let top = deck.top.last().copied();
            let read = top.filter(same_power);
            let (label, help) = match (read, top) {
                (Some(top), _) => (
                    format!("the top card is {top}: read as it"),
                    format!(
                        "the card seems miswritten: the deck's top is known to be {top}, and the draw is read as it"
                    ),
                ),
                (None, Some(top)) => (
                    format!("the top card is {top}"),
                    "name the card that was drawn, or `draw` alone when it was not seen".to_string(),
                ),
                (None, None) => (
                    "the deck holds no such card".to_string(),
                    "name the card that was drawn, or `draw` alone when it was not seen".to_string(),
                ),
            };
            self.report(
                Diagnostic::new(
                    Code::NotDeckTop,
                    at,
                    format!("{seen} cannot be the top of {}'s deck", self.name(player)),
                )
                .label(label)
                .help(help),
            );
            // Unless read as the top, the card written is reported: not again for the decklist.
            reported = read.is_none();
            seen = read.unwrap_or(seen);
        } else if let Some(read) = (!progress.fogged).then(|| self.respelled_from_deck(player, &seen)).flatten() {
            let name = self.name(player);
            self.report(
                Diagnostic::new(Code::NotInDecklist, at, format!("{name}'s decklist has no {seen}"))
                    .label(format!("read as {read}"))
                    .help(format!(
                        "the power's name seems miswritten: the deck may give {read}, which the decklist holds, \
                         and the draw is read as it"
                    )),
            );
            seen = read;
        }
        self.emit(Event::Draws { player, drawn: Drawn::Cards(CardCount::one(seen, at).list()) });
        if self.state.player(player).deck.is_empty() {
            self.emptied.retain(|(p, _)| *p != player);
            self.emptied.push((player, at));
        }
        self.check_card_at(player, &seen, (!reported).then_some(at));
        progress.drew = Some(seen);
    }

    /// A drawn card whose power's name misspells another's (the parser warned of it) and which
    /// `p`'s decklist cannot give as written, where the deck may give the card of its number with
    /// the power meant: that card (ruling R4). Where the decklist allows the card as written, or
    /// no decklist is given, it may be a later set's card, and stays as written.
    fn respelled_from_deck(&self, p: PlayerId, seen: &Card) -> Option<Card> {
        let read = respelled(seen)?;
        let deck = &self.state.player(p).deck;
        (!self.deck_top_admits(p, seen) && deck.could_draw(&read) && self.deck_top_admits(p, &read)).then_some(read)
    }

    /// A draw naming `seen` (the turn's step at `span`), where the turn's next step plays another
    /// card, which must be the drawn one: when the two differ in one word, the card played could
    /// have been drawn and follows the chain, and the card written could not have been both (or
    /// could not have been used with the play's choices where the card played could), the draw's
    /// card was miswritten (ruling R4), and is the card played (with whether the choices showed
    /// it). Not where the hand may hold the card played, unless the card written cannot have been
    /// drawn at all: it may have been played from the hand, against the rules.
    fn drawn_as_played(&self, player: PlayerId, seen: &Card, span: Span, progress: &Progress) -> Option<(Card, bool)> {
        let fog = &self.state.fog;
        if progress.fogged || fog.cards || fog.next_play || progress.played || progress.drew.is_some() {
            return None;
        }
        let k = (progress.steps as usize).checked_sub(1)?;
        if progress.turn_steps.get(k).map(|s| s.span) != Some(span) || !matches!(seen, Card::Known { .. }) {
            return None;
        }
        let StepKind::Play { card: played, used } = &progress.turn_steps.get(k + 1)?.kind else { return None };
        let played = played.card;
        if !one_word_off(seen, &played) {
            return None;
        }
        let pl = self.state.player(player);
        let drawable = |c: &Card| pl.deck.could_draw(c) && self.deck_top_admits(player, c);
        let follows =
            |c: &Card| rules::play_verdict(&self.state.chain, self.previous_activations(), c) != Verdict::Illegal;
        // A card the hand may hold may have been played from it, against the rules: not read,
        // unless the card written cannot have been drawn at all.
        if !drawable(&played) || !follows(&played) || pl.hand.could_hold(&played) && drawable(seen) {
            return None;
        }
        if !drawable(seen) || !follows(seen) {
            return Some((played, false));
        }
        // Where both could be, the play's choices may show which power was used.
        let takes = |c: &Card| match (c, used) {
            (Card::Known { power, .. }, Some(choices)) => could_take(power, choices),
            _ => true,
        };
        (takes(&played) && !takes(seen)).then_some((played, true))
    }
}
