//! Properties of the engine over the bundled logs: the state is the fold of the events, every
//! event prints as a resolution line that parses back to itself, and clean logs stay clean.

mod support;

use tribbles::diagnostics::Severity;
use tribbles::engine::replay::replay;
use tribbles::model::log::LineKind;
use tribbles::syntax::parse;

/// An example's game without its `expect` lines.
fn game_of_example(path: &str) -> String {
    let example = std::fs::read_to_string(support::root().join(path)).expect("the example");
    example.lines().filter(|l| !l.starts_with("expect")).map(|l| format!("{l}\n")).collect()
}

/// The codes of what a log flags (errors and warnings).
fn flagged_codes(text: &str) -> Vec<String> {
    let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
    support::flagged(&diags).into_iter().map(|d| d.split(':').next().unwrap_or("").to_string()).collect()
}

fn logs(dir: &str) -> Vec<(String, String)> {
    support::tlogs(&support::root().join(dir))
        .into_iter()
        .map(|p| (support::relative(&p), std::fs::read_to_string(&p).expect("UTF-8 log")))
        .collect()
}

#[test]
fn the_state_is_the_fold_of_the_events() {
    for (name, text) in logs("logs/clean") {
        let (log, _) = parse(&text);
        let r = replay(&log);
        assert!(!r.events.is_empty(), "{name}: no events");
        assert_eq!(r.state_after(r.events.len()), r.state, "{name}: the fold differs from the replayed state");
        // And at every turn boundary, folding from scratch gives the state the replay had there.
        for &(round, turn, count) in r.turns.iter().step_by(37) {
            let folded = r.state_after(count);
            assert_eq!(folded.round, round, "{name}: {round}.{turn}");
        }
    }
}

#[test]
fn every_event_prints_as_a_resolution_line_that_parses_back() {
    for (name, text) in logs("logs/clean") {
        let (log, _) = parse(&text);
        let r = replay(&log);
        let mut doc = format!("players: {}\n", log.names.0.join(", "));
        doc.push_str("round 1\n");
        doc.push_str(&format!("{}: draw\n", log.names.0[0]));
        for e in &r.events {
            doc.push_str(&format!("  {}\n", e.event.display(&log.names)));
        }
        let (parsed, diags) = parse(&doc);
        assert!(diags.is_empty(), "{name}: {diags:#?}");
        let back: Vec<_> = parsed
            .lines
            .iter()
            .filter_map(|l| match &l.kind {
                LineKind::Resolution(e) => Some(e.clone()),
                _ => None,
            })
            .collect();
        let original: Vec<_> = r.events.iter().map(|e| e.event.clone()).collect();
        assert_eq!(back, original, "{name}");
    }
}

#[test]
fn the_clean_logs_have_no_errors_or_warnings() {
    for (name, text) in logs("logs/clean").into_iter().chain(logs("logs/simulated")) {
        let (_, diags) = tribbles::check_bytes(name.clone(), text.as_bytes());
        let flagged = support::flagged(&diags);
        assert!(flagged.is_empty(), "{name}: {flagged:#?}");
    }
}

/// `check` keeps a group's events only while something compares them (a resolution or `expect`
/// line); a replay keeps them all. Both must report the same, on every bundled log and on
/// simulated games, full and hidden, with and without troubles.
#[test]
fn check_reports_what_a_full_replay_reports() {
    use tribbles::engine::replay::{diagnostics, replay_with};
    let key = |d: &tribbles::diagnostics::Diagnostic| {
        let related: Vec<_> = d.related.iter().map(|(s, l)| (s.start, s.end, l.clone())).collect();
        (d.code, d.span.start, d.span.end, d.message.clone(), d.label.clone(), d.help.clone(), related)
    };
    let mut texts: Vec<(String, String)> = ["logs", "examples"]
        .iter()
        .flat_map(|dir| support::tlogs(&support::root().join(dir)))
        .filter_map(|p| Some((support::relative(&p), std::fs::read_to_string(&p).ok()?)))
        .collect();
    for seed in 0..12 {
        let mut o = tribbles::sim::Options::new(4 + seed as usize % 5, 700 + seed);
        o.troubles = seed % 2 == 0;
        o.hidden = seed % 3 == 0;
        texts.push((format!("simulated {seed}"), tribbles::sim::simulate(&o)));
    }
    let mut compared = 0;
    for (name, text) in &texts {
        let (log, syntax) = parse(text);
        if syntax.iter().any(|d| d.severity() == Severity::Error) {
            continue;
        }
        let full: Vec<_> = replay_with(&log, syntax.clone()).diagnostics.iter().map(key).collect();
        let checked: Vec<_> = diagnostics(&log, syntax).iter().map(key).collect();
        assert_eq!(checked, full, "{name}");
        compared += 1;
    }
    assert!(compared > 150, "only {compared} logs compared");
}

