//! Whose turn it was: two turns written in the wrong order, a turn under another player's name,
//! a reseating or a deck's end left out.

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::replay::{Checkpoint, Referee};
use crate::engine::turn::within;
use crate::model::log::{Line, LineKind, StepKind, Turn};
use crate::model::{PlayerId, Power};

impl<'a> Referee<'a> {
    /// A turn out of order at line `at` (its lines running to `end`) followed by the turn of the
    /// player whose turn it was: if reading the two the other way round leaves nothing else to
    /// report over them and the next two turns, while reading them as written does, the two
    /// lines were written in the wrong order (ruling R4). Then the referee reads them the table's
    /// way, reports the slip once, and returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn swapped_turns(&mut self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        if self.speculating || !self.state.in_round || self.state.fog.turn_order {
            return None;
        }
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let expected = self.state.next.filter(|e| *e != turn.player)?;
        let second = self.next_group(end);
        let LineKind::Turn(other) = &lines.get(second)?.kind else { return None };
        // A skipped player's line is placed by the Skips, not by the turn order.
        let skipped = |t: &Turn| t.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        if other.player != expected || skipped(turn) || skipped(other) {
            return None;
        }
        let after = self.next_group(self.group_end(second));
        let stop = self.after_turns(after, 2);
        let from = self.diags.len();
        let mut as_written = self.clone();
        as_written.speculating = true;
        as_written.read_lines(at, stop);
        // Read as written, the turn is reported out of order, and more besides.
        let reported =
            as_written.diags[from..].iter().any(|d| d.code == Code::OutOfTurn && d.span.is_at(turn.player_span));
        if !reported || as_written.errors_since(from) < 2 {
            return None;
        }
        let mut swapped = self.clone();
        swapped.speculating = true;
        swapped.read_lines(second, after);
        swapped.written_early = Some((expected, other.player_span));
        swapped.read_lines(at, second);
        swapped.read_lines(after, stop);
        if swapped.errors_since(from) != 1 {
            return None;
        }
        swapped.speculating = false;
        *self = swapped;
        Some(stop)
    }

    /// Two turns of one player in a row (a Go's extra turn after the turn that used it), the turn
    /// at line `second` drawing an error (out of turn, or one of its own) after the turn at line
    /// `at` (its block running to `end`): if reading `second` first leaves nothing else to report over the two and the next
    /// two turns, while reading them as written does, the two lines were written in the wrong
    /// order (ruling R4), as [`Self::swapped_turns`] reads two players' turns. Then the referee
    /// reads them so from the replay just before line `at` (read on to it from `from`), reports
    /// the slip once, and returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn swapped_own_turns(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        second: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let (LineKind::Turn(early), LineKind::Turn(late)) = (&lines[at].kind, &lines[second].kind) else {
            return None;
        };
        if early.player != late.player || self.next_group(end) != second {
            return None;
        }
        let after = self.next_group(self.group_end(second));
        let stop = self.after_turns(after, 2);
        let mut swapped = self.replayed_clear_to(from, at)?;
        swapped.speculating = true;
        let mark = swapped.diags.len();
        let mut written = swapped.clone();
        written.read_lines(at, stop);
        if written.errors_since(mark) < 2 {
            return None;
        }
        swapped.read_lines(second, after);
        if swapped.errors_since(mark) != 0 {
            return None;
        }
        // Reported as the line is read, for the `expect` lines under it.
        swapped.written_early = Some((late.player, late.player_span));
        swapped.read_lines(at, second);
        if swapped.errors_since(mark) != 1 {
            return None;
        }
        swapped.read_lines(after, stop);
        if swapped.errors_since(mark) != 1 {
            return None;
        }
        self.adopt(swapped);
        Some(stop)
    }

    /// The turn at line `start` (its block running to `end`) was out of turn, and the line just
    /// before it, `at`, wrote the same player's turn as skipped where nothing skipped the player
    /// (R0316): that line may be written in error, the player's own turn being the next line. The
    /// replay just before it is taken up again (read on to it from `from`, or from the log's
    /// start) and the log read on without it; where that reads the turn and the next three with
    /// nothing but the R0316 to report, and fewer reports by the log's end than as written, it is
    /// taken, the `skipped` line the one report (ruling R4); returns the line read up to.
    #[cold]
    pub(in crate::engine) fn skipped_in_error(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        start: usize,
        end: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let (LineKind::Turn(skipped), LineKind::Turn(turn)) = (&lines[at].kind, &lines[start].kind) else {
            return None;
        };
        let only_skipped = skipped.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped));
        if skipped.player != turn.player
            || !only_skipped
            || self.group_end(at) != at + 1
            || self.speculating
            || self.left_out_readings == 0
        {
            return None;
        }
        let not_skipped = |d: &&Diagnostic| d.code == Code::NotSkipped && within(d.span, lines[at].span);
        let report = self.diags.iter().rev().find(not_skipped)?.clone();
        self.left_out_readings -= 1;
        let (mut r, mut as_written, read) = self.turn_again(from, at, at + 1)?;
        let stop = self.after_turns(self.next_group(end), 3);
        let mark = r.diags.len();
        let who = r.name(turn.player);
        let d = Diagnostic::new(
            report.code,
            report.span,
            format!("nothing skipped {who}, whose own turn is the next line"),
        )
        .label("read as written in error")
        .help(format!(
            "{who}'s turn follows the `skipped` line and is the one the turn order calls for: the line is \
             read as written in error, and the game goes on from {who}'s turn"
        ));
        let d = Diagnostic { rule: report.rule, ..d };
        if !r.only_report(d, at + 1, stop, mark) {
            return None;
        }
        as_written.take_if_fewer(r, stop, read, mark)?;
        *self = as_written;
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`) draws a card for a player its lines
    /// write decked (`Ann is decked`), whose deck still holds cards (R0310). The table may have
    /// left out the draws that emptied the deck: the replay just before the turn is taken up
    /// again (read on to it from `from`, or from the log's start) and the turn read as the table
    /// has it, the cards left taken as drawn unrecorded and the player decked. Where that leaves
    /// nothing else to report over the turn and the next three, and fewer reports by the log's
    /// end than as written (the player's later turns, out of turn for a decked player, show which
    /// was meant), it is taken, the R0310 the one report (ruling R4); returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn decked_as_written(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        if self.speculating || self.left_out_readings == 0 || !self.block_rereadable(at, end) {
            return None;
        }
        let here = |d: &&Diagnostic| d.code == Code::NotDecked && within(d.span, lines[at].span);
        let report = self.diags.iter().rev().find(here)?.clone();
        self.left_out_readings -= 1;
        // The replay here may have read past the turn (a reading of the round's end): the turn
        // as written is read again too.
        let (mut r, mut written, read) = self.turn_again(from, at, end)?;
        let mark = r.diags.len();
        let stop = self.after_turns(self.next_group(end), 3);
        r.decked_as_table = true;
        r.read_turn(turn, at, &lines[at + 1..end]);
        r.decked_as_table = false;
        let help = "only a draw from an empty deck decks a player; the table is followed: the cards left are taken \
                    as drawn in turns whose draws the log leaves out, and the player as decked here";
        let d = Diagnostic { help: Some(help.to_string()), ..report };
        if r.errors_since(mark) > 0 || !r.only_report(d, end, stop, mark) {
            return None;
        }
        written.take_if_fewer(r, stop, read, mark)?;
        *self = written;
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`) is out of turn in a round after one
    /// whose end let a player with a BaH! demand a reseating, and no `reseat` line was written
    /// between them: the table may have been reseated and the line left out. Each other seating
    /// the round's turns allow ([`seatings_shown`]) is read as written before the round's first
    /// turn; where the replay so reads the round to the turn with nothing to report, and the turn
    /// and the next three with nothing else, for one seating, or of several, the one that draws
    /// the fewest reports by the log's end where no other ties it, and that draws fewer reports
    /// by the log's end than as written, it is taken, and the turn's report is the one report of
    /// the slip (ruling R4). Returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn reseat_left_out(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        if self.speculating || self.state.fog.turn_order {
            return None;
        }
        let out_of_turn = |d: &&Diagnostic| d.code == Code::OutOfTurn && d.span.is_at(turn.player_span);
        let report = self.diags.iter().rev().find(out_of_turn)?.clone();
        // The round's first turn, and the seatings its turns allow.
        let round = (0..at).rev().find(|&k| matches!(lines[k].kind, LineKind::Round(_)))?;
        let first = (round..at).find(|&k| matches!(lines[k].kind, LineKind::Turn(_)))?;
        let shown = seatings_shown(&lines[first..], &self.state.seating);
        if shown.is_empty() {
            return None;
        }
        let who = self.name(turn.player).to_string();
        let mut written = self.replayed_clear_to(from, first)?;
        let mark = written.diags.len();
        let stop = self.after_turns(self.next_group(end), 3);
        let fits = shown.into_iter().filter_map(|seating| {
            let order = seating.iter().map(|&p| self.name(p)).collect::<Vec<_>>().join(", ");
            let d = Diagnostic {
                label: Some(format!("{who}'s turn if the table was reseated {order}")),
                help: Some(format!(
                    "the round's turns follow another seating: a BaH! may have reseated the table at the last \
                     round's end, and its line seems left out; read so (`reseat {order}`), the turns follow"
                )),
                ..report.clone()
            };
            written.read_changed(first, at, stop, d, |r| {
                r.emit(Event::Reseated(seating));
                r.reseat_unwritten = false;
                true
            })
        });
        let fits = fits.collect();
        written.take_fewest(fits, stop, first, mark)?;
        *self = written;
        Some(stop)
    }

    /// A turn out of order at line `at` (its block running to `end`) that no other reading
    /// explains, and that draws more reports than that: when the player due could have taken it,
    /// read so it leaves nothing else to report over it and the next three turns, the turn line
    /// names the wrong player (ruling R4). Then the referee reads it as that player's, reports the
    /// turn out of order once, and returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn misnamed_turn(&mut self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        // A skipped turn written down is the player the last turn's Skip passed over; any other
        // turn, the player due.
        let skipped = crate::engine::turn::is_skipped(written);
        let due = if skipped { self.last_skipped } else { self.state.next };
        let due = due.filter(|&e| e != written.player)?;
        let expects = lines[at + 1..end].iter().any(|l| matches!(l.kind, LineKind::Expect(_)));
        let unordered = self.state.fog.turn_order;
        if self.speculating || self.table_order || unordered || expects || self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        // Read as written, the turn draws more than the one report.
        let mut as_written = self.clone();
        as_written.speculating = true;
        let from = as_written.diags.len();
        as_written.read_lines(at, stop);
        if as_written.errors_since(from) < 2 {
            return None;
        }
        let turn = Turn { player: due, player_span: written.player_span, steps: written.steps.clone() };
        let (who, whose) = (self.name(written.player).to_string(), self.name(due).to_string());
        let mut r = self.clone();
        r.speculating = true;
        r.report(
            Diagnostic::new(
                Code::OutOfTurn,
                written.player_span,
                match skipped {
                    true => format!("the turn skipped was {whose}'s, not {who}'s"),
                    false => format!("it was {whose}'s turn, not {who}'s"),
                },
            )
            .label(format!("read as {whose}'s turn"))
            .help(format!(
                "the name seems miswritten: read as {whose}'s, the turn and the turns after it follow, and the \
                 game goes on from it"
            )),
        );
        r.read_turn(&turn, at, &lines[at + 1..end]);
        r.read_lines(end, stop);
        if r.errors_since(from) != 1 {
            return None;
        }
        // Nor more than as written by the log's end: a turn the referee holds to be out of order
        // because it went wrong earlier (a player taken to be decked, say) is not given to another
        // player when that only puts the reports off.
        if !r.fewer_by_the_end(stop, as_written, stop, from) {
            return None;
        }
        r.speculating = false;
        *self = r;
        Some(stop)
    }
}

