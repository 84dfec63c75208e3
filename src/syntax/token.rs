//! Tokens, with nom: words, keywords, numbers, player names and cards. Every parser here takes a
//! slice of the source and reports failures as [`PErr`], which knows what was expected.

use crate::diagnostics::visible::{invisible_code_points, is_invisible};
use crate::diagnostics::{Code, Diagnostic, did_you_mean};
use crate::model::log::{CardAt, CardCount, CardCounts};
use crate::model::{Card, Denomination, MAX_COUNT, MAX_PLAYERS, Names, PlayerId, Points, Power, PowerSpec, Span};
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{char, space0, space1};
use nom::combinator::opt;
use nom::error::{ErrorKind, ParseError};
use nom::sequence::pair;
use nom::{IResult, Parser};
use std::cell::{Cell, RefCell};

/// A parse failure: where, how long the offending token is, and what to say about it.
#[derive(Debug)]
pub struct PErr<'a> {
    pub at: &'a str,
    /// The length of the offending text; 0 for the whole token at `at`.
    pub len: usize,
    /// `None` for nom's own backtracking errors, which the line parser turns into its own message.
    /// Boxed: every parser's result is as large as its error, and errors are rare.
    pub detail: Option<Box<Detail>>,
}

#[derive(Debug)]
pub struct Detail {
    pub code: Code,
    pub message: String,
    pub label: Option<String>,
    pub help: Option<String>,
}

impl<'a> ParseError<&'a str> for PErr<'a> {
    /// Backtracking errors are made and dropped by the thousand; the token's length is measured
    /// only if one becomes a diagnostic (a `len` of 0 means "the token at `at`").
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        PErr { at: input, len: 0, detail: None }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

pub type R<'a, T> = IResult<&'a str, T, PErr<'a>>;

/// The length of the token at the start of `input`: up to the next space or separator.
pub fn token_len(input: &str) -> usize {
    let stop = input.find([' ', '\t', ',', ';']).unwrap_or(input.len());
    if stop == 0 { input.chars().next().map_or(0, char::len_utf8) } else { stop }
}

/// A definite failure at `at` (no backtracking past it).
pub fn fail<'a, T>(at: &'a str, code: Code, message: impl Into<String>) -> R<'a, T> {
    Err(failure(at, code, message))
}

/// The error value of [`fail`], for callers whose result is not a parser's.
pub fn failure(at: &str, code: Code, message: impl Into<String>) -> nom::Err<PErr<'_>> {
    nom::Err::Failure(PErr {
        at,
        len: token_len(at),
        detail: Some(Box::new(Detail { code, message: message.into(), label: None, help: None })),
    })
}

/// A definite failure with a label and help.
pub fn fail_with<'a, T>(
    at: &'a str,
    len: usize,
    code: Code,
    message: impl Into<String>,
    label: impl Into<String>,
    help: Option<String>,
) -> R<'a, T> {
    Err(failure_with(at, len, code, message, label, help))
}

/// The error value of [`fail_with`].
pub fn failure_with(
    at: &str,
    len: usize,
    code: Code,
    message: impl Into<String>,
    label: impl Into<String>,
    help: Option<String>,
) -> nom::Err<PErr<'_>> {
    nom::Err::Failure(PErr {
        at,
        len,
        detail: Some(Box::new(Detail { code, message: message.into(), label: Some(label.into()), help })),
    })
}

/// What every token parser needs besides its input: the whole source (for spans), the declared
/// players, and a place for warnings that do not stop the line.
pub struct Cx<'s> {
    pub src: &'s str,
    pub names: RefCell<Names>,
    pub warnings: RefCell<Vec<Diagnostic>>,
    /// No `players:` line has been seen, so names are declared as they first appear (a fragment
    /// of a log, such as the examples of FORMAT.md §5-§9).
    pub implicit: Cell<bool>,
    /// Bit `i` is set when the `i`th declared name is also a header tag's word (`"event"`), so
    /// that a line starting with it may be the tag rather than a turn.
    pub tag_named: Cell<u32>,
    /// The names a declared table did not know, as met (for [`super::parse`], which may read the
    /// log again with `players:` spelling them so).
    pub unknown: RefCell<Vec<String>>,
    /// Names of the `players:` line read as others: (written, read).
    pub renames: Vec<(String, String)>,
    /// A name the `players:` line is read with at its end, where it left the player out.
    pub added: Option<String>,
    /// Undeclared names read as the declared player each misspells, reported where named.
    pub aliases: Vec<(String, PlayerId)>,
}

impl<'s> Cx<'s> {
    pub fn offset(&self, sub: &str) -> usize {
        (sub.as_ptr() as usize).saturating_sub(self.src.as_ptr() as usize)
    }

    /// The span from the start of `from` to the start of `rest` (what a parser consumed).
    pub fn span(&self, from: &str, rest: &str) -> Span {
        Span::new(self.offset(from), self.offset(rest))
    }

    pub fn span_of(&self, sub: &str) -> Span {
        let start = self.offset(sub);
        Span::new(start, start + sub.len())
    }

