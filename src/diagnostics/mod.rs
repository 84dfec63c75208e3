//! Diagnostics: the typed [`Diagnostic`] every stage returns, the code registry, and the
//! renderers (`human`, `short`, `json`). Library code never builds a `miette::Report`.

mod codes;
pub mod render;
pub mod visible;

pub use crate::model::log::Severity;
pub use codes::{Code, Explanation};

use crate::model::Span;

/// One finding, located in the source by spans. The source text itself is attached only when
/// rendering.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub code: Code,
    pub span: Span,
    pub message: String,
    /// What the rules or the format expected, shown under the span.
    pub label: Option<String>,
    pub help: Option<String>,
    /// Other places that matter: the card that set the chain, the turn that emptied the deck.
    pub related: Vec<(Span, String)>,
    /// The rule this finding rests on, where it is narrower than its code's (a mis-resolution
    /// cites the power that resolved: `TCC 2.1, Tribble Powers: BATTLE`).
    pub rule: Option<&'static str>,
}

impl Diagnostic {
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { code, span, message: message.into(), label: None, help: None, related: Vec::new(), rule: None }
    }

    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Cites a narrower rule than the code's.
    pub fn cites(mut self, rule: &'static str) -> Diagnostic {
        self.rule = Some(rule);
        self
    }

    pub fn related(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.related.push((span, label.into()));
        self
    }

    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// Whether it is a syntax error, which keeps the rules from being checked: an error of the
    /// parser's own codes (a name the `players:` line misspelt, R0109, or a player it left out,
    /// R0110, is the rules' kind: the log is read with the name, and checked).
    pub fn is_syntax_error(&self) -> bool {
        self.severity() == Severity::Error && self.code.id().starts_with('S')
    }

    /// The rule it rests on: its own, else its code's.
    pub fn rule(&self) -> &'static str {
        self.rule.unwrap_or_else(|| self.code.rule())
    }
}

/// How many diagnostics of each severity a run produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

impl Tally {
    pub fn add(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }
}

/// The `s` that follows a noun counted `n` times in a message: `1 card`, `2 cards`.
pub fn plural<N: PartialEq + From<u8>>(n: N) -> &'static str {
    if n == N::from(1) { "" } else { "s" }
}

/// The closest candidate to `word` by edit distance, when it is close enough to be a likely typo.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(&lower, &c.to_lowercase());
        let limit = (c.chars().count().max(word.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The Levenshtein distance between `a` and `b`, in characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb { prev } else { 1 + prev.min(row[j]).min(row[j + 1]) };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_ids_are_unique_and_explained() {
        let mut ids: Vec<&str> = Code::ALL.iter().map(|c| c.id()).collect();
        ids.sort();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate code id");
        for c in Code::ALL {
            let e = c.explanation();
            assert!(!e.summary.is_empty() && !e.text.is_empty() && !e.rule.is_empty(), "{}", c.id());
            assert!(e.text.contains("Fix"), "{} explains no fix", c.id());
            assert_eq!(Code::from_id(c.id()), Some(*c));
        }
    }

    #[test]
    fn did_you_mean_finds_typos_but_not_strangers() {
        let powers = ["Poison", "Go", "Skip"];
        assert_eq!(did_you_mean("Poisen", powers), Some("Poison"));
        assert_eq!(did_you_mean("poison", powers), Some("Poison"));
        assert_eq!(did_you_mean("Kindness", powers), None);
    }
}
