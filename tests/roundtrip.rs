//! Properties of the parser and the printer over generated input: a generated log means the same
//! after `fmt` (`parse(fmt(x)) == parse(x)`), `fmt` is idempotent, and no input makes the parser
//! panic.

use proptest::prelude::*;
use tribbles::diagnostics::Severity;
use tribbles::syntax::{parse, parse_bytes, print};

/// Names bare and quoted: with a space, a keyword, and a `;` (which also separates steps).
const NAMES: &[&str] = &["Dan", "Rogue", "Matt", "\"Mary Ann\"", "\"round\"", "\"x;y\""];
const POWERS: &[&str] = &[
    "Go",
    "skip",
    "REVERSE",
    "Time Warp",
    "Qapla'",
    "bah!",
    "BJ",
    "Recycle & Freeze",
    "Clone & Skip",
    "?",
    "Tribbles",
];

fn name() -> impl Strategy<Value = String> {
    prop::sample::select(NAMES).prop_map(str::to_string)
}

/// A denomination written any of the ways the format allows.
fn number() -> impl Strategy<Value = String> {
    (0..6usize, 0..3usize).prop_map(|(d, style)| {
        let v = 10u64.pow(d as u32);
        match (style, v >= 1000) {
            (1, true) => {
                let s = v.to_string();
                format!("{},{}", &s[..s.len() - 3], &s[s.len() - 3..])
            }
            (2, true) => {
                let s = v.to_string();
                format!("{}_{}", &s[..s.len() - 3], &s[s.len() - 3..])
            }
            _ => v.to_string(),
        }
    })
}

fn card() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("?".to_string()),
        number(),
        (number(), prop::sample::select(POWERS)).prop_map(|(n, p)| format!("{n} {p}")),
    ]
}

fn cards() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (card(), 0..4u32, prop::option::of(name())).prop_map(|(c, k, owner)| {
            let count = if k > 1 { format!("{k}x ") } else { String::new() };
            let owned = match owner {
                Some(n) if c != "?" => format!("{n}'s "),
                _ => String::new(),
            };
            format!("{count}{owned}{c}")
        }),
        1..4,
    )
    .prop_map(|v| v.join(", "))
}

fn choice() -> impl Strategy<Value = String> {
    prop_oneof![
        name().prop_map(|n| format!("@{n}")),
        prop::sample::select(POWERS)
            .prop_filter("a power", |p| *p != "?" && *p != "Tribbles")
            .prop_map(|p| format!("name {p}")),
        cards(),
        // A bare number before a `?` choice would read as one card (`take 1 ?`), so the taken
        // card always shows its power.
        (number(), prop::sample::select(POWERS)).prop_map(|(n, p)| format!("take {n} {p}")),
        (cards(), cards()).prop_map(|(a, b)| format!("top {a} bottom {b}")),
        name().prop_map(|n| format!("of {n}")),
        Just("Skip".to_string()),
    ]
}

fn step() -> impl Strategy<Value = String> {
    prop_oneof![
        card(),
        (card(), prop::collection::vec(choice(), 0..3)).prop_map(|(c, ch)| format!("{c} use {}", ch.join(" "))),
        Just("draw".to_string()),
        card().prop_map(|c| format!("draw {c}")),
        Just("pass".to_string()),
        number().prop_map(|n| format!("pass on {n}")),
        (1..5u32).prop_map(|n| format!("action draw {n}")),
        number().prop_map(|n| format!("action lose {n}")),
        card().prop_map(|c| format!("place {c}")),
        prop::collection::vec(choice(), 0..2).prop_map(|ch| format!("activate {}", ch.join(" "))),
        card().prop_map(|c| format!("replay {c}")),
        Just("skipped".to_string()),
    ]
}

