//! TOXIN (TCC 2.1, Tribble Powers): every other player reveals one card from the top of the draw
//! deck per Discard card in their own play pile; the user scores the number of one revealed card
//! of their choice, and every revealed card goes into its player's hand.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic, plural};
use crate::engine::event::{Drawn, Event};
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::log::{CardCount, CardCounts, ChoiceKind};
use crate::model::{Card, PlayerId, Points, Power, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: TOXIN",
    text: "Used, Toxin has each other player still in the round reveal as many cards from the top of the \
           draw deck as their own play pile holds Discard cards (compounds with Discard count), one \
           `reveals` line each (`  Matt reveals 100 Go, 1 Skip`; a line drawing them into the hand, \
           `  Matt draws 100 Go, 1 Skip`, serves as well). The user chooses one revealed card and \
           scores its number (`use take 100 Go`, and `  Dan scores 100`); the revealed cards then go into \
           their players' hands. A deck shorter than its count reveals what it holds; nobody is decked by \
           it. Nobody scores from a decked player. A count the referee cannot see (a pile card whose \
           power is unrecorded) leaves that player's cards unknown and the score to the sheet; with no \
           `reveals` line either, the hand and deck are no longer counted (`  Matt draws unknown`), and \
           the deck may have run empty. So too with no line for a player who may be out of the round \
           unseen (decked at the deal, R2, or by an unseen draw, R34). A player only taken to have been \
           decked unseen may have revealed cards after all, unless the pile holds no Discard card: the \
           choice is then not checked, and when nobody else can have revealed the chosen card (or, with \
           no card named, a card giving the score line's points), it shows that player in (ruling R2). \
           A line revealing cards for such a player whose pile holds no Discard card is wrong whether \
           the player is in or not: it shows nothing, and is reported.\n\n\
           Checked: how many cards each player reveals (R0601); they can be the deck's top cards (R0601) \
           and the player's (R0401); the chosen card was revealed (R0317); the score (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let chosen: Option<(Card, Span)> = cx.choices.iter().find_map(|c| match &c.kind {
        ChoiceKind::Take(t) => Some((t.card, c.span)),
        _ => None,
    });
    let mut revealed: Vec<Card> = Vec::new();
    // Whose each revealed card is, in the same order (a chosen Tally splits with its owner).
    let mut owners: Vec<PlayerId> = Vec::new();
    let mut open = false;
    // Players who revealed cards nobody saw, how many unknown: the chosen card may be theirs.
    let mut unseen: Vec<PlayerId> = Vec::new();
    // Players only taken to have been decked unseen, who may have revealed cards after all.
    let mut maybe_in: Vec<PlayerId> = Vec::new();
    for q in cx.state().seating.clone() {
        let pl = cx.state().player(q);
        if q == player {
            continue;
        }
        let count = discards(pl);
        if !pl.is_in() {
            // Only taken to have been decked unseen (rulings R2, R34): the player may be in
            // after all and have revealed cards nobody wrote, the chosen one among them, unless
            // the pile holds no Discard card (a power that may have changed it while the reading
            // stood left it uncounted). What that did to the hand and pile is settled if the
            // reading is withdrawn.
            if cx.taken_decked(q) && count != Some(0) {
                maybe_in.push(q);
            }
            continue;
        }
        let deck_len = pl.deck.len();
        // The table may write the cards as revealed, or as drawn into the hand.
        let shown = cx
            .take_claim(|e| matches!(e, Event::Reveals { player: p, .. } if *p == q))
            .or_else(|| cx.take_claim(|e| matches!(e, Event::Draws { player: p, drawn: Drawn::Cards(_) } if *p == q)));
        let written: Option<(Vec<Card>, Span)> = match &shown {
            Some((Event::Reveals { cards, .. } | Event::Draws { drawn: Drawn::Cards(cards), .. }, span)) => {
                Some((crate::engine::state::expand(cards), *span))
            }
            _ => None,
        };
        // A deck of unknown size may hold fewer cards than the count: at least `least` come.
        let least = count.map(|k| cx.state().player(q).deck.min_len().min(k));
        let Some(k) = count.map(|k| deck_len.map_or(k, |n| n.min(k))) else {
            // The count is not known: whatever the table says was revealed is taken on trust.
            open = true;
            let Some((cards, _)) = written else {
                // Unwritten too: how many cards left the deck for the hand is open, and the chosen
                // card may be one of them.
                cx.emit(Event::DrawsUnknown(q));
                unseen.push(q);
                continue;
            };
            to_hand(cx, q, &cards);
            owners.extend(std::iter::repeat_n(q, cards.len()));
            revealed.extend(cards);
            continue;
        };
        if k == 0 {
            if let Some((_, span)) = written {
                let name = cx.name(q);
                cx.report(
                    Diagnostic::new(Code::Misresolved, span, format!("{name} reveals nothing for Toxin"))
                        .label(format!("no Discard card in {name}'s pile, or no deck")),
                );
            }
            continue;
        }
        if written.is_none() && cx.may_be_out_unseen(q) {
            // No line for a player who may be out of the round unseen (decked at the deal, ruling
            // R2, or by an unseen draw, R34) whose deck has cards again (a Recycle): none may have
            // come, so the hand and deck are no longer counted, and no line is derived (written
            // out, it would show the player in).
            cx.emit(Event::DrawsUnknown(q));
            open = true;
            unseen.push(q);
            continue;
        }
        let at = written.as_ref().map_or(cx.span(), |(_, s)| *s);
        let short = least.is_some_and(|l| l < k);
        let k = match &written {
            Some((cards, _)) if short && (least.unwrap_or(k)..=k).contains(&(cards.len() as u32)) => cards.len() as u32,
            _ => k,
        };
        let mut cards = match written {
            Some((cards, span)) => {
                let name = cx.name(q);
                if cards.len() as u32 != k {
                    cx.report(
                        Diagnostic::new(
                            Code::Misresolved,
                            span,
                            format!("{name} reveals {k} card{} for Toxin here, not {}", plural(k), cards.len()),
                        )
                        .label("one per Discard card in their pile"),
                    );
                }
                cx.check_deck_top(q, &cards, span);
                cards
            }
            None => Vec::new(),
        };
        if cards.is_empty() && short {
            // Unwritten, from a deck that may run out first: how many came is open.
            cards.resize(least.unwrap_or(0) as usize, Card::Unknown);
            to_hand(cx, q, &cards);
            cx.emit(Event::HandUnknown(q));
            open = true;
            unseen.push(q);
            owners.extend(std::iter::repeat_n(q, cards.len()));
            revealed.extend(cards);
            continue;
        }
        cards.resize(k as usize, Card::Unknown);
        to_hand(cx, q, &cards);
        // The decklist check counts the cards in the hand they went to.
        for c in &cards {
            cx.check_card(q, c, at);
        }
        owners.extend(std::iter::repeat_n(q, cards.len()));
        revealed.extend(cards);
    }
    let score_line = |e: &Event| matches!(e, Event::Scores { player: p, .. } if *p == player);
    // The score line, where it is taken before the choice is settled (below).
    let mut taken_early = None;
    if !maybe_in.is_empty() {
        // The chosen card nobody else can have revealed shows the one such player in (ruling
        // R2): the reading that had them decked is withdrawn, and what they revealed went into
        // a hand the referee no longer counts. With no `take`, so does a score no revealed card
        // can give (whole, or half a Tally's).
        if let ([q], false) = (&maybe_in[..], open) {
            let shown = match &chosen {
                Some((card, span)) => (!revealed.iter().any(|r| compatible(card, r))).then_some(*span),
                None => {
                    taken_early = cx.take_claim(score_line);
                    match &taken_early {
                        Some((Event::Scores { points, .. }, span))
                            if points.0 > 0 && !revealed.iter().any(|r| gives(r, points.0)) =>
                        {
                            Some(*span)
                        }
                        _ => None,
                    }
                }
            };
            if let Some(span) = shown {
                cx.shown_in(*q, span, "reveals the card the Toxin takes");
                if cx.state().player(*q).is_in() {
                    cx.emit(Event::DrawsUnknown(*q));
                }
            }
        }
        open = true;
        unseen.extend(maybe_in);
    }
    if revealed.is_empty() && !open {
        if let Some((card, span)) = chosen {
            cx.report(
                Diagnostic::new(Code::BadChoices, span, format!("Toxin revealed no card; {card} cannot be chosen"))
                    .label("nothing revealed"),
            );
        }
        return Resolved::Done;
    }
    let scored = taken_early.or_else(|| cx.take_claim(score_line));
    // The chosen card: the `take`, else the only number the revealed cards can have.
    let value = match &chosen {
        Some((card, span)) => {
            if !open && !revealed.iter().any(|r| compatible(card, r)) {
                cx.report(
                    Diagnostic::new(Code::BadChoices, *span, format!("{card} was not revealed"))
                        .label("choose one of the revealed cards"),
                );
            }
            card.denomination().map(|d| d.value())
        }
        None => {
            let values: Vec<Option<u64>> = revealed.iter().map(|c| c.denomination().map(|d| d.value())).collect();
            match values.first() {
                Some(Some(v)) if !open && values.iter().all(|x| *x == Some(*v)) => Some(*v),
                _ => None,
            }
        }
    };
    match value {
        Some(v) => {
            // The revealed cards the choice can be, and whose they are.
            let fits: Vec<(&Card, PlayerId)> = revealed
                .iter()
                .zip(owners.iter().copied())
                .filter(|(r, _)| chosen.as_ref().is_none_or(|(c, _)| compatible(c, r)))
                .collect();
            let card = match &chosen {
                Some((c, _)) if c.power().is_some_and(|p| p.is_known()) => *c,
                _ => match fits.first() {
                    Some((c, _)) if fits.iter().all(|(r, _)| r.power() == c.power()) => *(*c),
                    _ => Card::Unknown,
                },
            };
            let named_owner = |cx: &PowerCx| {
                // Several players' cards fit: the owner whose score the table wrote, if one did.
                fits.iter()
                    .map(|(_, o)| *o)
                    .chain(unseen.iter().copied())
                    .find(|o| cx.claims_left(|e| matches!(e, Event::Scores { player: q, .. } if q == o)))
            };
            // Whose the chosen card can be: a fitting revealed card's player, or one whose cards
            // nobody saw.
            let mut can_own = fits.iter().map(|(_, o)| *o).chain(unseen.iter().copied());
            let only = can_own.next().filter(|o| can_own.all(|q| q == *o));
            let owner = match only {
                Some(o) => o,
                // Only a card that cannot be a Tally is scored whole whoever revealed it.
                _ if card.power().is_some_and(|p| p.is_known() && !p.has(Power::Tally)) => player,
                _ => match named_owner(cx) {
                    Some(o) => o,
                    None => {
                        match scored {
                            Some((Event::Scores { points, .. }, _)) if points.0 == v => {
                                cx.emit(Event::Scores { player, points: Points(v) })
                            }
                            _ => cx.emit(Event::ScoreUnverified(player)),
                        }
                        return Resolved::Done;
                    }
                },
            };
            super::tally::score_card(cx, player, owner, &card, v, scored, "Toxin");
        }
        None => match scored {
            Some((Event::Scores { points, .. }, _))
                if revealed.iter().any(|c| c.denomination().is_none_or(|d| d.value() == points.0)) || open =>
            {
                cx.emit(Event::Scores { player, points })
            }
            Some((_, span)) => {
                cx.report(
                    Diagnostic::new(Code::Misresolved, span, "no revealed card is worth this")
                        .label("the score is one revealed card's number"),
                );
                cx.emit(Event::ScoreUnverified(player));
            }
            None => cx.emit(Event::ScoreUnverified(player)),
        },
    }
    Resolved::Done
}

