//! Rendering diagnostics against their source: `human` (miette's graphical report), `short`
//! (`file:line:col: severity[code]: message`) and `json` (JSON Lines, schema in [`JsonDiagnostic`]).

use super::{Diagnostic, Severity, Tally};
use crate::model::Span;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// A source text with its name and an index of line starts, for turning spans into lines and
/// columns. The index is built when a position is first asked for: a clean log never needs it.
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: OnceLock<Vec<usize>>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: String) -> SourceFile {
        SourceFile { name: name.into(), text, line_starts: OnceLock::new() }
    }

    /// The 1-based line and 1-based column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line_starts = self
            .line_starts
            .get_or_init(|| std::iter::once(0).chain(self.text.match_indices('\n').map(|(i, _)| i + 1)).collect());
        // The first start is 0, at or before any offset.
        let line = line_starts.partition_point(|&s| s <= offset).saturating_sub(1);
        let start = line_starts.get(line).copied().unwrap_or(0);
        let column = self.text.get(start..offset).map_or(offset - start, |s| s.chars().count());
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
    /// The wall-clock time of the run.
    pub seconds: f64,
}

impl JsonSummary {
    pub fn new(files: usize, games: usize, tally: Tally, seconds: f64) -> JsonSummary {
        JsonSummary {
            kind: RecordType::Summary,
            files,
            games,
            errors: tally.errors,
            warnings: tally.warnings,
            notes: tally.notes,
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
        rule: d.code.rule().to_string(),
    };
    // A struct of strings and integers always serialises.
    serde_json::to_string(&record).unwrap_or_default()
}

pub fn short(file: &SourceFile, d: &Diagnostic) -> String {
    let (line, column) = file.line_col(d.span.start as usize);
    format!("{}:{line}:{column}: {}[{}]: {}", file.name, d.severity().keyword(), d.code.id(), d.message)
}

/// Options for the graphical report.
#[derive(Clone, Copy, Debug)]
pub struct HumanStyle {
    pub color: bool,
    pub width: usize,
}

pub fn human(file: &SourceFile, d: &Diagnostic, style: HumanStyle) -> String {
    let theme = if style.color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(style.width).with_links(false);
    let report = Report { d, source: NamedSource::new(&file.name, file.text.clone()) };
    let mut out = String::new();
    // Writing into a String cannot fail; a renderer error would only lose this one report.
    let _ = handler.render_report(&mut out, &report);
    out
}

struct Report<'a> {
    d: &'a Diagnostic,
    source: NamedSource<String>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
    }
}

impl std::error::Error for Report<'_> {}

fn source_span(span: Span) -> SourceSpan {
    SourceSpan::new((span.start as usize).into(), span.len())
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
        let rule = self.d.code.rule();
        Some(match &self.d.help {
            Some(h) => Box::new(format!("{h}\nrule: {rule}")),
            None => Box::new(format!("rule: {rule}")),
        })
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let primary = LabeledSpan::new_primary_with_span(self.d.label.clone(), source_span(self.d.span));
        let related = self.d.related.iter().map(|(s, l)| LabeledSpan::new_with_span(Some(l.clone()), source_span(*s)));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let ok = r#"{"type":"summary","files":1,"games":1,"errors":0,"warnings":0,"notes":0,"seconds":0.5}"#;
        assert!(serde_json::from_str::<JsonSummary>(ok).is_ok());
        let extra = r#"{"type":"summary","files":1,"games":1,"errors":0,"warnings":0,"notes":0,"seconds":0.5,"x":1}"#;
        assert!(serde_json::from_str::<JsonSummary>(extra).is_err());
        assert!(serde_json::from_str::<JsonDiagnostic>(ok).is_err());
    }
}
