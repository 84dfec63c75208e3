//! Whose turn it is: the turn order against the table's, a turn written early or twice, and
//! what a turn shows of players taken to have been decked at the deal (ruling R2).

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Event, Place};
use crate::engine::replay::{InferredDecked, Referee};
use crate::engine::rules::{self, Verdict};
use crate::engine::state::Status;
use crate::model::log::{ChoiceKind, Line, LineKind, StepKind, Turn, Zone};
use crate::model::{Card, PlayerId, Power, PowerSpec, Span};
use crate::powers;

use super::{ON_EVERYONE, played_unused};

/// What a power aimed at a player may show of that player's deck (ruling R2): `AIMED` for any
/// aimed power, and the kinds of line it may give: a draw (Draw), a discard from the deck
/// (Sabotage, Poison, a lost Battle), a reveal or a card put from the deck (Battle). A Copy, or a
/// card whose power is not known, may give any.
const AIMED: u8 = 1;
const DRAWS: u8 = 2;
const DISCARDS: u8 = 4;
const REVEALS: u8 = 8;

impl<'a> Referee<'a> {
    /// Reports the turn out of order written before the turn it displaced, which was read first
    /// ([`Self::swapped_turns`]), or before its own player's turn that came first
    /// ([`Self::swapped_own_turns`]).
    #[cold]
    pub(super) fn report_written_early(&mut self, turn: &Turn) {
        let Some((first, at)) = self.written_early.take() else { return };
        let (early, late) = (self.name(turn.player).to_string(), self.name(first).to_string());
        if first == turn.player {
            self.report(
                Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("{early}'s two turns are written in the wrong order"))
                    .label("read after the turn below")
                    .related(at, format!("{early}'s turn before it"))
                    .help(format!(
                        "{early}'s turn written below comes first: read so, both turns follow, and the game goes on from them"
                    )),
            );
            return;
        }
        self.report(
            Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("it was {late}'s turn, not {early}'s"))
                .label(format!("expected {late}"))
                .related(at, format!("{late}'s turn, written after {early}'s"))
                .help(format!(
                    "the two lines are in the wrong order: {late}'s turn is read first, as the turn order has it"
                )),
        );
    }

    /// Checks that it is this player's turn; false when the turn must not be applied.
    pub(super) fn whose_turn(&mut self, turn: &Turn) -> bool {
        let player = turn.player;
        let reading = self.skip_reading.take();
        self.passed_over = 0;
        // A player at the table's turn was not decked by an earlier draw.
        self.not_decked_by_a_draw(player);
        let mut status = self.state.player(player).status;
        let only_skipped = turn.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        if only_skipped && (self.last_skipped == Some(player) || self.state.fog.turn_order) {
            return true;
        }
        // The table says the Skip fell on a player taken to have been decked at the deal, whose
        // other reading has the player the Skip fell on decked instead: that reading it is.
        if only_skipped
            && self.last_skipped.is_some()
            && self.inferred_decked.iter().any(|d| d.player == player && d.instead == self.last_skipped)
        {
            self.withdraw_inference(player, turn.player_span, "is skipped");
            self.emit(Event::IsSkipped(player));
            self.last_skipped = Some(player);
            return true;
        }
        // The table says the Skip fell on this player, further on than the rules put it: the
        // players it passed over may have been decked at the deal already (ruling R2).
        let fell_here = reading
            .filter(|_| only_skipped && self.last_skipped != Some(player) && !self.state.fog.turn_order)
            .and_then(|(mover, from, skips)| self.skips_read_to((mover, from, skips.saturating_sub(1)), player));
        if let Some((decked, skipped, instead)) = fell_here {
            let why = |r: &Self, _| format!("the Skip fell on {}", r.name(player));
            let expected = self.state.next.unwrap_or(player);
            self.passed_by_skips((decked, instead), (player, expected), turn.player_span, why);
            for s in skipped.iter().chain([&player]) {
                self.emit(Event::IsSkipped(*s));
            }
            self.last_skipped = Some(player);
            if let Some(next) = self.state.next_in_turn(player) {
                self.emit(Event::IsNext(next));
            }
            return true;
        }
        if !self.went_out.is_empty() && !self.missed_go_out {
            self.missed_go_out = true;
            let out = self.went_out.iter().map(|p| self.name(*p).to_string()).collect::<Vec<_>>().join(" and ");
            self.report(
                Diagnostic::new(Code::RoundOver, turn.player_span, format!("{out} went out: the round was over"))
                    .label("this turn comes after the end of the round")
                    .help("a player with no cards in hand at the end of a turn goes out and the round ends"),
            );
            // Carry on as the table played: the round goes on. A player taken to have gone out on
            // a count of cards nobody saw did not: the count was short (a draw the log left out,
            // the likelier slip; with an empty deck, the hand and deck are no longer counted),
            // and the player is back in at once (ruling R4). One whose last cards were seen did
            // go out, and is back in only on playing again (below).
            for q in std::mem::take(&mut self.out_on_count) {
                if self.went_out.contains(&q) && self.state.player(q).status == Status::Out {
                    self.went_out.retain(|p| *p != q);
                    self.emit(Event::Rejoins(q));
                    if !self.draw_left_out(q) {
                        self.emit(Event::HandUnknown(q));
                    }
                }
            }
            status = self.state.player(player).status;
            self.emit(Event::IsNext(player));
        }
        // A player taken to have been decked at the deal plays after all.
        if self.taken_decked(player) {
            self.withdraw_inference(player, turn.player_span, "plays");
            self.emit(Event::IsNext(player));
            return true;
        }
        // The table played on past a going out (reported once, above), and the player the
        // referee took to have gone out plays too: its count of the hand was short, and the table
        // is followed. The player is back in, having drawn the card the log left out (the likelier
        // slip; with an empty deck, the hand and deck are no longer counted), and has the turn if
        // it is the player's seat that comes next.
        if status == Status::Out && self.missed_go_out && self.went_out.contains(&player) {
            self.went_out.retain(|q| *q != player);
            self.emit(Event::Rejoins(player));
            if !self.draw_left_out(player) {
                self.emit(Event::HandUnknown(player));
            }
            status = Status::In;
            let last = self.previous_turn.map(|(p, _)| p);
            // Or where the player's seat comes just before the one the turn order passed to: the
            // turns since passed over the seat only as the player's, out (a Skip that fell on the
            // next seat, say).
            let passed_over = last != Some(player)
                && self.state.next.is_some()
                && self.state.next_toward(player, self.state.direction) == self.state.next;
            if passed_over || last.is_some_and(|p| self.state.next_in_turn(p) == Some(player)) {
                self.emit(Event::IsNext(player));
            }
        }
        if status != Status::In && !(status == Status::Out && self.missed_go_out) {
            let why = match status {
                Status::Decked => "is decked and out for the rest of the round",
                Status::SittingOut => "sits out this round",
                Status::Out | Status::In => "has gone out",
            };
            self.report(
                Diagnostic::new(Code::NotInRound, turn.player_span, format!("{} {why}", self.name(player)))
                    .label("takes no turns this round")
                    .help("the turn is not applied"),
            );
            return false;
        }
        // Past two turns out of order this round that no reading explains, the table's order is
        // followed to the round's end (ruling R4).
        if self.table_order && self.state.next != Some(player) && !self.state.fog.turn_order {
            self.emit(Event::IsNext(player));
            self.displaced = None;
            self.reversal = None;
        }
        // After a turn out of order that a change of direction the log leaves out would explain, a
        // turn that only that reading allows shows the table went the other way round: the referee
        // follows it, the slip having been reported at that turn (ruling R4).
        if let Some(next) = self.reversal.take() {
            if !self.state.fog.turn_order && next == player {
                if self.state.next == Some(player) || self.displaced.is_some_and(|(d, _)| d == player) {
                    self.reversal_armed = true;
                } else {
                    self.emit(Event::DirectionReverses);
                    self.emit(Event::IsNext(player));
                    self.displaced = None;
                    self.resume_after = None;
                }
            }
        }
        // The player whose turn an out-of-turn play took may still play next: the table's slip is
        // reported once, at the turn that jumped the queue. Only next: once another player has
        // followed the one who jumped the queue, the table has carried on from there, and the
        // displaced player plays again in turn.
        if let Some((displaced, jumper)) = self.displaced.take() {
            if displaced == player {
                self.resume_after = Some(jumper);
                return true;
            }
        }
        // The last turn's Skips give this player the turn if some players they passed over were
        // decked at the deal (ruling R2).
        let read = reading.filter(|_| {
            self.state.next != Some(player) && !self.state.fog.turn_order && self.state.player(player).is_in()
        });
        if let Some((decked, skipped, instead)) = read.and_then(|r| self.skips_read_to(r, player)) {
            let why = |r: &Self, q| format!("the Skip passed {} by", r.name(q));
            let expected = self.state.next.unwrap_or(player);
            self.passed_by_skips((decked, instead), (player, expected), turn.player_span, why);
            for s in &skipped {
                if self.last_skipped != Some(*s) {
                    self.emit(Event::IsSkipped(*s));
                }
            }
            self.last_skipped = skipped.last().copied();
            self.emit(Event::IsNext(player));
        }
        // A player whose deck size is unknown and who has not played this round may have been
        // decked at the deal (ruling R2), which no line records: pass over such players rather
        // than accuse the table.
        while let Some(expected) = self.state.next.filter(|e| *e != player) {
            let reaches = self.state.next_in_turn(expected) == Some(player)
                || self
                    .state
                    .next_in_turn(expected)
                    .is_some_and(|n| n != player && (!self.has_taken_a_turn(n) || self.drew_unseen.contains(&n)));
            if !reaches || self.state.fog.turn_order || !self.state.player(player).is_in() {
                break;
            }
            if !self.may_have_been_decked(expected) {
                break;
            }
            // The player a Skip just passed over may have been the one decked at the deal: the
            // Skip then fell on `expected` (kept in mind in case `expected` plays after all).
            let skipped = self
                .last_skipped
                .filter(|s| *s != expected && self.state.player(*s).is_in() && self.may_have_been_decked(*s));
            let why = format!("{}'s turn is passed over", self.name(expected));
            self.report(self.decked_at_deal_note(expected, turn.player_span, why));
            // If the player plays after all, the inference is withdrawn.
            self.infer_decked_at_deal(InferredDecked::new(expected, player, turn.player_span, expected, skipped));
            match self.state.next_in_turn(expected) {
                Some(n) => self.emit(Event::IsNext(n)),
                None => break,
            }
        }
        // A flag a player, however long the round: it is asked on every turn out of order.
        if self.took_turn.len() <= player.index() {
            self.took_turn.resize(player.index() + 1, false);
        }
        self.took_turn[player.index()] = true;
        // A player who takes a turn was in when the last Skips passed: not the one they passed
        // over decked, whatever that player's unseen draws did to them since.
        for d in &mut self.inferred_decked {
            if d.instead == Some(player) {
                d.instead = None;
            }
        }
        match self.state.next {
            Some(expected) if expected != player => {
                if self.state.fog.turn_order {
                    if !self.noted_turn_order {
                        self.noted_turn_order = true;
                        self.report(
                            Diagnostic::new(
                                Code::TurnOrderUnverified,
                                turn.player_span,
                                "the turn order is not checked for the rest of the round",
                            )
                            .label("after a power whose effects are not followed"),
                        );
                    }
                } else if let Some(first) = self.written_twice(turn) {
                    // The same turn as the line before, by the same player, out of turn: one turn
                    // written twice. Applying it again would report its cards as well.
                    let expected = format!("expected {}", self.name(expected));
                    self.report_written_twice(turn, first, expected, self.turn_order_help());
                    return false;
                } else {
                    let mut d = Diagnostic::new(
                        Code::OutOfTurn,
                        turn.player_span,
                        format!("it was {}'s turn, not {}'s", self.name(expected), self.name(player)),
                    )
                    .label(format!("expected {}", self.name(expected)));
                    d = self.other_way_round(d, player, expected);
                    self.out_of_order += 1;
                    if self.out_of_order >= 2 {
                        self.table_order = true;
                        let more =
                            "a second turn out of order this round: the table's order is followed to the round's end";
                        d.help = Some(match d.help.take() {
                            Some(h) => format!("{h}; {more}"),
                            None => more.to_string(),
                        });
                    }
                    self.report(d);
                    self.displaced = Some((expected, player));
                    // The turns passed over, from the expected player's on.
                    let mut at = Some(expected);
                    while let Some(q) = at.filter(|q| *q != player) {
                        if self.passed_over as usize >= self.state.seating.len() {
                            break;
                        }
                        self.passed_over += 1;
                        self.passed_turns.push(q);
                        at = self.state.next_in_turn(q);
                    }
                }
                self.emit(Event::IsNext(player));
            }
            _ => {}
        }
        true
    }

    /// A turn whose lines show a player taken to have been decked at the deal taking part: that
    /// player was in after all. A decked player has no hand, so a card played, put or discarded
    /// from the hand shows it, as does the player's going out or being skipped; a draw, or a card
    /// moved from the deck, shows it under a power that acts on every player still in (or may: a
    /// Copy, a Sabotage's activation, a replay) unless a power of the turn was aimed at the player
    /// (a decked player is a valid target), or under any power while the deck has gained nothing
    /// since the deal (the deal emptied a decked player's deck; only a Recycle or the like refills
    /// it).
    pub(super) fn inferences_met(&mut self, turn: &Turn, lines: &[Line]) {
        let on_everyone = turn.steps.iter().any(|s| match &s.kind {
            StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, .. } => card.card.may_have(&ON_EVERYONE),
            StepKind::Activate(_) => true,
            _ => false,
        });
        // The players a power of the turn was aimed at, with the kinds of deck lines that power
        // may have given for them: a decked player is a valid target (TCC 2.1, Advanced Rules:
        // "Decked"), so what the aimed power (a card of unknown power, an activation) did to that
        // player's deck does not show the player in. A line that power cannot give (a Qapla's
        // card under the pile, when the power aimed was a Sabotage) still does.
        let aimed: Vec<(PlayerId, u8)> =
            turn.steps
                .iter()
                .flat_map(|s| {
                    let (choices, reach) = match &s.kind {
                        StepKind::Play { card, used: Some(choices) }
                        | StepKind::Replay { card, used: Some(choices) } => (&choices[..], deck_reach(&card.card)),
                        StepKind::Activate(choices) => (&choices[..], AIMED | DRAWS | DISCARDS | REVEALS),
                        _ => (&[][..], 0),
                    };
                    choices.iter().filter_map(move |c| match c.kind {
                        ChoiceKind::Player(p) => Some((p, reach)),
                        _ => None,
                    })
                })
                .collect();
        let reach_at = |q: &PlayerId| aimed.iter().filter(|(p, _)| p == q).fold(0, |m, (_, r)| m | r);
        let on_everyone_at = |q: &PlayerId, kind: u8| on_everyone && reach_at(q) & kind == 0;
        // A turn whose only power used is a known Toxin: a player whose pile holds no Discard
        // card reveals nothing for it, in the round or out, so a line revealing cards for that
        // player shows nothing and is left to the Toxin (a line the rules do not give).
        let toxin_only = on_everyone
            && turn.steps.iter().all(|s| match &s.kind {
                StepKind::Play { card, used: Some(_) } => {
                    card.card.power().is_some_and(|p| *p == PowerSpec::Single(Power::Toxin))
                }
                StepKind::Activate(_) | StepKind::Replay { .. } => false,
                _ => true,
            });
        // Decks that gained a card earlier in the turn.
        let mut gained: Vec<PlayerId> = Vec::new();
        for l in lines {
            let LineKind::Resolution(e) = &l.kind else { continue };
            // (Not for a player who may be sitting the round out: that deck was never dealt from.)
            let unfilled = |q: PlayerId| {
                !self.state.player(q).deck_gained && !gained.contains(&q) && !self.may_sit_out.contains(&q)
            };
            // A decked player's hand was discarded; it holds cards again only if a power aimed at
            // the player drew them from a deck refilled since (ruling R12), and only a power aimed
            // at the player reaches them there (R20), onto the pile, beneath it or into the
            // discard pile (a Utilize, a Replicate's extra card, which goes where the Replicate
            // went: beneath the pile when a Battle kept it, long redaction 1607609/2). A hand put
            // beneath the deck (a poisoned Antidote's) is a going out, which no decked player
            // does, and the pot takes cards only from the hands of players still in (Ante), even
            // in a turn whose power is aimed at the player (long cut 1520651): both show the
            // player in.
            // (Only for a player already taken to have been decked: one an unseen draw may have
            // decked, not yet taken so, is shown in as before.)
            let handless = |q: PlayerId| {
                reach_at(&q) == 0 || !self.taken_decked(q) || !self.state.player(q).deck_gained && !gained.contains(&q)
            };
            let reveals_nothing = |q: PlayerId| {
                toxin_only && self.taken_decked(q) && powers::toxin::discards(self.state.player(q)) == Some(0)
            };
            let actor = match e {
                Event::Reveals { player, .. } | Event::Draws { player, .. } if reveals_nothing(*player) => None,
                Event::Plays { player, .. } => Some(*player),
                Event::Puts { player, from, to, .. } if from.zone == Zone::Hand && from.owner.is_none() => {
                    (matches!(to.place, Place::UnderDeck | Place::InPot) || handless(*player)).then_some(*player)
                }
                Event::Discards { player, from: Zone::Hand, .. } => handless(*player).then_some(*player),
                // Going out takes a player still in; a decked one is passed over, not skipped.
                Event::GoesOut(player) | Event::IsSkipped(player) => Some(*player),
                // A decked player keeps the discard and play piles, which a power may still reach
                // (Rival's name): only the deck shows the player in.
                Event::Draws { player, .. } if on_everyone_at(player, DRAWS) => Some(*player),
                Event::Discards { player, from: Zone::Deck, .. } if on_everyone_at(player, DISCARDS) => Some(*player),
                Event::Reveals { player, .. } if on_everyone_at(player, REVEALS) => Some(*player),
                Event::Puts { player, from, .. }
                    if on_everyone_at(player, REVEALS) && from.zone == Zone::Deck && from.owner.is_none() =>
                {
                    Some(*player)
                }
                // Under any power, a card leaving a deck that has gained none since the deal: a
                // deal that decked its player would have emptied it.
                Event::Draws { player, drawn } => (drawn.count() > 0 && unfilled(*player)).then_some(*player),
                // (Every power reveals from the top of a deck: Battle, Toxin, Qapla'.)
                Event::Discards { player, from: Zone::Deck, cards } | Event::Reveals { player, cards } => {
                    (!cards.is_empty() && unfilled(*player)).then_some(*player)
                }
                Event::Puts { player, from, cards, .. } if from.zone == Zone::Deck => {
                    let owner = from.owner.unwrap_or(*player);
                    (!cards.is_empty() && unfilled(owner)).then_some(owner)
                }
                _ => None,
            };
            match e {
                Event::Puts { player, to, .. } if matches!(to.place, Place::OnDeck | Place::UnderDeck) => {
                    gained.push(to.owner.unwrap_or(*player));
                }
                // A pile shuffled away sends its guests home to their decks.
                Event::Shuffles { from: Zone::Pile, .. } => gained.extend(self.state.seating.iter().copied()),
                Event::Shuffles { player, .. } => gained.push(*player),
                _ => {}
            }
            let Some(actor) = actor else { continue };
            if !self.took_part.contains(&actor) {
                self.took_part.push(actor);
            }
            // Nor was the player decked by an unseen draw (R34).
            self.not_decked_by_a_draw(actor);
            if self.taken_decked(actor) {
                self.withdraw_inference(actor, l.span, "takes part");
            }
        }
    }

    /// Each Score waiting on `target` may have lapsed with a turn passed over, or may still pay
    /// out: whether it did is the table's, a line that can be its score taken as it.
    pub(super) fn score_in_doubt_on(&mut self, target: PlayerId) {
        let waiting: Vec<PlayerId> =
            self.state.awaiting.iter().filter(|(_, t)| *t == target).map(|(by, _)| *by).collect();
        for by in waiting {
            self.emit(Event::StopsAwaiting { player: by, target });
            self.emit(Event::ScoreUnverified(by));
            if !self.maybe_awaiting.contains(&(by, target)) {
                self.maybe_awaiting.push((by, target));
            }
        }
    }

    /// A player taken to have been decked at the deal takes part after all (`how`, at `at`): the
    /// turn that passed over them was out of turn, which is now certain, unless the player a
    /// Skip passed over then may have been the one decked at the deal instead.
    pub(super) fn withdraw_inference(&mut self, player: PlayerId, at: Span, how: &str) {
        let Some(k) = self.inferred_decked.iter().position(|d| d.player == player) else { return };
        let withdrawn = self.inferred_decked.remove(k);
        self.not_decked_by_a_draw(player);
        let InferredDecked { jumper, span, expected, instead, .. } = withdrawn;
        self.withdraw_decked(&withdrawn, true);
        let why = format!("{} {how} later, so was not decked", self.name(player));
        if let Some(other) = instead.filter(|o| self.state.player(*o).is_in() && self.may_have_been_decked(*o)) {
            // The Skip passed over this player, whose next turn a Score may have waited on: it
            // lapsed with the turn (ruling R22), unless it was made after the Skip.
            self.score_in_doubt_on(player);
            let fell = format!("the Skip fell on {}", self.name(player));
            self.report(self.decked_at_deal_note(other, span, fell).related(at, why));
            self.infer_decked_at_deal(InferredDecked::new(other, jumper, span, expected, None));
            return;
        }
        // A later turn has taken the other player to have been decked already (at the deal, or by
        // a draw the log does not name before the Skips: that player has taken no turn since
        // them): that reading stands, and the Skip fell on this one.
        if let Some(other) = instead.filter(|o| self.taken_decked(*o)) {
            self.score_in_doubt_on(player);
            let fell = format!("the Skip fell on {}", self.name(player));
            self.report(self.decked_at_deal_note(other, span, fell).related(at, why));
            return;
        }
        self.report(
            Diagnostic::new(
                Code::OutOfTurn,
                span,
                format!("it was {}'s turn, not {}'s", self.name(expected), self.name(jumper)),
            )
            .label(format!("expected {}", self.name(expected)))
            .related(at, why)
            .help(self.turn_order_help()),
        );
    }

    /// Takes the players a reading of the last turn's Skips passed over to have been decked at
    /// the deal (a note each, labelled by `why`), `player`'s turn at `span` being the one the
    /// reading gives: the rules gave it to `expected`.
    pub(super) fn passed_by_skips(
        &mut self,
        (decked, instead): (Vec<PlayerId>, Option<PlayerId>),
        (player, expected): (PlayerId, PlayerId),
        span: Span,
        why: impl Fn(&Self, PlayerId) -> String,
    ) {
        for q in decked {
            self.report(self.decked_at_deal_note(q, span, why(self, q)));
            self.infer_decked_at_deal(InferredDecked::new(q, player, span, expected, instead));
        }
    }

    /// Another reading of the last turn's Skips that gives `target` the turn (ruling R2): the
    /// players between are the ones skipped, and the rest of them were decked at the deal unseen.
    /// Every player on the way but the skipped ones must be one who may have been. The skipped
    /// ones are those who surely play this round, then the nearest to `target`. Returns the
    /// players taken to have been decked, those skipped, and a skipped one who may have been
    /// decked instead (if one of the others plays after all, it was the one skipped).
    pub(super) fn skips_read_to(
        &self,
        (mover, from, skips): (PlayerId, PlayerId, u32),
        target: PlayerId,
    ) -> Option<(Vec<PlayerId>, Vec<PlayerId>, Option<PlayerId>)> {
        let mut way = Vec::new();
        let mut at = from;
        for _ in 0..self.state.seating.len() {
            let q = self.state.next_in_turn(at)?;
            at = q;
            if q == target {
                break;
            }
            if q == mover && from != mover && way.is_empty() {
                continue;
            }
            way.push(q);
        }
        if at != target {
            return None;
        }
        let skips = skips as usize;
        let surely = way.iter().filter(|q| !self.may_have_been_decked(**q)).count();
        if surely > skips || way.len() < skips {
            return None;
        }
        // The skipped: those who surely play, then the nearest to `target` of the others.
        let mut room = skips - surely;
        let mut skipped = vec![false; way.len()];
        for (k, q) in way.iter().enumerate().rev() {
            if !self.may_have_been_decked(*q) {
                skipped[k] = true;
            } else if room > 0 {
                skipped[k] = true;
                room -= 1;
            }
        }
        let instead = way.iter().zip(&skipped).find(|(q, s)| **s && self.may_have_been_decked(**q)).map(|(q, _)| *q);
        let (hit, decked): (Vec<_>, Vec<_>) = way.iter().zip(&skipped).partition(|(_, s)| **s);
        let decked: Vec<PlayerId> = decked.into_iter().map(|(q, _)| *q).collect();
        (!decked.is_empty()).then(|| (decked, hit.into_iter().map(|(q, _)| *q).collect(), instead))
    }

    /// The help of a turn out of order by `player`, when it was `expected`'s: the turn order, and
    /// whether play going the other way round would explain it, after the last turn or after a
    /// turn of `expected`'s the log leaves out. If so, the next turns may show the table went
    /// that way, and the referee is ready to follow it; a Reverse the last turn played without
    /// `use` is pointed out, and so is a Skip so played where `player` is the one after `expected`.
    fn other_way_round(&mut self, d: Diagnostic, player: PlayerId, expected: PlayerId) -> Diagnostic {
        let order = self.turn_order_help();
        let other = self.state.direction.reversed();
        let last = self.previous_turn.map(|(p, _)| p);
        let after_last = last.is_some_and(|p| self.state.next_toward(p, other) == Some(player));
        if !after_last && self.state.next_toward(expected, other) != Some(player) {
            let passed_over = self.state.next_toward(expected, self.state.direction) == Some(player);
            return match (self.unused(Power::Skip).filter(|_| passed_over), last) {
                (Some(card), Some(p)) => d.related(card, "played without `use`").help(format!(
                    "{order}; if {}'s Skip was used, write `use`: it passed over {} and {} was next",
                    self.name(p),
                    self.name(expected),
                    self.name(player)
                )),
                _ => d.help(order),
            };
        }
        self.reversal_armed = true;
        match (self.unused(Power::Reverse).filter(|_| after_last), last) {
            (Some(card), Some(p)) => d.related(card, "played without `use`").help(format!(
                "{order}; if {}'s Reverse was used, write `use`: play then went {} and {} was next",
                self.name(p),
                other.word(),
                self.name(player)
            )),
            _ => d.help(order),
        }
    }

    /// `d`, a report that nothing skipped `player`, pointing at a Skip the turn written just above
    /// played without `use`, where that turn's player had `player` next.
    #[cold]
    pub(super) fn unused_skip_before(&self, d: Diagnostic, player: PlayerId) -> Diagnostic {
        let Some((above, _)) = self.turn_before(self.line) else { return d };
        let LineKind::Turn(turn) = &self.log.lines[above].kind else { return d };
        let card = turn.steps.iter().find_map(|s| played_unused(s, Power::Skip));
        match card {
            Some(card) if self.state.next_toward(turn.player, self.state.direction) == Some(player) => {
                let help = format!(
                    "if {}'s Skip was used, write `use`: it skipped {}",
                    self.name(turn.player),
                    self.name(player)
                );
                let help = match &d.help {
                    Some(h) => format!("{h}; {help}"),
                    None => help,
                };
                d.related(card, "played without `use`").help(help)
            }
            _ => d,
        }
    }

    /// A card of the last turn applied with `power` among its powers, played without `use`.
    fn unused(&self, power: Power) -> Option<Span> {
        let LineKind::Turn(last) = &self.log.lines.get(self.last_turn_line?)?.kind else { return None };
        last.steps.iter().find_map(|s| played_unused(s, power))
    }

    /// Where the last turn applied was written, when it is the same turn as `turn` (the same
    /// player and steps, whatever the spacing).
    pub(super) fn written_twice(&self, turn: &Turn) -> Option<Span> {
        let line = self.log.lines.get(self.last_turn_line?)?;
        match &line.kind {
            LineKind::Turn(last) if last == turn => Some(line.span),
            _ => None,
        }
    }

    /// Reports `turn` as the turn at `first` written again (`label` on the repeat, `why` it cannot
    /// be a turn of its own leading the help).
    pub(super) fn report_written_twice(&mut self, turn: &Turn, first: Span, label: String, why: String) {
        let name = self.name(turn.player).to_string();
        self.report(
            Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("{name}'s turn is written twice"))
                .label(label)
                .related(first, "the same turn, the line before")
                .help(format!("{why}; the repeated line is not applied: remove it if {name} played the turn once")),
        );
    }

    /// Why `turn`, the same as the last turn applied, cannot be played again now: the round is
    /// over or its player out of it, its first card is not in the hand, or (drawn first or not)
    /// does not follow the chain. `None` when it could be, or when the referee cannot tell (cards
    /// moved unseen, the chain not known, a card a passed-over turn may have drawn).
    pub(super) fn cannot_repeat(&self, turn: &Turn) -> Option<String> {
        let player = turn.player;
        let name = self.name(player);
        // The turn before ended the round, or took its player out of it.
        if !self.went_out.is_empty() && !self.missed_go_out {
            return Some("the round was over".to_string());
        }
        let status = self.state.player(player).status;
        if status != Status::In && !self.taken_decked(player) && !(status == Status::Out && self.missed_go_out) {
            return Some(format!("{name} is out of the round"));
        }
        if self.state.fog.cards || self.state.fog.next_play || self.passed_turns.contains(&player) {
            return None;
        }
        let placed = turn.steps.iter().find_map(|s| match &s.kind {
            StepKind::Place(card) => Some(card),
            _ => None,
        });
        if let Some(card) = placed {
            if !self.state.player(player).hand.could_hold(&card.card) {
                return Some(format!("{name}'s hand holds no other {}", card.card));
            }
        }
        let (k, card) = turn.steps.iter().enumerate().find_map(|(k, s)| match &s.kind {
            StepKind::Play { card, .. } => Some((k, &card.card)),
            _ => None,
        })?;
        if k == 0 && !self.state.player(player).hand.could_hold(card) {
            return Some(format!("{name}'s hand holds no other {card}"));
        }
        let drew_first = turn.steps[..k]
            .iter()
            .all(|s| matches!(s.kind, StepKind::Draw { .. } | StepKind::ActionDraw(_) | StepKind::ActionLose(_)));
        let verdict = rules::play_verdict(&self.state.chain, self.previous_activations(), card);
        (drew_first && verdict == Verdict::Illegal).then(|| format!("{card} does not follow the chain now"))
    }

    fn turn_order_help(&self) -> String {
        let order = self
            .state
            .seating
            .iter()
            .filter(|q| self.state.player(**q).is_in())
            .map(|q| self.name(*q).to_string())
            .collect::<Vec<_>>()
            .join(", ");
        format!("play goes {} among the players still in: {order}", self.state.direction.word())
    }
}

fn deck_reach(card: &Card) -> u8 {
    let mut reach = AIMED;
    if card.may_have(&[Power::Draw, Power::Copy]) {
        reach |= DRAWS;
    }
    if card.may_have(&[Power::Sabotage, Power::Poison, Power::Battle, Power::Copy]) {
        reach |= DISCARDS;
    }
    if card.may_have(&[Power::Battle, Power::Copy]) {
        reach |= REVEALS;
    }
    reach
}