/// The seatings other than `seating` that a round's turns allow, from its first turn on: a turn
/// that used no power sits beside the next turn's player (a skipped turn written as such too), so
/// such pairs of turns are pairs of neighbours in the circle, the first found while the play
/// went clockwise (no Reverse, or a power that may be one, used before it) saying which way
/// round. A pair that would give a player a third neighbour or close a smaller circle (a player
/// out of the round passed over) is not taken. Every circle of the players that keeps each pair
/// side by side, and the known pair's way round, is one (none where more than
/// [`SEATINGS_READ`] are).
fn seatings_shown(lines: &[Line], seating: &[PlayerId]) -> Vec<Vec<PlayerId>> {
    let seats = seating.len();
    let mut pairs: Vec<(PlayerId, PlayerId)> = Vec::with_capacity(seats);
    // The direction of play, `None` once a power that may have changed it was used; a pair known
    // to go clockwise.
    let (mut clockwise, mut oriented) = (Some(true), None);
    let mut before: Option<(PlayerId, bool)> = None;
    for line in lines {
        let turn = match &line.kind {
            LineKind::Turn(t) => t,
            LineKind::Resolution(_) | LineKind::Then(_) | LineKind::Comment { .. } | LineKind::Expect(_) => continue,
            _ => break,
        };
        if let Some((p, true)) = before {
            let q = turn.player;
            if p != q && neighbours(&pairs, p).len() < 2 && neighbours(&pairs, q).len() < 2 {
                let closes = path_end(&pairs, p) == q;
                if !closes || pairs.len() + 1 == seats {
                    pairs.push((p, q));
                    if oriented.is_none() {
                        oriented = clockwise.map(|cw| if cw { (p, q) } else { (q, p) });
                    }
                }
            }
        }
        let mut plain = true;
        for step in turn.steps.iter() {
            match &step.kind {
                StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, used: Some(_) } => {
                    plain = false;
                    if card.card.may_have(&[Power::Clone]) {
                        clockwise = None;
                    } else if card.card.may_have(&[Power::Reverse]) {
                        clockwise = clockwise.map(|cw| !cw);
                    }
                }
                StepKind::Activate(_) => (plain, clockwise) = (false, None),
                _ => {}
            }
        }
        before = Some((turn.player, plain));
        if pairs.len() == seats {
            break;
        }
    }
    let mut found = Vec::new();
    let Some((&head, rest)) = seating.split_first() else { return found };
    circles(&mut vec![head], rest.to_vec(), &pairs, oriented, &mut found);
    // A circle that is the table's seating from another seat is no reseating (each circle starts
    // at the seating's first player, so only the seating itself is).
    found.retain(|c| c.as_slice() != seating);
    if found.len() > SEATINGS_READ {
        found.clear();
    }
    found
}

