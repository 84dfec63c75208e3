//! The canonical printer behind `tribbles fmt`: lower-case keywords, canonical power spellings,
//! plain numbers, two-space indentation for lines that belong to the line above, one blank line
//! where the source had any, and every comment kept.

use crate::engine::event::CardList;
use crate::model::log::{
    ChainSetting, Choice, ChoiceKind, Direction, Expectation, Line, LineKind, Log, PlayerPoints, PositionLine, Step,
    StepKind,
};
use crate::model::{Names, PlayerId, display_name};
use std::fmt::Write;

/// Prints a log in canonical form. `parse(format(log))` is `log` again.
pub fn format(log: &Log) -> String {
    let mut out = String::new();
    let names = &log.names;
    if !log.lines.iter().any(|l| matches!(l.kind, LineKind::Version(_))) {
        out.push_str("tribbles-log 1\n");
    }
    let in_block = expects_in_blocks(&log.lines);
    for (k, line) in log.lines.iter().enumerate() {
        if line.blank_before && k > 0 {
            out.push('\n');
        }
        let indent = match &line.kind {
            LineKind::Resolution(_) | LineKind::Then(_) | LineKind::Position(_) => "  ",
            LineKind::Comment { indented: true } => "  ",
            LineKind::Expect(_) if in_block.get(k).copied().unwrap_or(false) => "  ",
            _ => "",
        };
        out.push_str(indent);
        let body = print_line(line, names);
        out.push_str(&body);
        if let Some(c) = &line.comment {
            if !body.is_empty() {
                out.push_str("  ");
            }
            out.push('#');
            out.push_str(c);
        }
        out.push('\n');
    }
    out
}

/// Which lines are `expect` lines inside a turn's block: those followed, past comments and other
/// `expect` lines, by a resolution or `then` line. Such a line was indented in the source (a line
/// at the left margin ends the block, and the indented line after it would belong to nothing),
/// and must stay indented for the lines after it to keep belonging to the turn.
fn expects_in_blocks(lines: &[Line]) -> Vec<bool> {
    let mut in_block = vec![false; lines.len()];
    let mut block_follows = false;
    for (k, line) in lines.iter().enumerate().rev() {
        match line.kind {
            LineKind::Resolution(_) | LineKind::Then(_) => block_follows = true,
            LineKind::Expect(_) => in_block[k] = block_follows,
            LineKind::Comment { .. } => {}
            _ => block_follows = false,
        }
    }
    in_block
}

/// A declared trouble and its shift line: `trouble-card: NAME; miss 10; power Mutate; action lose 100000`.
pub fn trouble_card(c: &crate::model::log::TroubleCard) -> String {
    let mut parts = vec![c.name.clone()];
    if let Some(d) = c.miss {
        parts.push(format!("miss {}", d.value()));
    }
    if let Some(p) = &c.power {
        parts.push(format!("power {p}"));
    }
    match c.action {
        Some(crate::model::log::TroubleAction::Draw(n)) => parts.push(format!("action draw {n}")),
        Some(crate::model::log::TroubleAction::Lose(p)) => parts.push(format!("action lose {}", p.0)),
        None => {}
    }
    format!("trouble-card: {}", parts.join("; "))
}

