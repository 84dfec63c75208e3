//! COPY (TCC 2.1, Tribble Powers): the player uses the power of the top card of another player's
//! play pile as their own. Passive powers, Copy, Advance and Quadruple cannot be copied (an
//! Advance copied does nothing).

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::turn::PowerCx;
use crate::model::log::ChoiceKind;
use crate::model::{Power, PowerSpec};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: COPY",
    text: "Used, Copy names another player with `of Name`, followed by the choices of the power it copies: \
           the power of the top card of that player's play pile, used as the Copy's player's own \
           (`Dan: 10 Copy use of Matt @Rogue` copies Matt's Poison at Rogue). Both the Copy and the copied \
           power count as powers used this turn (DABO; ruling R23). A passive power, a Copy or a Quadruple \
           cannot be copied (R0317); a copied Advance does nothing. A copied Convert or Stampede (which act \
           through their own card) and a top card whose power is not known are taken from the log.\n\n\
           Checked: the player named (R0320); the top card can be copied (R0317); the copied power as for \
           any use.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, at)) = cx.choices.iter().find_map(|c| match c.kind {
        ChoiceKind::Of(p) => Some((p, c.span)),
        _ => None,
    }) else {
        return Resolved::Done;
    };
    if target == cx.player {
        cx.report(
            Diagnostic::new(Code::PoisonTarget, at, "Copy copies another player's top card")
                .label("not another player")
                .help("name the player whose top card is copied: `10 Copy use of Matt`"),
        );
        return Resolved::Done;
    }
    let pl = cx.state().player(target);
    if pl.pile_unknown {
        cx.unfollowed(Power::Copy, "the copied player's play pile is not known");
        return Resolved::Done;
    }
    let Some(top) = pl.pile.last().cloned() else {
        let name = cx.name(target);
        cx.report(
            Diagnostic::new(Code::BadChoices, at, format!("{name}'s play pile is empty: nothing to copy"))
                .label("no top card"),
        );
        return Resolved::Done;
    };
    if let Some(spec @ (PowerSpec::Single(_) | PowerSpec::Compound(..))) = top.power() {
        let cannot = [Power::Copy, Power::Quadruple].iter().any(|h| spec.has(*h)) || super::is_passive(spec);
        if cannot {
            cx.report(
                Diagnostic::new(Code::BadChoices, at, format!("{top} cannot be copied"))
                    .label("passive powers, Copy and Quadruple cannot be copied"),
            );
            return Resolved::Done;
        }
        if *spec == PowerSpec::Single(Power::Advance) {
            return Resolved::Done;
        }
    }
    let rest: Vec<_> = cx.choices.iter().filter(|c| !matches!(c.kind, ChoiceKind::Of(_))).cloned().collect();
    cx.use_copied(&top, &rest);
    Resolved::Done
}
