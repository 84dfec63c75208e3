//! The simulator's text: lines written straight into the log's buffer, piece by piece (names,
//! cards, numbers), without a pass through the formatter.

use std::cmp::Ordering;
use std::sync::LazyLock;

use crate::engine::zone::slot;
use crate::model::{Card, Denomination, Power, PowerSpec};

/// A piece of a line, appended to the log's text as it is printed.
pub(super) trait Put {
    fn put(&self, out: &mut String);
}

impl Put for str {
    fn put(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Put for String {
    fn put(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl<T: Put + ?Sized> Put for &T {
    fn put(&self, out: &mut String) {
        (**self).put(out);
    }
}

impl Put for PowerSpec {
    fn put(&self, out: &mut String) {
        let [first, joint, second] = self.pieces();
        out.push_str(first);
        if !joint.is_empty() {
            out.push_str(joint);
            out.push_str(second);
        }
    }
}

/// The text of each single-power card (`100 Go`), by its [`slot`]: almost every card the
/// simulator names is one of these 312, written with one copy.
static SINGLES: LazyLock<Box<[String]>> = LazyLock::new(|| {
    Denomination::ALL.iter().flat_map(|d| Power::ALL.iter().map(move |p| Card::new(*d, *p).to_string())).collect()
});

impl Put for Card {
    #[inline]
    fn put(&self, out: &mut String) {
        match slot(self).and_then(|i| SINGLES.get(i)) {
            Some(text) => out.push_str(text),
            None => put_other(self, out),
        }
    }
}

/// A card that is not a single-power card: `?`, or a compound, unrecorded or later set's power.
#[inline(never)]
fn put_other(card: &Card, out: &mut String) {
    match card {
        Card::Unknown => out.push('?'),
        Card::Known { denomination, power } => {
            out.push_str(denomination.digits());
            out.push(' ');
            power.put(out);
        }
    }
}

impl Put for u64 {
    fn put(&self, out: &mut String) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut n = *self;
        loop {
            at -= 1;
            // A decimal digit, 0-9: the cast cannot truncate.
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            out.push(char::from(d));
        }
    }
}

impl Put for usize {
    fn put(&self, out: &mut String) {
        (*self as u64).put(out);
    }
}

impl Put for u32 {
    fn put(&self, out: &mut String) {
        u64::from(*self).put(out);
    }
}

/// Text in the form the log is printed in: `full`, or what a score keeper sees (`hidden`).
pub(super) struct Form<F, H> {
    pub(super) hidden: bool,
    pub(super) full: F,
    pub(super) seen: H,
}

impl<F: Put, H: Put> Put for Form<F, H> {
    fn put(&self, out: &mut String) {
        if self.hidden {
            self.seen.put(out);
        } else {
            self.full.put(out);
        }
    }
}

/// Cards as a log writes them: `1 Go, 10 Skip`.
pub(super) struct CardList<'c>(pub(super) &'c [Card]);

impl Put for CardList<'_> {
    fn put(&self, out: &mut String) {
        for (k, c) in self.0.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            c.put(out);
        }
    }
}

/// A decklist in the format's card-list syntax: alike cards grouped (`3x 1 Go`), in the order of
/// their texts.
pub(super) struct Decklist<'c>(pub(super) &'c [Card]);

impl Put for Decklist<'_> {
    fn put(&self, out: &mut String) {
        // Single-power cards, most of any deck, are counted by their place in text order (the
        // denomination, then the rank of the power's name); the rest are sorted by text and merged in.
        let mut copies = [0u32; SINGLE_KINDS];
        let mut others = Vec::new();
        for card in self.0 {
            match card {
                Card::Known { denomination, power: PowerSpec::Single(p) } => {
                    copies[denomination.index() * POWERS + usize::from(NAME_RANK[*p as usize])] += 1;
                }
                _ => others.push(*card),
            }
        }
        others.sort_unstable_by(text_order);
        let mut singles = copies
            .iter()
            .enumerate()
            .filter(|(_, k)| **k > 0)
            .map(|(i, k)| (Card::new(Denomination::ALL[i / POWERS], BY_RANK[i % POWERS]), *k as usize))
            .peekable();
        let mut others = others.chunk_by(|a, b| text_order(a, b).is_eq()).map(|run| (run[0], run.len())).peekable();
        let mut first = true;
        loop {
            let order = match (singles.peek(), others.peek()) {
                (Some(a), Some(b)) => text_order(&a.0, &b.0),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => break,
            };
            let group = match order {
                Ordering::Less => singles.next(),
                Ordering::Greater => others.next(),
                Ordering::Equal => singles.next().zip(others.next()).map(|((card, k), (_, j))| (card, k + j)),
            };
            let Some((card, copies)) = group else { break };
            if !first {
                out.push_str(", ");
            }
            first = false;
            if copies > 1 {
                (copies, "x ").put(out);
            }
            card.put(out);
        }
    }
}

/// How two cards' texts compare, without writing them: the denomination orders its digits, and
/// alike digits leave the power's text to decide.
fn text_order(a: &Card, b: &Card) -> Ordering {
    match (a, b) {
        (Card::Known { denomination: da, power: pa }, Card::Known { denomination: db, power: pb }) => {
            da.cmp(db).then_with(|| power_order(pa, pb))
        }
        _ => a.denomination().cmp(&b.denomination()),
    }
}

const POWERS: usize = Power::ALL.len();
const SINGLE_KINDS: usize = Denomination::ALL.len() * POWERS;

