//! `tribbles check`: parse every log given and print its diagnostics, in the order of the files.

use super::input::collect;
use super::{CheckArgs, CmdResult, Format, use_color};
use crate::diagnostics::Tally;
use crate::diagnostics::render::{self, HumanStyle, JsonSummary};
use std::io::Write;

pub fn run(args: &CheckArgs, out: &mut impl Write) -> CmdResult {
    let (inputs, mut failures) = collect(&args.paths);
    let style = HumanStyle { color: use_color(args.output.color), width: args.output.width };
    let mut tally = Tally::default();
    let mut files = 0;
    for input in &inputs {
        let bytes = match input.read() {
            Ok(b) => b,
            Err(e) => {
                eprintln!("tribbles: {}: {e}", input.name());
                failures += 1;
                continue;
            }
        };
        files += 1;
        let (file, diags) = crate::check_bytes(input.name(), &bytes);
        for d in &diags {
            tally.add(d.severity());
            match args.output.format {
                Format::Human => write!(out, "{}", render::human(&file, d, style))?,
                Format::Short => writeln!(out, "{}", render::short(&file, d))?,
                Format::Json => writeln!(out, "{}", render::json(&file, d))?,
            }
        }
    }
    match args.output.format {
        Format::Json => {
            let summary = serde_json::to_string(&JsonSummary::new(files, tally)).unwrap_or_default();
            writeln!(out, "{summary}")?;
        }
        Format::Human | Format::Short => writeln!(
            out,
            "checked {files} file{}: {} error{}, {} warning{}, {} note{}",
            plural(files),
            tally.errors,
            plural(tally.errors),
            tally.warnings,
            plural(tally.warnings),
            tally.notes,
            plural(tally.notes)
        )?,
    }
    Ok(if failures > 0 {
        2
    } else if tally.errors > 0 {
        1
    } else {
        0
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
