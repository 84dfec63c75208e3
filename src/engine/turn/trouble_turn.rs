//! Troubles (TCC 2.1, Troubles): the active trouble, its shifts after a play, at a turn's end
//! or on the table's line, and a trouble action.

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::replay::Referee;
use crate::model::{Card, Span};

use super::Progress;

impl<'a> Referee<'a> {
    /// The active trouble, when troubles are on and it is known with its shift line (the built-in
    /// Sickbay or a declared one).
    pub(in crate::engine) fn active_trouble(&self) -> Option<&crate::model::log::TroubleCard> {
        if !self.state.troubles {
            return None;
        }
        let name = self.state.trouble.as_deref()?;
        let mut memo = self.trouble_memo.borrow_mut();
        if memo.0 != name || memo.1 != self.trouble_cards.len() {
            let found = self.trouble_cards.iter().position(|t| crate::engine::trouble::same_name(&t.name, name));
            *memo = (name.to_string(), self.trouble_cards.len(), found);
        }
        self.trouble_cards.get(memo.2?)
    }

    /// The trouble shifts (TCC 2.1, Troubles - Shifting): the table's `trouble shifts to` line
    /// names the new one; without it the active trouble is unknown from here.
    pub(in crate::engine) fn trouble_shift(&mut self, progress: &mut Progress) {
        let line = progress.take(|e| matches!(e, Event::TroubleShifts(_)));
        self.emit(line.map_or(Event::TroubleHidden, |(e, _)| e));
    }

    /// A trouble's Power shifts it after a card of that power is played and resolved.
    pub(super) fn trouble_after_play(&mut self, c: &Card, progress: &mut Progress) {
        if progress.fogged {
            return;
        }
        if self.state.troubles && self.active_trouble().is_none() {
            progress.unjudged_plays.push(*c);
        }
        let Some(power) = self.active_trouble().and_then(|t| t.power) else { return };
        // A card whose power is not recorded may have the trouble's power: the table's line says
        // whether it shifted, and without one the trouble is no longer known.
        if c.power() == Some(&power) || c.power().is_none_or(|p| !p.is_known()) {
            self.trouble_shift(progress);
        }
    }

    /// The end of a turn: a trouble's Miss shifts it when the player did not play on its number;
    /// while the active trouble's shift line is unknown, the table's shifts are taken as written.
    pub(super) fn trouble_turn_end(&mut self, progress: &Progress, claims: &mut Vec<(&Event, Span)>) {
        if !self.state.troubles {
            return;
        }
        // After a power the referee could not follow, the trouble may have shifted unseen: a shift
        // line the table wrote after it says to what, and without one the trouble is no longer
        // known. (A line taken earlier in the turn, by a trouble action, came before the power.)
        let taken_as_fact = progress.claims.iter().any(|(e, _, used)| !*used && matches!(e, Event::TroubleShifts(_)));
        if progress.fogged && !taken_as_fact {
            self.emit(Event::TroubleHidden);
        }
        // A line taken as written may not be the last shift: the power may have shifted it again.
        let doubtful = std::mem::replace(&mut self.trouble_doubtful, progress.fogged && taken_as_fact);
        let missed = !progress.played && !progress.skipped && !progress.fogged;
        let miss = self.active_trouble().and_then(|t| t.miss);
        // A chain the referee cannot see (after a power it could not follow) may have called for
        // the trouble's number: a miss is possible, and then the trouble may have shifted.
        let mut take_one = missed && miss.is_some() && (miss == progress.called_for || progress.called_for.is_none());
        // Unknown at the turn's end, the trouble was not followed through its plays either: every
        // shift line the table wrote is taken, in order, not only the first (the plays after the
        // first may have shifted the one it names).
        let unknown = self.active_trouble().is_none() || doubtful;
        let mut took = false;
        loop {
            if !take_one && !unknown {
                break;
            }
            let Some(k) = claims.iter().position(|(e, _)| matches!(e, Event::TroubleShifts(_))) else {
                if take_one {
                    self.emit(Event::TroubleHidden);
                }
                break;
            };
            let (event, _) = claims.remove(k);
            self.emit(event.clone());
            take_one = false;
            took = true;
        }
        // Still doubtful until a turn the referee follows names the trouble.
        self.trouble_doubtful |= doubtful && !took;
        // The lines name a trouble with a Power one of those plays may have had: which of them
        // came after the last line is not followed, so it may have shifted again unwritten.
        if let Some(power) = self.active_trouble().and_then(|t| t.power) {
            if progress.unjudged_plays.iter().any(|c| c.power().is_none_or(|p| !p.is_known() || *p == power)) {
                self.emit(Event::TroubleHidden);
            }
        }
    }

    /// A trouble action must be the active trouble's (when it is known).
    pub(super) fn check_action(&mut self, action: crate::model::log::TroubleAction, span: Span) {
        let Some(t) = self.active_trouble().cloned().filter(|_| !self.trouble_doubtful) else {
            self.report(
                Diagnostic::new(
                    Code::TroubleUnknown,
                    span,
                    "whether the active trouble offers this action is not checked",
                )
                .label("the active trouble or its shift line is not known"),
            );
            return;
        };
        if t.action != Some(action) {
            let offered = match t.action {
                Some(crate::model::log::TroubleAction::Draw(n)) => format!("`action draw {n}`"),
                Some(crate::model::log::TroubleAction::Lose(p)) => format!("`action lose {}`", p.0),
                None => "no action".to_string(),
            };
            self.report(
                Diagnostic::new(Code::WrongAction, span, format!("{} offers {offered}", t.name))
                    .label("not the active trouble's action")
                    .help("a trouble action is the one printed on the active trouble's shift line (TCC 2.1, Troubles - Shifting)"),
            );
        }
    }

    /// A trouble action is legal only with troubles on and only as the first step.
    pub(super) fn trouble_action(&mut self, span: Span, progress: &mut Progress) -> bool {
        if !self.state.troubles {
            self.report(
                Diagnostic::new(Code::TroublesOff, span, "a trouble action, but the game has no troubles")
                    .label("troubles are off")
                    .help("if the table played with the trouble pile, add `troubles: on` to the header"),
            );
            return false;
        }
        if progress.steps > 1 || progress.acted {
            self.report(
                Diagnostic::new(Code::ActionNotFirst, span, "a trouble action must open the turn, once")
                    .label("after another step"),
            );
        }
        progress.acted = true;
        true
    }
}
