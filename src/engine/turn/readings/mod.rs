//! Writing slips read otherwise (ruling R4). Where a turn as written draws reports, the referee
//! reads it again as the table may have played it: a turn line left out or under another name, two
//! turns swapped, a card, a target, a draw, a `use` or a `then` line miswritten or left out, a round's
//! end written early. A reading is taken only where it leaves nothing else to report over the
//! turns after it and draws fewer reports by the log's end than the log as written; the slip is
//! then reported once, where it stands, and the replay goes on from the reading.
//!
//! This module holds what every reading shares: reading a turn or the log again from a copy of
//! the replay, and counting what a reading draws by the log's end. The readings themselves are
//! grouped by what the slip touched: whose turn it was ([`order`]), a turn left out
//! ([`left_out`]), a round's hands ([`hand`]), a turn's power and lines ([`power`]), and a card
//! ([`card`]).

use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::engine::replay::{Checkpoint, Referee};
use crate::engine::state::Status;
use crate::model::log::{Choice, ChoiceKind, Line, LineKind, StepKind, Turn};
use crate::model::{Points, Power, PowerSpec, Span};

mod card;
mod hand;
mod left_out;
mod order;
mod power;

/// The most resolution lines a turn may have to be read again with one of them read otherwise
/// ([`Referee::misnamed_line`]): a Party or a Masaka at a table of eight writes a score of them.
/// So too for the steps of a turn line read again with a card of it read otherwise.
const BLOCK_READ: usize = 48;

/// What a reading leaves by the log's end ([`Referee::ending`]): the errors and warnings, each as its
/// code and span, and each player's score and standing.
type Ending = (Vec<(Code, Span)>, Vec<(Points, Status)>);

/// Where a card read otherwise stands in a turn: card `j` of line `k` of its block, the card of
/// its block's `then` line `k` (a Stampede's player's own play), the card played at step `s` of
/// the turn line, or card `j` of choice `c` of that play's power (`0` for a card it takes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum CardPlace {
    Line { k: usize, j: usize },
    Then { k: usize },
    Play { s: usize },
    Choice { s: usize, c: usize, j: usize },
}

impl<'a> Referee<'a> {
    /// Takes the reading `r` of a slip as the replay from here, no longer speculating, the game's
    /// readings left as this copy has them (the reading was made before some were used).
    fn adopt(&mut self, mut r: Self) {
        r.speculating = false;
        r.left_out_readings = self.left_out_readings;
        *self = r;
    }

    /// Takes `r`, a reading of the turn whose block runs to `end`, read on to line `stop`, where
    /// it draws fewer errors since report `mark` by the log's end than the turn as written; returns
    /// the line read up to.
    fn take_if_fewer(&mut self, mut r: Self, stop: usize, end: usize, mark: usize) -> Option<usize> {
        let mut as_written = self.clone();
        as_written.speculating = true;
        if !r.fewer_by_the_end(stop, as_written, end, mark) {
            return None;
        }
        r.speculating = false;
        *self = r;
        Some(stop)
    }

    /// Of `fits`, readings of the turn whose block runs to `end`, each read on to line `stop`, takes
    /// the one that draws the fewest errors since report `mark` by the log's end, where no other
    /// ties it and it draws fewer than the turn as written; returns the line it read up to.
    fn take_fewest(&mut self, fits: Vec<Self>, stop: usize, end: usize, mark: usize) -> Option<usize> {
        self.take_least(fits, stop, end, mark, Self::errors_by_the_end)
    }

    /// [`Self::take_fewest`], where the errors by the log's end may tie with the turn as written
    /// and the notes of what could not be followed then choose ([`Self::reports_by_the_end`]): for
    /// a reading that moves an error the log draws either way (a round scored with nobody out) to
    /// the slip, taken only where the game then follows better.
    fn take_clearest(&mut self, fits: Vec<Self>, stop: usize, end: usize, mark: usize) -> Option<usize> {
        self.take_least(fits, stop, end, mark, Self::reports_by_the_end)
    }

