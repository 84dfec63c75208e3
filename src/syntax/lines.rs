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
    text.split('\n').map(|line| {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let indent = line.bytes().take_while(|b| matches!(b, b' ' | b'\t')).count();
        let body = &line[indent..];
        // `"` and `#` are ASCII, and no byte of a multi-byte UTF-8 character is: bytes will do.
        let mut in_quotes = false;
        let mut hash = None;
        for (i, b) in body.bytes().enumerate() {
            match b {
                b'"' => in_quotes = !in_quotes,
                b'#' if !in_quotes => {
                    hash = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let (content, comment) = match hash {
            Some(i) => (&body[..i], Some(body[i + 1..].trim_end())),
            None => (body, None),
        };
        RawLine { content: content.trim_end(), indent, comment, full: line }
    })
}
