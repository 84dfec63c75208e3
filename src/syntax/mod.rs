//! Text to syntax: [`parse`] turns a table log into a [`Log`] and diagnostics. It never fails as a
//! whole: a bad line becomes a diagnostic and parsing resumes at the next line. No nom type leaves
//! this module.

mod event;
mod lines;
mod position;
pub mod print;
mod step;
mod token;

use crate::diagnostics::visible::{invisible_code_points, is_invisible};
use crate::diagnostics::{Code, Diagnostic, Severity, did_you_mean};
use crate::model::log::{Line, LineKind, Ruleset, Steps, TextTag, Turn};
use crate::model::{MAX_PLAYERS, Names, PlayerId, Span};
use nom::Parser;
use nom::character::complete::{space0, space1};
use std::cell::RefCell;
use token::{Cx, PErr, R, fail, kw, name, number, sep, token_len};

/// The largest source the reader accepts; spans are 32-bit.
pub const MAX_SOURCE: usize = 1 << 30;

/// The UTF-8 byte-order mark some editors write at the start of a file. It says nothing about the
/// log, so the reader drops it (ruling F16): spans, lines and columns count from the text after it.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads bytes as a log: a leading [`BOM`] is dropped, and invalid UTF-8 is a diagnostic and is
/// read as U+FFFD, so spans and rendering use the returned text.
pub fn parse_bytes(bytes: &[u8]) -> (String, Log, Vec<Diagnostic>) {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    if bytes.len() > MAX_SOURCE {
        let d = Diagnostic::new(Code::SourceTooLarge, Span::new(0, 0), format!("the file has {} bytes", bytes.len()))
            .label("too large")
            .help("split the file into one log per game");
        return (String::new(), Log::default(), vec![d]);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => {
            let (log, diags) = parse(text);
            (text.to_string(), log, diags)
        }
        Err(e) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let at = e.valid_up_to();
            let (log, mut diags) = parse(&text);
            let width = text[at..].chars().next().map_or(0, char::len_utf8);
            diags.insert(
                0,
                Diagnostic::new(Code::InvalidUtf8, Span::new(at, at + width), "the file is not valid UTF-8")
                    .label("this byte is not UTF-8")
                    .help("save the log as UTF-8; the rest of the file is checked with bad bytes read as U+FFFD"),
            );
            (text, log, diags)
        }
    }
}

/// As [`parse_bytes`], taking the bytes: valid UTF-8 becomes the returned text without a copy.
pub fn parse_owned(mut bytes: Vec<u8>) -> (String, Log, Vec<Diagnostic>) {
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    match String::from_utf8(bytes) {
        Ok(text) if text.len() <= MAX_SOURCE => {
            let (log, diags) = parse(&text);
            (text, log, diags)
        }
        Ok(text) => parse_bytes(text.as_bytes()),
        Err(e) => parse_bytes(e.as_bytes()),
    }
}

pub use crate::model::log::Log;

/// Parses a log. Where names the `players:` line does not declare are each named twice or more
/// and one letter or case off a declared name, and the log read with the line spelling them so
/// has fewer errors and names no undeclared player, the line misspelt them: the log is read so,
/// and each name reported once (R0109, ruling R4). Otherwise a name named on one or two lines that
/// misspells one declared name alone is read as it where it stands, each place reported (R0111);
/// and where one name left, like no declared one, is named twice or more and takes a turn, and
/// the log read with the line declaring it last has fewer errors and names nobody undeclared, the
/// line left the player out: the log is read so, the player reported once (R0110), and the
/// referee seats the player where the turns show.
pub fn parse(text: &str) -> (Log, Vec<Diagnostic>) {
    let (log, diags, unknown) = parse_with(text, NameReading::default());
    if unknown.is_empty() || log.names.is_empty() {
        return (log, diags);
    }
    if let Some(read) = misspelt(&log, &diags, &unknown).and_then(|renames| read_misspelt(text, renames, &diags)) {
        return read;
    }
    let aliases: Vec<(String, PlayerId)> = unknown
        .iter()
        .filter(|u| named_undeclared(&diags, u) <= 2)
        .filter_map(|u| Some((u.clone(), misspells(u, &log.names)?)))
        .collect();
    let rest: Vec<&String> = unknown.iter().filter(|u| !aliases.iter().any(|(a, _)| a == *u)).collect();
    if let [u] = rest.as_slice() {
        if let Some(read) = read_left_out(text, &log, &diags, u, &aliases) {
            return read;
        }
    }
    if aliases.is_empty() {
        return (log, diags);
    }
    let (read, read_diags, _) = parse_with(text, NameReading { aliases, ..NameReading::default() });
    (read, read_diags)
}

/// The one declared player `name` misspells: its case, two letters swapped, or one letter off
/// (in any case), where no other declared name is as close.
fn misspells(name: &str, names: &Names) -> Option<PlayerId> {
    let lower = name.to_lowercase();
    let mut close = names.ids().filter(|&p| {
        let d = names.get(p);
        transposed(d, name) || crate::diagnostics::edit_distance(&lower, &d.to_lowercase()) <= 1
    });
    let first = close.next()?;
    close.next().is_none().then_some(first)
}

/// How many lines report `name` undeclared.
fn named_undeclared(diags: &[Diagnostic], name: &str) -> usize {
    let named = format!("`{name}` is not");
    diags.iter().filter(|d| d.code == Code::UnknownPlayer && d.message.starts_with(&named)).count()
}

/// The errors among `diags`.
fn errors(diags: &[Diagnostic]) -> usize {
    diags.iter().filter(|d| d.severity() == Severity::Error).count()
}

/// The declared name `name` is a slip of: its case, two letters swapped, or one letter off.
fn slip_of<'n>(name: &str, declared: &[&'n str]) -> Option<&'n str> {
    let same_case = declared.iter().find(|d| d.eq_ignore_ascii_case(name) || transposed(d, name)).copied();
    same_case.or_else(|| did_you_mean(name, declared.iter().copied()))
}

