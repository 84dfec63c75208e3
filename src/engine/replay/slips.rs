//! What the run loop asks of a group that drew reports before it tries a reading of a writing
//! slip (ruling R4): which report the group drew, at which turn, for which player; and the
//! changes a reading makes to the state (a Safety, a mulligan, two hands swapped).

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::zone::Hidden;
use crate::model::log::{Line, LineKind, StepKind, Turn};
use crate::model::{Card, PlayerId, Power, Span};

use super::Referee;

impl<'a> Referee<'a> {
    /// Where the group at line `start` is a turn that drew a report (from report `mark` on) that
    /// it was out of turn, the turn just before it (only comments and `expect` lines between) and
    /// its block's end.
    #[cold]
    pub(super) fn out_of_turn_after(&self, start: usize, mark: usize) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[start].kind else { return None };
        let out_of_turn = |d: &Diagnostic| d.code == Code::OutOfTurn && d.span.is_at(turn.player_span);
        if !self.diags.get(mark..).unwrap_or_default().iter().any(out_of_turn) {
            return None;
        }
        self.turn_before(start)
    }

    /// Where the lines from `start` to `end` drew a report (from report `mark` on) that a player
    /// a turn's lines write decked still had cards in the deck, that turn and its block's end.
    #[cold]
    pub(super) fn not_decked_in(&self, start: usize, end: usize, mark: usize) -> Option<(usize, usize)> {
        let d = self.diags.get(mark..).unwrap_or_default().iter().find(|d| d.code == Code::NotDecked)?;
        let lines = &self.log.lines;
        let at = (start..end).find(|&k| {
            matches!(lines[k].kind, LineKind::Turn(_)) && crate::engine::turn::within(d.span, lines[k].span)
        })?;
        Some((at, self.group_end(at)))
    }

    /// Where the group at line `start` (running to `end`) is a turn whose line or lines drew a
    /// report (from report `mark` on) that a player's hand could not hold a card, or the decklist
    /// one more of a card drawn, where the player might have mulliganed this round with no
    /// `mulligan` line written: that player and the report.
    #[cold]
    pub(super) fn unrolled_at(&self, start: usize, end: usize, mark: usize) -> Option<(PlayerId, Diagnostic)> {
        let lines = &self.log.lines;
        if self.unrolled.is_empty() || !matches!(lines[start].kind, LineKind::Turn(_)) {
            return None;
        }
        let reports = self.diags.get(mark..).unwrap_or_default().iter();
        reports.filter(|d| matches!(d.code, Code::NotInHand | Code::NotInDecklist)).find_map(|d| {
            let line = lines[start..end].iter().find(|l| crate::engine::turn::within(d.span, l.span))?;
            let p = match &line.kind {
                LineKind::Turn(turn) => turn.player,
                LineKind::Resolution(e) => e.subject()?,
                _ => return None,
            };
            self.unrolled.contains(&p).then(|| (p, d.clone()))
        })
    }

    /// Where the group at line `start` (running to `end`) is a turn whose line or lines (or the
    /// round's `hand` lines, the deal checked as its first turn begins) drew a report (from report
    /// `mark` on) that a player's hand could not hold a card, or the decklist one more of it, in a
    /// round whose preamble gave two `hand` lines or more not yet tried swapped: that player and
    /// the report.
    #[cold]
    pub(super) fn unswapped_at(&self, start: usize, end: usize, mark: usize) -> Option<(PlayerId, Diagnostic)> {
        if !self.hands_unswapped || !matches!(self.log.lines[start].kind, LineKind::Turn(_)) {
            return None;
        }
        let reports = self.diags.get(mark..).unwrap_or_default().iter();
        reports.filter(|d| matches!(d.code, Code::NotInHand | Code::NotInDecklist)).find_map(|d| {
            let p = self.reported_player(d, start, end)?;
            Some((p, d.clone()))
        })
    }

    /// Where the group at line `start` (running to `end`) is a turn whose line or lines drew a
    /// report (from report `mark` on) that the decklist holds no more of a card a player drew,
    /// where a round's end discarded that player's hand with a Safety in the pile and no `safety`
    /// line written: that player, the line whose reading ended that round, and the report.
    #[cold]
    pub(super) fn unsaved_at(&self, start: usize, end: usize, mark: usize) -> Option<(PlayerId, usize, Diagnostic)> {
        let lines = &self.log.lines;
        if self.unsaved.is_empty() || !matches!(lines[start].kind, LineKind::Turn(_)) {
            return None;
        }
        let reports = self.diags.get(mark..).unwrap_or_default().iter();
        // A card the decklist has no more of, or, where the cards are not seen, a deck that runs
        // out early by its count (the player decked, or drawing from an empty deck).
        let shows =
            |d: &&Diagnostic| matches!(d.code, Code::NotInDecklist | Code::NotInRound | Code::DrawFromEmptyDeck);
        reports.filter(shows).find_map(|d| {
            let p = self.reported_player(d, start, end)?;
            let &(_, ended) = self.unsaved.iter().find(|(q, _)| *q == p)?;
            Some((p, ended, d.clone()))
        })
    }

    /// Where the group at line `start` (running to `end`) is a turn whose line or lines drew a
    /// report (from report `mark` on) that a player's deck ran out by its count (the player decked,
    /// a draw from or a Poison aimed at an empty deck, a `hand` line dealing more than it held) or
    /// that a card came off a deck whose last cards the count made known, where a card of that
    /// player's was reported earlier as one the decklist cannot hold: that player, the card, where
    /// the group read when it was reported begins, and that report.
    #[cold]
    pub(super) fn unlisted_at(
        &self,
        start: usize,
        end: usize,
        mark: usize,
    ) -> Option<(PlayerId, Card, u32, Diagnostic)> {
        let lines = &self.log.lines;
        if self.unlisted.is_empty() || !matches!(lines[start].kind, LineKind::Turn(_)) {
            return None;
        }
        let reports = self.diags.get(mark..).unwrap_or_default().iter();
        let shows = |d: &&Diagnostic| {
            matches!(
                d.code,
                Code::NotInRound
                    | Code::DrawFromEmptyDeck
                    | Code::PoisonTarget
                    | Code::Misresolved
                    | Code::NotDeckTop
                    | Code::HandTooLarge
            )
        };
        reports.filter(shows).find_map(|d| {
            let subject = match &self.reported_line(d, start, end)?.kind {
                LineKind::Turn(turn) => Some(turn.player),
                LineKind::Resolution(e) => e.subject(),
                LineKind::Hand { player, .. } => Some(*player),
                _ => None,
            };
            // The player the report is about: the line's, or one it names (a Poison's target).
            let about = |p: PlayerId| {
                let name = self.name(p);
                subject == Some(p) || d.message.contains(&format!("{name}'s")) || d.message.starts_with(name)
            };
            self.unlisted.iter().find(|u| about(u.0)).cloned()
        })
    }

    /// The player of the line of report `d` (see [`Self::reported_line`]): a turn's, a resolution
    /// line's subject, or a `hand` line's.
    fn reported_player(&self, d: &Diagnostic, start: usize, end: usize) -> Option<PlayerId> {
        match &self.reported_line(d, start, end)?.kind {
            LineKind::Turn(turn) => Some(turn.player),
            LineKind::Resolution(e) => e.subject(),
            LineKind::Hand { player, .. } => Some(*player),
            _ => None,
        }
    }

    /// The line of report `d` among the lines of the group at line `start` (running to `end`) or
    /// the round's `hand` lines above a round's first turn (the deal is checked as that turn
    /// begins).
    fn reported_line(&self, d: &Diagnostic, start: usize, end: usize) -> Option<&Line> {
        let lines = &self.log.lines;
        lines[..end].iter().rev().take(end - start + 64).find(|l| crate::engine::turn::within(d.span, l.span))
    }

    /// Whether the group at line `start` (running to `end`) is a turn that used a Sabotage aimed
    /// at a player and activated nothing, and drew a report (from report `mark` on) at one of its
    /// lines, or at its Sabotage for choices after the `@Name`.
    #[cold]
    pub(super) fn unactivated(&self, start: usize, end: usize, mark: usize) -> bool {
        use crate::engine::turn::{sabotage_choices, sabotage_overloaded, within};
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[start].kind else { return false };
        if !turn.steps.iter().any(|s| sabotage_choices(&s.kind).is_some())
            || turn.steps.iter().any(|s| matches!(s.kind, StepKind::Activate(_)))
        {
            return false;
        }
        let reports = self.diags.get(mark..).unwrap_or_default();
        let overloaded = |d: &Diagnostic| {
            d.code == Code::BadChoices
                && turn.steps.iter().any(|s| sabotage_overloaded(&s.kind) && within(d.span, s.span))
        };
        reports.iter().any(overloaded)
            || lines[start + 1..end]
                .iter()
                .any(|l| reports.iter().any(|d| d.code == Code::Misresolved && within(d.span, l.span)))
    }

    /// Whether the group at line `start` (running to `end`) is a turn with no trouble action, a
    /// line of which shifts the trouble, that drew a report (from report `mark` on) at one of its
    /// lines (the shift's, or the draws of an `action draw N` before it).
    #[cold]
    pub(super) fn shift_unexplained(&self, start: usize, end: usize, mark: usize) -> bool {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[start].kind else { return false };
        let block = &lines[start + 1..end];
        let shifts = |l: &Line| matches!(&l.kind, LineKind::Resolution(Event::TroubleShifts(_)));
        if turn.steps.iter().any(|s| matches!(s.kind, StepKind::ActionDraw(_) | StepKind::ActionLose(_)))
            || !block.iter().any(shifts)
        {
            return false;
        }
        let reports = self.diags.get(mark..).unwrap_or_default();
        block
            .iter()
            .any(|l| reports.iter().any(|d| d.code == Code::Misresolved && crate::engine::turn::within(d.span, l.span)))
    }

    /// Saves `p`'s hand at the end of the round in progress, as a `safety` line would.
    pub(in crate::engine) fn safety_at_round_end(&mut self, p: PlayerId) {
        self.safeties.push(p);
    }

    /// Writes a mulligan of `p` into the preamble of the round about to start, as a `mulligan`
    /// line at `span` would; false when no round is about to start.
    pub(in crate::engine) fn mulligan_in_preamble(&mut self, p: PlayerId, span: Span) -> bool {
        let Some(pending) = self.pending.as_mut() else { return false };
        pending.mulligans.push((p, span));
        true
    }

    /// Reads the `mulligan` line at `span` in the preamble of the round about to start as `p`'s;
    /// false when no round is about to start or its preamble has no such line.
    pub(in crate::engine) fn mulligan_renamed(&mut self, span: Span, p: PlayerId) -> bool {
        let Some(pending) = self.pending.as_mut() else { return false };
        let Some(line) = pending.mulligans.iter_mut().find(|m| m.1.is_at(span)) else { return false };
        line.0 = p;
        true
    }

    /// Deals `p` the cards the round's `hand` line gives `q`, and `q` those it gives `p`, as if
    /// the two lines were written in each other's places; false when no round is about to start
    /// or either has no `hand` line.
    pub(in crate::engine) fn hands_in_each_other_s_places(&mut self, p: PlayerId, q: PlayerId) -> bool {
        let Some(pending) = self.pending.as_mut() else { return false };
        let at = |who: PlayerId| pending.hands.iter().position(|h| h.0 == who);
        let (Some(a), Some(b)) = (at(p), at(q)) else { return false };
        let cards = pending.hands[a].1;
        pending.hands[a].1 = pending.hands[b].1;
        pending.hands[b].1 = cards;
        true
    }

    /// Whether the group at line `start` is a turn that drew a report (from report `mark` on) that
    /// it was out of turn.
    #[cold]
    pub(super) fn out_of_turn_at(&self, start: usize, mark: usize) -> bool {
        let LineKind::Turn(turn) = &self.log.lines[start].kind else { return false };
        self.diags[mark..].iter().any(|d| d.code == Code::OutOfTurn && d.span.is_at(turn.player_span))
    }

    /// Where the group at line `start` is a turn written as skipped that drew a report (from
    /// report `mark` on) that nothing skipped its player, the turn just before it and its block's
    /// end.
    #[cold]
    pub(super) fn not_skipped_after(&self, start: usize, mark: usize) -> Option<(usize, usize)> {
        let line = &self.log.lines[start];
        if !matches!(line.kind, LineKind::Turn(_)) {
            return None;
        }
        let not_skipped = |d: &Diagnostic| d.code == Code::NotSkipped && crate::engine::turn::within(d.span, line.span);
        if !self.diags.get(mark..).unwrap_or_default().iter().any(not_skipped) {
            return None;
        }
        self.turn_before(start)
    }

    /// Where the group at line `start` is a turn that drew an error (from report `mark` on) and
    /// the turn just before it is its player's too (a Go's extra turn), that turn and its block's
    /// end.
    #[cold]
    pub(super) fn own_turn_after(&self, start: usize, mark: usize) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[start].kind else { return None };
        if self.errors_since(mark) == 0 {
            return None;
        }
        let (at, end) = self.turn_before(start)?;
        matches!(&lines[at].kind, LineKind::Turn(t) if t.player == turn.player).then_some((at, end))
    }

    /// Where the group at line `start` is a turn whose play drew a report that it broke the chain
    /// (from report `mark` on) after another player's turn that played a card, that turn and its
    /// block's end.
    #[cold]
    pub(super) fn off_chain_after(&self, start: usize, mark: usize) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[start].kind else { return None };
        if !self.off_chain(start, mark) {
            return None;
        }
        let (at, end) = self.turn_before(start)?;
        let plays = |t: &crate::model::log::Turn| t.steps.iter().any(|s| matches!(s.kind, StepKind::Play { .. }));
        matches!(&lines[at].kind, LineKind::Turn(t) if t.player != turn.player && plays(t)).then_some((at, end))
    }

    /// The last turn before the group at line `start` that played a card, with only turns that
    /// drew or passed between (a few at most), and its block's end.
    #[cold]
    pub(super) fn last_play_before(&self, start: usize) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        let mut k = start;
        for _ in 0..8 {
            let (at, end) = self.turn_before(k)?;
            let LineKind::Turn(t) = &lines[at].kind else { return None };
            if t.steps.iter().any(|s| matches!(s.kind, StepKind::Play { .. })) {
                return Some((at, end));
            }
            if !t.steps.iter().all(|s| matches!(s.kind, StepKind::Draw { .. } | StepKind::Pass { .. })) {
                return None;
            }
            k = at;
        }
        None
    }

    /// Whether the group at line `start` is a turn whose play drew a report that it broke the
    /// chain (from report `mark` on).
    pub(super) fn off_chain(&self, start: usize, mark: usize) -> bool {
        matches!(self.log.lines[start].kind, LineKind::Turn(_))
            && self.diags.get(mark..).unwrap_or_default().iter().any(|d| d.code == Code::OutOfSequence)
    }

    /// Whether the turn at line `at` only draws (or passes).
    pub(super) fn draws_only(&self, at: usize) -> bool {
        let LineKind::Turn(t) = &self.log.lines[at].kind else { return false };
        t.steps.iter().all(|s| matches!(s.kind, StepKind::Draw { .. } | StepKind::Pass { .. }))
    }

    /// The turn just before the group at line `start` (only comments and `expect` lines between)
    /// and its block's end.
    pub(in crate::engine) fn turn_before(&self, start: usize) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        let aside = |k: usize| matches!(lines[k].kind, LineKind::Comment { .. } | LineKind::Expect(_));
        let under = |k: usize| aside(k) || matches!(lines[k].kind, LineKind::Resolution(_) | LineKind::Then(_));
        let mut at = start;
        while at > 0 && under(at - 1) {
            at -= 1;
        }
        let at = at.checked_sub(1)?;
        let end = self.group_end(at);
        (matches!(lines[at].kind, LineKind::Turn(_)) && (end..start).all(aside)).then_some((at, end))
    }

    /// Where the group at line `start` is a round's end that drew a report (from report `mark` on)
    /// that nobody went out, and [`Self::stampede_unplayed`] found a Stampede whose player's own
    /// play after it may have gone out, or [`Self::draw_unplayed`] a card drawn that may have been
    /// played at once and gone out: each such turn, with the line its block runs to.
    pub(super) fn unwon_at(&mut self, start: usize, mark: usize) -> Option<[Option<(usize, usize)>; 2]> {
        let span = self.log.lines[start].span;
        let unwon = |d: &Diagnostic| d.code == Code::RoundWithoutGoOut && d.span.is_at(span);
        if !self.diags.get(mark..)?.iter().any(unwon) {
            return None;
        }
        let turns = [self.unwon_stampede.take(), self.unwon_draw.take()];
        turns.iter().any(Option::is_some).then_some(turns)
    }

    /// The turns of the round in progress before the line being read, latest first, each with its
    /// line.
    fn round_turns_back(&self) -> impl Iterator<Item = (usize, &'a Turn)> {
        let lines = &self.log.lines;
        (0..self.line.min(lines.len()))
            .rev()
            .map_while(|k| match &lines[k].kind {
                LineKind::Round(_) => None,
                LineKind::Turn(turn) => Some(Some((k, turn))),
                _ => Some(None),
            })
            .flatten()
    }

    /// The round in progress, ending with nobody out at the line being read: its latest turn that
    /// ends with a draw of the one card its player now holds (the card played at once would have
    /// gone out), or failing one, its latest lone draw of a card its player, now holding two, may
    /// hold (`draw` written for the card's play from the hand: the player would have gone out),
    /// with the line its block runs to.
    pub(super) fn draw_unplayed(&self) -> Option<(usize, usize)> {
        let drawn = |turn: &Turn| match turn.steps.last().map(|s| &s.kind) {
            Some(StepKind::Draw { card: Some(drawn) }) => Some((drawn.card, &self.state.player(turn.player).hand)),
            _ => None,
        };
        let one = self.round_turns_back().find(|(_, turn)| {
            drawn(turn).is_some_and(|(card, hand)| !hand.unbounded && hand.unknown == 0 && hand.known == [card])
        });
        let two = || {
            self.round_turns_back().find(|(_, turn)| {
                let held = |hand: &Hidden| !hand.unbounded && hand.known.len() + hand.unknown as usize == 2;
                turn.steps.len() == 1 && drawn(turn).is_some_and(|(card, hand)| held(hand) && hand.could_hold(&card))
            })
        };
        one.or_else(two).map(|(k, _)| (k, self.group_end(k)))
    }

    /// The round in progress, ending with nobody out at the line being read: its latest turn that
    /// used a Stampede, where that turn has no `then` line and its player holds one card, of the
    /// number after the Stampede's (or one nobody saw), with the line its block runs to.
    pub(super) fn stampede_unplayed(&self) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        self.round_turns_back().find_map(|(k, turn)| {
            let Some(StepKind::Play { card, used: Some(_) }) = turn.steps.last().map(|s| &s.kind) else { return None };
            if !card.card.power().is_some_and(|p| p.is_known() && p.has(Power::Stampede)) {
                return None;
            }
            let next = card.card.denomination().map(|d| d.next());
            let hand = &self.state.player(turn.player).hand;
            let one = !hand.unbounded && hand.known.len() + hand.unknown as usize == 1;
            let end = self.group_end(k);
            let then = lines[k + 1..end].iter().any(|l| matches!(l.kind, LineKind::Then(_)));
            (one && !then && hand.known.iter().all(|c| c.denomination() == next)).then_some((k, end))
        })
    }

    /// A round's end at line `at` (its scores or the next round): the turn left out above it that a
    /// reading found is read first ([`Self::read_left_out`]); with nobody out, the turn that went
    /// out may have been left out ([`Self::round_end_left_out`]), which returns the line read up to.
    #[inline]
    pub(super) fn round_end_read(&mut self, at: usize) -> Option<usize> {
        if self.left_out.is_some() {
            self.read_left_out(at);
            return None;
        }
        if self.speculating || !self.state.in_round || !self.went_out.is_empty() {
            return None;
        }
        self.round_end_left_out(at)
    }
}
