//! A turn's power as written: its target, a resolution line under another name, the power's
//! name, a `use`, a trouble action or a `then` line left out.

use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::engine::event::Event;
use crate::engine::replay::{Checkpoint, Referee};
use crate::engine::turn::{played_unused, target_of, within};
use crate::model::log::{CardAt, Choice, ChoiceKind, Line, LineKind, Step, StepKind, Steps, TroubleAction, Turn};
use crate::model::{Card, PlayerId, Power, PowerSpec, Span};
use crate::powers;

use super::{Ending, fogging, sabotage_choices, used_power};

impl<'a> Referee<'a> {
    /// A copy of the replay before the turn at line `at` (its block running to `end`) is read, in
    /// case [`Self::misaimed_turn`] reads it again: when its power (or its activation) is aimed at
    /// one player, and one of its lines names a player other than that one and the turn's.
    #[inline]
    fn copy_if_misaimed(&self, turn: &Turn, at: usize, end: usize) -> Option<Box<Self>> {
        self.names_another_target(turn, at, end)?.then(|| Box::new(self.clone()))
    }

    /// For the turn at line `at` (its block running to `end`), its power aimed at one player and
    /// its block with no `expect` line, where the replay may read it again: whether one of its
    /// lines names a player other than that one and the turn's. `None` where it is not read again.
    fn names_another_target(&self, turn: &Turn, at: usize, end: usize) -> Option<bool> {
        let (target, _, _) = target_of(turn)?;
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
        // A Sabotage's activation aimed at the wrong player is read the same way.
        let (target, choice, activation) = target_of(written)?;
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
            let turn = aimed_instead(written, q, activation);
            let mut r = before.clone();
            r.speculating = true;
            r.left_out_readings = self.left_out_readings;
            let mark = r.diags.len();
            r.read_turn(&turn, at, &lines[at + 1..end]);
            if r.errors_since(mark) > 0 {
                continue;
            }
            let (aimed, meant) = (r.name(target).to_string(), r.name(q).to_string());
            let (what, read) = if activation { ("activation", "activate @") } else { ("turn", "@") };
            let mut d = Diagnostic::new(
                Code::Misresolved,
                choice,
                format!("{who}'s {what} is aimed at {aimed}, and its lines are what aiming it at {meant} makes happen"),
            )
            .label(format!("read as `{read}{meant}`"))
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

    /// The turn at line `start` (its block running to `end`) drew a report at line `line`, points
    /// the rules do not give there (`  Ann scores 100`), and the scorer's turn at line `at` (its
    /// block running to `score_end`), since the turn's player last took one, aimed a Score (or a
    /// Sabotage's activation) at another player: the target may be miswritten, the points written
    /// where the Score's real target played. The replay just before the Score's turn is taken up
    /// again (read on to it from `from`, or from the log's start) and the turn read aimed at the
    /// player of the turn at `start`; where that leaves nothing else to report on to the three
    /// turns after it, and fewer reports by the log's end than as written, it is taken, the slip
    /// reported once at the target (ruling R4); returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn misaimed_score(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        (at, score_end): (usize, usize),
        (start, end): (usize, usize),
        line: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let (LineKind::Turn(written), LineKind::Turn(later)) = (&lines[at].kind, &lines[start].kind) else {
            return None;
        };
        let (target, choice, activation) = target_of(written)?;
        let meant = later.player;
        if target == meant || self.speculating || self.left_out_readings == 0 || !self.block_rereadable(at, score_end) {
            return None;
        }
        self.left_out_readings -= 1;
        let (before, mut as_written, read) = self.turn_again(from, at, score_end)?;
        let stop = self.after_turns(self.next_group(end), 3);
        let mut r = before.clone();
        let mark = r.diags.len();
        r.read_turn(&aimed_instead(written, meant, activation), at, &lines[at + 1..score_end]);
        if r.errors_since(mark) > 0 {
            return None;
        }
        let (who, aimed, meant) = (r.name(written.player), r.name(target), r.name(meant));
        let (what, read_as) = if activation { ("activation", "activate @") } else { ("Score", "@") };
        let mut d = Diagnostic::new(
            Code::Misresolved,
            choice,
            format!(
                "{who}'s {what} is aimed at {aimed}, and the points written under {meant}'s turn follow `@{meant}`"
            ),
        )
        .label(format!("read as `{read_as}{meant}`"))
        .related(lines[line].span, format!("the points {meant}'s play gives a Score aimed at {meant}"))
        .help(format!(
            "the target and the points written disagree: the {what} is read as aimed at {meant}, as the line \
             under {meant}'s turn has it, and the game goes on from it"
        ));
        d.rule = Some(powers::cited(Power::Score));
        if !r.only_report(d, score_end, stop, mark) {
            return None;
        }
        as_written.take_if_fewer(r, stop, read, mark)?;
        *self = as_written;
        Some(stop)
    }

