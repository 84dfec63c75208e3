//! STAMPEDE (TCC 2.1, Tribble Powers): each other player, in turn order from the next, may put one
//! card of the next number onto their play pile without its power; then the Stampede's player may
//! play the next card in sequence as usual.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::state::Status;
use crate::engine::turn::PowerCx;
use crate::model::log::CardCount;
use crate::model::{Card, Denomination};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: STAMPEDE",
    text: "Used, Stampede offers every other player, in turn order from the next, the chance to put one \
           card of the next number onto their play pile, without its power: the table writes each as \
           `  Dan plays 1000 Bonus` (or `  Matt passes`; an unwritten player did not play). Then the \
           Stampede's player may play a card of that next number as usual, with its power \
           (`  then 1000 Discard use 10 Go`, or a second step of the turn line). Anyone whose hand is \
           emptied goes out, and the Stampede's player still finishes the turn.\n\n\
           Checked: each stampede play is another player's, of the next number, from a hand that can \
           hold it, once per player (R0323; a card whose power's name is misspelt is reported and read \
           as the card meant, where the hand may hold it); a second play by the Stampede's player is \
           allowed once.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let next = cx.card.denomination().map(Denomination::next);
    let mut placed = Vec::new();
    while let Some((event, span)) =
        cx.take_claim(|e| matches!(e, Event::Plays { player: p, .. } | Event::Passes(p) if *p != player))
    {
        let Event::Plays { player: q, mut card } = event else { continue };
        let name = cx.name(q);
        let problem = if placed.contains(&q) {
            Some(format!("{name} already played into this stampede"))
        } else if cx.state().player(q).status != Status::In {
            Some(format!("{name} is out of the round"))
        } else if next.is_some() && card.denomination().is_some() && card.denomination() != next {
            Some(format!("a stampede plays the next number, {}", next.map_or(String::new(), |d| d.to_string())))
        } else if !cx.may_hold(q, &card) {
            let message = format!("{name} cannot hold {card}");
            // A power's name misspelt: read as the card meant, where the hand may hold it.
            match cx.respelled_in_hand(q, &card, Diagnostic::new(Code::BadStampedePlay, span, message.clone())) {
                Some(read) => {
                    card = read;
                    None
                }
                None => Some(message),
            }
        } else {
            None
        };
        if let Some(message) = problem {
            cx.report(Diagnostic::new(Code::BadStampedePlay, span, message).label("not a stampede play"));
            continue;
        }
        placed.push(q);
        cx.emit(Event::Puts {
            player: q,
            cards: CardCount::one(card, span).list(),
            to: Destination { place: Place::OnPile, owner: None },
            from: Source::default(),
        });
        cx.played(q, &card);
    }
    cx.allow_play(Card::Unknown);
    Resolved::Done
}
