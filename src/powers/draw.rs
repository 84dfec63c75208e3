//! DRAW (TCC 2.1, Tribble Powers): the player chooses a player, who draws a card.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Drawn, Event};
use crate::engine::turn::PowerCx;
use crate::model::Card;
use crate::model::log::CardCount;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: DRAW",
    text: "Used, Draw names a player (`use @Matt`, the player may be its own), who draws one card. The card \
           is evidence the table may write (`  Matt draws 1000 Go`); a player with an empty deck is decked \
           by the draw (TCC 2.1, Advanced Rules: \"Decked\"), and a line `  Matt draws 0` may say so. From a \
           deck of unknown size, a line `  Matt is decked` says the deck was empty, and a draw with no line \
           may have decked the player unseen (ruling R34); aimed at a player already decked, such a draw may \
           have given a card or nothing, and neither the hand nor the deck is counted after it (ruling R26).\n\n\
           Checked: the choice (R0317); a written card can be the deck's top and the decklist's (R0601, \
           R0401); a hand size after it (`expect hand`).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, at)) = cx.target() else { return Resolved::Done };
    let names_the_card =
        |e: &Event| matches!(e, Event::Draws { player, drawn: Drawn::Cards(c) } if *player == target && c.len() == 1);
    // A deck the referee cannot count and that may be empty: a `  Matt is decked` line says the
    // draw decked the player, and with no line naming the card it may have, unseen (ruling R34).
    let pl = cx.state().player(target);
    if pl.is_in() && pl.deck.len().is_none() && pl.deck.min_len() == 0 && !cx.claims_left(names_the_card) {
        cx.draws(target, 1, "Draw", "Draw makes the player draw one card");
        return Resolved::Done;
    }
    // A player already out (decked) draws from such a deck only if it holds a card: whether the
    // hand gained one is open, and neither zone is counted any longer (ruling R26).
    if !pl.is_in() && pl.deck.len().is_none() && pl.deck.min_len() == 0 && !cx.claims_left(names_the_card) {
        cx.take_claim(|e| matches!(e, Event::IsDecked(p) if *p == target));
        cx.emit(Event::DrawsUnknown(target));
        return Resolved::Done;
    }
    let shown = cx.take_claim(names_the_card);
    let card = match &shown {
        Some((Event::Draws { drawn: Drawn::Cards(c), .. }, _)) => c[0].card,
        _ => Card::Unknown,
    };
    let deck = &cx.state().player(target).deck;
    if deck.is_empty() {
        if let Some((_, span)) = shown {
            let name = cx.name(target);
            cx.report(
                Diagnostic::new(Code::Misresolved, span, format!("{name}'s deck is empty: nothing is drawn"))
                    .label("a draw from an empty deck decks the player"),
            );
        }
        // A line that the player drew nothing says what happened (a referee that did not know
        // the deck was empty writes one: `  Matt draws 0`).
        cx.take_claim(|e| matches!(e, Event::Draws { player, drawn } if *player == target && drawn.count() == 0));
        cx.take_claim(|e| matches!(e, Event::IsDecked(p) if *p == target));
        if cx.state().player(target).is_in() {
            cx.emit(Event::IsDecked(target));
            cx.emit(Event::DiscardsHand(target));
        }
        return Resolved::Done;
    }
    if let Some((_, span)) = &shown {
        if !cx.state().player(target).deck.could_draw(&card) {
            let name = cx.name(target);
            cx.report(
                Diagnostic::new(Code::Misresolved, *span, format!("{card} cannot be the top of {name}'s deck"))
                    .label("not the deck's top card"),
            );
        }
    }
    cx.emit(Event::Draws { player: target, drawn: Drawn::Cards(CardCount::one(card, at).list()) });
    cx.check_card(target, &card, shown.as_ref().map_or(at, |(_, s)| *s));
    Resolved::Done
}
