//! MUTATE (TCC 2.1, Tribble Powers): the player counts the play pile, shuffles it into the draw
//! deck, then puts that many cards from the top of the deck onto the pile, face up.

use super::{Doc, Resolved};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, PlayerId, Power};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: MUTATE",
    text: "Used, Mutate counts its player's play pile (the Mutate included), shuffles the pile into the draw \
           deck, and puts that many cards from the top of the deck onto the pile, face up for all to see \
           (`  Dan puts 1 Go, 10 Skip, 100 Go on pile from deck`). The chain still follows the Mutate. \
           Another player's card in the pile (assimilated, a BiJ) counts, but goes on top of its owner's \
           deck (`  Dan puts Matt's 100 Go on Matt's deck from pile`) rather than into the shuffle. A \
           Fizzbin never leaves its pile: it is counted, stays at the bottom, and the new cards go on top \
           of it (the rulebook's Fizzbin example); a pile card whose power was not recorded may be one, \
           and the Mutate is then taken from the log. With no line, a deck of unknown size may give fewer \
           cards than the pile held (a card that went home left it shorter): the pile takes those the deck \
           surely had and is then unknown (ruling R26).\n\n\
           Checked: the new pile has as many cards as the old (R0601); each can be the player's (R0401).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let pl = cx.state().player(player);
    // FIZZBIN never leaves the pile: it counts, and stays. A card that may be one (its power not
    // recorded), or another player's Fizzbin, leaves what happens to the log.
    let fizzbin = |c: &Card| c.power().is_some_and(|p| p.is_known() && p.has(Power::Fizzbin));
    let unsure = pl.pile.iter().any(|c| c.may_have(&[Power::Fizzbin]) && !fizzbin(c))
        || pl.pile.guests().any(|(c, _)| fizzbin(c));
    if pl.pile_unknown || unsure {
        return Resolved::Pending;
    }
    let stays: Vec<Card> = pl.pile.iter().filter(|c| fizzbin(c)).cloned().collect();
    let n = pl.pile.len() as u32;
    let guests: Vec<(Card, PlayerId)> = pl.pile.guests().map(|(c, o)| (*c, o)).collect();
    for (card, owner) in guests {
        // Written or not, the card goes home; a line saying so is the rules' own.
        cx.take_claim(|e| {
            matches!(e, Event::Puts { player: p, to: Destination { place: Place::OnDeck, owner: Some(o) }, from: Source { zone: Zone::Pile, .. }, cards }
                if *p == player && *o == owner && cards.len() == 1 && compatible(&cards[0].card, &card))
        });
        cx.emit(Event::home(player, owner, card));
    }
    cx.emit(Event::Shuffles { player, from: Zone::Pile });
    // The Fizzbins stay where they were: at the bottom, under the new cards.
    for card in stays {
        cx.emit(Event::Puts {
            player,
            cards: CardCount::one(card, crate::model::Span::default()).list(),
            to: Destination { place: Place::OnPile, owner: None },
            from: Source { zone: Zone::Deck, owner: None },
        });
    }
    // Cards that went home leave the deck shorter: it gives what it has.
    let deck = &cx.state().player(player).deck;
    let (least, n) = match deck.len() {
        Some(d) => (d.min(n), d.min(n)),
        None => (deck.min_len().min(n), n),
    };
    let shown = cx.take_claim(|e| {
        matches!(e, Event::Puts { player: p, to: Destination { place: Place::OnPile, owner: to }, from: Source { zone: Zone::Deck, owner: from }, .. }
            if *p == player && super::owns(player, *to) && super::owns(player, *from))
    });
    let mut cards: Vec<Card> = match &shown {
        Some((Event::Puts { cards, .. }, _)) => crate::engine::state::expand(cards),
        _ => Vec::new(),
    };
    // With no line, a deck of unknown size gives at least `least` cards, and perhaps no more: the
    // pile takes those, and whether others joined them is not known.
    let unseen_more = shown.is_none() && least < n;
    let n = if (least..=n).contains(&(cards.len() as u32)) && shown.is_some() {
        cards.len() as u32
    } else if unseen_more {
        least
    } else {
        n
    };
    if let Some((_, span)) = &shown {
        if cards.len() as u32 != n {
            let written = cards.len();
            cx.report(
                crate::diagnostics::Diagnostic::new(
                    crate::diagnostics::Code::Misresolved,
                    *span,
                    format!("Mutate puts {n} card{} onto the pile here, not {written}", crate::diagnostics::plural(n)),
                )
                .label(format!("the pile held {n}")),
            );
        }
    }
    cards.resize(n as usize, Card::Unknown);
    // One move, as the table writes it: derived and written out, it is the line the check takes
    // (ruling F15).
    if !cards.is_empty() {
        cx.emit(Event::Puts {
            player,
            cards: cards.iter().map(|c| CardCount::one(*c, crate::model::Span::default())).collect(),
            to: Destination { place: Place::OnPile, owner: None },
            from: Source { zone: Zone::Deck, owner: None },
        });
    }
    if unseen_more {
        cx.emit(Event::PileUnknown(player));
    }
    for c in &cards {
        cx.check_card(player, c, shown.as_ref().map_or(crate::model::Span::default(), |(_, s)| *s));
    }
    Resolved::Done
}