    pub fn declare(&self, names: Vec<String>) {
        let bit = |i: usize| u32::try_from(i).ok().and_then(|i| 1u32.checked_shl(i)).unwrap_or(0);
        let tags = names.iter().enumerate().filter(|(_, n)| super::is_tag(n)).fold(0, |m, (i, _)| m | bit(i));
        self.tag_named.set(tags);
        *self.names.borrow_mut() = Names(names);
    }

    /// Whether the declared player's name is also a header tag's word.
    pub fn is_tag_named(&self, p: PlayerId) -> bool {
        self.tag_named.get() & 1u32.checked_shl(u32::from(p.0)).unwrap_or(0) != 0
    }

    pub fn find(&self, name: &str) -> Option<PlayerId> {
        self.names.borrow().find(name)
    }

    pub fn warn(&self, d: Diagnostic) {
        self.warnings.borrow_mut().push(d);
    }

    /// The report of a name read as the declared one it misspells (R0111), once for its place
    /// however often the line's parsers try it.
    fn misspelt_at(&self, at: &str, name: &str, id: PlayerId) {
        let span = self.span_of(at);
        let mut warnings = self.warnings.borrow_mut();
        if warnings.iter().any(|d| d.code == Code::NameMisspelt && d.span.is_at(span)) {
            return;
        }
        let names = self.names.borrow();
        let read = crate::model::display_name(names.get(id));
        let declared = names.get(id);
        let how = if differs_by_invisible(declared, name) {
            format!(
                "the names differ by a character drawn as nothing: {}",
                invisible_code_points(declared.chars().chain(name.chars()))
            )
        } else if name.eq_ignore_ascii_case(declared) {
            "names are case-sensitive".to_string()
        } else if super::transposed(declared, name) {
            "two letters swapped".to_string()
        } else {
            "a letter off".to_string()
        };
        warnings.push(
            Diagnostic::new(Code::NameMisspelt, span, format!("`{name}` is no declared player: read as {read}"))
                .label(format!("{read}, misspelt"))
                .help(format!(
                    "`players:` declares {read}, and this name is the one declared name it misspells ({how}); \
                     the line is read with {read}"
                )),
        );
    }