/// The names of the `players:` line to read as others (written, read), where every undeclared
/// name is named twice or more and a slip of a declared one, each of a different one.
fn misspelt(log: &Log, diags: &[Diagnostic], unknown: &[String]) -> Option<Vec<(String, String)>> {
    let declared: Vec<&str> = log.names.0.iter().map(String::as_str).collect();
    let mut renames: Vec<(String, String)> = Vec::new();
    for u in unknown {
        // Named once, the name is as likely the slip as the line: the line is taken as written.
        if named_undeclared(diags, u) < 2 {
            return None;
        }
        let d = slip_of(u, &declared)?;
        if renames.iter().any(|(w, _)| w == d) {
            return None;
        }
        renames.push((d.to_string(), u.clone()));
    }
    Some(renames)
}

/// The log read with the `players:` line's names renamed, where it then names nobody undeclared
/// and has fewer errors; each name renamed reported at its place in the line.
fn read_misspelt(text: &str, renames: Vec<(String, String)>, diags: &[Diagnostic]) -> Option<(Log, Vec<Diagnostic>)> {
    let (read, mut read_diags, still) =
        parse_with(text, NameReading { renames: renames.clone(), ..NameReading::default() });
    if !still.is_empty() || errors(&read_diags) >= errors(diags) {
        return None;
    }
    let line = read.lines.iter().find(|l| matches!(l.kind, LineKind::Players(_)))?;
    let at = line.span.start as usize;
    let written = text.get(at..line.span.end as usize).unwrap_or("");
    for (w, r) in &renames {
        // The written name's place in the line (its first whole-word match), or the line.
        let place = written
            .match_indices(w.as_str())
            .find(|(i, _)| {
                let before = written[..*i].chars().next_back();
                let after = written[i + w.len()..].chars().next();
                !before.is_some_and(is_name_char) && !after.is_some_and(is_name_char)
            })
            .map_or(line.span, |(i, _)| Span::new(at + i, at + i + w.len()));
        read_diags.push(
            Diagnostic::new(Code::PlayerMisspelt, place, format!("`{w}` is named `{r}` everywhere else"))
                .label(format!("read as `{r}`"))
                .help(format!(
                    "the log names `{r}`, whom `players:` does not declare, and `{w}` nowhere else: the line \
                     seems to misspell the name, and the log is read with `{r}` in its place"
                )),
        );
    }
    read_diags.sort_by_key(|d| d.span.start);
    Some((read, read_diags))
}

/// The log read with the one undeclared name, named twice or more and no slip of a declared name,
/// seated last by the `players:` line (not a `position` block's), where it then names nobody
/// undeclared, has fewer errors and the player takes a turn; the line reported once.
fn read_left_out(
    text: &str,
    log: &Log,
    diags: &[Diagnostic],
    u: &str,
    aliases: &[(String, PlayerId)],
) -> Option<(Log, Vec<Diagnostic>)> {
    let declared: Vec<&str> = log.names.0.iter().map(String::as_str).collect();
    let named = named_undeclared(diags, u);
    if named < 2 || slip_of(u, &declared).is_some() || declared.len() >= MAX_PLAYERS {
        return None;
    }
    if log.lines.iter().any(|l| matches!(l.kind, LineKind::PositionStart)) {
        return None;
    }
    let reading = NameReading { added: Some(u.to_string()), aliases: aliases.to_vec(), ..NameReading::default() };
    let (mut read, mut read_diags, still) = parse_with(text, reading);
    if !still.is_empty() || errors(&read_diags) >= errors(diags) {
        return None;
    }
    // A name no turn is taken by may be someone away from the table, named by mistake.
    let added = read.names.find(u)?;
    read.lines.iter().find(|l| matches!(&l.kind, LineKind::Turn(t) if t.player == added))?;
    let line = read.lines.iter().find(|l| matches!(l.kind, LineKind::Players(_)))?;
    let last = declared.last().map_or(String::new(), |n| crate::model::display_name(n).into_owned());
    let shown = crate::model::display_name(u);
    read_diags.push(
        Diagnostic::new(Code::PlayerLeftOut, line.span, format!("`players:` leaves out {shown}"))
            .label(format!("no {shown}, named on {named} lines"))
            .help(format!(
                "the log names {shown} as a player throughout, and the line declares {shown} nowhere: it seems \
                 to leave the player out, and the log is read with {shown} seated last, after {last}"
            )),
    );
    read_diags.sort_by_key(|d| d.span.start);
    read.added = Some(added);
    Some((read, read_diags))
}

/// Whether `a` is `b` with two letters next to each other swapped.
fn transposed(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let differ: Vec<usize> = (0..a.len().min(b.len())).filter(|&i| a[i] != b[i]).collect();
    a.len() == b.len() && matches!(differ.as_slice(), [i, j] if *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i])
}

/// Whether `c` may stand in a bare name.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '\'')
}

/// How [`parse`] reads the names of a log whose `players:` line does not declare them all.
#[derive(Default)]
struct NameReading {
    /// Names of the `players:` line read as others: (written, read).
    renames: Vec<(String, String)>,
    /// A name read at the line's end.
    added: Option<String>,
    /// Undeclared names read as the declared player each misspells.
    aliases: Vec<(String, PlayerId)>,
}

