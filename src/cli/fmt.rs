//! `tribbles fmt`: rewrite logs in canonical form. A log with syntax errors is left alone (its
//! errors are printed on stderr), because formatting must never lose a byte of meaning.

use super::input::{Input, collect, shown};
use super::{CmdResult, FmtArgs};
use crate::diagnostics::render::{self, HumanStyle, SourceFile};
use crate::diagnostics::{Code, Diagnostic, Severity};
use std::io::Write;
use std::path::Path;

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
            // A name the `players:` line misspelt (R0109) or left out (R0110), or a line misspelt
            // (R0111), is read so for checking, but `fmt` prints what is written: it waits for the
            // name to be mended.
            let has = |code: Code| diags.iter().any(|d| d.code == code);
            let why = if diags.iter().any(Diagnostic::is_syntax_error) {
                "because of syntax errors"
            } else if has(Code::PlayerLeftOut) {
                "until `players:` declares every player the log names"
            } else if has(Code::PlayerMisspelt) {
                "until `players:` spells the name as the log does"
            } else {
                "until each name is spelt as `players:` declares it"
            };
            eprintln!("tribbles: {}: not formatted {why}", input.shown_name());
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
                } else if let Err(e) = rewrite(path, &formatted) {
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

/// Puts `text` in the place of the file's contents without ever leaving the file half written (a
/// full disk, an interrupted run): the text goes to a new file beside it, which then takes its
/// place with the old file's permissions. A symbolic link is followed, so the file it leads to is
/// the one rewritten and the link stays. Only a regular file is rewritten: a device or a pipe
/// named as a path (`/dev/null`, `<(…)`) would swallow the text.
fn rewrite(path: &Path, text: &str) -> std::io::Result<()> {
    let meta = std::fs::metadata(path)?;
    let real = if meta.is_file() { std::fs::canonicalize(path)? } else { path.to_path_buf() };
    let (Some(dir), Some(name), true) = (real.parent(), real.file_name(), meta.is_file()) else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file, so not rewritten in place (`tribbles fmt - < FILE` prints the canonical form)",
        ));
    };
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(name);
    temporary.push(format!(".tribbles-fmt-{}", std::process::id()));
    let temporary = dir.join(temporary);
    let mut file = match std::fs::OpenOptions::new().write(true).create_new(true).open(&temporary) {
        Ok(file) => file,
        // A directory that takes no new file, holding a file that may be written: in place it is.
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => return std::fs::write(&real, text),
        Err(e) => return Err(e),
    };
    let written = (|| {
        file.write_all(text.as_bytes())?;
        file.set_permissions(meta.permissions())?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temporary, &real)
    })();
    if written.is_err() {
        // Whatever failed, the log itself is as it was; the partial copy goes.
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