    /// A player name that must be declared.
    pub fn player<'a>(&self, i: &'a str) -> R<'a, PlayerId> {
        let (rest, name) = name(i)?;
        let id = self.resolve(i, name, rest)?;
        Ok((rest, id))
    }

    /// `@Name`
    pub fn at_player<'a>(&self, i: &'a str) -> R<'a, PlayerId> {
        let (i, _) = char('@').parse(i)?;
        match self.player(i) {
            Err(nom::Err::Error(_)) => fail(i, Code::BadChoice, "expected a player's name after `@`"),
            other => other,
        }
    }

    pub fn resolve<'a>(&self, at: &'a str, name: &str, rest: &'a str) -> Result<PlayerId, nom::Err<PErr<'a>>> {
        if let Some(id) = self.find(name) {
            return Ok(id);
        }
        let len = at.len() - rest.len();
        if let Some(&(_, id)) = self.aliases.iter().find(|(written, _)| written == name) {
            self.misspelt_at(at.get(..len).unwrap_or(at), name, id);
            return Ok(id);
        }
        let mut names = self.names.borrow_mut();
        let suggestion = names
            .0
            .iter()
            .find(|n| n.eq_ignore_ascii_case(name))
            .map(String::as_str)
            .or_else(|| did_you_mean(name, names.0.iter().map(String::as_str)));
        let undeclared = names.is_empty() || self.implicit.get();
        if undeclared && !names.0.iter().any(|n| n.eq_ignore_ascii_case(name)) && names.len() < MAX_PLAYERS {
            names.0.push(name.to_string());
            self.implicit.set(true);
            return Ok(PlayerId((names.len() - 1) as u8));
        }
        let mut unknown = self.unknown.borrow_mut();
        if !unknown.iter().any(|u| u == name) && unknown.len() < MAX_PLAYERS {
            unknown.push(name.to_string());
        }
        let declared = names.0.iter().map(|n| crate::model::display_name(n)).collect::<Vec<_>>().join(", ");
        Err(failure_with(
            at,
            len,
            Code::UnknownPlayer,
            format!("`{name}` is not a declared player"),
            if undeclared { "not a player named above" } else { "not in `players:`" },
            Some(match suggestion {
                Some(s) if differs_by_invisible(s, name) => format!(
                    "did you mean `{s}`? (the names differ by a character drawn as nothing: {}; players: {declared})",
                    invisible_code_points(s.chars().chain(name.chars()))
                ),
                Some(s) => {
                    format!("did you mean `{s}`? (names are case-sensitive; players: {declared})")
                }
                None => format!("players: {declared}"),
            }),
        ))
    }

    /// One card group in a list: `[Nx] [Owner's] CARD`.
    pub fn card_count<'a>(&self, i: &'a str) -> R<'a, CardCount> {
        // The common case, a card with no count and no owner: a digit not followed by `x` after
        // its digits, or `?` (neither can start a name). The plain reader refuses `3x` itself (a
        // letter after the digits).
        if let Some(plain) = self.plain_count(i) {
            return Ok(plain);
        }
        if let Some(&b) = i.as_bytes().first() {
            let digits = i.bytes().take_while(u8::is_ascii_digit).count();
            let plain_number = digits > 0 && matches!(i.as_bytes().get(digits), None | Some(b' ' | b'\t'));
            if b == b'?' || plain_number {
                // The plain reader reads neither: `?` is not its, and these digits it refused above.
                let (rest, card) = self.any_card(i)?;
                return Ok((rest, CardCount { count: 1, owner: None, card: card.card, span: card.span }));
            }
            // `3x 10 Go`: a plain count before a plain card.
            let counted =
                i.get(digits..).and_then(|r| r.strip_prefix(['x', 'X'])).filter(|r| r.starts_with([' ', '\t']));
            if let (Some(after), true) = (counted, (1..=9).contains(&digits)) {
                if let (Some(count), Some((rest, card))) =
                    (digits_value(Some(0), &i[..digits]), plain_card(blanks(after)))
                {
                    let count = count_of(count, i)?;
                    return Ok((rest, CardCount { count, owner: None, card, span: self.span(i, rest) }));
                }
            }
        }
        let start = i;
        let (i, count) = opt(count_prefix).parse(i)?;
        let (i, owner) = self.owner_prefix(i)?;
        let (i, card) = match self.card(i) {
            Err(nom::Err::Error(_)) if count.is_some() || owner.is_some() => {
                return fail(i, Code::BadCard, "expected a card after the count");
            }
            other => other?,
        };
        let count = match count {
            Some(n) => count_of(n, start)?,
            None => 1,
        };
        Ok((i, CardCount { count, owner, card: card.card, span: self.span(start, i) }))
    }

    /// [`Cx::card_count`]'s common case: one plain card (a digit starts it), or `None`.
    fn plain_count<'a>(&self, i: &'a str) -> Option<(&'a str, CardCount)> {
        if !i.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let (rest, card) = plain_card(i)?;
        Some((rest, CardCount { count: 1, owner: None, card, span: self.span(i, rest) }))
    }

    /// `Rogue's ` before a card or a zone.
    pub fn owner_prefix<'a>(&self, i: &'a str) -> R<'a, Option<PlayerId>> {
        let Ok((rest, raw)) = name(i) else {
            return Ok((i, None));
        };
        // A bare name's word takes the `'s` in (`Rogue's`); a quoted one ends at its quote and the
        // `'s` follows (`"Mary Ann"'s`), as the printer writes it. Like a keyword, `'s` is read in
        // any case (`ROGUE'S`).
        let owner = if i.starts_with('"') {
            rest.get(..2).filter(|s| s.eq_ignore_ascii_case("'s")).map(|_| (raw, &rest[2..]))
        } else {
            crate::model::ends_possessive(raw).then(|| (&raw[..raw.len() - 2], rest))
        };
        let Some((stripped, rest)) = owner else {
            return Ok((i, None));
        };
        let rest_after = rest;
        let Ok((rest, _)) = space1::<&str, PErr>(rest) else {
            return Ok((i, None));
        };
        let id = self.resolve(i, stripped, rest_after)?;
        Ok((rest, Some(id)))
    }

    /// A comma-separated card list; at least one card.
    pub fn card_list<'a>(&self, i: &'a str) -> R<'a, CardCounts> {
        let (mut i, first) = self.card_count(i)?;
        let mut cards = first.list();
        if i.starts_with(',') {
            // Room for the rest of the line, a card to each 8 bytes (`1 Go, ` takes 6, most take
            // more): a long list (a decklist, a hand) then grows at most once.
            cards.reserve(i.len() / 8);
        }
        while let Some(rest) = blanks(i).strip_prefix(',') {
            let rest = blanks(rest);
            if rest.is_empty() {
                return fail(rest, Code::BadCard, "expected a card after `,`");
            }
            // A list's cards are mostly plain: read here, without a call through the general
            // reader (which tries the plain reader again first, for the rare other card).
            let (rest, c) = match self.plain_count(rest) {
                Some(plain) => plain,
                None => match self.card_count(rest) {
                    Err(nom::Err::Error(e)) => {
                        return fail(e.at, Code::BadCard, "expected a card after `,`");
                    }
                    other => other?,
                },
            };
            cards.push(c);
            i = rest;
        }
        Ok((i, cards))
    }

    /// A decklist line's cards: a card list that may end with a comma when it continues on the
    /// next line.
    pub fn deck_cards<'a>(&self, i: &'a str) -> R<'a, CardCounts> {
        let body = i.strip_suffix(',').map_or(i, str::trim_end);
        let (r, cards) = self.card_list(body)?;
        // `r` is what is left of `body`; hand back the same place in `i` (past the trailing comma
        // when the list took all of `body`).
        let rest = if r.is_empty() { &i[i.len()..] } else { &i[body.len() - r.len()..] };
        Ok((rest, cards))
    }

    /// `?`, or a denomination with an optional power: `1,000 Discard`, `100 ?`, `10 Tribbles`, `100`.
    pub fn card<'a>(&self, i: &'a str) -> R<'a, CardAt> {
        match plain_card(i) {
            Some((rest, card)) => Ok((rest, CardAt { card, span: self.span(i, rest) })),
            None => self.any_card(i),
        }
    }

    /// [`Cx::card`] for every form a card can take.
    fn any_card<'a>(&self, i: &'a str) -> R<'a, CardAt> {
        let start = i;
        if let Ok((rest, _)) = char::<&str, PErr>('?').parse(i) {
            return Ok((rest, CardAt { card: Card::Unknown, span: self.span(start, rest) }));
        }
        let (i, denomination) = self.denomination(i)?;
        let power_start = i;
        let (i, power) = match pair(space1::<&str, PErr>, |x| self.power_spec(x)).parse(i) {
            Ok((rest, (_, p))) => (rest, p),
            Err(nom::Err::Failure(e)) => return Err(nom::Err::Failure(e)),
            Err(_) => (power_start, PowerSpec::Unrecorded),
        };
        Ok((i, CardAt { card: Card::Known { denomination, power }, span: self.span(start, i) }))
    }

    pub fn denomination<'a>(&self, i: &'a str) -> R<'a, Denomination> {
        let (rest, n) = number(i)?;
        match Denomination::from_value(n) {
            Some(d) => Ok((rest, d)),
            None => {
                let unknown_follows = rest.trim_start().starts_with('?');
                let help = if unknown_follows {
                    format!("write `{n}x ?` for {n} unknown cards")
                } else {
                    "denominations are 1, 10, 100, 1000, 10000 and 100000; a count is written `3x`".to_string()
                };
                fail_with(
                    i,
                    i.len() - rest.len(),
                    Code::NotADenomination,
                    format!("{n} is not a denomination"),
                    "expected 1, 10, 100, 1000, 10000 or 100000",
                    Some(help),
                )
            }
        }
    }

    /// A power, a compound `A & B`, `?`, or the words `Tribble`/`Tribbles` (power not recorded).
    pub fn power_spec<'a>(&self, i: &'a str) -> R<'a, PowerSpec> {
        if let Ok((rest, _)) = char::<&str, PErr>('?').parse(i) {
            return Ok((rest, PowerSpec::Unrecorded));
        }
        for plural in ["tribbles", "tribble"] {
            if let Ok((rest, _)) = kw(plural)(i) {
                return Ok((rest, PowerSpec::Unrecorded));
            }
        }
        let start = i;
        let (i, first) = self.power_name(i)?;
        let Ok((after_amp, _)) = sep('&')(i) else {
            return Ok((i, first));
        };
        let (rest, second) = match self.power_name(after_amp) {
            Err(nom::Err::Error(_)) => {
                return fail(after_amp, Code::BadCard, "expected a second power after `&`");
            }
            other => other?,
        };
        match (first, second) {
            (PowerSpec::Single(a), PowerSpec::Single(b)) => Ok((rest, PowerSpec::Compound(a, b))),
            // A compound with a power from a later set keeps its whole text as one unknown name.
            _ => {
                let whole = &start[..start.len() - rest.len()];
                Ok((rest, PowerSpec::Unrecognised(crate::model::PowerName::new(whole))))
            }
        }
    }

    /// One power name (`Time Warp` is the one with two words). A word that is no known power is
    /// kept as unrecognised, with a warning that suggests the nearest known power.
    pub fn power_name<'a>(&self, i: &'a str) -> R<'a, PowerSpec> {
        if let Ok((rest, _)) = (kw("time"), space1, kw("warp")).parse(i) {
            return Ok((rest, PowerSpec::Single(Power::TimeWarp)));
        }
        let (rest, w) = power_word(i)?;
        if is_stop_word(w) {
            return Err(nom::Err::Error(PErr::from_error_kind(i, ErrorKind::Tag)));
        }
        if let Some(p) = Power::from_name(w) {
            return Ok((rest, PowerSpec::Single(p)));
        }
        let help = match did_you_mean(w, Power::spellings()) {
            Some(s) => format!("did you mean `{s}`? An unrecognised power is kept, and its effects are not checked"),
            None => "the card is kept with an unrecognised power; its effects are not checked".to_string(),
        };
        self.warn(
            Diagnostic::new(
                Code::UnknownPower,
                self.span_of(&i[..w.len()]),
                format!("`{w}` is not a power of TCC 2.1"),
            )
            .label("unrecognised power")
            .help(help),
        );
        Ok((rest, PowerSpec::Unrecognised(crate::model::PowerName::new(w))))
    }
}

