//! EVOLVE (TCC 2.1, Tribble Powers): the player counts the cards in hand, discards the hand and
//! draws that many cards.

use super::{Doc, Resolved};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: EVOLVE",
    text: "Used, Evolve discards its player's whole hand (after the Evolve itself was played) and draws as \
           many cards. A deck too short for the draws decks the player (TCC 2.1, Advanced Rules: \
           \"Decked\"). The table may write the new cards (`  Dan draws 1 Go, 10 Go`).\n\n\
           Checked: the hand's size stays the same (`expect hand`); written cards can be the deck's \
           (R0601, R0401).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let hand = &cx.state().player(player).hand;
    let Some(n) = hand.len() else { return Resolved::Pending };
    cx.emit(Event::DiscardsHand(player));
    let deck = cx.state().player(player).deck.len();
    let drawn = deck.map_or(n, |d| d.min(n));
    let why = if drawn < n {
        format!("the hand held {n}, and the deck only {drawn}")
    } else {
        format!("the hand held {n} after the Evolve was played")
    };
    if cx.draws(player, drawn, "Evolve", &why) {
        return Resolved::Done;
    }
    if drawn < n {
        cx.emit(Event::IsDecked(player));
        cx.emit(Event::DiscardsHand(player));
    }
    Resolved::Done
}
