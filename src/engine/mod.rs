//! The rules engine: the event vocabulary, the state and its fold, the rules as pure functions,
//! hidden-card knowledge, the replay driver and the judging of each turn.

pub mod event;
pub mod replay;
pub mod rules;
pub mod state;
pub mod trouble;
pub(crate) mod turn;
pub mod zone;