/// The events that say a zone is no longer counted print as resolution lines that parse back,
/// though no clean log makes them.
#[test]
fn uncounted_zone_events_print_as_lines_that_parse_back() {
    use tribbles::engine::event::Event;
    use tribbles::model::PlayerId;
    let (log, _) = parse("players: Dan, Rogue\nround 1\nDan: draw\n");
    let rogue = PlayerId(1);
    for e in [
        Event::HandUnknown(rogue),
        Event::DrawsUnknown(rogue),
        Event::PileUnknown(rogue),
        Event::DiscardsUnknown(rogue),
        Event::PotUnknown,
        Event::MayGoOut(rogue),
        Event::ZonesUnknown { player: rogue, hand: false, deck: None, discard: false },
        Event::ZonesUnknown { player: rogue, hand: true, deck: Some(12), discard: true },
        Event::ZonesUnknown { player: rogue, hand: false, deck: Some(0), discard: false },
        Event::MayScore { player: rogue, points: tribbles::model::Points(100) },
    ] {
        let text = format!("players: Dan, Rogue\nround 1\nDan: draw\n  {}\n", e.display(&log.names));
        let (back, diags) = parse(&text);
        assert!(diags.is_empty(), "{text}: {diags:#?}");
        assert!(back.lines.iter().any(|l| matches!(&l.kind, LineKind::Resolution(b) if *b == e)), "{text}");
    }
}

/// Another player's card lies only on a play pile or in the pot (an assimilated card or a BiJ
/// goes home when it leaves the pile): given in a hand, deck or discard pile of a position, in
/// an opening hand or in a decklist, it is reported, where the owner's name was once dropped
/// without a word.
#[test]
fn another_players_card_only_on_a_pile_or_in_the_pot() {
    let codes = |text: &str| -> Vec<String> {
        let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
        support::flagged(&diags).into_iter().map(|d| d.split(':').next().unwrap_or("").to_string()).collect()
    };
    let position = |zones: &str| {
        format!(
            "position\n  ruleset: tcc-2.1\n  players: Dan, Rogue, Matt, Johnny\n  round 1\n  chain: 10\n  \
             turn: Dan\n{zones}end\nDan: 100 Go\n"
        )
    };
    let fine = "  Dan hand: 100 Go, Dan's 1000 Go\n  Dan deck: 20x ?, Dan's 10 Go\n  Dan pile: Rogue's 1000 BiJ\n  \
                pot: Matt's 10 Go, ?\n";
    assert_eq!(codes(&position(fine)), Vec::<String>::new());
    for zones in [
        "  Dan hand: 100 Go, Rogue's 1000 Go\n",
        "  Dan hand: 100 Go, 3x ?\n  Dan deck: 20x ?, Rogue's 10 Go\n",
        "  Dan hand: 100 Go, 3x ?\n  Johnny discard: Matt's 10 Go\n",
    ] {
        assert_eq!(codes(&position(zones)), ["R0105"], "{zones}");
    }
    let dealt =
        "players: Dan, Rogue, Matt, Johnny\nround 1\nfirst: Dan\nhand Dan: 1 Go, Rogue's 10 Go, 5x ?\nDan: 1 Go\n";
    assert_eq!(codes(dealt), ["R0308"]);
    assert_eq!(codes(&dealt.replace("Rogue's 10 Go", "Dan's 10 Go")), Vec::<String>::new());
    let listed = "players: Dan, Rogue, Matt, Johnny\ndeck Dan: 1 Go, Rogue's 10 Go, 38x 1 Skip\nround 1\nfirst: Dan\nDan: 1 Go\n";
    assert_eq!(codes(listed), ["R0401"]);
    assert_eq!(codes(&listed.replace("Rogue's 10 Go", "Dan's 10 Go")), Vec::<String>::new());
}

