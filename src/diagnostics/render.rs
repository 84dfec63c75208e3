//! Rendering diagnostics against their source: `human` (miette's graphical report), `short`
//! (`file:line:col: severity[code]: message`) and `json` (JSON Lines, schema in [`JsonDiagnostic`]).

use super::visible::{Shown, visible};
use super::{Diagnostic, Severity, Tally};
use crate::model::Span;
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan,
    SpanContents,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// A source text with its name and an index of line starts, for turning spans into lines and
/// columns. The index is built when a position is first asked for: a clean log never needs it.
pub struct SourceFile {
    pub name: String,
    pub text: String,
    index: OnceLock<Index>,
    /// The text as the human report shows it, when it holds characters a terminal must not be
    /// given (see [`super::visible`]), with its own index. Built by the first such report.
    shown: OnceLock<Option<(Shown, Index)>>,
}

/// Where lines start, and how many characters precede each block of [`BLOCK`] bytes: a column
/// is then counted over at most one block, so a long line with many diagnostics costs no more
/// than a short one.
struct Index {
    line_starts: Vec<usize>,
    block_chars: Vec<usize>,
}

const BLOCK: usize = 256;

/// How many characters start in these bytes (those that are no UTF-8 continuation byte).
fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xc0 != 0x80).count()
}

impl Index {
    fn of(text: &str) -> Index {
        let line_starts: Vec<usize> =
            std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1)).collect();
        let mut block_chars = Vec::with_capacity(text.len() / BLOCK + 1);
        let mut before = 0;
        for block in text.as_bytes().chunks(BLOCK) {
            block_chars.push(before);
            before += chars_in(block);
        }
        // The end of a text whose length is a multiple of the block starts a block of its own.
        block_chars.push(before);
        Index { line_starts, block_chars }
    }

    /// The index of the line holding the byte offset.
    fn line_of(&self, offset: usize) -> usize {
        // The first start is 0, at or before any offset.
        self.line_starts.partition_point(|&s| s <= offset).saturating_sub(1)
    }

    /// The 0-based line of a byte offset of `text` (the indexed text), and its column counted in
    /// characters from the line's start (in bytes for an offset inside a character, which no span
    /// makes).
    fn position(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.line_of(offset);
        let start = self.line_starts.get(line).copied().unwrap_or(0);
        let column = if text.is_char_boundary(offset) {
            self.chars_before(text, offset) - self.chars_before(text, start)
        } else {
            offset - start
        };
        (line, column)
    }

    /// The characters of `text` before the byte offset `offset`.
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let k = offset / BLOCK;
        self.block_chars.get(k).copied().unwrap_or(0) + chars_in(text.as_bytes().get(k * BLOCK..offset).unwrap_or(&[]))
    }
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: String) -> SourceFile {
        SourceFile { name: name.into(), text, index: OnceLock::new(), shown: OnceLock::new() }
    }

    /// The length in bytes of the line holding the byte offset, without its line break.
    pub fn line_len(&self, offset: usize) -> usize {
        let index = self.index();
        let line = index.line_of(offset.min(self.text.len()));
        let start = index.line_starts.get(line).copied().unwrap_or(0);
        let end = index.line_starts.get(line + 1).map_or(self.text.len(), |next| next - 1);
        end.saturating_sub(start)
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| Index::of(&self.text))
    }

    fn shown(&self) -> Option<&(Shown, Index)> {
        self.shown
            .get_or_init(|| {
                Shown::of(&self.text).map(|shown| {
                    let index = Index::of(&shown.text);
                    (shown, index)
                })
            })
            .as_ref()
    }

    /// The 1-based line and 1-based column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (line, column) = self.index().position(&self.text, offset.min(self.text.len()));
        (line + 1, column + 1)
    }
}

/// The `type` field of a JSON Lines record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordType {
    Diagnostic,
    Summary,
}

/// One diagnostic as a JSON Lines record (`--format json`). Lines and columns are 1-based;
/// columns count characters; the end is exclusive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonDiagnostic {
    /// Always `diagnostic`.
    #[serde(rename = "type")]
    pub kind: RecordType,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub code: String,
    pub severity: String,
    pub message: String,
    pub help: Option<String>,
    pub rule: String,
}

