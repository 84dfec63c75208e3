//! KILL (TCC 2.1, Tribble Powers): the player chooses a player, whose play pile's top card is
//! discarded.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, PlayerId, Power};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: KILL",
    text: "Used, Kill names a player (`use @Matt`), whose play pile's top card goes to their discard pile. \
           Piles are public, so the card is known; the table may write it (`  Matt discards 1000 Go from \
           pile`). Another player's card (assimilated, or a BiJ) goes on top of its owner's deck instead \
           (`  Matt puts Dan's 1000 BiJ on Dan's deck from pile`). A Fizzbin on top never leaves: the \
           Kill does nothing. A top card a Replay named from among cards that may be it may have been \
           another owner's than the one the referee took (the pile's own, or another player's): the \
           table's line says whose, and with none the Kill is taken from the log (ruling F10). So is a Kill of a top card \
           that may be a Fizzbin, unless the first line taking a card off the pile names one that is no \
           Fizzbin: the top was that card, and the Kill is followed; a line naming a Fizzbin is wrong whatever the top was \
           (ruling R37). A Kill taken from the log \
           leaves the target's pile unknown for the rest of the round. A killed Replicate lets its owner \
           discard one more card from hand \
           (`  Matt discards 10 Go`, see `tribbles explain Replicate`).\n\n\
           Checked: the target has a card to kill (R0601); the line names the pile's top card and where it \
           goes (R0601); a card the line names more precisely than the pile showed it is one its owner's \
           decklist holds (R0401); no line moves a Fizzbin off the pile (R0601).",
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
    // FIZZBIN never leaves its pile: the Kill does nothing.
    if is_fizzbin(&top) {
        fizzbin_stays(cx, target, &top);
        return Resolved::Done;
    }
    let at_top = pl.pile.len() - 1;
    let mut top = top;
    if top.may_have(&[Power::Fizzbin]) {
        // The first line moving a card off the pile, the one the Kill takes, says what the top
        // was (ruling R37). A card that is no Fizzbin: the Kill is followed, the top named as the
        // line names it unless a card beneath may also be taken for that name. A Fizzbin: the
        // line is wrong either way (a Fizzbin never leaves, and any other card is not the one
        // named), and whether the top left is not known.
        let first = std::cell::Cell::new(None);
        cx.claims_left(|e| {
            let leaves = leaves_pile(e, target);
            if leaves {
                first.set(one_card(e));
            }
            leaves
        });
        let Some(named) = first.get().filter(|c| compatible(c, &top)) else { return not_followed(cx, target) };
        if is_fizzbin(&named) {
            fizzbin_stays(cx, target, &named);
            cx.emit(Event::PileUnknown(target));
            return Resolved::Done;
        }
        if named.may_have(&[Power::Fizzbin]) {
            return not_followed(cx, target);
        }
        let pile = &cx.state().player(target).pile;
        if !pile[..at_top].iter().any(|c| compatible(&named, c)) {
            top = named;
        }
    }
    let pl = cx.state().player(target);
    let mut owner = pl.pile.owner(at_top);
    // A card held as one owner's that may have been another's (the pile's own or another
    // player's, ruling F10): the table's line says whose (one sending it home, or one discarding
    // it), and with none what the Kill did is taken from the log.
    if let Some(other) = pl.pile.doubted_owner(at_top) {
        let says = |cx: &PowerCx, whose: Option<PlayerId>| match whose {
            Some(o) => cx.claims_left(|e| goes_home(e, target, o, &top)),
            None => {
                cx.claims_left(|e| matches!(e, Event::Discards { player, from: Zone::Pile, .. } if *player == target))
            }
        };
        if says(cx, other) {
            owner = other;
        } else if !says(cx, owner) {
            return not_followed(cx, target);
        }
    }
    if let Some(owner) = owner {
        return home(cx, target, owner, top);
    }
    let claim = cx.take_claim(|e| matches!(e, Event::Discards { player, from: Zone::Pile, .. } if *player == target));
    if let Some((e, span)) = &claim {
        if !one_card(e).is_some_and(|c| compatible(&c, &top)) {
            let name = cx.name(target);
            cx.report(
                Diagnostic::new(Code::Misresolved, *span, format!("Kill discards the top of {name}'s pile, {top}"))
                    .label("not the pile's top card"),
            );
        }
    }
    cx.emit(Event::Discards { player: target, cards: CardCount::one(top, at).list(), from: Zone::Pile });
    // A line that named the top more precisely than it was known is news of the owner's card.
    if let Some((_, span)) = claim {
        cx.check_card(target, &top, span);
    }
    Resolved::Done
}