/// A header tag, a decklist, a round's `first:` or a player's `hand` line given a second time
/// with something else is reported, and the first one holds (ruling F14); repeated word for word,
/// it changes nothing. A position's one-value lines and a sheet line's figures are given once
/// too, and a position's decked player holds no hand and does not have the turn.
#[test]
fn lines_given_twice() {
    let codes = |text: &str| -> Vec<String> {
        let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
        support::flagged(&diags).into_iter().map(|d| d.split(':').next().unwrap_or("").to_string()).collect()
    };
    let game = |header: &str, preamble: &str| {
        format!("players: Dan, Rogue, Matt, Johnny\n{header}round 1\nfirst: Dan\n{preamble}Dan: 1 Go\n")
    };
    for header in
        ["ruleset: tcc-2.1\nruleset: decipher-2000\n", "rounds: 3\nrounds: 5\n", "troubles: off\ntroubles: on\n"]
    {
        assert_eq!(codes(&game(header, "")), ["S0122"], "{header}");
    }
    assert_eq!(codes(&game("ruleset: tcc-2.1\nruleset: tcc-2.1\nrounds: 3\nrounds: 3\n", "")), Vec::<String>::new());
    // The first ruleset holds: Decipher 2000 would let two players sit down.
    let two = "ruleset: decipher-2000\nruleset: tcc-2.1\nplayers: Dan, Rogue\nround 1\nfirst: Dan\nDan: 1 Go\n";
    assert_eq!(codes(two), ["S0122"]);
    let decks = "deck Dan: 40x 1 Go\ndeck Dan: 40x 1 Skip\n";
    assert_eq!(codes(&game(decks, "")), ["S0122"]);
    assert_eq!(codes(&game("deck Dan: 40x 1 Go\ndeck Dan: 40x 1 Go\n", "")), Vec::<String>::new());
    // The first `first:` holds: Dan plays first, in turn.
    assert_eq!(codes(&game("", "first: Rogue\n")), ["S0122"]);
    let hands = "hand Dan: 1 Go, 6x ?\nhand Dan: 1 Skip, 6x ?\n";
    assert_eq!(codes(&game("", hands)), ["S0122"]);
    assert_eq!(codes(&game("", "hand Dan: 1 Go, 6x ?\nhand Dan: 1 Go, 6x ?\n")), Vec::<String>::new());
    let sickbay = "trouble: ... in Sickbay\n";
    assert_eq!(codes(&game("troubles: on\n", &format!("{sickbay}trouble: Tribble Shortage\n"))), ["S0122"]);
    assert_eq!(codes(&game("troubles: on\n", &format!("{sickbay}{sickbay}"))), Vec::<String>::new());
    // A position's one-value lines, and a player's figure on a sheet line.
    let position = |lines: &str| {
        format!(
            "position\n  ruleset: tcc-2.1\n  players: Dan, Rogue, Matt, Johnny\n  round 1\n  turn: Dan\n{lines}end\n\
             Dan: 1 Go\n"
        )
    };
    assert_eq!(codes(&position("  chain: 100000\n")), Vec::<String>::new());
    for twice in ["  chain: 10\n  chain: 100000\n", "  Dan score: 0\n  Dan score: 10\n", "  pot:\n  pot: ?\n"] {
        assert_eq!(codes(&position(twice)), ["R0105"], "{twice}");
    }
    assert_eq!(codes(&position("  Dan score: 0\n  Rogue score: 0\n")), Vec::<String>::new());
    // A decked player takes no turn. The hand was discarded, but a Draw aimed at the player may
    // have brought cards again from a deck a Recycle refilled (ruling R12).
    assert_eq!(codes(&position("  chain: 100000\n  decked: Rogue\n  Rogue hand:\n")), Vec::<String>::new());
    assert_eq!(codes(&position("  chain: 100000\n  decked: Rogue\n  Rogue hand: 2x ?\n")), Vec::<String>::new());
    // Dan, decked, has the turn: one report, and the turn holds for Dan's play.
    assert_eq!(codes(&position("  chain: 100000\n  decked: Dan\n")), ["R0105"]);
    let sheet = position("  Dan hand: 1 Go\n  Dan pile:\n");
    assert_eq!(codes(&format!("{sheet}points: Dan 1\n")), Vec::<String>::new());
    assert_eq!(codes(&format!("{sheet}points: Dan 1, Dan 1\n")), ["S0110"]);
}

/// One mistake, one diagnostic: a second card after the drawn one was played is a second card
/// (R0305), not also "another card than the drawn one" (R0306); a first card other than the
/// drawn one is R0306 alone. A card that may not be played at all is not judged against the chain.
#[test]
fn a_second_card_after_a_draw_is_reported_once() {
    let codes = |turn: &str| -> Vec<String> {
        let text = format!(
            "position\n  ruleset: tcc-2.1\n  players: Dan, Rogue, Matt, Johnny\n  round 1\n  chain: 100000\n  \
             turn: Dan\n  Dan hand: 10 Go, 100 Go, 1000 Skip\nend\n{turn}\n"
        );
        flagged_codes(&text)
    };
    assert_eq!(codes("Dan: draw 1 Go; 1 Go"), Vec::<String>::new());
    assert_eq!(codes("Dan: draw 1 Go; 1 Go; 10 Go"), ["R0305"]);
    assert_eq!(codes("Dan: draw 1 Go; 10 Go"), ["R0306"]);
    // Nor is a second card judged against the chain: 1 after 10 is not a third report.
    assert_eq!(codes("Dan: draw 1 Go; 10 Go; 1 Go"), ["R0306", "R0305"]);
}

