//! `tribbles score`: the scoreboard. For every round and player, the points the rules give (with
//! their breakdown) beside what the score keeper wrote; mismatches are marked and make the exit
//! code 1.

use super::input::read_one;
use super::{CmdResult, ScoreArgs, ScoreFormat};
use crate::diagnostics::visible::visible;
use crate::engine::replay::{Replay, ScoreRow, replay};
use crate::model::Names;
use serde::Serialize;
use std::io::Write;
use unicode_width::UnicodeWidthStr;

/// The JSON form of the scoreboard.
#[derive(Serialize)]
struct Board<'a> {
    rounds: Vec<RoundJson<'a>>,
    totals: Vec<(&'a str, Option<u64>)>,
    mismatches: usize,
}

#[derive(Serialize)]
struct RoundJson<'a> {
    round: u32,
    players: Vec<RowJson<'a>>,
}

#[derive(Serialize)]
struct RowJson<'a> {
    player: &'a str,
    went_out: bool,
    decked: bool,
    pile_cards: Option<usize>,
    pile_total: Option<u64>,
    during_round: u64,
    points: Option<u64>,
    recorded_points: Option<u64>,
    total: Option<u64>,
    recorded_total: Option<u64>,
    breakdown: String,
}

pub fn run(args: &ScoreArgs, out: &mut impl Write) -> CmdResult {
    let (_file, log) = match read_one(&args.path) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let r = replay(&log);
    let names = &log.names;
    let mismatches = count_mismatches(&r);
    match args.format {
        ScoreFormat::Json => {
            let board = Board {
                rounds: r
                    .rounds
                    .iter()
                    .map(|round| RoundJson {
                        round: round.round,
                        players: round.rows.iter().map(|row| row_json(row, names)).collect(),
                    })
                    .collect(),
                totals: r
                    .state
                    .seating
                    .iter()
                    .map(|p| (names.get(*p), (!r.state.fog.scores).then_some(r.state.player(*p).score.0)))
                    .collect(),
                mismatches,
            };
            writeln!(out, "{}", serde_json::to_string_pretty(&board).unwrap_or_default())?;
        }
        ScoreFormat::Human => {
            // A table for people: names from the log are shown with stand-ins for control
            // characters. The stand-ins are one character each, as wide as the columns count.
            let mut text = Vec::new();
            human(&r, names, &mut text)?;
            out.write_all(visible(&String::from_utf8_lossy(&text)).as_bytes())?;
        }
    }
    Ok(if mismatches > 0 { 1 } else { 0 })
}

fn row_json<'a>(row: &ScoreRow, names: &'a Names) -> RowJson<'a> {
    RowJson {
        player: names.get(row.player),
        went_out: row.went_out,
        decked: row.decked,
        pile_cards: row.pile.map(|p| p.0),
        pile_total: row.pile.map(|p| p.1),
        during_round: row.during,
        points: row.points,
        recorded_points: row.recorded_points,
        total: row.total,
        recorded_total: row.recorded_total,
        breakdown: row.breakdown(names),
    }
}

fn differs(computed: Option<u64>, recorded: Option<u64>) -> bool {
    matches!((computed, recorded), (Some(c), Some(r)) if c != r)
}

fn count_mismatches(r: &Replay) -> usize {
    r.rounds
        .iter()
        .flat_map(|round| &round.rows)
        .filter(|row| differs(row.points, row.recorded_points) || differs(row.total, row.recorded_total))
        .count()
}

fn cell(computed: Option<u64>, recorded: Option<u64>) -> String {
    let c = computed.map_or("?".to_string(), |v| v.to_string());
    match recorded {
        Some(r) if differs(computed, recorded) => format!("{c} ≠ {r}"),
        Some(_) => format!("{c} ✓"),
        None => c,
    }
}

/// `name` padded with spaces to `width` terminal columns: a wide character (`李`) takes two, so
/// `format!`'s padding, which counts characters, would leave the columns after it out of line.
fn padded(name: &str, width: usize) -> String {
    let pad = width.saturating_sub(UnicodeWidthStr::width(name));
    format!("{name}{:pad$}", "")
}

fn human(r: &Replay, names: &Names, out: &mut impl Write) -> std::io::Result<()> {
    let width = names.0.iter().map(|n| UnicodeWidthStr::width(n.as_str())).max().unwrap_or(6).max(6);
    for round in &r.rounds {
        writeln!(out, "round {}", round.round)?;
        writeln!(
            out,
            "  {:<width$}  {:<18}  {:<20}  {:<20}  breakdown",
            "player", "status", "points (sheet)", "total (sheet)"
        )?;
        for row in &round.rows {
            let status = if row.went_out {
                "went out"
            } else if row.decked {
                "decked"
            } else {
                ""
            };
            writeln!(
                out,
                "  {}  {:<18}  {:<20}  {:<20}  {}",
                padded(names.get(row.player), width),
                status,
                cell(row.points, row.recorded_points),
                cell(row.total, row.recorded_total),
                row.breakdown(names)
            )?;
        }
    }
    let mismatches = count_mismatches(r);
    if r.rounds.is_empty() {
        writeln!(out, "no round of this log ends, so there is nothing to score")?;
    } else if mismatches == 0 {
        writeln!(out, "every figure on the sheet agrees with the rules")?;
    } else {
        writeln!(
            out,
            "{mismatches} figure{} on the sheet differ from the rules (≠)",
            crate::diagnostics::plural(mismatches)
        )?;
    }
    Ok(())
}
