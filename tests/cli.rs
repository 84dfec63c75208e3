//! The `tribbles` binary as a user runs it: exit codes, inputs, output formats, `fmt`, `explain`.

mod support;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use tribbles::diagnostics::Code;
use tribbles::diagnostics::render::{JsonDiagnostic, JsonSummary, RecordType};

fn tribbles(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tribbles"))
        .args(args)
        .current_dir(support::root())
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs")
}

fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tribbles"))
        .args(args)
        .current_dir(support::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(input).expect("write stdin");
    child.wait_with_output().expect("the binary finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn clean_logs_exit_zero() {
    let o = tribbles(&["check", "logs/clean"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains(" 0 errors"), "{}", stdout(&o));
}

#[test]
fn an_error_anywhere_exits_one_and_every_file_is_checked() {
    let o = tribbles(&["check", "--format", "short", "logs/syntax-errors", "logs/clean"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let files = support::tlogs(&support::root().join("logs/syntax-errors")).len()
        + support::tlogs(&support::root().join("logs/clean")).len();
    assert!(out.contains(&format!("checked {files} files")), "{out}");
}

#[test]
fn a_missing_path_exits_two_after_checking_the_rest() {
    let o = tribbles(&["check", "no/such/file.tlog", "logs/clean"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no/such/file.tlog"));
    assert!(stdout(&o).contains("checked"), "the other paths are still checked");
    assert!(stdout(&o).contains(" notes; 1 could not be read (named on stderr)"), "{}", stdout(&o));
    // A tool reading the JSON summary learns of it too, not only from the exit code.
    let json = tribbles(&["check", "--format", "json", "no/such/file.tlog", "logs/clean"]);
    assert_eq!(json.status.code(), Some(2));
    let text = stdout(&json);
    let summary: JsonSummary = serde_json::from_str(text.lines().last().expect("a summary")).expect("the summary");
    assert_eq!(summary.unreadable, 1, "{text}");
    assert!(summary.files > 0);
}

#[test]
fn a_directory_without_logs_is_warned_of() {
    let dir = std::env::temp_dir().join(format!("tribbles-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let o = tribbles(&["check", dir.to_str().expect("utf-8 path")]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("warning: no `.tlog` file in this directory"));
    assert!(stdout(&o).contains("checked 0 files"), "{}", stdout(&o));
}

#[cfg(unix)]
#[test]
fn a_link_back_up_the_tree_is_searched_once() {
    // `season/links/up` leads back to `season`: followed blindly, it found the one log forty
    // times over, until the path grew too long for the system.
    let dir = std::env::temp_dir().join(format!("tribbles-loop-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("links")).expect("temp dir");
    std::fs::copy(support::root().join("logs/clean/club-night-4p.tlog"), dir.join("game.tlog")).expect("copy");
    std::os::unix::fs::symlink("..", dir.join("links/up")).expect("symlink");
    let o = tribbles(&["check", dir.to_str().expect("utf-8 path")]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("checked 1 file:"), "{}", stdout(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("links/up: warning: not searched again"), "{err}");
}

#[test]
fn stdin_is_read_for_a_dash() {
    let o = with_stdin(&["check", "--format", "short", "-"], b"players: Dan, Rogue\nround 1\nThomas: 1 Go\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("<stdin>:3:1: error[S0108]: `Thomas` is not a declared player"), "{}", stdout(&o));
    // Given twice, standard input is read once (and not by two threads at once), with a warning.
    let o = with_stdin(&["check", "--format", "short", "-", "-"], b"players: Dan, Rogue\nround 1\nThomas: 1 Go\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).matches("error[S0108]").count(), 1, "{}", stdout(&o));
    assert!(stdout(&o).ends_with("checked 1 file (0 games): 1 error, 0 warnings, 1 note\n"), "{}", stdout(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("standard input is read once"));
}

/// A log reached twice (named twice, or named and found in a directory given too) is checked
/// once, with a warning, so the summary counts it once; so is a directory given twice.
#[test]
fn a_log_reached_twice_is_checked_once() {
    let summary = |o: &std::process::Output| stdout(o).lines().last().unwrap_or_default().to_string();
    let log = "logs/clean/club-night-4p.tlog";
    let once = tribbles(&["check", "--format", "short", log]);
    let twice = tribbles(&["check", "--format", "short", log, log, "logs/clean/../clean/club-night-4p.tlog"]);
    assert_eq!(twice.status.code(), once.status.code());
    assert_eq!(stdout(&twice), stdout(&once));
    let stderr = String::from_utf8_lossy(&twice.stderr);
    assert!(stderr.contains(&format!("{log}: warning: given again; it is read once")), "{stderr}");
    assert!(stderr.contains(&format!("the same file as {log}; it is read once")), "{stderr}");
    let dir = tribbles(&["check", "--format", "short", "logs/clean"]);
    let again = tribbles(&["check", "--format", "short", "logs/clean", log, "logs/clean"]);
    assert_eq!(summary(&again), summary(&dir));
    assert!(String::from_utf8_lossy(&again.stderr).contains("logs/clean: warning: given again; it is searched once"));
}

#[test]
fn short_format_is_one_line_per_diagnostic() {
    let o = tribbles(&["check", "--format", "short", "logs/syntax-errors/unknown-power.tlog"]);
    assert_eq!(o.status.code(), Some(0), "a warning alone is not a failure");
    assert_eq!(
        stdout(&o),
        "logs/syntax-errors/unknown-power.tlog:7:7: note[R0701]: effects of Poisen not checked\n\
         logs/syntax-errors/unknown-power.tlog:7:11: warning[S0104]: `Poisen` is not a power of TCC 2.1\n\
         logs/syntax-errors/unknown-power.tlog:7:29: note[R0901]: the log ends during round 1\n\
         checked 1 file: 0 errors, 1 warning, 2 notes\n"
    );
}

/// The JSON Lines schema is read back into typed structs that refuse unknown or missing fields.
#[test]
fn json_output_reads_back_into_the_documented_schema() {
    let o = tribbles(&["check", "--format", "json", "logs/syntax-errors", "logs/clean", "logs/flawed"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let (last, records) = lines.split_last().expect("a summary line");
    assert!(last.starts_with(r#"{"type":"summary","#), "{last}");
    let summary: JsonSummary = serde_json::from_str(last).expect("the last line is the summary");
    let diags: Vec<JsonDiagnostic> =
        records.iter().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    let files = ["logs/syntax-errors", "logs/clean", "logs/flawed"]
        .iter()
        .map(|d| support::tlogs(&support::root().join(d)).len())
        .sum::<usize>();
    assert_eq!(summary.files, files);
    assert_eq!(summary.errors, diags.iter().filter(|d| d.severity == "error").count());
    assert_eq!(summary.warnings, diags.iter().filter(|d| d.severity == "warning").count());
    assert!(summary.errors > 0 && summary.warnings > 0);
    for d in &diags {
        assert_eq!(d.kind, RecordType::Diagnostic);
        let code = Code::from_id(&d.code).unwrap_or_else(|| panic!("unknown code {}", d.code));
        // A code's rule, or a power's narrower one (a mis-resolution cites the power).
        assert!(d.rule == code.rule() || d.rule.starts_with("TCC 2.1, Tribble Powers: "), "{d:?}");
        assert!(d.line >= 1 && d.column >= 1 && (d.end_line, d.end_column) >= (d.line, d.column), "{d:?}");
    }
    let battle = diags.iter().find(|d| d.file.ends_with("battle-loser-keeps.tlog") && d.code == "R0601");
    assert_eq!(battle.map(|d| d.rule.as_str()), Some("TCC 2.1, Tribble Powers: BATTLE"));
    let ruleset = diags.iter().find(|d| d.file.ends_with("misspelt-ruleset.tlog")).expect("the ruleset mistake");
    assert_eq!((ruleset.line, ruleset.column, ruleset.end_line, ruleset.end_column), (2, 10, 2, 17));
    assert_eq!(ruleset.help.as_deref(), Some("did you mean `tcc-2.1`?"));
    let value: serde_json::Value = serde_json::from_str(records[0]).expect("json");
    let keys: Vec<&str> = value.as_object().expect("object").keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["code", "column", "end_column", "end_line", "file", "help", "line", "message", "rule", "severity", "type"]
    );
}

#[test]
fn columns_count_characters() {
    let o = with_stdin(&["check", "--format", "json", "-"], "players: Zoë, Rogue\nround 1\nZoë: 7 ?\n".as_bytes());
    let first: JsonDiagnostic = serde_json::from_str(stdout(&o).lines().next().expect("a line")).expect("json");
    assert_eq!((first.line, first.column), (3, 6));
}

/// A turn of 20,000 steps puts its errors past the 65,535th column, where miette's drawing of a
/// label panicked, and a report per step redrew the whole line. Such reports give their position
/// in words; the short and JSON forms are unchanged.
#[test]
fn reports_on_a_very_long_line_do_not_draw_it() {
    let steps = vec!["1 Go"; 20_000].join("; ");
    let log = format!("tribbles-log 1\nplayers: Ann, Bob, Cyd, Dee\n\nround 1\nfirst: Ann\nAnn: {steps}\n");
    let human = with_stdin(&["check", "--color", "never", "-"], log.as_bytes());
    let (out, err) = (stdout(&human), String::from_utf8_lossy(&human.stderr).into_owned());
    assert_eq!(human.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        out.contains("help: at <stdin>:6:120000 (the line is too long to show)"),
        "{}",
        &out[..2000.min(out.len())]
    );
    let short = with_stdin(&["check", "--format", "short", "-"], log.as_bytes());
    assert!(stdout(&short).contains("<stdin>:6:120000: error["), "{}", stdout(&short));
}

#[test]
fn colour_follows_the_flag() {
    let plain = tribbles(&["check", "--color", "never", "logs/syntax-errors/unknown-power.tlog"]);
    assert!(!stdout(&plain).contains('\u{1b}'));
    let coloured = tribbles(&["check", "--color", "always", "logs/syntax-errors/unknown-power.tlog"]);
    assert!(stdout(&coloured).contains('\u{1b}'));
}

#[test]
fn explain_prints_the_long_text_and_list_names_every_code() {
    let o = tribbles(&["explain", "s0104"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("S0104 (warning): the power name is not one of the 52 powers"), "{}", stdout(&o));
    let list = stdout(&tribbles(&["explain", "--list"]));
    for c in Code::ALL {
        assert!(list.contains(c.id()), "{} missing from --list", c.id());
    }
    let bad = tribbles(&["explain", "S0140"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("did you mean"));
    let bad = tribbles(&["explain", "clon"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("(did you mean Clone?)"));
    // A compound card's power, as printed on it, explains both halves.
    let compound = tribbles(&["explain", "recycle&Freeze"]);
    assert_eq!(compound.status.code(), Some(0));
    let text = stdout(&compound);
    assert!(text.starts_with("Recycle & Freeze is a compound power"), "{text}");
    assert!(text.contains("\nRecycle (TCC 2.1") && text.contains("\nFreeze (TCC 2.1"), "{text}");
    assert_eq!(tribbles(&["explain", "Recycle & Frz"]).status.code(), Some(2));
}

#[test]
fn a_report_width_too_narrow_to_draw_is_refused() {
    let o = tribbles(&["check", "--width", "5", "logs/flawed/wrong-points.tlog"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("5 is not in 40..=1000"));
    assert_eq!(tribbles(&["check", "--width", "40", "logs/clean/club-night-4p.tlog"]).status.code(), Some(0));
}

#[test]
fn fmt_rewrites_in_place_and_check_reports_without_writing() {
    let dir = std::env::temp_dir().join(format!("tribbles-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("messy.tlog");
    let messy = "PLAYERS:  Dan,Rogue\r\nRound 1\r\n\r\n\r\nDan:1,000 go use   # a comment\r\n";
    std::fs::write(&path, messy).expect("write");
    let p = path.to_str().expect("utf-8 path");

    let check = tribbles(&["fmt", "--check", p]);
    assert_eq!(check.status.code(), Some(1));
    assert_eq!(stdout(&check).trim(), p);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), messy, "--check must not write");

    assert_eq!(tribbles(&["fmt", p]).status.code(), Some(0));
    let formatted = std::fs::read_to_string(&path).expect("read");
    assert_eq!(formatted, "tribbles-log 1\nplayers: Dan, Rogue\nround 1\n\nDan: 1000 Go use  # a comment\n");
    assert_eq!(tribbles(&["fmt", "--check", p]).status.code(), Some(0));
    std::fs::remove_dir_all(&dir).ok();
}

/// `fmt` rewrites a log through a new file that takes the old one's place, so a failed write
/// never leaves a log half written: the file keeps its permissions, a link to it stays a link, and
/// what is not a regular file (a device, a pipe) is refused rather than written into.
#[cfg(unix)]
#[test]
fn fmt_rewrites_the_file_a_link_leads_to_and_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("tribbles-fmt-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("messy.tlog");
    std::fs::write(&path, "players:Dan,Rogue\nround 1\nDan:1 go\n").expect("write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let link = dir.join("link.tlog");
    std::os::unix::fs::symlink("messy.tlog", &link).expect("a link");

    let o = tribbles(&["fmt", link.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let canonical = "tribbles-log 1\nplayers: Dan, Rogue\nround 1\nDan: 1 Go\n";
    assert_eq!(std::fs::read_to_string(&path).expect("read"), canonical);
    assert!(std::fs::symlink_metadata(&link).expect("the link").file_type().is_symlink());
    assert_eq!(std::fs::metadata(&path).expect("the file").permissions().mode() & 0o777, 0o640);
    let left: Vec<_> = std::fs::read_dir(&dir).expect("list").flatten().map(|e| e.file_name()).collect();
    assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    std::fs::remove_dir_all(&dir).ok();

    let o = tribbles(&["fmt", "/dev/null"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/dev/null: not a regular file"));
}

#[test]
fn a_byte_order_mark_is_read_as_nothing_and_fmt_drops_it() {
    // Ruling F16: a UTF-8 log saved with a byte-order mark checks as the same log without it, and
    // lines and columns count from the text after the mark.
    let o = with_stdin(&["check", "--format", "short", "-"], b"\xEF\xBB\xBFplayers: Dan, 7x\nround 1\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("<stdin>:1:15: error[S0107]: unexpected `7x` in the list of players"),
        "{}",
        stdout(&o)
    );

    let dir = std::env::temp_dir().join(format!("tribbles-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("saved-with-a-bom.tlog");
    let canonical = std::fs::read("logs/clean/club-night-4p.tlog").expect("a bundled log");
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend_from_slice(&canonical);
    std::fs::write(&path, &with_bom).expect("write");
    let p = path.to_str().expect("utf-8 path");

    let check = tribbles(&["check", p]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert!(stdout(&check).contains(" 0 errors, 0 warnings, 0 notes"), "{}", stdout(&check));

    let listed = tribbles(&["fmt", "--check", p]);
    assert_eq!(listed.status.code(), Some(1), "the mark is not canonical");
    assert_eq!(stdout(&listed).trim(), p);
    let piped = with_stdin(&["fmt", "--check", "-"], &with_bom);
    assert_eq!(stdout(&piped).trim(), "<stdin>");

    assert_eq!(tribbles(&["fmt", p]).status.code(), Some(0));
    assert_eq!(std::fs::read(&path).expect("read"), canonical, "fmt drops the mark and nothing else");
    std::fs::remove_dir_all(&dir).ok();
}

/// A log's text reaches a terminal with its control characters shown as stand-ins (`␛` for ESC):
/// an escape sequence in a name could otherwise hide the text after it, or the report itself. A
/// lone CR is shown too, so the report counts the lines the parser counts. Columns count
/// characters in every form. The JSON form keeps the text as it is, for tools.
#[test]
fn control_characters_from_a_log_are_shown_as_stand_ins() {
    let log = b"players: Dan, \"B\x1b[8mob\", Cy, Di\nround 1\n# a lone CR\r in a comment\nfirst: Dan\n\
                Dan: 10 Go use @\"B\x1b[8mob\"; 7x\nCy: 1 Go use @\"Z\x07q\"\n";
    let human = stdout(&with_stdin(&["check", "--color", "never", "-"], log));
    assert!(!human.contains(['\x1b', '\x07', '\r']), "{human}");
    assert!(human.contains("[<stdin>:5:28]") && human.contains("[<stdin>:6:15]"), "{human}");
    assert!(human.contains("`Z␇q` is not a declared player"), "{human}");
    // The label stands under the `7`, counted in characters past the stand-in.
    let lines: Vec<&str> = human.lines().collect();
    let at = lines.iter().position(|l| l.ends_with(r#"Dan: 10 Go use @"B␛[8mob"; 7x"#)).expect("the line is shown");
    let seven = lines[at].chars().position(|c| c == '7');
    assert_eq!(lines[at + 1].chars().position(|c| c == '┬'), seven, "{human}");

    let short = stdout(&with_stdin(&["check", "--format", "short", "-"], log));
    assert!(short.starts_with("<stdin>:5:28: error[S0103]"), "{short}");
    assert!(short.contains("<stdin>:6:15: error[S0108]: `Z␇q` is not a declared player"), "{short}");

    let json = stdout(&with_stdin(&["check", "--format", "json", "-"], log));
    assert!(json.contains(r#""message":"`Z\u0007q` is not a declared player""#), "{json}");

    // A name in `score`'s table and in `replay`'s lines.
    let game = std::fs::read_to_string("logs/clean/club-night-4p.tlog").expect("a bundled log");
    let game = game.replace("Rogue", "\"Ro\x1b[2Kgue\"");
    for args in [&["score", "-"][..], &["replay", "-"], &["replay", "--at", "1.2", "-"]] {
        let o = with_stdin(args, game.as_bytes());
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(stdout(&o).contains("Ro␛[2Kgue") && !stdout(&o).contains('\x1b'), "{args:?}: {}", stdout(&o));
    }
}

/// Ruling F18: a name with a character drawn as nothing (a zero-width space) looks like another;
/// reports show the character as `�`, and the report of the name read as it says what tells the
/// names apart.
#[test]
fn a_character_drawn_as_nothing_in_a_name_is_shown_and_named() {
    let log = "players: \"Ann\u{200b}\", Bob, Cyd, Dee\nround 1\nfirst: Ann\n".as_bytes();
    let human = stdout(&with_stdin(&["check", "--color", "never", "-"], log));
    assert!(!human.contains('\u{200b}'), "{human}");
    // Named once, the name is read as the declared one it misspells (R0111, ruling R4).
    assert!(human.contains("`Ann` is no declared player: read as \"Ann\u{fffd}\""), "{human}");
    let json = stdout(&with_stdin(&["check", "--format", "json", "-"], log));
    assert!(json.contains("read as \\\"Ann\u{200b}\\\""), "{json}");
    assert!(json.contains("(the names differ by a character drawn as nothing: U+200B)"), "{json}");
}

/// `fmt` on `log` changes nothing, prints nothing, exits 1, and says on stderr it is not
/// formatted `why`.
fn fmt_refuses(log: &[u8], why: &str) {
    let o = with_stdin(&["fmt", "-"], log);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("not formatted {why}")), "{err}");
}

#[test]
fn fmt_leaves_a_log_with_syntax_errors_alone() {
    fmt_refuses(b"players: Dan\nround 1\nDan: 7 Go\n", "because of syntax errors");
}

#[test]
fn fmt_leaves_a_log_whose_players_line_misspells_a_name_alone() {
    // The check reads the log with the name the log uses (R0109); `fmt` prints what is written.
    let log = b"players: Dan, Rgoue\nround 1\nfirst: Dan\nDan: 1 Go\nRogue: 10 Go\nDan: 100 Go\nRogue: 1000 Go\n";
    fmt_refuses(log, "until `players:` spells the name");
    let checked = stdout(&with_stdin(&["check", "--format", "short", "-"], log));
    assert!(checked.contains("error[R0109]: `Rgoue` is named `Rogue` everywhere else"), "{checked}");
    assert!(!checked.contains("R0106"), "the rules are checked: {checked}");
}

#[test]
fn fmt_leaves_a_log_whose_players_line_leaves_a_player_out_alone() {
    // The check reads the log with the player at the table (R0110), seated where the turns show;
    // `fmt` prints what is written.
    let log = b"players: Dan, Matt, Johnny\nround 1\nfirst: Dan\nDan: 1 Go\nRogue: 10 Go\nMatt: 100 Go\nJohnny: 1000 Go\nDan: 10000 Go\n\
                Rogue: 100000 Go\n";
    fmt_refuses(log, "until `players:` declares every player");
    let checked = stdout(&with_stdin(&["check", "-"], log));
    assert!(checked.contains("`players:` leaves out Rogue"), "{checked}");
    assert!(checked.contains("Rogue between Dan and Matt"), "{checked}");
    assert!(!checked.contains("R0106") && !checked.contains("R0301"), "in turn, the rules checked: {checked}");
}

#[test]
fn fmt_leaves_a_log_with_a_name_misspelt_alone() {
    // The check reads the name as the declared one (R0111); `fmt` prints what is written.
    let log = b"players: Dan, Rogue\nround 1\nfirst: Dan\nDan: 1 Go\nrogue: 10 Go\n";
    fmt_refuses(log, "until each name is spelt as `players:`");
}

#[test]
fn the_bundled_logs_are_in_canonical_form() {
    let o = tribbles(&["fmt", "--check", "logs/clean"]);
    assert_eq!(o.status.code(), Some(0), "not canonical: {}", stdout(&o));
}

#[test]
fn score_marks_the_sheets_mistakes_and_exits_one() {
    let o = tribbles(&["score", "logs/flawed/wrong-points.tlog"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("243777 ≠ 242777"), "{out}");
    assert!(out.contains("Rogue: play pile 243777 (30 cards) = 243777 this round"), "{out}");
    assert!(out.ends_with("1 figure on the sheet differ from the rules (≠)\n"), "{out}");
    let clean = tribbles(&["score", "logs/clean/club-night-4p.tlog"]);
    assert_eq!(clean.status.code(), Some(0));
    assert!(stdout(&clean).ends_with("every figure on the sheet agrees with the rules\n"));
    // A log whose first round has not ended has no figure to agree with.
    let unfinished = with_stdin(&["score", "-"], b"players: Ann, Bob, Cyd, Dee\nround 1\nAnn: 1 Go\n");
    assert_eq!(unfinished.status.code(), Some(0));
    assert_eq!(stdout(&unfinished), "no round of this log ends, so there is nothing to score\n");
}

/// The scoreboard's columns line up in a terminal whatever the names: a wide character (`李`)
/// takes two columns.
#[test]
fn score_columns_line_up_for_names_of_wide_characters() {
    use unicode_width::UnicodeWidthStr;
    let game = std::fs::read_to_string("logs/clean/club-night-4p.tlog").expect("a bundled log");
    let game = game.replace("Matt", "李").replace("Dan", "Zoë");
    let o = with_stdin(&["score", "-"], game.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let header = out.lines().find(|l| l.contains("breakdown")).expect("a header");
    let column = header.find("breakdown").map(|i| header[..i].width());
    let mut rows = 0;
    for line in out.lines().filter(|l| l.starts_with("  ") && !l.contains("breakdown")) {
        // The breakdown starts with the row's player's name.
        let name = line.split_whitespace().next().expect("a name");
        let at = line.rfind(&format!("  {name}: ")).map(|i| line[..i + 2].width());
        assert_eq!(at, column, "{out}");
        rows += 1;
    }
    assert!(rows >= 8 && out.contains("李") && out.contains("Zoë"), "{out}");
}

#[test]
fn score_json_lists_every_round_and_player() {
    let o = tribbles(&["score", "--format", "json", "logs/flawed/wrong-points.tlog"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON object");
    assert_eq!(v["mismatches"], 1);
    let rounds = v["rounds"].as_array().expect("rounds");
    assert_eq!(rounds.len(), 5);
    let row = rounds[2]["players"].as_array().expect("players").iter().find(|p| p["player"] == "Rogue").expect("Rogue");
    assert_eq!((row["points"].as_u64(), row["recorded_points"].as_u64()), (Some(243777), Some(242777)));
}

#[test]
fn replay_prints_events_under_their_lines_and_the_state_at_a_turn() {
    let o = tribbles(&["replay", "--events", "--at", "1.2", "examples/tcc/draw-then-play.tlog"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.starts_with("round 1\n  round 1 starts with Dan\n  Dan draws 1 Go, 10 Go,"), "{out}");
    assert!(
        out.contains(
            "Rogue: draw 10 Poison; 10 Poison\n  Rogue draws 10 Poison\n  Rogue plays 10 Poison\n  Matt is next\n"
        ),
        "{out}"
    );
    assert!(!out.contains("Matt: draw"), "turns after 1.2 are not printed: {out}");
    assert!(out.contains("chain: 10 last played: 100 next\n"), "{out}");
    assert!(out.contains("turn: Matt\n"), "{out}");
    assert!(out.contains("hand: 6 cards, known: 10 Go, 100 Go, 1000 Go, 10000 Go, 100000 Go, 1 Skip"), "{out}");
    let bad = tribbles(&["replay", "--at", "7.1", "examples/tcc/draw-then-play.tlog"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).ends_with("; the log runs from 1.0 to 1.13\n"));
    let bad = tribbles(&["replay", "--at", "1.14", "examples/tcc/draw-then-play.tlog"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).ends_with("; round 1 runs from 1.0 to 1.13\n"));
}

/// The rulebook examples pass as CI runs them: through the binary, exit 0.
#[test]
fn check_examples_passes() {
    let o = tribbles(&["check", "--format", "short", "examples"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains(" 0 errors, 0 warnings"), "{}", stdout(&o));
}

/// Files are checked in parallel, but the output comes in path order, the same as checking them
/// one by one.
#[test]
fn parallel_output_is_in_path_order() {
    let all = stdout(&tribbles(&["check", "--format", "short", "logs"]));
    let mut one_by_one = String::new();
    let mut files = 0;
    for dir in ["logs/clean", "logs/flawed", "logs/simulated", "logs/syntax-errors"] {
        for path in support::tlogs(&support::root().join(dir)) {
            let rel = support::relative(&path);
            let out = stdout(&tribbles(&["check", "--format", "short", &rel]));
            one_by_one.extend(out.lines().filter(|l| !l.starts_with("checked ")).map(|l| format!("{l}\n")));
            files += 1;
        }
    }
    let (body, summary) = all.rsplit_once("checked ").expect("a summary");
    assert_eq!(body, one_by_one);
    assert!(summary.starts_with(&format!("{files} files (")), "{summary}");
}

#[test]
fn score_shows_the_round_end_breakdown_of_passive_powers() {
    for (example, part) in [
        ("examples/powers/idic.tlog", "IDIC 40000"),
        ("examples/powers/quadruple.tlog", "Quadruple 30000"),
        ("examples/powers/bij.tlog", "BiJ 50000"),
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_tribbles"))
            .args(["score", example])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("the binary runs");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(part), "{example}: no `{part}` in\n{out}");
        assert!(o.status.success(), "{example}: the sheet disagrees:\n{out}");
    }
}

/// Each seat's decklist in a log, every card once per copy, sorted.
fn decklists(text: &str) -> Vec<Vec<String>> {
    let (log, _) = tribbles::syntax::parse(text);
    let mut lists = vec![Vec::new(); log.names.len()];
    for line in &log.lines {
        if let tribbles::model::log::LineKind::Deck { player, cards } = &line.kind {
            let mut cards: Vec<String> =
                tribbles::engine::state::expand(cards).iter().map(ToString::to_string).collect();
            cards.sort();
            lists[player.index()] = cards;
        }
    }
    lists
}

#[test]
fn simulate_plays_the_decklists_of_a_log_and_refuses_those_the_referee_would_reject() {
    let source = "logs/clean/club-night-4p.tlog";
    let wanted = decklists(&std::fs::read_to_string(support::root().join(source)).expect("the log"));
    for hidden in [false, true] {
        let mut args = vec!["simulate", "--seed", "5", "--decks", source];
        if hidden {
            args.push("--hidden");
        }
        let o = tribbles(&args);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let game = stdout(&o);
        if !hidden {
            assert_eq!(decklists(&game), wanted, "the game is played with the log's decks");
        }
        let checked = with_stdin(&["check", "-"], game.as_bytes());
        assert_eq!(checked.status.code(), Some(0));
        assert!(stdout(&checked).contains("0 errors, 0 warnings"), "{}", stdout(&checked));
    }

    // The boxed set's decks of 26 to 30 cards are too small for TCC 2.1, not for Decipher 2000.
    let boxed = "logs/clean/boxed-set-5p-decipher.tlog";
    let o = tribbles(&["simulate", "--players", "5", "--decks", boxed]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Kirk's deck has 26 cards; TCC 2.1 needs at least 35"), "{err}");
    let o = tribbles(&["simulate", "--players", "5", "--ruleset", "decipher-2000", "--decks", boxed]);
    assert_eq!(o.status.code(), Some(0));
    let checked = with_stdin(&["check", "-"], &o.stdout);
    assert!(stdout(&checked).contains("0 errors, 0 warnings"), "{}", stdout(&checked));

    // A decklist holding another player's card, and one with unnamed cards.
    let decks = "tribbles-log 1\nplayers: Ann, Bob, Cyd, Dee\ndeck Ann: 40x 1 Go\ndeck Bob: 40x 1 Go\n\
                 deck Cyd: 40x 1 Go\ndeck Dee: 39x 1 Go, Bob's 1 Skip\n";
    let o = with_stdin(&["simulate", "--decks", "-"], decks.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Dee's decklist holds a card of Bob's"), "{err}");
    let o = with_stdin(&["simulate", "--decks", "-"], decks.replace("39x 1 Go, Bob's 1 Skip", "40x ?").as_bytes());
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs a whole decklist"));
    // Three seats use the first three decklists only.
    let o = with_stdin(&["simulate", "--players", "3", "--ruleset", "decipher-2000", "--decks", "-"], decks.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn simulate_warns_of_a_table_size_the_ruleset_does_not_seat() {
    let o = tribbles(&["simulate", "--players", "3", "--seed", "2"]);
    assert_eq!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("warning: TCC 2.1 plays with 4 to 8 players") && err.contains("R0101"), "{err}");
    let checked = with_stdin(&["check", "--format", "short", "-"], &o.stdout);
    let report = stdout(&checked);
    let codes: Vec<&str> = report
        .lines()
        .filter_map(|l| l.split_once('[').and_then(|(_, rest)| rest.split_once(']')))
        .map(|(code, _)| code)
        .collect();
    assert_eq!(codes, ["R0101"], "{report}");
    let o = tribbles(&["simulate", "--players", "3", "--seed", "2", "--ruleset", "decipher-2000"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
}