fn event() -> impl Strategy<Value = String> {
    let place = prop::sample::select(
        &[
            "on deck",
            "under deck",
            "on pile",
            "under pile",
            "in pot",
            "in hand",
            "out of game",
            "under Matt's pile",
            "on Rogue's deck",
            "under \"Mary Ann\"'s pile",
        ][..],
    );
    let from = prop::sample::select(
        &["", " from hand", " from deck", " from discard", " from Dan's deck", " from \"x;y\"'s deck"][..],
    );
    prop_oneof![
        (name(), 1..9u32).prop_map(|(n, k)| format!("{n} draws {k}")),
        // A bare number after `draws` is a count (docs/rulings.md, F3), generated just above.
        (
            name(),
            cards().prop_filter("a card, not a count", |c| !c
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b',' || b == b'_'))
        )
            .prop_map(|(n, c)| format!("{n} draws {c}")),
        (name(), cards(), prop::sample::select(&["", " from hand", " from deck", " from pile"][..]))
            .prop_map(|(n, c, f)| format!("{n} discards {c}{f}")),
        (name(), card()).prop_map(|(n, c)| format!("{n} plays {c}")),
        (name(), cards(), place, from).prop_map(|(n, c, p, f)| format!("{n} puts {c} {p}{f}")),
        (name(), cards()).prop_map(|(n, c)| format!("{n} reveals {c}")),
        (name(), prop::sample::select(&["discard", "pile", "hand"][..]))
            .prop_map(|(n, z)| format!("{n} shuffles {z} into deck")),
        (name(), number()).prop_map(|(n, p)| format!("{n} scores {p}")),
        (name(), number()).prop_map(|(n, p)| format!("{n} loses {p}")),
        name().prop_map(|n| format!("{n} goes out")),
        name().prop_map(|n| format!("{n} is decked")),
        name().prop_map(|n| format!("{n} is skipped")),
        name().prop_map(|n| format!("{n} passes")),
        (name(), name()).prop_map(|(n, m)| format!("{n} awaits {m}'s next play")),
        Just("direction reverses".to_string()),
        Just("chain breaks".to_string()),
        Just("trouble shifts to ... in Sickbay".to_string()),
    ]
}