    /// Of `fits`, each read on from line `stop`, takes the one whose `ends` by the log's end (from
    /// report `mark`) are least, where no other ties it and the turn as written, read on from
    /// `end`, ends with more; returns the line it read up to.
    fn take_least<K: Ord + Copy>(
        &mut self,
        mut fits: Vec<Self>,
        stop: usize,
        end: usize,
        mark: usize,
        ends_of: impl Fn(Self, usize, usize) -> K,
    ) -> Option<usize> {
        let ends: Vec<K> = fits.iter().map(|r| ends_of(r.clone(), stop, mark)).collect();
        let fewest = ends.iter().copied().min()?;
        let mut as_written = self.clone();
        as_written.speculating = true;
        if ends.iter().filter(|&&e| e == fewest).count() != 1 || fewest >= ends_of(as_written, end, mark) {
            return None;
        }
        let mut r = fits.swap_remove(ends.iter().position(|&e| e == fewest)?);
        r.speculating = false;
        *self = r;
        Some(stop)
    }

    /// The replay as it stood before the turn at line `at` (its block running to `end`), read on
    /// to it from `from` (or from the log's start), and that replay with the turn read as written,
    /// non-speculating, with the line it read up to (past `end` where a reading of the round's end
    /// read on): the copies a reading of the turn, made once a later turn showed a slip in it,
    /// starts from and is weighed against.
    fn turn_again(&self, from: Option<&Checkpoint<'a>>, at: usize, end: usize) -> Option<(Self, Self, usize)> {
        let mut written = self.replayed_clear_to(from, at)?;
        let mut before = written.clone();
        let read = written.group(at);
        if read < end {
            return None;
        }
        before.speculating = true;
        before.begin_group(at);
        before.flush_pending();
        before.left_out_readings = self.left_out_readings;
        written.left_out_readings = self.left_out_readings;
        Some((before, written, read))
    }

