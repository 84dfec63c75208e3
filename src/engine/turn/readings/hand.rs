//! A round's hands: a draw, a mulligan, a Safety or a decklist card left out, two `hand` lines
//! swapped.

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::replay::{Checkpoint, Referee};
use crate::model::log::{LineKind, OneOrMany, Step, StepKind};
use crate::model::{Card, PlayerId, Power, Span};
use crate::powers;

impl<'a> Referee<'a> {
    /// The turn at line `at` (its block running to `end`) plays first a card the hand cannot hold
    /// (reported at the card), and draws nothing. When the turn read with a draw of that card
    /// before the play (`draw 100 Go; 100 Go`) happens, and leaves nothing more to report over the
    /// next three turns and fewer reports by the log's end than the turn as written, the draw was
    /// left out (ruling R4): the referee reads the turn so from `before` (the replay just before
    /// it), keeps the report as the one report, and returns the line it read up to.
    #[cold]
    pub(super) fn undrawn_turn(&mut self, before: &Self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        if written.steps.iter().any(|s| matches!(s.kind, StepKind::Draw { .. })) {
            return None;
        }
        let first = written.steps.first()?;
        let StepKind::Play { card, .. } = &first.kind else { return None };
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        let report = reports.iter().find(|d| d.code == Code::NotInHand && d.span == card.span)?.clone();
        if !matches!(card.card, Card::Known { .. }) || self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        let mut turn = written.clone();
        let mut steps = OneOrMany::One(Step { kind: StepKind::Draw { card: Some(card.clone()) }, span: first.span });
        for step in written.steps.iter() {
            steps.push(step.clone());
        }
        turn.steps = steps;
        let c = card.card;
        let mut d = Diagnostic::new(report.code, report.span, report.message.clone())
            .label(format!("read as `draw {c}; {c}`"))
            .help(format!(
                "the draw seems left out: the deck may have given {c}, and read as drawn first, the turn and the \
                 turns after it follow, and the game goes on from it"
            ));
        d.rule = report.rule;
        let r = self.read_as_slip(before, &turn, at, end, stop, d)?;
        self.take_if_fewer(r, stop, end, before.diags.len())
    }

    /// The turn at line `at` (its block running to `end`) drew `report`: a card player `p`'s hand
    /// could not hold, or one the decklist holds no more of (the `hand` line has it), in a round
    /// whose start let `p` mulligan (a Roll in the pile at the last round's end) and no `mulligan`
    /// line was written: the line may have been left out, the `hand` line giving the hand before
    /// it. A mulligan of `p` is read into the round's preamble;
    /// where the replay so reads the round to the turn with nothing to report, the turn and the
    /// next three with nothing else, and draws fewer reports by the log's end than as written, it
    /// is taken, and the turn's report is the one report of the slip (ruling R4). Returns the line
    /// it read up to.
    #[cold]
    pub(in crate::engine) fn mulligan_left_out(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        p: PlayerId,
        report: Diagnostic,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        if self.speculating {
            return None;
        }
        let (round, first) = self.round_and_first_turn(at)?;
        let who = self.name(p);
        let d = Diagnostic {
            label: Some(match report.code {
                Code::NotInHand => format!("not in the hand dealt, unless {who} mulliganed"),
                _ => format!("the hand dealt holds it, unless {who} mulliganed"),
            }),
            help: Some(format!(
                "{who} kept a Roll in the pile at the last round's end without going out, so could mulligan; read \
                 with `mulligan {who}` after the `hand` lines (a new hand of as many unseen cards), the round's turns \
                 follow: the line seems left out"
            )),
            rule: Some(powers::cited(Power::Roll)),
            ..report
        };
        let span = lines[round].span;
        self.read_again_from(from, first, at, end, d, |r| r.mulligan_in_preamble(p, span))
    }

