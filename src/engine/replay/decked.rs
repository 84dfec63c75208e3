//! Players decked unseen (ruling R2): a player taken to have been decked at the deal or by a draw
//! the log does not call decking, the inference withdrawn when the player plays after all, and
//! the questions the turn asks of it (may this player have been decked, is the deal in doubt).

use super::{InferredDecked, Referee};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::model::log::{CardCount, CardCounts, Ruleset, Zone};
use crate::model::{Card, PlayerId, Span};

impl<'a> Referee<'a> {
    /// Takes a player to have been decked at the deal (ruling R2): out of the round, the hand
    /// discarded then, until the player plays after all.
    pub(in crate::engine) fn infer_decked_at_deal(&mut self, mut d: InferredDecked) {
        let hand = &self.state.player(d.player).hand;
        (d.hand, d.hand_unknown, d.hand_unbounded) = (hand.known.clone(), hand.unknown, hand.unbounded);
        self.emit(self.decked_unseen_event(d.player));
        self.inferred_decked.push(d);
    }

    /// The note for a player taken to have been decked at the deal (R0705), or by a draw the log
    /// did not say decked them (R0707), labelled with why.
    pub(in crate::engine) fn decked_at_deal_note(&self, q: PlayerId, span: Span, why: String) -> Diagnostic {
        let name = self.name(q);
        let (code, message) = if self.drew_unseen.contains(&q) {
            (
                Code::DeckedUnseen,
                format!(
                    "{name} is taken to have been decked by a draw the log does not name, from a deck of unknown size"
                ),
            )
        } else {
            (Code::DeckedAtDeal, format!("{name} takes no turn: taken to have been decked at the deal"))
        };
        Diagnostic::new(code, span, message).label(why)
    }

    /// The event for a player taken to have been decked unseen: at the deal, or by a draw.
    fn decked_unseen_event(&self, q: PlayerId) -> Event {
        if self.drew_unseen.contains(&q) { Event::DeckedUnseen(q) } else { Event::DeckedAtDeal(q) }
    }

    /// Withdraws the inference: the player is back in, with the hand as the referee had it.
    /// `settled`: the player surely took part, so was surely not decked at the deal; otherwise
    /// neither reading is taken (the round ends with it unsettled).
    pub(in crate::engine) fn withdraw_decked(&mut self, d: &InferredDecked, settled: bool) {
        self.emit(Event::Rejoins(d.player));
        // Had the player been decked at the deal, the hand went to the discard pile, and cards
        // have left that pile since (into the deck, out of the game); if not, it is in the hand.
        // It is counted in neither (long position cut 4806794, where a Recycle at the player
        // came between).
        let lost = d.discard_moved && !settled;
        if !lost {
            self.restore_hand(d);
        }
        if lost || d.hand_unbounded || d.missed {
            self.emit(Event::HandUnknown(d.player));
        }
        if d.missed_pile {
            self.emit(Event::PileUnknown(d.player));
        }
        if d.missed {
            // What that power did with the player's hand and deck is not known: the cards it moved
            // may be in the discard pile or the pot (or the pile, above).
            self.emit(Event::DiscardsUnknown(d.player));
            self.emit(Event::PotUnknown);
        }
    }

    /// Puts back the hand the inference took to have been discarded at the deal.
    fn restore_hand(&mut self, d: &InferredDecked) {
        let mut cards: CardCounts = d.hand.iter().map(|c| CardCount::one(*c, Span::default())).collect();
        if d.hand_unknown > 0 {
            cards.push(CardCount { count: d.hand_unknown, owner: None, card: Card::Unknown, span: Span::default() });
        }
        if !cards.is_empty() {
            self.emit(Event::Puts {
                player: d.player,
                cards,
                to: crate::engine::event::Destination { place: crate::engine::event::Place::InHand, owner: None },
                from: crate::engine::event::Source { zone: Zone::Discard, owner: None },
            });
        }
    }

