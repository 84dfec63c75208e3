//! A log with every line the referee derives written out (FORMAT.md §8): a resolution line left
//! out stands for what the engine derives, so writing it must change nothing. The sweeps of
//! `tests/hidden.rs` write them into legal games, whole and then redacted.

use std::collections::HashMap;
use tribbles::engine::event::{Drawn, Event};
use tribbles::engine::replay::replay;
use tribbles::model::log::{CardCount, Choice, ChoiceKind, Line, LineKind, Log, Step, StepKind, Turn, Zone};
use tribbles::model::{Denomination, PlayerId, Power, PowerSpec};

/// The events a table may write as resolution lines: what happened to cards, points and the
/// order of play, not the referee's own bookkeeping (whose turn is next, what became unknown).
fn writable(e: &Event) -> bool {
    matches!(
        e,
        Event::Draws { .. }
            | Event::Discards { .. }
            | Event::Puts { .. }
            | Event::Reveals { .. }
            | Event::Shuffles { .. }
            | Event::Scores { .. }
            | Event::Loses { .. }
            | Event::GoesOut(_)
            | Event::IsDecked(_)
            | Event::IsSkipped(_)
            | Event::Passes(_)
            | Event::DirectionReverses
            | Event::ChainBreaks
            | Event::TroubleShifts(_)
    )
}

/// Whether the event says the referee could not follow something: where it could not, its
/// other events in the same place are its best reading, not always what happened.
fn unsure(e: &Event) -> bool {
    matches!(
        e,
        Event::Unverified { .. }
            | Event::ScoreUnverified(_)
            | Event::HandUnknown(_)
            | Event::DrawsUnknown(_)
            | Event::PileUnknown(_)
            | Event::DiscardsUnknown(_)
            | Event::ZonesUnknown { .. }
            | Event::MayGoOut(_)
            | Event::MayScore { .. }
            | Event::MayRemove(_)
            | Event::PotMayEmpty
            | Event::PotUnknown
            | Event::TroubleHidden
            | Event::DeckedUnseen(_)
    )
}

/// Where a turn's own events begin: past those that read the last turn's Skips again (who was
/// decked at the deal, who was skipped).
fn begun(events: &[&Event]) -> usize {
    events
        .iter()
        .position(|e| !matches!(e, Event::IsSkipped(_) | Event::IsNext(_) | Event::DeckedAtDeal(_)))
        .unwrap_or(events.len())
}

/// The player an event is about; a stampede play (`plays`) is about none here, so that regrouping
/// a turn's lines by player leaves those lines in their order, after the others.
fn player_of(e: &Event) -> Option<PlayerId> {
    match e {
        Event::Plays { .. } => None,
        e => e.subject(),
    }
}

/// Whether the cards are one known Fizzbin.
fn fizzbin(cards: &[CardCount]) -> bool {
    matches!(cards, [c] if c.count == 1 && c.card.power().is_some_and(|p| p.is_known() && p.has(Power::Fizzbin)))
}

/// Each card a line moves, as a line of its own: none for a line of one card.
fn singles(e: &Event) -> Vec<Event> {
    let cards = match e {
        Event::Draws { drawn: Drawn::Cards(cards), .. }
        | Event::Discards { cards, .. }
        | Event::Puts { cards, .. }
        | Event::Reveals { cards, .. } => cards,
        _ => return Vec::new(),
    };
    if cards.iter().map(|c| c.count).sum::<u32>() < 2 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for c in cards.iter() {
        let one = CardCount { count: 1, ..c.clone() }.list();
        let mut single = e.clone();
        match &mut single {
            Event::Draws { drawn, .. } => *drawn = Drawn::Cards(one),
            Event::Discards { cards, .. } | Event::Puts { cards, .. } | Event::Reveals { cards, .. } => *cards = one,
            _ => {}
        }
        out.push(single);
    }
    out
}