/// [`parse`] with the names read so, and the names a declared table did not know.
fn parse_with(text: &str, reading: NameReading) -> (Log, Vec<Diagnostic>, Vec<String>) {
    let mut p = LineParser {
        cx: Cx {
            src: text,
            names: RefCell::new(Names::default()),
            warnings: RefCell::new(Vec::new()),
            implicit: std::cell::Cell::new(false),
            tag_named: std::cell::Cell::new(0),
            unknown: RefCell::new(Vec::new()),
            renames: reading.renames,
            added: reading.added,
            aliases: reading.aliases,
        },
        // About one line per 32 bytes: most logs' lines are longer, so the list rarely grows.
        lines: Vec::with_capacity(text.len() / 32 + 8),
        diags: Vec::new(),
        anchor: Anchor::None,
        seen_round: false,
        position: None,
        blank_before: false,
        stray: None,
    };
    for raw in lines::split(text) {
        p.line(&raw);
        p.diags.append(&mut p.cx.warnings.borrow_mut());
    }
    if let Some(span) = p.position {
        p.diags.push(
            Diagnostic::new(Code::UnclosedPosition, span, "the position block has no `end`")
                .label("opened here")
                .help("close the block with a line `end`"),
        );
    }
    (Log { names: p.cx.names.into_inner(), lines: p.lines, added: None }, p.diags, p.cx.unknown.into_inner())
}

/// What an indented line belongs to.
#[derive(Clone, Copy, PartialEq)]
enum Anchor {
    None,
    /// The index in `lines` of the deck line, or `None` if the deck line itself was bad.
    Deck(Option<usize>),
    Turn,
}

struct LineParser<'s> {
    cx: Cx<'s>,
    lines: Vec<Line>,
    diags: Vec<Diagnostic>,
    anchor: Anchor,
    seen_round: bool,
    /// The span of an open `position` line.
    position: Option<Span>,
    blank_before: bool,
    /// The last report of a run of resolution lines under no turn: its index in `diags`, how
    /// many lines were read before it, and how many lines it covers.
    stray: Option<(usize, usize, u32)>,
}

/// The message a line gives when nom backtracked without saying why.
struct Expected {
    code: Code,
    what: &'static str,
}

impl<'s> LineParser<'s> {
    fn line(&mut self, raw: &lines::RawLine<'s>) {
        if raw.is_blank() {
            self.blank_before = !self.lines.is_empty();
            return;
        }
        let comment = raw.comment.map(str::to_string);
        if raw.content.is_empty() {
            let span = self.cx.span_of(raw.full.trim());
            self.push(LineKind::Comment { indented: raw.indent > 0 }, span, comment);
            return;
        }
        let c = raw.content;
        let span = self.cx.span_of(c);
        if self.position.is_some() {
            if raw.indent > 0 {
                let expected = Expected { code: Code::BadPosition, what: "a position line" };
                if let Some(kind) = self.run(c, expected, |cx, i| cx.position_line(i)) {
                    self.push(kind, span, comment);
                }
                return;
            }
            if kw("end")(c).is_ok_and(|(r, _)| r.is_empty()) {
                self.position = None;
                self.push(LineKind::PositionEnd, span, comment);
                return;
            }
            let open = self.position.take().unwrap_or(span);
            self.diags.push(
                Diagnostic::new(Code::UnclosedPosition, open, "the position block has no `end`")
                    .label("opened here")
                    .related(span, "this line is outside the block")
                    .help("close the block with a line `end` before this line, or indent the line"),
            );
        }
        if raw.indent > 0 {
            self.indented(c, span, comment);
            return;
        }
        self.anchor = Anchor::None;
        let expected = Expected {
            code: Code::UnknownLine,
            what: "a keyword (`round`, `hand`, `deck`, `expect`, …), a header tag, or a turn `Player: steps`",
        };
        if let Some(kind) = self.run(c, expected, |cx, i| top_level(cx, i)) {
            self.after_top_level(kind, span, comment);
        } else if looks_like_turn(c) {
            self.anchor = Anchor::Turn;
        } else if kw("deck")(c).is_ok() {
            self.anchor = Anchor::Deck(None);
        }
    }

    fn after_top_level(&mut self, kind: LineKind, span: Span, comment: Option<String>) {
        match &kind {
            LineKind::Turn(_) => self.anchor = Anchor::Turn,
            LineKind::Deck { .. } => self.anchor = Anchor::Deck(Some(self.lines.len())),
            LineKind::Round(_) => self.seen_round = true,
            LineKind::PositionStart => self.position = Some(span),
            LineKind::Version(v) if *v != 1 => self.diags.push(
                Diagnostic::new(Code::UnsupportedVersion, span, format!("format {v} is not supported"))
                    .label("this referee reads format 1")
                    .help("the rest of the log is read as format 1"),
            ),
            _ => {}
        }
        let header_only = matches!(
            kind,
            LineKind::Version(_)
                | LineKind::Text { .. }
                | LineKind::UnknownTag { .. }
                | LineKind::Ruleset(_)
                | LineKind::Troubles(_)
                | LineKind::TroubleCard(_)
                | LineKind::Rounds(_)
                | LineKind::Players(_)
                | LineKind::Deck { .. }
        );
        if header_only && self.seen_round {
            self.diags.push(
                Diagnostic::new(Code::MisplacedLine, span, "a header line after the first round")
                    .label("header lines come before `round 1`")
                    .help("move this line into the header at the top of the log"),
            );
        }
        self.push(kind, span, comment);
    }

    fn indented(&mut self, c: &'s str, span: Span, comment: Option<String>) {
        // `expect` and `then` are tried only on a line that starts as they do: most indented
        // lines are resolution lines, which start with a player's name.
        let first = c.as_bytes().first().map(u8::to_ascii_lowercase);
        if first == Some(b'e') {
            if let Ok((rest, _)) = (kw("expect"), space1::<&str, PErr>).parse(c) {
                let expected = Expected { code: Code::BadExpect, what: "an expectation" };
                if let Some(e) = self.run(rest, expected, |cx, i| cx.expectation(i)) {
                    self.push(LineKind::Expect(e), span, comment);
                }
                return;
            }
        }
        match self.anchor {
            Anchor::Deck(index) => {
                let expected = Expected { code: Code::BadCard, what: "more cards of the decklist" };
                let Some(cards) = self.run(c, expected, |cx, i| cx.deck_cards(i)) else { return };
                let Some(line) = index.and_then(|i| self.lines.get_mut(i)) else { return };
                if let LineKind::Deck { cards: list, .. } = &mut line.kind {
                    list.extend(cards);
                }
                line.span = line.span.to(span);
                if let Some(more) = comment {
                    line.comment = Some(match line.comment.take() {
                        Some(first) => format!("{first} #{more}"),
                        None => more,
                    });
                }
            }
            Anchor::Turn => {
                if first == Some(b't') {
                    if let Ok((rest, _)) = (kw("then"), space1::<&str, PErr>).parse(c) {
                        let expected = Expected { code: Code::BadStep, what: "a step after `then`" };
                        if let Some(step) = self.run(rest, expected, |cx, i| cx.step(i)) {
                            self.push(LineKind::Then(step), span, comment);
                        }
                        return;
                    }
                }
                let expected = Expected { code: Code::BadResolution, what: "a resolution line" };
                if let Some(e) = self.run(c, expected, |cx, i| cx.event(i)) {
                    self.push(LineKind::Resolution(e), span, comment);
                }
            }
            Anchor::None => self.stray(c, span),
        }
    }

