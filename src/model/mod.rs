//! The vocabulary types shared by every stage: spans, cards, players, points, and the parsed log.

mod card;
pub mod log;

pub use card::{Card, Denomination, Points, Power, PowerName, PowerSpec};

use serde::{Deserialize, Serialize};

/// A byte range in the source text.
///
/// Spans say where something was written, not what it means, so two spans always compare equal:
/// the syntax tree of a log is equal to that of its formatted version (`parse(fmt(x)) ==
/// parse(x)`) even though every token moved. Compare `start` and `end` directly where the
/// position itself matters.
#[derive(Clone, Copy, Debug, Default, Eq, Serialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl PartialEq for Span {
    fn eq(&self, _other: &Span) -> bool {
        true
    }
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        // Sources are capped well below 4 GiB by the reader, so offsets fit in u32.
        Span { start: start as u32, end: end.max(start) as u32 }
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.end == self.start
    }

    /// The same place in the source (`==` on spans holds for any two).
    pub fn is_at(self, other: Span) -> bool {
        (self.start, self.end) == (other.start, other.end)
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// A player, by position in the log's `players` declaration (not by seat: seats change on reseat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The most players a log may declare; the rules allow eight at a table, the format leaves room.
pub const MAX_PLAYERS: usize = 32;

/// The most cards one group of a card list may count (`1000x ?`), and the most a resolution line
/// may draw or scan unseen. The rules set no largest deck (TCC 2.1, Customizing Your Deck); the
/// bound is the format's, far above any table's, and keeps the work a line asks for in
/// proportion to its length (docs/rulings.md, F9).
pub const MAX_COUNT: u32 = 1_000;

/// Whether two short texts (names, words of a line) are the same, compared length first and then
/// byte by byte in line: the parser's hottest comparisons are of a few bytes, which a call to
/// `memcmp` (what `==` on slices becomes) costs more than.
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// The declared player names, indexed by [`PlayerId`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Names(pub Vec<String>);

impl Names {
    pub fn get(&self, id: PlayerId) -> &str {
        self.0.get(id.index()).map(String::as_str).unwrap_or("?")
    }

    pub fn find(&self, name: &str) -> Option<PlayerId> {
        self.0.iter().position(|n| same_bytes(n.as_bytes(), name.as_bytes())).map(|i| PlayerId(i as u8))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn ids(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.0.len()).map(|i| PlayerId(i as u8))
    }
}

/// Words that open a line or a step, or act inside one; a player with such a name must be quoted
/// (FORMAT.md §2). Compared without regard to case.
pub const KEYWORDS: &[&str] = &[
    "action",
    "activate",
    "bottom",
    "chain",
    "date",
    "deck",
    "direction",
    "draw",
    "end",
    "event",
    "expect",
    "first",
    "frozen",
    "hand",
    "mulligan",
    "name",
    "note",
    "of",
    "pass",
    "place",
    "players",
    "points",
    "position",
    "pot",
    "replay",
    "reseat",
    "round",
    "rounds",
    "ruleset",
    "safety",
    "scorekeeper",
    "site",
    "skipped",
    "table",
    "take",
    "then",
    "top",
    "totals",
    "trouble",
    "troubles",
    "tribbles-log",
    "turn",
    "use",
    "winner",
];

pub fn is_keyword(word: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

/// True when `name` can be written without quotes: a word of letters, digits, `_`, `-` and `'`
/// that starts with a letter, does not end in `'s` and is not a keyword.
pub fn is_bare_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_alphabetic())
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '\''))
        && !ends_possessive(name)
        && !is_keyword(name)
}

/// True when `word` ends in the owner's `'s`, in either case (`Rogue's`, `ROGUE'S`).
pub fn ends_possessive(word: &str) -> bool {
    word.len().checked_sub(2).and_then(|n| word.get(n..)).is_some_and(|end| end.eq_ignore_ascii_case("'s"))
}

/// A player name as the format writes it: bare when it can be, quoted otherwise.
pub fn display_name(name: &str) -> std::borrow::Cow<'_, str> {
    if is_bare_name(name) { name.into() } else { format!("\"{name}\"").into() }
}