/// A position block in mid-round (ruling R12): its scores hold the points scored earlier in the
/// round, which the referee does not see, so the round's sheet figure may be higher than it
/// counts after the block, never lower; the totals are checked as usual.
#[test]
fn a_position_in_mid_round_leaves_the_earlier_points_open() {
    let game = game_of_example("examples/rulings/a-position-in-mid-round.tlog");
    let codes = |text: &str| -> Vec<String> {
        let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
        diags.iter().map(|d| d.code.id().to_string()).collect()
    };
    assert_eq!(codes(&game), ["R0704"]);
    assert_eq!(codes(&game.replace("points: Dan 1011", "points: Dan 11")), Vec::<String>::new());
    assert_eq!(codes(&game.replace("points: Dan 1011", "points: Dan 10")), ["R0501"]);
    assert_eq!(codes(&game.replace("totals: Dan 1011", "totals: Dan 2011")), ["R0704", "R0502"]);
    // Of two players who went out, either may have scored the fewest when the one counted higher
    // can have scored before the block; not when its score leaves no room for it.
    let who = game_of_example("examples/rulings/who-starts-after-a-position-in-mid-round.tlog");
    assert_eq!(codes(&who), ["R0202", "R0901"]);
    assert_eq!(codes(&who.replace("Rogue score: 1000", "Rogue score: 0")), ["R0201", "R0901"]);
    // At the round's start (every pile given, and empty) the round is counted in full.
    let start = game.replace("Dan pile: 1 Poison", "Dan pile:").replace("Rogue pile: 10 Go", "Rogue pile:");
    assert!(codes(&start).contains(&"R0501".to_string()), "{:?}", codes(&start));
}

/// A power takes one player, one power name, one `take` and one `of`: a second one is reported,
/// where it was once dropped without a word, and the use is then not followed.
#[test]
fn a_second_choice_of_one_kind_is_reported() {
    let use_ = |choices: &str| {
        let text = format!(
            "position\n  ruleset: tcc-2.1\n  players: Dan, Rogue, Matt, Johnny\n  round 1\n  chain: 10\n  turn: Dan\n  \
             Dan hand: 100 Poison & Freeze, 1 Go\nend\nDan: 100 Poison & Freeze use {choices}\n"
        );
        flagged_codes(&text)
    };
    assert_eq!(use_("@Rogue name Go"), Vec::<String>::new());
    assert_eq!(use_("@Rogue @Matt name Go"), ["R0317"]);
    assert_eq!(use_("@Rogue name Go name Skip"), ["R0317"]);
}

/// A player sitting the round out (TCC 2.1, Advanced Rules: "Decked") is dealt nothing: a hand
/// line for that player lists too many cards, and a mulligan has no hand to act on, Roll or not.
#[test]
fn a_player_sitting_out_has_no_hand() {
    let codes = |preamble: &str| -> Vec<String> {
        let text = format!(
            "position\n  ruleset: tcc-2.1\n  players: Dan, Rogue, Matt, Johnny\n  round 1\n  chain: 1000\n  \
             turn: Dan\n  Dan hand: 2x ?\n  Dan deck: 0x ?\n  Dan pile: 1 Go, 10 Go, 1 Roll\n  Rogue hand: 10000 Go\n  \
             Rogue pile: 1 Skip\n  Rogue deck: 30x ?\n  Matt deck: 30x ?\n  Matt pile:\n  Johnny deck: 30x ?\n  \
             Johnny pile:\nend\nDan: draw\n  \
             Dan is decked\nRogue: 10000 Go\npoints: Rogue 10001\n\nround 2\nfirst: Rogue\n{preamble}Rogue: 1 Go\n"
        );
        flagged_codes(&text)
    };
    assert_eq!(codes(""), Vec::<String>::new());
    assert_eq!(codes("hand Dan: 1 Go, 10 Go\n"), ["R0103"]);
    assert_eq!(codes("mulligan Dan\n"), ["R0326"]);
    assert_eq!(codes("mulligan Rogue\n"), ["R0326"]);
}