    /// Reads the turn at line `at` (its block running to `end`) again, once a later line showed a
    /// slip in it: on the replay with the turn read as written (the replay before it read on to
    /// it from `from`, or from the log's start), `reading` reads it otherwise from the replay
    /// before it, on to line `stop` (after the next three turns). Where it reads so, that copy
    /// becomes the replay; the readings it spent count against the game's either way. Returns the
    /// line read up to.
    fn reread_turn(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        reading: impl FnOnce(&mut Self, &Self, usize) -> Option<usize>,
    ) -> Option<usize> {
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        if read != end {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        let read = reading(&mut written, &before, stop);
        self.left_out_readings = written.left_out_readings;
        read?;
        *self = written;
        Some(stop)
    }

    /// Whether the block of the turn at line `at` (running to `end`) may be read again: each
    /// reading reads it again, so a longer block than a table writes ([`BLOCK_READ`] lines) is
    /// not read so, which would cost its length squared; nor one with an `expect` line.
    fn block_rereadable(&self, at: usize, end: usize) -> bool {
        let expects = |l: &Line| matches!(l.kind, LineKind::Expect(_));
        end - (at + 1) <= BLOCK_READ && !self.log.lines[at + 1..end].iter().any(expects)
    }

    /// Reads the log again from line `from_line` (the replay there taken up from `from`, or from
    /// the log's start), with `change` made to that replay first (false: none can be made), to
    /// the turn at line `at` (its block running to `end`): where that reads to the turn with
    /// nothing to report, the turn and the next three with nothing but `d` (reported as the
    /// turn's group begins, so that its `expect` lines see it), and the reading draws fewer
    /// reports by the log's end than the log as written, it is taken (a line left out above the
    /// turn, ruling R4); returns the line it read up to.
    fn read_again_from(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        from_line: usize,
        at: usize,
        end: usize,
        d: Diagnostic,
        change: impl FnOnce(&mut Self) -> bool,
    ) -> Option<usize> {
        let mut written = self.replayed_clear_to(from, from_line)?;
        let mark = written.diags.len();
        let stop = self.after_turns(self.next_group(end), 3);
        let r = written.read_changed(from_line, at, stop, d, change)?;
        written.take_if_fewer(r, stop, from_line, mark)?;
        *self = written;
        Some(stop)
    }

    /// A copy of this replay (taken up at line `from_line`) with `change` made to it first
    /// (false: none can be made), where it then reads to the turn at line `at` with nothing to
    /// report, and on to line `stop` with nothing but `d` (reported as the turn's group begins).
    pub(in crate::engine) fn read_changed(
        &self,
        from_line: usize,
        at: usize,
        stop: usize,
        d: Diagnostic,
        change: impl FnOnce(&mut Self) -> bool,
    ) -> Option<Self> {
        let mut r = self.clone();
        r.speculating = true;
        let mark = r.diags.len();
        if !change(&mut r) {
            return None;
        }
        r.read_lines(from_line, at);
        if r.errors_since(mark) > 0 {
            return None;
        }
        r.report_at_group = Some(Box::new(d));
        r.read_lines(at, stop);
        (r.errors_since(mark) == 1).then_some(r)
    }

    /// `turn` read in place of the turn at line `at` (its block running to `end`), on a copy of
    /// `before` (the replay just before it), `report` its one report: the copy, where the turn
    /// happens with no other error and nothing else is reported up to line `stop`.
    fn read_as_slip(
        &self,
        before: &Self,
        turn: &Turn,
        at: usize,
        end: usize,
        stop: usize,
        report: Diagnostic,
    ) -> Option<Self> {
        let mut r = before.clone();
        r.left_out_readings = self.left_out_readings;
        let mark = r.diags.len();
        r.read_turn(turn, at, &self.log.lines[at + 1..end]);
        (r.errors_since(mark) == 0 && r.only_report(report, end, stop, mark)).then_some(r)
    }

    /// Reads `turn`, written at line `at`, with `block` for its block's lines, as [`Self::group`]
    /// reads a turn: a reading of a slip, on a copy of the replay.
    fn read_turn(&mut self, turn: &Turn, at: usize, block: &[Line]) {
        self.turn_with(turn, Some(at), at + 1, block);
        self.count_turn();
        if !self.followed_shifts.is_empty() {
            self.emit_followed_shifts();
        }
    }

    /// Reports `d`, the slip this copy reads, and reads on from line `end` to `stop`: whether `d`
    /// is then the only error since report `mark`.
    fn only_report(&mut self, d: Diagnostic, end: usize, stop: usize, mark: usize) -> bool {
        self.report(d);
        self.read_lines(end, stop);
        self.errors_since(mark) == 1
    }

    /// Whether this copy, read on from line `from` to the log's end, draws fewer errors since
    /// report `mark` than `as_written` read on from line `written_from` (the copies read are
    /// dropped): a reading of a slip is taken only when the game follows better by its end.
    fn fewer_by_the_end(&self, from: usize, as_written: Self, written_from: usize, mark: usize) -> bool {
        self.clone().errors_by_the_end(from, mark) < as_written.errors_by_the_end(written_from, mark)
    }

    /// Whether this copy, read on from line `from` to the log's end, draws no more errors since
    /// report `mark` than `as_written` read on from line `written_from`: the readings that may
    /// tie with the log as written.
    pub(in crate::engine) fn no_more_by_the_end(
        &self,
        from: usize,
        as_written: Self,
        written_from: usize,
        mark: usize,
    ) -> bool {
        self.clone().errors_by_the_end(from, mark) <= as_written.errors_by_the_end(written_from, mark)
    }

    /// The errors since the group began once a copy of the replay, the group read as written to
    /// line `end`, is read on to the log's end.
    fn errors_as_written(&self, end: usize) -> usize {
        self.reports_as_written(end).0
    }

    /// [`Self::errors_as_written`], with the notes of what could not be followed
    /// ([`Self::reports_by_the_end`]).
    fn reports_as_written(&self, end: usize) -> (usize, usize) {
        let mut as_written = self.clone();
        as_written.speculating = true;
        as_written.reports_by_the_end(end, self.group_diags)
    }

    /// The errors since report `mark` once this copy is read on from line `from` to the log's end,
    /// each as its code and span.
    fn errors_listed_by_the_end(mut self, from: usize, mark: usize) -> Vec<(Code, Span)> {
        self.read_lines(from, self.log.lines.len());
        let diags = self.diags.get(mark..).unwrap_or_default();
        diags.iter().filter(|d| crate::engine::replay::rules_error(d)).map(|d| (d.code, d.span)).collect()
    }

    /// The errors since report `mark` once this copy is read on from line `from` to the log's end.
    fn errors_by_the_end(self, from: usize, mark: usize) -> usize {
        self.reports_by_the_end(from, mark).0
    }

    /// The errors since report `mark` once this copy is read on from line `from` to the log's end,
    /// and the notes of a power, a turn order, a play or a score it could not follow (R0701 to
    /// R0704): what such fog might have done is not held against the table, so it hides reports.
    fn reports_by_the_end(mut self, from: usize, mark: usize) -> (usize, usize) {
        self.read_lines(from, self.log.lines.len());
        let fog = self.diags.get(mark..).unwrap_or_default().iter().filter(|d| fogging(d.code)).count();
        (self.errors_since(mark), fog)
    }

    /// What this copy leaves by the log's end, read on from line `from`: the errors and warnings
    /// since report `mark` with the standings ([`Ending`]), how many of them are errors, and the
    /// notes since `mark` (of what could not be followed, mostly).
    fn ending(mut self, from: usize, mark: usize) -> (Ending, usize, usize) {
        self.read_lines(from, self.log.lines.len());
        let errors = self.errors_since(mark);
        let reports = self.diags.get(mark..).unwrap_or_default();
        let (notes, reports): (Vec<&Diagnostic>, Vec<&Diagnostic>) =
            reports.iter().partition(|d| d.severity() == Severity::Note);
        let standing = self.state.players.iter().map(|p| (p.score, p.status)).collect();
        ((reports.iter().map(|d| (d.code, d.span)).collect(), standing), errors, notes.len())
    }

    /// The line before the `n + 1`th turn line from `from` (or the log's end).
    pub(in crate::engine) fn after_turns(&self, from: usize, n: usize) -> usize {
        let lines = &self.log.lines;
        let mut turns = 0;
        (from..lines.len())
            .find(|&k| {
                turns += usize::from(matches!(lines[k].kind, LineKind::Turn(_)));
                turns > n
            })
            .unwrap_or(lines.len())
    }

    /// The notes of what could not be followed since report `mark` once this copy is read on from
    /// line `from` to `stop`, each as its code and span.
    fn fog_read_to(mut self, from: usize, stop: usize, mark: usize) -> Vec<(Code, Span)> {
        self.read_lines(from, stop);
        let diags = self.diags.get(mark..).unwrap_or_default();
        diags.iter().filter(|d| fogging(d.code)).map(|d| (d.code, d.span)).collect()
    }
}

/// The power of the first card a turn uses, when it has one power (for the rule a reading of its
/// lines cites).
fn used_power(turn: &Turn) -> Option<Power> {
    turn.steps.iter().find_map(|s| match &s.kind {
        StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, used: Some(_) } => match card.card.power() {
            Some(PowerSpec::Single(p)) => Some(*p),
            _ => None,
        },
        _ => None,
    })
}

