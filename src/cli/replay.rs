//! `tribbles replay`: the event stream in resolution-line syntax (FORMAT.md §8), each event under
//! the log line that caused it, and the state at any turn.

use super::input::read_one;
use super::{CmdResult, ReplayArgs};
use crate::diagnostics::plural;
use crate::diagnostics::visible::visible;
use crate::engine::replay::{Replay, replay};
use crate::engine::state::{State, Status};
use crate::model::log::{Direction, Log};
use std::io::Write;

pub fn run(args: &ReplayArgs, out: &mut impl Write) -> CmdResult {
    let (_file, log) = match read_one(&args.path) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let r = replay(&log);
    let until = match &args.at {
        None => r.events.len(),
        Some(at) => match point(&r, at) {
            Some(n) => n,
            None => {
                eprintln!(
                    "tribbles: --at {}: no such turn (write ROUND.TURN, such as 2.5; 2.0 is the start of round 2); {}",
                    crate::diagnostics::visible::visible(at),
                    turns_held(&r, at)
                );
                return Ok(2);
            }
        },
    };
    // Written for people: names and troubles from the log are shown with stand-ins for control
    // characters, so the whole text is gathered first.
    let mut text = Vec::new();
    if args.events || args.at.is_none() {
        events(&r, &log, until, &mut text)?;
    }
    if args.at.is_some() {
        state(&r.state_after(until), &mut text)?;
    }
    out.write_all(visible(&String::from_utf8_lossy(&text)).as_bytes())?;
    Ok(0)
}

/// How many events have happened at `ROUND.TURN` (turn 0: the start of the round, after the deal).
fn point(r: &Replay, at: &str) -> Option<usize> {
    let (round, turn) = at.split_once('.')?;
    let (round, turn): (u32, u32) = (round.trim().parse().ok()?, turn.trim().parse().ok()?);
    r.turns.iter().find(|(rd, t, _)| *rd == round && *t == turn).map(|t| t.2)
}

/// Which turns the log holds, to help a `--at` that named none of them: those of the round it
/// named, else the first and last.
fn turns_held(r: &Replay, at: &str) -> String {
    let round: Option<u32> = at.split('.').next().and_then(|n| n.trim().parse().ok());
    let of_round = r.turns.iter().filter(|(rd, ..)| Some(*rd) == round).map(|(_, t, _)| *t).max();
    match (round, of_round, r.turns.first(), r.turns.last()) {
        (Some(round), Some(last), ..) => format!("round {round} runs from {round}.0 to {round}.{last}"),
        (_, _, Some((r0, t0, _)), Some((r1, t1, _))) => format!("the log runs from {r0}.{t0} to {r1}.{t1}"),
        _ => "the log holds no turn".to_string(),
    }
}

fn events(r: &Replay, log: &Log, until: usize, out: &mut impl Write) -> std::io::Result<()> {
    let mut current = usize::MAX;
    for e in r.events.iter().take(until) {
        if e.line != current {
            current = e.line;
            if let Some(line) = log.lines.get(current) {
                writeln!(out, "{}", crate::syntax::print::print_line(line, &log.names))?;
            }
        }
        writeln!(out, "  {}", e.event.display(&log.names))?;
    }
    Ok(())
}

fn state(s: &State, out: &mut impl Write) -> std::io::Result<()> {
    let dir = match s.direction {
        Direction::Clockwise => "clockwise",
        Direction::Counterclockwise => "counter-clockwise",
    };
    writeln!(out, "round {} ({})", s.round, if s.in_round { "in progress" } else { "over" })?;
    let chain = match (s.chain.last, s.chain.broken) {
        (None, _) => "a new chain: 1 next".to_string(),
        (Some(d), false) => format!("{d} last played: {} next", d.next()),
        (Some(d), true) => format!("{d} last played, broken: {} or 1 next", d.next()),
    };
    writeln!(out, "chain: {chain}")?;
    writeln!(out, "direction: {dir}")?;
    if let Some(p) = s.next {
        writeln!(out, "turn: {}", s.names.get(p))?;
    }
    for p in &s.seating {
        let pl = s.player(*p);
        let status = match pl.status {
            Status::In => "",
            Status::Out => " (went out)",
            Status::Decked => " (decked)",
            Status::SittingOut => " (sitting out)",
        };
        writeln!(
            out,
            "{}{status}: score {}",
            s.names.get(*p),
            if s.fog.scores { "?".to_string() } else { pl.score.to_string() }
        )?;
        let size = |n: Option<u32>, least: u32| match (n, least) {
            (Some(n), _) => format!("{n} card{}", plural(n)),
            (None, 0) => "an unknown number of cards".to_string(),
            (None, least) => format!("at least {least} card{}", plural(least)),
        };
        let known: Vec<String> = pl.hand.known.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "  hand: {}{}",
            size(pl.hand.len(), pl.hand.min_len()),
            if known.is_empty() { String::new() } else { format!(", known: {}", known.join(", ")) }
        )?;
        writeln!(out, "  deck: {}", size(pl.deck.len(), pl.deck.min_len()))?;
        let pile: Vec<String> = pl.pile.iter().map(ToString::to_string).collect();
        let pile = match (pl.pile_unknown, pile.is_empty()) {
            (true, true) => "unknown".to_string(),
            (true, false) => format!("unknown, with {}", pile.join(", ")),
            (false, true) => "empty".to_string(),
            (false, false) => pile.join(", "),
        };
        writeln!(out, "  pile: {pile}")?;
        writeln!(out, "  discard: {}", size(pl.discard.len(), pl.discard.min_len()))?;
    }
    Ok(())
}
