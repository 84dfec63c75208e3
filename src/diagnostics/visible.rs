//! Text from a log as a terminal may safely show it. A log is the players' text, and a quoted
//! name, a comment or a trouble's name may hold control characters: an escape sequence printed
//! raw can recolour, move the cursor or clear the screen, so a log could hide its own errors from
//! the judge reading the report. Reports for people (the human and short forms, `score`'s table,
//! `replay`, messages on stderr) show such characters as visible stand-ins, as rustc does: a C0
//! control or DEL as its Unicode control picture (ESC as `␛`), and a C1 control, a bidirectional
//! formatting character (which can make a line read in another order than it is stored) or a
//! character drawn as nothing (a zero-width space, which makes `Ann` and `Ann` two names) as `�`.
//! The forms for tools (`--format json`, `score --format json`) and the logs that `fmt` and
//! `simulate` write keep the text as it is.
//!
//! Tab and line feed are kept, and so is a carriage return before a line feed (a CRLF line end);
//! a carriage return alone is shown as `␍`, so a report and the parser count the same lines.

use std::borrow::Cow;

/// The stand-in for a character a terminal must not be given, if it is one.
fn stand_in(c: char, next: Option<char>) -> Option<char> {
    match c {
        '\t' | '\n' => None,
        '\r' if next == Some('\n') => None,
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32),
        '\u{7f}' => Some('\u{2421}'),
        '\u{80}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}' => Some('\u{fffd}'),
        c if is_invisible(c) => Some('\u{fffd}'),
        _ => None,
    }
}

/// Whether `c` is drawn as nothing at all (a soft hyphen, a zero-width space, a word joiner, an
/// invisible operator, a zero-width no-break space), so that `Ann` and `Ann` followed by one
/// look the same. The joiners some scripts and emoji need (U+200C, U+200D) are not among them.
pub fn is_invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{200b}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// The characters drawn as nothing among `chars`, written `U+200B` and joined by commas; empty
/// when there are none.
pub fn invisible_code_points(chars: impl Iterator<Item = char>) -> String {
    chars.filter(|&c| is_invisible(c)).map(|c| format!("U+{:04X}", c as u32)).collect::<Vec<_>>().join(", ")
}

/// Whether the text may hold a character to replace: a byte test that passes over almost every
/// text (the characters above start with 0xC2, 0xD8, 0xE2 or 0xEF in UTF-8).
fn may_need(text: &str) -> bool {
    text.bytes().any(|b| (b < 0x20 && b != b'\t' && b != b'\n') || matches!(b, 0x7f | 0xc2 | 0xd8 | 0xe2 | 0xef))
}

/// Calls `f(offset, character, stand-in)` for each character of `text` to replace, in order.
fn each_replaced(text: &str, mut f: impl FnMut(usize, char, char)) {
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if let Some(s) = stand_in(c, chars.peek().map(|&(_, n)| n)) {
            f(i, c, s);
        }
    }
}

/// `text` with every character a terminal must not be given replaced by its stand-in.
pub fn visible(text: &str) -> Cow<'_, str> {
    Shown::of(text).map_or(Cow::Borrowed(text), |shown| Cow::Owned(shown.text))
}

/// A whole source text as it is shown, with the way from the source's byte offsets into it: a
/// stand-in is never shorter than the character it replaces, so an offset moves on by the bytes
/// the stand-ins before it add.
pub struct Shown {
    pub text: String,
    /// For each replaced character: its offset in the source, and the bytes added by it and by
    /// every replacement before it.
    shifts: Vec<(usize, usize)>,
}

impl Shown {
    /// `None` when the text has nothing to replace (it is then shown as it is).
    pub fn of(text: &str) -> Option<Shown> {
        if !may_need(text) {
            return None;
        }
        let (mut shown, mut shifts, mut copied, mut added) = (String::new(), Vec::new(), 0, 0);
        each_replaced(text, |i, c, s| {
            shown.push_str(&text[copied..i]);
            shown.push(s);
            copied = i + c.len_utf8();
            added += s.len_utf8() - c.len_utf8();
            shifts.push((i, added));
        });
        if shifts.is_empty() {
            return None;
        }
        shown.push_str(&text[copied..]);
        Some(Shown { text: shown, shifts })
    }

    /// Where a byte offset of the source lands in the shown text: a replaced character's own
    /// offset lands at the start of its stand-in.
    pub fn offset(&self, source: usize) -> usize {
        let before = self.shifts.partition_point(|&(i, _)| i < source);
        source + before.checked_sub(1).map_or(0, |k| self.shifts[k].1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_and_crlf_are_kept_and_borrowed() {
        for text in ["Ann plays 1 Tribble", "tab\there\r\nnext\n", "Zoë, 10 ≠ 12 ✓", ""] {
            assert!(matches!(visible(text), Cow::Borrowed(t) if t == text), "{text:?}");
            assert!(Shown::of(text).is_none());
        }
    }

    #[test]
    fn controls_and_direction_marks_get_stand_ins() {
        assert_eq!(visible("\u{1b}[31mred\u{7}"), "␛[31mred␇");
        assert_eq!(visible("a\rb\r\nc\0"), "a␍b\r\nc␀");
        assert_eq!(visible("\u{7f}\u{85}x\u{202e}y\u{2066}\u{200f}"), "␡\u{fffd}x\u{fffd}y\u{fffd}\u{fffd}");
        // Characters sharing those first bytes but harmless stay as they are.
        assert_eq!(visible("é ≠ ✓ \u{2026} ؛"), "é ≠ ✓ \u{2026} ؛");
    }

    #[test]
    fn characters_drawn_as_nothing_get_stand_ins_but_joiners_stay() {
        assert_eq!(visible("Ann\u{200b}, B\u{ad}o\u{2060}b\u{feff}"), "Ann\u{fffd}, B\u{fffd}o\u{fffd}b\u{fffd}");
        // Scripts and emoji need the zero-width joiner and non-joiner; full-width forms share 0xEF.
        for text in ["\u{1f469}\u{200d}\u{1f52c}", "\u{645}\u{200c}\u{6cc}", "\u{ff0c}\u{ff21}"] {
            assert!(matches!(visible(text), Cow::Borrowed(t) if t == text), "{text:?}");
        }
    }

    #[test]
    fn offsets_follow_the_stand_ins() {
        let text = "a\u{1b}b\u{85}c\u{202e}d";
        let shown = Shown::of(text).expect("has controls");
        assert_eq!(shown.text, "a␛b\u{fffd}c\u{fffd}d");
        for (source, c) in text.char_indices() {
            let at = shown.offset(source);
            let expected = if stand_in(c, None).is_some() { stand_in(c, None) } else { Some(c) };
            assert_eq!(shown.text[at..].chars().next(), expected, "offset {source}");
        }
        assert_eq!(shown.offset(text.len()), shown.text.len());
    }
}