/// Whether taking the revealed card can score `points`: its number, or half of it for a card
/// that may be a Tally another player revealed (any, for a card of unknown number).
fn gives(card: &Card, points: u64) -> bool {
    match card.denomination() {
        None => true,
        Some(d) => {
            let tally = card.power().is_none_or(|p| !p.is_known() || p.has(Power::Tally));
            d.value() == points || tally && super::tally::half(d.value()) == points
        }
    }
}

/// How many Discard cards the player's pile holds, if the referee can count them.
pub(crate) fn discards(pl: &crate::engine::state::Player) -> Option<u32> {
    if pl.pile_unknown {
        return None;
    }
    pl.pile.iter().try_fold(0u32, |n, c| match c.power() {
        Some(p) if p.is_known() => Some(n + u32::from(p.has(Power::Discard))),
        _ => None,
    })
}

/// The revealed cards are shown, then go from the deck's top into the hand.
fn to_hand(cx: &mut PowerCx, q: crate::model::PlayerId, cards: &[Card]) {
    if cards.is_empty() {
        return;
    }
    let list: CardCounts = cards.iter().map(|c| CardCount::one(*c, Span::default())).collect();
    cx.emit(Event::Reveals { player: q, cards: list.clone() });
    cx.emit(Event::Draws { player: q, drawn: Drawn::Cards(list) });
}