/// What the turn's own steps say already, by kind: draws, losses and passes of its player.
#[derive(Default)]
struct Said {
    draws: usize,
    loses: usize,
    passes: usize,
}

impl Said {
    fn of(kind: &StepKind, said: &mut Said) {
        match kind {
            StepKind::Draw { .. } | StepKind::ActionDraw(_) => said.draws += 1,
            StepKind::ActionLose(_) => said.loses += 1,
            StepKind::Pass { .. } => said.passes += 1,
            _ => {}
        }
    }

    /// Whether the event is one of the step's own (and counts it off).
    fn takes(&mut self, e: &Event, player: PlayerId) -> bool {
        let slot = match e {
            Event::Draws { player: p, .. } if *p == player => &mut self.draws,
            Event::Loses { player: p, .. } if *p == player => &mut self.loses,
            Event::Passes(p) if *p == player => &mut self.passes,
            _ => return false,
        };
        let own = *slot > 0;
        *slot = slot.saturating_sub(1);
        own
    }
}

/// How the derived lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Every derived event as a resolution line.
    Lines,
    /// As `Lines`, but a skipped player's turn as a turn line of its own (`Rogue: skipped`), a
    /// turn of a draw and no play with the pass said (`Matt: draw; pass on 100`), a compound
    /// with Clone played in sequence used for its other half only (FORMAT.md §7), and each run of
    /// resolution lines grouped by player in another order, its score lines first.
    Steps,
}

/// `log` with, under each turn and `then` line, the resolution lines of every event the referee
/// derived there that the log leaves out. The log must check clean: on a flawed log the referee's
/// events are what it took, not what happened.
pub fn written_out(log: &Log) -> Log {
    written_out_as(log, Style::Lines)
}

/// The last number played before each line of `log`, where the log says it.
pub fn last_number_before(log: &Log) -> HashMap<usize, Denomination> {
    last_numbers(log, &replay(log).events)
}

/// The last number played before each line, where the log says it (a position block's chain is
/// not followed here): what a `pass on N` step names.
fn last_numbers(log: &Log, events: &[tribbles::engine::replay::Logged]) -> HashMap<usize, Denomination> {
    let positioned = log.lines.iter().any(|l| matches!(l.kind, LineKind::PositionStart));
    let mut last: Option<Option<Denomination>> = if positioned { None } else { Some(None) };
    let mut before = HashMap::new();
    let mut seen = None;
    for e in events {
        if seen != Some(e.line) {
            seen = Some(e.line);
            if let Some(Some(d)) = last {
                before.entry(e.line).or_insert(d);
            }
        }
        match &e.event {
            Event::RoundStarts { .. } | Event::ChainRestarts => last = Some(None),
            Event::Plays { card, .. } | Event::Replays { card, .. } => last = Some(card.denomination()),
            _ => {}
        }
    }
    before
}

/// Whether a Dabo is played in the next few turns, where it may rest on the powers used before it
/// (TCC 2.1, Tribble Powers: DABO).
fn dabo_soon(lines: &[Line]) -> bool {
    lines
        .iter()
        .filter_map(|l| match &l.kind {
            LineKind::Turn(t) => Some(t),
            _ => None,
        })
        .take(6)
        .flat_map(|t| t.steps.iter())
        .any(
            |s| matches!(&s.kind, StepKind::Play { card, .. } if card.card.power().is_some_and(|p| p.has(Power::Dabo))),
        )
}

/// The half other than Clone of a compound with Clone (not Clone & Clone).
pub fn clone_half(card: &tribbles::model::Card) -> Option<Power> {
    match card.power() {
        Some(PowerSpec::Compound(Power::Clone, other) | PowerSpec::Compound(other, Power::Clone))
            if *other != Power::Clone =>
        {
            Some(*other)
        }
        _ => None,
    }
}