    /// The group at line `start` (running to `end`) drew a report that a card is not where the
    /// rules have it (a decklist's copies all elsewhere, R0401, or a discard pile that cannot hold
    /// it, R0321), or that a player whose deck ran out played on (R0302), and a Recycle aimed at
    /// one player, at line `at` (its block running to
    /// `recycle_end`), came before it: the Recycle's target may be miswritten, the wrong discard
    /// pile shuffled away. The replay just before the Recycle's turn is taken up again (read on to
    /// it from `from`, or from the log's start) and the turn read aimed at each other player;
    /// where exactly one leaves nothing else to report on to the three turns after the group, and
    /// draws fewer reports by the log's end than as written, it is taken, the target the one
    /// report (ruling R4); returns the line read up to.
    #[cold]
    pub(in crate::engine) fn misaimed_recycle(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        (at, recycle_end): (usize, usize),
        end: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let (target, choice, activation) = target_of(written)?;
        if activation || self.speculating || self.left_out_readings == 0 || !self.block_rereadable(at, recycle_end) {
            return None;
        }
        self.left_out_readings -= 1;
        let (before, mut as_written, read) = self.turn_again(from, at, recycle_end)?;
        let stop = self.after_turns(self.next_group(end), 3);
        let mut fits = Vec::new();
        for q in self.log.names.ids().filter(|&q| q != target) {
            let mut r = before.clone();
            let mark = r.diags.len();
            r.read_turn(&aimed_instead(written, q, false), at, &lines[at + 1..recycle_end]);
            if r.errors_since(mark) > 0 {
                continue;
            }
            let (who, aimed, meant) = (r.name(written.player), r.name(target), r.name(q));
            let mut d = Diagnostic::new(
                Code::Misresolved,
                choice,
                format!(
                    "{who}'s Recycle is aimed at {aimed}, and the cards played and drawn after it follow `@{meant}`"
                ),
            )
            .label(format!("read as `@{meant}`"))
            .help(format!(
                "the target and the turns after it disagree: the Recycle is read as having shuffled {meant}'s \
                 discard pile into {meant}'s deck, as the cards later found there have it, and the game goes \
                 on from it"
            ));
            d.rule = Some(powers::cited(Power::Recycle));
            if r.only_report(d, recycle_end, stop, mark) {
                fits.push(r);
            }
        }
        if fits.len() != 1 {
            return None;
        }
        let r = fits.pop()?;
        as_written.take_if_fewer(r, stop, read, before.diags.len())?;
        *self = as_written;
        Some(stop)
    }

    /// Where the group at line `start` (running to `end`) drew a report (from report `mark` on)
    /// that a card is not where the rules have it (R0401, R0321) or that a decked player played on
    /// (R0302), the last Recycle before it aimed at one player: its turn's line and where its
    /// block ends ([`Self::misaimed_recycle`]).
    #[cold]
    pub(in crate::engine) fn recycle_before(&self, start: usize, end: usize, mark: usize) -> Option<(usize, usize)> {
        let lines = &self.log.lines;
        let misplaced = |d: &Diagnostic| {
            matches!(d.code, Code::NotInDecklist | Code::NotInDiscard | Code::NotInRound)
                && (start..end).any(|k| within(d.span, lines[k].span))
        };
        if !self.diags.get(mark..).unwrap_or_default().iter().any(misplaced) {
            return None;
        }
        let at = (0..start).rev().find(|&k| match &lines[k].kind {
            LineKind::Turn(t) => used_power(t) == Some(Power::Recycle),
            _ => false,
        })?;
        let LineKind::Turn(t) = &lines[at].kind else { return None };
        target_of(t).filter(|(_, _, activation)| !activation)?;
        Some((at, self.group_end(at)))
    }