/// One line in canonical form, without indentation or comment.
pub fn print_line(line: &Line, names: &Names) -> String {
    let name = |p: PlayerId| display_name(names.get(p)).into_owned();
    let list = |ps: &[PlayerId]| player_list(ps, names);
    match &line.kind {
        LineKind::Comment { .. } => String::new(),
        LineKind::Version(v) => format!("tribbles-log {v}"),
        LineKind::Text { tag, value } => tagged(tag.keyword(), value),
        LineKind::UnknownTag { tag, value } => tagged(tag, value),
        LineKind::Ruleset(r) => format!("ruleset: {}", r.keyword()),
        LineKind::Troubles(on) => format!("troubles: {}", if *on { "on" } else { "off" }),
        LineKind::Rounds(n) => format!("rounds: {n}"),
        LineKind::Players(ps) => format!("players: {}", list(ps)),
        LineKind::Deck { player, cards } => wrap(&format!("deck {}: ", name(*player)), cards, names),
        LineKind::Round(n) => format!("round {n}"),
        LineKind::First(p) => format!("first: {}", name(*p)),
        LineKind::Trouble(t) => tagged("trouble", t),
        LineKind::TroubleCard(c) => trouble_card(c),
        LineKind::Hand { player, cards } => {
            format!("hand {}: {}", name(*player), CardList(cards, names))
        }
        LineKind::Mulligan(p) => format!("mulligan {}", name(*p)),
        LineKind::Turn(t) => {
            let steps = t.steps.iter().map(|s| step(s, names)).collect::<Vec<_>>().join("; ");
            format!("{}: {steps}", name(t.player))
        }
        LineKind::Resolution(e) => e.display(names).to_string(),
        LineKind::Then(s) => format!("then {}", step(s, names)),
        LineKind::Safety(p) => format!("safety {}", name(*p)),
        LineKind::Reseat(ps) => format!("reseat {}", list(ps)),
        LineKind::Points(ps) => format!("points: {}", player_points(ps, names)),
        LineKind::Totals(ps) => format!("totals: {}", player_points(ps, names)),
        LineKind::Winner(ps) => format!("winner: {}", list(ps)),
        LineKind::PositionStart => "position".to_string(),
        LineKind::PositionEnd => "end".to_string(),
        LineKind::Position(p) => position(p, names),
        LineKind::Expect(e) => format!("expect {}", expectation(e, names)),
    }
}

/// The width `fmt` fills decklists to before it continues them on the next line.
const DECK_WIDTH: usize = 100;

/// A decklist, filled to [`DECK_WIDTH`]; each continuation line is indented two spaces and every
/// line but the last ends with a comma.
fn wrap(head: &str, cards: &[crate::model::log::CardCount], names: &Names) -> String {
    let mut out = head.to_string();
    let mut width = head.len();
    for (k, c) in cards.iter().enumerate() {
        let text = CardList(std::slice::from_ref(c), names).to_string();
        let last = k + 1 == cards.len();
        if k > 0 {
            if width + 2 + text.len() + usize::from(!last) > DECK_WIDTH {
                out.push_str(",\n  ");
                width = 2;
            } else {
                out.push_str(", ");
                width += 2;
            }
        }
        out.push_str(&text);
        width += text.len();
    }
    out
}

fn tagged(tag: &str, value: &str) -> String {
    if value.is_empty() { format!("{tag}:") } else { format!("{tag}: {value}") }
}

/// Players' names, comma-separated.
fn player_list(ps: &[PlayerId], names: &Names) -> String {
    ps.iter().map(|p| display_name(names.get(*p))).collect::<Vec<_>>().join(", ")
}

fn player_points(ps: &[PlayerPoints], names: &Names) -> String {
    ps.iter().map(|p| format!("{} {}", display_name(names.get(p.player)), p.points)).collect::<Vec<_>>().join(", ")
}

/// One step, as written in a turn line or after `then`.
pub fn step(s: &Step, names: &Names) -> String {
    let mut out = String::new();
    match &s.kind {
        StepKind::Play { card, used } => {
            let _ = write!(out, "{}", card.card);
            uses(&mut out, used.as_deref(), names);
        }
        StepKind::Draw { card: None } => out.push_str("draw"),
        StepKind::Draw { card: Some(c) } => {
            let _ = write!(out, "draw {}", c.card);
        }
        StepKind::Pass { on: None } => out.push_str("pass"),
        StepKind::Pass { on: Some(d) } => {
            let _ = write!(out, "pass on {d}");
        }
        StepKind::ActionDraw(n) => {
            let _ = write!(out, "action draw {n}");
        }
        StepKind::ActionLose(p) => {
            let _ = write!(out, "action lose {p}");
        }
        StepKind::Place(c) => {
            let _ = write!(out, "place {}", c.card);
        }
        StepKind::Activate(choices) => {
            out.push_str("activate");
            for c in choices {
                out.push(' ');
                choice(&mut out, c, names);
            }
        }
        StepKind::Replay { card, used } => {
            let _ = write!(out, "replay {}", card.card);
            uses(&mut out, used.as_deref(), names);
        }
        StepKind::Skipped => out.push_str("skipped"),
    }
    out
}