/// A sheet line's figures: each player once (a player named twice is S0110).
fn points_list() -> impl Strategy<Value = String> {
    prop::collection::vec((name(), number()), 1..4).prop_map(|v| {
        let mut seen = Vec::new();
        v.into_iter()
            .filter(|(n, _)| {
                let first = !seen.contains(n);
                if first {
                    seen.push(n.clone());
                }
                first
            })
            .map(|(n, p)| format!("{n} {p}"))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

/// A line that may follow the header: a turn (with resolution lines), a round line, an
/// expectation, an end-of-round line, a comment or a blank line.
fn body_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (
            name(),
            prop::collection::vec(step(), 1..3),
            prop::collection::vec(event(), 0..3),
            prop::option::of(prop::sample::select(&["expect error", "expect clean", "expect next: Dan"][..])),
            prop::option::of(step()),
        )
            .prop_map(|(n, steps, events, expect, then)| {
                let mut s = format!("{n}: {}", steps.join("; "));
                for e in events {
                    s.push_str(&format!("\n  {e}"));
                }
                // An `expect` inside the turn's block: the lines after it still belong to the turn.
                if let Some(x) = expect {
                    s.push_str(&format!("\n  {x}"));
                }
                if let Some(t) = then {
                    s.push_str(&format!("\n  then {t}"));
                }
                s
            }),
        1 => (1..6u32).prop_map(|n| format!("round {n}")),
        1 => name().prop_map(|n| format!("first: {n}")),
        1 => (name(), cards()).prop_map(|(n, c)| format!("hand {n}: {c}")),
        1 => name().prop_map(|n| format!("mulligan {n}")),
        1 => name().prop_map(|n| format!("safety {n}")),
        1 => Just("reseat Matt, Dan, Rogue, \"x;y\", \"Mary Ann\", \"round\"".to_string()),
        1 => points_list().prop_map(|p| format!("points: {p}")),
        1 => points_list().prop_map(|p| format!("totals: {p}")),
        1 => name().prop_map(|n| format!("winner: {n}")),
        1 => name().prop_map(|n| format!("expect next: {n}")),
        1 => number().prop_map(|n| format!("expect chain: {n}")),
        1 => event().prop_map(|e| format!("expect {e}")),
        1 => (name(), 0..9u32).prop_map(|(n, k)| format!("expect hand {n}: {k}")),
        1 => prop::sample::select(&["expect error", "expect error R0304", "expect warning S0104", "expect clean"][..])
            .prop_map(str::to_string),
        1 => Just("trouble: ... in Sickbay".to_string()),
        1 => Just("# a comment line".to_string()),
        1 => Just(String::new()),
        1 => (cards(), cards()).prop_map(|(a, b)| format!(
            "position\n  round 2\n  direction: counterclockwise\n  chain: 100 broken\n  turn: Rogue\n  \
             frozen: Poison until Matt\n  Dan hand: {a}\n  Rogue pile: {b}\n  Dan score: 20,000\n  pot: 2x ?\nend"
        )),
    ]
}

fn log() -> impl Strategy<Value = String> {
    (prop::collection::vec(body_line(), 0..25), prop::collection::vec(cards(), 0..2)).prop_map(|(body, decks)| {
        let mut s = String::from("event: Property test\nruleset: tcc-2.1\nrounds: 5\n");
        s.push_str("players: Dan, Rogue, Matt, \"Mary Ann\", \"round\", \"x;y\"\n");
        for d in decks {
            s.push_str(&format!("deck Dan: {d},\n  {d}\n"));
        }
        for line in body {
            s.push_str(&line);
            s.push('\n');
        }
        s
    })
}

/// Rewrites a log in ways that change nothing it says: keyword case, spacing, line endings and
/// trailing comments.
fn noisy(text: &str, seed: u64) -> String {
    let mut out = String::new();
    for (k, line) in text.lines().enumerate() {
        let bit = |n: u64| (seed >> ((k as u64 * 3 + n) % 64)) & 1 == 1;
        let mut l = line.to_string();
        if bit(0) {
            for kw in
                ["round ", "expect ", "first:", "hand ", "draw", "use ", "players:", "position", "direction reverses"]
            {
                l = l.replace(kw, &kw.to_uppercase());
            }
        }
        if bit(1) {
            l = l.replacen(": ", " :   ", 1).replace(", ", " ,  ");
        }
        if bit(2) && !l.trim().is_empty() && !l.contains('#') {
            l.push_str("   # noted by hand");
        }
        out.push_str(&l);
        out.push_str(if bit(1) { "\r\n" } else { "\n" });
    }
    out
}

fn errors(diags: &[tribbles::diagnostics::Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .filter(|d| d.severity() == Severity::Error)
        .map(|d| format!("{}: {}", d.code.id(), d.message))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn generated_logs_parse_without_errors_and_mean_the_same_after_fmt(text in log(), seed in any::<u64>()) {
        let text = noisy(&text, seed);
        let (log, diags) = parse(&text);
        prop_assert!(errors(&diags).is_empty(), "{:?}\n{}", errors(&diags), text);
        let formatted = print::format(&log);
        let (again, diags) = parse(&formatted);
        prop_assert!(errors(&diags).is_empty(), "{:?}\n{}", errors(&diags), formatted);
        prop_assert_eq!(&again, &log, "fmt changed the meaning:\n{}\n---\n{}", text, formatted);
        prop_assert_eq!(print::format(&again), formatted, "fmt is not idempotent");
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_bytes(&bytes);
    }

    /// Text made of the format's own tokens reaches deep into the line parsers.
    #[test]
    fn token_soup_never_panics(parts in prop::collection::vec(prop::sample::select(&[
        "Dan", ":", " ", "  ", "\n", "\n  ", ";", ",", "@", "#", "\"", "'s", "x", "?", "&", "1", "10", "1,000",
        "99999999999999999999999", "_", "use", "draw", "pass on", "then", "expect", "position", "end", "round",
        "players:", "deck", "hand", "Go", "Time", "Warp", "puts", "under", "pile", "from", "of", "name", "top",
        "é", "\r", "\t", "chain:", "0x", "Mary Ann",
    ][..]), 0..80)) {
        let text: String = parts.concat();
        let (log, _) = parse(&text);
        let _ = print::format(&log);
    }
}

/// Every bundled log without syntax errors means the same after `fmt`, and `fmt` of that is
/// itself again.
#[test]
fn bundled_logs_mean_the_same_after_fmt() {
    let mut checked = 0;
    // Every `.tlog` one level down: logs/clean, examples/powers, …
    let dirs = ["logs", "examples"].into_iter().flat_map(|top| {
        std::fs::read_dir(top).into_iter().flatten().flatten().map(|e| e.path()).filter(|p| p.is_dir())
    });
    for dir in dirs.collect::<Vec<_>>() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "tlog") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let (log, diags) = parse(&text);
            if !errors(&diags).is_empty() {
                continue;
            }
            let formatted = print::format(&log);
            let (again, diags) = parse(&formatted);
            assert!(errors(&diags).is_empty(), "{}: {:?}\n{formatted}", path.display(), errors(&diags));
            assert_eq!(again, log, "{}: fmt changed the meaning:\n{formatted}", path.display());
            assert_eq!(print::format(&again), formatted, "{}: fmt is not idempotent", path.display());
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} logs");
}