/// Each power's place when the names are in byte order.
const NAME_RANK: [u8; POWERS] = {
    const fn before(a: &[u8], b: &[u8]) -> bool {
        let mut k = 0;
        while k < a.len() && k < b.len() {
            if a[k] != b[k] {
                return a[k] < b[k];
            }
            k += 1;
        }
        a.len() < b.len()
    }
    let mut rank = [0u8; POWERS];
    let mut i = 0;
    while i < POWERS {
        let mut j = 0;
        while j < POWERS {
            if before(Power::ALL[j].name().as_bytes(), Power::ALL[i].name().as_bytes()) {
                rank[i] += 1;
            }
            j += 1;
        }
        i += 1;
    }
    rank
};

/// The powers by the rank of their names.
const BY_RANK: [Power; POWERS] = {
    let mut by_rank = [Power::Go; POWERS];
    let mut i = 0;
    while i < POWERS {
        by_rank[NAME_RANK[i] as usize] = Power::ALL[i];
        i += 1;
    }
    by_rank
};

fn power_order(a: &PowerSpec, b: &PowerSpec) -> Ordering {
    if let (PowerSpec::Single(a), PowerSpec::Single(b)) = (a, b) {
        return NAME_RANK[*a as usize].cmp(&NAME_RANK[*b as usize]);
    }
    let (a, b) = (a.pieces(), b.pieces());
    a.iter().flat_map(|s| s.bytes()).cmp(b.iter().flat_map(|s| s.bytes()))
}

/// Pieces side by side: `("Ann", " scores ", 100u64)`.
macro_rules! pieces {
    ($($name:ident)+) => {
        impl<$($name: Put),+> Put for ($($name,)+) {
            fn put(&self, out: &mut String) {
                #[allow(non_snake_case)]
                let ($($name,)+) = self;
                $($name.put(out);)+
            }
        }
    };
}

pieces!(A);
pieces!(A B);
pieces!(A B C);
pieces!(A B C D);
pieces!(A B C D E);
pieces!(A B C D E F);
pieces!(A B C D E F G);
pieces!(A B C D E F G H);

/// Writes a line of the log: its pieces, then the newline. A line with more pieces than a tuple
/// takes nests tuples.
pub(super) fn write_line(out: &mut String, line: impl Put) {
    line.put(out);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_print_as_the_formatter_does() {
        let cards = [
            Card::Unknown,
            Card::new(Denomination::HundredThousand, Power::Go),
            Card::Known { denomination: Denomination::One, power: PowerSpec::Compound(Power::Clone, Power::Skip) },
            Card::Known { denomination: Denomination::Ten, power: PowerSpec::Unrecorded },
            Card::Known {
                denomination: Denomination::Ten,
                power: PowerSpec::Unrecognised(crate::model::PowerName::new("Warp Nine")),
            },
        ];
        let singles = Denomination::ALL.iter().flat_map(|d| Power::ALL.iter().map(move |p| Card::new(*d, *p)));
        for c in cards.iter().copied().chain(singles) {
            let mut text = String::new();
            c.put(&mut text);
            assert_eq!(text, c.to_string());
        }
        let mut list = String::new();
        CardList(&cards).put(&mut list);
        assert_eq!(list, cards.map(|c| c.to_string()).join(", "));
        for n in [0u64, 7, 10, 1_000_000, u64::MAX] {
            let mut text = String::new();
            n.put(&mut text);
            assert_eq!(text, n.to_string());
        }
        let mut line = String::new();
        write_line(&mut line, ("Ann", ": ", cards[1], " use @", "Bob"));
        write_line(&mut line, (("Ann", " scores "), 100_000u64));
        assert_eq!(line, "Ann: 100000 Go use @Bob\nAnn scores 100000\n");
    }

    /// The decklist as it was first written: each card's text built, sorted with its
    /// denomination, and alike texts counted.
    fn decklist_by_texts(cards: &[Card]) -> String {
        let mut sorted: Vec<(Option<Denomination>, String)> =
            cards.iter().map(|c| (c.denomination(), c.to_string())).collect();
        sorted.sort();
        let mut groups: Vec<(usize, String)> = Vec::new();
        for (_, text) in sorted {
            match groups.last_mut() {
                Some((copies, last)) if *last == text => *copies += 1,
                _ => groups.push((1, text)),
            }
        }
        let groups: Vec<String> =
            groups.into_iter().map(|(k, t)| if k > 1 { format!("{k}x {t}") } else { t }).collect();
        groups.join(", ")
    }

    #[test]
    fn name_ranks_follow_the_names() {
        for a in Power::ALL {
            for b in Power::ALL {
                assert_eq!(NAME_RANK[*a as usize].cmp(&NAME_RANK[*b as usize]), a.name().cmp(b.name()));
                assert_eq!(BY_RANK[usize::from(NAME_RANK[*a as usize])], *a);
            }
        }
    }

    #[test]
    fn a_decklist_is_in_the_order_of_its_texts() {
        let odd = PowerSpec::Unrecognised(crate::model::PowerName::new("Re"));
        let mut kinds = vec![Card::Unknown];
        for d in Denomination::ALL {
            kinds.extend(Power::ALL.iter().map(|p| Card::new(d, *p)));
            kinds.push(Card::Known { denomination: d, power: PowerSpec::Unrecorded });
            kinds.push(Card::Known { denomination: d, power: odd });
            for (a, b) in [(Power::Clone, Power::Skip), (Power::Skip, Power::Clone), (Power::Reset, Power::Go)] {
                kinds.push(Card::Known { denomination: d, power: PowerSpec::Compound(a, b) });
            }
        }
        let mut r = super::super::rng::Rng::new(7);
        for size in [0, 1, 2, 40, 40, 40, 200, 1000] {
            let cards: Vec<Card> = (0..size).filter_map(|_| r.pick(&kinds).copied()).collect();
            let mut text = String::new();
            Decklist(&cards).put(&mut text);
            assert_eq!(text, decklist_by_texts(&cards));
        }
    }
}