    /// An indented line with nothing above it to belong to. One that reads as a resolution line
    /// most likely lost its turn line (a round's first turn left out); the lines of such a run
    /// are reported once.
    fn stray(&mut self, c: &'s str, span: Span) {
        let resolution = self.cx.event(c).is_ok_and(|(rest, _)| rest.trim().is_empty());
        if !resolution {
            self.stray = None;
            self.diags.push(
                Diagnostic::new(Code::StrayIndent, span, "an indented line with nothing above it to belong to")
                    .label("indented")
                    .help("indent only resolution lines under a turn, decklist continuations and position lines"),
            );
            return;
        }
        // The line before was one of a run of them: the run's report grows.
        if let Some((at, lines, n)) =
            self.stray.filter(|&(at, lines, _)| at + 1 == self.diags.len() && lines == self.lines.len())
        {
            let d = &mut self.diags[at];
            d.span = d.span.to(span);
            d.message = format!("{} resolution lines with no turn above them", n + 1);
            d.label = Some("resolution lines under no turn".to_string());
            d.help = Some(stray_help("them"));
            self.stray = Some((at, lines, n + 1));
            return;
        }
        self.stray = Some((self.diags.len(), self.lines.len(), 1));
        self.diags.push(
            Diagnostic::new(Code::StrayIndent, span, "a resolution line with no turn above it")
                .label("a resolution line under no turn")
                .help(stray_help("it")),
        );
    }

    /// Runs a line parser that must consume the whole input; a failure becomes a diagnostic.
    fn run<T>(
        &mut self,
        input: &'s str,
        expected: Expected,
        f: impl FnOnce(&Cx<'s>, &'s str) -> R<'s, T>,
    ) -> Option<T> {
        let result = f(&self.cx, input);
        let err = match result {
            Ok((rest, value)) => {
                let rest_trimmed = rest.trim_start();
                if rest_trimmed.is_empty() {
                    return Some(value);
                }
                PErr { at: rest_trimmed, len: token_len(rest_trimmed), detail: None }
            }
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => e,
            Err(nom::Err::Incomplete(_)) => PErr { at: input, len: input.len(), detail: None },
        };
        let start = self.cx.offset(err.at);
        let len = if err.len == 0 { token_len(err.at) } else { err.len };
        let span = Span::new(start, start + len);
        let d = match err.detail {
            Some(d) => {
                let mut diag = Diagnostic::new(d.code, span, d.message);
                diag.label = d.label.or_else(|| Some(format!("expected {}", expected.what)));
                diag.help = d.help;
                diag
            }
            None => {
                let found = &err.at[..len.min(err.at.len())];
                let message = if found.is_empty() {
                    format!("the line ends where {} was expected", expected.what)
                } else {
                    format!("unexpected `{found}`")
                };
                Diagnostic::new(expected.code, span, message).label(format!("expected {}", expected.what))
            }
        };
        self.diags.push(d);
        None
    }

    fn push(&mut self, kind: LineKind, span: Span, comment: Option<String>) {
        self.lines.push(Line { kind, span, comment, blank_before: std::mem::take(&mut self.blank_before) });
    }
}

/// The help for resolution lines under no turn (`it` or `them`).
fn stray_help(them: &str) -> String {
    format!(
        "resolution lines sit under the turn that made them happen: if a turn line was left out above {them}, \
         write it in (the rules are checked once the syntax is whole)"
    )
}

/// `Name:` at the start of a line (bare or quoted), which is how a turn starts.
fn looks_like_turn(c: &str) -> bool {
    (name, space0::<&str, PErr>, nom::character::complete::char(':')).parse(c).is_ok()
}

