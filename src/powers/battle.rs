//! BATTLE (TCC 2.1, Tribble Powers): the player and a chosen opponent each reveal the top three
//! cards of their draw decks; the higher total goes beneath its player's play pile, the lower is
//! discarded, and a tie puts both beneath their piles. The first card revealed lies lowest.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::{PowerCx, respelled};
use crate::model::log::{CardCount, CardCounts, Zone};
use crate::model::{Card, PlayerId, Power, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: BATTLE",
    text: "Used, Battle names another player (`use @Matt`). Both reveal the top three cards of their decks \
           (fewer when the deck is shorter; nobody is decked by it), one line each (`  Dan reveals 1 Go, 10 \
           Go, 100 Go`). The higher total goes beneath its player's play pile as a stack, the first card \
           revealed lowest (`  Dan puts 1 Go, 10 Go, 100 Go under pile from deck`, listed bottom to top); \
           the lower total is discarded (`  Matt discards 1 Skip, 1 Go, 10 Skip from deck`); on a tie both \
           go beneath their piles. Unnamed cards leave the totals open: the table's placement lines then \
           say who won, and without them Battle's effects are taken from the log. With no reveal line, \
           a placement line naming fewer than three cards from a deck of unknown size says how many it \
           gave; with no line at all for a side that kept, its pile takes the cards the deck surely had and \
           is then unknown (ruling R26). A reveal line naming fewer cards than the deck surely gave is \
           reported and the cards it left out are read as unknown, for the placement line to name; one \
           naming more is reported and all its cards are read so, and one naming a card whose power's name \
           is misspelt is reported and read as its placement line names the cards (ruling R4). The \
           opponent's revealed Replicate lets them put one more card from hand where it went (the \
           rulebook's Replicate example; `tribbles explain Replicate`).\n\n\
           Checked: the target (R0320); each side reveals its deck's top cards (R0601) and the player's \
           (R0401); who keeps and who discards (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, _)) = cx.opponent("Battle", "10 Battle use @Matt") else { return Resolved::Done };
    let player = cx.player;
    let (mut mine, my_line, mut my_least) = revealed(cx, player);
    let (mut theirs, their_line, mut their_least) = revealed(cx, target);
    let total =
        |cards: &[Card]| -> Option<u64> { cards.iter().try_fold(0u64, |t, c| c.denomination().map(|d| t + d.value())) };
    // Who keeps: by the totals, else by what the table says it did.
    let keeps = match (total(&mine), total(&theirs)) {
        (Some(a), Some(b)) => {
            show(cx, player, &mine, my_line);
            show(cx, target, &theirs, their_line);
            Some((a >= b, b >= a))
        }
        _ => {
            let said_a = if mine.is_empty() { None } else { kept(cx, player, &mut mine, my_least) };
            let said_b = if theirs.is_empty() { None } else { kept(cx, target, &mut theirs, their_least) };
            // The cards a placement line names may settle the totals.
            let by_totals = match (total(&mine), total(&theirs)) {
                (Some(a), Some(b)) => Some((a >= b, b >= a)),
                _ => None,
            };
            if let Some((a, b)) = by_totals {
                for (p, said, keeps) in [(player, said_a, a), (target, said_b, b)] {
                    if let Some((said, span)) = said.filter(|(said, _)| *said != keeps) {
                        misplaced(cx, p, said, span, (total(&mine), total(&theirs)));
                    }
                }
            }
            // A side the table placed gave as many cards as its line names.
            if said_a.is_some() {
                my_least = mine.len() as u32;
            }
            if said_b.is_some() {
                their_least = theirs.len() as u32;
            }
            // Only now is an unwritten reveal's size known, where a placement line gave it: a
            // reveal derived before would have been the deck's three (ruling F15).
            show(cx, player, &mine, my_line);
            show(cx, target, &theirs, their_line);
            let a = if mine.is_empty() { Some(false) } else { said_a.map(|s| s.0) };
            let b = if theirs.is_empty() { Some(false) } else { said_b.map(|s| s.0) };
            match (a, b) {
                _ if by_totals.is_some() => by_totals,
                (Some(a), Some(b)) if a || b => Some((a || mine.is_empty(), b || theirs.is_empty())),
                // One side lost: the other's total was the higher (only a tie keeps both).
                (Some(false), None) => Some((false, true)),
                (None, Some(false)) => Some((true, false)),
                _ => {
                    // Who won is open: what the table says one side did still happened.
                    for (p, cards, keep, line, least) in
                        [(player, &mine, a, my_line, my_least), (target, &theirs, b, their_line, their_least)]
                    {
                        if let Some(keep) = keep {
                            place(cx, p, cards, keep, line, least);
                        }
                    }
                    None
                }
            }
        }
    };
    let Some((i_keep, they_keep)) = keeps else {
        cx.unfollowed(Power::Battle, "the log does not say enough of the revealed cards or where they went");
        return Resolved::Done;
    };
    // A Replicate of the opponent's lets them place one more card (REPLICATE): PowerCx::emit.
    place(cx, player, &mine, i_keep, my_line, my_least);
    place(cx, target, &theirs, they_keep, their_line, their_least);
    Resolved::Done
}