/// The last JSON Lines record of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonSummary {
    /// Always `summary`.
    #[serde(rename = "type")]
    pub kind: RecordType,
    pub files: usize,
    /// How many of the files were games whose rules were checked.
    pub games: usize,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    /// How many of the paths given, or the files found under them, could not be read: each is
    /// named on stderr, and the run exits with code 2.
    pub unreadable: usize,
    /// The wall-clock time of the run.
    pub seconds: f64,
}

impl JsonSummary {
    pub fn new(files: usize, games: usize, tally: Tally, unreadable: usize, seconds: f64) -> JsonSummary {
        JsonSummary {
            kind: RecordType::Summary,
            files,
            games,
            errors: tally.errors,
            warnings: tally.warnings,
            notes: tally.notes,
            unreadable,
            seconds,
        }
    }
}

pub fn json(file: &SourceFile, d: &Diagnostic) -> String {
    let (line, column) = file.line_col(d.span.start as usize);
    let (end_line, end_column) = file.line_col(d.span.end as usize);
    let record = JsonDiagnostic {
        kind: RecordType::Diagnostic,
        file: file.name.clone(),
        line,
        column,
        end_line,
        end_column,
        code: d.code.id().to_string(),
        severity: d.severity().keyword().to_string(),
        message: d.message.clone(),
        help: d.help.clone(),
        rule: d.rule().to_string(),
    };
    // A struct of strings and integers always serialises.
    serde_json::to_string(&record).unwrap_or_default()
}

/// The short form, one line for people and editors: the file's name and the message are shown
/// with stand-ins for control characters ([`super::visible`]).
pub fn short(file: &SourceFile, d: &Diagnostic) -> String {
    let (line, column) = file.line_col(d.span.start as usize);
    format!(
        "{}:{line}:{column}: {}[{}]: {}",
        visible(&file.name),
        d.severity().keyword(),
        d.code.id(),
        visible(&d.message)
    )
}

/// Options for the graphical report.
#[derive(Clone, Copy, Debug)]
pub struct HumanStyle {
    pub color: bool,
    pub width: usize,
}

/// The longest line the human report draws. A longer one (no table writes one; a turn of
/// thousands of steps can) is not drawn: miette would redraw it whole for each report, and fails
/// on a label past its 65,535th column. Such a report gives its position in words instead.
const LONGEST_DRAWN_LINE: usize = 16 * 1024;

/// The graphical report. The source, the file's name and every text in the report are shown with
/// stand-ins for control characters ([`super::visible`]); lines and columns are those of the log.
pub fn human(file: &SourceFile, d: &Diagnostic, style: HumanStyle) -> String {
    let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width).with_links(false);
    let spans = std::iter::once(d.span).chain(d.related.iter().map(|(s, _)| *s));
    let drawn = spans.clone().all(|s| file.line_len(s.start as usize) <= LONGEST_DRAWN_LINE);
    let name = visible(&file.name);
    let position = (!drawn).then(|| {
        let (line, column) = file.line_col(d.span.start as usize);
        format!("at {name}:{line}:{column} (the line is too long to show)")
    });
    let shown = file.shown();
    let window = match shown {
        Some((shown, index)) => Window { name: &name, text: &shown.text, index },
        None => Window { name: &name, text: &file.text, index: file.index() },
    };
    let report = Report { d, shown: shown.map(|s| &s.0), source: drawn.then_some(window), position };
    let mut out = String::new();
    // Writing into a String cannot fail; a renderer error would only lose this one report.
    let _ = handler.render_report(&mut out, &report);
    out
}

struct Report<'a> {
    d: &'a Diagnostic,
    /// The shown text, when it differs from the source: spans are moved into it.
    shown: Option<&'a Shown>,
    /// `None` when a span lies on a line too long to draw; `position` then says where it is.
    source: Option<Window<'a>>,
    position: Option<String>,
}

/// The file as miette reads a span of it. miette's own reader walks its text from the start to
/// find the span's lines, so it is handed the text from a few lines before the span (at a line
/// start, past the lines of context it asks for) and its answer is shifted back: a report costs
/// what its lines cost, not what the file does. miette's reader itself does the rest, so the
/// report is the one the whole text gives. The text holds no lone `\r` (a stand-in shows it), so
/// miette counts the same lines as the index.
struct Window<'a> {
    name: &'a str,
    text: &'a str,
    index: &'a Index,
}