/// A compound with Clone played in sequence and used whole, used for its other half only
/// (`100 Clone & Skip use Skip`, FORMAT.md §7; TCC 2.1, Compound Tribble Powers): the Clone half
/// does nothing in sequence, so only the count of powers used changes, which a Dabo alone reads.
/// In sequence: not of the last number played.
fn one_half(turn: &mut Turn, last: Option<Denomination>) {
    let Some(Step { kind: StepKind::Play { card, used: Some(choices) }, .. }) = turn.steps.first_mut() else { return };
    let Some(other) = clone_half(&card.card) else { return };
    let in_sequence = last.is_some_and(|l| card.card.denomination().is_some_and(|d| d != l));
    if !in_sequence {
        return;
    }
    if choices.iter().any(|c| matches!(c.kind, ChoiceKind::Half(_))) {
        return;
    }
    let half = Choice { kind: ChoiceKind::Half(other), span: Default::default() };
    *choices = std::iter::once(half).chain(choices.iter().cloned()).collect();
}

/// A turn line of `player`'s of the one step.
fn turn_line(player: PlayerId, kind: StepKind) -> Line {
    let step = Step { kind, span: Default::default() };
    Line {
        kind: LineKind::Turn(Turn { player, player_span: Default::default(), steps: std::iter::once(step).collect() }),
        span: Default::default(),
        comment: None,
        blank_before: false,
    }
}