/// The unindented lines.
fn top_level<'a>(cx: &Cx<'_>, i: &'a str) -> R<'a, LineKind> {
    // Most lines are turns, `Name: steps`: a declared player's bare name right before `:` that
    // is no tag, which no keyword below can match (each needs a space or the line's end after it).
    let named = token::ascii_word_colon(i).or_else(|| {
        let (r, w) = token::word(i).ok()?;
        Some((w, r.strip_prefix(':')?))
    });
    if let Some((w, after)) = named {
        if let Some(player) = cx.find(w) {
            if !cx.implicit.get() && !cx.is_tag_named(player) {
                let r = token::blanks(after);
                return turn(cx, r, player, cx.span(i, &i[w.len()..]));
            }
        }
    }
    if let Ok((r, _)) = (kw("tribbles-log"), space1::<&str, PErr>).parse(i) {
        let (r, v) = number(r)?;
        return Ok((r, LineKind::Version(u32::try_from(v).unwrap_or(u32::MAX))));
    }
    if let Ok((r, _)) = (kw("round"), space1::<&str, PErr>).parse(i) {
        let (r, n) = number(r)?;
        return match u32::try_from(n) {
            Ok(n) if n >= 1 => Ok((r, LineKind::Round(n))),
            _ => fail(i, Code::BadNumber, "rounds are numbered from 1"),
        };
    }
    if kw("position")(i).is_ok_and(|(r, _)| r.is_empty()) {
        return Ok(("", LineKind::PositionStart));
    }
    if kw("end")(i).is_ok_and(|(r, _)| r.is_empty()) {
        return token::fail_with(
            i,
            3,
            Code::MisplacedLine,
            "`end` with no open position block",
            "nothing to end",
            Some("`end` closes a block opened by `position`".into()),
        );
    }
    if let Ok((r, _)) = (kw("expect"), space1::<&str, PErr>).parse(i) {
        let (r, e) = cx.expectation(r)?;
        return Ok((r, LineKind::Expect(e)));
    }
    if let Ok((r, _)) = (kw("deck"), space1::<&str, PErr>).parse(i) {
        let (r, player) = cx.player(r)?;
        let (r, _) = sep(':')(r).or_else(|_| fail(r, Code::BadCard, "expected `:` after the player's name"))?;
        let (r, cards) = cx.deck_cards(r)?;
        return Ok((r, LineKind::Deck { player, cards }));
    }
    if let Ok((r, _)) = (kw("hand"), space1::<&str, PErr>).parse(i) {
        let (r, player) = cx.player(r)?;
        let (r, _) = sep(':')(r).or_else(|_| fail(r, Code::BadCard, "expected `:` after the player's name"))?;
        let (r, cards) = cx.card_list(r)?;
        return Ok((r, LineKind::Hand { player, cards }));
    }
    for (word, make) in
        [("mulligan", LineKind::Mulligan as fn(_) -> LineKind), ("safety", LineKind::Safety as fn(_) -> LineKind)]
    {
        if let Ok((r, _)) = (kw(word), space1::<&str, PErr>).parse(i) {
            let (r, p) = cx.player(r)?;
            return Ok((r, make(p)));
        }
    }
    if let Ok((r, _)) = (kw("reseat"), space1::<&str, PErr>).parse(i) {
        let (r, list) = cx.player_list(r)?;
        return Ok((r, LineKind::Reseat(list)));
    }
    if let Ok((r, tag)) = (token::word, space0::<&str, PErr>, nom::character::complete::char(':'), space0).parse(i) {
        if let Some(kind) = tag_line(cx, tag.0, r)? {
            return Ok(("", kind));
        }
    }
    if looks_like_turn(i) {
        let (r, player) = cx.player(i)?;
        let player_span = cx.span(i, r);
        let (r, _) = sep(':')(r)?;
        return turn(cx, r, player, player_span);
    }
    if let Ok((_, first)) = name(i) {
        if cx.find(first).is_some() {
            return token::fail_with(
                i,
                token_len(i),
                Code::UnknownLine,
                "a turn needs `:` after the player's name",
                "expected `:` after this name",
                Some(format!(
                    "write `{first}: 1 Go`; lines such as `{first} plays …` are resolution lines and go indented under a turn"
                )),
            );
        }
    }
    Err(nom::Err::Error(PErr { at: i, len: token_len(i), detail: None }))
}

/// `NAME; miss 10; power Mutate; action lose 100000`: a declared trouble and its shift line.
fn trouble_card<'a>(cx: &Cx<'_>, value: &'a str) -> Result<crate::model::log::TroubleCard, nom::Err<PErr<'a>>> {
    use crate::model::log::{TroubleAction, TroubleCard};
    let mut parts = value.split(';');
    let name = parts.next().unwrap_or("").trim();
    if name.is_empty() {
        return Err(token::failure(value, Code::BadTagValue, "expected the trouble's name, then its shift line"));
    }
    let mut card = TroubleCard { name: name.to_string(), miss: None, power: None, action: None };
    for part in parts {
        let part = part.trim();
        let bad = || {
            token::failure(
                part,
                Code::BadTagValue,
                "a shift line part is `miss 10`, `power Mutate`, `action draw 2` or `action lose 100000`",
            )
        };
        if let Ok((r, _)) = (kw("miss"), space1::<&str, PErr>).parse(part) {
            let (r, n) = number(r)?;
            card.miss =
                Some(crate::model::Denomination::from_value(n).filter(|_| r.trim().is_empty()).ok_or_else(bad)?);
        } else if let Ok((r, _)) = (kw("power"), space1::<&str, PErr>).parse(part) {
            let (r, p) = cx.power_spec(r)?;
            if !r.trim().is_empty() {
                return Err(bad());
            }
            card.power = Some(p);
        } else if let Ok((at, _)) = (kw("action"), space1::<&str, PErr>, kw("draw"), space1::<&str, PErr>).parse(part) {
            let (r, n) = number(at)?;
            if !r.trim().is_empty() {
                return Err(bad());
            }
            let n = token::count_of(n, at)?;
            card.action = Some(TroubleAction::Draw(n));
        } else if let Ok((r, _)) = (kw("action"), space1::<&str, PErr>, kw("lose"), space1::<&str, PErr>).parse(part) {
            let (r, n) = number(r)?;
            if !r.trim().is_empty() {
                return Err(bad());
            }
            card.action = Some(TroubleAction::Lose(crate::model::Points(n)));
        } else {
            return Err(bad());
        }
    }
    Ok(card)
}

/// The tags [`tag_line`] reads, besides the free-text ones.
const TAGS: [&str; 10] =
    ["ruleset", "troubles", "rounds", "players", "first", "trouble", "trouble-card", "points", "totals", "winner"];

/// Whether the word is a tag, in any case.
pub(super) fn is_tag(w: &str) -> bool {
    TextTag::ALL.iter().map(|t| t.keyword()).chain(TAGS).any(|t| t.eq_ignore_ascii_case(w))
}

