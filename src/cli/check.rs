//! `tribbles check`: checks every log given, in parallel, and prints the diagnostics in the order
//! of the paths (sorted within directories) whatever the scheduling, then a summary.

use super::input::{Input, collect};
use super::{CheckArgs, CmdResult, Format, use_color};
use crate::diagnostics::render::{self, HumanStyle, JsonSummary};
use crate::diagnostics::{Tally, plural};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// How many files are checked at once before their output is printed: enough to keep every core
/// busy, few enough that memory stays bounded by a handful of games, not the whole batch.
const CHUNK: usize = 256;

/// A batch this large shows a progress bar (on a terminal, outside JSON mode).
const PROGRESS_FROM: usize = 200;

/// What one file produced: its rendered diagnostics and its counts, or why it could not be read.
struct Outcome {
    output: String,
    tally: Tally,
    game: bool,
    failed: bool,
}

pub fn run(args: &CheckArgs, out: &mut impl Write) -> CmdResult {
    let started = Instant::now();
    let (inputs, mut failures) = collect(&args.paths);
    let style = HumanStyle { color: use_color(args.output.color), width: args.output.width };
    let format = args.output.format;
    let bar = (format != Format::Json && inputs.len() >= PROGRESS_FROM && std::io::stderr().is_terminal())
        .then(|| indicatif::ProgressBar::new(inputs.len() as u64));
    let (mut tally, mut files, mut games) = (Tally::default(), 0, 0);
    // Standard input is among the inputs once at most (see `collect`), so no two threads read it.
    for chunk in inputs.chunks(CHUNK) {
        let outcomes: Vec<Outcome> = chunk
            .par_iter()
            .map(|input| {
                let outcome = check_one(input, format, style);
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
                outcome
            })
            .collect();
        for o in outcomes {
            if o.failed {
                failures += 1;
                continue;
            }
            files += 1;
            games += usize::from(o.game);
            tally.errors += o.tally.errors;
            tally.warnings += o.tally.warnings;
            tally.notes += o.tally.notes;
            out.write_all(o.output.as_bytes())?;
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let seconds = started.elapsed().as_secs_f64();
    match format {
        Format::Json => {
            let summary =
                serde_json::to_string(&JsonSummary::new(files, games, tally, failures, seconds)).unwrap_or_default();
            writeln!(out, "{summary}")?;
        }
        Format::Human | Format::Short => {
            let games_part = if games == files { String::new() } else { format!(" ({games} game{})", plural(games)) };
            // The time varies from run to run: shown to a person, kept out of piped output.
            let time = if format == Format::Human && std::io::stdout().is_terminal() {
                format!(" in {seconds:.2}s")
            } else {
                String::new()
            };
            // A path that could not be read is named on stderr; the summary says there were some,
            // so a clean-looking count is not taken for the whole batch.
            let unread = match failures {
                0 => String::new(),
                n => format!("; {n} could not be read (named on stderr)"),
            };
            writeln!(
                out,
                "checked {files} file{}{games_part}{time}: {} error{}, {} warning{}, {} note{}{unread}",
                plural(files),
                tally.errors,
                plural(tally.errors),
                tally.warnings,
                plural(tally.warnings),
                tally.notes,
                plural(tally.notes)
            )?;
        }
    }
    Ok(if failures > 0 {
        2
    } else if tally.errors > 0 {
        1
    } else {
        0
    })
}

fn check_one(input: &Input, format: Format, style: HumanStyle) -> Outcome {
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("tribbles: {}: {e}", input.shown_name());
            return Outcome { output: String::new(), tally: Tally::default(), game: false, failed: true };
        }
    };
    let checked = crate::check_owned(input.name(), bytes);
    let mut tally = Tally::default();
    let mut output = String::new();
    for d in &checked.diagnostics {
        tally.add(d.severity());
        match format {
            Format::Human => output.push_str(&render::human(&checked.file, d, style)),
            Format::Short => {
                output.push_str(&render::short(&checked.file, d));
                output.push('\n');
            }
            Format::Json => {
                output.push_str(&render::json(&checked.file, d));
                output.push('\n');
            }
        }
    }
    Outcome { output, tally, game: checked.refereed, failed: false }
}
