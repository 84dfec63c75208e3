//! AVALANCHE (TCC 2.1, Tribble Powers): with at least four other cards in hand, every player
//! discards a card; then the Avalanche's player may discard one more.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::Card;
use crate::model::log::{CardCount, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: AVALANCHE",
    text: "Avalanche may be used only while its player holds at least four other cards. Every player still \
           in the round with cards in hand then discards one (`  Matt discards 1000 Go`; unwritten cards \
           are unknown; with no line for a player an unnamed draw may have decked, or who may have been \
           decked at the deal, that player may have taken no part, and neither hand nor discard pile is \
           counted then, rulings R34 and R2), and the \
           Avalanche's player may discard one more, named after `use` \
           (`use 10 Go`).\n\n\
           Checked: the four other cards (R0324); written discards can be in their players' hands (R0308); \
           at most one extra card (R0317).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let name = cx.name(player);
    let hand = &cx.state().player(player).hand;
    if hand.len().is_some_and(|n| n < 4) {
        let n = hand.len().unwrap_or(0);
        cx.report(
            Diagnostic::new(
                Code::PowerNeedsCards,
                cx.span(),
                format!("Avalanche needs four other cards in hand; {name} holds {n}"),
            )
            .label("too few cards to use it"),
        );
        return Resolved::Done;
    }
    let extra = cx.cards();
    if let Some((cards, span)) = &extra {
        if cards.len() > 1 {
            cx.report(Diagnostic::new(Code::BadChoices, *span, "Avalanche allows one extra card").label("one card"));
        }
    }
    for q in cx.state().seating.clone() {
        let pl = cx.state().player(q);
        if !pl.is_in() || pl.hand.is_empty() {
            continue;
        }
        let shown = cx.take_claim(|e| matches!(e, Event::Discards { player: p, from: Zone::Hand, cards } if *p == q && cards.len() == 1 && cards[0].count == 1));
        let card = match &shown {
            Some((Event::Discards { cards, .. }, _)) => cards[0].card,
            // No line for a player an unseen draw may have decked (ruling R34), or who may have
            // been decked at the deal (R2): the card may not have gone, so neither the hand nor
            // the discard pile is counted any longer (and an emptied hand is no going out).
            None if cx.may_be_out_unseen(q) => {
                cx.emit(Event::HandUnknown(q));
                cx.emit(Event::DiscardsUnknown(q));
                continue;
            }
            _ => Card::Unknown,
        };
        let card = cx.check_held(q, &card, shown.as_ref().map(|(_, s)| *s));
        cx.emit(Event::Discards { player: q, cards: CardCount::one(card, cx.span()).list(), from: Zone::Hand });
    }
    if let Some((cards, span)) = extra {
        if let Some(card) = cards.into_iter().next() {
            let card = cx.held_for(player, &card, span, "");
            // The extra card's own line, where the table wrote one (another is compared as it stands).
            cx.take_claim(|e| matches!(e, Event::Discards { player: p, from: Zone::Hand, cards } if *p == player && cards.len() == 1 && cards[0].count == 1 && compatible(&cards[0].card, &card)));
            cx.emit(Event::Discards { player, cards: CardCount::one(card, span).list(), from: Zone::Hand });
        }
    }
    Resolved::Done
}