fn uses(out: &mut String, used: Option<&[Choice]>, names: &Names) {
    let Some(choices) = used else { return };
    out.push_str(" use");
    for c in choices {
        out.push(' ');
        choice(out, c, names);
    }
}

fn choice(out: &mut String, c: &Choice, names: &Names) {
    let _ = match &c.kind {
        ChoiceKind::Player(p) => write!(out, "@{}", display_name(names.get(*p))),
        ChoiceKind::Name(p) => write!(out, "name {p}"),
        ChoiceKind::Cards(cards) => write!(out, "{}", CardList(cards, names)),
        ChoiceKind::Take(card) => write!(out, "take {}", card.card),
        ChoiceKind::Top(cards) => write!(out, "top {}", CardList(cards, names)),
        ChoiceKind::Bottom(cards) => write!(out, "bottom {}", CardList(cards, names)),
        ChoiceKind::Of(p) => write!(out, "of {}", display_name(names.get(*p))),
        ChoiceKind::Half(p) => write!(out, "{p}"),
    };
}

fn position(p: &PositionLine, names: &Names) -> String {
    let name = |p: PlayerId| display_name(names.get(p)).into_owned();
    match p {
        PositionLine::Ruleset(r) => format!("ruleset: {}", r.keyword()),
        PositionLine::Troubles(on) => format!("troubles: {}", if *on { "on" } else { "off" }),
        PositionLine::Players(ps) => {
            format!("players: {}", player_list(ps, names))
        }
        PositionLine::Round(n) => format!("round {n}"),
        PositionLine::Direction(Direction::Clockwise) => "direction: clockwise".to_string(),
        PositionLine::Direction(Direction::Counterclockwise) => "direction: counterclockwise".to_string(),
        PositionLine::Chain(ChainSetting::Start { broken: false }) => "chain: start".to_string(),
        PositionLine::Chain(ChainSetting::Start { broken: true }) => "chain: start broken".to_string(),
        PositionLine::Chain(ChainSetting::Last { denomination, broken }) => {
            format!("chain: {denomination}{}", if *broken { " broken" } else { "" })
        }
        PositionLine::Turn(p) => format!("turn: {}", name(*p)),
        PositionLine::Trouble(t) => tagged("trouble", t),
        PositionLine::Frozen { power, until } => format!("frozen: {power} until {}", name(*until)),
        PositionLine::Zone { player, zone, cards } => {
            let head = format!("{} {}:", name(*player), zone.keyword());
            if cards.is_empty() { head } else { format!("{head} {}", CardList(cards, names)) }
        }
        PositionLine::Score { player, points } => format!("{} score: {points}", name(*player)),
        PositionLine::Decked(ps) => {
            format!("decked: {}", player_list(ps, names))
        }
        PositionLine::SittingOut(ps) => {
            format!("sitting out: {}", player_list(ps, names))
        }
        PositionLine::ScoreWaiting { player, target } => {
            format!("score waiting: {} on {}", name(*player), name(*target))
        }
        PositionLine::Pot(cards) => {
            if cards.is_empty() {
                "pot:".to_string()
            } else {
                format!("pot: {}", CardList(cards, names))
            }
        }
    }
}

fn expectation(e: &Expectation, names: &Names) -> String {
    let name = |p: PlayerId| display_name(names.get(p)).into_owned();
    match e {
        Expectation::Next(p) => format!("next: {}", name(*p)),
        Expectation::Chain(d) => format!("chain: {d}"),
        Expectation::Event(ev) => ev.display(names).to_string(),
        Expectation::Points(ps) => format!("points: {}", player_points(ps, names)),
        Expectation::Totals(ps) => format!("totals: {}", player_points(ps, names)),
        Expectation::Winner(ps) => format!("winner: {}", player_list(ps, names)),
        Expectation::Hand { player, count } => format!("hand {}: {count}", name(*player)),
        Expectation::Diagnostic { severity, code: None } => severity.keyword().to_string(),
        Expectation::Diagnostic { severity, code: Some(c) } => format!("{} {c}", severity.keyword()),
        Expectation::Clean => "clean".to_string(),
    }
}
