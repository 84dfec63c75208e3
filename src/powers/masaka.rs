//! MASAKA (TCC 2.1, Tribble Powers): every player puts the hand beneath the draw deck, in an order
//! of their choice, and draws a new hand of three cards.

use super::{Doc, Resolved};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::Card;
use crate::model::log::{CardCount, CardCounts};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: MASAKA",
    text: "Used, Masaka makes every player still in the round put the whole hand beneath the draw deck, in \
           an order of their choice, and draw three cards. A player whose deck cannot give three is \
           decked. Players who are decked or sitting out are not affected (ruling R20). With no line for a \
           player who may be out of the round unseen (decked at the deal, ruling R2, or by an unseen \
           draw, R34), that hand and deck are no longer counted.\n\n\
           Checked: every hand holds three cards after it (`expect hand`), or its player is decked; \
           written draws can come off the deck (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let seats = cx.state().seating.clone();
    for q in seats {
        let pl = cx.state().player(q);
        if !pl.is_in() {
            continue;
        }
        // No line for a player who may be out of the round unseen (decked at the deal, ruling R2,
        // or by an unseen draw, R34): the hand may not have gone beneath the deck, nor three cards
        // come, so neither zone is counted, and no line is derived (written out, it would show
        // the player in: long cut 1088539).
        let written = |e: &Event| matches!(e, Event::Puts { player, .. } | Event::Draws { player, .. } if *player == q);
        if cx.may_be_out_unseen(q) && !cx.claims_left(written) {
            cx.emit(Event::ZonesUnknown { player: q, hand: true, deck: Some(0), discard: false });
            continue;
        }
        let pl = cx.state().player(q);
        if pl.hand.unbounded {
            return Resolved::Pending;
        }
        let mut cards: CardCounts =
            pl.hand.known.iter().map(|c| CardCount::one(*c, crate::model::Span::default())).collect();
        if pl.hand.unknown > 0 {
            cards.push(CardCount {
                count: pl.hand.unknown,
                owner: None,
                card: Card::Unknown,
                span: crate::model::Span::default(),
            });
        }
        if !cards.is_empty() {
            cx.emit(Event::Puts {
                player: q,
                cards,
                to: Destination { place: Place::UnderDeck, owner: None },
                from: Source::default(),
            });
        }
        let k = cx.state().player(q).deck.len().map_or(3, |d| d.min(3));
        let decked = cx.draws(
            q,
            k,
            "Masaka",
            if k < 3 { "the deck held fewer than three" } else { "everyone still in draws three" },
        );
        if k < 3 && !decked {
            cx.emit(Event::IsDecked(q));
            cx.emit(Event::DiscardsHand(q));
        }
    }
    Resolved::Done
}
