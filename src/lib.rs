//! tribbles: a rules referee and game-log validator for the Tribbles Customizable Card Game.
//!
//! The pipeline: text → [`syntax`] (a [`model::log::Log`] and diagnostics) → [`engine`] (events and
//! rules diagnostics) → [`diagnostics::render`]. The [`cli`] module wires the commands.

pub mod cli;
pub mod diagnostics;
pub mod engine;
pub mod model;
pub mod powers;
pub mod syntax;

use diagnostics::Diagnostic;
use diagnostics::render::SourceFile;

/// Checks one source: returns it (as read, with invalid UTF-8 replaced) and its diagnostics in
/// source order, errors before others at the same place.
pub fn check_bytes(name: impl Into<String>, bytes: &[u8]) -> (SourceFile, Vec<Diagnostic>) {
    let (text, log, mut diags) = syntax::parse_bytes(bytes);
    diags.extend(check_rules(&log, &diags));
    diags.sort_by_key(|d| (d.span.start, d.severity() != diagnostics::Severity::Error));
    (SourceFile::new(name, text), diags)
}

/// The rules diagnostics of a parsed log, given its syntax diagnostics: none but a note while
/// syntax errors remain, since replaying around a line that was not understood would judge the
/// turns after it out of context.
pub fn check_rules(log: &model::log::Log, syntax: &[Diagnostic]) -> Vec<Diagnostic> {
    let first_error = syntax.iter().find(|d| d.severity() == diagnostics::Severity::Error);
    match first_error {
        Some(e) => vec![
            Diagnostic::new(
                diagnostics::Code::RulesSkipped,
                e.span,
                "the rules are not checked: the log has syntax errors",
            )
            .label("fix the syntax first"),
        ],
        None => engine::replay::replay(log).diagnostics,
    }
}
