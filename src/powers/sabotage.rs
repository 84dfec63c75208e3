//! SABOTAGE (TCC 2.1, Tribble Powers): the chosen player discards the top card of their draw
//! deck, and the Sabotage's player may activate that card's power, unless it is passive.

use super::{Doc, Resolved};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: SABOTAGE",
    text: "Used, Sabotage names a player (`use @Matt`, its own player included), who discards the top card \
           of the draw deck (`  Matt discards 1000 Kill from deck`); an empty deck gives nothing. With the \
           line left out and a deck of unknown size that may be empty, whether a card was discarded is \
           open: that player's discard pile is no longer counted (ruling R26). The \
           Sabotage's player may then use that card's power as their own with an `activate` step and its \
           choices (`Dan: 10 Sabotage use @Matt; activate @Rogue`): it counts as a power used this turn \
           (DABO). A passive power cannot be activated (R0313); an `activate` with no Sabotage before it \
           is R0317. An activated Convert or Stampede (powers that act through their own card, which lies \
           in a discard pile) is taken from the log, and so is the power of a card the log does not name. \
           When one `discards … from deck` line names a card that cannot be activated so, whose power \
           scores nothing for its user while a score line for the Sabotage's player is left, or whose power \
           would not resolve so (a Kill aimed at an empty pile), or one the decklist has no copy left of \
           for the top, the deck's top was not known and the activation is aimed at the player who \
           discarded it, that line may be the activated power's own \
           (a Poison's, say), the Sabotage's left out: the activated power is taken from the log (R0701, \
           ruling R36). A power that resolves cleanly but shows in no line of its own (a Recycle) leaves \
           both readings open: it is followed, the cards it moved and the discarding player's deck and \
           discard pile are no longer counted, and the user's points may be the card's number higher \
           (an unwritten Poison's), as the sheet says. The Sabotage's line comes first (score lines aside, which may stand anywhere, \
           ruling F15): a discard line after another line (a Battle's reveals), or one naming a card \
           the deck's known top is not, is the activated power's.\n\n\
           Checked: the discarded card can be the deck's top (R0601) and the player's (R0401); the \
           activated power as for any use.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, _)) = cx.target() else { return Resolved::Done };
    if cx.state().player(target).deck.is_empty() {
        return Resolved::Done;
    }
    // The Sabotage's line comes before any of the activated power's (score lines aside): a
    // discard line after another (a Battle's reveals), or one naming a card the deck's known top
    // is not, is that power's, the Sabotage's own left out.
    // Nor, when the activation aims at the same player, is a card the decklist leaves no copy
    // of for a top card the referee does not know: the line is that power's (long cut 4069544:
    // the card an activated Poison discarded next). With no such activation, the line is the
    // Sabotage's, and its card is reported.
    let deck = cx.state().player(target).deck.clone();
    let admitted = match cx.first_claim() {
        Some(Event::Discards { cards, .. }) if cards.len() == 1 && cx.activation_aims_at(target) => {
            cx.deck_top_admits(target, &cards[0].card)
        }
        _ => true,
    };
    let shown = cx.take_first_claim(|e| {
        matches!(e, Event::Discards { player: p, from: Zone::Deck, cards }
            if *p == target && cards.len() == 1 && cards[0].count == 1 && deck.could_draw(&cards[0].card) && admitted)
    });
    let (card, span) = match &shown {
        Some((Event::Discards { cards, .. }, span)) => (cards[0].card, *span),
        // Left out, from a deck of unknown size that may be empty: whether a card was discarded
        // is open (ruling R26). The discard pile is no longer counted; an `activate` still finds
        // the card it would show was there.
        None if cx.state().player(target).deck.min_len() == 0 => {
            cx.emit(Event::DiscardsUnknown(target));
            // The card, if there was one, may have been a Replicate (ruling F8).
            cx.may_replicate(target, None);
            cx.sabotaged(Card::Unknown, None);
            return Resolved::Done;
        }
        // Left out, the line names the deck's top card when the referee knows it.
        _ => (cx.state().player(target).deck.top.last().copied().unwrap_or(Card::Unknown), Span::default()),
    };
    // The line may be the activated power's own, the Sabotage's left out, unless the deck's top
    // was known to be that card or a second line follows for the Sabotage's to be the first.
    let doubtful = shown.is_some()
        && cx.state().player(target).deck.top.last() != Some(&card)
        && !cx.claims_left(|e| matches!(e, Event::Discards { player: p, from: Zone::Deck, .. } if *p == target));
    if shown.is_some() {
        cx.check_deck_top(target, std::slice::from_ref(&card), span);
    }
    cx.emit(Event::Discards { player: target, cards: CardCount::one(card, span).list(), from: Zone::Deck });
    cx.check_card(target, &card, span);
    cx.sabotaged(card, doubtful.then_some(target));
    Resolved::Done
}
