//! Turns left out: a turn the table played that the log does not write, read from the cards the
//! player may have held.

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::replay::{Checkpoint, Referee, same_event};
use crate::engine::turn::{LastPlay, Shown, Uses, WRITTEN_AGAIN, covers, within};
use crate::model::log::{Line, LineKind, Step, StepKind, Steps, TroubleAction, Turn};
use crate::model::{Card, PlayerId, PowerSpec, Span};

use super::{fogging, sabotage_aimed};

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

impl<'a> Referee<'a> {
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
pub(super) fn power_unknown(tied: &[&Turn]) -> Option<(Turn, Vec<PowerSpec>)> {
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