/// A `tag: value` line; `None` when the word is no tag (so the line is a turn).
fn tag_line<'a>(cx: &Cx<'_>, tag: &'a str, value: &'a str) -> Result<Option<LineKind>, nom::Err<PErr<'a>>> {
    let mut buf = [0u8; 16];
    let owned;
    let lower = match token::ascii_lower(tag, &mut buf) {
        Some(l) => l,
        None => {
            owned = tag.to_ascii_lowercase();
            owned.as_str()
        }
    };
    if let Some(t) = TextTag::ALL.iter().find(|t| t.keyword() == lower) {
        return Ok(Some(LineKind::Text { tag: *t, value: value.to_string() }));
    }
    let kind = match lower {
        "ruleset" => LineKind::Ruleset(ruleset(value)?),
        "troubles" => LineKind::Troubles(on_off(value)?),
        "rounds" => {
            let (r, n) = number(value)?;
            if !r.is_empty() {
                return Err(token::failure(r, Code::BadTagValue, "expected only a number of rounds"));
            }
            match u32::try_from(n) {
                Ok(n) if (1..=1000).contains(&n) => LineKind::Rounds(n),
                _ => {
                    return Err(fail::<()>(value, Code::BadTagValue, "a game has from 1 to 1000 rounds").unwrap_err());
                }
            }
        }
        "players" => LineKind::Players(declare_players(cx, value)?),
        "first" => LineKind::First(full(value, |i| cx.player(i))?),
        "trouble" => LineKind::Trouble(value.to_string()),
        "trouble-card" => LineKind::TroubleCard(trouble_card(cx, value)?),
        "points" => LineKind::Points(full(value, |i| cx.player_points(i))?),
        "totals" => LineKind::Totals(full(value, |i| cx.player_points(i))?),
        "winner" => LineKind::Winner(full(value, |i| cx.player_list(i))?),
        _ => {
            let names = cx.names.borrow();
            let declared = !names.is_empty() && !cx.implicit.get();
            if names.find(tag).is_some() || declared && names.0.iter().any(|n| n.eq_ignore_ascii_case(tag)) {
                return Ok(None);
            }
            drop(names);
            // In a fragment without `players:`, a line that reads as a turn is one.
            if !declared && reads_as_turn(cx, value) {
                return Ok(None);
            }
            let seen_players = declared;
            let tags =
                ["event", "date", "site", "table", "note", "scorekeeper", "ruleset", "troubles", "rounds", "players"];
            let suggestion = did_you_mean(tag, tags).or_else(|| tag_synonym(tag));
            if !seen_players || suggestion.is_some() {
                let help = match suggestion {
                    Some(s) => format!("did you mean `{s}:`? The line is kept but means nothing to the referee"),
                    None => "the free-text tags are `event`, `date`, `site`, `table`, `note` and `scorekeeper`; \
                             the line is kept but means nothing to the referee"
                        .to_string(),
                };
                cx.warn(
                    Diagnostic::new(Code::UnknownTag, cx.span_of(tag), format!("`{tag}` is not a header tag"))
                        .label("unknown tag")
                        .help(help),
                );
                return Ok(Some(LineKind::UnknownTag { tag: tag.to_string(), value: value.to_string() }));
            }
            return Ok(None);
        }
    };
    Ok(Some(kind))
}

/// The free-text header tag that a tag of another name most likely means (`venue:` is `site:`).
fn tag_synonym(tag: &str) -> Option<&'static str> {
    const SYNONYMS: [(&str, &[&str]); 5] = [
        ("site", &["venue", "location", "place", "city", "store", "club"]),
        ("event", &["tournament", "title", "match"]),
        ("note", &["notes", "comment", "comments", "remark", "remarks"]),
        ("date", &["day", "when"]),
        ("scorekeeper", &["scorer", "score-keeper", "score_keeper", "keeper"]),
    ];
    SYNONYMS.iter().find(|(_, words)| words.iter().any(|w| w.eq_ignore_ascii_case(tag))).map(|(tag, _)| *tag)
}

/// Whether `steps` parses as the steps of a turn, without keeping any names it would declare.
fn reads_as_turn(cx: &Cx<'_>, steps: &str) -> bool {
    let names = cx.names.borrow().clone();
    let warnings = cx.warnings.borrow().len();
    let ok = turn(cx, steps, crate::model::PlayerId(0), Span::default()).is_ok();
    *cx.names.borrow_mut() = names;
    cx.warnings.borrow_mut().truncate(warnings);
    ok
}

/// Runs a parser that must consume all of `i`.
fn full<'a, T>(i: &'a str, f: impl FnOnce(&'a str) -> R<'a, T>) -> Result<T, nom::Err<PErr<'a>>> {
    let (r, v) = f(i)?;
    if !r.trim().is_empty() {
        return Err(nom::Err::Failure(PErr { at: r.trim_start(), len: token_len(r.trim_start()), detail: None }));
    }
    Ok(v)
}

fn ruleset(value: &str) -> Result<Ruleset, nom::Err<PErr<'_>>> {
    for r in [Ruleset::Tcc21, Ruleset::Decipher2000] {
        if value.eq_ignore_ascii_case(r.keyword()) {
            return Ok(r);
        }
    }
    let help = match did_you_mean(value, ["tcc-2.1", "decipher-2000"]) {
        Some(s) => format!("did you mean `{s}`?"),
        None => "the rulesets are `tcc-2.1` (the default) and `decipher-2000`".to_string(),
    };
    Err(token::failure_with(
        value,
        value.len(),
        Code::BadTagValue,
        format!("`{value}` is not a ruleset"),
        "unknown ruleset",
        Some(help),
    ))
}

fn on_off(value: &str) -> Result<bool, nom::Err<PErr<'_>>> {
    match value.to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(token::failure(value, Code::BadTagValue, "`troubles` is `on` or `off`")),
    }
}

