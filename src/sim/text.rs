//! The simulator's text: lines written straight into the log's buffer, piece by piece (names,
//! cards, numbers), without a pass through the formatter.

use crate::model::{Card, PowerSpec};

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

impl Put for Card {
    fn put(&self, out: &mut String) {
        match self {
            Card::Unknown => out.push('?'),
            Card::Known { denomination, power } => {
                out.push_str(denomination.digits());
                out.push(' ');
                power.put(out);
            }
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
    use crate::model::{Denomination, Power};

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
        for c in &cards {
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
}