/// [`written_out`] in the given style.
pub fn written_out_as(log: &Log, style: Style) -> Log {
    let r = replay(log);
    let last_number = last_numbers(log, &r.events);
    let names = &log.names;
    let mut by_line: HashMap<usize, Vec<&Event>> = HashMap::new();
    // Players the referee found, later in a round, to have been decked at the deal: what it
    // derived for them earlier in the round (a card into an Ante's pot) was its first reading.
    let mut round = 0;
    let mut round_of: HashMap<usize, u32> = HashMap::new();
    let mut decked: Vec<(u32, PlayerId)> = Vec::new();
    // Turns whose player the round's end finds may have gone out with that turn's play (a hand
    // the referee could not count): what its Skips did rests on the player's staying in, which
    // the referee took but did not know (long cut 3914311, a Skip played as the last card).
    let mut last_turn: Option<(usize, PlayerId)> = None;
    let mut may_have_gone_out: Vec<usize> = Vec::new();
    for e in &r.events {
        match e.event {
            Event::RoundStarts { round: n, .. } => {
                round = n;
                last_turn = None;
            }
            Event::DeckedAtDeal(p) | Event::DeckedUnseen(p) => decked.push((round, p)),
            Event::MayGoOut(p) => may_have_gone_out.extend(last_turn.filter(|(_, q)| *q == p).map(|(h, _)| h)),
            _ => {}
        }
        if let Some(LineKind::Turn(t)) = log.lines.get(e.line).map(|l| &l.kind) {
            last_turn = Some((e.line, t.player));
        }
        round_of.entry(e.line).or_insert(round);
        by_line.entry(e.line).or_default().push(&e.event);
    }
    let mut out = log.clone();
    out.lines.clear();
    let mut player = None;
    // Players skipped by the last turn, whose turn lines (`Rogue: skipped`) come before the next
    // turn: none for one the next turn line is of (a BaH! placed on the skipped turn).
    let mut skipped: Vec<PlayerId> = Vec::new();
    let mut i = 0;
    while i < log.lines.len() {
        let header = i;
        let line = &log.lines[i];
        match &line.kind {
            LineKind::Turn(turn) => {
                let upto = skipped.iter().position(|q| *q == turn.player).unwrap_or(skipped.len());
                out.lines.extend(skipped[..upto].iter().map(|q| turn_line(*q, StepKind::Skipped)));
                skipped.clear();
            }
            LineKind::Then(_) | LineKind::Resolution(_) => {}
            _ => skipped.clear(),
        }
        let mut line = line.clone();
        if let LineKind::Turn(turn) = &mut line.kind {
            // A draw and no play: the player passes (the engine derives nothing for it).
            let decked = by_line.get(&header).is_some_and(|es| {
                es.iter().any(|e| matches!(e, Event::IsDecked(p) | Event::DeckedUnseen(p) if *p == turn.player))
            });
            if style == Style::Steps && matches!(&turn.steps[..], [Step { kind: StepKind::Draw { .. }, .. }]) && !decked
            {
                let on = last_number.get(&header).copied();
                turn.steps.push(Step { kind: StepKind::Pass { on }, span: Default::default() });
            }
            if style == Style::Steps && !dabo_soon(&log.lines[header + 1..]) {
                one_half(turn, last_number.get(&header).copied());
            }
        }
        out.lines.push(line.clone());
        i += 1;
        let mut said = Said::default();
        match &line.kind {
            LineKind::Turn(turn) => {
                player = Some(turn.player);
                for s in &turn.steps {
                    Said::of(&s.kind, &mut said);
                }
            }
            LineKind::Then(step) => Said::of(&step.kind, &mut said),
            _ => continue,
        }
        let Some(player) = player else { continue };
        // The turn's resolution lines as the log wrote them, each with the texts of the events
        // it stands for: its own, each card of a line moving several (the referee may record
        // them card by card, as for Mutate), and a Stampede's play as the card put on the pile.
        let mut written: Vec<(&Line, Vec<String>)> = Vec::new();
        while let Some(next) = log.lines.get(i).filter(|l| matches!(l.kind, LineKind::Resolution(_))) {
            if let LineKind::Resolution(e) = &next.kind {
                let text = e.display(names).to_string();
                let mut texts = singles(e).iter().map(|one| one.display(names).to_string()).collect::<Vec<_>>();
                if let Event::Plays { .. } = e {
                    texts.push(text.replacen(" plays ", " puts ", 1) + " on pile");
                }
                texts.push(text);
                written.push((next, texts));
            }
            i += 1;
        }
        // Each event the referee derived, with the written line it stands for, if any.
        let mut mutated = false;
        let mut derived: Vec<(&Event, Option<usize>)> = Vec::new();
        let events = by_line.get(&header).map(Vec::as_slice).unwrap_or_default();
        // Where the referee could not follow the turn, only what its written lines say is taken.
        let sure = !events.iter().any(|e| unsure(e));
        // Players a turn finds skipped before it begins are the last turn's Skips read again
        // (ruling R2), not this turn's doing: they are written under the turn that skipped them,
        // in place of the first reading there.
        let skipped_here = events[begun(events)..].iter().any(|e| matches!(e, Event::IsSkipped(_)));
        let reread: Vec<&Event> = log.lines[i..]
            .iter()
            .filter(|_| skipped_here)
            .position(|l| matches!(l.kind, LineKind::Turn(_)))
            .and_then(|k| by_line.get(&(i + k)))
            .map(|next| next[..begun(next)].iter().copied().filter(|e| matches!(e, Event::IsSkipped(_))).collect())
            .unwrap_or_default();
        let first_reading = |e: &&Event| !matches!(e, Event::IsSkipped(_)) || reread.is_empty();
        let own = events[begun(events)..].iter().copied().filter(first_reading).chain(reread.iter().copied());
        for e in own {
            // Mutate: the referee shuffles the pile into the deck and puts each Fizzbin back at
            // the bottom, a card the table saw stay where it was.
            let fizzbin_stays = mutated && matches!(e, Event::Puts { cards, .. } if fizzbin(cards));
            mutated = matches!(e, Event::Shuffles { from: Zone::Pile, .. }) || fizzbin_stays;
            let retracted =
                player_of(e).is_some_and(|q| round_of.get(&header).is_some_and(|n| decked.contains(&(*n, q))));
            if !writable(e) || said.takes(e, player) || fizzbin_stays {
                continue;
            }
            let text = e.display(names).to_string();
            let found = written.iter_mut().enumerate().find_map(|(j, (_, texts))| {
                let k = texts.iter().position(|t| *t == text)?;
                texts.swap_remove(k);
                Some(j)
            });
            let guessed = matches!(e, Event::IsSkipped(_)) && may_have_gone_out.contains(&header);
            if found.is_some() || sure && !retracted && !guessed {
                derived.push((e, found));
            }
        }
        // In the referee's order: a written line where its first event happened (with the written
        // lines before it that stand for no event), a derived line where it happened.
        let mut done = vec![false; written.len()];
        let stands: Vec<bool> = (0..written.len()).map(|j| derived.iter().any(|(_, f)| *f == Some(j))).collect();
        for (e, found) in derived {
            match found {
                Some(j) if !done[j] => {
                    for k in 0..=j {
                        if !done[k] && (k == j || !stands[k]) {
                            out.lines.push(written[k].0.clone());
                            done[k] = true;
                        }
                    }
                }
                Some(_) => {}
                None if style == Style::Steps && matches!(e, Event::IsSkipped(_)) => {
                    if let Some(q) = player_of(e) {
                        skipped.push(q);
                    }
                }
                None => out.lines.push(Line {
                    kind: LineKind::Resolution(e.clone()),
                    span: Default::default(),
                    comment: None,
                    blank_before: false,
                }),
            }
        }
        for (j, (line, _)) in written.iter().enumerate() {
            if !done[j] {
                out.lines.push((*line).clone());
            }
        }
    }
    if style == Style::Steps {
        players_reversed(&mut out);
        scores_first(&mut out);
    }
    out
}

