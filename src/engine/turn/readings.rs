//! Writing slips read otherwise (ruling R4). Where a turn as written draws reports, the referee
//! reads it again as the table may have played it: a turn line left out or under another name, two
//! turns swapped, a card, a target, a draw, a `use` or a `then` line miswritten or left out, a round's
//! end written early. A reading is taken only where it leaves nothing else to report over the
//! turns after it and draws fewer reports by the log's end than the log as written; the slip is
//! then reported once, where it stands, and the replay goes on from the reading.

use super::{LastPlay, Shown, Uses, WRITTEN_AGAIN, aimed_at, covers, played_unused, within};
use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::engine::event::Event;
use crate::engine::replay::{Checkpoint, Referee, same_event};
use crate::model::log::{
    CardAt, Choice, ChoiceKind, Line, LineKind, OneOrMany, Step, StepKind, Steps, TroubleAction, Turn,
};
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec, Span};
use crate::powers;

/// The most resolution lines a turn may have to be read again with one of them read otherwise
/// ([`Referee::misnamed_line`]): a Party or a Masaka at a table of eight writes a score of them.
/// So too for the steps of a turn line read again with a card of it read otherwise.
const BLOCK_READ: usize = 48;

/// Where a card read otherwise stands in a turn: card `j` of line `k` of its block, the card
/// played at step `s` of the turn line, or card `j` of choice `c` of that play's power (`0` for a
/// card it takes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) enum CardPlace {
    Line { k: usize, j: usize },
    Play { s: usize },
    Choice { s: usize, c: usize, j: usize },
}

/// Readings of a card of the turn at line `at` (a card of its resolution lines, or a card played
/// or chosen that its zone could not hold), for
/// [`Referee::miswritten_card`]: each from the replay `before` the turn, compared with the replay
/// that read it as `written`.
struct CardReadings<'r, 'a> {
    written: &'r Referee<'a>,
    before: &'r Referee<'a>,
    /// The turn, each played card put back after its reading.
    turn: Turn,
    at: usize,
    /// The line up to which a reading must leave nothing else to report.
    stop: usize,
    /// The turn's lines, each card put back after its reading.
    block: Vec<Line>,
    /// The errors of the turn as written by the log's end, and its notes of fog, once counted.
    as_written: std::cell::OnceCell<(usize, usize)>,
    /// Readings are of powers a decklist does not show (a log with the cards hidden): one that
    /// leaves something unfollowed ([`fogging`]) in its turn, or more by the log's end than the
    /// card written, is not taken (what an unfollowed power might have done is not held against
    /// the table, so it would hide later reports and look better than it is); nor, of more than
    /// [`Self::ENDS_READ`] that fit, any; nor a tie, whose number alone would be unfollowed.
    unfogged: bool,
    /// The card played fitted its own turn, and the turn after it was out of turn
    /// ([`Referee::misplayed_power`]).
    next_turn: bool,
    /// The readings are of the cards played one digit off, the turn after having broken the chain.
    numbers: bool,
}

impl<'a> CardReadings<'_, 'a> {
    /// At most this many readings that fit are read on to the log's end to choose between them (a
    /// card has five other numbers; a card of a hidden hand aimed at a player, with no lines under
    /// it, may fit as eight powers of its number).
    const ENDS_READ: usize = 10;

    /// Of `readings` (a card's place, the card read), the one that fits where no other does, or
    /// of up to ten that fit, the one that draws the fewest reports by the log's end where no
    /// other ties it; where those that fit as well as each other are all powers of one card, the
    /// card with its number alone. The reading taken must draw fewer reports than the turn as
    /// written.
    fn choose(&mut self, readings: Vec<(CardPlace, Card)>) -> Option<Referee<'a>> {
        let (mut fits, mut kept) = (Vec::new(), Vec::new());
        for (place, read) in readings {
            let Some(r) = self.read_as(place, read) else { continue };
            if kept.len() < Self::ENDS_READ {
                kept.push(r);
            }
            fits.push((place, read));
        }
        let tied = if fits.len() <= Self::ENDS_READ {
            let ends: Vec<usize> = kept.iter().map(|r| self.by_the_end(r)).collect();
            let fewest = ends.iter().copied().min().filter(|&f| f < self.as_written())?;
            let tied: Vec<_> = fits.iter().zip(&ends).filter(|(_, e)| **e == fewest).map(|(f, _)| *f).collect();
            if tied.len() == 1 {
                let only = ends.iter().position(|&e| e == fewest)?;
                return Some(kept.swap_remove(only));
            }
            // Of the written card read with other numbers, the one a zero more or fewer off it:
            // the likelier slip of the pen.
            if let Some(near) = self.one_digit_off(&tied) {
                let only = fits.iter().position(|f| *f == near)?;
                return Some(kept.swap_remove(only));
            }
            tied
        } else {
            fits
        };
        // Powers no decklist shows are not read with their number alone, which is unfollowed.
        if self.unfogged {
            return None;
        }
        let (&(place, read), rest) = tied.split_first()?;
        if rest.iter().any(|f| f.0 != place || f.1.denomination() != read.denomination()) {
            return None;
        }
        let r =
            self.read_as(place, Card::Known { denomination: read.denomination()?, power: PowerSpec::Unrecorded })?;
        (self.by_the_end(&r) < self.as_written()).then_some(r)
    }

    /// Of `tied` readings, all of one place and all the written card with another number, the
    /// only one whose number is one digit off the written card's (ten times it, or a tenth).
    fn one_digit_off(&mut self, tied: &[(CardPlace, Card)]) -> Option<(CardPlace, Card)> {
        let &(place, first) = tied.first()?;
        let (written, _) = self.put(place, first)?;
        self.put(place, written);
        let Card::Known { denomination: w, power } = written else { return None };
        if tied.iter().any(|f| f.0 != place || f.1.power() != Some(&power)) {
            return None;
        }
        let near = |c: &Card| c.denomination().is_some_and(|d| d.index().abs_diff(w.index()) == 1);
        let mut near = tied.iter().filter(|f| near(&f.1));
        near.next().copied().filter(|_| near.next().is_none())
    }

    /// The card at `place`, set to `card`: the card it replaced, and its span.
    fn put(&mut self, place: CardPlace, card: Card) -> Option<(Card, Span)> {
        let at = match place {
            CardPlace::Line { k, j } => {
                let LineKind::Resolution(e) = &mut self.block.get_mut(k)?.kind else { return None };
                e.cards_mut().get_mut(j).map(|c| (&mut c.card, c.span))
            }
            CardPlace::Play { s } => match &mut self.turn.steps.get_mut(s)?.kind {
                StepKind::Play { card, .. } => Some((&mut card.card, card.span)),
                _ => None,
            },
            CardPlace::Choice { s, c, j } => {
                let StepKind::Play { used: Some(choices), .. } = &mut self.turn.steps.get_mut(s)?.kind else {
                    return None;
                };
                match &mut choices.get_mut(c)?.kind {
                    ChoiceKind::Cards(cards) => cards.get_mut(j).map(|c| (&mut c.card, c.span)),
                    ChoiceKind::Take(card) => Some((&mut card.card, card.span)),
                    _ => None,
                }
            }
        };
        at.map(|(c, span)| (std::mem::replace(c, card), span))
    }

    /// The reading of the card at `place` as `read`, when the turn and the turns after it follow
    /// it, with the slip reported.
    fn read_as(&mut self, place: CardPlace, read: Card) -> Option<Referee<'a>> {
        let (mark, end) = (self.before.diags.len(), self.at + 1 + self.block.len());
        let (card, span) = self.put(place, read)?;
        let mut r = self.before.clone();
        r.read_turn(&self.turn, self.at, &self.block);
        self.put(place, card);
        if r.errors_since(mark) > 0 {
            return None;
        }
        if self.unfogged && r.diags.get(mark..).unwrap_or_default().iter().any(|d| fogging(d.code)) {
            return None;
        }
        let what = if card.denomination() == read.denomination() { "power" } else { "number" };
        let name = r.name(self.turn.player).to_string();
        let help = match place {
            CardPlace::Play { .. } if read.power_recorded() => {
                format!("the {what} seems miswritten, and {name} may hold a {read}")
            }
            CardPlace::Play { .. } => format!(
                "the power seems miswritten, and {name} may hold more than one card of its number that fits: which \
                 was meant does not show"
            ),
            _ if read.power_recorded() => format!("the {what} seems miswritten"),
            _ => "the power seems miswritten, and which card was meant does not show".to_string(),
        };
        // A card played or chosen keeps the written turn's report (a card the hand or the discard
        // pile cannot hold); a card of a line, or a choice its zone may hold read otherwise for a
        // card played after it, is reported as not fitting the turn.
        let written = self.written.diags.get(self.written.group_diags..).unwrap_or_default();
        let unheld_report = match place {
            CardPlace::Line { .. } => None,
            _ => written.iter().find(|d| d.span == span && unheld(d.code)),
        };
        let mut report = match unheld_report {
            Some(d) => {
                let mut report = Diagnostic::new(d.code, span, d.message.clone());
                report.rule = d.rule;
                report
            }
            None => {
                let what = if self.next_turn { "the turn after it" } else { "this turn" };
                let message = if read.power_recorded() {
                    format!("{card} does not fit {what}, and {read} does")
                } else {
                    format!("{card} does not fit {what}, and more than one card of its number does")
                };
                let mut d = Diagnostic::new(Code::Misresolved, span, message);
                // A card played that its hand may hold: the rule its play broke as written (the
                // chain, a power that cannot be used so), else its power's.
                let step = match place {
                    CardPlace::Play { s } => self.turn.steps.get(s).map(|step| step.span),
                    _ => None,
                };
                let broken = step.and_then(|step| {
                    written.iter().find(|d| d.severity() == Severity::Error && within(d.span, step)).map(|d| d.rule())
                });
                // A card one digit off that played as written: the chain the turn after broke.
                let chain =
                    (self.numbers && read.denomination() != card.denomination()).then(|| Code::OutOfSequence.rule());
                d.rule = broken.or(chain).or_else(|| used_power(&self.turn).map(powers::cited));
                d
            }
        };
        report = report.label(format!("read as {read}")).help(format!(
            "{help}: read as {read}, the turn and the turns after it follow, and the game goes on from it"
        ));
        r.only_report(report, end, self.stop, mark).then_some(r)
    }

    /// The errors of a reading by the log's end.
    fn by_the_end(&self, r: &Referee<'a>) -> usize {
        let (errors, fog) = r.clone().reports_by_the_end(self.stop, self.written.group_diags);
        // A reading of a power the decklist does not show that leaves more unfollowed than the
        // card written is worth nothing: it counts as no better than the turn as written.
        if self.unfogged && fog > self.written_ends().1 {
            return usize::MAX;
        }
        errors
    }

    fn as_written(&self) -> usize {
        self.written_ends().0
    }

    /// The errors and the notes of fog ([`Referee::reports_by_the_end`]) of the turn as written by
    /// the log's end.
    fn written_ends(&self) -> (usize, usize) {
        *self.as_written.get_or_init(|| self.written.reports_as_written(self.at + 1 + self.block.len()))
    }
}