/// At most this many seatings are read for a `reseat` line left out.
const SEATINGS_READ: usize = 12;

/// Adds to `found` each circle that goes on from `placed` with the players `left`, keeping each
/// of `pairs` side by side and `oriented` (a pair known to go clockwise) that way round; stops
/// once more than one over [`SEATINGS_READ`] are found.
fn circles(
    placed: &mut Vec<PlayerId>,
    left: Vec<PlayerId>,
    pairs: &[(PlayerId, PlayerId)],
    oriented: Option<(PlayerId, PlayerId)>,
    found: &mut Vec<Vec<PlayerId>>,
) {
    // One more than the cap, as the table's own seating may be among them.
    if found.len() > SEATINGS_READ + 1 {
        return;
    }
    let Some(&last) = placed.last() else { return };
    if left.is_empty() {
        let n = placed.len();
        let at = |p: PlayerId| placed.iter().position(|&q| q == p);
        let beside = |a: PlayerId, b: PlayerId| match (at(a), at(b)) {
            (Some(i), Some(j)) => (i + 1) % n == j || (j + 1) % n == i,
            _ => false,
        };
        let clockwise = oriented.is_none_or(|(a, b)| matches!((at(a), at(b)), (Some(i), Some(j)) if (i + 1) % n == j));
        if clockwise && pairs.iter().all(|&(a, b)| beside(a, b)) {
            found.push(placed.clone());
        }
        return;
    }
    // `last`, once left, has all its partners beside it: the one before it, the next, or (for the
    // circle's first) its last.
    let last_partners = neighbours(pairs, last);
    let before_last = placed.len().checked_sub(2).map(|i| placed[i]);
    let wraps = placed.len() == 1;
    let closing = left.len() == 1;
    for (k, &next) in left.iter().enumerate() {
        // A player placed whose partner is already placed sits beside it: only after `last`, or
        // as the circle's last, beside its first.
        let beside = |p: &PlayerId| *p == last || (closing && Some(p) == placed.first());
        if !neighbours(pairs, next).iter().filter(|p| placed.contains(p)).all(beside) {
            continue;
        }
        if !last_partners.iter().all(|&p| p == next || Some(p) == before_last || (wraps && !placed.contains(&p))) {
            continue;
        }
        let mut rest = left.clone();
        rest.remove(k);
        placed.push(next);
        circles(placed, rest, pairs, oriented, found);
        placed.pop();
    }
}

/// The players paired with `p`.
fn neighbours(pairs: &[(PlayerId, PlayerId)], p: PlayerId) -> Vec<PlayerId> {
    pairs
        .iter()
        .filter_map(|&(a, b)| {
            if a == p {
                Some(b)
            } else if b == p {
                Some(a)
            } else {
                None
            }
        })
        .collect()
}

/// The far end of the chain of pairs that `p` ends (`p` itself when it is in none).
fn path_end(pairs: &[(PlayerId, PlayerId)], p: PlayerId) -> PlayerId {
    let (mut came, mut at) = (p, p);
    while let Some(&n) = neighbours(pairs, at).iter().find(|&&n| n != came) {
        (came, at) = (at, n);
        if at == p {
            break;
        }
    }
    at
}