    /// The turn at line `start` (its block running to `end`) drew a report (from report `mark`
    /// on) at a line giving a player points (`  Ann scores 100`), and that player's last Score
    /// (or a Sabotage's activation) since the turn's player last took a turn was aimed at another
    /// player: that turn's line, where its block ends, and the line of the points
    /// ([`Self::misaimed_score`]).
    #[cold]
    pub(in crate::engine) fn score_misaimed_at(&self, start: usize, end: usize, mark: usize) -> Option<[usize; 3]> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[start].kind else { return None };
        let reports = self.diags.get(mark..).unwrap_or_default();
        let unexplained =
            |k: &usize| reports.iter().any(|d| d.code == Code::Misresolved && within(d.span, lines[*k].span));
        let (line, scorer) = (start + 1..end).filter(unexplained).find_map(|k| match lines[k].kind {
            LineKind::Resolution(Event::Scores { player, .. }) => Some((k, player)),
            _ => None,
        })?;
        // The Score's target plays on its next turn: the Score is the scorer's last since the
        // turn's player's last turn (the scorer may have taken another turn since, the turn order
        // reversed).
        for k in (0..start).rev() {
            match &lines[k].kind {
                LineKind::Turn(t) if t.player == scorer => {
                    let Some((target, _, activation)) = target_of(t) else { continue };
                    if activation || used_power(t) == Some(Power::Score) {
                        return (target != turn.player).then(|| [k, self.group_end(k), line]);
                    }
                }
                LineKind::Turn(t) if t.player == turn.player => return None,
                LineKind::Round(_) => return None,
                _ => {}
            }
        }
        None
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

