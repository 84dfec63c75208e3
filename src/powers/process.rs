//! PROCESS (TCC 2.1, Tribble Powers): the player draws three cards, then puts two cards from hand
//! beneath the draw deck.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::log::CardCount;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: PROCESS",
    text: "Used, Process draws three cards for its player, then puts two cards from the hand beneath the \
           draw deck, in an order the player chooses (`use 10 Go, 1000 Go`, or `?, ?` unseen). A deck \
           too short for the three draws decks the player. The hand ends one card larger. Draws with no \
           line from a deck of unknown size that may hold fewer than three may have decked the player \
           (ruling R34): neither hand nor deck is counted then.\n\n\
           Checked: two cards (R0317), which the hand can hold after the draws, both at once (R0308: two \
           alike need two copies); written draws can come off the deck (R0601). The two cards keep their \
           identities beneath it.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((cards, span)) = cx.cards() else { return Resolved::Done };
    let player = cx.player;
    if cards.len() != 2 {
        cx.report(
            Diagnostic::new(
                Code::BadChoices,
                span,
                format!("Process puts two cards beneath the deck, not {}", cards.len()),
            )
            .label("two cards")
            .help("write the two cards: `1 Process use 10 Go, 1000 Go`"),
        );
        return Resolved::Done;
    }
    let deck = cx.state().player(player).deck.len();
    let k = deck.map_or(3, |d| d.min(3));
    // Unwritten draws from a deck that may hold fewer than three may have decked the player
    // (ruling R34), and then nothing went beneath the deck (below).
    let may_run_out = deck.is_none()
        && cx.state().player(player).deck.min_len() < 3
        && !cx.claims_left(|e| matches!(e, Event::Draws { player: p, .. } if *p == player));
    if cx.draws(player, k, "Process", if k < 3 { "the deck held fewer than three" } else { "Process draws three" }) {
        return Resolved::Done;
    }
    if k < 3 {
        cx.emit(Event::IsDecked(player));
        cx.emit(Event::DiscardsHand(player));
        return Resolved::Done;
    }
    // One card the hand cannot hold is read as the one of its power it may hold (ruling R4);
    // of two, the first is reported.
    let mut cards = cards;
    let missing: Vec<usize> = (0..cards.len()).filter(|&i| !cx.may_hold(player, &cards[i])).collect();
    match missing[..] {
        // Each may be in the hand, but both at once (two copies of one card) must be too.
        [] => cards[1] = cx.held_besides(player, &cards[0], &cards[1], span, " to put both under the deck"),
        [i] => cards[i] = cx.held_for(player, &cards[i], span, " to put it under the deck"),
        [i, ..] => {
            let name = cx.name(player);
            cx.report(
                Diagnostic::new(
                    Code::NotInHand,
                    span,
                    format!("{name} cannot hold {} to put it under the deck", cards[i]),
                )
                .label("not in hand"),
            );
        }
    }
    cx.emit(Event::Puts {
        player,
        cards: cards.into_iter().map(|c| CardCount::one(c, span)).collect(),
        to: Destination { place: Place::UnderDeck, owner: None },
        from: Source::default(),
    });
    if may_run_out {
        // Decked by the draws, the player drew what the deck held and put nothing beneath it:
        // neither the hand nor the deck is counted any longer.
        cx.emit(Event::DrawsUnknown(player));
    }
    Resolved::Done
}