impl SourceCode for Window<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let index = self.index;
        let first = index.line_of(span.offset()).saturating_sub(context_lines_before + 1);
        let start = index.line_starts.get(first).copied().unwrap_or(0);
        let text = self.text.get(start..).unwrap_or_default();
        let inner = text.read_span(
            &SourceSpan::new((span.offset() - start).into(), span.len()),
            context_lines_before,
            context_lines_after,
        )?;
        // miette counts the column of a span read without context (the one the report's header
        // gives) in bytes; the header gives it in characters, as the short and JSON forms do.
        let column =
            if context_lines_before == 0 { index.position(self.text, span.offset()).1 } else { inner.column() };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            SourceSpan::new((inner.span().offset() + start).into(), inner.span().len()),
            inner.line() + first,
            column,
            inner.line_count() + first,
        )))
    }
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&visible(&self.d.message))
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&visible(&self.d.message))
    }
}

impl std::error::Error for Report<'_> {}

impl Report<'_> {
    /// A span of the log as a span of the text miette is given.
    fn source_span(&self, span: Span) -> SourceSpan {
        let (start, end) = (span.start as usize, span.end as usize);
        match self.shown {
            None => SourceSpan::new(start.into(), span.len()),
            Some(shown) => {
                let start = shown.offset(start);
                SourceSpan::new(start.into(), shown.offset(end).saturating_sub(start))
            }
        }
    }
}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.d.code.id()))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.d.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let rule = self.d.rule();
        let help = match &self.d.help {
            Some(h) => format!("{}\nrule: {rule}", visible(h)),
            None => format!("rule: {rule}"),
        };
        Some(Box::new(match &self.position {
            Some(at) => format!("{at}\n{help}"),
            None => help,
        }))
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|w| w as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label = self.d.label.as_deref().map(|l| visible(l).into_owned());
        let primary = LabeledSpan::new_primary_with_span(label, self.source_span(self.d.span));
        let related = self
            .d
            .related
            .iter()
            .map(|(s, l)| LabeledSpan::new_with_span(Some(visible(l).into_owned()), self.source_span(*s)));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_match_a_plain_count_across_blocks() {
        // Characters of one to four bytes, so that some straddle the index's block boundaries.
        let pieces = ["a", "\u{e9}", "\u{6f22}", "\u{1f42d}", "\n", "bc"];
        let text: String = (0..2000).map(|i| pieces[(i * 7 + i / 5) % pieces.len()]).collect();
        // The text cut at a multiple of the block too, so that its end starts a block.
        let cut = text.char_indices().map(|(i, _)| i).rev().find(|i| i % BLOCK == 0).unwrap_or(0);
        assert!(cut > BLOCK, "{cut}");
        for text in [text.clone(), text[..cut].to_string()] {
            check_columns(&text);
        }
    }

    fn check_columns(text: &str) {
        let f = SourceFile::new("t", text.to_string());
        for offset in 0..=text.len() + 1 {
            let o = offset.min(text.len());
            let start = text.as_bytes()[..o].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let line = text.as_bytes()[..o].iter().filter(|&&b| b == b'\n').count() + 1;
            let column = text.get(start..o).map_or(o - start, |s| s.chars().count()) + 1;
            assert_eq!(f.line_col(offset), (line, column), "offset {offset}");
        }
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let f = SourceFile::new("t", "ab\n\u{e9}\u{e9}x\n".to_string());
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(7), (2, 3));
        assert_eq!(f.line_col(100), (3, 1));
    }
}

#[cfg(test)]
mod schema_tests {
    use super::*;

    #[test]
    fn the_json_records_refuse_unknown_fields_and_other_types() {
        let ok =
            r#"{"type":"summary","files":1,"games":1,"errors":0,"warnings":0,"notes":0,"unreadable":0,"seconds":0.5}"#;
        assert!(serde_json::from_str::<JsonSummary>(ok).is_ok());
        let extra = r#"{"type":"summary","files":1,"games":1,"errors":0,"warnings":0,"notes":0,"unreadable":0,"seconds":0.5,"x":1}"#;
        assert!(serde_json::from_str::<JsonSummary>(extra).is_err());
        assert!(serde_json::from_str::<JsonDiagnostic>(ok).is_err());
    }
}