#[test]
fn pathological_numbers_are_diagnostics() {
    for text in
        ["players: Dan\nround 1\nDan: 1000000000000000000000000000 Go\n", "rounds: 4294967296\n", "round 99999999999\n"]
    {
        let (_, diags) = parse(text);
        assert_eq!(diags.len(), 1, "{text}: {diags:?}");
    }
}

/// The referee spells a count out card by card (a deal, a draw, a position's zone, a choice), so a
/// count past `MAX_COUNT` is refused where it is read: these logs once made it allocate tens of
/// gigabytes or deal four billion cards. Each now yields one error per huge count, and nothing else
/// of the game is judged.
#[test]
fn huge_counts_are_refused_where_they_are_read() {
    use tribbles::diagnostics::Code;
    let players = "players: Ann, Bob, Cyd, Dee\n";
    let head = format!("tribbles-log 1\n{players}\nround 1\nfirst: Ann\n");
    let position = "position\n  players: Ann, Bob\n  round 1\n  chain: 10\n  turn: Ann\n";
    let cases = [
        format!("tribbles-log 1\n{players}deck Ann: 4000000000x 10 Go\n\nround 1\nfirst: Ann\n"),
        format!("{head}hand Ann: 4000000000x ?\nAnn: 1 Go\n"),
        format!("{head}hand Ann: 1001x 1 Go\nAnn: 1 Go\n"),
        format!("{head}Ann: 1 Go\n  Ann draws 4000000000\n"),
        format!("{head}Ann: 1 Go\n  Ann discards 4000000000x 10 Go from deck\n"),
        format!("{head}Ann: 1 Process use 4000000000x 10 Go\n"),
        format!("{head}Ann: 1 Scan use\n  Ann scans 4000000000 cards back unseen\n"),
        format!("{position}  Ann hand: 4000000000x 1 Go\nend\nAnn: 10 Go\n"),
        format!("{position}  Ann deck: 4000000000x ?\nend\nAnn: 10 Go\n"),
        format!("{position}  pot: 4000000000x 1 Go\nend\nAnn: 10 Go\n"),
        format!("tribbles-log 1\ntroubles: on\ntrouble-card: Tribbles in the Brig; action draw 4000000000\n{players}"),
    ];
    for text in &cases {
        let (_, diags) = tribbles::check_bytes("huge", text.as_bytes());
        let errors: Vec<Code> = diags.iter().filter(|d| d.severity() == Severity::Error).map(|d| d.code).collect();
        assert_eq!(errors, [Code::BadNumber], "{text}: {diags:?}");
    }
    // The bound itself is a count like any other.
    let (_, diags) = parse("players: Ann\nhand Ann: 1000x ?, 1,000x 1 Go\n");
    assert!(diags.is_empty(), "{diags:?}");
}