/// A block says who sits the round out and which Score waits (ruling R12). A player sitting out
/// holds no hand and takes no turn, only under TCC 2.1 and never in round 1; a Score cannot wait
/// on a player decked or sitting out (it lapsed, R22); and with no `score waiting:` line no Score
/// pays.
#[test]
fn a_block_can_say_who_sits_out_and_which_score_waits() {
    let codes = |ruleset: &str, round: u32, lines: &str, turns: &str| -> Vec<String> {
        let text = format!(
            "position\n  ruleset: {ruleset}\n  players: Dan, Rogue, Matt, Johnny\n  round {round}\n  chain: 10\n  \
             turn: Rogue\n  Rogue hand: 100 Go, 3x ?\n  Matt hand: 1000 Go, 3x ?\n{lines}end\n{turns}"
        );
        flagged_codes(&text)
    };
    let none = Vec::<String>::new();
    let out = "  sitting out: Dan\n";
    // Johnny plays after Matt, not Dan; Dan's own turn is not applied.
    assert_eq!(codes("tcc-2.1", 2, out, "Rogue: 100 Go\nMatt: 1000 Go\nJohnny: draw\n"), none);
    assert_eq!(codes("tcc-2.1", 2, out, "Rogue: 100 Go\nMatt: 1000 Go\nDan: draw\n"), ["R0302"]);
    assert_eq!(codes("tcc-2.1", 2, "  sitting out: Dan\n  Dan hand: 1 Go\n", ""), ["R0105"]);
    assert_eq!(codes("tcc-2.1", 2, "  sitting out: Dan\n  Dan hand:\n", ""), none);
    // Rogue has the turn: one report, and the turn and Rogue's hand hold for Rogue's play.
    assert_eq!(codes("tcc-2.1", 2, "  sitting out: Rogue\n", "Rogue: 100 Go\n"), ["R0105"]);
    assert_eq!(codes("tcc-2.1", 1, out, ""), ["R0105"]);
    assert_eq!(codes("decipher-2000", 2, out, ""), ["R0105"]);
    // Matt's Score on Rogue is paid by Rogue's play, once; with no line it is not paid at all.
    let waits = "  score waiting: Matt on Rogue\n";
    let paid = "Rogue: 100 Go\n  Matt scores 100\n";
    assert_eq!(codes("tcc-2.1", 2, waits, paid), none);
    assert_eq!(codes("tcc-2.1", 2, "", paid), ["R0601"]);
    // Unwritten, the payment is still made.
    assert_eq!(codes("tcc-2.1", 2, waits, "Rogue: 100 Go\nexpect Matt scores 100\n"), none);
    assert_eq!(codes("tcc-2.1", 2, "", "Rogue: 100 Go\nexpect Matt scores 100\n"), ["R0801"]);
    assert_eq!(codes("tcc-2.1", 2, waits, &format!("{paid}Matt: 1000 Go\n  Matt scores 1000\n")), ["R0601"]);
    assert_eq!(codes("tcc-2.1", 2, "  score waiting: Matt on Dan\n  decked: Dan\n", ""), ["R0105"]);
    // Rogue, decked, has the turn: one report, and the turn and the Score hold.
    assert_eq!(codes("tcc-2.1", 2, &format!("{waits}  decked: Rogue\n"), paid), ["R0105"]);
    assert_eq!(codes("tcc-2.1", 2, "  score waiting: Matt on Dan\n  sitting out: Dan\n", ""), ["R0105"]);
    assert_eq!(codes("tcc-2.1", 2, "  score waiting: Matt Rogue\n", ""), ["S0117"]);
}

/// A player who may have been decked at the deal discarded the hand dealt (ruling R2): a Rival
/// may take a card of that hand from the discard pile. A hand line with the whole hand shows the
/// player dealt in, and the card is then not in the discard pile (R0321).
#[test]
fn a_rival_may_take_a_card_of_a_hand_discarded_at_the_deal() {
    let game = game_of_example("examples/rulings/a-rival-and-a-hand-discarded-at-the-deal.tlog");
    assert_eq!(flagged_codes(&game), Vec::<String>::new());
    assert_eq!(flagged_codes(&game.replace("hand Johnny: 10 Scan, 2x ?", "hand Johnny: 10 Scan, 6x ?")), ["R0321"]);
}

/// A power's draws that deck their player with no line for them (ruling R34) may have drawn up to
/// one card fewer than asked for: those went to the hand and on to the discard pile, which is then
/// not counted. With the draws written, it is.
#[test]
fn draws_that_deck_with_no_line_leave_the_discard_pile_uncounted() {
    let game = game_of_example("examples/rulings/decked-by-a-process-with-no-draw-line.tlog");
    assert_eq!(flagged_codes(&game), Vec::<String>::new());
    let written = game.replace("  Dan is decked\n", "  Dan draws 100 Go\n  Dan is decked\n");
    assert_eq!(flagged_codes(&written), ["R0321"]);
}