/// One side's revealed cards go beneath its pile (kept) or to its discard pile; the decklist
/// check then counts them where they are. Of a reveal no line gives, from a deck of unknown size,
/// only the first `least` cards surely came: whether the others did is not known, so the pile
/// that takes them is no longer counted (ruling R26). (Such a side is only ever the keeper: a side
/// with no line loses only by the totals, which need its cards named.)
fn place(cx: &mut PowerCx, p: PlayerId, cards: &[Card], keep: bool, line: Span, least: u32) {
    let (cards, maybe) = cards.split_at((least as usize).min(cards.len()));
    debug_assert!(keep || maybe.is_empty(), "an unwritten reveal of uncertain size lost the Battle");
    if !maybe.is_empty() {
        cx.emit(Event::PileUnknown(p));
        // Those cards may have held the opponent's Replicate (ruling F8).
        cx.may_replicate(p, Some(Place::UnderPile));
    }
    if cards.is_empty() {
        return;
    }
    let list: CardCounts = cards.iter().map(|c| CardCount::one(*c, Span::default())).collect();
    if keep {
        cx.emit(Event::Puts {
            player: p,
            cards: list,
            to: Destination { place: Place::UnderPile, owner: None },
            from: Source { zone: Zone::Deck, owner: None },
        });
    } else {
        cx.emit(Event::Discards { player: p, cards: list, from: Zone::Deck });
    }
    for c in cards {
        cx.check_card(p, c, line);
    }
}

/// Whether the table says `p` kept the revealed cards (a `puts … under pile` line) or lost them
/// (a `discards … from deck` line); unknown revealed cards take the names that line gives. A
/// reveal the log left out, from a deck of unknown size, held as many cards as that line names,
/// if the deck may have held only that many (`least`).
fn kept(cx: &mut PowerCx, p: PlayerId, cards: &mut Vec<Card>, least: u32) -> Option<(bool, Span)> {
    // From the deck: a card put beneath the pile from the hand is a Replicate's extra card.
    let under = cx.take_claim(|e| {
        matches!(e, Event::Puts { player: q, to: Destination { place: Place::UnderPile, owner }, from, .. }
            if *q == p && from.zone == Zone::Deck && super::owns(p, *owner) && super::owns(p, from.owner))
    });
    let gone = cx.take_claim(|e| matches!(e, Event::Discards { player: q, from: Zone::Deck, .. } if *q == p));
    let (keep, (line, span)) = match (under, gone) {
        (Some(l), None) => (true, l),
        (None, Some(l)) => (false, l),
        _ => return None,
    };
    if let Event::Puts { cards: named, .. } | Event::Discards { cards: named, .. } = line {
        let named = crate::engine::state::expand(&named);
        if named.len() < cards.len() && named.len() as u32 >= least {
            cards.truncate(named.len());
        }
        if named.len() == cards.len() {
            let fits = cards.iter().zip(&named).all(|(c, n)| matches!(c, Card::Unknown) || c == n);
            if !fits && left_out_of(cards, &named) {
                cards.copy_from_slice(&named);
            }
            for (c, n) in cards.iter_mut().zip(named) {
                if matches!(c, Card::Unknown) {
                    *c = n;
                }
            }
        }
    }
    Some((keep, span))
}

/// Whether a reveal line that named too few cards (`cards`: those it named, in order, then the
/// unknown ones it left out) left out cards from between those it named, the placement line
/// `named` giving them all.
fn left_out_of(cards: &[Card], named: &[Card]) -> bool {
    let known = cards.iter().take_while(|c| !matches!(c, Card::Unknown)).count();
    if cards[known..].iter().any(|c| !matches!(c, Card::Unknown)) {
        return false;
    }
    let mut rest = named.iter();
    cards[..known].iter().all(|c| rest.any(|n| n == c))
}

/// The table placed one side's revealed cards against the totals its own lines give.
fn misplaced(cx: &mut PowerCx, p: PlayerId, said_kept: bool, span: Span, totals: (Option<u64>, Option<u64>)) {
    let (Some(mine), Some(theirs)) = totals else { return };
    let name = cx.name(p).to_string();
    let (what, should) = if said_kept { ("kept", "discarded") } else { ("discarded", "put beneath the pile") };
    cx.report(
        Diagnostic::new(Code::Misresolved, span, format!("{name}'s revealed cards are {should} here, not {what}"))
            .label(format!("the revealed totals are {mine} and {theirs}"))
            .help("the higher total goes beneath its player's pile and the lower is discarded; a tie keeps both"),
    );
}