/// Reads a `players:` list and declares the names. A second declaration must repeat the first.
pub(crate) fn declare_players<'a>(
    cx: &Cx<'_>,
    value: &'a str,
) -> Result<Vec<crate::model::PlayerId>, nom::Err<PErr<'a>>> {
    // nom's own errors: a name where none can start (an error), or a name followed by more than
    // `,` (a failure from `full`).
    let list = full(value, token::name_list_fn).map_err(|e| match e {
        nom::Err::Error(PErr { at, len, detail: None }) | nom::Err::Failure(PErr { at, len, detail: None }) => {
            let at = at.trim_start();
            let expected = match e {
                nom::Err::Error(_) => "expected a player's name",
                _ => "expected `,` and the next name, or the line's end",
            };
            let shown = at.get(..if len == 0 { token_len(at) } else { len }).unwrap_or(at);
            let help = match at.chars().next() {
                Some(c) if is_invisible(c) => format!(
                    "this character ({}) is drawn as nothing, so the name looks whole: delete it",
                    invisible_code_points(std::iter::once(c))
                ),
                _ if shown.is_empty() || shown == "," => "the names are separated by single commas".to_string(),
                _ => "a name holding other characters than letters, digits, `_`, `-` and `'` is written in \
                      double quotes: `\"Mary Ann\"`"
                    .to_string(),
            };
            let message = if shown.is_empty() {
                "the list of players ends where a name is expected".to_string()
            } else {
                format!("unexpected `{shown}` in the list of players")
            };
            token::failure_with(at, shown.len(), Code::BadTagValue, message, expected, Some(help))
        }
        e => e,
    })?;
    if list.len() > MAX_PLAYERS {
        return Err(token::failure(value, Code::BadTagValue, format!("at most {MAX_PLAYERS} players can be declared")));
    }
    for (k, (n, at)) in list.iter().enumerate() {
        if list[..k].iter().any(|(m, _)| m == n) {
            return Err(token::failure_with(
                at,
                at.len(),
                Code::DuplicatePlayer,
                format!("`{n}` is declared twice"),
                "declared again",
                None,
            ));
        }
    }
    let (mut names, spans): (Vec<String>, Vec<&str>) = list.into_iter().unzip();
    for name in &mut names {
        if let Some((_, read)) = cx.renames.iter().find(|(written, _)| written == name) {
            name.clone_from(read);
        }
    }
    if let Some(added) = &cx.added {
        if !names.contains(added) && names.len() < MAX_PLAYERS {
            names.push(added.clone());
        }
    }
    if cx.implicit.get() {
        return Err(token::failure_with(
            value,
            value.len(),
            Code::LatePlayers,
            "the players are declared after lines that name them",
            "too late",
            Some("put `players:` at the top of the log, before decklists and rounds".into()),
        ));
    }
    let declared = cx.names.borrow().0.clone();
    if !declared.is_empty() {
        if declared != names {
            return Err(token::failure_with(
                value,
                value.len(),
                Code::DuplicatePlayer,
                "the players are declared a second time, differently",
                "differs from the first declaration",
                Some("declare the table once; a new seating is written `reseat`".into()),
            ));
        }
    } else {
        for (name, at) in names.iter().zip(&spans) {
            let hidden = invisible_code_points(name.chars());
            if !hidden.is_empty() {
                cx.warn(
                    Diagnostic::new(
                        Code::InvisibleInName,
                        cx.span_of(at),
                        format!("`{name}` holds a character drawn as nothing ({hidden})"),
                    )
                    .label("looks like another name")
                    .help("the name is kept as declared; type it again without the character unless it tells two players apart"),
                );
            }
        }
        cx.declare(names);
    }
    Ok(cx.names.borrow().ids().collect())
}

/// [`str::trim`], answered at once for an empty text or one that starts and ends with printable
/// ASCII (most steps do): Unicode white space is either ASCII at or below the space, or not ASCII.
fn trim(s: &str) -> &str {
    let plain = |b: Option<&u8>| b.is_some_and(|&b| b > b' ' && b.is_ascii());
    if s.is_empty() || plain(s.as_bytes().first()) && plain(s.as_bytes().last()) { s } else { s.trim() }
}

/// Where a turn's step ends: at the first `;` outside double quotes (a quoted name may hold one,
/// `@"x;y"`). A turn's text is short: a plain scan finds it sooner than a vector search starts.
fn step_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let first = b.iter().position(|&c| c == b';')?;
    // Most steps hold no quote before their `;`: only one that does is read quote by quote.
    if !b[..first].contains(&b'"') {
        return Some(first);
    }
    let mut quoted = false;
    b.iter().position(|&c| {
        quoted ^= c == b'"';
        c == b';' && !quoted
    })
}

/// The steps of a turn, after the colon.
fn turn<'a>(cx: &Cx<'_>, i: &'a str, player: crate::model::PlayerId, player_span: Span) -> R<'a, LineKind> {
    let mut steps: Option<Steps> = None;
    let mut rest = i;
    loop {
        let (piece, next) = match step_end(rest) {
            Some(k) => (&rest[..k], Some(&rest[k + 1..])),
            None => (rest, None),
        };
        let trimmed = trim(piece);
        if trimmed.is_empty() {
            let at = piece.trim_start();
            return fail(at, Code::BadStep, "empty step");
        }
        let (r, step) = match cx.step(trimmed) {
            Err(nom::Err::Error(e)) => {
                return fail(
                    e.at,
                    Code::BadStep,
                    "expected a card, `draw`, `pass`, `action`, `place`, `activate`, `replay` or `skipped`",
                );
            }
            other => other?,
        };
        if !trim(r).is_empty() {
            let at = r.trim_start();
            return token::fail_with(
                at,
                token_len(at),
                Code::BadStep,
                format!("unexpected `{}` after the step", &at[..token_len(at)]),
                "steps are separated by `;`",
                None,
            );
        }
        match &mut steps {
            Some(all) => all.push(step),
            None => steps = Some(Steps::One(step)),
        }
        match next {
            Some(n) => rest = n,
            None => break,
        }
    }
    // The loop reads one step at least or fails.
    let Some(steps) = steps else { return fail(i, Code::BadStep, "empty step") };
    Ok(("", LineKind::Turn(Turn { player, player_span, steps })))
}

