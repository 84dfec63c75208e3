//! BJ (TCC 2.1, Tribble Powers; the card reads BiJ): the player chooses an opponent and puts this
//! card beneath that opponent's play pile. If the opponent goes out with it there, its owner
//! scores 50,000. It goes home at the round's end, or on top of its owner's deck if it leaves the
//! pile sooner.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::log::{CardCount, Zone};
use crate::model::{Points, Span};

/// What a BiJ's owner scores when the player whose pile holds it goes out.
pub const POINTS: Points = Points(50_000);

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: BJ",
    text: "Used, BiJ names an opponent (`use @Matt`) and moves from its player's pile to the bottom of the \
           opponent's play pile (`  Dan puts 1000 BiJ under Matt's pile from pile`). The chain still \
           follows the BiJ. If that opponent goes out with it in the pile, the BiJ's owner scores 50,000 \
           at the round's end (a decked owner scores nothing); the opponent's pile total counts the card's \
           value like any other (ruling R25). Any card of another player's in a pile that goes out counts \
           the same way, an assimilated BiJ too. If it leaves the opponent's pile during the round it goes \
           on top of its owner's deck (`  Matt puts Dan's 1000 BiJ on Dan's deck from pile`); at the \
           round's end it is shuffled into its owner's deck.\n\n\
           Checked: the target is an opponent (R0320); the line moves this card to that pile (R0601); the \
           owner's 50,000 in the round's scores (R0501).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, _)) = cx.opponent("BiJ", "1000 BiJ use @Matt") else { return Resolved::Done };
    let player = cx.player;
    let card = cx.card;
    let shown = cx.take_claim(|e| {
        matches!(e, Event::Puts { to: Destination { place: Place::UnderPile | Place::OnPile, owner: Some(_) }, .. })
    });
    if let Some((Event::Puts { cards, to, from, .. }, span)) = &shown {
        let named = crate::engine::state::expand(cards);
        let name = cx.name(target);
        if to.owner != Some(target) || to.place != Place::UnderPile || named.len() != 1 || !compatible(&named[0], &card)
        {
            cx.report(
                Diagnostic::new(Code::Misresolved, *span, format!("BiJ goes beneath {name}'s play pile, itself only"))
                    .label(format!("not {card} under {name}'s pile")),
            );
        } else if from.zone != Zone::Pile || !super::owns(player, from.owner) {
            let own = cx.name(player);
            cx.report(
                Diagnostic::new(
                    Code::Misresolved,
                    *span,
                    format!("BiJ moves from {own}'s play pile, where it was played"),
                )
                .label(format!("not from {own}'s pile")),
            );
        }
    }
    cx.emit(Event::Puts {
        player,
        cards: CardCount::one(card, Span::default()).list(),
        to: Destination { place: Place::UnderPile, owner: Some(target) },
        from: Source { zone: Zone::Pile, owner: None },
    });
    Resolved::Done
}
