//! Helpers shared by the integration tests: reading fixtures, extracting example blocks from
//! Markdown, rendering diagnostics the way the expected files hold them.

#![allow(dead_code)]

pub mod redact;
pub mod written;

use std::path::{Path, PathBuf};
use tribbles::diagnostics::render::{self, HumanStyle};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The fenced code blocks of a Markdown text whose info string is one of `infos` (`""` for a
/// bare fence), with the line each starts on.
pub fn code_blocks(markdown: &str, infos: &[&str]) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (n, line) in markdown.lines().enumerate() {
        if let Some(info) = line.strip_prefix("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None if infos.contains(&info.trim()) => current = Some((n + 2, String::new())),
                None => current = Some((usize::MAX, String::new())),
            }
            continue;
        }
        if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    blocks.retain(|(start, _)| *start != usize::MAX);
    blocks
}

/// Every `*.tlog` below `dir`, sorted.
pub fn tlogs(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "tlog") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The errors and warnings among diagnostics, as `CODE: message` lines (notes are left out).
pub fn flagged(diags: &[tribbles::diagnostics::Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.severity() != tribbles::diagnostics::Severity::Note)
        .map(|d| format!("{}: {}", d.code.id(), d.message))
        .collect()
}

/// What a log's text flags (its errors and warnings), the table-size warning aside: the simulator
/// plays tables of two and three, which TCC 2.1 does not allow.
pub fn flags(text: &str) -> Vec<String> {
    let (_, diags) = tribbles::check_bytes("log", text.as_bytes());
    flagged(&diags).into_iter().filter(|d| !d.starts_with("R0101")).collect()
}

/// A log's notes: what the referee says it could not check.
pub fn notes(text: &str) -> Vec<String> {
    let (_, diags) = tribbles::check_bytes("log", text.as_bytes());
    diags
        .iter()
        .filter(|d| d.severity() == tribbles::diagnostics::Severity::Note)
        .map(|d| format!("{}: {}", d.code.id(), d.message))
        .collect()
}

/// The path relative to the crate root, with `/`, for stable rendered output.
pub fn relative(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

/// All diagnostics of a file rendered as `tribbles check --color never --width 80` prints them.
pub fn render_file(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (file, diags) = tribbles::check_bytes(relative(path), &bytes);
    diags.iter().map(|d| render::human(&file, d, HumanStyle { color: false, width: 80 })).collect()
}

/// Compares `actual` with the file at `expected`, or rewrites the file when TRIBBLES_BLESS is set.
pub fn assert_matches_file(actual: &str, expected: &Path) {
    if std::env::var_os("TRIBBLES_BLESS").is_some() {
        std::fs::write(expected, actual).unwrap_or_else(|e| panic!("{}: {e}", expected.display()));
        return;
    }
    let want = std::fs::read_to_string(expected)
        .unwrap_or_else(|e| panic!("{}: {e} (run with TRIBBLES_BLESS=1 to create it)", expected.display()));
    assert_eq!(actual, want, "{} differs (TRIBBLES_BLESS=1 rewrites it after review)", expected.display());
}

/// A fixed xorshift generator, so that a test draws the same numbers on every run.
pub struct Xorshift(pub u64);

impl Xorshift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (below 1 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True with probability `percent` in 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Game `k` of the redaction, written-lines and position sweeps, as the simulator writes it: 2 to
/// 8 players, both rulesets, with and without troubles, and 1 to 8 rounds, or 10 to 20 for a long
/// game (`TRIBBLES_SWEEP_LONG`: [`sweep_long`]). Long games run decks short: players are decked at
/// the deal and sit rounds out, where rulings R2 and R33 apply.
pub fn sweep_game(k: u64, long: bool) -> String {
    use tribbles::sim::{Options, simulate};
    let mut o = Options::new(2 + (k % 7) as usize, k);
    if k % 3 == 0 {
        o.ruleset = tribbles::model::log::Ruleset::Decipher2000;
    }
    o.troubles = k % 2 == 0;
    o.rounds = if long { 10 + (k * 7 % 11) as u32 } else { 1 + (k * 7 % 8) as u32 };
    simulate(&o)
}

/// Whether the sweeps play long games ([`sweep_game`]): `TRIBBLES_SWEEP_LONG` is set.
pub fn sweep_long() -> bool {
    std::env::var_os("TRIBBLES_SWEEP_LONG").is_some()
}

/// The range of games a sweep runs: the environment variable `var` as `FROM..TO`, else `default`.
pub fn games(var: &str, default: std::ops::Range<u64>) -> std::ops::Range<u64> {
    match std::env::var(var) {
        Ok(range) => {
            let (from, to) = range.split_once("..").unwrap_or_else(|| panic!("{var} is FROM..TO"));
            from.parse::<u64>().expect("a game number")..to.parse::<u64>().expect("a game number")
        }
        Err(_) => default,
    }
}