/// The common card, read byte by byte: a denomination in plain digits and a one-word power that
/// is not half of a compound, or no power. `None` for anything else (grouped digits, `?`, `Time
/// Warp`, `Tribbles`, compounds, unknown words, non-ASCII text), which [`Cx::card`]'s general
/// parser reads; on what this accepts both give the same card and the same rest (a unit test
/// compares them).
pub(super) fn plain_card(i: &str) -> Option<(&str, Card)> {
    // The reader works on byte offsets into `i`: every offset it stops at follows an ASCII byte
    // (or is 0), so each slice it returns starts on a character boundary.
    let b = i.as_bytes();
    let mut digits = 0;
    while digits < b.len() && b[digits].is_ascii_digit() {
        digits += 1;
    }
    if digits == 0 || digits > 6 {
        return None;
    }
    // A canonical denomination is `1` and up to five `0`s.
    let denomination = if b[0] == b'1' && b[1..digits].iter().all(|&c| c == b'0') {
        Denomination::ALL[digits - 1]
    } else {
        Denomination::from_value(digits_value(Some(0), &i[..digits])?)?
    };
    let bare = Some((&i[digits..], Card::Known { denomination, power: PowerSpec::Unrecorded }));
    match b.get(digits) {
        None => return bare,
        Some(b' ' | b'\t') => {}
        Some(&c) if c == b',' || c == b'_' || !c.is_ascii() || c.is_ascii_alphabetic() => return None,
        Some(_) => return bare,
    }
    let word = skip_blanks(b, digits);
    match b.get(word) {
        None => return bare,
        Some(&c) if !c.is_ascii() || c == b'?' => return None,
        Some(c) if !c.is_ascii_alphabetic() => return bare,
        Some(_) => {}
    }
    let (end, first) = plain_power(b, word)?;
    let amp = skip_blanks(b, end);
    if b.get(amp) != Some(&b'&') {
        return Some((&i[end..], Card::Known { denomination, power: PowerSpec::Single(first) }));
    }
    let (end, second) = plain_power(b, skip_blanks(b, amp + 1))?;
    Some((&i[end..], Card::Known { denomination, power: PowerSpec::Compound(first, second) }))
}

