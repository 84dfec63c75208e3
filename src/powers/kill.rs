//! KILL (TCC 2.1, Tribble Powers): the player chooses a player, whose play pile's top card is
//! discarded.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::Power;
use crate::model::log::{CardCount, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: KILL",
    text: "Used, Kill names a player (`use @Matt`), whose play pile's top card goes to their discard pile. \
           Piles are public, so the card is known; the table may write it (`  Matt discards 1000 Go from \
           pile`). A Fizzbin never leaves its pile, a killed Replicate lets its owner discard another card, \
           and a card that may belong to another player (Assimilate, BiJ) returns to its owner: until those \
           powers are followed, such a kill is taken from the log.\n\n\
           Checked: the target has a card to kill (R0601); the line names the pile's top card (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, at)) = cx.target() else { return Resolved::Done };
    let pl = cx.state().player(target);
    if pl.pile_unknown {
        return Resolved::Pending;
    }
    let Some(top) = pl.pile.last().cloned() else {
        let name = cx.name(target);
        cx.report(
            Diagnostic::new(Code::Misresolved, at, format!("{name}'s play pile is empty: nothing to kill"))
                .label("no top card"),
        );
        return Resolved::Done;
    };
    // Powers not yet followed that change what a kill does, or a card whose power is not known.
    if top.may_have(&[Power::Fizzbin, Power::Replicate, Power::Bij, Power::Assimilate]) {
        return Resolved::Pending;
    }
    let claim = cx.take_claim(|e| matches!(e, Event::Discards { player, from: Zone::Pile, .. } if *player == target));
    if let Some((Event::Discards { cards, .. }, span)) = &claim {
        let named = crate::engine::state::expand(cards);
        if named.len() != 1 || !compatible(&named[0], &top) {
            let name = cx.name(target);
            cx.report(
                Diagnostic::new(Code::Misresolved, *span, format!("Kill discards the top of {name}'s pile, {top}"))
                    .label("not the pile's top card"),
            );
        }
    }
    cx.emit(Event::Discards { player: target, cards: vec![CardCount::one(top, at)], from: Zone::Pile });
    Resolved::Done
}