/// The helps of the reports of one code that checking `text` gives, in order.
fn helps_of(text: &str, code: tribbles::diagnostics::Code) -> Vec<Option<String>> {
    let (_, diags) = tribbles::check_bytes("log", text.as_bytes());
    diags.into_iter().filter(|d| d.code == code).map(|d| d.help).collect()
}

/// A card the hand cannot hold names the hand in its help: equal cards once, with their count,
/// so that a crafted hand of thousands of cards gives a line of help, not megabytes of it (such a
/// log once took 0.7 s and 600 MB to print, most of it wrapping that help).
#[test]
fn a_hand_of_thousands_is_listed_in_a_line() {
    use tribbles::diagnostics::Code;
    let hand = vec!["1000x 1 Go"; 500].join(", ");
    let text = format!(
        "position\n  players: Ann, Bob\n  round 1\n  chain: 10\n  turn: Ann\n  Ann hand: {hand}, 2x 10 Skip, 1 Dabo\nend\nAnn: 100 Go\n"
    );
    let expected = "the hand is known to be: 500000x 1 Go, 2x 10 Skip, 1 Dabo";
    assert_eq!(helps_of(&text, Code::NotInHand), [Some(expected.to_string())]);
}

/// A resolution line the rules did not make happen lists what they did make happen: the first
/// two dozen events and a count of the rest, the same help for every such line of the turn (a turn
/// of thousands of steps and lines once built a list of every event for every line).
#[test]
fn what_happened_is_listed_in_a_line() {
    use tribbles::diagnostics::Code;
    let steps = vec!["1 Go"; 40].join("; ");
    let text = format!(
        "tribbles-log 1\nplayers: Ann, Bob, Cyd, Dee\n\nround 1\nfirst: Ann\nAnn: {steps}\n  Bob discards 1 Go from deck\n  Cyd discards 10 Go from deck\n"
    );
    let helps = helps_of(&text, Code::Misresolved);
    assert_eq!(helps.len(), 2, "{helps:?}");
    assert_eq!(helps[0], helps[1]);
    let plays = vec!["Ann plays 1 Go"; 24].join("; ");
    let help = helps[0].as_deref().unwrap_or_default();
    let more =
        help.strip_prefix(&format!("what the rules make happen: {plays}; and ")).and_then(|r| r.strip_suffix(" more"));
    // Forty plays and what ends the turn: at least the sixteen plays past two dozen are counted.
    assert!(more.and_then(|n| n.parse::<usize>().ok()).is_some_and(|n| n >= 16), "{help}");
}

/// `expect` lines under a long turn: one that names a report not there lists what was reported,
/// and one that names an event that did not happen lists what did, each at most two dozen items
/// and a count of the rest; a report they do name is claimed, once.
#[test]
fn expect_lines_under_a_long_turn_list_in_a_line() {
    use tribbles::diagnostics::Code;
    let steps = vec!["1 Go"; 40].join("; ");
    let expects = "  expect error R0305\n  expect warning R0102\n  expect Bob discards 1 Go from deck\n".repeat(2);
    let text = format!("tribbles-log 1\nplayers: Ann, Bob, Cyd, Dee\n\nround 1\nfirst: Ann\nAnn: {steps}\n{expects}");
    assert!(helps_of(&text, Code::SecondPlay).is_empty(), "the first expect claims every R0305");
    let missing = helps_of(&text, Code::ExpectedDiagnosticMissing);
    // The second `expect error R0305` finds them claimed; the warnings were never there.
    assert_eq!(missing.len(), 3, "{missing:?}");
    for help in &missing {
        let help = help.as_deref().unwrap_or_default();
        assert!(help.starts_with("reported there: ") && help.ends_with(" more"), "{help}");
        assert_eq!(help.matches(", ").count(), 24, "{help}");
    }
    let failed = helps_of(&text, Code::ExpectationFailed);
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert_eq!(failed[0], failed[1]);
    let help = failed[0].as_deref().unwrap_or_default();
    assert!(help.starts_with("what happened: ") && help.ends_with(" more"), "{help}");
    assert_eq!(help.matches("; ").count(), 24, "{help}");
}

