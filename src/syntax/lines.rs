//! Splits the source into physical lines: where each starts, how far it is indented, its content
//! without the comment, and the comment.

/// One physical line of the source.
pub struct RawLine<'a> {
    /// The content after the indentation, up to the comment, right-trimmed. A slice of the source,
    /// so spans are computed from its address.
    pub content: &'a str,
    pub indent: usize,
    /// The comment's text after `#`, right-trimmed.
    pub comment: Option<&'a str>,
    /// The whole line without its line terminator.
    pub full: &'a str,
}

impl RawLine<'_> {
    pub fn is_blank(&self) -> bool {
        self.content.is_empty() && self.comment.is_none()
    }
}

/// Splits on LF, dropping a CR before it; a `#` outside double quotes starts a comment.
pub fn split(text: &str) -> impl Iterator<Item = RawLine<'_>> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let text = rest?;
        // `"`, `#` and LF are ASCII, and no byte of a multi-byte UTF-8 character is: bytes will
        // do. One fast search finds the line's end or its first `#`; only a line with a `#` is
        // read byte by byte, for the quotes, and searched again for its end.
        let b = text.as_bytes();
        let (end, hash) = match memchr::memchr2(b'\n', b'#', b) {
            Some(k) if b[k] == b'#' => {
                let end = memchr::memchr(b'\n', &b[k..]).map_or(b.len(), |e| k + e);
                (end, comment_start(&b[..end]))
            }
            Some(k) => (k, None),
            None => (b.len(), None),
        };
        rest = text.get(end + 1..);
        let line = &text[..end];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let indent = line.bytes().take_while(|b| matches!(b, b' ' | b'\t')).count();
        // A `#` is neither in the indentation (blanks) nor the CR dropped above: `indent <= i <
        // line.len()`.
        let (content, comment) = match hash {
            Some(i) => (&line[indent..i], Some(line[i + 1..].trim_end())),
            None => (&line[indent..], None),
        };
        Some(RawLine { content: content.trim_end(), indent, comment, full: line })
    })
}

/// Where the comment of a line starts: its first `#` outside double quotes.
fn comment_start(line: &[u8]) -> Option<usize> {
    let mut in_quotes = false;
    for (i, &b) in line.iter().enumerate() {
        match b {
            b'"' => in_quotes = !in_quotes,
            b'#' if !in_quotes => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_comments_and_quotes() {
        let text = "players: \"A # b\", C # seated\r\n  Ann draws 1 Go #drawn  \n\n# only\n\"x\ny";
        let lines: Vec<(&str, usize, Option<&str>, &str)> =
            split(text).map(|l| (l.content, l.indent, l.comment, l.full)).collect();
        assert_eq!(
            lines,
            vec![
                ("players: \"A # b\", C", 0, Some(" seated"), "players: \"A # b\", C # seated"),
                ("Ann draws 1 Go", 2, Some("drawn"), "  Ann draws 1 Go #drawn  "),
                ("", 0, None, ""),
                ("", 0, Some(" only"), "# only"),
                // An unclosed quote ends with its line.
                ("\"x", 0, None, "\"x"),
                ("y", 0, None, "y"),
            ]
        );
        assert_eq!(split("a\n").count(), 2);
        assert_eq!(split("").count(), 1);
    }
}
