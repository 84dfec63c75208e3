//! RIVAL (TCC 2.1, Tribble Powers): the player names a power and removes the Rival from the
//! game; each player whose discard pile holds a card of that power removes one of them from the
//! game. The removed cards come back to their owners when the game ends.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: RIVAL",
    text: "Used, Rival names a power (`use name Go`) and leaves the game itself (`  Dan puts 100 Rival out of \
           game from pile`, derived). Each player whose discard pile holds a card of that power, its user \
           included, removes one such card of their choice from the game (`  Matt puts 10 Go out of game \
           from discard`). A compound is its own power here: `name Go` does not reach a `Clone & Go` \
           (ruling R24). Removed cards stay their owners' and count for the decklist check; they come back \
           at the game's end, which changes nothing the referee checks. When a discard pile may hold such \
           a card and the log does not say, that pile may hold one card fewer from then on.\n\n\
           Checked: the named power (R0317); each removed card has that power (R0601) and was in that \
           player's discard pile (R0321), which may hold the hand dealt to a player who may have been decked \
           at the deal (ruling R2); a player whose pile surely holds one removes one.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((named, _)) = cx.named() else { return Resolved::Done };
    let player = cx.player;
    cx.emit(Event::Puts {
        player,
        cards: CardCount::one(cx.card, Span::default()).list(),
        to: Destination { place: Place::OutOfGame, owner: None },
        from: Source { zone: Zone::Pile, owner: None },
    });
    for q in cx.state().seating.clone() {
        let claim = cx.take_claim(|e| {
            matches!(e, Event::Puts { player: p, to: Destination { place: Place::OutOfGame, owner: None }, from, .. }
                if *p == q && from.zone == Zone::Discard && from.owner.is_none())
        });
        let discard = &cx.state().player(q).discard;
        let candidates: Vec<&Card> = discard.known.iter().filter(|c| c.power() == Some(&named)).collect();
        let maybe = discard.unknown > 0
            || discard.unbounded
            || discard.known.iter().any(|c| c.power().is_some_and(|p| !p.is_known()));
        let card = match claim {
            Some((Event::Puts { cards, .. }, span)) => {
                let name = cx.name(q);
                let list = crate::engine::state::expand(&cards);
                let [card] = list.as_slice() else {
                    cx.report(
                        Diagnostic::new(
                            Code::Misresolved,
                            span,
                            format!("Rival removes one card of {name}'s, not {}", list.len()),
                        )
                        .label("one card of the named power"),
                    );
                    continue;
                };
                let mut card = *card;
                if card.power().is_some_and(|p| p.is_known() && *p != named) {
                    cx.report(
                        Diagnostic::new(Code::Misresolved, span, format!("{card} is not a {named}"))
                            .label(format!("Rival named {named}")),
                    );
                } else if !cx.state().player(q).discard.could_hold(&card) {
                    if let Some(misfit) = cx.misnamed_in_discard(q, &card) {
                        // A card reported for the decklist, one word off: the one named (ruling R4).
                        card = misfit;
                    } else if cx.discard_may_hold_the_deal(q) && cx.state().player(q).hand.could_hold(&card) {
                        // A player who may have been decked at the deal discarded the hand dealt:
                        // the card may be one of it. The discard pile is no longer counted (R2).
                        cx.emit(Event::DiscardsUnknown(q));
                    } else {
                        // Reported; a number or a power's name miswritten is read as the card meant.
                        card = cx.check_discarded(
                            q,
                            &card,
                            span,
                            "Rival removes a card from the player's own discard pile",
                        );
                    }
                }
                card
            }
            _ if candidates.is_empty() && !maybe => continue,
            _ if candidates.is_empty() => {
                cx.emit(Event::MayRemove(q));
                continue;
            }
            // A card of the named power is surely there: one goes, which one the log does not say.
            _ => {
                let same = candidates.iter().all(|c| c == &candidates[0]) && !maybe;
                if same { *candidates[0] } else { Card::Unknown }
            }
        };
        cx.emit(Event::Puts {
            player: q,
            cards: CardCount::one(card, Span::default()).list(),
            to: Destination { place: Place::OutOfGame, owner: None },
            from: Source { zone: Zone::Discard, owner: None },
        });
    }
    Resolved::Done
}