/// Calls `reorder` on each run of resolution lines, with the line before it.
fn each_run(log: &mut Log, mut reorder: impl FnMut(Option<&LineKind>, &mut [Line])) {
    let mut i = 0;
    while i < log.lines.len() {
        let start = i;
        while i < log.lines.len() && matches!(log.lines[i].kind, LineKind::Resolution(_)) {
            i += 1;
        }
        if i == start {
            i += 1;
            continue;
        }
        let (before, run) = log.lines.split_at_mut(start);
        reorder(before.last().map(|l| &l.kind), &mut run[..i - start]);
    }
}

/// Each run of resolution lines with its score lines first (FORMAT.md §8 gives them no order).
fn scores_first(log: &mut Log) {
    each_run(log, |_, run| {
        let is_score = |l: &Line| matches!(l.kind, LineKind::Resolution(Event::Scores { .. } | Event::Loses { .. }));
        let mut sorted: Vec<Line> = run.iter().filter(|l| is_score(l)).cloned().collect();
        sorted.extend(run.iter().filter(|l| !is_score(l)).cloned());
        run.clone_from_slice(&sorted);
    });
}

/// Each run of resolution lines grouped by player, the last player to appear first, each player's
/// lines in their order, and lines of no player and goings out last (FORMAT.md §8 gives them no
/// order). Not under an `activate` step: a Sabotage's discard line comes before those of the power
/// it activates.
fn players_reversed(log: &mut Log) {
    each_run(log, |before, run| {
        let activates = match before {
            Some(LineKind::Turn(t)) => t.steps.iter().any(|s| matches!(s.kind, StepKind::Activate(_))),
            Some(LineKind::Then(s)) => matches!(s.kind, StepKind::Activate(_)),
            _ => false,
        };
        if activates {
            return;
        }
        // (A going out ends the turn's lines: it stays last.)
        let who = |l: &Line| match &l.kind {
            LineKind::Resolution(Event::GoesOut(_)) => None,
            LineKind::Resolution(e) => player_of(e),
            _ => None,
        };
        let mut order: Vec<PlayerId> = Vec::new();
        for p in run.iter().filter_map(who) {
            if !order.contains(&p) {
                order.push(p);
            }
        }
        let mut sorted: Vec<Line> = Vec::new();
        for p in order.iter().rev() {
            sorted.extend(run.iter().filter(|l| who(l) == Some(*p)).cloned());
        }
        sorted.extend(run.iter().filter(|l| who(l).is_none()).cloned());
        run.clone_from_slice(&sorted);
    });
}
