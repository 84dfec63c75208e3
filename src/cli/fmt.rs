//! `tribbles fmt`: rewrite logs in canonical form. A log with syntax errors is left alone (its
//! errors are printed on stderr), because formatting must never lose a byte of meaning.

use super::input::{Input, collect, shown};
use super::{CmdResult, FmtArgs};
use crate::diagnostics::Severity;
use crate::diagnostics::render::{self, HumanStyle, SourceFile};
use std::io::Write;

pub fn run(args: &FmtArgs, out: &mut impl Write) -> CmdResult {
    let (inputs, mut failures) = collect(&args.paths);
    let mut changed = 0;
    let mut broken = 0;
    for input in &inputs {
        let bytes = match input.read() {
            Ok(b) => b,
            Err(e) => {
                eprintln!("tribbles: {}: {e}", input.shown_name());
                failures += 1;
                continue;
            }
        };
        // The canonical form has no byte-order mark (F16): a file that starts with one changes.
        let bom = bytes.starts_with(crate::syntax::BOM);
        let (text, log, diags) = crate::syntax::parse_owned(bytes);
        let errors: Vec<_> = diags.iter().filter(|d| d.severity() == Severity::Error).collect();
        if !errors.is_empty() {
            let file = SourceFile::new(input.name(), text);
            for d in errors {
                eprint!("{}", render::human(&file, d, HumanStyle { color: false, width: 100 }));
            }
            eprintln!("tribbles: {}: not formatted because of syntax errors", input.shown_name());
            broken += 1;
            continue;
        }
        let formatted = crate::syntax::print::format(&log);
        match input {
            Input::Stdin => {
                if args.check {
                    if bom || formatted != text {
                        writeln!(out, "<stdin>")?;
                        changed += 1;
                    }
                } else {
                    out.write_all(formatted.as_bytes())?;
                }
            }
            Input::File(path) => {
                if !bom && formatted == text {
                    continue;
                }
                changed += 1;
                if args.check {
                    writeln!(out, "{}", shown(path))?;
                } else if let Err(e) = std::fs::write(path, formatted) {
                    eprintln!("tribbles: {}: {e}", shown(path));
                    failures += 1;
                }
            }
        }
    }
    Ok(if failures > 0 {
        2
    } else if broken > 0 || (args.check && changed > 0) {
        1
    } else {
        0
    })
}
