//! tribbles: a rules referee and game-log validator for the Tribbles Customizable Card Game.
//!
//! The pipeline: text → [`syntax`] (a [`model::log::Log`] and diagnostics) → [`engine`] (events and
//! rules diagnostics) → [`diagnostics::render`]. The [`cli`] module wires the commands.

pub mod cli;
pub mod diagnostics;
pub mod engine;
pub mod model;
pub mod syntax;