    /// Whether the player has taken a turn this round.
    pub(in crate::engine) fn has_taken_a_turn(&self, q: PlayerId) -> bool {
        self.took_turn.get(q.index()).copied().unwrap_or(false)
    }

    /// Whether some player still in may yet be taken to have been decked at the deal (ruling R2):
    /// the turns' lines that show players taking part are then worth reading.
    pub(in crate::engine) fn deal_in_doubt(&self) -> bool {
        if self.saw_deal && self.maybe_short.is_empty() {
            return false;
        }
        self.state.seating.iter().any(|q| self.state.player(*q).is_in() && self.may_have_been_decked(*q))
    }

    /// Whether the player is taken to have been decked (at the deal, or by a draw the log does
    /// not name), a reading a later line may withdraw (ruling R2).
    pub(in crate::engine) fn taken_decked(&self, q: PlayerId) -> bool {
        self.inferred_decked.iter().any(|d| d.player == q)
    }

    /// Whether the player, still in, without a turn this round and not shown taking part in it,
    /// may have been decked at the deal unseen: the deck's size is not known and it may have held
    /// fewer than seven cards (ruling R2).
    pub(in crate::engine) fn may_have_been_decked(&self, q: PlayerId) -> bool {
        if self.drew_unseen.contains(&q) {
            return true;
        }
        if self.has_taken_a_turn(q) || self.took_part.contains(&q) {
            return false;
        }
        // A TCC 2.1 deck holds at least 35 cards at the game's start, so round 1's deal decked
        // nobody (ruling R2), whatever a position block leaves unsaid.
        if self.state.round == 1 && self.state.ruleset == Ruleset::Tcc21 {
            return false;
        }
        if self.saw_deal {
            // The deck as it was dealt from: a deck refilled since (Recycle) may be long now.
            return self.maybe_short.contains(&q);
        }
        let deck = &self.state.player(q).deck;
        deck.len().is_none() && deck.min_len() < 7
    }

    /// When every player still in but one may have been decked at the deal unseen (ruling R2),
    /// they are taken to have been, and the last one goes out with the whole hand (ruling R33):
    /// the round ends, or the table says that player went out, with nobody else in. `lone` is the
    /// player the table says went out, if it says so. Returns true when who went out cannot be
    /// told: every player still in may have been decked at the deal.
    pub(in crate::engine) fn last_standing_after_deal(&mut self, span: Span, lone: Option<PlayerId>) -> bool {
        if !self.went_out.is_empty() {
            return false;
        }
        let ins: Vec<PlayerId> = self.state.seating.iter().copied().filter(|q| self.state.player(*q).is_in()).collect();
        let (maybe, surely): (Vec<PlayerId>, Vec<PlayerId>) =
            ins.iter().partition(|q| Some(**q) != lone && self.may_have_been_decked(**q));
        match (surely.as_slice(), maybe.len()) {
            (_, 0) => false,
            // The one surely in holds a hand the referee cannot count and gave a card in the last
            // turn: it may have emptied it and gone out with the others still in. Neither
            // reading is taken.
            ([q], _) if self.may_have_emptied(*q) => lone.is_none(),
            ([q], _) if lone.is_none_or(|l| l == *q) => {
                for q in maybe {
                    let why = format!("the round ends before {}'s turn", self.name(q));
                    self.report(self.decked_at_deal_note(q, span, why));
                    self.emit(self.decked_unseen_event(q));
                }
                self.last_player_standing();
                false
            }
            ([], _) => true,
            _ => false,
        }
    }

    /// Whether `q`'s hand, which the referee cannot count, may have been emptied by a card it gave
    /// in the last turn (or the one ending), which was its own.
    fn may_have_emptied(&self, q: PlayerId) -> bool {
        let pl = self.state.player(q);
        let last = self.previous_turn.is_some_and(|(p, _)| p == q);
        last && pl.hand.len().is_none()
            && pl.hand.min_len() == 0
            && self.state.turns_passed.wrapping_sub(pl.hand_given_at) <= 1
    }
}
