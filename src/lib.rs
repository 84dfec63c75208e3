//! tribbles: a rules referee and game-log validator for the Tribbles Customizable Card Game.
//!
//! The pipeline: text → [`syntax`] (a [`model::log::Log`] and diagnostics) → [`engine`] (events and
//! rules diagnostics) → [`diagnostics::render`]. The [`cli`] module wires the commands.

pub mod cli;
pub mod diagnostics;
pub mod engine;
pub mod model;
pub mod syntax;

use diagnostics::Diagnostic;
use diagnostics::render::SourceFile;

/// Checks one source: returns it (as read, with invalid UTF-8 replaced) and its diagnostics in
/// source order, errors before others at the same place.
pub fn check_bytes(name: impl Into<String>, bytes: &[u8]) -> (SourceFile, Vec<Diagnostic>) {
    let (text, _log, mut diags) = syntax::parse_bytes(bytes);
    diags.sort_by_key(|d| (d.span.start, d.severity() != diagnostics::Severity::Error));
    (SourceFile::new(name, text), diags)
}
