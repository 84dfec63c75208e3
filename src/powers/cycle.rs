//! CYCLE (TCC 2.1, Tribble Powers): the player puts a card from hand beneath the draw deck, then
//! draws a card.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Drawn, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::Card;
use crate::model::log::CardCount;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: CYCLE",
    text: "Used, Cycle puts one card from its player's hand beneath the draw deck (`use 10 Go`, `?` when \
           unseen), then draws one card (the table may write it: `  Dan draws 1000 Go`). With an empty \
           deck, the card put beneath is the one drawn back.\n\n\
           Checked: one card (R0317), which the hand can hold (R0308); the hand's size is unchanged.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((card, span)) = cx.one_card("Cycle puts", "`1 Cycle use 10 Go`") else { return Resolved::Done };
    let player = cx.player;
    let card = cx.held_for(player, &card, span, " to cycle it");
    cx.emit(Event::Puts {
        player,
        cards: CardCount::one(card, span).list(),
        to: Destination { place: Place::UnderDeck, owner: None },
        from: Source::default(),
    });
    let shown = cx.take_claim(
        |e| matches!(e, Event::Draws { player: p, drawn: Drawn::Cards(c) } if *p == player && c.len() == 1),
    );
    let drawn = match &shown {
        Some((Event::Draws { drawn: Drawn::Cards(c), .. }, _)) => c[0].card,
        _ => Card::Unknown,
    };
    // A drawn card the decklist cannot hold is shown where the table wrote it.
    let drawn_at = shown.as_ref().map_or(span, |(_, at)| *at);
    if let Some((_, at)) = shown {
        if !cx.state().player(player).deck.could_draw(&drawn) {
            cx.report(
                Diagnostic::new(Code::Misresolved, at, format!("{drawn} cannot be the top of the deck"))
                    .label("not the deck's top card"),
            );
        }
    }
    cx.emit(Event::Draws { player, drawn: Drawn::Cards(CardCount::one(drawn, span).list()) });
    cx.check_card(player, &drawn, drawn_at);
    Resolved::Done
}