/// The offset of the first byte at or after `at` that is no space or tab.
fn skip_blanks(b: &[u8], mut at: usize) -> usize {
    while matches!(b.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    at
}

/// For each byte, its lower case when it may be part of a power's word ([`POWER_WORD_BYTES`]: an
/// ASCII letter or digit, `_`, `-`, `'`, `!`), else 0.
const WORD_LOWER: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        if POWER_WORD_BYTES[c] {
            table[c] = (c as u8).to_ascii_lowercase();
        }
        c += 1;
    }
    table
};

/// A known power's name, `Time Warp` included, read byte by byte from offset `at` of `b`, with
/// the offset where it ends; `None` for anything else (stop words, `Tribbles`, unknown words,
/// non-ASCII text).
fn plain_power(b: &[u8], at: usize) -> Option<(usize, Power)> {
    // One pass: the word's bytes, lower-cased into a buffer as long as the longest power name.
    let word = b.get(at..)?;
    if !word.first()?.is_ascii_alphabetic() {
        return None;
    }
    let mut buf = [0u8; 16];
    let mut len = 0;
    while let Some(&c) = word.get(len) {
        let lower = WORD_LOWER[usize::from(c)];
        if lower == 0 {
            if !c.is_ascii() {
                return None;
            }
            break;
        }
        *buf.get_mut(len)? = lower;
        len += 1;
    }
    let end = at + len;
    let lower = &buf[..len];
    if lower == b"time" {
        let second = skip_blanks(b, end);
        let rest = &b[second..];
        let warp = rest.iter().take_while(|c| WORD_LOWER[usize::from(**c)] != 0).count();
        if rest.get(warp).is_some_and(|c| !c.is_ascii()) {
            return None;
        }
        return (second > end && rest[..warp].eq_ignore_ascii_case(b"warp"))
            .then_some((second + warp, Power::TimeWarp));
    }
    Some((end, Power::from_padded(&buf, len)?))
}

/// Past any spaces and tabs (nom's `space0`).
pub fn blanks(i: &str) -> &str {
    &i[skip_blanks(i.as_bytes(), 0)..]
}

/// A count of cards over [`MAX_COUNT`] (or past 32 bits).
fn too_large(at: &str) -> nom::Err<PErr<'_>> {
    nom::Err::Failure(PErr {
        at,
        len: token_len(at),
        detail: Some(Box::new(Detail {
            code: Code::BadNumber,
            message: "the count is too large".into(),
            label: Some(format!("more than {MAX_COUNT} cards")),
            help: Some(format!(
                "one group counts at most {MAX_COUNT} cards; no table holds more in one zone (docs/rulings.md)"
            )),
        })),
    })
}

/// Words that end a card's power: what follows a card in a step or a resolution line.
const STOP_WORDS: &[&str] =
    &["use", "from", "on", "under", "in", "out", "into", "then", "take", "top", "bottom", "of", "name", "x"];

fn is_stop_word(w: &str) -> bool {
    STOP_WORDS.iter().any(|s| s.eq_ignore_ascii_case(w))
}