/// The reveal of one side's cards, once their number is settled.
fn show(cx: &mut PowerCx, p: PlayerId, cards: &[Card], line: Span) {
    if !cards.is_empty() {
        cx.emit(Event::Reveals { player: p, cards: cards.iter().map(|c| CardCount::one(*c, line)).collect() });
    }
}

/// One side's revealed cards, top first, the line that names them (the Battle's step when none
/// does), and the fewest the reveal may have held: the table's `reveals` line checked against the
/// deck, or unknown cards as many as the deck gives (at most; a deck of unknown size may give
/// fewer).
fn revealed(cx: &mut PowerCx, p: PlayerId) -> (Vec<Card>, Span, u32) {
    let deck = &cx.state().player(p).deck;
    let (k, at_least) = match deck.len() {
        Some(n) => (n.min(3), n.min(3)),
        None => (3, deck.min_len().min(3)),
    };
    let shown = cx.take_claim(|e| matches!(e, Event::Reveals { player: q, .. } if *q == p));
    let (mut cards, span) = match &shown {
        Some((Event::Reveals { cards, .. }, span)) => (crate::engine::state::expand(cards), *span),
        _ => (Vec::new(), cx.span()),
    };
    let mut open = shown.is_none();
    if shown.is_some() {
        let name = cx.name(p);
        let n = cards.len() as u32;
        if n > k || n < at_least {
            cx.report(
                Diagnostic::new(
                    Code::Misresolved,
                    span,
                    format!("{name} reveals {k} card{} for Battle here, not {n}", crate::diagnostics::plural(k)),
                )
                .label("the top three, or the whole deck when shorter"),
            );
        }
        if n < at_least {
            // The cards left out may have lain anywhere among those named.
            let missing = (at_least - n) as usize;
            if !interleavings(&cards, missing).any(|top| cx.off_deck_top(p, &top).is_none()) {
                cx.check_deck_top(p, &cards, span);
            }
            open = true;
        } else if n > k {
            // A card written in too many: which of those named the deck gave is open.
            cards.clear();
            open = true;
        } else {
            respelled_as_placed(cx, p, &mut cards, span);
            cx.check_deck_top(p, &cards, span);
        }
        cards.truncate(k as usize);
    }
    // A line naming fewer cards than the deck surely gave left the others out, one naming more
    // wrote a card in too many (ruling R4): the cards are unknown, for a placement line to name,
    // as are those of a reveal no line gives.
    if open {
        cards.resize(k as usize, Card::Unknown);
    }
    // Unwritten, the count is the deck's at most: a shorter deck may have given fewer.
    let least = if open { at_least } else { cards.len() as u32 };
    (cards, span, least)
}

/// A reveal line naming a card whose power's name is misspelt (`1 Masak`), where a placement line
/// of the same side names the same cards with that card spelt as the name misspells (`1 Masaka`):
/// the card is read as placed, the reveal line the one report (ruling R4).
fn respelled_as_placed(cx: &mut PowerCx, p: PlayerId, cards: &mut [Card], span: Span) {
    if !cards.iter().any(|c| respelled(c).is_some()) {
        return;
    }
    // The cards a placement line of `p`'s names, beneath the pile or discarded from the deck.
    let placed = |e: &Event| match e {
        Event::Puts { player: q, cards, to: Destination { place: Place::UnderPile, .. }, from }
            if *q == p && from.zone == Zone::Deck =>
        {
            Some(crate::engine::state::expand(cards))
        }
        Event::Discards { player: q, cards, from: Zone::Deck } if *q == p => Some(crate::engine::state::expand(cards)),
        _ => None,
    };
    let fits = |named: &[Card]| {
        named.len() == cards.len() && cards.iter().zip(named).all(|(c, n)| c == n || respelled(c).as_ref() == Some(n))
    };
    let Some(named) = cx.find_claim(|e| placed(e).is_some_and(|n| fits(&n))).and_then(placed) else { return };
    let name = cx.name(p);
    for (c, n) in cards.iter_mut().zip(named) {
        if *c != n {
            cx.report(
                Diagnostic::new(
                    Code::Misresolved,
                    span,
                    format!("{name} reveals {c}, which the placement line names {n}"),
                )
                .label(format!("read as {n}"))
                .help("the power's name seems misspelt: the card is read as the placement line names it"),
            );
            *c = n;
        }
    }
}

/// `cards` with `missing` unknown cards put among them, in every way (at most three cards in all).
fn interleavings(cards: &[Card], missing: usize) -> impl Iterator<Item = Vec<Card>> + '_ {
    let len = cards.len() + missing;
    (0u32..1 << len).filter(move |mask| mask.count_ones() as usize == missing).map(move |mask| {
        let mut named = cards.iter();
        (0..len)
            .map(|i| if mask & 1 << i != 0 { Card::Unknown } else { named.next().copied().unwrap_or(Card::Unknown) })
            .collect()
    })
}