/// A power acting on every player still in derives no card moved for a player who may be out of
/// the round unseen (rulings R2, F15): a Qapla' or a Toxin with no line for a player who may have
/// been decked at the deal, whose deck a Recycle refilled, leaves that player's zones uncounted.
/// (A derived card, written out, would show the player in.) Once the table writes the card, it
/// moves.
#[test]
fn powers_on_everyone_derive_no_card_for_a_player_who_may_be_out() {
    use tribbles::engine::event::Event;
    let moved = |text: &str| {
        let (log, _) = parse(text);
        let bob = log.names.0.iter().position(|n| n == "Bob").expect("Bob");
        replay(&log)
            .events
            .iter()
            .filter(|e| match &e.event {
                Event::Puts { player, .. } | Event::Reveals { player, .. } | Event::Draws { player, .. } => {
                    player.index() == bob
                }
                _ => false,
            })
            .count()
    };
    let qapla = game_of_example("examples/rulings/a-qapla-and-a-player-who-may-have-been-decked-at-the-deal.tlog");
    assert_eq!(moved(&qapla), 0);
    let written =
        qapla.replace("  Cyd puts 1 Go under pile", "  Bob puts 1 Go under pile from deck\n  Cyd puts 1 Go under pile");
    assert_eq!(moved(&written), 1);
    let toxin = game_of_example("examples/rulings/a-toxin-and-a-player-who-may-have-been-decked-at-the-deal.tlog");
    assert_eq!(moved(&toxin), 0);
    let written = toxin.replace("  Ann reveals 1000 Go", "  Ann reveals 1000 Go\n  Bob reveals 10 Go");
    assert_eq!(moved(&written), 2);
}

#[test]
fn a_log_with_nothing_of_a_game_is_warned_of_and_a_fragment_is_not() {
    for empty in
        ["", "\n\n", "tribbles-log 1\n", "# the final\nevent: Club night\ndate: 2026-11-28\n", "flavour: mint\n"]
    {
        let codes = flagged_codes(empty);
        let want: &[&str] = if empty.starts_with("flavour") { &["S0106", "R0107"] } else { &["R0107"] };
        assert_eq!(codes, want, "{empty:?}");
    }
    // Fragments (ruling F1) hold something to check: a decklist, a hand, or turns (R0104, a note).
    for fragment in
        ["deck Dan: 40x 1 Go\n", "hand Dan: 7x ?\n", "Dan: 1 Go\nRogue: 10 Go\n", "players: Dan, Rogue, Matt, Johnny\n"]
    {
        assert_eq!(flagged_codes(fragment), Vec::<String>::new(), "{fragment:?}");
    }
}

/// A count of one takes the singular in a message: `1 player`, `1 round`, `1 card`.
#[test]
fn counts_of_one_take_the_singular() {
    let messages = |text: &str| -> Vec<String> {
        let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
        diags.into_iter().map(|d| d.message).collect()
    };
    let lone = messages("players: Ann\nround 1\n");
    assert!(lone.iter().any(|m| m.starts_with("1 player; ")), "{lone:?}");
    let short = messages("rounds: 1\nplayers: Ann, Bob, Cyd, Dee\nround 1\nfirst: Ann\nround 2\n");
    assert!(short.iter().any(|m| m == "the game has 1 round"), "{short:?}");
    let deck = messages("players: Ann, Bob, Cyd, Dee\ndeck Ann: 1 Go\nround 1\n");
    assert!(deck.iter().any(|m| m.starts_with("Ann's deck has 1 card; ")), "{deck:?}");
}

/// A resolution line that departs from what a power did names the power, says under the line what
/// it made happen, and rests on its rule; inside a Copy, the copied power's. A line that stands for
/// no power's doing keeps the plain report on the format's rule.
#[test]
fn a_misresolution_names_the_power_and_cites_its_rule() {
    let report = |text: &str| {
        let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
        let d = diags.into_iter().find(|d| d.code.id() == "R0601").expect("a mis-resolution");
        (d.message.clone(), d.label.clone().unwrap_or_default(), d.rule().to_string())
    };
    let copied = "position\n  players: Dan, Rogue, Matt\n  round 1\n  chain: 1\n  turn: Dan\n  \
                  Dan hand: 10 Copy, 3x ?\n  Dan deck: 20x ?, 1 Go, 1 Go, 1 Go\n  \
                  Rogue deck: 20x ?, 100 Go, 100 Go, 100 Go\n  Matt pile: 1 Battle\nend\n\
                  Dan: 10 Copy use of Matt @Rogue\n  Dan reveals 3x 1 Go\n  Rogue reveals 3x 100 Go\n  \
                  Dan puts 3x 1 Go under pile from deck\n";
    let (message, label, rule) = report(copied);
    assert_eq!(message, "Battle does not make this happen");
    assert_eq!(label, "it makes: Dan discards 1 Go, 1 Go, 1 Go from deck");
    assert_eq!(rule, "TCC 2.1, Tribble Powers: BATTLE");
    // Found while the copied Poison resolved: its rule, not the Copy's.
    let (message, _, rule) = report(&game_of_example("examples/powers/copy.tlog"));
    assert_eq!(message, "Poison scores 10 here, not 100");
    assert!(rule.starts_with("TCC 2.1, Tribble Powers: POISON"), "{rule}");
    // A Go makes no one score: no power's event is like the line.
    let nothing = "position\n  players: Dan, Rogue, Matt\n  round 1\n  chain: 1\n  turn: Dan\n  \
                   Dan hand: 1 Go, 3x ?\nend\nDan: 1 Go use\n  Rogue scores 100\n";
    let (message, label, rule) = report(nothing);
    assert_eq!((message.as_str(), label.as_str()), ("the rules do not make this happen", "not what happened"));
    assert_eq!(rule, "FORMAT.md §8, Resolution lines");
    // A line naming the wrong next player says who is next.
    let (message, label, rule) = report(&game_of_example("examples/powers/go.tlog"));
    assert_eq!((message.as_str(), label.as_str()), ("Johnny is next, not Dan", "the turn order makes Johnny next"));
    assert_eq!(rule, "TCC 2.1, How to Play (turn order)");
    // So do a power's choices and target: the codes were first written for one power (R0320 for
    // Poison), the report cites the power used.
    let rules = |path: &str| -> Vec<(String, String)> {
        let (_, diags) = tribbles::check_bytes("t", game_of_example(path).as_bytes());
        diags.iter().map(|d| (d.code.id().to_string(), d.rule().to_string())).collect()
    };
    let battle = rules("examples/powers/battle.tlog");
    assert!(battle.contains(&("R0320".into(), "TCC 2.1, Tribble Powers: BATTLE".into())), "{battle:?}");
    let kill = rules("examples/powers/kill.tlog");
    assert!(kill.contains(&("R0317".into(), "TCC 2.1, Tribble Powers: KILL".into())), "{kill:?}");
    let exchange = rules("logs/flawed/exchange-takes-a-card-not-discarded.tlog");
    assert!(exchange.contains(&("R0321".into(), "TCC 2.1, Tribble Powers: EXCHANGE".into())), "{exchange:?}");
}