/// Whether two names are the same but for characters drawn as nothing (`Ann` and `Ann` with a
/// zero-width space after it), which a report shows as `�`.
fn differs_by_invisible(a: &str, b: &str) -> bool {
    a != b && a.chars().filter(|&c| !is_invisible(c)).eq(b.chars().filter(|&c| !is_invisible(c)))
}

/// The end of a word: the input ends or a character that cannot continue a word follows.
pub fn word_end(i: &str) -> R<'_, ()> {
    match i.chars().next() {
        Some(c) if c.is_alphanumeric() || matches!(c, '_' | '-' | '\'' | '!') => {
            Err(nom::Err::Error(PErr::from_error_kind(i, ErrorKind::Verify)))
        }
        _ => Ok((i, ())),
    }
}

/// A word as in a power name: letters, digits, `_`, `-`, `'` and `!`, starting with a letter.
pub fn power_word(i: &str) -> R<'_, &str> {
    word_of(i, "_-'!", &POWER_WORD_BYTES)
}

/// A bare word: letters, digits, `_`, `-` and `'`, starting with a letter.
pub fn word(i: &str) -> R<'_, &str> {
    word_of(i, "_-'", &WORD_BYTES)
}

/// A [`word`] of ASCII bytes with `:` right after it, as a turn line starts (`Ann: …`), read byte
/// by byte: the word and what follows the colon. `None` for anything else, which [`word`] reads
/// (on what this accepts, both give the same word).
pub fn ascii_word_colon(i: &str) -> Option<(&str, &str)> {
    let b = i.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b.iter().position(|c| !WORD_BYTES[usize::from(*c)]).unwrap_or(b.len());
    // The byte after the word is ASCII (`:`), so `end` and `end + 1` are character boundaries.
    (b.get(end) == Some(&b':')).then(|| (&i[..end], &i[end + 1..]))
}

const POWER_WORD_BYTES: [bool; 256] = ascii_word_bytes(b"_-'!");
pub(super) const WORD_BYTES: [bool; 256] = ascii_word_bytes(b"_-'");

/// For each byte, whether it is an ASCII letter or digit or one of `extra`.
const fn ascii_word_bytes(extra: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    let mut k = 0;
    while k < extra.len() {
        table[extra[k] as usize] = true;
        k += 1;
    }
    table
}

/// A letter, then letters, digits and the `extra` characters. ASCII is read byte by byte, by
/// `ascii`, the table of the bytes `extra` and ASCII letters and digits (a lookup costs less than
/// searching `extra`); from the first other character on, `char`'s Unicode tables decide.
fn word_of<'a>(i: &'a str, extra: &str, ascii: &[bool; 256]) -> R<'a, &'a str> {
    let mut end = match i.chars().next() {
        Some(c) if c.is_alphabetic() => c.len_utf8(),
        _ => return Err(nom::Err::Error(PErr::from_error_kind(i, ErrorKind::Satisfy))),
    };
    let b = i.as_bytes();
    while b.get(end).is_some_and(|c| ascii[usize::from(*c)]) {
        end += 1;
    }
    if b.get(end).is_some_and(|c| !c.is_ascii()) {
        let tail = &i[end..];
        end += tail.find(|c: char| !(c.is_alphanumeric() || extra.contains(c))).unwrap_or(tail.len());
    }
    Ok((&i[end..], &i[..end]))
}

/// The word lower-cased into `buf`, when it fits (keywords and verbs are short and ASCII).
pub fn ascii_lower<'b>(w: &str, buf: &'b mut [u8; 16]) -> Option<&'b str> {
    let lower = buf.get_mut(..w.len())?;
    lower.copy_from_slice(w.as_bytes());
    lower.make_ascii_lowercase();
    std::str::from_utf8(lower).ok()
}

/// A keyword, in any case, not followed by more word characters. Keywords are ASCII, so the
/// comparison is too (nom's `tag_no_case` lower-cases through Unicode tables, which the parser's
/// hottest path cannot afford).
pub fn kw<'a>(k: &'static str) -> impl Fn(&'a str) -> R<'a, &'a str> {
    move |i: &'a str| match i.get(..k.len()) {
        Some(head) if head.eq_ignore_ascii_case(k) => {
            let (rest, _) = word_end(&i[k.len()..])?;
            Ok((rest, head))
        }
        _ => Err(nom::Err::Error(PErr::from_error_kind(i, ErrorKind::Tag))),
    }
}

/// A player name: a bare word or a double-quoted string.
pub fn name(i: &str) -> R<'_, &str> {
    if let Some(body) = i.strip_prefix('"') {
        return match body.find('"') {
            Some(end) if end > 0 => Ok((&body[end + 1..], &body[..end])),
            Some(_) => fail(i, Code::BadTagValue, "a quoted name cannot be empty"),
            None => fail_with(
                i,
                i.len(),
                Code::UnclosedQuote,
                "the quoted name has no closing quote",
                "opened here",
                Some("close the name on the same line: `\"Mary Ann\"`".into()),
            ),
        };
    }
    word(i)
}

