//! ASSIMILATE (TCC 2.1, Tribble Powers): the player chooses a player and takes the top card of
//! that player's draw deck onto the user's own play pile, where it counts as the user's card. It
//! goes home at the round's end (shuffled into its owner's deck), or on top of its owner's deck if
//! it leaves the pile sooner.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: ASSIMILATE",
    text: "Used, Assimilate names a player (`use @Matt`; its own player too). The top card of that player's \
           deck goes face up onto the user's play pile (`  Dan puts Matt's 100 Go on pile from Matt's \
           deck`); an empty deck gives nothing. With the line left out and a deck that may be empty (its size \
           unknown), whether a card came is open: the user's pile is then unknown for the rest of the round \
           (ruling R26). The chain still follows the Assimilate. While it stays in \
           the pile the card counts as the user's own: its value when the user goes out, and its passive \
           power. It still belongs to its owner for every other purpose: if it leaves the pile during the \
           round it goes on top of its owner's deck (a Kill: `  Dan puts Matt's 100 Go on Matt's deck from \
           pile`), and at the round's end it is shuffled into its owner's deck.\n\n\
           Checked: the line names a card the target's deck's top can be (R0601) and the owner's (R0401); \
           where the card goes when it leaves the pile (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, at)) = cx.target() else { return Resolved::Done };
    let player = cx.player;
    if cx.state().player(target).deck.is_empty() {
        return Resolved::Done;
    }
    let shown = cx.take_claim(|e| match e {
        Event::Puts {
            player: p,
            to: Destination { place: Place::OnPile, owner: to },
            from: Source { zone: Zone::Deck, owner: from },
            ..
        } => from.unwrap_or(*p) == target && to.unwrap_or(*p) == player,
        _ => false,
    });
    let (card, span) = match &shown {
        Some((Event::Puts { cards, .. }, span)) if cards.len() == 1 && cards[0].count == 1 => (cards[0].card, *span),
        Some((_, span)) => {
            let name = cx.name(target);
            cx.report(
                Diagnostic::new(Code::Misresolved, *span, format!("Assimilate takes one card of {name}'s"))
                    .label("the top card only"),
            );
            (Card::Unknown, *span)
        }
        // Unwritten, from a deck that may be empty: a card may or may not have moved (ruling R26).
        None if cx.state().player(target).deck.min_len() == 0 => {
            cx.emit(Event::PileUnknown(player));
            return Resolved::Done;
        }
        None => (Card::Unknown, at),
    };
    if shown.is_some() {
        cx.check_deck_top(target, std::slice::from_ref(&card), span);
    }
    let other = (target != player).then_some(target);
    cx.emit(Event::Puts {
        player,
        cards: CardCount { count: 1, owner: other, card, span: Span::default() }.list(),
        to: Destination { place: Place::OnPile, owner: None },
        from: Source { zone: Zone::Deck, owner: other },
    });
    cx.check_card(target, &card, span);
    Resolved::Done
}
