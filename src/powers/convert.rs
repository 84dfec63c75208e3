//! CONVERT (TCC 2.1, Tribble Powers): the Convert card goes beneath its player's draw deck, then
//! the top card of that deck goes onto the play pile.

use super::{Doc, Resolved};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::Card;
use crate::model::log::{CardCount, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: CONVERT",
    text: "Used, Convert leaves the play pile for the bottom of its player's draw deck, and the deck's top \
           card goes face up onto the play pile (`  Dan puts 1000 Go on pile from deck`). The new card \
           does not change the chain: the next number follows the Convert. With an empty deck, the \
           Convert itself comes back. With no line, the new card is the deck's top where it is known.\n\n\
           Checked: the line names one card (R0601), which the deck's top can be (R0601); scores count \
           the new card.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let convert = cx.card;
    cx.emit(Event::Puts {
        player,
        cards: CardCount::one(convert, crate::model::Span::default()).list(),
        to: Destination { place: Place::UnderDeck, owner: None },
        from: Source { zone: Zone::Pile, owner: None },
    });
    let shown = cx.take_claim(|e| {
        matches!(e, Event::Puts { player: p, to: Destination { place: Place::OnPile, owner: to }, from: Source { zone: Zone::Deck, owner: from }, .. }
            if *p == player && super::owns(player, *to) && super::owns(player, *from))
    });
    // With no line of one card, the deck's top where the referee knows it.
    let top = match &shown {
        Some((Event::Puts { cards, .. }, _)) if cards.len() == 1 && cards[0].count == 1 => cards[0].card,
        _ => cx.state().player(player).deck.known_top().unwrap_or(Card::Unknown),
    };
    let written = match &shown {
        Some((Event::Puts { cards, .. }, _)) => crate::model::log::total_count(cards),
        _ => 1,
    };
    if let Some((_, span)) = &shown {
        if written != 1 {
            cx.report(
                crate::diagnostics::Diagnostic::new(
                    crate::diagnostics::Code::Misresolved,
                    *span,
                    format!("Convert puts 1 card onto the pile, not {written}"),
                )
                .label("the deck's top card only"),
            );
        } else if !cx.state().player(player).deck.could_draw(&top) {
            cx.report(
                crate::diagnostics::Diagnostic::new(
                    crate::diagnostics::Code::Misresolved,
                    *span,
                    format!("{top} cannot be the top of the deck"),
                )
                .label("not the deck's top card"),
            );
        }
    }
    cx.emit(Event::Puts {
        player,
        cards: CardCount::one(top, crate::model::Span::default()).list(),
        to: Destination { place: Place::OnPile, owner: None },
        from: Source { zone: Zone::Deck, owner: None },
    });
    cx.check_card(player, &top, shown.map_or(crate::model::Span::default(), |(_, s)| s));
    Resolved::Done
}
