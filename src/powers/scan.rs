//! SCAN (TCC 2.1, Tribble Powers): the player looks at the top three cards of the draw deck and
//! puts them back, each on the top or at the bottom, in the order the player likes.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;
use crate::engine::zone::detail;
use crate::model::log::ChoiceKind;
use crate::model::{Card, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: SCAN",
    text: "Used, Scan shows its player the top three cards of the draw deck (all of them when fewer \
           remain) and puts them back: any of them on top, the rest at the bottom, in any order. The log \
           may say where they went, each list top first (`use top 10 Go bottom 1 Go, 100 Go`: 10 Go is \
           now the top card and 100 Go the bottom one); without it the cards are private to their player \
           and the deck's order is taken as unknown.\n\n\
           Checked: as many cards as were looked at (R0317); cards the deck's top can hold (R0601); each \
           can be the player's (R0401).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let (mut top, mut bottom, mut span) = (Vec::new(), Vec::new(), None::<Span>);
    for c in cx.choices {
        let (list, into) = match &c.kind {
            ChoiceKind::Top(list) => (list, &mut top),
            ChoiceKind::Bottom(list) => (list, &mut bottom),
            _ => continue,
        };
        into.extend(crate::engine::state::expand(list));
        span = Some(span.map_or(c.span, |s: Span| s.to(c.span)));
    }
    let deck = &cx.state().player(player).deck;
    let looked = deck.len().map_or(3, |n| n.min(3));
    let Some(span) = span else {
        // Unplaced, the cards go back in an unknown order: only the cards certainly there move.
        let seen = vec![Card::Unknown; looked.min(deck.min_len()) as usize];
        cx.emit(Event::Scans { player, seen: seen.into(), top: top.into(), bottom: bottom.into() });
        return Resolved::Done;
    };
    let named: Vec<Card> = top.iter().chain(&bottom).cloned().collect();
    let n = named.len() as u32;
    let fits = match deck.len() {
        Some(_) => n == looked,
        None => n <= 3 && n >= deck.min_len().min(3),
    };
    if !fits {
        let held = if looked < 3 { format!("the deck held {looked}") } else { "the top three".to_string() };
        cx.report(
            Diagnostic::new(
                Code::BadChoices,
                span,
                format!("Scan puts back {looked} card{} here, not {n}", crate::diagnostics::plural(looked)),
            )
            .label(held)
            .help("place every card looked at, each list top first: `1 Scan use top 10 Go bottom 1 Go, 100 Go`"),
        );
        cx.emit(Event::Scans {
            player,
            seen: vec![Card::Unknown; n.min(looked) as usize].into(),
            top: Box::default(),
            bottom: Box::default(),
        });
        return Resolved::Done;
    }
    // Which written card lies where among the top cards: try each order (at most six).
    let Some(refined) = arrangement(deck, &named) else {
        cx.report(
            Diagnostic::new(
                Code::Misresolved,
                span,
                "Scan puts back cards the top of the deck cannot hold".to_string(),
            )
            .label("not the deck's top cards"),
        );
        cx.emit(Event::Scans {
            player,
            seen: vec![Card::Unknown; n as usize].into(),
            top: Box::default(),
            bottom: Box::default(),
        });
        return Resolved::Done;
    };
    let (seen, placed) = refined;
    let bottom = placed[top.len()..].into();
    let top = placed[..top.len()].into();
    cx.emit(Event::Scans { player, seen: seen.into(), top, bottom });
    // The decklist check counts the cards where they now are.
    for c in &placed {
        cx.check_card(player, c, span);
    }
    Resolved::Done
}

/// The written cards in the order the deck's top can hold them, and the written cards made as
/// precise as the deck knows them; `None` when no order fits.
fn arrangement(deck: &crate::engine::zone::Deck, named: &[Card]) -> Option<(Vec<Card>, Vec<Card>)> {
    let n = named.len();
    let mut order: Vec<usize> = (0..n).collect();
    loop {
        let mut d = deck.clone();
        let mut placed = named.to_vec();
        let mut seen = Vec::with_capacity(n);
        let ok = order.iter().all(|&i| match d.draw(&named[i]) {
            Ok(got) => {
                if detail(&got) > detail(&named[i]) {
                    placed[i] = got;
                }
                seen.push(named[i]);
                true
            }
            Err(_) => false,
        });
        if ok {
            return Some((seen, placed));
        }
        if !next_permutation(&mut order) {
            return None;
        }
    }
}

fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else { return false };
    let Some(j) = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]) else { return false };
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::next_permutation;

    #[test]
    fn permutations_are_all_visited_once() {
        let mut v = vec![0, 1, 2];
        let mut n = 1;
        while next_permutation(&mut v) {
            n += 1;
        }
        assert_eq!(n, 6);
        assert_eq!(v, vec![2, 1, 0]);
    }
}