#[cfg(test)]
mod tests {
    /// Reading the bytes it is given and reading borrowed bytes give the same text, log and
    /// diagnostics, valid UTF-8 or not.
    #[test]
    fn owned_bytes_read_as_borrowed_ones() {
        let sources: [&[u8]; 4] = [
            b"tribbles-log 1\nplayers: Ann, Bob, Cyd, Dee\n\nround 1\nfirst: Ann\nAnn: 1 Go\n",
            b"tribbles-log 1\nplayers: Ann, Bj\xf6rn\n",
            b"\xff",
            b"",
        ];
        for bytes in sources {
            let (text, log, diags) = super::parse_owned(bytes.to_vec());
            let borrowed = super::parse_bytes(bytes);
            assert_eq!(text, borrowed.0);
            assert_eq!(format!("{log:?}"), format!("{:?}", borrowed.1));
            assert_eq!(format!("{diags:?}"), format!("{:?}", borrowed.2));
        }
    }

    /// A player the `players:` line left out, who takes turns, is read at the table (R0110, the
    /// one report); a name taking no turn, or two names undeclared, stay unknown (S0108).
    #[test]
    fn a_player_left_out_of_the_players_line_is_read_at_the_table() {
        use crate::diagnostics::Code;
        let left_out = "players: Dan, Matt\nround 1\nfirst: Dan\nDan: 1 Go\nRogue: 10 Go\nMatt: 100 Go\nDan: 1000 Go\n\
                        Rogue: 10000 Go\n";
        let (log, diags) = super::parse(left_out);
        let codes: Vec<Code> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::PlayerLeftOut], "{diags:?}");
        assert_eq!(diags[0].span.start, 0);
        assert_eq!(log.names.0, ["Dan", "Matt", "Rogue"]);
        assert_eq!(log.added, log.names.find("Rogue"));

        let aimed_at =
            "players: Dan, Matt\nround 1\nfirst: Dan\nDan: 1 Poison use @Rogue\nMatt: 10 Poison use @Rogue\n";
        let two =
            "players: Dan, Matt\nround 1\nfirst: Dan\nDan: 1 Go\nRogue: 10 Go\nBob: 100 Go\nRogue: 1 Go\nBob: 10 Go\n";
        for text in [aimed_at, two] {
            let (log, diags) = super::parse(text);
            assert!(diags.iter().all(|d| d.code == Code::UnknownPlayer), "{diags:?}");
            assert_eq!((log.names.len(), log.added), (2, None));
        }
    }

    /// A name named on one or two lines that misspells one declared name alone is read as it
    /// there (R0111, each place, several on one line too); named on three, or as close to two declared names, it stays
    /// unknown (S0108). Beside a player left out, the two readings are made together.
    #[test]
    fn a_name_misspelt_where_it_stands_is_read_as_the_declared_one() {
        use crate::diagnostics::Code;
        let codes = |text: &str| super::parse(text).1.iter().map(|d| d.code).collect::<Vec<Code>>();
        let head = "players: Dan, Rogue, Matt\nround 1\nfirst: Dan\nDan: 1 Go\nRogue: 10 Go\n";
        let twice = format!("{head}Mat: 100 Go\nDan: 1000 Go\nRogue: 10000 Go\nmatt: 100000 Go\n");
        assert_eq!(codes(&twice), [Code::NameMisspelt, Code::NameMisspelt]);
        let (log, _) = super::parse(&twice);
        assert!(
            log.lines.iter().filter(|l| matches!(&l.kind, super::LineKind::Turn(t) if t.player.0 == 2)).count() == 2
        );
        let thrice =
            format!("{head}Matt: 100 Go\nDan: 1000 Go\nRogue: 10000 Go\nMat: 100000 Go\nMat: 1 Go\nMat: 1 Go\n");
        assert_eq!(codes(&thrice), [Code::UnknownPlayer; 3]);
        let two_close = "players: Dan, Dean\nround 1\nfirst: Dan\nDen: 1 Go\n";
        assert_eq!(codes(two_close), [Code::UnknownPlayer]);
        let beside = "players: Dan, Matt\nround 1\nfirst: Dan\nDan: 1 Go\nRogue: 10 Go\nmatt: 100 Go\n\
                      Dan: 1000 Go\nRogue: 10000 Go\n";
        assert_eq!(codes(beside), [Code::PlayerLeftOut, Code::NameMisspelt]);
        // Each place of one line is reported, not only the first.
        let one_line = format!("{head}Mat: 100 Copy use of Mat @Mat\n");
        assert_eq!(codes(&one_line), [Code::NameMisspelt; 3]);
    }

    #[test]
    fn the_quick_trim_is_str_trim() {
        let ends = ["", " ", "\t", "\u{a0}", "\u{2003}", "\u{85}", "\u{1}", "\r", "x", "é", "\u{7f}"];
        for a in ends {
            for b in ends {
                let text = format!("{a}1 Go{b}");
                assert_eq!(super::trim(&text), text.trim(), "{text:?}");
                assert_eq!(super::trim(a), a.trim(), "{a:?}");
            }
        }
    }

    /// A header tag written under another common name is pointed to its tag; one after the
    /// players were declared too, where an unknown word is otherwise read as a player's turn.
    #[test]
    fn a_tag_under_another_name_is_pointed_to_its_tag() {
        let help = |text: &str| -> Vec<Option<String>> {
            let (_, diags) = super::parse(text);
            diags.into_iter().filter(|d| d.code.id() == "S0106").map(|d| d.help).collect()
        };
        let venue = help("venue: Springfield\nplayers: Ann, Bob\n");
        assert_eq!(venue, [Some("did you mean `site:`? The line is kept but means nothing to the referee".into())]);
        assert!(
            help("players: Ann, Bob\nComments: a long game\n")[0].as_deref().is_some_and(|h| h.contains("`note:`"))
        );
        let unknown = help("gibberish: x\nplayers: Ann, Bob\n");
        assert!(unknown[0].as_deref().is_some_and(|h| h.starts_with("the free-text tags are `event`")), "{unknown:?}");
    }
}
