//! End-of-round powers that the rulebook examples leave at one case each: a second mulligan, a
//! second or late reseating, and what a Time Warp does when who went out cannot be told.

mod support;

/// The codes of the errors and warnings.
fn flagged(text: &str) -> Vec<String> {
    let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
    support::flagged(&diags).into_iter().map(|d| d.split(':').next().unwrap_or("").to_string()).collect()
}

/// A position in round 1 with Dan to play on a 100 and the pot empty; its piles follow.
const POSITION: &str = "position
  ruleset: tcc-2.1
  players: Dan, Rogue, Matt, Johnny
  round 1
  chain: 100
  turn: Dan
  pot:
";

/// Dan goes out; Rogue stays in with a Roll and a BaH! in the pile.
const ROUND_ONE: &str = "  Dan hand: 1000 Go
  Dan pile: 1 Go
  Rogue pile: 1 Roll, 10 BaH!
  Matt pile:
  Johnny pile:
end
Dan: 1000 Go
points: Dan 1001
";

fn round_one() -> String {
    format!("{POSITION}{ROUND_ONE}")
}

#[test]
fn a_player_mulligans_once_however_many_rolls() {
    let once = format!("{}\nround 2\nfirst: Dan\nmulligan Rogue\nDan: 1 Go\n", round_one());
    assert_eq!(flagged(&once), Vec::<String>::new());
    let twice = format!("{}\nround 2\nfirst: Dan\nmulligan Rogue\nmulligan Rogue\nDan: 1 Go\n", round_one());
    assert_eq!(flagged(&twice), vec!["R0326".to_string()]);
}

#[test]
fn the_table_is_reseated_once_and_not_after_the_last_round() {
    let once = round_one().replace("points:", "reseat Rogue, Dan, Matt, Johnny\npoints:");
    assert_eq!(flagged(&once), Vec::<String>::new());
    let twice =
        round_one().replace("points:", "reseat Rogue, Dan, Matt, Johnny\nreseat Dan, Rogue, Matt, Johnny\npoints:");
    assert_eq!(flagged(&twice), vec!["R0326".to_string()]);
    let last =
        round_one().replace("round 1\n", "round 5\n").replace("points:", "reseat Rogue, Dan, Matt, Johnny\npoints:");
    assert!(flagged(&last).contains(&"R0326".to_string()), "{:?}", flagged(&last));
}

#[test]
fn a_time_warp_is_left_to_the_log_when_who_went_out_is_open() {
    // Nobody is known to have gone out (an unfollowed use leaves the hands open): Rogue's Time
    // Warp may or may not take a card, so a seven-card hand is no error.
    let open = format!(
        "{POSITION}  Rogue pile: 1 Time Warp
end
Dan: 1000 ? use
Rogue: draw
Matt: draw
Johnny: draw

round 2
first: Dan
hand Rogue: 1 Go, 10 Go, 100 Go, 1000 Go, 10000 Go, 100000 Go, 1 Skip
Dan: 1 Go
"
    );
    assert!(!flagged(&open).contains(&"R0103".to_string()), "{:?}", flagged(&open));
}

#[test]
fn an_unseen_pile_may_hold_the_bonus_run_under_decipher() {
    // Under Decipher 2000 a player who is not decked scores the four Bonus cards whether or not
    // they went out; Matt's pile is not given, so it may hold them.
    let log = "position
  ruleset: decipher-2000
  players: Dan, Rogue, Matt, Johnny
  round 1
  chain: 100
  turn: Dan
  pot:
  Dan hand: 1000 Go
  Dan pile: 1 Go
  Rogue pile:
  Johnny pile:
  Dan score: 0
  Rogue score: 0
  Matt score: 0
  Johnny score: 0
end
Dan: 1000 Go
points: Dan 1001, Matt 100000
";
    assert_eq!(flagged(log), Vec::<String>::new());
    let known = log.replace("  Johnny pile:\n", "  Johnny pile:\n  Matt pile: 1 Go\n");
    assert_eq!(flagged(&known), vec!["R0501".to_string()]);
}

#[test]
fn a_last_play_that_may_empty_the_hand_keeps_unwritten_deckings_open() {
    // Ruling R34: Rogue, Matt and Johnny may have been decked by their unnamed draws, but Dan's
    // uncounted hand may have emptied on his play. Nobody is taken to have been decked (R0707);
    // with Dan's hand counted, his play cannot have ended the round, and they are.
    let path = support::root().join("examples/tcc/a-go-out-or-an-unwritten-decking.tlog");
    let text = std::fs::read_to_string(path).expect("the example");
    let notes = |text: &str| {
        let (_, diags) = tribbles::check_bytes("t", text.as_bytes());
        diags.iter().filter(|d| d.code.id() == "R0707").count()
    };
    assert_eq!(notes(&text), 0);
    let counted = text.replace("  Dan deck: 20x ?\n", "  Dan deck: 20x ?\n  Dan hand: 10 Go, 1000 Go\n");
    assert_eq!(notes(&counted), 3);
}