/// A Convert with no line brings the deck's top onto the pile: where the referee knows that card,
/// its event names it (`tribbles replay` shows it), rather than an unknown card.
#[test]
fn a_convert_with_no_line_names_the_deck_s_known_top() {
    let text = game_of_example("examples/powers/convert-with-no-line.tlog");
    let (log, _) = parse(&text);
    let r = replay(&log);
    let events: Vec<String> = r.events.iter().map(|e| e.event.display(&log.names).to_string()).collect();
    assert!(events.iter().any(|e| e == "Dan puts 1000 Go on pile from deck"), "{events:#?}");
    assert!(!events.iter().any(|e| e == "Dan puts ? on pile from deck"), "{events:#?}");
}

/// The round's last turn left out with no lines (ruling R4): the round scored with nobody out is
/// reported once, naming the turn that went out, and the scores are checked against it (no note
/// of points that cannot be verified, with the hands known); a Score's target, which the round's
/// end left no turn to show, is not guessed. With the cards hidden, the card's number alone.
#[test]
fn the_round_s_last_turn_left_out_is_named_at_its_scores() {
    let report = |path: &str| {
        let (_, diags) = tribbles::check_bytes("t", game_of_example(path).as_bytes());
        let codes: Vec<&str> = diags.iter().map(|d| d.code.id()).collect();
        let help = diags.iter().find(|d| d.code.id() == "R0504").and_then(|d| d.help.clone()).unwrap_or_default();
        (codes.join(" "), help)
    };
    let (codes, help) = report("examples/rulings/a-turn-that-went-out-left-out.tlog");
    assert_eq!(codes, "R0504");
    assert!(help.contains("a turn line `Dan: 10000 Score` seems left out above"), "{help}");
    let (codes, help) = report("examples/rulings/a-turn-that-went-out-left-out-in-a-hidden-log.tlog");
    assert_eq!(codes, "R0504 R0704");
    assert!(help.contains("a turn line `Dan: 10000 ?` seems left out above"), "{help}");
    // The round's end may be its totals alone, or the next round.
    let game = game_of_example("examples/rulings/a-turn-that-went-out-left-out.tlog");
    for end in ["totals: Dan 10100, Rogue 0, Matt 0, Johnny 0", "round 2"] {
        let (_, diags) = tribbles::check_bytes("t", game.replace("points: Dan 10100", end).as_bytes());
        let d = diags.iter().find(|d| d.code.id() == "R0504").expect("the round's end reported");
        let help = d.help.clone().unwrap_or_default();
        assert!(help.contains("a turn line `Dan: 10000 Score` seems left out above"), "{end}: {help}");
    }
}

/// A turn left out above its lines, one of them a `then` line that the turn above read as its
/// own step: the turn above is read again without them, and the report names the turn left out
/// over all the lines (ruling R4).
#[test]
fn a_turn_left_out_above_a_then_line_is_read_with_it() {
    let game = game_of_example("examples/rulings/a-turn-left-out-above-its-lines-and-a-then-line.tlog");
    let (_, diags) = tribbles::check_bytes("t", game.as_bytes());
    let errors: Vec<_> = diags.iter().filter(|d| d.severity() == Severity::Error).collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].code.id(), "R0601");
    let label = errors[0].label.clone().unwrap_or_default();
    assert_eq!(label, "this line and the 1 after it are what `Rogue: 100 Stampede use` makes happen");
}

