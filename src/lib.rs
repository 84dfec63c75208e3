//! tribbles: a rules referee and game-log validator for the Tribbles Customizable Card Game.
//!
//! The pipeline: text → [`syntax`] (a [`model::log::Log`] and diagnostics) → [`engine`] (events and
//! rules diagnostics) → [`diagnostics::render`]. The [`cli`] module wires the commands.

// Only the CLI prints: a library module that writes to stdout or stderr (a debugging print left
// in) fails clippy.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod alloc;
#[allow(clippy::print_stdout, clippy::print_stderr)]
pub mod cli;
pub mod diagnostics;
pub mod engine;
pub mod model;
pub mod powers;
pub mod sim;
pub mod syntax;

use diagnostics::Diagnostic;
use diagnostics::render::SourceFile;

/// Checks one source: returns it (as read, with invalid UTF-8 replaced) and its diagnostics in
/// source order, errors before others at the same place.
pub fn check_bytes(name: impl Into<String>, bytes: &[u8]) -> (SourceFile, Vec<Diagnostic>) {
    let checked = check(name, bytes);
    (checked.file, checked.diagnostics)
}

/// One source, checked.
pub struct Checked {
    pub file: SourceFile,
    /// In source order, errors before others at the same place.
    pub diagnostics: Vec<Diagnostic>,
    /// The log is a game the rules were checked on (it declares its players and has no syntax
    /// errors).
    pub refereed: bool,
}

/// Checks one source.
pub fn check(name: impl Into<String>, bytes: &[u8]) -> Checked {
    let (text, log, syntax) = syntax::parse_bytes(bytes);
    checked(name.into(), text, &log, &syntax)
}

/// As [`check`], taking the bytes (a file just read): valid UTF-8 is not copied.
pub fn check_owned(name: impl Into<String>, bytes: Vec<u8>) -> Checked {
    let (text, log, syntax) = syntax::parse_owned(bytes);
    checked(name.into(), text, &log, &syntax)
}

/// The rules' diagnostics of a parsed source, with its syntax diagnostics, in order.
fn checked(name: String, text: String, log: &model::log::Log, syntax: &[Diagnostic]) -> Checked {
    let refereed = !log.names.is_empty()
        && log
            .lines
            .iter()
            .any(|l| matches!(l.kind, model::log::LineKind::Players(_) | model::log::LineKind::PositionStart))
        && !syntax.iter().any(diagnostics::Diagnostic::is_syntax_error);
    let mut diagnostics = check_rules(log, syntax);
    diagnostics.sort_by_key(|d| (d.span.start, d.severity() != diagnostics::Severity::Error));
    Checked { file: SourceFile::new(name, text), diagnostics, refereed }
}

/// All diagnostics of a parsed log, given its syntax diagnostics. While syntax errors remain the
/// rules are not checked (a note says so): replaying around a line that was not understood would
/// judge the turns after it out of context.
pub fn check_rules(log: &model::log::Log, syntax: &[Diagnostic]) -> Vec<Diagnostic> {
    let first_error = syntax.iter().find(|d| d.is_syntax_error());
    match first_error {
        Some(e) => {
            let mut all = syntax.to_vec();
            all.push(
                Diagnostic::new(
                    diagnostics::Code::RulesSkipped,
                    e.span,
                    "the rules are not checked: the log has syntax errors",
                )
                .label("fix the syntax first"),
            );
            all
        }
        None => engine::replay::diagnostics(log, syntax.to_vec()),
    }
}