/// Whether the card is known to be a Fizzbin.
fn is_fizzbin(c: &Card) -> bool {
    c.power().is_some_and(|p| p.is_known() && p.has(Power::Fizzbin))
}

/// The Kill of a Fizzbin does nothing: a line moving it off the pile is wrong.
fn fizzbin_stays(cx: &mut PowerCx, target: PlayerId, fizzbin: &Card) {
    let claim = cx.take_claim(|e| leaves_pile(e, target));
    if let Some((_, span)) = claim {
        let name = cx.name(target);
        cx.report(
            Diagnostic::new(Code::Misresolved, span, format!("{name}'s {fizzbin} never leaves the pile"))
                .label("the Kill does nothing")
                .help("no power removes a Fizzbin from a play pile")
                .cites(super::cited(Power::Fizzbin)),
        );
    }
}

/// The Kill is taken from the log (R0701). The top card may have left the pile or not, so what
/// lies on top of it is no longer known either: the pile is unknown for the rest of the round.
fn not_followed(cx: &mut PowerCx, target: PlayerId) -> Resolved {
    cx.emit(Event::PileUnknown(target));
    Resolved::Pending
}

/// Whether the line moves a card out of `target`'s play pile (a discard, or a card put elsewhere).
fn leaves_pile(e: &Event, target: PlayerId) -> bool {
    match e {
        Event::Discards { player, from: Zone::Pile, .. } => *player == target,
        Event::Puts { player, from: Source { zone: Zone::Pile, owner: from }, .. } => from.unwrap_or(*player) == target,
        _ => false,
    }
}

/// The one card a line moving cards names, if it names one.
fn one_card(e: &Event) -> Option<Card> {
    let (Event::Discards { cards, .. } | Event::Puts { cards, .. }) = e else { return None };
    let mut each = crate::engine::state::each(cards);
    match (each.next(), each.next()) {
        (Some(c), None) => Some(*c),
        _ => None,
    }
}

/// Whether the line sends `owner`'s card `top` from `target`'s pile to the top of `owner`'s deck.
fn goes_home(e: &Event, target: PlayerId, owner: PlayerId, top: &Card) -> bool {
    match e {
        Event::Puts { to: Destination { place: Place::OnDeck, owner: Some(o) }, .. } if leaves_pile(e, target) => {
            *o == owner && one_card(e).is_some_and(|c| compatible(&c, top))
        }
        _ => false,
    }
}

/// The killed card is another player's: it goes on top of its owner's deck (ASSIMILATE, BJ).
fn home(cx: &mut PowerCx, target: PlayerId, owner: PlayerId, top: Card) -> Resolved {
    let claim = cx.take_claim(|e| leaves_pile(e, target));
    if let Some((e, span)) = &claim {
        if !goes_home(e, target, owner, &top) {
            let name = cx.name(owner);
            cx.report(
                Diagnostic::new(
                    Code::Misresolved,
                    *span,
                    format!("the killed {top} is {name}'s: it goes on top of {name}'s deck"),
                )
                .label("not where the card goes")
                .help(format!("write `{} puts {name}'s {top} on {name}'s deck from pile`", cx.name(target))),
            );
        }
    }
    cx.emit(Event::home(target, owner, top));
    if let Some((_, span)) = claim {
        cx.check_card(owner, &top, span);
    }
    Resolved::Done
}