/// `3x` before a card.
fn count_prefix(i: &str) -> R<'_, u64> {
    let (rest, n) = number(i)?;
    let (rest, _) = tag_no_case("x").parse(rest)?;
    let (rest, _) = space1(rest)?;
    Ok((rest, n))
}

/// A whole number, with thousands grouped by `,` or `_` if the writer likes: `1000`, `1,000`, `1_000`.
/// A separator followed by a digit must start a group of exactly three digits.
pub fn number(i: &str) -> R<'_, u64> {
    let (mut rest, first) = take_while1(|c: char| c.is_ascii_digit()).parse(i)?;
    // Accumulated as digits are read; `None` once past MAX_NUMBER (checked after the whole
    // number is read, so the error covers all of it).
    let mut value = digits_value(Some(0), first);
    while let Some(after) = rest.strip_prefix([',', '_']) {
        let group_len = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        if group_len == 0 {
            break;
        }
        if group_len != 3 || first.len() > 3 {
            return fail_with(
                i,
                i.len() - after.len() + group_len,
                Code::BadNumber,
                "digits may be grouped only in threes",
                "malformed number",
                Some("write `1000`, `1,000` or `1_000`".into()),
            );
        }
        value = digits_value(value, &after[..group_len]);
        rest = &after[group_len..];
    }
    if rest.starts_with(|c: char| c.is_alphabetic() && !matches!(c, 'x' | 'X')) {
        return Err(nom::Err::Error(PErr::from_error_kind(i, ErrorKind::Digit)));
    }
    match value {
        Some(n) if n <= MAX_NUMBER => Ok((rest, n)),
        _ => fail_with(
            i,
            i.len() - rest.len(),
            Code::BadNumber,
            "the number is too large",
            format!("larger than {MAX_NUMBER}"),
            None,
        ),
    }
}

/// `so_far` followed by the ASCII digits `digits`, or `None` past [`MAX_NUMBER`].
fn digits_value(so_far: Option<u64>, digits: &str) -> Option<u64> {
    digits.bytes().try_fold(so_far?, |n, d| {
        let n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
        (n <= MAX_NUMBER).then_some(n)
    })
}

/// Scores and counts beyond this are surely a slip of the pen, and keep sums far from overflow.
pub const MAX_NUMBER: u64 = 1_000_000_000_000;

/// Points: a number.
pub fn points(i: &str) -> R<'_, Points> {
    let (rest, n) = number(i)?;
    Ok((rest, Points(n)))
}

/// A separator with optional spaces around it.
pub fn sep<'a>(c: char) -> impl Fn(&'a str) -> R<'a, ()> {
    move |i| {
        let (i, _) = (space0, char(c), space0).parse(i)?;
        Ok((i, ()))
    }
}

/// A list of names being declared (`players:`), each with the text it was written as.
pub fn name_list_fn(i: &str) -> R<'_, Vec<(String, &str)>> {
    let mut out = Vec::new();
    let mut i = i;
    loop {
        let start = i;
        let (r, n) = name(i)?;
        out.push((n.to_string(), &start[..start.len() - r.len()]));
        match sep(',')(r) {
            Ok((r, _)) => i = r,
            Err(_) => return Ok((r, out)),
        }
    }
}

/// A number that must fit in 32 bits (a round, a hand's size).
pub fn to_u32(n: u64, at: &str) -> Result<u32, nom::Err<PErr<'_>>> {
    u32::try_from(n).map_err(|_| {
        failure_with(
            at,
            token_len(at),
            Code::BadNumber,
            "the number is too large",
            format!("larger than {}", u32::MAX),
            None,
        )
    })
}

