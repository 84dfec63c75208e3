//! EVOLVE (TCC 2.1, Tribble Powers): the player counts the cards in hand, discards the hand and
//! draws that many cards.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Drawn, Event};
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
    // The table's line naming the new hand, if any, is the same draw.
    let shown = cx.take_claim(|e| matches!(e, Event::Draws { player: p, .. } if *p == player));
    let written = match &shown {
        Some((Event::Draws { drawn: Drawn::Cards(cards), .. }, _)) => crate::engine::state::expand(cards).len() as u32,
        Some((Event::Draws { drawn: Drawn::Count(k), .. }, _)) => *k,
        _ => drawn,
    };
    match shown {
        Some((_, span)) if written != drawn => {
            cx.report(
                Diagnostic::new(Code::Misresolved, span, format!("Evolve draws {drawn} here, not {written}"))
                    .label(format!("the hand held {n}"))
                    .help("Evolve draws as many cards as the hand held after the Evolve was played"),
            );
            cx.emit(Event::Draws { player, drawn: Drawn::Count(drawn) });
        }
        Some((Event::Draws { drawn: Drawn::Cards(cards), .. }, _)) => {
            cx.emit(Event::Draws { player, drawn: Drawn::Cards(cards) });
        }
        _ => cx.emit(Event::Draws { player, drawn: Drawn::Count(drawn) }),
    }
    if drawn < n {
        cx.emit(Event::IsDecked(player));
        cx.emit(Event::DiscardsHand(player));
    }
    Resolved::Done
}