    /// The turn at line `at` (its block running to `end`) used a Sabotage aimed at a player and
    /// activated nothing, and its lines drew a report (`by_lines`; else the turn after it, out of
    /// turn or skipped by nothing): the player may have activated the card the Sabotage
    /// discarded, which the log leaves out. The replay just before the turn is taken up
    /// again (read on to it from `from`, or from the log's start) and the turn read with
    /// `activate` after the Sabotage, with no choices and aimed at each player (where the
    /// Sabotage has more choices after its `@Name`, with those alone, moved); where one makes
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
        by_lines: bool,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        if self.speculating || self.left_out_readings == 0 || !self.block_rereadable(at, end) {
            return None;
        }
        if turn.steps.iter().any(|step| matches!(step.kind, StepKind::Activate(_))) {
            return None;
        }
        let (s, choices) =
            turn.steps.iter().enumerate().find_map(|(s, step)| Some((s, sabotage_choices(&step.kind)?)))?;
        let sabotage = turn.steps.get(s)?.span;
        // The choices after the Sabotage's `@Name`, moved to the activation.
        let (own, moved) = choices.split_first()?;
        self.left_out_readings -= 1;
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        let stop = self.after_turns(self.next_group(end), 3);
        let mark = before.diags.len();
        let at_end = Span::new(sabotage.end as usize, sabotage.end as usize);
        let aimed = |q: PlayerId| vec![Choice { kind: ChoiceKind::Player(q), span: at_end }];
        let choices: Vec<Vec<Choice>> = if moved.is_empty() {
            std::iter::once(Vec::new()).chain(self.log.names.ids().map(aimed)).collect()
        } else {
            vec![moved.to_vec()]
        };
        let mut fits = Vec::new();
        for chosen in choices {
            let step = Step { kind: StepKind::Activate(chosen), span: at_end };
            let written_step = crate::syntax::print::step(&step, &self.log.names);
            let mut steps: Vec<Step> = turn.steps.iter().cloned().collect();
            if !moved.is_empty() {
                if let Some(StepKind::Play { used, .. }) = steps.get_mut(s).map(|step| &mut step.kind) {
                    *used = Some(Box::new([own.clone()]));
                }
            }
            steps.insert(s + 1, step);
            let mut activated = turn.clone();
            activated.steps = Steps::Many(steps);
            let mut r = before.clone();
            r.read_turn(&activated, at, &lines[at + 1..end]);
            // A power left unfollowed would seem to make any line happen.
            let fogged = r.diags.get(mark..).unwrap_or_default().iter().any(|d| fogging(d.code));
            if r.errors_since(mark) > 0 || fogged {
                continue;
            }
            let (shown, show) = if by_lines {
                ("lines under this Sabotage follow", "lines show")
            } else {
                ("turn after this Sabotage follows", "next turn shows")
            };
            let mut d = if moved.is_empty() {
                Diagnostic::new(Code::Misresolved, sabotage, format!("the {shown} the card it discarded activated"))
                    .label(format!("read with `; {written_step}` after it"))
                    .help(format!(
                        "the {show} the discarded card's power used, which only `activate` does; the turn is read \
                         with `{written_step}` after the Sabotage, the step seeming left out"
                    ))
            } else {
                Diagnostic::new(
                    Code::BadChoices,
                    sabotage,
                    "Sabotage takes one `@Name`: the rest seem the choices of the card it discarded, activated",
                )
                .label(format!("read with `; {written_step}` after the first"))
                .help(format!(
                    "a Sabotage is aimed at one player, and the game follows with the discarded card's power used \
                     with the choices after that one, which only `activate` does; the turn is read with \
                     `{written_step}`, the `; activate` seeming left out"
                ))
            };
            d.rule = Some(powers::cited(Power::Sabotage));
            if r.only_report(d, end, stop, mark) {
                fits.push(r);
            }
        }
        if moved.is_empty() {
            written.take_fewest(fits, stop, read, mark)?;
        } else {
            // The Sabotage's choices are reported either way: the reading is taken where the game
            // follows better, its lines followed rather than taken as the table has them.
            written.take_clearest(fits, stop, read, mark)?;
        }
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
    /// at the Stampede; returns the line it read up to. `at_round_end`: the round ends below with
    /// nobody out ([`Self::unwon_at`]), and a reading that ties with the log as
    /// written by the errors it draws is taken where it leaves less unfollowed
    /// ([`Self::take_clearest`]): as written the round's end draws the one error in its place.
    #[cold]
    pub(in crate::engine) fn then_left_out(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        at_round_end: bool,
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
            let (message, help) = if at_round_end {
                (
                    format!("the round's end follows this Stampede's player's playing {c} after it and going out"),
                    format!(
                        "the Stampede's player's own play, which went out, seems left out: the turn is read with \
                         `then {c}` under it, as the round's end has it, and the game goes on from it"
                    ),
                )
            } else {
                (
                    format!("the turns after this Stampede follow its player's playing {c} after it"),
                    format!(
                        "the Stampede's player's own play seems left out: the turn is read with `then {c}` under \
                         it, as the turns after it have it, and the game goes on from it"
                    ),
                )
            };
            let mut d = Diagnostic::new(Code::Misresolved, stampede.span, message)
                .label(format!("read with `then {c}`"))
                .help(help);
            d.rule = Some(powers::cited(Power::Stampede));
            r.only_report(d, end, stop, mark).then_some(r)
        };
        let fits: Vec<Self> = cards.iter().filter_map(|&c| read_then(c)).collect();
        let several = fits.len() > 1 || fits.is_empty() && unseen;
        // Of several cards that fit, the hand's other cards show only later, when they are played;
        // where none shows which (they tie by the log's end), or no known card fits and the hand
        // has unseen ones, the card is read with its number alone, its power taken from the log.
        let take = |w: &mut Self, fits: Vec<Self>| match at_round_end {
            false => w.take_fewest(fits, stop, read, mark),
            true => w.take_clearest(fits, stop, read, mark),
        };
        if take(&mut written, fits).is_none() {
            if !several {
                return None;
            }
            let r = read_then(Card::Known { denomination: next, power: PowerSpec::Unrecorded })?;
            take(&mut written, vec![r])?;
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
        let player = turn.player;
        self.reread_turn_before(from, at, end, player, |written, before, stop| {
            written.unused_turn(before, at, end, stop)
        })
    }

