//! A round's hands: a draw, a mulligan, a Safety or a decklist card left out, two `hand` lines
//! swapped.

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::replay::{Checkpoint, Referee};
use crate::engine::turn::{LastPlay, Uses, within};
use crate::model::log::{LineKind, OneOrMany, Step, StepKind, Turn};
use crate::model::{Card, PlayerId, Power, Span};
use crate::powers;

use super::left_out::power_unknown;
use super::{Ending, used_power};

/// The rule a drawn card's play at once rests on.
const HOW_TO_PLAY: &str = "TCC 2.1, How to Play";

/// The draw a turn line ends with, where it plays nothing after it: the card drawn where the log
/// names it with its power (`None` for a card nobody saw), and where the draw is written.
fn drawn_last(kind: &LineKind) -> Option<(Option<Card>, Span)> {
    let LineKind::Turn(turn) = kind else { return None };
    let last = turn.steps.last()?;
    match &last.kind {
        StepKind::Draw { card: Some(drawn) } if drawn.card.power_recorded() => Some((Some(drawn.card), drawn.span)),
        StepKind::Draw { card: None } => Some((None, last.span)),
        _ => None,
    }
}

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
        let report = reports.iter().find(|d| d.code == Code::NotInHand && d.span.is_at(card.span))?.clone();
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

    /// The turn after the one at line `at` (its block running to `end`) drew a report (out of
    /// turn, off the chain, written as skipped where nothing skipped its player), or, with
    /// `at_round_end`, the round ended with nobody out and the turn at `at` drew the one card its
    /// player was left with; the turn at `at` ends with a draw: the player may have played the
    /// card at once, the play left out. The replay just before the turn is taken up again (read
    /// on to it from `from`, or from the log's start) and the turn read with the play
    /// ([`Self::unplayed_draw`]), which, if it is taken, becomes the replay; returns the line it
    /// read up to.
    #[cold]
    pub(in crate::engine) fn unplayed_before(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        at_round_end: bool,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        if drawn_last(&lines[at].kind).is_none() || !self.block_rereadable(at, end) {
            return None;
        }
        self.reread_turn(from, at, end, |written, before, stop| {
            written.unplayed_draw(before, at, end, stop, at_round_end)
        })
    }

    /// The turn at line `at` (its block running to `end`) ends with a draw and plays nothing after
    /// it, and it, the turn after it or the round's end (`at_round_end`) drew a report. The player
    /// may have played the drawn card at once, the play left out (`draw 10 Go` written for
    /// `draw 10 Go; 10 Go use`). Each way of playing it (its power not used, used with no
    /// choices, aimed at a player, or with the choices the turn's lines show; for a card nobody
    /// saw, each card of the number called for that the deck may have given) is read from
    /// `before` (the replay just before the turn); of those that make the turn and the next three
    /// (to line `stop`) happen with nothing else to report, the one that draws the fewest errors
    /// by the log's end, fewer than the turn as written, is taken (ruling R4): of several the
    /// game goes on alike from, the first, the report naming the others; of several it does not,
    /// those that leave the least unfollowed, and, for a card nobody saw, the card with its power
    /// unknown where they differ in nothing else. A lone draw of a card the log names, which the
    /// hand may hold and whose draw drew no error, may instead be `draw` written for the card's
    /// play from the hand: those plays are weighed with the others, and where that takes none,
    /// the others alone. The slip is reported once at the drawn card. Returns the line read up to.
    #[cold]
    pub(super) fn unplayed_draw(
        &mut self,
        before: &Self,
        at: usize,
        end: usize,
        stop: usize,
        at_round_end: bool,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let (drawn, span) = drawn_last(&lines[at].kind)?;
        if self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        // The card drawn; for one nobody saw, each card of the number the chain calls for that the
        // deck may have given.
        let player = written.player;
        let cards = match drawn {
            Some(c) => vec![c],
            None => before.drawn_called(player, true),
        };
        let shown = before.shown_by(player, &lines[at + 1..end]);
        let mut plays = before.plays_of(player, &cards, span, Uses::Shown(&shown));
        if drawn.is_none() {
            // Where no decklist shows the cards of that number, that number with each power the
            // player may hold, played as the lines may show it.
            for play in before.guessed_plays(player, span, &shown) {
                if !plays.contains(&play) {
                    plays.push(play);
                }
            }
        }
        let who = self.name(player).to_string();
        let has_lines = end > at + 1;
        let shows = match (has_lines, at_round_end) {
            (_, true) => "the round's end has",
            (true, false) => "its lines and the turns after it have",
            (false, false) => "the turns after it have",
        };
        // The report of the play read as `text`, `or` naming what else fits as well.
        let report = |turn: &Turn, text: &str, or: &str| {
            let (c, used) = match turn.steps.last().map(|s| &s.kind) {
                Some(StepKind::Play { card, used: Some(_) }) => (card.card, used_power(turn)),
                Some(StepKind::Play { card, used: None }) => (card.card, None),
                _ => return None,
            };
            // A card nobody saw, read with its number alone, is named by its number.
            let c = match (c.power_recorded(), c.denomination()) {
                (false, Some(d)) => format!("a {d}"),
                _ => c.to_string(),
            };
            // Read with no draw: the card played from the hand, `draw` written for the play.
            let played = turn.steps.len() == 1;
            let how = if played { "from the hand" } else { "at once" };
            let message = if at_round_end && played {
                format!("the round's end follows {who}'s playing {c} from the hand, not drawing it: {who} went out")
            } else if at_round_end {
                format!("the round's end follows {who}'s playing {c} at once, as {who} then went out")
            } else if has_lines {
                format!("this draw's lines are what {who}'s playing {c} {how} makes happen")
            } else {
                format!("the turns after this draw follow {who}'s playing {c} {how}")
            };
            let slip = if played {
                "the hand may have held the card, and `draw` seems written for its play"
            } else {
                "the play of the card drawn seems left out"
            };
            let mut d = Diagnostic::new(Code::Misresolved, span, message).label(format!("read as `{text}`")).help(
                format!("{slip}: the turn is read as `{who}: {text}`{or}, as {shows} it, and the game goes on from it"),
            );
            d.rule = Some(used.map_or(HOW_TO_PLAY, powers::cited));
            Some(d)
        };
        let drawn_then = |plays: Vec<StepKind>| {
            plays.into_iter().map(|play| {
                let mut turn = written.clone();
                turn.steps.push(Step { kind: play, span });
                turn
            })
        };
        // A lone draw of a card the log names, which the hand may hold: `draw` may be written for
        // the card's play from the hand (`Dan: draw 10 Go` for `Dan: 10 Go`), which the round's
        // end may show (the player went out two cards sooner). Those plays are weighed with the
        // others; where that takes none, the others alone.
        // A draw that drew an error itself is read so by [`Self::played_as_drawn`], its report kept.
        // The plays are those of the card drawn, gathered above.
        let draw_erred = self.step_error(written.steps.last()?.span).is_some();
        let hand = &before.state.player(player).hand;
        let from_hand = match (drawn, &written.steps[..]) {
            (Some(c), [_]) if !draw_erred && hand.could_hold(&c) => plays.clone(),
            _ => Vec::new(),
        };
        let guessed = (at_round_end, drawn.is_none());
        if !from_hand.is_empty() {
            let as_played = from_hand.into_iter().map(|play| {
                let mut turn = written.clone();
                turn.steps = OneOrMany::One(Step { kind: play, span: written.steps[0].span });
                turn
            });
            let turns = drawn_then(plays.clone()).chain(as_played);
            if let Some(stop) = self.take_play(before, (at, end, stop), turns, &report, guessed) {
                return Some(stop);
            }
        }
        self.take_play(before, (at, end, stop), drawn_then(plays), &report, guessed)
    }

    /// The turn at line `at` (its block running to `end`) is a lone draw of a card its player's
    /// hand is known to hold, and the draw drew an error (the deck cannot give the card, or the
    /// decklist holds no more of it). The card may have been played from the hand, `draw` written
    /// for it (`Dan: draw 10 Go` for `Dan: 10 Go`): each way of playing it (its power not used,
    /// used with no choices, or aimed at a player) is read from `before` (the replay just before
    /// the turn) and one is taken as [`Self::take_play`] takes one, the draw's report the slip's
    /// one report. Returns the line read up to.
    #[cold]
    pub(super) fn played_as_drawn(&mut self, before: &Self, at: usize, end: usize, stop: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let [Step { kind: StepKind::Draw { card: Some(drawn) }, span: step }] = &written.steps[..] else {
            return None;
        };
        let report = self.step_error(*step)?.clone();
        let player = written.player;
        let held = before.state.player(player).hand.known.contains(&drawn.card);
        if end > at + 1 || !drawn.card.power_recorded() || !held || self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let plays = before.plays_of(player, std::slice::from_ref(&drawn.card), drawn.span, Uses::Aimed);
        let who = self.name(player).to_string();
        let report = |_: &Turn, text: &str, or: &str| {
            let mut d = Diagnostic::new(report.code, report.span, report.message.clone())
                .label(format!("read as `{text}`"))
                .help(format!(
                    "the hand held the card, and `draw` seems written for its play: the turn is read as \
                     `{who}: {text}`{or}, as the turns after it have it, and the game goes on from it"
                ));
            d.rule = report.rule;
            Some(d)
        };
        let turns = plays.into_iter().map(|play| {
            let mut turn = written.clone();
            turn.steps = OneOrMany::One(Step { kind: play, span: *step });
            turn
        });
        self.take_play(before, (at, end, stop), turns, &report, (false, false))
    }

    /// The first rules error the group just read drew within `step`, a step of its turn line.
    fn step_error(&self, step: Span) -> Option<&Diagnostic> {
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        reports.iter().find(|d| crate::engine::replay::rules_error(d) && within(d.span, step))
    }

    /// Of `turns`, readings of the turn at line `at` (its block running to `end`) with a card
    /// played, each read from `before` (the replay just before the turn) with `report` (the turn,
    /// its text, and what else fits as well) its one report: where some make the turn and the
    /// next three (to line `stop`) happen with nothing else to report, the one that draws the
    /// fewest errors by the log's end, fewer than the turn as written (`at_round_end`: as many,
    /// where it leaves fewer notes), is taken (ruling R4). Of several the game goes on alike
    /// from, the first, the report naming the others; of several it does not, those that leave
    /// the least unfollowed, and, where the cards were `guessed` for a card nobody saw, the card
    /// with its power unknown where they differ in nothing else. Failing those, a reading of a
    /// card's number alone, chosen the same way. Returns the line read up to.
    #[cold]
    fn take_play(
        &mut self,
        before: &Self,
        (at, end, stop): (usize, usize, usize),
        turns: impl Iterator<Item = Turn>,
        report: &dyn Fn(&Turn, &str, &str) -> Option<Diagnostic>,
        (at_round_end, guessed): (bool, bool),
    ) -> Option<usize> {
        /// At most this many plays that fit are read on to the log's end (a power aimed at each
        /// player of a table of eight, besides the plain plays).
        const FITS_READ: usize = 12;
        // The plays that fit: those of a card whose power is known (at most `FITS_READ`, else
        // none), and those of a number alone (a card nobody saw, of a number no decklist shows).
        let (mut fits, mut alone, mut over) = (Vec::new(), Vec::new(), false);
        for turn in turns {
            let unrecorded = LastPlay::of(&turn).is_some_and(|p| !p.card.power_recorded());
            if over && !unrecorded {
                continue;
            }
            let names = &self.log.names;
            let text: Vec<String> = turn.steps.iter().map(|s| crate::syntax::print::step(s, names)).collect();
            let text = text.join("; ");
            let Some(d) = report(&turn, &text, "") else { continue };
            let Some(r) = self.read_as_slip(before, &turn, at, end, stop, d) else { continue };
            match unrecorded {
                true => alone.push((turn, text, r)),
                false if fits.len() == FITS_READ => {
                    over = true;
                    fits.clear();
                }
                false => fits.push((turn, text, r)),
            }
        }
        // The play that draws the fewest errors by the log's end, fewer than the turn as written;
        // of several that tie, where the game goes on alike from each (the same reports at the
        // same places, the same standings), the one leaving the fewest notes, the first of those;
        // for a card nobody saw, where they differ but for the card's power, the card with its
        // power unknown. Where none is so chosen, a number alone, as one.
        let mark = before.diags.len();
        let mut as_written = self.clone();
        as_written.speculating = true;
        let (_, written_errors, written_notes) = as_written.ending(end, mark);
        let choose = |fits: &[(Turn, String, Self)]| -> Option<Self> {
            let ends: Vec<(Ending, usize, usize)> = fits.iter().map(|(_, _, r)| r.clone().ending(stop, mark)).collect();
            // At the round's end, the one report as written (nobody went out) may stand in the
            // slip's place: the play is read where the game then follows better.
            let fewest = ends.iter().map(|e| e.1).min().filter(|&f| f <= written_errors)?;
            let mut tied: Vec<usize> = (0..fits.len()).filter(|&i| ends[i].1 == fewest).collect();
            let clearest = tied.iter().map(|&i| ends[i].2).min()?;
            if fewest == written_errors && !(at_round_end && clearest < written_notes) {
                return None;
            }
            // Where the game does not go on alike from each, those that leave the least
            // unfollowed; where those differ too, for a card nobody saw, the card with its power
            // not known, where they differ in nothing else.
            if tied.iter().any(|&i| ends[i].0 != ends[tied[0]].0) {
                tied.retain(|&i| ends[i].2 == clearest);
            }
            if tied.iter().any(|&i| ends[i].0 != ends[tied[0]].0) {
                let turns: Vec<&Turn> = tied.iter().map(|&i| &fits[i].0).collect();
                let (turn, powers) = power_unknown(&turns).filter(|_| guessed)?;
                let names = &self.log.names;
                let text: Vec<String> = turn.steps.iter().map(|s| crate::syntax::print::step(s, names)).collect();
                let powers: Vec<String> = powers.iter().map(ToString::to_string).collect();
                let or = format!(" (the card's power may be any of {}, which fit as well)", powers.join(", "));
                let d = report(&turn, &text.join("; "), &or)?;
                let r = self.read_as_slip(before, &turn, at, end, stop, d)?;
                return (r.clone().errors_by_the_end(stop, mark) < written_errors).then_some(r);
            }
            let pick = *tied.iter().find(|&&i| ends[i].2 == clearest)?;
            let (turn, text, r) = fits.get(pick)?;
            let others: Vec<String> =
                tied.iter().filter(|&&i| i != pick).map(|&i| format!("`{}`", fits[i].1)).collect();
            match others.as_slice() {
                [] => Some(r.clone()),
                [other] => {
                    let or = format!(" (or {other}: the game goes on alike from either)");
                    self.read_as_slip(before, turn, at, end, stop, report(turn, text, &or)?)
                }
                others => {
                    let or = format!(" (or {}: the game goes on alike from any)", others.join(", "));
                    self.read_as_slip(before, turn, at, end, stop, report(turn, text, &or)?)
                }
            }
        };
        let mut r = choose(&fits).or_else(|| choose(&alone))?;
        r.speculating = false;
        *self = r;
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
        // A `mulligan` line naming a player who had no Roll to mulligan with (its report already
        // made) may be `p`'s, the name miswritten.
        let misnamed = lines[round..first].iter().find_map(|l| match l.kind {
            LineKind::Mulligan(q) if q != p => self.unheld_at(l.span).map(|d| (q, d.clone())),
            _ => None,
        });
        if let Some((q, written)) = misnamed {
            let (was, meant) = (self.name(q), self.name(p));
            let span = written.span;
            let d = Diagnostic {
                label: Some(format!("read as `mulligan {meant}`")),
                help: Some(format!(
                    "{meant} kept a Roll in the pile at the last round's end without going out, and {was} did not; \
                     read as {meant}'s mulligan, the round's turns follow: the name seems miswritten"
                )),
                related: vec![(report.span, format!("as written: {}", report.message))],
                ..written
            };
            if let Some(stop) = self.read_again_from(from, first, at, end, d, |r| r.mulligan_renamed(span, p)) {
                return Some(stop);
            }
        }
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
        if let Some(stop) = self.safety_misnamed(from, end, p, ended, &report) {
            return Some(stop);
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

    /// The report (R0326) the `mulligan` or `safety` line at `span` drew, where it drew one: its
    /// player had no Roll or Safety in the pile to claim, or no hand to mulligan.
    fn unheld_at(&self, span: Span) -> Option<&Diagnostic> {
        self.diags.iter().find(|d| d.code == Code::NotInPile && d.span.is_at(span))
    }

    /// [`Self::safety_left_out`], where the round's end has a `safety` line naming a player whose
    /// pile held no Safety (its report made at the line): the name may be miswritten for `p`'s.
    /// The replay just before line `ended` is taken up again with `p`'s hand saved in place of
    /// that player's; where it reads on past the turn whose block runs to line `end` and the next
    /// three with nothing to report, and draws fewer reports by the log's end than as written, it
    /// is taken, and the line's report, labelled with the name read, is the one report of the
    /// slip (ruling R4). Returns the line it read up to.
    #[cold]
    fn safety_misnamed(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        end: usize,
        p: PlayerId,
        ended: usize,
        report: &Diagnostic,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let round = (0..ended).rev().find(|&k| matches!(lines[k].kind, LineKind::Round(_))).unwrap_or(0);
        let (q, line) = (round..ended).find_map(|k| match lines[k].kind {
            LineKind::Safety(q) if q != p && self.unheld_at(lines[k].span).is_some() => Some((q, lines[k].span)),
            _ => None,
        })?;
        let mut written = self.replayed_clear_to(from, ended)?;
        let i = written.diags.iter().rposition(|d| d.code == Code::NotInPile && d.span.is_at(line))?;
        let mark = written.diags.len();
        let stop = self.after_turns(self.next_group(end), 3);
        let mut r = written.clone();
        r.speculating = true;
        let (was, meant) = (self.name(q), self.name(p));
        let d = &mut r.diags[i];
        d.label = Some(format!("read as `safety {meant}`"));
        d.help = Some(format!(
            "{meant} kept a Safety in the pile and a hand at the round's end, and {was} held no Safety; read as \
             saving {meant}'s hand, the game follows: the name seems miswritten"
        ));
        d.related = vec![(report.span, format!("as written: {}", report.message))];
        r.safety_at_round_end(p);
        r.read_lines(ended, stop);
        if r.errors_since(mark) > 0 {
            return None;
        }
        written.take_if_fewer(r, stop, ended, mark)?;
        *self = written;
        Some(stop)
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