/// The choices of `play` where it is of a Sabotage whose first choice names a player.
pub(in crate::engine) fn sabotage_choices(play: &StepKind) -> Option<&[Choice]> {
    let StepKind::Play { card, used: Some(choices) } = play else { return None };
    let aimed = matches!(choices.first(), Some(Choice { kind: ChoiceKind::Player(_), .. }));
    (card.card.power() == Some(&PowerSpec::Single(Power::Sabotage)) && aimed).then_some(choices)
}

/// Whether `play` is of a Sabotage aimed at a player.
pub(in crate::engine) fn sabotage_aimed(play: &StepKind) -> bool {
    sabotage_choices(play).is_some_and(|choices| choices.len() == 1)
}

/// Whether `play` is of a Sabotage aimed at a player with more choices after its `@Name`, which
/// may be the activated card's, `; activate` left out before them (`use @Eve @Fay`).
pub(in crate::engine) fn sabotage_overloaded(play: &StepKind) -> bool {
    sabotage_choices(play).is_some_and(|choices| choices.len() > 1)
}

/// The notes of what the referee could not follow: a power, the turn order, a play, a score.
fn fogging(code: Code) -> bool {
    matches!(code, Code::PowerUnverified | Code::TurnOrderUnverified | Code::PlayUnverified | Code::ScoringUnverified)
}

/// The powers a card written with `power` may have had, one word of it miswritten: each other
/// single power, or for a compound, each other power in either half, the other half kept.
fn other_powers(power: PowerSpec) -> impl Iterator<Item = PowerSpec> {
    let (single, halves) = match power {
        PowerSpec::Single(w) => (Some(w), None),
        PowerSpec::Compound(a, b) => (None, Some((a, b))),
        _ => (None, None),
    };
    let singles =
        single.into_iter().flat_map(|w| Power::ALL.iter().filter(move |&&p| p != w).map(|&p| PowerSpec::Single(p)));
    let compounds = halves.into_iter().flat_map(|(a, b)| {
        let others = move || Power::ALL.iter().copied().filter(move |&p| p != a && p != b);
        others().map(move |p| PowerSpec::Compound(p, b)).chain(others().map(move |p| PowerSpec::Compound(a, p)))
    });
    singles.chain(compounds)
}