/// `expect clean` lists the first two dozen reports no `expect` line claimed and counts the rest:
/// the reports claimed between two `expect clean` lines leave the list (debug builds, so this
/// test, also compare each list with a plain search of every report so far).
#[test]
fn expect_clean_counts_what_is_still_flagged() {
    use tribbles::diagnostics::{Code, Severity};
    let mut text = String::from("players: Dan, Rogue\nround 1\nfirst: Dan\nDan: draw ?\n");
    for k in 0..60 {
        // Rogue plays out of turn each time; every third report is claimed where it stands.
        text.push_str("Rogue: draw ?\n");
        if k % 3 == 0 {
            text.push_str("  expect error R0301\n");
        }
        if k % 10 == 9 {
            text.push_str("expect clean\n");
        }
    }
    let failed = helps_of(&text, Code::ExpectationFailed);
    assert_eq!(failed.len(), 6, "{failed:?}");
    // Before the last `expect clean`: every report of the log without it but its end-of-log note.
    let body = text.strip_suffix("expect clean\n").unwrap_or_default();
    let (_, diags) = tribbles::check_bytes("log", body.as_bytes());
    let flagged = diags.iter().filter(|d| d.severity() != Severity::Note).count();
    assert!(flagged > 24 + 5, "{flagged} reports");
    let last = failed[5].as_deref().unwrap_or_default();
    // The first out-of-turn play is also the wrong first player; the first `expect` finds no
    // R0301 (Rogue's first draw was his turn), and each failed `expect clean` is itself flagged.
    assert!(last.starts_with("flagged so far: R0101, R0802, R0301, "), "{last}");
    assert_eq!(last.matches("R0801").count(), 2, "{last}");
    assert!(last.ends_with(&format!(", and {} more", flagged - 24)), "{flagged}: {last}");
    assert_eq!(last.matches(", ").count(), 24, "{last}");
}

/// An `expect` line naming a report looks only at its group's lines, wherever the syntax stage
/// found its other reports: here each turn's expectation fails, and its help names nothing.
#[test]
fn expect_lines_look_at_their_own_lines() {
    use tribbles::diagnostics::Code;
    let deck = vec!["1 Kindness"; 40].join(", ");
    let mut text = format!("players: Dan, Rogue\ndeck Dan: {deck}\nround 1\nfirst: Dan\n");
    for k in 0..40 {
        let (player, power) = if k % 2 == 0 { ("Dan", "Kindness") } else { ("Rogue", "Go") };
        text.push_str(&format!("{player}: draw 1 {power}\nexpect warning S0104\n"));
    }
    // Dan's draws name an unknown power, which each of his expectations claims; Rogue's do not.
    let missing = helps_of(&text, Code::ExpectedDiagnosticMissing);
    assert_eq!(missing, vec![None; 20]);
    let (_, diags) = tribbles::check_bytes("log", text.as_bytes());
    assert_eq!(diags.iter().filter(|d| d.code == Code::UnknownPower).count(), 40, "the decklist's are left");
}

#[test]
fn a_long_log_parses_in_one_pass() {
    // About 8 MB: enough to catch accidental quadratic behaviour in a debug build.
    let mut text = String::from("players: Dan, Rogue, Matt, Johnny\nround 1\nfirst: Dan\n");
    let turn =
        "Dan: 1 Go\nRogue: 10 Go use @Matt\n  Matt discards 1000 Go from deck\nMatt: draw\nJohnny: draw 1 Go; 1 Go\n";
    while text.len() < 8_000_000 {
        text.push_str(turn);
    }
    let (log, diags) = parse(&text);
    assert!(diags.is_empty());
    assert!(log.lines.len() > 300_000, "{} lines", log.lines.len());
}