/// The turns [`Referee::reading_left_out`] tries for a turn left out.
struct Ways {
    /// Each turn's steps, with whether it draws a card the player need not have drawn.
    ways: Vec<(Vec<StepKind>, bool)>,
    /// Whether the cards were guessed for a hand the referee does not know in full (three times as
    /// many readings are tried then: a card's power is any of them, aimed at any player a Party's
    /// lines name).
    guessed: bool,
    /// Whether a reading that leaves anything unfollowed is refused.
    unfogged: bool,
}

/// Readings of a turn left out that fit, as [`Referee::reading_left_out`] gathers them: each
/// turn, the replay read on from it, and whether it draws a card the player need not have drawn.
struct Fits<'a> {
    fits: Vec<(Turn, Referee<'a>, bool)>,
    /// How many fit drawing no needless card, and how many do.
    needed: usize,
    needless: usize,
    /// Whether more fit, drawing no needless card, than are read on to the log's end.
    over: bool,
}

impl<'a> Fits<'a> {
    /// At most this many readings that fit are read on to the log's end to choose between them
    /// (a power aimed at each player of a table of eight, or two such powers at a table of five
    /// or six).
    const ENDS_READ: usize = 12;

    fn new() -> Self {
        Fits { fits: Vec::new(), needed: 0, needless: 0, over: false }
    }

    fn add(&mut self, turn: Turn, r: Referee<'a>, needless: bool) {
        if !needless {
            if self.needed == Self::ENDS_READ {
                self.over = true;
                return;
            }
            self.needed += 1;
        } else {
            self.needless += 1;
            if self.needless > Self::ENDS_READ {
                return;
            }
        }
        self.fits.push((turn, r, needless));
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

/// Whether line `k` of `block` is one of two lines alike (the same event, the same player), and
/// `q` has no line like them.
fn written_for_another(block: &[Line], k: usize, q: PlayerId) -> bool {
    let LineKind::Resolution(e) = &block[k].kind else { return false };
    let alike = |l: &Line, p: Option<PlayerId>| match &l.kind {
        LineKind::Resolution(f) => std::mem::discriminant(e) == std::mem::discriminant(f) && f.subject() == p,
        _ => false,
    };
    block.iter().filter(|l| alike(l, e.subject())).count() > 1 && !block.iter().any(|l| alike(l, Some(q)))
}
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

    /// The turn at line `at` (its block running to `end`) has been read, and the lines that end
    /// its block each drew a report: none of them is what the turn made happen. When one way the
    /// player due next could have taken a turn ([`Self::ways_to_take`], a power aimed at one
    /// player too) makes them happen and leaves nothing else to report over them and the next three
    /// turns ([`Self::reading_left_out`] chooses), a turn line was left out above them (ruling R4).
    /// Then the referee reads them so, reports the slip once, and returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn left_out_turn(&mut self, at: usize, end: usize, before: Option<&Self>) -> Option<usize> {
        let lines = &self.log.lines;
        if lines[at + 1..end].iter().any(|l| matches!(l.kind, LineKind::Expect(_))) {
            return None;
        }
        // The line of the block each of the group's reports lies within (its index in the
        // block), one pass with a search each: a `then` line's reports, the turn's own next
        // step (after a Stampede), come before the resolution lines'.
        let block = &lines[at + 1..end];
        let group = self.diags.get(self.group_diags..).unwrap_or_default();
        let line_of: Vec<Option<usize>> = group
            .iter()
            .map(|d| {
                let k = block.partition_point(|l| l.span.start <= d.span.start).checked_sub(1)?;
                within(d.span, block[k].span).then_some(k)
            })
            .collect();
        let (mut first_report, mut repeated) = (vec![None::<usize>; block.len()], vec![false; block.len()]);
        for (i, (d, k)) in group.iter().zip(&line_of).enumerate() {
            let Some(k) = *k else { continue };
            first_report[k] = first_report[k].or(Some(self.group_diags + i));
            repeated[k] |= d.label.as_deref() == Some(WRITTEN_AGAIN);
        }
        // Whether the reports from `from` on all lie within the lines from `first` on: they are
        // the run's own, to be withdrawn if it is read so.
        let group_diags = self.group_diags;
        let own = |first: usize, from: usize| {
            let after = line_of.get(from.saturating_sub(group_diags)..).unwrap_or_default();
            after.iter().all(|k| k.is_some_and(|k| at + 1 + k >= first))
        };
        // The block's last lines, each with reports of its own; and the run after the last line
        // among them reported as written again, which may be the turn above's own line written
        // twice or the turn left out's.
        let (mut first, mut from, mut after_repeat) = (end, self.diags.len(), None);
        for k in (at + 1..end).rev() {
            match &lines[k].kind {
                LineKind::Resolution(_) | LineKind::Then(_) => {
                    let Some(start) = first_report[k - (at + 1)] else { break };
                    if repeated[k - (at + 1)] && after_repeat.is_none() && first < end {
                        after_repeat = Some((first, from));
                    }
                    (first, from) = (k, from.min(start));
                }
                LineKind::Comment { .. } => {}
                _ => break,
            }
        }
        if let Some(after) = after_repeat.filter(|&(first, from)| own(first, from)) {
            let readings = self.left_out_readings;
            let mut short = self.clone();
            let read = short.left_out_run(at, end, after, before);
            let mut spent = readings.saturating_sub(short.left_out_readings);
            if let Some(stop) = read {
                // The whole run read as the turn left out's may make the lines reported as
                // written again happen too (an Ante's puts under a turn that made the same): of
                // the two readings, the one that leaves fewer errors standing over the same turns.
                let mut taken = short;
                if own(first, from) {
                    let mut whole = self.clone();
                    let read = whole.left_out_run(at, end, (first, from), before);
                    spent += readings.saturating_sub(whole.left_out_readings);
                    let fewer = whole.standing_errors_since(group_diags) < taken.standing_errors_since(group_diags);
                    if read == Some(stop) && fewer {
                        taken = whole;
                    }
                }
                *self = taken;
                self.left_out_readings = readings.saturating_sub(spent);
                return Some(stop);
            }
            self.left_out_readings = readings.saturating_sub(spent);
        }
        if !own(first, from) {
            return None;
        }
        self.left_out_run(at, end, (first, from), before)
    }

    /// [`Self::left_out_turn`] for the run of lines `first..end` ending the block of the turn at
    /// line `at`, their reports those from `from` on. A `then` line among them, which the turn
    /// read as its own next step, is read from `before`, the replay before that turn, the turn
    /// then read with the lines above the run alone.
    fn left_out_run(
        &mut self,
        at: usize,
        end: usize,
        (first, from): (usize, usize),
        before: Option<&Self>,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        // The next line is a turn, or the round's end (the turn left out went out): a Safety, a
        // BaH!'s new seating, the scores.
        let next = self.next_group(end);
        let follows = |l: &Line| {
            matches!(
                l.kind,
                LineKind::Turn(_)
                    | LineKind::Safety(_)
                    | LineKind::Reseat(_)
                    | LineKind::Points(_)
                    | LineKind::Totals(_)
            )
        };
        if first == end || self.errors_since(from) == 0 || !lines.get(next).is_some_and(follows) {
            return None;
        }
        let run = &lines[first..end];
        let base = match before {
            Some(before) if run.iter().any(|l| matches!(l.kind, LineKind::Then(_))) => {
                let mut b = before.clone();
                b.speculating = true;
                let mark = b.diags.len();
                b.read_turn(written, at, &lines[at + 1..first]);
                if b.errors_since(mark) > 0 {
                    return None;
                }
                b.speculating = false;
                Some(b)
            }
            Some(_) | None => None,
        };
        // Read from `base`, the run's reports were never made.
        let (fit, stop) = match base {
            Some(mut b) => {
                let (withdrawn, readings) = (b.diags.len(), b.left_out_readings);
                let read = b.read_run(Some(self), at, end, (first, from, withdrawn));
                // The readings it read count against the game's.
                let spent = readings.saturating_sub(b.left_out_readings);
                self.left_out_readings = self.left_out_readings.saturating_sub(spent);
                read?
            }
            None => self.read_run(None, at, end, (first, from, from))?,
        };
        self.adopt(fit);
        Some(stop)
    }