/// A count of cards: at most [`MAX_COUNT`], so that the work a line asks of the referee (cards
/// dealt, drawn or listed one by one) stays in proportion to its length.
pub fn count_of(n: u64, at: &str) -> Result<u32, nom::Err<PErr<'_>>> {
    u32::try_from(n).ok().filter(|n| *n <= MAX_COUNT).ok_or_else(|| too_large(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_tables_hold_letters_digits_and_the_extra_bytes() {
        for b in 0..=255u8 {
            let alnum = b.is_ascii_alphanumeric();
            assert_eq!(WORD_BYTES[usize::from(b)], alnum || b"_-'".contains(&b), "{b}");
            assert_eq!(POWER_WORD_BYTES[usize::from(b)], alnum || b"_-'!".contains(&b), "{b}");
        }
    }

    /// The byte-level reader of a turn line's name gives what `word` and a colon give wherever it
    /// answers, and answers on every ASCII name before a colon.
    #[test]
    fn the_turn_name_reader_agrees_with_word() {
        let pieces = ["A", "n", "9", "_", "-", "'", "!", ":", " ", "é", "Ω", "\u{300}", "#", "\"", ""];
        let mut tried = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in ["", ":", ": 1 Go", " :"] {
                        let text = format!("{a}{b}{c}{d}");
                        let general = word(&text).ok().and_then(|(r, w)| Some((w, r.strip_prefix(':')?)));
                        let quick = ascii_word_colon(&text);
                        if quick.is_some() {
                            assert_eq!(quick, general, "{text:?}");
                        }
                        let ascii_name = general.is_some_and(|(w, _)| w.is_ascii());
                        assert_eq!(quick.is_some(), ascii_name, "{text:?}");
                        tried += 1;
                    }
                }
            }
        }
        assert!(tried > 10_000);
    }

    fn cx(src: &str) -> Cx<'_> {
        Cx {
            src,
            names: RefCell::new(Names(vec!["Ann".into()])),
            warnings: RefCell::new(Vec::new()),
            implicit: Cell::new(false),
            tag_named: Cell::new(0),
            unknown: RefCell::new(Vec::new()),
            renames: Vec::new(),
            added: None,
            aliases: Vec::new(),
        }
    }

    /// The byte-level reader of common cards agrees with the general parser wherever it answers.

    #[test]
    fn the_plain_card_reader_agrees_with_the_general_parser() {
        let numbers = ["1", "10", "100", "1000", "10000", "100000", "5", "1,000", "1_000", "0010", "1000000", "10x"];
        let gaps = ["", " ", "  ", "\t"];
        let words = [
            "Go",
            "go",
            "GO!",
            "Time Warp",
            "time",
            "tribbles",
            "Tribble",
            "use",
            "x",
            "From",
            "Foo",
            "BaH!",
            "Bah",
            "?",
            "Éclair",
            "Go&Skip",
            "Go & Skip",
            "Go,",
            "1",
            "Go-Go",
            "Rogue's",
            "",
            "Time  Warp",
            "time warp!",
            "Time Warps",
            "Time Warp & Go",
            "Go & Time Warp",
            "Go & use",
            "Go & Foo",
            "Foo & Go",
            "Go &",
            "Go & Skip & Kill",
            "Time\tWarp",
            "Time Travel",
            "Time",
        ];
        let tails = ["", " use", ", 10 Go", ";", " &", "é", " # c", "\t&Go"];
        let mut answered = 0;
        for n in numbers {
            for g in gaps {
                for w in words {
                    for t in tails {
                        let text = format!("{n}{g}{w}{t}");
                        let Some((rest, card)) = plain_card(&text) else { continue };
                        answered += 1;
                        let c = cx(&text);
                        let Ok((rest2, general)) = c.any_card(&text) else {
                            panic!("`{text}`: the general parser fails where the plain reader gives {card}")
                        };
                        assert_eq!((rest, &card), (rest2, &general.card), "`{text}`");
                    }
                }
            }
        }
        assert!(answered > 500, "only {answered} inputs were read by the plain reader");
    }

    #[test]
    fn counts_and_grouped_numbers_take_the_general_path() {
        let c = cx("3x 10 Go");
        let (_, got) = c.card_count("3x 10 Go").expect("a counted card");
        assert_eq!(got.count, 3);
        let c = cx("1,000x ?");
        let (rest, got) = c.card_count("1,000x ?").expect("a counted unknown card");
        assert_eq!((rest, got.count, got.card), ("", 1000, Card::Unknown));
        let c = cx("10 Go");
        let (rest, got) = c.card_count("10 Go").expect("a card");
        assert_eq!((rest, got.count, got.span), ("", 1, Span::new(0, 5)));
        for text in
            ["2x 10 Time Warp, 1 Go", "2x  10 Go & Skip", "2x Ann's 10 Go", "2x ?", "0x 1 Go", "2x 10 Foo", "2X ?"]
        {
            let c = cx(text);
            let fast = c.card_count(text).map(|(r, n)| (r, n.count, n.owner, n.card, n.span));
            let general = (|| {
                let (i, count) = opt(count_prefix).parse(text)?;
                let (i, owner) = c.owner_prefix(i)?;
                let (i, card) = c.any_card(i)?;
                Ok::<_, nom::Err<PErr>>((
                    i,
                    u32::try_from(count.unwrap_or(1)).unwrap_or(0),
                    owner,
                    card.card,
                    c.span(text, i),
                ))
            })();
            assert_eq!(fast.ok(), general.ok(), "`{text}`");
        }
    }

    /// The count's `x` and the owner's `'s` are read in any case, as keywords are (ruling F19).
    #[test]
    fn the_count_and_the_owner_are_read_in_capitals() {
        for text in ["3X 10 GO", "3X Ann'S 10 GO", "3x Ann'S 10 Go", "3X \"Ann\"'S 10 Go"] {
            let c = cx(text);
            let (rest, got) = c.card_count(text).unwrap_or_else(|e| panic!("`{text}`: {e:?}"));
            let owner = text.contains("'S").then_some(PlayerId(0));
            assert_eq!((rest, got.count, got.owner), ("", 3, owner), "`{text}`");
            assert_eq!(got.card, Card::new(Denomination::Ten, Power::Go), "`{text}`");
        }
        // A bare name that ends in `'S` is quoted when written, as one ending in `'s` is.
        assert!(!crate::model::is_bare_name("JAMES'S") && crate::model::is_bare_name("James's2"));
    }
}