/// A turn left out with no lines is read with a card drawn and played with a choice (a Replay's,
/// a Rescue's after a break), a hand nobody saw with a Rescue it may hold, and where two readings
/// fit alike the report names both (ruling R4).
#[test]
fn a_turn_left_out_that_drew_and_replayed_names_each_reading_that_fits() {
    let help = |path: &str| {
        let (_, diags) = tribbles::check_bytes("t", game_of_example(path).as_bytes());
        let codes: Vec<&str> = diags.iter().filter(|d| d.severity() == Severity::Error).map(|d| d.code.id()).collect();
        assert_eq!(codes, ["R0301"], "{path}");
        diags.iter().find(|d| d.code.id() == "R0301").and_then(|d| d.help.clone()).unwrap_or_default()
    };
    let one = help("examples/rulings/a-turn-left-out-that-drew-a-card-and-replayed-one.tlog");
    assert!(one.contains("`Matt: draw 100 Replay; 100 Replay use; replay 1000 Go` seems left out above"), "{one}");
    assert!(!one.contains("as well"), "{one}");
    let two = help("examples/rulings/a-turn-left-out-that-either-of-two-replays-fits.tlog");
    assert!(two.contains("`Matt: draw 100 Replay; 100 Replay use; replay 1000 Bonus` seems left out above"), "{two}");
    assert!(two.contains("`Matt: draw 100 Replay; 100 Replay use; replay 1000 Go` fits as well"), "{two}");
    let one = help("examples/rulings/a-turn-left-out-that-drew-a-1-after-a-break-and-used-it.tlog");
    assert!(one.contains("`Rogue: draw 1 Rescue; 1 Rescue use 100 Go` seems left out above"), "{one}");
    let hidden = help("examples/rulings/a-turn-left-out-that-rescued-a-card-in-a-hidden-log.tlog");
    assert!(hidden.contains("`Rogue: 10 Rescue use 100 Go; 100 Go` seems left out above"), "{hidden}");
}

/// A card written without `use` whose power the lines or the turns after show is read as used and
/// reported once at the card; a Skip whose turn after shows it as the only report either way
/// leaves that report standing, its help pointing at the Skip (ruling R4).
#[test]
fn a_use_left_out_is_reported_at_the_card() {
    let (_, diags) = tribbles::check_bytes("t", game_of_example("examples/rulings/a-use-left-out.tlog").as_bytes());
    let errors: Vec<_> = diags.iter().filter(|d| d.severity() == Severity::Error).collect();
    let codes: Vec<&str> = errors.iter().map(|d| d.code.id()).collect();
    assert_eq!(codes, ["R0601", "R0601", "R0316"], "{errors:#?}");
    for d in &errors[..2] {
        assert_eq!(d.label.as_deref(), Some("read as `use`"));
    }
    let help = errors[2].help.clone().unwrap_or_default();
    assert_eq!(help, "if Johnny's Skip was used, write `use`: it skipped Dan");
    assert_eq!(errors[2].related.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>(), ["played without `use`"]);
    // The skipped turn not written down: the next turn is out of turn, and its help says so.
    let game = game_of_example("examples/rulings/a-use-left-out.tlog").replace("Dan: skipped\n", "");
    let (_, diags) = tribbles::check_bytes("t", game.as_bytes());
    let errors: Vec<_> = diags.iter().filter(|d| d.severity() == Severity::Error).collect();
    let codes: Vec<&str> = errors.iter().map(|d| d.code.id()).collect();
    assert_eq!(codes, ["R0601", "R0601", "R0301"], "{errors:#?}");
    let help = errors[2].help.clone().unwrap_or_default();
    assert!(help.ends_with("if Johnny's Skip was used, write `use`: it passed over Dan and Rogue was next"), "{help}");
}

#[test]
fn a_hand_line_card_the_decklist_lacks_is_named_at_its_place() {
    let game = game_of_example("examples/rulings/a-hand-line-card-the-decklist-lacks.tlog");
    let (_, diags) = tribbles::check_bytes("t", game.as_bytes());
    let errors: Vec<_> = diags.iter().filter(|d| d.severity() == Severity::Error).collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].message, "Ann's decklist has no 10000 Antidote");
    let line = game.find("hand Ann:").expect("Ann's hand line");
    let at = line + game[line..].find("10000 Antidote").expect("the hand line's Antidote");
    let span = (errors[0].span.start as usize, errors[0].span.end as usize);
    assert_eq!(span, (at, at + "10000 Antidote".len()));
}