    /// [`Self::left_out_run`] read from this copy: the replay as the turn at line `at` left it
    /// without the run `first..end` where `written_replay` (the replay as written, its reports of
    /// the run from `from` on) is given, else the replay as written, the reports from `withdrawn`
    /// on withdrawn by each reading. Returns the reading taken and the line read up to.
    fn read_run(
        &mut self,
        written_replay: Option<&Self>,
        at: usize,
        end: usize,
        (first, from, withdrawn): (usize, usize, usize),
    ) -> Option<(Self, usize)> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let player = self.state.next?;
        let next = self.next_group(end);
        let span = lines[first].span;
        let (cards, guessed) = self.left_out_cards(player)?;
        let shown = self.shown_by(player, &lines[first..end]);
        let plays = if guessed { self.guessed_plays(player, span, &shown) } else { Vec::new() };
        let mut guesses = turns_of(&plays, false);
        // A Sabotage guessed aimed at a player the lines name, its discarded card's power then
        // activated with no choices (a Go's extra turn, which only the turns after show).
        guesses.extend(
            plays
                .iter()
                .filter(|play| sabotage_aimed(play))
                .map(|play| (vec![play.clone(), StepKind::Activate(Vec::new())], false)),
        );
        // Kinds of reading, each tried only where none of those before it is taken: a card played
        // or drawn, its power used with no choices or aimed at a player; its power used with the
        // other choices the lines show; for a hand not known, each guessed card drawn first; and,
        // where a line shifts the trouble, the active trouble's action opening the turn (a card it
        // drew, named by the lines, may be the card played).
        let mut passes = Vec::with_capacity(4);
        let mut readings = self.ways_to_take(player, &cards, span, Uses::Aimed);
        readings.extend(guesses.iter().cloned());
        let aimed = readings.len();
        passes.push(Ways { ways: readings, guessed, unfogged: guessed });
        let mut readings = self.ways_to_take(player, &cards, span, Uses::Shown(&shown));
        readings.extend(guesses.iter().cloned());
        if readings.len() > aimed {
            passes.push(Ways { ways: readings, guessed, unfogged: true });
        }
        // A guessed card drawn first: the hand keeps its count (from a hand of one, the play
        // alone would have gone out).
        if guessed {
            passes.push(Ways { ways: turns_of(&plays, true), guessed, unfogged: true });
        }
        // Then, as for a turn left out with no lines, the rarer plays a hidden hand may have made
        // ([`Self::guessed_rare_plays`]: a Clone of the number last played, a compound the log
        // names, a Dabo, a Rescue of a card kept secret).
        let rare = if guessed { turns_of(&self.guessed_rare_plays(player, span), false) } else { Vec::new() };
        if !rare.is_empty() {
            passes.push(Ways { ways: rare.clone(), guessed, unfogged: true });
        }
        let trouble = self.active_trouble().filter(|_| shown.shifts && !self.trouble_doubtful);
        if let Some(action) = trouble.and_then(|t| t.action) {
            let (step, drawn) = match action {
                TroubleAction::Draw(n) => (StepKind::ActionDraw(n), shown.cards.as_slice()),
                TroubleAction::Lose(points) => (StepKind::ActionLose(points), &[][..]),
            };
            let mut cards = cards;
            cards.extend(drawn.iter().filter(|c| !cards.contains(c)).collect::<Vec<_>>());
            // As above, a power used with no choices or aimed at a player first, then with the
            // other choices the lines show (which, with the drawn cards, may be too many to try).
            let opened = |ways: Vec<(Vec<StepKind>, bool)>| {
                let ways = ways
                    .into_iter()
                    .map(|(steps, needless)| (std::iter::once(step.clone()).chain(steps).collect(), needless));
                Ways { ways: ways.collect(), guessed, unfogged: true }
            };
            let after_action = |mut ways: Vec<(Vec<StepKind>, bool)>| {
                // Powers guessed for a hidden hand, where the lines show one used besides the shift.
                ways.extend(guesses.iter().filter(|_| shown.other_lines).cloned());
                opened(ways)
            };
            let aimed = after_action(self.ways_to_take(player, &cards, span, Uses::Aimed));
            let chosen = after_action(self.ways_to_take(player, &cards, span, Uses::Shown(&shown)));
            let more = chosen.ways.len() > aimed.ways.len();
            passes.push(aimed);
            if more {
                passes.push(chosen);
            }
            // And the rarer plays after the action.
            if !rare.is_empty() {
                passes.push(opened(rare));
            }
        }
        let run = Span::new(span.start as usize, lines[end - 1].span.end as usize);
        let (who, whose) = (self.name(written.player).to_string(), self.name(player).to_string());
        let more =
            (first + 1..end).filter(|&k| matches!(lines[k].kind, LineKind::Resolution(_) | LineKind::Then(_))).count();
        let these = match more {
            0 => "this line is".to_string(),
            n => format!("this line and the {n} after it are"),
        };
        let stop = self.after_turns(next, 3);
        let mut read = |r: &mut Self, turn: &Turn| {
            for i in withdrawn..r.diags.len() {
                r.withdraw(i);
            }
            // The run's shift lines are the turn left out's.
            r.followed_shifts.retain(|(_, at)| !within(*at, run));
            r.emit_followed_shifts();
            r.made_up_turn(turn, first, end);
            let text = r.turn_text(turn);
            r.report(
                Diagnostic::new(Code::Misresolved, span, format!("{who}'s turn does not make this happen"))
                    .label(format!("{these} what `{text}` makes happen"))
                    .related(written.player_span, format!("{who}'s turn"))
                    .help(format!(
                        "{whose} was next, and a turn line `{text}` seems left out above: the lines are read as \
                         its resolution, and the game goes on from it"
                    )),
            );
            r.read_lines(end, stop);
        };
        // A line among them written again is a slip of its own, reported as such: read as a turn
        // left out only where that draws fewer reports by the log's end; so is a turn of cards
        // guessed for a hand the referee does not know ([`Self::plain_turn_left_out`]).
        let as_written_replay = written_replay.unwrap_or(self);
        let by_the_end =
            guessed || as_written_replay.diags[from..].iter().any(|d| d.label.as_deref() == Some(WRITTEN_AGAIN));
        let standing = |mut r: Self, from_line: usize, mark: usize| {
            r.read_lines(from_line, r.log.lines.len());
            r.standing_errors_since(mark)
        };
        if !self.reads_left_out() {
            return None;
        }
        // What could not be followed that the lines as written draw over the turns read (a
        // round's scores, the hands hidden): not of a reading's making.
        let written_fog = {
            let mut w = as_written_replay.clone();
            w.speculating = true;
            let mark = w.diags.len();
            w.fog_read_to(end, stop, mark)
        };
        // Of the readings that must draw fewer reports by the log's end, the one that draws the
        // fewest (of equal ones, the earliest kind); one that leaves only the slip's own is taken
        // at once.
        let (mut as_written, mut best) = (None, None::<(usize, Self)>);
        let kinds = passes.len();
        for (kind, ways) in passes.into_iter().enumerate() {
            // Choices read off the lines may hold one that nothing shows (a Freeze's name): such a
            // reading, like a guessed one, must draw fewer reports by the log's end too.
            let by_the_end = by_the_end || ways.unfogged;
            let Some(fit) = self.reading_left_out(player, span, ways, &written_fog, stop, &mut read) else { continue };
            // A reading of the first kind, with kinds after it to try, is weighed by the log's end
            // too (a draw, a trouble's miss, fits the shift line that the trouble's action made).
            if !by_the_end && kind + 1 == kinds {
                best = Some((0, fit));
                break;
            }
            let left = standing(fit.clone(), stop, withdrawn);
            if by_the_end {
                let written = *as_written.get_or_insert_with(|| {
                    let mut r = written_replay.unwrap_or(self).clone();
                    r.speculating = true;
                    standing(r, end, from)
                });
                if left >= written {
                    continue;
                }
            }
            if keep_fewest(&mut best, left, fit) {
                break;
            }
        }
        best.map(|(_, fit)| (fit, stop))
    }

    /// Takes the reading `r` of a slip as the replay from here, no longer speculating, the game's
    /// readings left as this copy has them (the reading was made before some were used).
    fn adopt(&mut self, mut r: Self) {
        r.speculating = false;
        r.left_out_readings = self.left_out_readings;
        *self = r;
    }

    /// A copy of the replay before the turn at line `at` (its block running to `end`) is read, in
    /// case [`Self::misaimed_turn`] reads it again: when its power is aimed at one player, and one
    /// of its lines names a player other than that one and the turn's.
    #[inline]
    fn copy_if_misaimed(&self, turn: &Turn, at: usize, end: usize) -> Option<Box<Self>> {
        self.names_another_target(turn, at, end)?.then(|| Box::new(self.clone()))
    }

    /// For the turn at line `at` (its block running to `end`), its power aimed at one player and
    /// its block with no `expect` line, where the replay may read it again: whether one of its
    /// lines names a player other than that one and the turn's. `None` where it is not read again.
    fn names_another_target(&self, turn: &Turn, at: usize, end: usize) -> Option<bool> {
        let (target, _) = aimed_at(turn)?;
        let block = &self.log.lines[at + 1..end];
        let expects = block.iter().any(|l| matches!(l.kind, LineKind::Expect(_)));
        if self.speculating || self.left_out_readings == 0 || self.state.fog.turn_order || expects {
            return None;
        }
        let names_another = |l: &Line| match &l.kind {
            LineKind::Resolution(e) => e.names_any(|p| p != turn.player && p != target),
            _ => false,
        };
        Some(block.iter().any(names_another))
    }

    /// Reads the turn at line `at`, its block running to `end`: from a copy of the replay taken
    /// before it ([`Self::copy_if_misaimed`]) when it draws a report, once more as
    /// [`Self::misaimed_turn`] has it, returning the line read up to then.
    #[inline(never)]
    pub(in crate::engine) fn aimed_turn(&mut self, turn: &Turn, at: usize, end: usize) -> Option<usize> {
        let before = self.copy_if_misaimed(turn, at, end);
        self.turn(at, end);
        self.count_turn();
        let before = before.filter(|_| self.errors_since(self.group_diags) > 0)?;
        self.misaimed_turn(*before, at, end)
    }

    /// The turn at line `at` (its block running to `end`), its power aimed at one player, drew
    /// reports, and its lines name another. When aiming it at exactly one other player makes its
    /// lines happen and leaves nothing else to report over them and the next three turns, the
    /// target was miswritten (or the lines' player; ruling R4). Then the referee reads the turn so
    /// from `before` (the replay just before it), reports the slip once, and returns the line it
    /// read up to.
    #[cold]
    pub(in crate::engine) fn misaimed_turn(&mut self, before: Self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let (target, choice) = aimed_at(written)?;
        let line = (at + 1..end).find(|&k| matches!(lines[k].kind, LineKind::Resolution(_)))?;
        if self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        let who = self.name(written.player).to_string();
        let power = used_power(written);
        // The targets that fit, each with whether it leaves a power unfollowed (a Battle aimed
        // at a player whose revealed cards the lines do not give): such a reading may seem to
        // make any line happen, and is taken only where it is the one fit.
        let mut fits = Vec::new();
        for q in self.log.names.ids().filter(|&q| q != target) {
            let mut turn = written.clone();
            for step in turn.steps.iter_mut() {
                if let StepKind::Play { used: Some(used), .. } | StepKind::Replay { used: Some(used), .. } =
                    &mut step.kind
                {
                    for c in used.iter_mut() {
                        if let ChoiceKind::Player(p) = &mut c.kind {
                            *p = q;
                        }
                    }
                }
            }
            let mut r = before.clone();
            r.speculating = true;
            r.left_out_readings = self.left_out_readings;
            let mark = r.diags.len();
            r.read_turn(&turn, at, &lines[at + 1..end]);
            if r.errors_since(mark) > 0 {
                continue;
            }
            let (aimed, meant) = (r.name(target).to_string(), r.name(q).to_string());
            let mut d = Diagnostic::new(
                Code::Misresolved,
                choice,
                format!("{who}'s turn is aimed at {aimed}, and its lines are what aiming it at {meant} makes happen"),
            )
            .label(format!("read as `@{meant}`"))
            .related(lines[line].span, format!("the turn's lines follow `@{meant}`"))
            .help(format!(
                "the target and the lines disagree: the turn is read as aimed at {meant}, as its lines and the \
                 turns after it have it, and the game goes on from it"
            ));
            d.rule = power.map(powers::cited);
            if !r.only_report(d, end, stop, mark) {
                continue;
            }
            let fogged = r.diags[mark..].iter().any(|d| fogging(d.code));
            fits.push((r, fogged));
        }
        let followed = fits.iter().filter(|(_, fogged)| !fogged).count();
        if fits.len() > 1 && followed == 1 {
            fits.retain(|(_, fogged)| !fogged);
        }
        if fits.len() != 1 {
            return None;
        }
        // Nor more than as written by the log's end: lines that name the wrong player may fit
        // another target for a while, until the cards they moved are missed.
        let (r, _) = fits.pop()?;
        self.take_if_fewer(r, stop, end, before.diags.len())
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

    /// The turn at line `at` (its block running to `end`) used a power that needs a player, and
    /// none was written (a report of its choices at the play). When aiming it at exactly one
    /// player makes the turn happen and leaves nothing else to report over it and the next three
    /// turns (a Score's points written under the turn of the player it awaited), or of several
    /// that do, the one that draws the fewest reports by the log's end where no other ties it,
    /// and the reading draws fewer reports by the log's end than the turn as written, the target
    /// was left out (ruling R4): the referee reads the turn so from `before` (the replay just
    /// before it), reports the slip once, and returns the line it read up to.
    #[cold]
    fn untargeted_turn(&mut self, before: &Self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        let (s, report) = written.steps.iter().enumerate().find_map(|(s, step)| {
            let StepKind::Play { used: Some(used), .. } = &step.kind else { return None };
            if used.iter().any(|c| matches!(c.kind, ChoiceKind::Player(_))) {
                return None;
            }
            let d = reports.iter().find(|d| d.code == Code::BadChoices && within(d.span, step.span))?;
            Some((s, d.clone()))
        })?;
        if self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        // The players that fit, each with whether it leaves a power unfollowed: such a reading
        // may seem to make any line happen, and is taken only where no followed one fits and it
        // is the one fit.
        let mut fits = Vec::new();
        for q in self.log.names.ids() {
            let mut turn = written.clone();
            if let StepKind::Play { used: Some(used), .. } = &mut turn.steps[s].kind {
                let aimed = used.iter().cloned().chain([Choice { kind: ChoiceKind::Player(q), span: report.span }]);
                *used = aimed.collect();
            }
            let meant = self.name(q);
            let mut d = Diagnostic::new(report.code, report.span, report.message.clone())
                .label(format!("read as `@{meant}`"))
                .help(format!(
                    "the target seems left out: the turn is read as aimed at {meant}, as the turns after it have \
                     it, and the game goes on from it"
                ));
            d.rule = report.rule;
            let Some(r) = self.read_as_slip(before, &turn, at, end, stop, d) else { continue };
            let fogged = r.diags[before.diags.len()..].iter().any(|d| fogging(d.code));
            fits.push((r, fogged));
        }
        if fits.iter().any(|(_, fogged)| !fogged) {
            fits.retain(|(_, fogged)| !fogged);
        } else if fits.len() > 1 {
            return None;
        }
        // Several may fit over the next turns (a Score whose player plays later).
        let fits = fits.into_iter().map(|(r, _)| r).collect();
        self.take_fewest(fits, stop, end, before.diags.len())
    }

    /// Of `fits`, readings of the turn whose block runs to `end`, each read on to line `stop`, takes
    /// the one that draws the fewest errors since report `mark` by the log's end, where no other
    /// ties it and it draws fewer than the turn as written; returns the line it read up to.
    fn take_fewest(&mut self, mut fits: Vec<Self>, stop: usize, end: usize, mark: usize) -> Option<usize> {
        let ends: Vec<usize> = fits.iter().map(|r| r.clone().errors_by_the_end(stop, mark)).collect();
        let fewest = ends.iter().copied().min()?;
        let mut as_written = self.clone();
        as_written.speculating = true;
        if ends.iter().filter(|&&e| e == fewest).count() != 1 || fewest >= as_written.errors_by_the_end(end, mark) {
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

    /// The turn at line `at` (its block running to `end`) plays first a card the hand cannot hold
    /// (reported at the card), and draws nothing. When the turn read with a draw of that card
    /// before the play (`draw 100 Go; 100 Go`) happens, and leaves nothing more to report over the
    /// next three turns and fewer reports by the log's end than the turn as written, the draw was
    /// left out (ruling R4): the referee reads the turn so from `before` (the replay just before
    /// it), keeps the report as the one report, and returns the line it read up to.
    #[cold]
    fn undrawn_turn(&mut self, before: &Self, at: usize, end: usize) -> Option<usize> {
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
    /// between them: the table may have been reseated and the line left out. The seating the
    /// round's turns show ([`seating_shown`]), where it is another, is read as written before the
    /// round's first turn; where the replay so reads the round to the
    /// turn with nothing to report, the turn and the next three with nothing else, and draws fewer
    /// reports by the log's end than as written, it is taken, and the turn's report is the one
    /// report of the slip (ruling R4). Returns the line it read up to.
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
        // The round's first turn, and the seating its turns show.
        let round = (0..at).rev().find(|&k| matches!(lines[k].kind, LineKind::Round(_)))?;
        let first = (round..at).find(|&k| matches!(lines[k].kind, LineKind::Turn(_)))?;
        let seats = self.state.seating.len();
        let shown = seating_shown(&lines[first..], seats)?;
        // A seating is a circle: the same players in the same order from another seat are no reseating.
        let mut rotations = (0..seats).map(|k| shown.iter().cycle().skip(k).take(seats));
        if rotations.any(|r| r.eq(self.state.seating.iter())) {
            return None;
        }
        let order: Vec<&str> = shown.iter().map(|&p| self.name(p)).collect();
        let who = self.name(turn.player);
        let d = Diagnostic {
            label: Some(format!("{who}'s turn if the table was reseated {}", order.join(", "))),
            help: Some(format!(
                "the round's turns follow another seating: a BaH! may have reseated the table at the last round's \
                 end, and its line seems left out; read so (`reseat {}`), the turns follow",
                order.join(", ")
            )),
            ..report
        };
        self.read_again_from(from, first, at, end, d, |r| {
            r.emit(Event::Reseated(shown));
            r.reseat_unwritten = false;
            true
        })
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
        let mut r = written.clone();
        r.speculating = true;
        let mark = r.diags.len();
        if !change(&mut r) {
            return None;
        }
        r.read_lines(from_line, at);
        if r.errors_since(mark) > 0 {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        r.report_at_group = Some(Box::new(d));
        r.read_lines(at, stop);
        if r.errors_since(mark) != 1 {
            return None;
        }
        written.take_if_fewer(r, stop, from_line, mark)?;
        *self = written;
        Some(stop)
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

    /// The turn at line `at` (its block running to `end`) used a Sabotage aimed at a player and
    /// activated nothing, and its lines drew a report: the player may have activated the card the
    /// Sabotage discarded, which the log leaves out. The replay just before the turn is taken up
    /// again (read on to it from `from`, or from the log's start) and the turn read with
    /// `activate` after the Sabotage, with no choices and aimed at each player; where one makes
    /// the turn and the next three happen with nothing else to report (of several, the one that
    /// draws the fewest reports by the log's end, no other tying it) and it draws fewer reports
    /// by the log's end than as written, it is taken, the slip reported once at the Sabotage
    /// (ruling R4); returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn activate_left_out(
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
        let s = turn.steps.iter().position(|step| sabotage_aimed(&step.kind))?;
        let sabotage = turn.steps.get(s)?.span;
        self.left_out_readings -= 1;
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        let stop = self.after_turns(self.next_group(end), 3);
        let mark = before.diags.len();
        let at_end = Span::new(sabotage.end as usize, sabotage.end as usize);
        let choices = std::iter::once(None).chain(self.log.names.ids().map(Some));
        let mut fits = Vec::new();
        for target in choices {
            let chosen: Vec<Choice> =
                target.map(|q| Choice { kind: ChoiceKind::Player(q), span: at_end }).into_iter().collect();
            let mut steps: Vec<Step> = turn.steps.iter().cloned().collect();
            steps.insert(s + 1, Step { kind: StepKind::Activate(chosen), span: at_end });
            let mut activated = turn.clone();
            activated.steps = Steps::Many(steps);
            let mut r = before.clone();
            r.read_turn(&activated, at, &lines[at + 1..end]);
            // A power left unfollowed would seem to make any line happen.
            let fogged = r.diags.get(mark..).unwrap_or_default().iter().any(|d| fogging(d.code));
            if r.errors_since(mark) > 0 || fogged {
                continue;
            }
            let written_step = match target {
                Some(q) => format!("activate @{}", self.name(q)),
                None => "activate".to_string(),
            };
            let mut d = Diagnostic::new(
                Code::Misresolved,
                sabotage,
                "the lines under this Sabotage follow the card it discarded activated",
            )
            .label(format!("read with `; {written_step}` after it"))
            .help(format!(
                "the lines show the discarded card's power used, which only `activate` does; the turn is read with \
                 `{written_step}` after the Sabotage, the step seeming left out"
            ));
            d.rule = Some(powers::cited(Power::Sabotage));
            if r.only_report(d, end, stop, mark) {
                fits.push(r);
            }
        }
        written.take_fewest(fits, stop, read, mark)?;
        *self = written;
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`), with no trouble action, drew a report
    /// at a line shifting the trouble: the turn's player may have taken the active trouble's
    /// action (`action lose 100000`), which the log leaves out. The replay just before the turn is
    /// taken up again (read on to it from `from`, or from the log's start) and the turn read with
    /// the action as its first step; where that leaves nothing else to report over the turn and
    /// the next three, and fewer reports by the log's end than as written (the points the action
    /// cost), it is taken, the slip reported once at the shift line (ruling R4); returns the line
    /// it read up to.
    #[cold]
    pub(in crate::engine) fn action_left_out(
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
        let shift = (at + 1..end).find(|&k| matches!(&lines[k].kind, LineKind::Resolution(Event::TroubleShifts(_))))?;
        self.left_out_readings -= 1;
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        let trouble = before.active_trouble().filter(|_| !before.trouble_doubtful)?;
        let (step, action) = match trouble.action? {
            TroubleAction::Draw(n) => (StepKind::ActionDraw(n), format!("action draw {n}")),
            TroubleAction::Lose(points) => (StepKind::ActionLose(points), format!("action lose {}", points.0)),
        };
        let first = turn.steps.first()?.span;
        let mut opened = turn.clone();
        let action_step = Step { kind: step, span: Span::new(first.start as usize, first.start as usize) };
        opened.steps = Steps::Many(std::iter::once(action_step).chain(turn.steps.iter().cloned()).collect());
        let mut r = before.clone();
        let mark = r.diags.len();
        r.read_turn(&opened, at, &lines[at + 1..end]);
        if r.errors_since(mark) > 0 {
            return None;
        }
        let who = self.name(turn.player);
        let d = Diagnostic::new(
            Code::Misresolved,
            lines[shift].span,
            format!("the trouble shifts here only if {who} took its action"),
        )
        .label(format!("read with `{action}` opening the turn"))
        .help(format!(
            "nothing in the turn as written shifts the trouble; its action does, and the turn is read with \
             `{who}: {action}; …`, the action's line seeming left out"
        ))
        .cites("TCC 2.1, Troubles - Shifting");
        let stop = self.after_turns(self.next_group(end), 3);
        if !r.only_report(d, end, stop, mark) {
            return None;
        }
        written.take_if_fewer(r, stop, read, mark)?;
        *self = written;
        Some(stop)
    }

    /// The turn after the one at line `at` (its block running to `end`) broke the chain, and the
    /// turn at `at` used a Stampede with no `then` line: the Stampede's player may have played
    /// the next card after it, which the log leaves out. The replay just before the turn is taken
    /// up again (read on to it from `from`, or from the log's start) and the turn read with a
    /// `then` line for each card of the next number the hand is known to hold; where exactly one
    /// makes the turn and the next three happen with nothing else to report, and it draws fewer
    /// reports by the log's end than as written, it is taken (ruling R4), the slip reported once
    /// at the Stampede; returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn then_left_out(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        // The Stampede is the turn's last step (a draw may come before it).
        let step = turn.steps.last()?;
        let StepKind::Play { card: stampede, used: Some(_) } = &step.kind else { return None };
        let next = stampede.card.denomination()?.next();
        let then = |l: &Line| matches!(l.kind, LineKind::Then(_));
        if !stampede.card.power().is_some_and(|p| p.is_known() && p.has(Power::Stampede))
            || !self.block_rereadable(at, end)
            || lines[at + 1..end].iter().any(then)
            || self.left_out_readings == 0
        {
            return None;
        }
        self.left_out_readings -= 1;
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        let hand = &before.state.player(turn.player).hand;
        let mut cards: Vec<Card> = Vec::new();
        for c in &hand.known {
            if c.denomination() == Some(next) && matches!(c, Card::Known { .. }) && !cards.contains(c) {
                cards.push(*c);
            }
        }
        // A hand not known in full may hold a card of that number none of its known cards is.
        let unseen = hand.unknown > 0 || hand.unbounded;
        if cards.is_empty() && !unseen {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        let mark = before.diags.len();
        let span = lines[end - 1].span;
        let at_end = Span::new(span.end as usize, span.end as usize);
        let read_then = |c: Card| {
            let mut block = lines[at + 1..end].to_vec();
            let then =
                Step { kind: StepKind::Play { card: CardAt { card: c, span: at_end }, used: None }, span: at_end };
            block.push(Line { kind: LineKind::Then(then), span: at_end, comment: None, blank_before: false });
            let mut r = before.clone();
            r.read_turn(turn, at, &block);
            if r.errors_since(mark) > 0 {
                return None;
            }
            let mut d = Diagnostic::new(
                Code::Misresolved,
                stampede.span,
                format!("the turns after this Stampede follow its player's playing {c} after it"),
            )
            .label(format!("read with `then {c}`"))
            .help(format!(
                "the Stampede's player's own play seems left out: the turn is read with `then {c}` under it, as \
                 the turns after it have it, and the game goes on from it"
            ));
            d.rule = Some(powers::cited(Power::Stampede));
            r.only_report(d, end, stop, mark).then_some(r)
        };
        let fits: Vec<Self> = cards.iter().filter_map(|&c| read_then(c)).collect();
        let several = fits.len() > 1 || fits.is_empty() && unseen;
        // Of several cards that fit, the hand's other cards show only later, when they are played;
        // where none shows which (they tie by the log's end), or no known card fits and the hand
        // has unseen ones, the card is read with its number alone, its power taken from the log.
        if written.take_fewest(fits, stop, read, mark).is_none() {
            if !several {
                return None;
            }
            let r = read_then(Card::Known { denomination: next, power: PowerSpec::Unrecorded })?;
            written.take_if_fewer(r, stop, read, mark)?;
        }
        *self = written;
        Some(stop)
    }

    /// The turn after the one at line `at` (its block running to `end`) was not the one the turn
    /// order called for: written as skipped where nothing skipped its player, or out of turn. The
    /// turn at `at` may have played a card of one of `powers` (a Skip, a Go) without `use`
    /// written. The replay just before the turn is taken up again (read on to it from `from`, or
    /// from the log's start) and the turn read with the card used ([`Self::unused_turn`]), which,
    /// if it is taken, becomes the replay; returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn unused_before(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        powers: &[Power],
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let unused = |s: &Step| powers.iter().any(|&p| played_unused(s, p).is_some());
        if !turn.steps.iter().any(unused) || !self.block_rereadable(at, end) {
            return None;
        }
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        if read != end || written.previous_turn.map(|(p, _)| p) != Some(turn.player) {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        let read = written.unused_turn(&before, at, end, stop);
        self.left_out_readings = written.left_out_readings;
        read?;
        *self = written;
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`) drew a report, and plays a card of a
    /// power it may use without `use`. When the turn read with the card used (for a compound,
    /// both halves, or one half alone) happens, and leaves nothing else to report over it and the
    /// next three turns (to line `stop`), for exactly one card and reading, and draws fewer
    /// reports by the log's end than the turn as written, `use` was left out (ruling R4): the
    /// referee reads the turn so from `before` (the replay just before it), reports the slip once
    /// at the card, and returns the line it read up to.
    #[cold]
    fn unused_turn(&mut self, before: &Self, at: usize, end: usize, stop: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let unused = |step: &Step| match &step.kind {
            StepKind::Play { card, used: None } | StepKind::Replay { card, used: None } => match card.card {
                Card::Known { power: power @ (PowerSpec::Single(_) | PowerSpec::Compound(..)), .. }
                    if !powers::is_passive(&power) =>
                {
                    Some((card.span, power))
                }
                _ => None,
            },
            _ => None,
        };
        if !written.steps.iter().any(|step| unused(step).is_some()) || self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let mut fit = None;
        for (s, step) in written.steps.iter().enumerate() {
            let Some((span, power)) = unused(step) else { continue };
            let halves = match power {
                PowerSpec::Compound(a, b) => vec![None, Some(a), Some(b)],
                _ => vec![None],
            };
            // `use` alone first, the one word a slip leaves out; then one half alone (two words),
            // only where both halves do not fit (in sequence a Clone half adds nothing to see).
            let mut step_fit = None;
            for half in halves {
                if half.is_some() && step_fit.as_ref().is_some_and(|(both, _)| *both) {
                    break;
                }
                let mut turn = written.clone();
                let choices: Box<[Choice]> =
                    half.map(|h| Choice { kind: ChoiceKind::Half(h), span }).into_iter().collect();
                if let StepKind::Play { used, .. } | StepKind::Replay { used, .. } = &mut turn.steps[s].kind {
                    *used = Some(choices);
                }
                let read = half.map_or_else(|| "use".to_string(), |h| format!("use {h}"));
                let mut d = Diagnostic::new(
                    Code::Misresolved,
                    span,
                    format!("this card is written as not used, and what follows is what `{read}` makes happen"),
                )
                .label(format!("read as `{read}`"))
                .help(format!(
                    "`{read}` seems left out: the card is read as used, as the turn's lines and the turns after it \
                     have it, and the game goes on from it"
                ));
                let single = match power {
                    PowerSpec::Single(p) => Some(p),
                    _ => None,
                };
                d.rule = half.or(single).map(powers::cited);
                let Some(r) = self.read_as_slip(before, &turn, at, end, stop, d) else { continue };
                if step_fit.is_some() {
                    return None;
                }
                step_fit = Some((half.is_none(), r));
            }
            if let Some((_, r)) = step_fit {
                if fit.is_some() {
                    return None;
                }
                fit = Some(r);
            }
        }
        self.take_if_fewer(fit?, stop, end, before.diags.len())
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

    /// A turn out of order at line `at` that no other reading explains, the player due having a
    /// hand known in full: when exactly one way that player could have taken the turn
    /// ([`Self::ways_to_take`]) leaves nothing else to report over that turn and the next two,
    /// that turn was left out above (ruling R4). Then
    /// the referee reads it so, reports the turn out of order once, naming the turn left out, and
    /// returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn plain_turn_left_out(&mut self, at: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let player = self.state.next.filter(|&e| e != written.player)?;
        let skipped = written.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        // Where the turn order is not followed, no turn is out of order, and no reading is spent.
        let unordered = self.state.fog.turn_order;
        if self.speculating || self.table_order || unordered || skipped || self.left_out_readings == 0 {
            return None;
        }
        let (who, whose) = (self.name(written.player).to_string(), self.name(player).to_string());
        // Read as written, the turn is reported out of order (no other reading of the referee's
        // explains it).
        let out_of_order = |d: &Diagnostic| d.code == Code::OutOfTurn && d.span.is_at(written.player_span);
        let report = |text: &str| {
            Diagnostic::new(Code::OutOfTurn, written.player_span, format!("it was {whose}'s turn, not {who}'s"))
                .label(format!("expected {whose}"))
                .help(format!(
                    "a turn line `{text}` seems left out above: read so, the turns after it follow, and the game \
                     goes on from it"
                ))
        };
        self.turn_left_out_before(at, player, false, out_of_order, report)
    }

    /// The turn at line `at`, its player's due, drew a report (from report `mark` on)
    /// that its card broke the chain, one number past what the chain allowed: that player's turn
    /// before it, one that gave it this extra turn (a Go), may be left out above (ruling R4). Read
    /// from `from` (the replay before it), when a way that player could have taken that turn lets
    /// this one and the next three follow, and draws fewer reports by the log's end than the turn
    /// as written, the referee reads it so, reports the chain's break once, naming the turn left
    /// out, and returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn own_turn_left_out(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        mark: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let (card, span) = written.steps.iter().find_map(|s| match &s.kind {
            StepKind::Play { card, .. } => Some((card.card, card.span)),
            _ => None,
        })?;
        let off_chain = |d: &Diagnostic| d.code == Code::OutOfSequence && within(d.span, span);
        let written_report = self.diags.get(mark..).unwrap_or_default().iter().find(|d| off_chain(d))?.clone();
        let mut r = self.replayed_clear_to(from, at)?;
        let number = card.denomination()?;
        if r.state.next != Some(written.player) || !r.numbers_allowed().any(|d| d.next() == number) {
            return None;
        }
        let who = r.name(written.player).to_string();
        let report = |text: &str| {
            written_report.clone().help(format!(
                "a turn line `{text}` seems left out above, and this turn is the extra one it gave {who}: read so, \
                 the turns after it follow, and the game goes on from it"
            ))
        };
        let stop = r.turn_left_out_before(at, written.player, true, off_chain, report)?;
        self.adopt(r);
        Some(stop)
    }

    /// Reads the turn at line `at` after a turn of `player`'s left out above it: the reading of
    /// [`Self::plain_turn_left_out`] and [`Self::own_turn_left_out`], where the turn as written
    /// draws a report `symptom` accepts, and `report` (given the turn left out as a log line) is
    /// the slip's report. A reading must draw no more reports by the log's end than the turns as
    /// written (`fewer`, or a hand guessed: fewer). Returns the line read up to.
    fn turn_left_out_before(
        &mut self,
        at: usize,
        player: PlayerId,
        fewer: bool,
        symptom: impl Fn(&Diagnostic) -> bool,
        report: impl Fn(&str) -> Diagnostic,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        if self.speculating || self.table_order || self.left_out_readings == 0 {
            return None;
        }
        let (cards, guessed) = self.left_out_cards(player)?;
        let mut as_written = self.clone();
        as_written.speculating = true;
        let from = as_written.diags.len();
        let after = as_written.group(at);
        if !as_written.diags[from..].iter().any(symptom) {
            self.left_out_readings -= 1;
            return None;
        }
        let span = Span::new(written.player_span.start as usize, written.player_span.start as usize);
        let readings = self.ways_to_take(player, &cards, span, Uses::Plain);
        let stop = self.after_turns(at, 3);
        let mut read = |r: &mut Self, turn: &Turn| {
            let d = report(&r.turn_text(turn));
            // Read with the written turn's group, so that its `expect` lines see what it made.
            r.left_out = Some(Box::new((turn.clone(), d)));
            r.read_lines(at, stop);
        };
        let mut passes = vec![Ways { ways: readings, guessed, unfogged: guessed }];
        // For a hand not known, where no card played without its power is taken: the number
        // called for with each power the hand may hold, used with no choices; then each drawn
        // first (the hand keeps its count).
        if guessed {
            let plays = self.guessed_plays(player, span, &Shown::default());
            passes.push(Ways { ways: turns_of(&plays, false), guessed, unfogged: true });
            passes.push(Ways { ways: turns_of(&plays, true), guessed, unfogged: true });
            // Then a Rescue or a Replay the hand may hold, fetching a card of the next number
            // from the open discard or play pile, played at once.
            let [fetched, ..] = self.held_ways(player, &self.fetchers(player, &cards), span, false);
            passes.push(Ways { ways: fetched, guessed, unfogged: true });
            // Last, the rarer plays ([`Self::guessed_rare_plays`]): a compound the log names, a
            // Clone of the number last played, a Dabo, a Rescue of a card kept secret.
            let rare = self.guessed_rare_plays(player, span);
            passes.push(Ways { ways: turns_of(&rare, false), guessed, unfogged: true });
        } else {
            // For a hand known, where nothing plain fits, its cards used with the choices the
            // zones offer.
            let held = self.held_ways(player, &cards, span, true);
            passes.extend(held.into_iter().filter(|w| !w.is_empty()).map(|ways| Ways {
                ways,
                guessed,
                unfogged: false,
            }));
        }
        // Nor more than as written by the log's end: a draw read left out may fit for three
        // turns and leave the hand a card too many when the round ends. A card guessed for a
        // hand the referee does not know must explain more than the turn out of turn: the table
        // may have lost track of whose turn it was, and nothing then shows a turn left out.
        let written = as_written.clone().errors_by_the_end(after, from);
        // What could not be followed that the turns as written draw too: not of a reading's making.
        let written_fog = as_written.fog_read_to(after, stop, from);
        // Of the kinds' readings, the one that draws the fewest reports by the log's end (of equal
        // ones, the kind tried first; one that leaves only the slip's own ends the search): a
        // card played unused fits as well as its power used on a card of the hand, until the
        // scores show the points of the card it discarded.
        let mut best = None::<(usize, Self)>;
        for ways in passes {
            let Some(r) = self.reading_left_out(player, span, ways, &written_fog, stop, &mut read) else { continue };
            let ends = r.clone().errors_by_the_end(stop, from);
            if ends > written || (guessed || fewer) && ends == written {
                continue;
            }
            if keep_fewest(&mut best, ends, r) {
                break;
            }
        }
        let (_, r) = best?;
        self.adopt(r);
        Some(stop)
    }

    /// The round ends at line `at` (its scores, or the next round) with nobody out, and the player
    /// due held one card: when one way of playing it ([`Self::plays_of`], aimed at any player)
    /// leaves nothing else to report over the round's end and the next three turns
    /// ([`Self::reading_left_out`] chooses), the turn that went out was left out above (ruling
    /// R4). Then the referee reads it so, reports the round ended with nobody out once, naming
    /// the turn left out, and returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn round_end_left_out(&mut self, at: usize) -> Option<usize> {
        let player = self.state.next?;
        let hand = &self.state.player(player).hand;
        let one_card = !hand.unbounded && hand.known.len() + hand.unknown as usize == 1;
        if !one_card || self.table_order || !self.went_out.is_empty() || !self.reads_left_out() {
            return None;
        }
        let (cards, guessed) = self.left_out_cards(player)?;
        let line = self.log.lines[at].span;
        // Read as written, the round ends with nobody out.
        let mut as_written = self.clone();
        as_written.speculating = true;
        let from = as_written.diags.len();
        let after = as_written.group(at);
        let Some(written) = as_written.diags[from..].iter().find(|d| d.code == Code::RoundWithoutGoOut) else {
            self.left_out_readings -= 1;
            return None;
        };
        let message = written.message.clone();
        let span = Span::new(line.start as usize, line.start as usize);
        let plays = self.plays_of(player, &cards, span, Uses::Aimed);
        let mut passes = vec![Ways { ways: turns_of(&plays, false), guessed, unfogged: guessed }];
        // For a hand not known, the number called for with each power it may hold.
        if guessed {
            let plays = self.guessed_plays(player, span, &Shown::default());
            passes.push(Ways { ways: turns_of(&plays, false), guessed, unfogged: true });
        }
        let whose = self.name(player).to_string();
        let stop = self.after_turns(at, 3);
        let mut read = |r: &mut Self, turn: &Turn| {
            let text = r.turn_text(turn);
            let d = Diagnostic::new(Code::RoundWithoutGoOut, line, message.clone())
                .label(format!("expected {whose} to go out first"))
                .help(format!(
                    "{whose} held one card, and a turn line `{text}` seems left out above: read so, {whose} went \
                     out, and the game goes on from it"
                ));
            r.left_out = Some(Box::new((turn.clone(), d)));
            r.read_lines(at, stop);
        };
        // The round's end with nobody out is reported either way, and a card guessed for a hand
        // nobody saw only names the turn that went out: no more reports than as written by the
        // log's end.
        let written_fog = as_written.clone().fog_read_to(after, stop, from);
        for ways in passes {
            let Some(r) = self.reading_left_out(player, span, ways, &written_fog, stop, &mut read) else { continue };
            if r.no_more_by_the_end(stop, as_written.clone(), after, from) {
                *self = r;
                return Some(stop);
            }
        }
        None
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
        let due = self.state.next.filter(|&e| e != written.player)?;
        let skipped = written.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        let expects = lines[at + 1..end].iter().any(|l| matches!(l.kind, LineKind::Expect(_)));
        let unordered = self.state.fog.turn_order;
        if self.speculating || self.table_order || unordered || skipped || expects || self.left_out_readings == 0 {
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
            Diagnostic::new(Code::OutOfTurn, written.player_span, format!("it was {whose}'s turn, not {who}'s"))
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

    /// The turn at line `at` (its block running to `end`) drew a report that no other reading
    /// explained. When reading one of its resolution lines as another player's makes the turn
    /// happen, and leaves nothing else to report over it and the next three turns, for exactly one
    /// line and player, and the reading draws fewer reports by the log's end than the turn as
    /// written (or as many, where the block shows the slip: [`written_for_another`]), the line's
    /// name was miswritten (ruling R4). Then the referee reads the turn so, from the replay just
    /// before it (read on to it from `from`, or from the log's start), reports the slip once, and
    /// returns the line it read up to. Failing that, a card of the turn may have been miswritten
    /// ([`Self::miswritten_card`]).
    #[cold]
    pub(in crate::engine) fn misnamed_line(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
    ) -> Option<usize> {
        let log = self.log;
        let lines = &log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let next = self.next_group(end);
        if !self.block_rereadable(at, end) {
            return None;
        }
        let mut before = self.replayed_clear_to(from, at)?;
        before.speculating = true;
        before.begin_group(at);
        before.flush_pending();
        let mark = before.diags.len();
        let stop = self.after_turns(next, 3);
        let power = used_power(turn);
        let mut fit = None;
        let mut block = lines[at + 1..end].to_vec();
        for k in 0..block.len() {
            let LineKind::Resolution(e) = &lines[at + 1 + k].kind else { continue };
            let Some(written) = e.subject() else { continue };
            for q in log.names.ids().filter(|&q| q != written) {
                if let LineKind::Resolution(e) = &mut block[k].kind {
                    if let Some(p) = e.subject_mut() {
                        *p = q;
                    }
                }
                let mut r = before.clone();
                r.read_turn(turn, at, &block);
                if r.errors_since(mark) > 0 {
                    continue;
                }
                let line = block[k].span;
                let name = Span::new(line.start as usize, line.start as usize + log.names.get(written).len());
                let (who, meant) = (r.name(written).to_string(), r.name(q).to_string());
                let mut d = Diagnostic::new(
                    Code::Misresolved,
                    name,
                    format!("this line names {who}, and it is what the turn makes happen to {meant}"),
                )
                .label(format!("read as {meant}"))
                .help(format!(
                    "the name seems miswritten: read as {meant}'s line, the turn and the turns after it follow, \
                     and the game goes on from it"
                ));
                d.rule = power.map(powers::cited);
                if !r.only_report(d, end, stop, mark) {
                    continue;
                }
                if fit.is_some() {
                    return None;
                }
                fit = Some((r, k, q));
            }
            block[k].kind = lines[at + 1 + k].kind.clone();
        }
        let Some((r, k, q)) = fit else {
            // A target miswritten where no copy was taken before the turn ([`Self::aimed_turn`]):
            // the lines name no player but the turn's own and the one it is aimed at (a Draw
            // aimed at its own player written at another).
            if self.names_another_target(turn, at, end) == Some(false) {
                if let Some(stop) = self.misaimed_turn(before.clone(), at, end) {
                    return Some(stop);
                }
            }
            if let Some(stop) = self.untargeted_turn(&before, at, end) {
                return Some(stop);
            }
            if let Some(stop) = self.unused_turn(&before, at, end, stop) {
                return Some(stop);
            }
            if let Some(r) = self.miswritten_card(&before, turn, at, end, stop) {
                self.adopt(r);
                return Some(stop);
            }
            return self.undrawn_turn(&before, at, end);
        };
        // Fewer reports than as written by the log's end, or as many where the block shows the
        // slip: the name written has another line like it, and the one read has none (a player
        // written twice in a power that acts on every player, the other left out).
        let (read, written) = (r.clone().errors_by_the_end(stop, self.group_diags), self.errors_as_written(end));
        if read > written || read == written && !written_for_another(&lines[at + 1..end], k, q) {
            return None;
        }
        self.adopt(r);
        Some(stop)
    }

    /// The turn after the one at line `at` (its block running to `end`) was out of turn, and no
    /// reading of that turn explained it: the power of a card the turn at `at` used may have been
    /// miswritten (a Go written for the Skip played sends the turn to the wrong player). Each card
    /// the turn used is read as the card of its number with each other power its player's hand
    /// may hold (of the decklist's cards where it shows them, else of every power, either half of
    /// a compound: [`other_powers`], none leaving more unfollowed: [`CardReadings::unfogged`]); a
    /// reading is taken as [`Self::miswritten_card`] takes one: the turn and the next three leave
    /// nothing else to report, and it draws fewer reports by the log's end than the turns as
    /// written (ruling R4). Then the referee reads the game so from the replay just before the
    /// turn (read on to it from `from`), reports the slip once, and returns the line it read up to.
    ///
    /// With `numbers`, the turn after it broke the chain instead, and each card the turn played is
    /// read as the card one digit off with its power: a Clone of the number last played written
    /// one digit up plays in sequence as written, and only the next card shows the slip.
    #[cold]
    pub(in crate::engine) fn misplayed_power(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        numbers: bool,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        if !self.block_rereadable(at, end) || turn.steps.len() > BLOCK_READ {
            return None;
        }
        let mut before = self.replayed_clear_to(from, at)?;
        // The turn as the log has it, read as the run read it.
        let mut written = before.clone();
        if written.group(at) != end {
            return None;
        }
        before.speculating = true;
        before.begin_group(at);
        before.flush_pending();
        let hand = &before.state.player(turn.player).hand;
        let (mut listed, mut guessed) = (Vec::new(), Vec::new());
        for (s, step) in turn.steps.iter().enumerate() {
            if numbers {
                let StepKind::Play { card, .. } = &step.kind else { continue };
                let Card::Known { denomination, power } = card.card else { continue };
                let i = denomination.index();
                let others = [i.checked_sub(1), Some(i + 1)].into_iter().flatten();
                for d in others.filter_map(|i| Denomination::ALL.get(i).copied()) {
                    let c = Card::Known { denomination: d, power };
                    let place = CardPlace::Play { s };
                    match before.list_showing(turn.player, d) {
                        Some(l) if l.cards.iter().any(|(k, _)| *k == c) => listed.push((place, c)),
                        Some(_) => {}
                        None if before.state.player(turn.player).hand.could_hold(&c) => guessed.push((place, c)),
                        None => {}
                    }
                }
                continue;
            }
            let StepKind::Play { card, used: Some(_) } = &step.kind else { continue };
            let Card::Known { denomination, power: power @ (PowerSpec::Single(_) | PowerSpec::Compound(..)) } =
                card.card
            else {
                continue;
            };
            let place = CardPlace::Play { s };
            match before.list_showing(turn.player, denomination) {
                Some(l) => listed.extend(
                    l.cards
                        .iter()
                        .map(|(c, _)| *c)
                        .filter(|c| {
                            matches!(c, Card::Known { denomination: d, power: w } if *d == denomination && *w != power)
                                && hand.could_hold(c)
                        })
                        .map(|c| (place, c)),
                ),
                None => guessed.extend(
                    other_powers(power)
                        .map(|p| Card::Known { denomination, power: p })
                        .filter(|c| hand.could_hold(c))
                        .map(|c| (place, c)),
                ),
            }
        }
        if listed.is_empty() && guessed.is_empty() {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        let mut readings = CardReadings {
            written: &written,
            before: &before,
            turn: turn.clone(),
            at,
            stop,
            block: lines[at + 1..end].to_vec(),
            as_written: std::cell::OnceCell::new(),
            unfogged: false,
            next_turn: true,
            numbers,
        };
        let read = (!listed.is_empty()).then(|| readings.choose(listed)).flatten().or_else(|| {
            readings.unfogged = true;
            (!guessed.is_empty()).then(|| readings.choose(guessed)).flatten()
        });
        self.adopt(read?);
        Some(stop)
    }

    /// No name read otherwise made the turn at line `at` happen ([`Self::misnamed_line`]). First,
    /// a card the turn played or chose that its zone could not hold, or played where its play or
    /// the turn's lines drew an error ([`Self::suspect_cards`]):
    /// when reading it as a card one word off (another number, or another power its player's
    /// decklist has at its number; for a card played, one the hand may hold) makes the turn
    /// happen and leaves nothing else to report over it and the next three turns (to line
    /// `stop`), for one card or, of a few, for the one that draws the fewest reports by the log's
    /// end, and that reading draws fewer than the turn as written does, the
    /// word was miswritten (ruling R4): the reading from the replay `before` the turn, the slip
    /// reported once. Failing that, the same for a card of its resolution lines with another
    /// number (its power kept), then with another power ([`CardReadings`]); last, for a card
    /// played whose player's decklist does not show the cards of its number, with each other
    /// power the hand may hold ([`other_powers`]), none leaving more unfollowed
    /// ([`CardReadings::unfogged`]).
    #[cold]
    pub(super) fn miswritten_card(
        &self,
        before: &Self,
        turn: &Turn,
        at: usize,
        end: usize,
        stop: usize,
    ) -> Option<Self> {
        /// At most this many readings with another number are tried in a turn's lines, and this
        /// many with another power (a decklist has about six powers at each number).
        const RENUMBERED: usize = 60;
        const REPOWERED: usize = 96;
        let block = self.log.lines[at + 1..end].to_vec();
        // Each card with its other readings (by number, by power), where it stands: the cards
        // played that the hand could not hold, with the readings it may hold, and the cards of
        // the lines.
        type Readings = (Vec<(CardPlace, Card)>, Vec<(CardPlace, Card)>);
        let add = |into: &mut Readings, place: CardPlace, card: &Card, p: PlayerId, fits: &dyn Fn(&Card) -> bool| {
            let Card::Known { denomination, power } = *card else { return };
            let others = Denomination::ALL.into_iter().filter(|&d| d != denomination);
            into.0.extend(others.map(|d| Card::Known { denomination: d, power }).filter(fits).map(|c| (place, c)));
            let list = before.state.collections.get(p.index()).and_then(Option::as_ref);
            let listed = list.map_or(&[][..], |l| &l.cards[..]).iter().map(|(card, _)| *card);
            let other_power =
                |l: &Card| matches!(l, Card::Known { denomination: d, power: w } if *d == denomination && *w != power);
            into.1.extend(listed.filter(|l| other_power(l) && fits(l)).map(|l| (place, l)));
        };
        let mut played: Readings = Default::default();
        let hand = &before.state.player(turn.player).hand;
        let suspects = self.suspect_cards(turn, !block.is_empty());
        for &(place, card) in &suspects {
            match place {
                CardPlace::Play { .. } => add(&mut played, place, &card, turn.player, &|c| hand.could_hold(c)),
                _ => add(&mut played, place, &card, turn.player, &|_| true),
            }
        }
        // A card played whose player's decklist does not show the cards of its number (a log with
        // the cards hidden): each other power the hand may hold, read last.
        let mut guessed = Vec::new();
        for &(place, card) in &suspects {
            let (CardPlace::Play { .. }, Card::Known { denomination, power }) = (place, card) else {
                continue;
            };
            if before.list_showing(turn.player, denomination).is_some() {
                continue;
            }
            let cards = other_powers(power).map(|p| Card::Known { denomination, power: p });
            guessed
                .extend(cards.filter(|c| hand.could_hold(c) && !played.1.contains(&(place, *c))).map(|c| (place, c)));
        }
        let mut lines: Readings = Default::default();
        for (k, line) in block.iter().enumerate() {
            let LineKind::Resolution(e) = &line.kind else { continue };
            let Some(p) = e.subject() else { continue };
            for (j, c) in e.cards().iter().enumerate() {
                add(&mut lines, CardPlace::Line { k, j }, &c.card, p, &|_| true);
            }
        }
        let (by_number, by_power) = lines;
        // The cards played are read first, by number and by power alike.
        let played: Vec<_> = played.0.into_iter().chain(played.1).collect();
        let turn = turn.clone();
        let mut readings = CardReadings {
            written: self,
            before,
            turn,
            at,
            stop,
            block,
            as_written: std::cell::OnceCell::new(),
            unfogged: false,
            next_turn: false,
            numbers: false,
        };
        if !played.is_empty() {
            if let Some(r) = readings.choose(played) {
                return Some(r);
            }
        }
        let lines = (by_number.len() <= RENUMBERED)
            .then(|| {
                readings
                    .choose(by_number)
                    .or_else(|| (by_power.len() <= REPOWERED).then(|| readings.choose(by_power)).flatten())
            })
            .flatten();
        if lines.is_some() || guessed.is_empty() {
            return lines;
        }
        readings.unfogged = true;
        readings.choose(guessed)
    }

    /// The cards the turn just read played that drew an error at their step (a card the hand
    /// cannot hold, a power that cannot be used so), or whose lines drew one (`with_lines`), and
    /// those chosen for a power played that drew a report as not in the hand or the discard pile,
    /// their powers known, with where they stand: [`Self::miswritten_card`] may read them as
    /// others.
    pub(in crate::engine) fn suspect_cards(&self, turn: &Turn, with_lines: bool) -> Vec<(CardPlace, Card)> {
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        let mut found = Vec::new();
        // Each reading reads the turn again: a turn line longer than a table writes is not.
        if reports.is_empty() || turn.steps.len() > BLOCK_READ {
            return found;
        }
        // A second card played, where a power's choice (a Rescue's) may have been the card
        // allowed: that choice is read too.
        let second = reports.iter().any(|d| d.code == Code::SecondPlay);
        let errors = || reports.iter().filter(|d| d.severity() == Severity::Error);
        let lines_erred = with_lines && errors().any(|d| turn.steps.iter().all(|s| !within(d.span, s.span)));
        let mut add = |place: CardPlace, card: &Card, at: Span, step: Span| {
            let reported = match place {
                CardPlace::Play { .. } => lines_erred || errors().any(|d| within(d.span, step)),
                _ => second || reports.iter().any(|d| d.span == at && unheld(d.code)),
            };
            if card.power().is_some_and(|w| w.is_known()) && reported {
                found.push((place, *card));
            }
        };
        for (s, step) in turn.steps.iter().enumerate() {
            let StepKind::Play { card, used } = &step.kind else { continue };
            add(CardPlace::Play { s }, &card.card, card.span, step.span);
            for (c, choice) in used.iter().flat_map(|u| u.iter()).enumerate() {
                match &choice.kind {
                    ChoiceKind::Cards(cards) => {
                        for (j, card) in cards.iter().enumerate() {
                            add(CardPlace::Choice { s, c, j }, &card.card, card.span, step.span);
                        }
                    }
                    ChoiceKind::Take(card) => {
                        add(CardPlace::Choice { s, c, j: 0 }, &card.card, card.span, step.span);
                    }
                    _ => {}
                }
            }
        }
        found
    }

    /// Reads the turn left out that [`Self::plain_turn_left_out`] found, before the turn at line
    /// `at` and with its group, and reports the slip.
    #[cold]
    pub(in crate::engine) fn read_left_out(&mut self, at: usize) {
        let Some(left_out) = self.left_out.take() else { return };
        let (turn, report) = *left_out;
        // Its events kept, for the line of the turn above that may be its own.
        let (events, recording) = (self.events.len(), std::mem::replace(&mut self.record_events, true));
        self.made_up_turn(&turn, at, at);
        self.record_events = recording;
        self.repeats_made_by(events, at);
        self.report(report);
    }

    /// A line of the turn above line `at` reported as written again that the turn read left out
    /// after it makes happen (its events from `events` on) was that turn's own line, written with
    /// it (a trouble's shift after a draw): its report is withdrawn, the turn left out being the
    /// one slip. A shift to a trouble the referee could not name is the one the line names.
    #[cold]
    fn repeats_made_by(&mut self, events: usize, at: usize) {
        let lines = &self.log.lines;
        let block = lines[..at].iter().rev().take_while(|l| !matches!(l.kind, LineKind::Turn(_))).count();
        let Some(start) = at.checked_sub(block) else { return };
        for i in (0..self.diags.len()).rev() {
            let d = &self.diags[i];
            if d.span.start < lines.get(start).map_or(0, |l| l.span.start) {
                break;
            }
            if d.label.as_deref() != Some(WRITTEN_AGAIN) {
                continue;
            }
            let line = lines[start..at].iter().find(|l| l.span.start == d.span.start);
            let Some(LineKind::Resolution(claim)) = line.map(|l| &l.kind) else { continue };
            if self.events[events..].iter().any(|l| same_event(&l.event, claim)) {
                self.withdraw(i);
            } else if matches!(claim, Event::TroubleShifts(_))
                && self.events[events..].iter().any(|l| l.event == Event::TroubleHidden)
            {
                // The turn's trouble shifted to one the referee could not name: the line names it.
                self.withdraw(i);
                self.emit(claim.clone());
            }
        }
    }

    /// Reads a turn the log left out, its block the lines `first..end`, as a turn written there.
    fn made_up_turn(&mut self, turn: &Turn, first: usize, end: usize) {
        self.turn_of(turn, None, first, end);
        self.emit_followed_shifts();
        self.count_turn();
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

    /// A turn as a log line: `Dan: 1000 Masaka use @Matt`.
    fn turn_text(&self, turn: &Turn) -> String {
        let steps: Vec<String> = turn.steps.iter().map(|s| crate::syntax::print::step(s, &self.log.names)).collect();
        format!("{}: {}", self.name(turn.player), steps.join("; "))
    }

    /// Reads ahead on a copy of the replay for each turn of `player` made of one of `readings`
    /// (`read` reads it and the lines after it, to line `stop`, reporting the slip once). When
    /// exactly one copy finds nothing else to report, or of a few that do one draws the fewest
    /// reports read on to the log's end, that copy, no longer speculating; `None` otherwise (and
    /// when more readings are offered than are tried, or the replay has read ahead on enough
    /// slips).
    fn reading_left_out(
        &mut self,
        player: PlayerId,
        span: Span,
        Ways { ways: readings, guessed, unfogged }: Ways,
        written_fog: &[(Code, Span)],
        stop: usize,
        mut read: impl FnMut(&mut Self, &Turn),
    ) -> Option<Self> {
        /// At most this many readings are tried for one slip.
        const READINGS: usize = 96;
        if !self.reads_left_out() {
            return None;
        }
        self.left_out_readings -= 1;
        // Guessed for a hand not known, a card's power is any of them.
        if readings.len() > READINGS * if guessed { 3 } else { 1 } {
            return None;
        }
        // The readings that fit, those that follow every power they use apart from those that
        // leave one unfollowed: what an unfollowed power might have done is not held against the
        // table, so such a reading may seem to make any line happen, and it is weighed only where
        // none that follows them all fits (for cards guessed or choices read off the lines, never).
        let (mut fits, mut fogged) = (Fits::new(), Fits::new());
        let player_span = Span::new(span.start as usize, span.start as usize);
        for (kinds, needless) in readings {
            let mut kinds = kinds.into_iter().map(|kind| Step { kind, span });
            let Some(first) = kinds.next() else { continue };
            let mut steps = Steps::One(first);
            kinds.for_each(|step| steps.push(step));
            let turn = Turn { player, player_span, steps };
            let mut r = self.clone();
            r.speculating = true;
            let mark = r.diags.len();
            read(&mut r, &turn);
            // The slip's own report, and nothing else.
            if r.errors_since(mark) != 1 {
                continue;
            }
            let unfollowed =
                r.diags[mark..].iter().any(|d| fogging(d.code) && !written_fog.contains(&(d.code, d.span)));
            if unfollowed && unfogged {
                continue;
            }
            // A power given to a card, where its number played with no power known and unused
            // fits too: that reading covers it.
            if fits.fits.iter().chain(&fogged.fits).any(|(t, _, _)| covers(t, &turn)) {
                continue;
            }
            // A card used, where it fits played unused too: the power made no difference (nor
            // is each of its targets read, where none has a turn left to show which it was).
            let kind = if unfollowed { &fogged } else { &fits };
            if kind.fits.iter().any(|(t, _, _)| used_for_nothing(t, &turn)) {
                continue;
            }
            if unfollowed {
                fogged.add(turn, r, needless);
            } else {
                fits.add(turn, r, needless);
                if fits.over {
                    return None;
                }
            }
        }
        let followed = !fits.fits.is_empty();
        if !followed {
            if fogged.over {
                return None;
            }
            fits = fogged;
        }
        let (mut fits, needless_fits) = (fits.fits, fits.needless);
        // Draws the player need not have made, where nothing else fits, are read only when one
        // does.
        if fits.iter().all(|f| f.2) && needless_fits != 1 {
            return None;
        }
        // A card played with its power used or not, which made no difference: not used.
        let plain: Vec<bool> =
            fits.iter().map(|(t, _, _)| fits.iter().any(|(u, _, _)| used_for_nothing(u, t))).collect();
        let mut plain = plain.into_iter();
        fits.retain(|_| !plain.next().unwrap_or(false));
        // Several fit over the turns read: the one that draws fewest reports by the log's end (the
        // cards it leaves where the later lines find them), when only one does; of those, one
        // that draws no card the player need not have drawn is taken before one that does. Each
        // reading read so counts against the game's readings.
        if fits.len() > 1 {
            let n = u32::try_from(fits.len()).unwrap_or(u32::MAX);
            self.left_out_readings = self.left_out_readings.checked_sub(n)?;
            let mark = self.diags.len();
            let ends: Vec<Vec<(Code, Span)>> =
                fits.iter().map(|(_, r, _)| r.clone().errors_listed_by_the_end(stop, mark)).collect();
            let fewest = ends.iter().map(Vec::len).min()?;
            let fewest_of = |needless: bool| {
                (0..fits.len()).filter(|&k| ends[k].len() == fewest && fits[k].2 == needless).collect()
            };
            let (needed, needless): (Vec<usize>, Vec<usize>) = (fewest_of(false), fewest_of(true));
            let tied = if needed.is_empty() { needless } else { needed };
            let k = match tied.as_slice() {
                [k] => *k,
                // Readings that leave nothing else to report by the log's end.
                ks if fewest == 1 => return self.tied_reading(ks, fits, &ends, (guessed, followed), span, read),
                _ => return None,
            };
            fits.swap(0, k);
            fits.truncate(1);
        }
        let (_, mut r, _) = fits.pop()?;
        r.speculating = false;
        r.left_out_readings = self.left_out_readings;
        Some(r)
    }

    /// Whether [`Self::reading_left_out`] may read a turn left out: not on a copy already reading
    /// ahead, in a round whose turn order is followed, with readings left to the game.
    fn reads_left_out(&self) -> bool {
        !self.speculating && self.state.in_round && !self.state.fog.turn_order && self.left_out_readings > 0
    }

    /// The notes of what could not be followed since report `mark` once this copy is read on from
    /// line `from` to `stop`, each as its code and span.
    fn fog_read_to(mut self, from: usize, stop: usize, mark: usize) -> Vec<(Code, Span)> {
        self.read_lines(from, stop);
        let diags = self.diags.get(mark..).unwrap_or_default();
        diags.iter().filter(|d| fogging(d.code)).map(|d| (d.code, d.span)).collect()
    }

    /// Of the readings `fits` of a turn left out, those at `ks` fit alike and draw as few
    /// reports by the log's end (`ends`, each reading's errors there): for cards guessed for a hand
    /// nobody saw, alike but for their powers, the card played with its power not known, which
    /// follows whichever of them it was; else, where they follow every power they use
    /// (`followed`) and draw the very same reports, the first, the others named in its help (the
    /// game reads on alike from any of them); else `None`.
    #[cold]
    fn tied_reading(
        &self,
        ks: &[usize],
        mut fits: Vec<(Turn, Self, bool)>,
        ends: &[Vec<(Code, Span)>],
        (guessed, followed): (bool, bool),
        span: Span,
        mut read: impl FnMut(&mut Self, &Turn),
    ) -> Option<Self> {
        let turns: Vec<&Turn> = ks.iter().map(|&k| &fits[k].0).collect();
        let unknown = power_unknown(&turns).filter(|_| guessed);
        let mut taken = unknown.and_then(|(turn, powers)| {
            let mut r = self.clone();
            r.speculating = true;
            let mark = r.diags.len();
            read(&mut r, &turn);
            let powers: Vec<String> = powers.iter().map(ToString::to_string).collect();
            let more =
                format!("; its card's power may be any of {}, which the lines do not tell apart", powers.join(", "));
            (r.errors_since(mark) == 1).then_some((r, mark, more))
        });
        let (&first, rest) = ks.split_first()?;
        // A reading that leaves a power unfollowed may seem to make any line happen.
        let mark = self.diags.len();
        if taken.is_none() && followed && rest.iter().all(|&k| ends[k] == ends[first]) {
            let others: Vec<String> = rest.iter().map(|&k| format!("`{}`", self.turn_text(&fits[k].0))).collect();
            let (verb, each) = if others.len() == 1 { ("fits", "either") } else { ("fit", "each") };
            let more = format!("; {} {verb} as well, and the game reads on alike from {each}", others.join(" and "));
            taken = Some((fits.swap_remove(first).1, mark, more));
        }
        let (mut r, mark, more) = taken?;
        // The slip's one report, which starts where the turn left out would have been written.
        let slip =
            r.diags[mark..].iter_mut().find(|d| crate::engine::replay::rules_error(d) && d.span.start == span.start);
        if let Some(help) = slip.and_then(|d| d.help.as_mut()) {
            help.push_str(&more);
        }
        r.speculating = false;
        r.left_out_readings = self.left_out_readings;
        Some(r)
    }
}

/// Whether `play` is of a Sabotage aimed at a player.
pub(in crate::engine) fn sabotage_aimed(play: &StepKind) -> bool {
    let StepKind::Play { card, used: Some(choices) } = play else { return false };
    card.card.power() == Some(&PowerSpec::Single(Power::Sabotage))
        && matches!(choices.as_ref(), [Choice { kind: ChoiceKind::Player(_), .. }])
}

/// Each of `plays` (of guessed cards) as the turn left out, after a draw of a card nobody saw
/// where `drawn`: as [`Referee::reading_left_out`] takes them, none a draw the player need not make.
fn turns_of(plays: &[StepKind], drawn: bool) -> Vec<(Vec<StepKind>, bool)> {
    let draw = drawn.then_some(StepKind::Draw { card: None });
    plays.iter().map(|play| (draw.iter().chain([play]).cloned().collect(), false)).collect()
}

/// Keeps the reading `fit` of a slip, which draws `n` reports by the log's end, in `best` where it
/// draws fewer than the one kept (of equal ones, the one found first stays); whether it leaves
/// only the slip's own report, which ends the search.
fn keep_fewest<T>(best: &mut Option<(usize, T)>, n: usize, fit: T) -> bool {
    if best.as_ref().is_some_and(|b| n >= b.0) {
        return false;
    }
    *best = Some((n, fit));
    n <= 1
}

/// Whether the reading `unused` of a turn left out, its last step a card played unused, fits
/// where `other` plays the same card used, its steps before alike: the power made no difference.
fn used_for_nothing(unused: &Turn, other: &Turn) -> bool {
    let (Some(p), Some(o)) = (LastPlay::of(unused), LastPlay::of(other)) else { return false };
    p.used.is_none() && o.used.is_some() && p.card == o.card && p.alike(&o, false)
}

/// Where the readings `tied` of a turn left out are alike but for the power of the card their
/// last step plays, that turn with the card's power not recorded, and the powers it may be.
fn power_unknown(tied: &[&Turn]) -> Option<(Turn, Vec<PowerSpec>)> {
    let (first, rest) = tied.split_first()?;
    let play = LastPlay::of(first)?;
    let mut powers = vec![*play.card.power()?];
    for t in rest {
        let other = LastPlay::of(t).filter(|o| play.alike(o, true))?;
        powers.push(*other.card.power()?);
    }
    let denomination = play.card.denomination()?;
    let mut turn = (*first).clone();
    if let Some(Step { kind: StepKind::Play { card, .. }, .. }) = turn.steps.last_mut() {
        card.card = Card::Known { denomination, power: PowerSpec::Unrecorded };
    }
    Some((turn, powers))
}

/// The notes of what the referee could not follow: a power, the turn order, a play, a score.
fn fogging(code: Code) -> bool {
    matches!(code, Code::PowerUnverified | Code::TurnOrderUnverified | Code::PlayUnverified | Code::ScoringUnverified)
}

/// The reports of a card that its zone cannot hold (the hand, the discard pile), which a card
/// miswritten draws.
fn unheld(code: Code) -> bool {
    matches!(code, Code::NotInHand | Code::NotInDiscard)
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

/// The seating a round's turns show, from its first turn on: a turn that used no power sits
/// beside the next turn's player (a skipped turn written as such too), so such pairs of turns are
/// the circle's pairs of neighbours, the first found while the play went clockwise (no Reverse,
/// or a power that may be one, used before it) saying which way round. A pair that would give a
/// player a third neighbour or close a smaller circle (a player out of the round passed over) is
/// not taken; pairs that join every player in one line close it. `None` unless the pairs make one
/// circle of the `seats` players.
fn seating_shown(lines: &[Line], seats: usize) -> Option<Vec<PlayerId>> {
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
    let (start, mut at) = oriented?;
    // Pairs one short of the circle that join every player in one line close it.
    let mut players: Vec<PlayerId> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    players.sort();
    players.dedup();
    if pairs.len() + 1 == seats && players.len() == seats {
        let end = *players.iter().find(|&&p| neighbours(&pairs, p).len() == 1)?;
        pairs.push((end, path_end(&pairs, end)));
    }
    if pairs.len() != seats {
        return None;
    }
    let mut seating = vec![start];
    while at != start {
        let came = *seating.last()?;
        seating.push(at);
        at = *neighbours(&pairs, at).iter().find(|&&n| n != came)?;
    }
    (seating.len() == seats).then_some(seating)
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