    /// [`Self::reread_turn`] for the turn at line `at` (its block running to `end`) of `player`,
    /// which the turn after it showed a slip in: only where that turn is the one just before.
    fn reread_turn_before(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        player: PlayerId,
        reading: impl FnOnce(&mut Self, &Self, usize) -> Option<usize>,
    ) -> Option<usize> {
        self.reread_turn(from, at, end, |written, before, stop| {
            if written.previous_turn.map(|(p, _)| p) != Some(player) {
                return None;
            }
            reading(written, before, stop)
        })
    }

    /// The turn after the one at line `at` (its block running to `end`) was out of turn or not
    /// skipped as written, and the turn at `at` used a Copy: the player whose top card it copied
    /// may have been miswritten (a Skip copied for a Reverse). The replay just before the turn is
    /// taken up again (read on to it from `from`, or from the log's start) and the turn read
    /// copying each other player's top card ([`Self::miscopied_turn`]), which, if it is taken,
    /// becomes the replay; returns the line it read up to.
    #[cold]
    pub(in crate::engine) fn miscopied_before(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
    ) -> Option<usize> {
        let LineKind::Turn(turn) = &self.log.lines[at].kind else { return None };
        if copied_player(turn).is_none() || !self.block_rereadable(at, end) {
            return None;
        }
        let player = turn.player;
        self.reread_turn_before(from, at, end, player, |written, before, stop| {
            written.miscopied_turn(before, at, end, stop)
        })
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
        'lines: for k in 0..block.len() {
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
                    // Two names read otherwise fit: neither is taken.
                    fit = None;
                    break 'lines;
                }
                fit = Some((r, k, q));
            }
            block[k].kind = lines[at + 1 + k].kind.clone();
        }
        // Fewer reports than as written by the log's end, or as many where the block shows the
        // slip: the name written has another line like it, and the one read has none (a player
        // written twice in a power that acts on every player, the other left out). Failing that,
        // the turn is read otherwise.
        if let Some((r, k, q)) = fit {
            let (read, written) = (r.clone().errors_by_the_end(stop, self.group_diags), self.errors_as_written(end));
            if read < written || read == written && written_for_another(&lines[at + 1..end], k, q) {
                self.adopt(r);
                return Some(stop);
            }
        }
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
        if let Some(stop) = self.unplayed_draw(&before, at, end, stop, false) {
            return Some(stop);
        }
        if let Some(stop) = self.played_as_drawn(&before, at, end, stop) {
            return Some(stop);
        }
        if let Some(stop) = self.misnamed_power(&before, at, end, stop) {
            return Some(stop);
        }
        if let Some(stop) = self.miscopied_turn(&before, at, end, stop) {
            return Some(stop);
        }
        if let Some(r) = self.miswritten_card(&before, turn, at, end, stop) {
            self.adopt(r);
            return Some(stop);
        }
        self.undrawn_turn(&before, at, end)
    }
}

