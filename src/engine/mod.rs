//! The rules engine. At this stage it holds the event vocabulary; the replay driver, the state and
//! the rules arrive with the engine issue.

pub mod event;
pub mod replay;
pub mod rules;
pub mod state;
pub mod trouble;
pub(crate) mod turn;
pub mod zone;