    /// The `round` line above line `at`, and its round's first turn (line `at` at the latest).
    fn round_and_first_turn(&self, at: usize) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        let round = (0..at).rev().find(|&k| matches!(lines[k].kind, LineKind::Round(_)))?;
        let first = (round..=at).find(|&k| matches!(lines[k].kind, LineKind::Turn(_)))?;
        Some((round, first))
    }

    /// The turn at line `at` (its block running to `end`), or the deal as the round's first turn
    /// began, drew `report`: a card player `p`'s hand could not hold, or one the decklist holds no
    /// more of, where the round's preamble has `p`'s `hand` line and others: two of them may give
    /// the hands in each other's places. The round is read again from its first turn with `p`'s
    /// hand and each other's swapped; the first so read to the turn with nothing to report, the
    /// turn and the next three with nothing else, that draws fewer reports by the log's end than
    /// as written, is taken, and the earlier of the two lines is the one report of the slip
    /// (ruling R4). Returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn hands_swapped(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        p: PlayerId,
        report: Diagnostic,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        if self.speculating {
            return None;
        }
        let (round, first) = self.round_and_first_turn(at)?;
        let hands: Vec<(PlayerId, Span)> = lines[round..first]
            .iter()
            .filter_map(|l| match l.kind {
                LineKind::Hand { player, .. } => Some((player, l.span)),
                _ => None,
            })
            .collect();
        let &(_, p_line) = hands.iter().find(|h| h.0 == p)?;
        for &(q, q_line) in hands.iter().filter(|h| h.0 != p) {
            let ((one, one_line), (other, other_line)) =
                if p_line.start < q_line.start { ((p, p_line), (q, q_line)) } else { ((q, q_line), (p, p_line)) };
            let (one_name, other_name) = (self.name(one).to_string(), self.name(other).to_string());
            let d = Diagnostic {
                span: one_line,
                message: format!("{one_name}'s and {other_name}'s hands seem swapped"),
                label: Some(format!("{other_name}'s cards, by the game")),
                help: Some(format!(
                    "read with each of the two `hand` lines as the other player's, the round's turns follow: the \
                     lines seem to give {one_name}'s and {other_name}'s hands in each other's places"
                )),
                related: vec![
                    (other_line, format!("{one_name}'s cards, by the game")),
                    (report.span, format!("as written: {}", report.message)),
                ],
                ..report.clone()
            };
            if let Some(stop) = self.read_again_from(from, first, at, end, d, |r| r.hands_in_each_other_s_places(p, q))
            {
                return Some(stop);
            }
        }
        None
    }

    /// The turn at line `at` (its block running to `end`) drew `report`: a card player `p` drew
    /// that the decklist holds no more of, or `p` decked by the deck's count (a turn of a player
    /// decked, a draw from an empty deck), where the end of a round, read at line `ended`,
    /// discarded `p`'s hand with a Safety in the pile and no `safety` line written: the line may
    /// have been left out, the hand shuffled into the deck and the card drawn from there. The
    /// replay just before line `ended` is taken up again and read on with `p`'s hand saved; where
    /// it reaches the turn with nothing to report, the turn and the next three with nothing else,
    /// and draws fewer reports by the log's end than as written, it is taken, and the card's
    /// report is the one report of the slip (ruling R4). Returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn safety_left_out(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        p: PlayerId,
        ended: usize,
        report: Diagnostic,
    ) -> Option<usize> {
        if self.speculating || ended >= at {
            return None;
        }
        let who = self.name(p);
        let round = (0..ended)
            .rev()
            .find_map(|k| match self.log.lines[k].kind {
                LineKind::Round(n) => Some(format!("round {n}'s end")),
                _ => None,
            })
            .unwrap_or_else(|| "a round's end".to_string());
        let d = Diagnostic {
            label: Some(match report.code {
                Code::NotInDecklist => format!("discarded at {round}, unless {who}'s Safety saved the hand"),
                _ => format!("the deck ran out by its count, unless {who}'s Safety saved the hand at {round}"),
            }),
            help: Some(format!(
                "{who} kept a Safety in the pile and a hand at {round}; read with `safety {who}` there (the hand \
                 shuffled into the deck, not discarded), the game follows: the line seems left out"
            )),
            rule: Some(powers::cited(Power::Safety)),
            ..report
        };
        self.read_again_from(from, ended, at, end, d, |r| {
            r.safety_at_round_end(p);
            true
        })
    }

    /// A turn drew a report that player `p`'s deck ran out by its count (the player decked, a draw
    /// from an empty deck), where `card` of `p`'s was reported (`report`) as one the decklist
    /// cannot hold while the group beginning at byte `group` was read: the `deck` line may have
    /// left the card out, the deck then holding one card more than its count. The replay just
    /// before that group is taken up again and read on with the card on the list and one more
    /// unknown card in the deck; where that reads the group with nothing to report but `report` (made as
    /// the group begins, its help giving the reading), the next three turns with nothing else, and
    /// draws fewer reports by the log's end than as written, it is taken (ruling R4). Returns the
    /// line it read up to.
    #[cold]
    pub(in crate::engine) fn unlisted_card(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        p: PlayerId,
        card: Card,
        group: u32,
        report: Diagnostic,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        // A position gives the deck's count itself, not by the list.
        if self.speculating || lines.iter().any(|l| matches!(l.kind, LineKind::PositionStart)) {
            return None;
        }
        let first = lines.partition_point(|l| l.span.start < group);
        if lines.get(first)?.span.start != group {
            return None;
        }
        let end = self.group_end(first);
        let who = self.name(p);
        let d = Diagnostic {
            help: Some(format!(
                "{who}'s deck ran out a card early by the list's count; read with one more {card} on the list (and \
                 in the deck), the game follows: the `deck` line seems to leave it out"
            )),
            ..report
        };
        self.read_again_from(from, first, first, end, d, |r| r.list_one_more(p, card))
    }
}