impl Referee<'_> {
    /// The turn at line `at` (its block running to `end`) used a power with a `name` choice (a
    /// Rival's) and drew a report: the power named may have been miswritten (`name Skip` for the
    /// `name Go` whose cards the lines move). The turn is read from `before` (the replay just
    /// before it) naming each other power that a card of its lines has (a compound, or either of
    /// its halves); of those that make the turn and the next three (to line `stop`) happen with
    /// nothing else to report, the one that draws the fewest errors by the log's end, where none
    /// ties it, and fewer than the turn as written, is taken (ruling R4), the slip reported once
    /// at the name. Returns the line read up to.
    #[cold]
    pub(super) fn misnamed_power(&mut self, before: &Self, at: usize, end: usize, stop: usize) -> Option<usize> {
        /// At most this many powers are read named (a Rival's lines name a card of each player).
        const NAMES_READ: usize = 8;
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let named = written.steps.iter().enumerate().find_map(|(s, step)| {
            let StepKind::Play { used: Some(used), .. } = &step.kind else { return None };
            used.iter().enumerate().find_map(|(c, choice)| match choice.kind {
                ChoiceKind::Name(named @ (PowerSpec::Single(_) | PowerSpec::Compound(..))) => {
                    Some((s, c, choice.span, named))
                }
                _ => None,
            })
        });
        let (s, c, span, named) = named?;
        // The powers the lines' cards show: each card's, and each half of a compound's.
        let mut shown: Vec<PowerSpec> = Vec::new();
        for line in &lines[at + 1..end] {
            let LineKind::Resolution(e) = &line.kind else { continue };
            for card in e.cards().iter() {
                let specs = match card.card.power() {
                    Some(&PowerSpec::Single(p)) => [Some(PowerSpec::Single(p)), None, None],
                    Some(&whole @ PowerSpec::Compound(p, q)) => {
                        [Some(whole), Some(PowerSpec::Single(p)), Some(PowerSpec::Single(q))]
                    }
                    _ => [None, None, None],
                };
                for p in specs.into_iter().flatten() {
                    if p != named && !shown.contains(&p) {
                        shown.push(p);
                    }
                }
            }
        }
        if shown.is_empty() || shown.len() > NAMES_READ {
            return None;
        }
        let rule = used_power(written).map(powers::cited);
        let mut fits = Vec::new();
        for p in shown {
            let mut turn = written.clone();
            if let StepKind::Play { used: Some(used), .. } = &mut turn.steps[s].kind {
                used[c].kind = ChoiceKind::Name(p);
            }
            let mut d = Diagnostic::new(
                Code::Misresolved,
                span,
                format!("the turn names {named}, and its lines are what naming {p} makes happen"),
            )
            .label(format!("read as `name {p}`"))
            .help(format!(
                "the power named seems miswritten: read as naming {p}, the turn and the turns after it follow, and \
                 the game goes on from it"
            ));
            d.rule = rule;
            fits.extend(self.read_as_slip(before, &turn, at, end, stop, d));
        }
        self.take_fewest(fits, stop, end, before.diags.len())
    }
}

