//! Damaged logs: simulated games with lines cut, moved, doubled, lengthened and sprinkled with
//! stray tokens and characters are checked, and every report is rendered in each form, without a
//! panic. Damage of this kind, over many more games, found a report at the very end of a text
//! whose length is a multiple of the column index's block to underflow (a unit test in
//! `diagnostics::render` pins that case); this test keeps a fixed sample of it in every run.

mod support;

// The generator that damages each game the same way on every run.
use support::Xorshift as Rng;
use tribbles::diagnostics::Severity;
use tribbles::diagnostics::render::{self, HumanStyle};
use tribbles::model::log::Ruleset;
use tribbles::sim::{Options, simulate};

const TOKENS: &[&str] = &[
    "1000x ?",
    "?",
    "0x ?",
    "1 Go",
    "100000 Time Warp",
    "@Ann",
    "@Bob",
    "use",
    "draw",
    "pass",
    "; ",
    ", ",
    "Ann's",
    "Bob",
    "position",
    "end",
    "round 2",
    "  ",
    "\n",
    "\n  ",
    "then ",
    "expect ",
    "99",
    "1000x 1 Copy",
    "Copy",
    "Replay",
    "replay 1 Go",
    "activate",
    "skipped",
    "place 1 BaH!",
    "top",
    "bottom",
    "name Go",
    "take 1 Go",
    "é",
    "\r",
];

/// The game's lines, damaged in one to six places.
fn damage(log: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = log.lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(6) {
        let i = rng.below(lines.len());
        let at = rng.below(lines[i].len() + 1);
        match rng.below(8) {
            0 => {
                lines.remove(i);
            }
            1 => {
                let line = lines[i].clone();
                let to = rng.below(lines.len());
                lines.insert(to, line);
            }
            2 if lines[i].is_char_boundary(at) => lines[i].insert_str(at, TOKENS[rng.below(TOKENS.len())]),
            3 => {
                let j = rng.below(lines.len());
                lines.swap(i, j);
            }
            4 if lines[i].is_char_boundary(at) => lines[i].truncate(at),
            5 => lines[i] = lines[i].replace(" 1 ", " 100000 ").replace("Go", "Copy"),
            6 => {
                // A turn made long: its steps again, many times.
                let steps = lines[i].split(": ").nth(1).unwrap_or("1 Go").to_string();
                lines[i] = format!("{}; {}", lines[i], steps.repeat(1 + rng.below(40)));
            }
            7 if lines[i].is_char_boundary(at) => {
                let c = char::from_u32(rng.below(0x3000) as u32).unwrap_or('x');
                lines[i].insert(at, c);
            }
            _ => {}
        }
        if lines.is_empty() {
            lines.push(String::new());
        }
    }
    lines.join("\n")
}

/// Games 0 to 1,499 by default; a longer run names its own range, as in
/// `TRIBBLES_DAMAGED_GAMES=1500..100000 cargo test --test robustness` (a debug build also
/// catches arithmetic overflow, and the engine's debug assertions). Each game is damaged by its
/// own generator, so a failing game can be run alone; `TRIBBLES_DAMAGED_OUT=DIR` writes the log
/// of a game whose check panics there.
#[test]
fn damaged_games_are_checked_and_rendered_without_a_panic() {
    let games = support::games("TRIBBLES_DAMAGED_GAMES", 0..1500);
    let mut reports = 0;
    let count = games.end.saturating_sub(games.start);
    for k in games {
        reports += damaged(k);
    }
    // The damage is real: most games draw reports.
    assert!(reports as u64 > count, "only {reports} reports for {count} games");
}

/// Damages game `k`, checks it and renders every report: the number of reports. A panic names
/// its game and writes the damaged log to `TRIBBLES_DAMAGED_OUT`, if given.
fn damaged(k: u64) -> usize {
    let style = HumanStyle { color: false, width: 80 };
    let mut rng = Rng(0x5eed_1234_abcd ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    rng.next();
    let mut o = Options::new(4 + rng.below(5), 7000 + k);
    o.troubles = rng.below(2) == 0;
    o.hidden = rng.below(2) == 0;
    if rng.below(3) == 0 {
        o.ruleset = Ruleset::Decipher2000;
    }
    let text = damage(&simulate(&o), &mut rng);
    let checked = std::panic::catch_unwind(|| tribbles::check_bytes("damaged", text.as_bytes()));
    let Ok((file, diagnostics)) = checked else {
        if let Some(dir) = std::env::var_os("TRIBBLES_DAMAGED_OUT") {
            let path = std::path::Path::new(&dir).join(format!("damaged_{k}.tlog"));
            std::fs::write(path, &text).expect("a writable directory");
        }
        panic!("game {k}: the check panicked");
    };
    for d in &diagnostics {
        let human = render::human(&file, d, style);
        assert!(!human.is_empty());
        let short = render::short(&file, d);
        let _ = render::json(&file, d);
        // The report for people names the place the short form does, and gives the terminal no
        // control character of the log's (ruling F18).
        let place = short.splitn(4, ':').take(3).collect::<Vec<_>>().join(":");
        assert!(
            human.contains(&format!("[{place}]")) || human.contains(&format!("at {place} ")),
            "game {k}: {place}\n{human}"
        );
        assert!(!human.contains(|c: char| c.is_control() && c != '\n'), "game {k}: {human:?}");
        assert!(!short.contains(|c: char| c.is_control()), "game {k}: {short:?}");
    }
    let (log, syntax) = tribbles::syntax::parse(&text);
    if syntax.iter().all(|d| d.severity() != Severity::Error) {
        let _ = tribbles::syntax::print::format(&log);
    }
    diagnostics.len()
}

/// Games a longer run found to panic in a debug build: the decklist check's debug assertion,
/// once a reported misfit's name was blurred by a later move (73704).
#[test]
fn damaged_games_that_once_panicked_do_not() {
    let k = 73704;
    assert!(damaged(k) > 0, "game {k}");
}