impl Referee<'_> {
    /// The turn at line `at` (its block running to `end`) used a Copy and drew a report: the
    /// player whose top card it copied may have been miswritten (`of Cyd` for the `of Dee` whose
    /// top card's power the lines follow, or the Copy's own player). The turn is read from
    /// `before` (the replay just before it) copying each other player's top card; of those that
    /// make the turn and the next three (to line `stop`) happen with nothing else to report, the
    /// one that draws the fewest errors by the log's end, where none ties it, and fewer than the
    /// turn as written, is taken (ruling R4), the slip reported once at the name. Returns the
    /// line read up to.
    #[cold]
    fn miscopied_turn(&mut self, before: &Self, at: usize, end: usize, stop: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let (s, c, span, of) = copied_player(written)?;
        // The turn's own report at the name (a Copy of its own player, or of a top card that
        // cannot be copied) is the slip's; else the lines showed it.
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        let at_name = reports.iter().find(|d| d.severity() == Severity::Error && within(d.span, span)).cloned();
        let who = self.name(of).to_string();
        // Where the turn happened as written, the turns after it showed the slip.
        let shown = if reports.iter().any(|d| d.severity() == Severity::Error) {
            "its lines are"
        } else {
            "the turns after it are"
        };
        let help = |meant: &str, alike: &str| {
            format!(
                "the player copied seems miswritten: read as copying {meant}'s top card{alike}, the turn and the \
                 turns after it follow, and the game goes on from it"
            )
        };
        let mut fits = Vec::new();
        for q in self.log.names.ids().filter(|&q| q != of && q != written.player) {
            let mut turn = written.clone();
            if let StepKind::Play { used: Some(used), .. } | StepKind::Replay { used: Some(used), .. } =
                &mut turn.steps[s].kind
            {
                used[c].kind = ChoiceKind::Of(q);
            }
            let meant = self.name(q);
            let mut d = match &at_name {
                Some(d) => Diagnostic::new(d.code, span, d.message.clone()),
                None => Diagnostic::new(
                    Code::Misresolved,
                    span,
                    format!("the turn copies {who}'s top card, and {shown} what copying {meant}'s makes happen"),
                ),
            }
            .label(format!("read as `of {meant}`"))
            .help(help(meant, ""));
            d.rule = at_name.as_ref().map_or(Some(powers::cited(Power::Copy)), |d| d.rule);
            fits.extend(self.read_as_slip(before, &turn, at, end, stop, d).map(|r| (r, q)));
        }
        // A reading that leaves a power unfollowed (a copied BiJ, which acts through its own
        // card) may seem to make any line happen: it is taken only where no followed one fits.
        let mark = before.diags.len();
        let followed = |r: &Self| !r.diags[mark..].iter().any(|d| fogging(d.code));
        if fits.iter().any(|(r, _)| followed(r)) {
            fits.retain(|(r, _)| followed(r));
        }
        // Top cards of one power copied make the same game: such readings are one, the report
        // naming each player who may have been meant.
        let mut alike: Vec<(Self, Vec<PlayerId>, Option<Ending>)> = Vec::new();
        let several = fits.len() > 1;
        for (r, q) in fits {
            let ending = several.then(|| r.clone().ending(stop, mark).0);
            match alike.iter_mut().find(|(_, _, e)| ending.is_some() && *e == ending) {
                Some((_, qs, _)) => qs.push(q),
                None => alike.push((r, vec![q], ending)),
            }
        }
        let mut readings = Vec::new();
        for (mut r, qs, _) in alike {
            if let [q, others @ ..] = &qs[..] {
                let report = r.diags.get_mut(mark..).unwrap_or_default().iter_mut().find(|d| d.span.is_at(span));
                if let (Some(d), false) = (report, others.is_empty()) {
                    let names: Vec<String> = others.iter().map(|&o| format!("`of {}`", self.name(o))).collect();
                    d.label = Some(format!("read as `of {}` (or {})", self.name(*q), names.join(", ")));
                    let also: Vec<&str> = others.iter().map(|&o| self.name(o)).collect();
                    d.help = Some(help(self.name(*q), &format!(" ({}'s makes the same happen)", also.join(" or "))));
                }
            }
            readings.push(r);
        }
        self.take_fewest(readings, stop, end, mark)
    }
}

/// `written` with the player its power is aimed at (or its activation, for `activation`) made `q`.
fn aimed_instead(written: &Turn, q: PlayerId, activation: bool) -> Turn {
    let mut turn = written.clone();
    for step in turn.steps.iter_mut() {
        let choices = match &mut step.kind {
            StepKind::Play { used: Some(used), .. } | StepKind::Replay { used: Some(used), .. } if !activation => {
                &mut used[..]
            }
            StepKind::Activate(choices) if activation => &mut choices[..],
            _ => continue,
        };
        for c in choices.iter_mut() {
            if let ChoiceKind::Player(p) = &mut c.kind {
                *p = q;
            }
        }
    }
    turn
}

/// Where `turn` names the player whose top card a Copy copies: the step, the choice, its span, and
/// the player.
fn copied_player(turn: &Turn) -> Option<(usize, usize, Span, PlayerId)> {
    turn.steps.iter().enumerate().find_map(|(s, step)| {
        let (StepKind::Play { used: Some(used), .. } | StepKind::Replay { used: Some(used), .. }) = &step.kind else {
            return None;
        };
        used.iter().enumerate().find_map(|(c, choice)| match choice.kind {
            ChoiceKind::Of(p) => Some((s, c, choice.span, p)),
            _ => None,
        })
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
