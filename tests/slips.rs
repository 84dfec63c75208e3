//! One slip, one report (FORMAT.md §1, ruling R4): simulated games recorded with one common slip
//! of the pen draw one error, at the slip, and the referee follows the table past it rather than
//! reporting what follows from it.

mod support;

use tribbles::diagnostics::{Diagnostic, Severity};
use tribbles::model::log::Ruleset;
use tribbles::sim::{Options, simulate};

/// Game `k` as the simulator plays it, tables of four to eight, some with troubles, some under
/// Decipher 2000, some long.
fn game(k: u64) -> String {
    simulate(&options(k))
}

/// [`game`] with the cards a table does not see hidden.
fn hidden_game(k: u64) -> String {
    let mut o = options(k);
    o.hidden = true;
    simulate(&o)
}

fn options(k: u64) -> Options {
    let mut o = Options::new(4 + (k % 5) as usize, k);
    o.troubles = k % 3 == 0;
    if k % 4 == 1 {
        o.ruleset = Ruleset::Decipher2000;
    }
    if k % 7 == 2 {
        o.rounds = 12;
    }
    o
}

fn errors(text: &str) -> Vec<Diagnostic> {
    let (_, diags) = tribbles::check_bytes("slip", text.as_bytes());
    diags.into_iter().filter(|d| d.severity() == Severity::Error).collect()
}

/// The line numbers (from 1) of the turn lines, and the number of resolution lines under each.
fn turns(lines: &[&str]) -> Vec<(usize, usize)> {
    let start = lines.iter().position(|l| l.starts_with("round ")).unwrap_or(0);
    let mut turns = Vec::new();
    for (i, l) in lines.iter().enumerate().skip(start) {
        let head = l.split(':').next().unwrap_or("");
        let is_turn = !l.starts_with(' ') && l.contains(": ") && !head.contains(' ') && !head.is_empty();
        let tag = ["first", "hand", "points", "totals", "winner", "trouble", "mulligan"].contains(&head);
        if is_turn && !tag {
            let under = lines[i + 1..].iter().take_while(|l| l.starts_with("  ")).count();
            turns.push((i + 1, under));
        }
    }
    turns
}

/// Prints that `count` of `games` slip games `what` (`cargo test --release --test slips --
/// --nocapture` lists every kind, as the README's table gives them), and fails unless that is at
/// least the share `least`, a fraction: `(99, 100)` for 99%, `(1, 1)` for all.
fn share(what: &str, count: usize, games: usize, least: (usize, usize)) {
    eprintln!("{count} of {games} {what}");
    assert!(count * least.1 >= games * least.0, "{count} of {games} {what}");
}

/// Games 0 to 299 by default (`TRIBBLES_SLIP_GAMES=300..5000` for more).
fn slip_games() -> std::ops::Range<u64> {
    support::games("TRIBBLES_SLIP_GAMES", 0..300)
}

#[test]
fn a_turn_written_twice_draws_one_report_at_the_repeat() {
    let (mut games, mut named) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let turns = turns(&lines);
        // A turn picked by the game's number, written again with its resolution lines.
        let (at, under) = turns[(k as usize * 7919) % turns.len()];
        let end = at + under;
        let mut damaged: Vec<&str> = lines[..end].to_vec();
        damaged.extend_from_slice(&lines[at - 1..end]);
        damaged.extend_from_slice(&lines[end..]);
        let damaged = damaged.join("\n");
        let errors = errors(&damaged);
        let found: Vec<String> = errors.iter().map(|d| format!("{}: {}", d.code.id(), d.message)).collect();
        // None when the turn could be played again (a draw while everyone else is out); after
        // a power the referee could not follow, the repeat may show only as a card off the chain.
        assert!(found.len() <= 1, "game {k}, line {at} written twice: {found:#?}");
        games += 1;
        named += usize::from(found.iter().any(|f| f.starts_with("R0301") && f.ends_with("is written twice")));
    }
    share("repeats named as such", named, games, (9, 10));
}

/// In each slip game, a resolution line picked by the game's number (not a `then` step, nor a
/// pass or a decking, which stand for no event of their own) written a second time under it: the
/// repeat is reported, once, as a line written again (over games 300 to 4299, 3992 of 4000, and
/// all 4000 with one report at most). Before, with every line only matched against what happened,
/// 11 of 300 (the second Stampede plays; checked).
#[test]
fn a_resolution_line_written_twice_draws_one_report_at_the_repeat() {
    let (mut games, mut one, mut named) = (0, 0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.starts_with("round ")).unwrap_or(0);
        let written: Vec<usize> = (start..lines.len())
            .filter(|&i| {
                let l = lines[i];
                l.starts_with("  ")
                    && !l.trim_start().starts_with("then ")
                    && !l.ends_with(" passes")
                    && !l.ends_with(" is decked")
            })
            .collect();
        let Some(&i) = written.get((k as usize * 7919) % written.len().max(1)) else { continue };
        let mut damaged = lines.clone();
        damaged.insert(i + 1, lines[i]);
        let errors = errors(&damaged.join("\n"));
        games += 1;
        one += usize::from(errors.len() <= 1);
        // At the repeat: as a line written again, or as a second Stampede play of its player.
        let repeat = damaged[..=i].iter().map(|l| l.len() + 1).sum::<usize>();
        named += usize::from(errors.iter().any(|d| {
            let at = d.span.start as usize;
            (repeat..repeat + lines[i].len()).contains(&at)
                && (d.message.contains("is written again") || d.message.contains("already played into this stampede"))
        }));
    }
    share("repeated lines drew one report at most", one, games, (99, 100));
    share("repeated lines reported at the repeat as such", named, games, (99, 100));
}

/// (A longer sweep finds games where it does not yet: the turn after the first one out of order
/// is a skipped player's own line after a Skip, which the reading that follows the table does
/// not place, as in games 411 and 3314.)
#[test]
fn a_reverse_written_without_use_draws_at_most_one_report() {
    let (mut games, mut reported) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        // The first plain Reverse used: `Ann: 100 Reverse use`.
        let Some(i) = lines.iter().position(|l| {
            let Some((_, step)) = l.split_once(": ") else { return false };
            !l.starts_with(' ') && step.ends_with(" Reverse use") && step.split(' ').count() == 3
        }) else {
            continue;
        };
        let mut damaged = lines.clone();
        let without = lines[i].trim_end_matches(" use").to_string();
        damaged[i] = &without;
        let errors = errors(&damaged.join("\n"));
        let found: Vec<String> = errors.iter().map(|d| format!("{}: {}", d.code.id(), d.message)).collect();
        assert!(found.len() <= 1, "game {k}, line {}: {found:#?}", i + 1);
        games += 1;
        reported += usize::from(errors.first().is_some_and(|d| d.code.id() == "R0301"));
    }
    eprintln!("{games} of {games} Reverses written without `use` drew one report at most");
    // Most such slips show: the next turn goes the other way round.
    assert!(reported > 10, "only {reported} reversals showed");
}

/// 288 of 297 games at most one error before two turns of one player (a Go's extra turn) were read
/// swapped too, 296 since (checked).
#[test]
fn two_turns_written_in_the_wrong_order_draw_one_report() {
    let (mut games, mut one) = (0, 0);
    let mut worse = Vec::new();
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let turns = turns(&lines);
        // Two turns in a row, picked by the game's number, written the other way round, each
        // with its resolution lines.
        let n = (k as usize * 7919) % (turns.len() - 1);
        let ((a, under_a), (b, under_b)) = (turns[n], turns[n + 1]);
        if a + under_a != b - 1 {
            continue;
        }
        let mut damaged: Vec<&str> = lines[..a - 1].to_vec();
        damaged.extend_from_slice(&lines[b - 1..b + under_b]);
        damaged.extend_from_slice(&lines[a - 1..b - 1]);
        damaged.extend_from_slice(&lines[b + under_b..]);
        let errors = errors(&damaged.join("\n"));
        let found: Vec<String> = errors.iter().map(|d| format!("{}: {}", d.code.id(), d.message)).collect();
        games += 1;
        match found.len() {
            0 | 1 => one += 1,
            _ => worse.push((k, a, found)),
        }
    }
    if one * 100 < games * 99 {
        eprintln!("{worse:#?}");
    }
    share("swaps drew one report at most", one, games, (99, 100));
}

/// The next number up, 100,000 giving 1: a slip of one digit.
fn misnumbered(number: &str) -> Option<&'static str> {
    Some(match number {
        "1" => "10",
        "10" => "100",
        "100" => "1000",
        "1000" => "10000",
        "10000" => "100000",
        "100000" => "1",
        _ => return None,
    })
}

/// In the turn picked by the game's number, the first card its line names (played or drawn): the
/// line's number (from 1), its words, and the index of the card's number among them.
fn first_card<'a>(k: u64, lines: &[&'a str]) -> Option<(usize, Vec<&'a str>, usize)> {
    let turns = turns(lines);
    let (at, _) = turns[(k as usize * 7919) % turns.len()];
    let words: Vec<&str> = lines[at - 1].split(' ').collect();
    let i = (1..words.len().saturating_sub(1))
        .find(|&i| misnumbered(words[i]).is_some() && words[i + 1].starts_with(|c: char| c.is_ascii_uppercase()))?;
    Some((at, words, i))
}

/// The names of the `players:` line.
fn player_names<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    lines.iter().find_map(|l| l.strip_prefix("players: ")).map(|p| p.split(", ").collect()).unwrap_or_default()
}

/// The powers a slip writes in place of a card's own.
const OTHER_POWERS: [&str; 5] = ["Go", "Bonus", "Kill", "Score", "Draw"];

/// The line of `words` with the power at word `i` (a `,` or `;` after it kept) one of
/// [`OTHER_POWERS`], picked by the game's number `k`; `None` for a compound's, Time Warp, or where
/// the power picked is the card's own.
fn with_other_power(k: u64, words: Vec<&str>, i: usize) -> Option<String> {
    let word = *words.get(i)?;
    let (power, rest) = word.split_at(word.trim_end_matches([',', ';']).len());
    let other = OTHER_POWERS[(k as usize / 3) % OTHER_POWERS.len()];
    if power == other || power == "Time" || words.get(i + 1) == Some(&"&") {
        return None;
    }
    let other = format!("{other}{rest}");
    let mut words = words;
    words[i] = &other;
    Some(words.join(" "))
}

/// The verbs of the resolution lines that move cards.
const MOVES: [&str; 4] = ["draws", "discards", "puts", "reveals"];

/// How many errors the game draws with line `at` (from 1) written as `words`.
fn errors_with_line(lines: &[&str], at: usize, words: &[&str]) -> usize {
    let changed = words.join(" ");
    let mut damaged = lines.to_vec();
    damaged[at - 1] = &changed;
    errors(&damaged.join("\n")).len()
}

/// The turn's first card (played or drawn), one digit off. 243 of 299 games at most one error
/// before a draw's card was read as the card the turn then plays, 283 since, 286 since a played
/// card the hand cannot hold is read as each card of the hand one word off, 294 since a card the
/// hand may hold whose play drew an error is read so too, 295 since a card that played as written
/// is read one digit off where the turn after broke the chain (checked).
#[test]
fn a_card_s_number_miswritten_draws_one_report_in_most_games() {
    let (games, one) = first_cards_misnumbered(game);
    share("miswritten numbers drew one report at most", one, games, (97, 100));
}

/// The same, the cards hidden: 55 of 203 games at most one error before a card the hand may hold
/// whose play drew an error (mostly breaking the chain) was read as each card one word off it,
/// 197 since, 201 since a card that played as written (a Clone one digit up) is read one digit off
/// where the turn after broke the chain (checked).
#[test]
fn a_card_s_number_miswritten_draws_one_report_in_most_hidden_games() {
    let (games, one) = first_cards_misnumbered(hidden_game);
    assert!(games >= 150, "only {games} hidden games with a first card to misnumber");
    share("hidden miswritten numbers drew one report at most", one, games, (98, 100));
}

/// In each slip game made by `make`, the first card of the turn [`first_card`] picks one digit
/// off (`Ann: 100 Go` becomes `Ann: 1000 Go`): the games, and those drawing one error at most.
fn first_cards_misnumbered(make: fn(u64) -> String) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = make(k);
        let lines: Vec<&str> = text.lines().collect();
        let Some((at, mut words, i)) = first_card(k, &lines) else { continue };
        words[i] = misnumbered(words[i]).unwrap_or(words[i]);
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &words) <= 1);
    }
    (games, one)
}

/// The turn's first card with another power. 196 of 266 games at most one error before a power
/// used with choices the written one cannot take was read as the hand's card of that number that
/// can (with lines under the turn too), 229 since, 261 since a card the hand cannot hold is read
/// as each card it may hold one word off, the turn and the next three choosing, 262 since a card
/// it may hold whose play drew an error is read so too (checked).
#[test]
fn a_card_s_power_miswritten_draws_one_report_in_most_games() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        // Another power: `Ann: 100 Go` becomes `Ann: 100 Kill` (a compound's first half left be).
        let Some((at, mut words, i)) = first_card(k, &lines) else { continue };
        let other = OTHER_POWERS[(k as usize / 3) % OTHER_POWERS.len()];
        if words[i + 1] == other || words.get(i + 2) == Some(&"&") {
            continue;
        }
        words[i + 1] = other;
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &words) <= 1);
    }
    share("miswritten powers drew one report at most", one, games, (97, 100));
}

/// Over the slip games made by `make`, each with one turn line left out (`with_lines`: a turn with
/// resolution lines, which stay; else one without), picked by the game's number: how many games,
/// and how many of them draw one error at most.
fn turns_left_out(make: fn(u64) -> String, with_lines: bool) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = make(k);
        let lines: Vec<&str> = text.lines().collect();
        let turns: Vec<(usize, usize)> =
            turns(&lines).into_iter().filter(|&(_, under)| (under > 0) == with_lines).collect();
        let Some(&(at, _)) = turns.get((k as usize * 7919) % turns.len().max(1)) else { continue };
        let mut damaged = lines.clone();
        damaged.remove(at - 1);
        games += 1;
        one += usize::from(errors(&damaged.join("\n")).len() <= 1);
    }
    (games, one)
}

/// The turn left out is read back from its lines when they are what a draw, a play of one card of
/// the hand of the player due, or a draw played at once makes happen: the power used with no
/// choices or aimed at a player, else with the choices the lines show (a power they name, a card
/// picked, a player copied), else after the active trouble's action where a line shifts the
/// trouble. 7 of 300 games at most one error before (checked), 218 before a hand the referee does
/// not know in full was read too, 222 before the choices the lines show and the trouble's action,
/// 264 before a turn that ended the round (a `safety` line next) was read, 267 before the lines
/// of a round's first turn, under no turn, drew one syntax report for the run, 271 before
/// readings that fit alike, follow every power they use and draw the very same reports by the
/// log's end were taken (the first, the others named), 277 before a reading of the first kind,
/// with later kinds to try, was weighed by the log's end too (a draw that fits a trouble's shift
/// line, where the action's loss shows in the totals), 281 before readings that leave a power
/// unfollowed were weighed only where none that follows every power fits, 284 before a `then`
/// line among the lines (a Stampede's player playing on) was read as the turn left out's, the
/// turn above read again without them, 288 before a 1 drawn after a break was read, where the
/// hand held no card to play, 289 before a trouble's action was read with powers used with no
/// choices or aimed at a player before those with the choices the lines show (too many to try
/// beside an Evolve's draws), 290 before up to twelve readings that fit were read on to the log's
/// end, not eight (a Process's two cards), 293 before a round whose turn order was not followed
/// no longer spent the game's readings on its turns (none is out of order there), 294 before lines
/// that repeat the turn above's were read as the turn left out's too where that leaves fewer
/// errors standing (an Ante left out under an Ante), 295 since.
#[test]
fn a_turn_line_left_out_above_its_lines_draws_one_report_in_most_games() {
    let (games, one) = turns_left_out(game, true);
    share("turns left out above their lines drew one report at most", one, games, (93, 100));
}

/// The same with the cards hidden: the player due may have played the number the chain calls for
/// (or a 1 after a break) with any power the hand may hold, used as the lines show (aimed at a
/// player they name), and a reading that leaves nothing unfollowed, makes the lines and the turns
/// after happen, and draws fewer reports by the log's end than the turns as written is taken.
/// 14 of 300 games at most one error before (checked), 215 before a reading refused by the log's
/// end gave way to the next kind (the choices the lines show, the trouble's action), 226 before a
/// turn that ended the round was read, 229 before a guessed power naming a power the lines show,
/// or drawn first and then played, was read, 238 before the lines of a round's first turn drew
/// one syntax report, 240 before guessed cards alike but for their powers, tying, were read as
/// the card with its power unknown, a card of that number played unused was taken over every
/// power guessed for it, readings that draw the very same reports by the log's end were taken,
/// and of the kinds weighed by the log's end the one that draws the fewest reports there, 274
/// before a `reseat` line could follow the turn left out (the round's last) and up to three
/// times as many readings as for a known hand were tried (a Party's lines name seven players),
/// 279 before a note the turns as written draw too (a round's points not verifiable) no longer
/// counted as a guessed power left unfollowed, 282 before the same held for a turn left out with
/// no lines, 283 before readings tied to the same reports by the log's end were taken past such
/// a note, 285 before a `then` line among the lines was read as the turn left out's (under a turn
/// above that used no power), 288 before a round whose turn order was not followed no longer spent
/// the game's readings, 289 before a power guessed was read aimed at the turn's own player where
/// the lines name that player (an Assimilate of the player's own deck), 290 before the rarer plays
/// (a Clone of the number last played, with or after a trouble's action) were read too, 291 before
/// lines that repeat the turn above's were read as the turn left out's too, 292 before a Sabotage
/// guessed was read with its discarded card's power activated too, 294 since.
#[test]
fn a_turn_line_left_out_above_its_lines_draws_one_report_in_most_hidden_games() {
    let (games, one) = turns_left_out(hidden_game, true);
    share("hidden turns left out above their lines drew one report at most", one, games, (93, 100));
}

/// The turn left out is read back when exactly one way of taking it lets the turns after it follow,
/// or, of several that do, one draws the fewest reports by the log's end. 142 of 300 games at most
/// one error before the reading (checked); 227 before the comparison to the log's end, 262 after,
/// 264 since a draw the player need not have made is weighed by the log's end with the rest (and
/// taken where it draws fewer reports there), 270 since readings that fit alike and draw the very
/// same reports by the log's end are taken, 274 before the round's last turn, its player going out
/// with the one card held, was read before the round's scores (a power whose use made no
/// difference read as not used), 286 since a hand known in full is read with the choices its
/// zones offer (a card of the hand, a Rescue's or a Replay's card, a target) and of the kinds the
/// reading that draws the fewest reports by the log's end is taken, 288 since up to eight readings
/// that fit are read on to the log's end, not six (a power aimed at each player of a table of
/// seven or eight), 291 before a card drawn first was read with those choices too (a Replay's, a
/// Rescue's of a 1 drawn after a break), 293 before up to twelve (a Recycle and a Draw, each aimed
/// at any player of a table of five), 295 since a turn whose Go gave the next, its player's extra
/// turn off the chain, is read left out.
#[test]
fn a_turn_line_left_out_draws_one_report_in_most_games() {
    let (games, one) = turns_left_out(game, false);
    share("turns left out drew one report at most", one, games, (95, 100));
}

/// The same with the cards hidden: the player due may have drawn, played a card of the number
/// the chain calls for without its power, or drawn it and played it, and a reading that lets the
/// turns after follow is taken where it draws fewer reports by the log's end than the turns as
/// written. 164 of 300 games at most one error before (checked), 253 since, 261 since a 1 after a
/// break is read too, 267 since, where nothing else fits, each power the hand may hold is read
/// used, 269 before readings alike but for the power guessed, or drawing the very same reports
/// by the log's end, were taken, 274 before a note the turns as written draw too (a round's
/// points not verifiable) no longer counted as a guessed power left unfollowed, 275 before an
/// Advance of any number was read after a break and a draw was no longer taken for a needless
/// one where the card of the number called for was only guessed for the hand, 282 before a Rescue
/// or a Replay the hand may hold was read fetching a card of the next number from the open
/// discard or play pile, 283 before a compound the log names, a Clone of the number last played,
/// a Dabo after two powers and a Rescue of a card kept secret were read last, 288 before a turn
/// whose Go gave the next, its player's extra turn off the chain, was read left out, 290 since.
#[test]
fn a_turn_line_left_out_draws_one_report_in_most_hidden_games() {
    let (games, one) = turns_left_out(hidden_game, false);
    share("hidden turns left out drew one report at most", one, games, (95, 100));
}

/// In each slip game (or its hidden print), one of the lines `picks` takes, picked by the game's
/// number, with the player named after `aim` (`; activate @`) written as another, also picked by
/// the number: how many games had such a line, and how many of them drew at most one error.
fn aimed_elsewhere(hidden: bool, aim: &str, picks: impl Fn(&str) -> bool) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = if hidden { hidden_game(k) } else { game(k) };
        let lines: Vec<&str> = text.lines().collect();
        let aimed_lines: Vec<usize> = (1..=lines.len()).filter(|&at| picks(lines[at - 1])).collect();
        let Some(&at) = aimed_lines.get((k as usize * 7919) % aimed_lines.len().max(1)) else { continue };
        let line = lines[at - 1];
        let start = line.find(aim).map_or(0, |i| i + aim.len());
        let aimed = line[start..].split([' ', ';']).next().unwrap_or("");
        let others: Vec<&str> = player_names(&lines).into_iter().filter(|n| *n != aimed).collect();
        let other = others[(k as usize / 3) % others.len()];
        let changed = format!("{}{other}{}", &line[..start], &line[start + aimed.len()..]);
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &[&changed]) <= 1);
    }
    (games, one)
}

/// In each slip game (and its hidden print) with a Sabotage that activates a power aimed at a
/// player (`; activate @Name`), the one picked by the game's number written aimed at another
/// player, also picked by the number: the activation is read back from its lines, as a turn's
/// target is. 21 of 39 games at most one error before (checked), 33 since; with the cards hidden,
/// 24 of 39 before, 33 since; 36 of 39 both ways since an activated Score is read aimed at the
/// player under whose turn its points are written. The rest activate a Recycle, whose shuffle
/// shows turns later, or, hidden, a Draw aimed at a player whose draws are not written.
#[test]
fn an_activation_s_target_miswritten_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = aimed_elsewhere(hidden, "; activate @", |line| line.contains("; activate @"));
        assert!(games >= 35, "only {games} activations");
        share(&format!("activations misaimed (hidden: {hidden}) drew one report at most"), one, games, (9, 10));
    }
}

/// In each slip game (and its hidden print) with a Score aimed at a player (`Ann: 100 Score use
/// @Bob`), the one picked by the game's number written aimed at another player, also picked by the
/// number. Its points are written under the turn of the player it was aimed at, often turns after
/// it: where the rules give none there, the Score is read aimed at that turn's player. 87 of 191
/// games at most one error before (checked), 189 since; with the cards hidden, 88 before, 189
/// since.
#[test]
fn a_score_aimed_at_another_player_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = aimed_elsewhere(hidden, " Score use @", |line| {
            !line.starts_with(' ') && line.contains(" Score use @") && line.matches('@').count() == 1
        });
        assert!(games >= 150, "only {games} Scores aimed at a player");
        share(
            &format!("Scores aimed at another player (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (98, 100),
        );
    }
}

/// In each slip game (and its hidden print) with a Recycle aimed at a player (`Bob: 1 Recycle use
/// @Bob`), the one picked by the game's number written aimed at another player, also picked by the
/// number. Nothing is written under a Recycle: the slip shows turns later, where a card is found in
/// the pile the Recycle emptied as written, or missing from the deck it refilled, or a player's
/// deck runs out early. There the Recycle is read aimed at each other player. 72 of 189 games at
/// most one error before (checked), 178 since; with the cards hidden, 162 before, 171 since.
#[test]
fn a_recycle_aimed_at_another_player_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = aimed_elsewhere(hidden, " Recycle use @", |line| {
            !line.starts_with(' ') && line.contains(" Recycle use @") && line.matches('@').count() == 1
        });
        assert!(games >= 150, "only {games} Recycles aimed at a player");
        share(
            &format!("Recycles aimed at another player (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (89, 100),
        );
    }
}

/// In each slip game (and its hidden print), a bare `skipped` line of a turn's player written
/// in error just above that turn (`Bob: skipped` / `Bob: 1 Quadruple`), the turn picked by the
/// game's number: the line is read as written in error, the one report. 19 of 300 games at most
/// one error before (checked), 300 since; with the cards hidden, 17 before, 297 since.
#[test]
fn a_skipped_line_written_above_its_player_s_turn_draws_one_report() {
    for hidden in [false, true] {
        let (mut games, mut one) = (0, 0);
        for k in slip_games() {
            let text = if hidden { hidden_game(k) } else { game(k) };
            let lines: Vec<&str> = text.lines().collect();
            let plays: Vec<usize> = turns(&lines)
                .into_iter()
                .map(|(at, _)| at)
                .filter(|&at| !lines[at - 1].ends_with(": skipped"))
                .collect();
            let Some(&at) = plays.get((k as usize * 7919) % plays.len().max(1)) else { continue };
            let Some((player, _)) = lines[at - 1].split_once(": ") else { continue };
            let mut damaged = lines.clone();
            let skipped = format!("{player}: skipped");
            damaged.insert(at - 1, &skipped);
            games += 1;
            one += usize::from(errors(&damaged.join("\n")).len() <= 1);
        }
        assert!(games >= 290, "only {games} games with a turn");
        share(
            &format!("skipped lines written in error (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (99, 100),
        );
    }
}

/// In each slip game, a turn aimed at one player (`@Name`) with resolution lines, picked by the
/// game's number, written aimed at another player, also picked by the number (the turn's own
/// player too): the target is read back from the lines when exactly one other target makes them
/// and the next turns happen. 114 of 300 games at most one error before (checked), 283 before a
/// target that leaves the power unfollowed gave way to one that is followed (a Battle whose other
/// targets' decks nobody saw) and a turn whose lines name only its own player was read so too
/// (a Draw aimed at its own player), 298 since.
#[test]
fn a_target_miswritten_draws_one_report_in_most_games() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let names = player_names(&lines);
        let aimed: Vec<(usize, &str)> = turns(&lines)
            .into_iter()
            .filter(|&(_, under)| under > 0)
            .filter_map(|(at, _)| {
                let mut targets = lines[at - 1].split(' ').filter_map(|w| w.strip_prefix('@'));
                let target = targets.next()?;
                targets.next().is_none().then_some((at, target))
            })
            .collect();
        let Some(&(at, target)) = aimed.get((k as usize * 7919) % aimed.len().max(1)) else { continue };
        let others: Vec<&str> = names.iter().copied().filter(|n| *n != target).collect();
        let other = others[(k as usize / 3) % others.len()];
        let words: Vec<String> = lines[at - 1]
            .split(' ')
            .map(|w| if w.strip_prefix('@') == Some(target) { format!("@{other}") } else { w.to_string() })
            .collect();
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &words.iter().map(String::as_str).collect::<Vec<_>>()) <= 1);
    }
    share("miswritten targets drew one report at most", one, games, (97, 100));
}

/// A Copy's player miswritten (`Bob: 10 Copy use of Cyd` for `... of Dee`; the name after `of`
/// changed to another player's, the Copy's own among them, picked by the game's number): the
/// turn, where it or the turn after it draws a report, is read copying each other player's top
/// card. 79 of 171 games at most one error before (checked), 170 since; with the cards hidden, 91
/// of 171 before, 167 since.
#[test]
fn a_copied_player_miswritten_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (mut games, mut one) = (0, 0);
        for k in slip_games() {
            let text = if hidden { hidden_game(k) } else { game(k) };
            let lines: Vec<&str> = text.lines().collect();
            let copies: Vec<usize> =
                turns(&lines).into_iter().map(|(at, _)| at).filter(|&at| lines[at - 1].contains(" of ")).collect();
            let Some(&at) = copies.get((k as usize * 7919) % copies.len().max(1)) else { continue };
            let mut words: Vec<&str> = lines[at - 1].split(' ').collect();
            let Some(i) = words.iter().position(|w| *w == "of").map(|i| i + 1).filter(|&i| i < words.len()) else {
                continue;
            };
            // A `;` or `,` after the name stays.
            let (written, rest) = words[i].split_at(words[i].trim_end_matches([',', ';']).len());
            let others: Vec<&str> = player_names(&lines).into_iter().filter(|n| *n != written).collect();
            let other = format!("{}{rest}", others[(k as usize / 3) % others.len()]);
            words[i] = &other;
            games += 1;
            one += usize::from(errors_with_line(&lines, at, &words) <= 1);
        }
        assert!(games >= 150, "only {games} copies");
        share(&format!("copied players miswritten (hidden: {hidden}) drew one report at most"), one, games, (97, 100));
    }
}

/// A turn's named power miswritten (`Bob: 10 Rival use name Skip` for `... name Go`; the word after
/// `name` changed to another power, picked by the game's number): where the lines move cards of
/// another power than the one named, the turn is read naming each power its lines' cards show, and
/// the one that makes it and the next three turns happen is taken. 201 of 223 games at most one
/// error before (checked), 223 since; with the cards hidden, 268 of 297 before, 297 since.
#[test]
fn a_named_power_miswritten_draws_one_report_in_most_games() {
    const POWERS: [&str; 8] = ["Discard", "Go", "Skip", "Bonus", "Reverse", "Clone", "Kill", "Copy"];
    for hidden in [false, true] {
        let (games, one) = slipped_lines(
            hidden,
            |lines, at| !lines[at - 1].starts_with(' ') && lines[at - 1].contains(" name "),
            |k, mut words| {
                let i = words.iter().position(|w| *w == "name")? + 1;
                let written = *words.get(i)?;
                words[i] = POWERS.iter().cycle().skip(k as usize % POWERS.len()).find(|p| **p != written)?;
                Some(words.join(" "))
            },
        );
        assert!(games >= 200, "only {games} named powers");
        share(&format!("named powers miswritten (hidden: {hidden}) drew one report at most"), one, games, (98, 100));
    }
}

/// A turn's target left out (`Bob: 10 Score use` for `Bob: 10 Score use @Cyd`): the turn is read
/// aimed at each player, and the one that makes it and the next three turns happen is taken, or
/// of several, the one that draws the fewest reports by the log's end (a Score whose player plays
/// later). 286 of 300 games at most one error before (checked), 300 since, every one of the rest a
/// Score (or a Copy of one) whose points were written later.
#[test]
fn a_target_left_out_draws_one_report_in_most_games() {
    let (games, one) = slipped_lines(
        false,
        |lines, at| {
            let line = lines[at - 1];
            let head = line.split(':').next().unwrap_or("");
            !line.starts_with(' ') && player_names(lines).contains(&head) && line.split(' ').any(|w| w.starts_with('@'))
        },
        |_, words| {
            let at = words.iter().position(|w| w.starts_with('@'))?;
            // A `;` or `,` after the name stays, on the word before it.
            let rest = words[at].trim_start_matches(|c: char| c != ';' && c != ',');
            let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            words.remove(at);
            words.get_mut(at.checked_sub(1)?)?.push_str(rest);
            Some(words.join(" "))
        },
    );
    assert!(games >= 250, "only {games} targets left out");
    share("targets left out drew one report at most", one, games, (97, 100));
}

/// A turn's draw left out before the card drawn and played (`Bob: 100 Quadruple` for `Bob: draw
/// 100 Quadruple; 100 Quadruple`): the hand cannot hold the card, and the turn is read with the
/// draw before the play. 141 of 300 games at most one error before (checked with the probe this
/// mirrors), 299 since.
#[test]
fn a_draw_left_out_before_its_card_is_played_draws_one_report_in_most_games() {
    let drawn_and_played = |words: &[&str]| {
        let semi = words.iter().position(|w| w.ends_with(';'))?;
        (words.get(1) == Some(&"draw") && semi >= 3 && semi + 1 < words.len()).then_some(semi)
    };
    let (games, one) = slipped_lines(
        false,
        |lines, at| {
            let line = lines[at - 1];
            let head = line.split(':').next().unwrap_or("");
            let words: Vec<&str> = line.split(' ').collect();
            !line.starts_with(' ') && player_names(lines).contains(&head) && drawn_and_played(&words).is_some()
        },
        |_, mut words| {
            let semi = drawn_and_played(&words)?;
            words.drain(1..=semi);
            Some(words.join(" "))
        },
    );
    assert!(games >= 250, "only {games} draws left out");
    share("draws left out drew one report at most", one, games, (97, 100));
}

/// A turn's `use` left out (`Bob: 100 Party` for `Bob: 100 Party use`): the card is read as used
/// (a compound with both halves, or one half alone where both do not fit), and taken where the
/// turn and the next three turns then happen; a Skip's or a Go's, where the turn after it was
/// written as skipped or out of turn. With the cards hidden, a power whose lines the log leaves
/// out (an Evolve's draws, a Masaka's hands) shows the slip only later.
fn uses_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(
        hidden,
        |lines, at| {
            let line = lines[at - 1];
            let head = line.split(':').next().unwrap_or("");
            !line.starts_with(' ')
                && !line.contains(';')
                && line.ends_with(" use")
                && player_names(lines).contains(&head)
        },
        |_, mut words| {
            words.pop();
            Some(words.join(" "))
        },
    )
}

/// [`uses_left_out`]: 187 of 300 games at most one error before (checked with the probe this
/// mirrors), 300 since.
#[test]
fn a_use_left_out_draws_one_report_in_most_games() {
    let (games, one) = uses_left_out(false);
    assert!(games >= 250, "only {games} uses left out");
    share("uses left out drew one report at most", one, games, (97, 100));
}

/// [`uses_left_out`] with the cards hidden: 190 of 300 before (checked), 296 since.
#[test]
fn a_use_left_out_draws_one_report_in_most_hidden_games() {
    let (games, one) = uses_left_out(true);
    assert!(games >= 250, "only {games} uses left out");
    share("hidden uses left out drew one report at most", one, games, (95, 100));
}

/// A turn's unnamed draw left out before its play, with the cards hidden (`Bob: 100 Quadruple` for
/// `Bob: draw; 100 Quadruple`): nothing shows it at the play, as the hand may have held the card,
/// and the hand and the deck are one card off from then on. Where the table writes the player
/// decked a card early, that is reported and the table followed (the card left taken as drawn
/// unrecorded). 260 of 300 games at most one error before (checked with the probe this mirrors),
/// 268 after, 271 once a player taken out and playing on had the turn where the turn order passed
/// over the seat only as an out player's, 295 since a player whose going out rests on a count of
/// cards nobody saw is back in as soon as the table plays on (the round's points then scored as
/// the table has them).
#[test]
fn an_unnamed_draw_left_out_draws_one_report_in_most_hidden_games() {
    let (games, one) = slipped_lines(
        true,
        |lines, at| {
            let line = lines[at - 1];
            let head = line.split(':').next().unwrap_or("");
            !line.starts_with(' ') && player_names(lines).contains(&head) && line.split(' ').nth(1) == Some("draw;")
        },
        |_, mut words| {
            words.remove(1);
            Some(words.join(" "))
        },
    );
    assert!(games >= 250, "only {games} draws left out");
    share("hidden draws left out drew one report at most", one, games, (96, 100));
}

/// Over the slip games (hidden: with the cards hidden), each with a turn that draws a card and
/// plays it at once written as the draw alone (`Ann: draw 10 Skip` for `Ann: draw 10 Skip; 10 Skip
/// use`, `Ann: draw` for `Ann: draw; 10 Skip use`), picked by the game's number: how many games,
/// and how many of them draw one error at most.
fn drawn_plays_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(
        hidden,
        |lines, at| {
            let line = lines[at - 1];
            let head = line.split(':').next().unwrap_or("");
            let draw = line.split(' ').nth(1).is_some_and(|w| w == "draw" || w == "draw;");
            !line.starts_with(' ') && player_names(lines).contains(&head) && draw && line.contains(';')
        },
        |_, words| {
            let line = words.join(" ");
            Some(line[..line.find(';')?].to_string())
        },
    )
}

/// The play left out shows at the draw's lines, at the turn after it (out of turn, off the chain),
/// or at the round's end (nobody out, the player left holding the card): the turn is read again
/// with the card played in each way it may have been, and the one that draws the fewest reports
/// by the log's end is taken. 119 of 300 games at most one error before (checked on the build
/// before), 278 since; with the cards hidden, 191 of 300 before, 277 since (the cards of the number
/// called for, each power the hand may hold where no decklist shows them, the number alone where
/// they tie). Most of the rest show the slip first in a later power's lines (a Mutate's count) or
/// in the decklist.
#[test]
fn a_drawn_card_s_play_left_out_draws_one_report_in_most_games() {
    for (hidden, least) in [(false, 92), (true, 92)] {
        let (games, one) = drawn_plays_left_out(hidden);
        assert!(games >= 250, "only {games} drawn plays left out");
        share(&format!("drawn plays left out (hidden: {hidden}) drew one report at most"), one, games, (least, 100));
    }
}

/// A card played from the hand written as drawn (`Ann: draw 10 Go` for `Ann: 10 Go`, a plain play
/// with no lines): where the draw is reported (the deck's top is another card, or the decklist
/// holds no more of it), the turn is read again as the card played from the hand that holds it;
/// where the draw fits as written but the turn after or the round's end (nobody out, the player
/// holding two cards) shows the slip, the card played from the hand is weighed with the card
/// drawn and played at once, and a hand not known in full (the cards hidden) may hold the card.
/// 33 of 300 games at most one error before (checked on the build before), 275 before the turn
/// after and the round's end were read so, 291 since; with the cards hidden, 257 of 300 before
/// (checked), 290 since.
#[test]
fn a_card_played_written_as_drawn_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = slipped_lines(
            hidden,
            |lines, at| {
                let line = lines[at - 1];
                let words: Vec<&str> = line.split(' ').collect();
                let head = line.split(':').next().unwrap_or("");
                let plain = words.len() == 3 && words[1].bytes().all(|b| b.is_ascii_digit());
                let lines_under = lines.get(at).is_some_and(|next| next.starts_with("  "));
                player_names(lines).contains(&head) && plain && !lines_under
            },
            |_, mut words| {
                words.insert(1, "draw");
                Some(words.join(" "))
            },
        );
        assert!(games >= 250, "only {games} plays written as draws");
        share(&format!("plays written as draws (hidden: {hidden}) drew one report at most"), one, games, (95, 100));
    }
}

/// A Stampede's `then` line left out (a blank line in its place): the next card played breaks the
/// chain, the Stampede's player's own play missing from it. The Stampede's turn is read with a
/// `then` line for each card of the next number the hand is known to hold (of several, the one
/// that draws the fewest reports by the log's end), also where turns that only drew come between;
/// where several tie, or the hand has unseen cards and no known one fits, with the number alone.
/// 60 of 131 games at most one error before (checked with the probe this mirrors), 104 since, 113
/// since the number alone and a draw before the Stampede in its turn, 127 since a round's end with
/// nobody out is read as the Stampede's player's play going out; 120 of 170 hidden games before,
/// 157 since, 161 since that round's end. Most of the rest show the slip first in a later power's
/// lines (a Mutate's count, a Qapla' scored) or in the decklist.
fn then_lines_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(hidden, |lines, at| lines[at - 1].starts_with("  then "), |_, _| Some(String::new()))
}

#[test]
fn a_then_line_left_out_draws_one_report_in_most_games() {
    let (games, one) = then_lines_left_out(false);
    assert!(games >= 100, "only {games} then lines left out");
    share("then lines left out drew one report at most", one, games, (95, 100));
    let (games, one) = then_lines_left_out(true);
    assert!(games >= 100, "only {games} hidden then lines left out");
    share("hidden then lines left out drew one report at most", one, games, (93, 100));
}

/// A Replay's card, picked by the game's number, one digit off (`Bob: 1 Replay use; replay 10 Go`
/// becomes `...; replay 100 Go`): the play pile holds no such card, and as written the chain goes
/// on from the wrong number. The card of the number the chain calls for, with the power written,
/// is read where the pile holds it, the card's report the one report. 2 of 149 games at most one
/// error before (checked), 149 since; with the cards hidden, 38 of 185 before, 184 since.
#[test]
fn a_replayed_card_misnumbered_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let replays =
            |lines: &[&str], at: usize| !lines[at - 1].starts_with(' ') && lines[at - 1].contains("; replay ");
        let (games, one) = misnumbered_lines(hidden, &["replay"], replays);
        assert!(games >= 100, "only {games} replayed cards");
        share(&format!("replayed cards misnumbered (hidden: {hidden}) drew one report at most"), one, games, (98, 100));
    }
}

/// A BaH! placed on a skipped turn, picked by the game's number, its card one digit off (`Bob:
/// skipped; place 100 BaH!` becomes `...; place 1000 BaH!`): the hand cannot hold the card, and as
/// written the pile gets the wrong one, which the round's points show. The one BaH! of another
/// number the hand may hold is read as the card placed, the hand's report the one report. 68 of
/// 95 games at most one error before (checked), 95 since; with the cards hidden, 117 of 118 both
/// before and since (a hand nobody saw may hold the card as written).
#[test]
fn a_placed_card_misnumbered_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let places = |lines: &[&str], at: usize| !lines[at - 1].starts_with(' ') && lines[at - 1].contains("; place ");
        let (games, one) = misnumbered_lines(hidden, &["place"], places);
        assert!(games >= 90, "only {games} placed cards");
        share(&format!("placed cards misnumbered (hidden: {hidden}) drew one report at most"), one, games, (98, 100));
    }
}

/// A Stampede's `then` line, picked by the game's number, its card one digit off (`  then 1000
/// Go` becomes `  then 10000 Go`): the card breaks the chain, and the next card played breaks it
/// again as written. The `then` line's card is read with each other number, and with each other
/// power its player's decklist has at its number, as a resolution line's cards are. 110 of 131
/// games at most one error before (checked), 131 since; with the cards hidden, 27 of 170 before,
/// 170 since.
#[test]
fn a_then_line_s_card_misnumbered_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = misnumbered_lines(hidden, &["then"], |lines, at| lines[at - 1].starts_with("  then "));
        assert!(games >= 100, "only {games} then lines");
        share(&format!("then lines misnumbered (hidden: {hidden}) drew one report at most"), one, games, (98, 100));
    }
}

/// A round's `round` line left out (a blank line in its place): the round's preamble and turns are
/// read as the next round's, the slip reported once. None of 300 games drew one report at most
/// before (every turn of the round was a turn outside a round), whole or hidden; 300 of 300 since.
fn round_lines_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(
        hidden,
        |lines, at| lines[at - 1].strip_prefix("round ").is_some_and(|n| n != "1"),
        |_, _| Some(String::new()),
    )
}

#[test]
fn a_round_line_left_out_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = round_lines_left_out(hidden);
        assert!(games >= 250, "only {games} round lines left out");
        share(&format!("round lines left out (hidden: {hidden}) drew one report"), one, games, (99, 100));
    }
}

/// In each slip game, a resolution line picked by the game's number written under another player's
/// name, also picked by the number: the line is read as the one player's that makes the turn and
/// the next ones happen. 238 of 300 games at most one error before (checked with the same slips on
/// the previous build), most of the rest lines of a power that acts on every player.
#[test]
fn a_resolution_line_under_another_player_s_name_draws_one_report_in_most_games() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let names = player_names(&lines);
        let named: Vec<(usize, &str)> = (1..=lines.len())
            .filter_map(|at| {
                let who = lines[at - 1].strip_prefix("  ")?.split(' ').next()?;
                names.contains(&who).then_some((at, who))
            })
            .collect();
        let Some(&(at, who)) = named.get((k as usize * 7919) % named.len().max(1)) else { continue };
        let others: Vec<&str> = names.iter().copied().filter(|n| *n != who).collect();
        let other = others[(k as usize / 3) % others.len()];
        let line = format!("  {other}{}", &lines[at - 1][2 + who.len()..]);
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &[&line]) <= 1);
    }
    share("lines under another name drew one report at most", one, games, (19, 20));
}

/// In each slip game, a `totals:` line picked by the game's number with its first figure written
/// 1, 10 or 100 too high (also by the number), and the later totals right: the slip is reported
/// once, and a later total that is the rules' is taken as the sheet right again. 55 of 300 games
/// at most one error before (checked: the next totals line was reported too).
#[test]
fn a_total_miswritten_once_draws_one_report() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let totals: Vec<usize> = (1..=lines.len()).filter(|&at| lines[at - 1].starts_with("totals: ")).collect();
        let Some(&at) = totals.get((k as usize * 7919) % totals.len().max(1)) else { continue };
        let mut words: Vec<String> = lines[at - 1].split(' ').map(str::to_string).collect();
        let Some(figure) = words.get(2).and_then(|w| w.trim_end_matches(',').parse::<u64>().ok()) else { continue };
        let comma = if words[2].ends_with(',') { "," } else { "" };
        words[2] = format!("{}{comma}", figure + 10u64.pow((k as u32 / 3) % 3));
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &words.iter().map(String::as_str).collect::<Vec<_>>()) <= 1);
    }
    share("totals miswritten once drew one report at most", one, games, (99, 100));
}

/// In each slip game, a `points:` line picked by the game's number with its first figure written
/// 1, 10 or 100 too high (also by the number), and the sheet carrying that on into every later
/// total of the player: the points are reported once and followed into the total, so the totals
/// are not reported too.
#[test]
fn a_round_s_points_miswritten_and_carried_on_draw_one_report() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let points: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].starts_with("points: ")).collect();
        let Some(&at) = points.get((k as usize * 7919) % points.len().max(1)) else { continue };
        let slip = 10u64.pow((k as u32 / 3) % 3);
        let Some(who) = lines[at].split(' ').nth(1).map(str::to_string) else { continue };
        // `Name N` in a score line, the figure raised by the slip.
        let raise = |line: &str| -> Option<String> {
            let words: Vec<&str> = line.split(' ').collect();
            let i = words.iter().position(|w| *w == who)?;
            let figure = words.get(i + 1)?;
            let comma = if figure.ends_with(',') { "," } else { "" };
            let n: u64 = figure.trim_end_matches(',').parse().ok()?;
            let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            words[i + 1] = format!("{}{comma}", n + slip);
            Some(words.join(" "))
        };
        let Some(raised) = raise(&lines[at]) else { continue };
        lines[at] = raised;
        for line in lines.iter_mut().skip(at).filter(|l| l.starts_with("totals: ")) {
            if let Some(raised) = raise(line) {
                *line = raised;
            }
        }
        games += 1;
        one += usize::from(errors(&lines.join("\n")).len() <= 1);
    }
    share("points miswritten and carried on drew one report at most", one, games, (99, 100));
}

/// In each slip game, a `points:` line picked by the game's number with its first two figures
/// written the other way round (where they differ): one report, naming both players. None of the
/// games drew fewer than two errors before (the probe: each figure was reported).
#[test]
fn two_players_points_written_the_other_way_round_draw_one_report() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let points: Vec<usize> = (1..=lines.len())
            .filter(|&at| lines[at - 1].starts_with("points: ") && lines[at - 1].contains(", "))
            .collect();
        let Some(&at) = points.get((k as usize * 7919) % points.len().max(1)) else { continue };
        let mut parts: Vec<(&str, &str)> =
            lines[at - 1]["points: ".len()..].split(", ").filter_map(|p| p.split_once(' ')).collect();
        if parts.len() < 2 || parts[0].1 == parts[1].1 {
            continue;
        }
        let (a, b) = (parts[0].1, parts[1].1);
        parts[0].1 = b;
        parts[1].1 = a;
        let line = format!("points: {}", parts.iter().map(|(n, f)| format!("{n} {f}")).collect::<Vec<_>>().join(", "));
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &[&line]) <= 1);
    }
    share("points written the other way round drew one report at most", one, games, (99, 100));
}

/// In each slip game (and its hidden print), a `totals:` line picked by the game's number with two
/// neighbouring figures, picked by the number, written the other way round (where they differ):
/// one report, naming both players, and the rules' totals kept. 1 of 273 games at most one error
/// before (checked: each figure was reported), 273 since; with the cards hidden, 20 of 273 before,
/// 266 since (where a total was adopted unverified before, the two figures may not be the
/// referee's).
#[test]
fn two_players_totals_written_the_other_way_round_draw_one_report() {
    for hidden in [false, true] {
        let (mut games, mut one) = (0, 0);
        for k in slip_games() {
            let text = if hidden { hidden_game(k) } else { game(k) };
            let lines: Vec<&str> = text.lines().collect();
            let totals: Vec<usize> = (1..=lines.len()).filter(|&at| lines[at - 1].starts_with("totals: ")).collect();
            let Some(&at) = totals.get((k as usize * 7919) % totals.len().max(1)) else { continue };
            let mut parts: Vec<(&str, &str)> =
                lines[at - 1]["totals: ".len()..].split(", ").filter_map(|p| p.split_once(' ')).collect();
            let j = k as usize % (parts.len().max(2) - 1);
            if parts.len() < 2 || parts[j].1 == parts[j + 1].1 {
                continue;
            }
            let (a, b) = (parts[j].1, parts[j + 1].1);
            parts[j].1 = b;
            parts[j + 1].1 = a;
            let line =
                format!("totals: {}", parts.iter().map(|(n, f)| format!("{n} {f}")).collect::<Vec<_>>().join(", "));
            games += 1;
            one += usize::from(errors_with_line(&lines, at, &[&line]) <= 1);
        }
        assert!(games >= 250, "only {games} totals lines");
        share(
            &format!("totals written the other way round (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (97, 100),
        );
    }
}

/// In each slip game, a round's `first:` line picked by the game's number naming another player,
/// also picked by the number, its turns as played: the line is read as naming the player whose
/// turn comes first when the rules allow that player to start and the round follows from there.
/// 61 of 300 games at most one error before (checked).
#[test]
fn a_first_line_naming_another_player_draws_one_report() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let names = player_names(&lines);
        let firsts: Vec<(usize, &str)> =
            (1..=lines.len()).filter_map(|at| Some((at, lines[at - 1].strip_prefix("first: ")?))).collect();
        let Some(&(at, who)) = firsts.get((k as usize * 7919) % firsts.len().max(1)) else { continue };
        let others: Vec<&str> = names.iter().copied().filter(|n| *n != who).collect();
        let line = format!("first: {}", others[(k as usize / 3) % others.len()]);
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &[&line]) <= 1);
    }
    share("`first:` lines naming another player drew one report at most", one, games, (99, 100));
}

/// In each slip game (and its hidden print), a skipped turn written down (`Matt: skipped`, with a
/// BaH!'s `place` too) picked by the game's number, under another player's name, also picked by the
/// number: the line is read as the turn of the player the Skip passed over, and the name is the
/// one report. 0 of 95 games at most one error before (checked), 93 since; with the cards hidden,
/// 1 of 95 before, 94 since.
#[test]
fn a_skipped_turn_given_another_player_s_name_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (mut games, mut one) = (0, 0);
        for k in slip_games() {
            let text = if hidden { hidden_game(k) } else { game(k) };
            let lines: Vec<&str> = text.lines().collect();
            let skipped: Vec<usize> = (1..=lines.len()).filter(|&at| lines[at - 1].contains(": skipped")).collect();
            let Some(&at) = skipped.get((k as usize * 7919) % skipped.len().max(1)) else { continue };
            let (who, rest) = lines[at - 1].split_once(':').unwrap_or_default();
            let others: Vec<&str> = player_names(&lines).into_iter().filter(|n| *n != who).collect();
            let line = format!("{}:{rest}", others[(k as usize / 3) % others.len()]);
            games += 1;
            one += usize::from(errors_with_line(&lines, at, &[&line]) <= 1);
        }
        assert!(games >= 90, "only {games} skipped turns");
        share(
            &format!("skipped turns under another name (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (97, 100),
        );
    }
}

/// In each slip game, a turn picked by the game's number written with another player's name, also
/// picked by the number: the turn is read as the player due's when that player could have taken
/// it and the game follows better so. 0 of 300 games at most one error before (checked), 299
/// before a round whose turn order was not followed no longer spent the game's readings, 300 since.
#[test]
fn a_turn_given_another_player_s_name_draws_one_report_in_most_games() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let names = player_names(&lines);
        let turns = turns(&lines);
        let (at, _) = turns[(k as usize * 7919) % turns.len()];
        let Some((who, steps)) = lines[at - 1].split_once(": ") else { continue };
        let others: Vec<&str> = names.iter().copied().filter(|n| *n != who).collect();
        let other = others[(k as usize / 3) % others.len()];
        let name = format!("{other}:");
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &[&name, steps]) <= 1);
    }
    share("turns under another name drew one report at most", one, games, (19, 20));
}

/// Over the slip games (`hidden`: with the cards the simulator hides), the line picked by the
/// game's number among those `picks` accepts (by line number, from 1), written as `slip` has it
/// (given the game's number and the line's words; `None` leaves the game out): how many games, and
/// how many draw one error at most.
fn slipped_lines(
    hidden: bool,
    picks: impl Fn(&[&str], usize) -> bool,
    slip: impl Fn(u64, Vec<&str>) -> Option<String>,
) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = if hidden {
            let mut o = Options::new(4 + (k % 5) as usize, k);
            o.troubles = k % 3 == 0;
            o.hidden = true;
            simulate(&o)
        } else {
            game(k)
        };
        let lines: Vec<&str> = text.lines().collect();
        let candidates: Vec<usize> = (1..=lines.len()).filter(|&at| picks(&lines, at)).collect();
        let Some(&at) = candidates.get((k as usize * 7919) % candidates.len().max(1)) else { continue };
        let Some(line) = slip(k, lines[at - 1].split(' ').collect()) else { continue };
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &[&line]) <= 1);
    }
    (games, one)
}

/// [`slipped_lines`] with the number after the first of `verbs` one digit off.
fn misnumbered_lines(hidden: bool, verbs: &[&str], picks: impl Fn(&[&str], usize) -> bool) -> (usize, usize) {
    slipped_lines(hidden, picks, |_, mut words| {
        let i = words.iter().position(|w| verbs.contains(w))?;
        words[i + 1] = misnumbered(words.get(i + 1)?)?;
        Some(words.join(" "))
    })
}

/// A line that discards one card from a deck and is followed by a score (a Poison's, mostly).
fn poisoned_cards_misnumbered(hidden: bool) -> (usize, usize) {
    misnumbered_lines(hidden, &["discards"], |lines, at| {
        let words: Vec<&str> = lines[at - 1].split_whitespace().collect();
        lines[at - 1].starts_with("  ")
            && lines[at - 1].ends_with(" from deck")
            && words.get(1) == Some(&"discards")
            && words.len() == 6
            && lines.get(at).is_some_and(|next| next.starts_with("  ") && next.contains(" scores "))
    })
}

/// The card is read as the score's number has it when the deck's top can be that card and not
/// the one written; else the score line is reported and followed. 2 of 290 games at most one
/// error before (checked); 262 before a card of a turn that goes wrong was read with another
/// number where the turn then follows and the game goes on better (ruling R4), 290 since.
#[test]
fn a_poisoned_card_s_number_miswritten_draws_one_report_in_most_games() {
    let (games, one) = poisoned_cards_misnumbered(false);
    share("poisoned cards misnumbered drew one report at most", one, games, (99, 100));
}

/// With decks unseen the written card can mostly be the top: the score line that disagrees with
/// it is reported and its figure followed, so the round's points and the totals agree. 5 of 288
/// games at most one error before (checked); 278 before a card was read with another number, 288
/// since.
#[test]
fn a_poisoned_card_s_number_miswritten_draws_one_report_in_most_hidden_games() {
    let (games, one) = poisoned_cards_misnumbered(true);
    share("hidden poisoned cards misnumbered drew one report at most", one, games, (99, 100));
}

/// In each slip game, a resolution line that draws, discards, puts or reveals cards, picked by the
/// game's number, with its first card's number one digit off: a card from a hand the hand cannot
/// hold is read as the one card of its power and another number the hand may hold, and a Poison's
/// as the score has it. 210 of 300 games at most one error with the Poison's reading only
/// (checked), 257 before a card of a turn that goes wrong was read with another number, 293 since
/// (a Rival's card put out of the game, a Battle's revealed card, a card put under a pile), 297
/// since the cards a power draws are checked against the decklist at their line, 299 since of
/// numbers that tie the one a digit off the written one is taken.
#[test]
fn a_card_s_number_miswritten_in_a_resolution_line_draws_one_report_in_most_games() {
    let (games, one) = misnumbered_lines(false, &MOVES, |lines, at| {
        let words: Vec<&str> = lines[at - 1].split_whitespace().collect();
        lines[at - 1].starts_with("  ")
            && words.get(1).is_some_and(|w| MOVES.contains(w))
            && words.get(2).and_then(|w| misnumbered(w)).is_some()
            && words.get(3).is_some_and(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
    });
    share("resolution lines misnumbered drew one report at most", one, games, (49, 50));
}

/// A resolution line that moves cards, its first card with another power (a compound's and Time
/// Warp left be): read with each other power its player's decklist has at that number, and with
/// its number alone where several fit alike. 184 of 272 games at most one error before (checked),
/// 270 since.
#[test]
fn a_card_s_power_miswritten_in_a_resolution_line_draws_one_report_in_most_games() {
    let moves_a_card = |lines: &[&str], at: usize| {
        let words: Vec<&str> = lines[at - 1].split_whitespace().collect();
        lines[at - 1].starts_with("  ")
            && words.get(1).is_some_and(|w| MOVES.contains(w))
            && words.get(2).and_then(|w| misnumbered(w)).is_some()
            && words.get(3).is_some_and(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
    };
    let (games, one) = slipped_lines(false, moves_a_card, |k, words| {
        // `  Ann draws 10 Go, 1 Skip`: the words are two spaces, the name, the verb, the card.
        let i = words.iter().position(|w| MOVES.contains(w))? + 2;
        with_other_power(k, words, i)
    });
    share("resolution lines with another power drew one report at most", one, games, (97, 100));
}

/// In each slip game, a round's `hand` line picked by the game's number, one of its cards (picked
/// too) one digit off: a card the decklist cannot hold is reported at its place in the line, where
/// the line also over-counts the cards of its number, and the card later played in its place is
/// read as the one the line misnamed. 288 of 300 games at most one error before a card the list
/// holds none of was named first (checked), 295 since.
#[test]
fn a_hand_line_s_card_misnumbered_draws_one_report_in_most_games() {
    let (games, one) = slipped_lines(
        false,
        |lines, at| lines[at - 1].starts_with("hand "),
        |k, mut words| {
            let numbers: Vec<usize> = (2..words.len()).filter(|&i| i == 2 || words[i - 1].ends_with(',')).collect();
            let i = *numbers.get((k as usize * 31) % numbers.len().max(1))?;
            words[i] = misnumbered(words[i])?;
            Some(words.join(" "))
        },
    );
    share("hand lines misnumbered drew one report at most", one, games, (49, 50));
}

/// In each slip game, a round's `hand` line picked by the game's number, one of its cards (picked
/// too) written twice (`hand Ann: 1 Go, 10 Skip` becomes `hand Ann: 1 Go, 1 Go, 10 Skip`): the
/// line lists one card more than was dealt (R0103), and the hand is read without the card's last
/// copy where the decklist holds one copy fewer of it, or where it is the one card the line lists
/// twice. 17 of 300 games at most one error before (checked; the deal took the extra card from the
/// deck, which ran out early, and the decklist was reported too), 289 since.
#[test]
fn a_hand_line_s_card_written_twice_draws_one_report_in_most_games() {
    let (games, one) = slipped_lines(
        false,
        |lines, at| lines[at - 1].starts_with("hand ") && lines[at - 1].contains(", "),
        |k, words| {
            let line = words.join(" ");
            let (head, cards) = line.split_once(": ")?;
            let mut cards: Vec<&str> = cards.split(", ").collect();
            let j = k as usize * 31 % cards.len();
            cards.insert(j, cards[j]);
            Some(format!("{head}: {}", cards.join(", ")))
        },
    );
    assert!(games >= 250, "only {games} hand lines");
    share("hand lines with a card written twice drew one report at most", one, games, (95, 100));
}

/// In each slip game with a reseating, the `reseat` line picked by the game's number left out.
fn reseat_lines_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(hidden, |lines, at| lines[at - 1].starts_with("reseat "), |_, _| Some(String::new()))
}

/// The round after is read with the seating its turns show written before it, where a BaH! let
/// the table be reseated and no `reseat` line followed: the first turn out of turn is the one
/// report (ruling R4). 10 of 148 games at most one error before (checked), 137 since, 147 since
/// every seating that keeps the neighbours the round's plain turns show, either way round where
/// that does not show, is read (the one left follows a power the referee does not follow).
#[test]
fn a_reseat_line_left_out_draws_one_report_in_most_games() {
    let (games, one) = reseat_lines_left_out(false);
    share("reseat lines left out drew one report at most", one, games, (99, 100));
}

/// Likewise with the cards hidden: 9 of 188 games before, 171 since, 187 since every seating is
/// read.
#[test]
fn a_reseat_line_left_out_draws_one_report_in_most_hidden_games() {
    let (games, one) = reseat_lines_left_out(true);
    share("hidden reseat lines left out drew one report at most", one, games, (99, 100));
}

/// In each slip game with a mulligan, the `mulligan` line picked by the game's number left out.
fn mulligan_lines_left_out() -> (usize, usize) {
    slipped_lines(false, |lines, at| lines[at - 1].starts_with("mulligan "), |_, _| Some(String::new()))
}

/// The round is read with the mulligan where a card its player then plays is not in the hand the
/// `hand` line deals, or one drawn is a card the decklist holds no more of (the hand line has
/// it), and the Roll let the player mulligan: that card is the one report (ruling R4). 127 of 160
/// games at most one error before (checked), 160 since; with the cards hidden, all 198 before.
#[test]
fn a_mulligan_line_left_out_draws_one_report_in_most_games() {
    let (games, one) = mulligan_lines_left_out();
    share("mulligan lines left out drew one report at most", one, games, (19, 20));
}

/// In each slip game (with the cards hidden or not), the line that starts with `tag` (`mulligan`,
/// `safety`, `deck`) picked by the game's number, naming another player, also picked by the number.
fn lines_naming_another_player(hidden: bool, tag: &str) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = if hidden { hidden_game(k) } else { game(k) };
        let lines: Vec<&str> = text.lines().collect();
        let tagged: Vec<usize> = (1..=lines.len())
            .filter(|&at| lines[at - 1].strip_prefix(tag).is_some_and(|r| r.starts_with(' ')))
            .collect();
        let Some(&at) = tagged.get((k as usize * 7919) % tagged.len().max(1)) else { continue };
        let rest = &lines[at - 1][tag.len() + 1..];
        let (written, tail) = rest.split_at(rest.find(':').unwrap_or(rest.len()));
        let others: Vec<&str> = player_names(&lines).into_iter().filter(|n| *n != written).collect();
        let other = format!("{}{tail}", others[(k as usize / 3) % others.len()]);
        games += 1;
        one += usize::from(errors_with_line(&lines, at, &[tag, &other]) <= 1);
    }
    (games, one)
}

/// A `mulligan` line naming another player ([`lines_naming_another_player`]): where that player
/// had no Roll to mulligan with, the line is read as the mulligan of the player whose later play
/// the hand dealt cannot hold, and the line is the one report (ruling R4). 24 of 160 games at
/// most one error before (checked), 160 since; with the cards hidden, all 160 before and since.
#[test]
fn a_mulligan_line_s_name_miswritten_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = lines_naming_another_player(hidden, "mulligan");
        assert!(games >= 150, "only {games} mulligans");
        share(
            &format!("mulligan lines naming another player (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (98, 100),
        );
    }
}

/// A `hand` line naming another player ([`lines_naming_another_player`]): that player's hand is
/// given twice in the round, differently, the first holding, and the player the line was meant for
/// has none. Where one of the two lines fits the other player's decklist and the other the named
/// player's, and not the other way round, it is read as the other player's hand, and it is the one
/// report (ruling R4). 174 of 300 games at most one error before (checked), 300 since.
#[test]
fn a_hand_line_s_name_miswritten_draws_one_report_in_most_games() {
    let (games, one) = lines_naming_another_player(false, "hand");
    assert!(games >= 290, "only {games} hands");
    share("hand lines naming another player drew one report at most", one, games, (99, 100));
}

/// A `deck` line naming another player ([`lines_naming_another_player`]): that player's list is
/// given twice, differently, the first holding, and the player named in the line written has none.
/// Where the game draws two errors or more, it is read with each of the player's two lines as the
/// other's, and the line is the one report (ruling R4). 184 of 300 games at most one error before
/// (checked), 300 since; with the cards hidden, 285 of 300 before, 300 since.
#[test]
fn a_deck_line_s_name_miswritten_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = lines_naming_another_player(hidden, "deck");
        assert!(games >= 290, "only {games} decklists");
        share(
            &format!("deck lines naming another player (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (99, 100),
        );
    }
}

/// A `safety` line naming another player ([`lines_naming_another_player`]): where that player's
/// pile held no Safety, the line is read as saving the hand of the player whose later draw shows
/// it saved, and the line is the one report (ruling R4). 66 of 180 games at most one error before
/// (checked), 174 since; with the cards hidden, 167 of 180 before, 179 since.
#[test]
fn a_safety_line_s_name_miswritten_draws_one_report_in_most_games() {
    for hidden in [false, true] {
        let (games, one) = lines_naming_another_player(hidden, "safety");
        assert!(games >= 150, "only {games} safeties");
        share(
            &format!("safety lines naming another player (hidden: {hidden}) drew one report at most"),
            one,
            games,
            (96, 100),
        );
    }
}

/// In each slip game with a Safety kept, the `safety` line picked by the game's number left out.
fn safety_lines_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(hidden, |lines, at| lines[at - 1].starts_with("safety "), |_, _| Some(String::new()))
}

/// The game is read with the hand saved where a card its player draws later is one the decklist
/// has no more of (the hand discarded as written held it), or, with the cards hidden, where the
/// player's deck runs out early by its count: that report is the one report (ruling R4). 86 of
/// 180 games at most one error before (checked), 179 since; with the cards hidden, 220 of 230
/// before, 227 since.
#[test]
fn a_safety_line_left_out_draws_one_report_in_most_games() {
    let (games, one) = safety_lines_left_out(false);
    share("safety lines left out drew one report at most", one, games, (19, 20));
    let (games, one) = safety_lines_left_out(true);
    share("hidden safety lines left out drew one report at most", one, games, (49, 50));
}

/// In each slip game whose turns take a trouble action before a play, the action picked by the
/// game's number left out (`Eve: action lose 1000; 1000 Poison` becomes `Eve: 1000 Poison`).
fn actions_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(
        hidden,
        |lines, at| lines[at - 1].split(' ').nth(1) == Some("action") && lines[at - 1].contains("; "),
        |_, words| {
            let rest = words.get(4..)?;
            (words.get(3)?.ends_with(';') && !rest.is_empty()).then(|| format!("{} {}", words[0], rest.join(" ")))
        },
    )
}

/// The turn is read with the active trouble's action opening it where a line under it shifts the
/// trouble and nothing else in the turn does (the draws of an `action draw N` may show it first):
/// the shift line is the one report (ruling R4). 4 of 100 games at most one error before
/// (checked), 99 since; with the cards hidden, 36 before, 98 since.
#[test]
fn a_trouble_action_left_out_draws_one_report_in_most_games() {
    let (games, one) = actions_left_out(false);
    share("trouble actions left out drew one report at most", one, games, (9, 10));
    let (games, one) = actions_left_out(true);
    share("hidden trouble actions left out drew one report at most", one, games, (19, 20));
}

/// In each slip game whose turns activate a card a Sabotage discarded, the `activate` step picked
/// by the game's number left out (`Bob: 1 Sabotage use @Dee; activate` becomes `Bob: 1 Sabotage
/// use @Dee`).
fn activations_left_out(hidden: bool) -> (usize, usize) {
    slipped_lines(
        hidden,
        |lines, at| !lines[at - 1].starts_with(' ') && lines[at - 1].contains("; activate"),
        |_, words| Some(words.join(" ").replacen("; activate", "", 1)),
    )
}

/// The turn is read with `activate` after the Sabotage, with no choices or aimed at each player,
/// where the lines under it do not happen as written, or the turn after it is out of turn or
/// skipped by nothing; and with `; activate` before the choices after its `@Name`, which a
/// Sabotage does not take: the Sabotage is the one report (ruling R4). 60 of 78 games at most one
/// error before (checked), 74 before the turn after and the choices were read so, 78 since; with
/// the cards hidden, 79 of 99 before, 90 before those, 96 since (the rest mostly a Masaka
/// activated, whose hands' cards the lines do not give).
#[test]
fn an_activation_left_out_draws_one_report_in_most_games() {
    let (games, one) = activations_left_out(false);
    share("activations left out drew one report at most", one, games, (98, 100));
    let (games, one) = activations_left_out(true);
    share("hidden activations left out drew one report at most", one, games, (95, 100));
}

/// A score line under a turn, its figure one digit off while the sheet keeps the rules' points.
fn score_lines_misnumbered(hidden: bool) -> (usize, usize) {
    misnumbered_lines(hidden, &["scores"], |lines, at| {
        let words: Vec<&str> = lines[at - 1].split_whitespace().collect();
        lines[at - 1].starts_with("  ") && words.len() == 3 && words[1] == "scores" && misnumbered(words[2]).is_some()
    })
}

/// The line is reported and its figure followed; the sheet's points, the rules' own, are then
/// taken without a second report (ruling R4). 67 of 300 games at most one error before (checked).
#[test]
fn a_score_line_miswritten_draws_one_report_in_most_games() {
    let (games, one) = score_lines_misnumbered(false);
    share("score lines misnumbered drew one report at most", one, games, (19, 20));
}

/// Likewise with cards hidden: 91 of 300 games at most one error before (checked).
#[test]
fn a_score_line_miswritten_draws_one_report_in_most_hidden_games() {
    let (games, one) = score_lines_misnumbered(true);
    share("hidden score lines misnumbered drew one report at most", one, games, (19, 20));
}

/// In each slip game, a turn that draws a named card, picked by the game's number, with the drawn
/// card's number one digit off (`Ann: draw 1000 Bonus` becomes `Ann: draw 10000 Bonus`): a draw
/// the turn then plays another card after is read as the card played where only that one could
/// have been drawn and followed the chain; a top known to be a card of the same power is the card
/// drawn; a card the hand holds that was reported as one the decklist cannot have is the one a
/// power's line names. 190 of 300 games at most one error before, 286 since (checked), 289 since
/// a card the deck cannot give is reported once, not again for the decklist, 293 since such a
/// card one word off a card reported for the decklist is that card.
#[test]
fn a_drawn_card_s_number_miswritten_draws_one_report_in_most_games() {
    let (games, one) = misnumbered_lines(false, &["draw"], |lines, at| {
        !lines[at - 1].starts_with(' ') && lines[at - 1].contains(": draw ")
    });
    share("drawn cards misnumbered drew one report at most", one, games, (19, 20));
}

/// In each slip game, a turn that draws a named card, picked by the game's number, with that
/// card's power changed (`Ann: draw 1000 Bonus` becomes `Ann: draw 1000 Kill`): a draw the turn
/// then plays another card after is read as the card played where the card written could not have
/// been drawn, or could not have been used with the play's choices; a card the deck cannot give is
/// reported once, not again for the decklist; a card the deck cannot give, one word off a card
/// reported as one the decklist cannot have that it may give, is that card. 240 of 264 games at
/// most one error before, 256 since (checked), 260 since the last (a Rival's line too).
#[test]
fn a_drawn_card_s_power_miswritten_draws_one_report_in_most_games() {
    let draws = |lines: &[&str], at: usize| !lines[at - 1].starts_with(' ') && lines[at - 1].contains(": draw ");
    let (games, one) = slipped_lines(false, draws, |k, words| {
        let i = words.iter().position(|w| *w == "draw")? + 2;
        misnumbered(words.get(i - 1)?)?;
        with_other_power(k, words, i)
    });
    share("drawn cards with another power drew one report at most", one, games, (95, 100));
}

/// The turn's first card played with another power, the cards hidden: where the decklist does not
/// show the cards of its number, a card whose play or lines drew an error is read as each other
/// power the hand may hold, where no more than ten fit and none leaves more unfollowed. 224 of
/// 264 games at most one error before (checked), 253 since, 254 since a hidden hand's turn left out
/// is read, 255 since ten readings rather than six are read to the log's end, 256 since a tie the
/// game follows alike is read as its first, 258 since the errors and warnings alone are compared
/// and the reading with the fewest notes is taken.
#[test]
fn a_played_card_s_power_miswritten_draws_one_report_in_most_hidden_games() {
    let plays = |lines: &[&str], at: usize| {
        let line = lines[at - 1];
        let head = line.split(':').next().unwrap_or("");
        !line.starts_with(' ') && !line.contains(": draw") && player_names(lines).contains(&head)
    };
    let (games, one) = slipped_lines(true, plays, |k, words| {
        let i = (1..words.len().saturating_sub(1))
            .find(|&i| misnumbered(words[i]).is_some() && words[i + 1].starts_with(|c: char| c.is_ascii_uppercase()))?;
        with_other_power(k, words, i + 1)
    });
    assert!(games >= 200, "only {games} hidden plays given another power");
    share("hidden plays with another power drew one report at most", one, games, (97, 100));
}

/// The first compound card a line names (`10 Poison & Freeze`): the index of its number.
fn compound_at(words: &[&str]) -> Option<usize> {
    (0..words.len().saturating_sub(2)).find(|&i| misnumbered(words[i]).is_some() && words[i + 2] == "&")
}

/// A compound card played with one of its two powers another (the first half in even games, the
/// second in odd ones), the cards hidden: the card is read with each other power in either half,
/// the other half kept. 247 of 300 games at most one error before (checked), 283 since, 299 since
/// a tie the game follows alike (a Clone's half miswritten, where an Advance or a Dabo in its
/// place fits as well) is read as its first, the report naming both, 300 since a turn written as
/// skipped where nothing skipped its player is read after a card with another power.
#[test]
fn a_compound_card_s_power_miswritten_draws_one_report_in_most_hidden_games() {
    let plays = |lines: &[&str], at: usize| {
        let line = lines[at - 1];
        let head = line.split(':').next().unwrap_or("");
        let words: Vec<&str> = line.split(' ').collect();
        !line.starts_with(' ')
            && !line.contains(": draw")
            && player_names(lines).contains(&head)
            && compound_at(&words).is_some()
    };
    let (games, one) = slipped_lines(true, plays, |k, words| {
        let i = compound_at(&words)?;
        let halves = [words[i + 1], *words.get(i + 3)?].map(|w| w.trim_end_matches([',', ';']));
        let other = OTHER_POWERS[(k as usize / 3) % OTHER_POWERS.len()];
        if halves.contains(&other) || halves.contains(&"Time") {
            return None;
        }
        let at = if k % 2 == 0 { i + 1 } else { i + 3 };
        let rest = &words[at][halves[usize::from(k % 2 == 1)].len()..];
        let other = format!("{other}{rest}");
        let mut words = words;
        words[at] = &other;
        Some(words.join(" "))
    });
    assert!(games >= 250, "only {games} hidden compound plays given another power");
    share("hidden compounds with another power drew one report at most", one, games, (299, 300));
}

/// The powers that choose who takes the next turn.
const TURN_ORDER: [&str; 3] = ["Skip", "Go", "Reverse"];

/// A Skip, a Go or a Reverse used (`Ann: 100 Skip use`), the cards hidden, written as another of
/// the three: the next turn is out of turn, and where more follows, the card played is read as
/// each other power the hand may hold. 240 of 299 games at most one error before (checked), 299
/// since.
#[test]
fn a_turn_order_power_miswritten_draws_one_report_in_most_hidden_games() {
    let uses = |lines: &[&str], at: usize| {
        let words: Vec<&str> = lines[at - 1].split(' ').collect();
        let head = words[0].trim_end_matches(':');
        let n = words.len();
        n >= 3
            && words[0].ends_with(':')
            && player_names(lines).contains(&head)
            && words[n - 1] == "use"
            && TURN_ORDER.contains(&words[n - 2])
            && misnumbered(words[n - 3]).is_some()
    };
    let (games, one) = slipped_lines(true, uses, |k, mut words| {
        let n = words.len();
        let others: Vec<&str> = TURN_ORDER.into_iter().filter(|p| *p != words[n - 2]).collect();
        words[n - 2] = others[k as usize % others.len()];
        Some(words.join(" "))
    });
    assert!(games >= 250, "only {games} hidden games with a turn order power to miswrite");
    share("turn order powers miswritten drew one report at most", one, games, (98, 100));
}

/// In each slip game, a turn whose power's choice names a card (`1000 Discard use 10 Poison`),
/// picked by the game's number, with that card's number one digit off: a card the hand or the
/// discard pile cannot hold is read as the one card of its power and another number it may hold.
/// 109 of 300 games at most one error before, 271 since, 294 since where more than one card fits,
/// each is read and the turns after choose, 296 since of numbers that tie the one a digit off the
/// written one is taken (checked).
#[test]
fn a_choice_s_card_misnumbered_draws_one_report_in_most_games() {
    let (games, one) = choices_misnumbered(false);
    share("choices misnumbered drew one report at most", one, games, (97, 100));
}

/// The same with the hidden cards left out: a Rescue's card from a pile not known, played at once
/// one digit off what the choice names, was that card. 29 of 55 games at most one error before
/// (a second card, and the card named put back on the deck), 55 since (checked).
#[test]
fn a_choice_s_card_misnumbered_draws_one_report_in_most_hidden_games() {
    let (games, one) = choices_misnumbered(true);
    assert!(games >= 50, "only {games} choices of hidden games misnumbered");
    share("hidden choices misnumbered drew one report at most", one, games, (97, 100));
}

/// [`misnumbered_lines`] for a turn whose power's choice names a card.
fn choices_misnumbered(hidden: bool) -> (usize, usize) {
    misnumbered_lines(hidden, &["use"], |lines, at| {
        let line = lines[at - 1];
        let mut after = line.split(" use ").nth(1).unwrap_or("").split(' ');
        !line.starts_with(' ')
            && after.next().and_then(misnumbered).is_some()
            && after.next().is_some_and(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
    })
}

/// A reveal line of two or more cards, picked by the game's number, with one of its cards, also
/// picked by the game's number, left out (`  Bob reveals 1 Go, 10 Go, 100 Go` becomes `  Bob
/// reveals 1 Go, 100 Go`).
fn reveals_cut(hidden: bool) -> (usize, usize) {
    slipped_lines(
        hidden,
        |lines, at| {
            lines[at - 1].starts_with("  ") && lines[at - 1].contains(" reveals ") && lines[at - 1].contains(", ")
        },
        |k, words| {
            let line = words.join(" ");
            let (who, cards) = line.split_once(" reveals ")?;
            let mut cards: Vec<&str> = cards.split(", ").collect();
            cards.remove(k as usize * 31 % cards.len());
            Some(format!("{who} reveals {}", cards.join(", ")))
        },
    )
}

/// A Battle's reveal line that names fewer cards than the deck gave is reported, and the cards it
/// left out are read as unknown, for the placement line to name (ruling R4). 3 of 189 games at most
/// one error before (checked), 189 since; with the cards hidden, 4 of 252 before, 252 since.
#[test]
fn a_card_left_out_of_a_reveal_line_draws_one_report() {
    let (games, one) = reveals_cut(false);
    share("reveal lines cut short drew one report at most", one, games, (49, 50));
    let (games, one) = reveals_cut(true);
    share("hidden reveal lines cut short drew one report at most", one, games, (49, 50));
}

/// A `deck` line, picked by the game's number, with one of its cards, also picked by the game's
/// number, left out (`2x 10 Go` becomes `10 Go`).
fn decklist_cards_left_out() -> (usize, usize) {
    slipped_lines(
        false,
        |lines, at| lines[at - 1].starts_with("deck ") && lines[at - 1].contains(", "),
        |k, words| {
            let line = words.join(" ");
            let (head, cards) = line.split_once(": ")?;
            let mut cards: Vec<String> = cards.split(", ").map(str::to_string).collect();
            let j = k as usize * 31 % cards.len();
            let copies =
                cards[j].split_once("x ").and_then(|(n, card)| Some((n.parse::<u32>().ok()?, card.to_string())));
            match copies {
                Some((n, card)) if n > 2 => cards[j] = format!("{}x {card}", n - 1),
                Some((_, card)) => cards[j] = card,
                None => drop(cards.remove(j)),
            }
            Some(format!("{head}: {}", cards.join(", ")))
        },
    )
}

/// A card a `deck` line left out shows as the card reported where it is first seen (R0401), and
/// then as its player's deck running out a card early by the list's count: the game is read again
/// from that report with the card on the list and one more card in the deck, and the report is
/// the one report (ruling R4). 206 of 300 games at most one error before (checked), 298 since.
#[test]
fn a_card_left_out_of_a_decklist_draws_one_report_in_most_games() {
    let (games, one) = decklist_cards_left_out();
    share("decklists with a card left out drew one report at most", one, games, (49, 50));
}

/// A `deck` line, picked by the game's number, with one of its groups, also picked by the game's
/// number, changed by `change` (given the game's number and the group's card, without its count).
fn decklist_cards_miswritten(change: impl Fn(u64, &str) -> Option<String>) -> (usize, usize) {
    slipped_lines(
        false,
        |lines, at| lines[at - 1].starts_with("deck "),
        |k, words| {
            let line = words.join(" ");
            let (head, cards) = line.split_once(": ")?;
            let mut cards: Vec<String> = cards.split(", ").map(str::to_string).collect();
            let j = k as usize * 31 % cards.len();
            let (count, card) = match cards[j].split_once("x ") {
                Some((n, card)) if n.parse::<u32>().is_ok() => (format!("{n}x "), card.to_string()),
                _ => (String::new(), cards[j].clone()),
            };
            cards[j] = format!("{count}{}", change(k, &card)?);
            Some(format!("{head}: {}", cards.join(", ")))
        },
    )
}

/// A card of a `deck` line miswritten shows as the card the game shows, one word off it, reported
/// each time a copy is seen (R0401): the game is read again with the group as that card, and the
/// `deck` line draws the one report (ruling R4). With the card's number one digit off (`3x 10 Go`
/// becomes `3x 100 Go`), 273 of 300 games at most one error before (checked), 298 since; with its
/// power another (`3x 10 Kill`), 241 of 268 before, 267 since.
#[test]
fn a_card_of_a_decklist_miswritten_draws_one_report_in_most_games() {
    let (games, one) = decklist_cards_miswritten(|_, card| {
        let (number, power) = card.split_once(' ')?;
        Some(format!("{} {power}", misnumbered(number)?))
    });
    assert!(games >= 290, "only {games} decklists");
    share("decklists with a card misnumbered drew one report at most", one, games, (99, 100));
    let (games, one) = decklist_cards_miswritten(|k, card| {
        let (number, power) = card.split_once(' ')?;
        let other = OTHER_POWERS[(k as usize / 3) % OTHER_POWERS.len()];
        (power != other && !power.contains(' ')).then(|| format!("{number} {other}"))
    });
    assert!(games >= 250, "only {games} decklists");
    share("decklists with a card's power changed drew one report at most", one, games, (99, 100));
}

/// In each hidden slip game, a `deck` line of unseen cards picked by the game's number with its
/// count one off, one more in even games and one fewer in odd ones (`deck Ann: 40x ?` becomes
/// `41x ?` or `39x ?`). One more shows where the player is written decked with a card left
/// (R0310). One fewer decks the player a card early by the count, and the table plays on: the game
/// is read again with one card more, and the `deck` line draws the one report (R0309, ruling R4).
/// 289 of 300 games at most one error before (checked; every game that drew more was one of one
/// card fewer), 300 since.
#[test]
fn a_deck_count_one_off_draws_one_report_in_most_hidden_games() {
    let (games, one) = slipped_lines(
        true,
        |lines, at| lines[at - 1].starts_with("deck ") && lines[at - 1].ends_with("x ?"),
        |k, words| {
            let line = words.join(" ");
            let (head, count) = line.split_once(": ")?;
            let n: u32 = count.strip_suffix("x ?")?.parse().ok()?;
            Some(format!("{head}: {}x ?", if k % 2 == 0 { n + 1 } else { n - 1 }))
        },
    );
    assert!(games >= 290, "only {games} decklists");
    share("deck counts one off drew one report at most", one, games, (99, 100));
}

/// In each slip game (and its hidden print), a resolution line that moves named cards from a deck
/// or a hand (`draws`, `discards`, `puts`, `reveals`), picked by the game's number, with one of
/// its cards, also picked by the game's number, written twice (`  Matt discards 1000 Go from deck`
/// becomes `  Matt discards 1000 Go, 1000 Go from deck`): how many games, and how many draw exactly
/// one error (a line that moves more cards than happened is an error, and one only).
fn cards_written_twice(hidden: bool) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = if hidden { hidden_game(k) } else { game(k) };
        let lines: Vec<&str> = text.lines().collect();
        let moves = |l: &&str| {
            let mut words = l.trim_start().split(' ').skip(1);
            l.starts_with("  ")
                && matches!(words.next(), Some("draws" | "discards" | "puts" | "reveals"))
                && words.next().is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        };
        let candidates: Vec<usize> = (0..lines.len()).filter(|&i| moves(&lines[i])).collect();
        let Some(&at) = candidates.get((k as usize * 7919) % candidates.len().max(1)) else { continue };
        let (head, rest) = lines[at]
            .trim_start()
            .split_once(' ')
            .and_then(|(p, r)| Some((p, r.split_once(' ')?)))
            .map(|(p, (v, r))| (format!("  {p} {v} "), r))
            .unwrap_or_default();
        let place = [" in ", " on ", " from ", " under ", " out "].iter().filter_map(|w| rest.find(w)).min();
        let (list, tail) = rest.split_at(place.unwrap_or(rest.len()));
        let mut cards: Vec<&str> = list.split(", ").collect();
        let j = k as usize * 31 % cards.len();
        let counted = cards[j].split_once("x ").is_some_and(|(n, _)| n.parse::<u32>().is_ok());
        if cards[j].contains('?') || !cards[j].contains(' ') || counted {
            continue;
        }
        cards.insert(j, cards[j]);
        let slipped = format!("{head}{}{tail}", cards.join(", "));
        games += 1;
        one += usize::from(errors_with_line(&lines, at + 1, &[&slipped]) == 1);
    }
    (games, one)
}

/// A Poison's or a Utilize's line naming more than its one card is reported, and a Battle's reveal
/// line naming more than the deck gave is reported once, its cards read from the placement line.
/// Exactly one error in 204 of 300 games before (checked; most of the rest a Poison's line that
/// drew none), 293 since; with the cards hidden, 188 of 300 before, 296 since (the rest mostly a
/// card put twice, which later lines then show too).
#[test]
fn a_card_written_twice_in_a_resolution_line_draws_one_report() {
    let (games, one) = cards_written_twice(false);
    share("cards written twice drew exactly one report", one, games, (97, 100));
    let (games, one) = cards_written_twice(true);
    share("hidden cards written twice drew exactly one report", one, games, (97, 100));
}

/// A line that names a card with a power, picked by the game's number among the lines `lines_of`
/// gives (1-based), with the power's name misspelt, its last letter dropped (`Fay: 1 Draw use @Bob`
/// becomes `Fay: 1 Dra use @Bob`): how many games, and how many draw exactly one error (or at most
/// one, `or_none`; the parser's warning aside).
fn powers_misspelt(make: fn(u64) -> String, lines_of: fn(&[&str]) -> Vec<usize>, or_none: bool) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = make(k);
        let lines: Vec<&str> = text.lines().collect();
        let candidates: Vec<(usize, usize)> = lines_of(&lines)
            .into_iter()
            .flat_map(|at| {
                let line = lines[at - 1];
                // A card's power: a word after a number (a choice's card too), not `Time Warp`.
                let words: Vec<&str> = line.split(' ').collect();
                (1..words.len())
                    .filter(move |&i| {
                        words[i - 1].bytes().all(|b| b.is_ascii_digit())
                            && !words[i - 1].is_empty()
                            && words[i].len() > 2
                            && words[i].bytes().all(|b| b.is_ascii_alphabetic())
                            && words[i] != "Time"
                            && words[i].as_bytes()[0].is_ascii_uppercase()
                    })
                    .map(move |i| (at, i))
            })
            .collect();
        let Some(&(at, i)) = candidates.get((k as usize * 7919) % candidates.len().max(1)) else { continue };
        let mut words: Vec<String> = lines[at - 1].split(' ').map(str::to_string).collect();
        words[i].pop();
        games += 1;
        let slipped = words.join(" ");
        let errors = errors_with_line(&lines, at, &[&slipped]);
        one += usize::from(errors == 1 || or_none && errors == 0);
    }
    (games, one)
}

/// The turn lines of `lines` (1-based).
fn turn_lines(lines: &[&str]) -> Vec<usize> {
    turns(lines).into_iter().map(|(at, _)| at).collect()
}

/// The resolution and `then` lines of `lines` (1-based).
fn resolution_lines(lines: &[&str]) -> Vec<usize> {
    (1..=lines.len()).filter(|&at| lines[at - 1].starts_with("  ")).collect()
}

/// A played card's power misspelt is read as the power the name misspells, where the hand, known
/// in full, holds that one card of its number: one error, the card the hand cannot hold (ruling
/// R4); a choice's card so misspelt is read so where the hand may hold it, a Replay's card where
/// the play pile holds the card meant, a card played after a draw as the drawn one, and one after
/// a Rescue as the rescued one, and a drawn card the decklist cannot hold as written as the card
/// meant. 275 of 300 games exactly one error before (checked), 293 once the hand's card was read
/// so, 298 before the drawn card was, 299 since. With the cards hidden the hands are not known, so
/// the card as written may be a later set's and the parser's warning is mostly the only report:
/// at most one error in 300 of 300 games (none drew a cascade).
#[test]
fn a_power_s_name_misspelt_draws_one_report_in_most_games() {
    let (games, one) = powers_misspelt(game, turn_lines, false);
    share("misspelt powers drew exactly one report", one, games, (99, 100));
    let (games, one) = powers_misspelt(hidden_game, turn_lines, true);
    share("hidden misspelt powers drew one report at most", one, games, (99, 100));
}

/// A card's power misspelt in a resolution line: where the line's player cannot hold the card as
/// written, it is read as the card the name misspells where the player may hold that one, the one
/// report at the line (ruling R4); a stampede's play (`Cyd plays 1000 Exchang`) and a compound
/// with a half misspelt (`100 Ski & Clone`) too, and a card a discard pile gives or a Battle's
/// reveal line names (read as its placement line names it). A draw's card may go unreported where
/// the deck's top is not known. 293 of 300 games at most one error before (checked), 298 once a
/// stampede play was read so, 300 since; all 300 hidden games before and since.
#[test]
fn a_power_s_name_misspelt_in_a_resolution_line_draws_one_report_in_most_games() {
    let (games, one) = powers_misspelt(game, resolution_lines, true);
    share("powers misspelt in resolution lines drew one report at most", one, games, (99, 100));
    let (games, one) = powers_misspelt(hidden_game, resolution_lines, true);
    share("hidden powers misspelt in resolution lines drew one report at most", one, games, (99, 100));
}

/// A `round` line picked by the game's number written one figure up or down (also by the number):
/// the round is counted as played, the slip reported once, and the next `round` line read on from
/// the count. 55 of 300 games at most one error before (checked: the next `round` line was
/// reported too), and 60 of 300 with the cards hidden; 300 and 300 since.
fn rounds_misnumbered(hidden: bool) -> (usize, usize) {
    slipped_lines(
        hidden,
        |lines, at| lines[at - 1].strip_prefix("round ").is_some_and(|n| n.parse::<u32>().is_ok()),
        |k, words| {
            let n: u32 = words.get(1)?.parse().ok()?;
            let slipped = if k % 2 == 1 || n == 1 { n + 1 } else { n - 1 };
            Some(format!("round {slipped}"))
        },
    )
}

#[test]
fn a_round_s_number_miswritten_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = rounds_misnumbered(hidden);
        assert!(games >= 250, "only {games} round lines");
        share(&format!("round numbers miswritten (hidden: {hidden}) drew one report at most"), one, games, (1, 1));
    }
}

/// Every `round` line from one picked by the game's number on written one figure up, the way a
/// log that left a round out goes on: the first is reported, and the log's numbering is followed
/// from there, so nothing more is reported (not even the log ending a round early by its count).
/// 55 of 300 games exactly one error before (checked: the last round, numbered past the game's
/// rounds, was reported too).
#[test]
fn rounds_numbered_on_from_a_slip_draw_one_report() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let rounds: Vec<usize> =
            text.lines().enumerate().filter(|(_, l)| l.starts_with("round ")).map(|(i, _)| i).collect();
        let Some(&from) = rounds.get((k as usize * 7919) % rounds.len().max(1)) else { continue };
        let renumbered: Vec<String> = text
            .lines()
            .enumerate()
            .map(|(i, l)| match l.strip_prefix("round ").and_then(|n| n.parse::<u32>().ok()) {
                Some(n) if i >= from => format!("round {}", n + 1),
                _ => l.to_string(),
            })
            .collect();
        games += 1;
        one += usize::from(errors(&renumbered.join("\n")).len() == 1);
    }
    assert!(games >= 250, "only {games} games had such a slip");
    share("games numbered on from a slip drew exactly one report", one, games, (1, 1));
}

/// The `players:` line with two neighbours round the table written in each other's places (which
/// two picked by the game's number), or the seating written the other way round: every round's
/// turns go out of turn by it. The game is read with the seating the
/// turns follow, the slip reported once at the line (ruling R4). Exactly one error in 0 of 300
/// games before (checked), whole or hidden, and 55 of 300 reversed; 300 of 300 in each since.
fn seatings_miswritten(hidden: bool, reversed: bool) -> (usize, usize) {
    players_lines_slipped(hidden, |k, seating| {
        if reversed {
            seating[1..].reverse();
        } else {
            let i = k as usize % seating.len();
            let j = (i + 1) % seating.len();
            seating.swap(i, j);
        }
        true
    })
}

/// In each slip game (the cards hidden or not), the `players:` line's names changed by `slip`
/// (which returns false where it changed nothing, the game then left out): how many games, and
/// how many of them drew exactly one error.
fn players_lines_slipped(hidden: bool, slip: impl Fn(u64, &mut Vec<String>) -> bool) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = if hidden { hidden_game(k) } else { game(k) };
        let lines: Vec<&str> = text.lines().collect();
        let Some(at) = lines.iter().position(|l| l.starts_with("players: ")) else { continue };
        let mut seating: Vec<String> = player_names(&lines).into_iter().map(str::to_string).collect();
        if !slip(k, &mut seating) {
            continue;
        }
        let line = format!("players: {}", seating.join(", "));
        games += 1;
        one += usize::from(errors_with_line(&lines, at + 1, &[&line]) == 1);
    }
    (games, one)
}

#[test]
fn a_seating_miswritten_draws_one_report() {
    for (hidden, reversed) in [(false, false), (true, false), (false, true)] {
        let (games, one) = seatings_miswritten(hidden, reversed);
        assert!(games >= 300, "only {games} games had such a slip");
        share(
            &format!("seatings miswritten (hidden: {hidden}, reversed: {reversed}) drew one report"),
            one,
            games,
            (1, 1),
        );
    }
}

/// A long game's `rounds:` line left out: the game is read as five rounds long, and the log plays
/// on past them. The first round too many is reported, and the log read on to its last round as
/// the game's last (ruling R4). Exactly one error in 0 of 43 games before (checked: every round
/// past the fifth was reported, and a `reseat` line after the fifth), whole or hidden; 43 since.
#[test]
fn a_rounds_line_left_out_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = header_lines_left_out(|l| l.starts_with("rounds: "), hidden);
        assert!(games >= 40, "only {games} games had such a slip");
        share(&format!("rounds lines left out (hidden: {hidden}) drew one report"), one, games, (1, 1));
    }
}

/// A header line left out that a game played otherwise needs: `ruleset: decipher-2000` (the
/// game read under TCC 2.1, its decks under the minimum, its rules other) or `troubles: on` (each
/// shift and trouble action read as one the game does not have). The game is read again with the
/// line, the slip reported once (ruling R4). Exactly one error in none of 75 Decipher games and
/// none of 100 games with troubles before (checked), whole or hidden; every one since.
fn header_lines_left_out(left_out: impl Fn(&str) -> bool, hidden: bool) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = if hidden { hidden_game(k) } else { game(k) };
        if !text.lines().any(&left_out) {
            continue;
        }
        let cut: Vec<&str> = text.lines().filter(|l| !left_out(l)).collect();
        games += 1;
        one += usize::from(errors(&cut.join("\n")).len() == 1);
    }
    (games, one)
}

#[test]
fn a_ruleset_or_troubles_line_left_out_draws_one_report() {
    for line in ["ruleset: decipher-2000", "troubles: on"] {
        for hidden in [false, true] {
            let (games, one) = header_lines_left_out(|l| l == line, hidden);
            assert!(games >= 70, "only {games} games had such a slip");
            share(&format!("`{line}` left out (hidden: {hidden}) drew one report"), one, games, (1, 1));
        }
    }
}

/// A name of the `players:` line misspelt (which picked by the game's number): its last two
/// letters swapped or, in odd games, written in lower case. Every line naming the player named
/// someone undeclared, so that no rule was checked; the log is now read with the name the log
/// uses, the line the one report (R0109, ruling R4). Exactly one error in none of the games before
/// (checked), whole or hidden; every one since. Games whose name reads the same swapped are left
/// out.
fn player_names_misspelt(hidden: bool) -> (usize, usize) {
    players_lines_slipped(hidden, |k, seating| {
        let i = (k as usize / 2) % seating.len();
        let name: Vec<char> = seating[i].chars().collect();
        let slipped: String = if k % 2 == 1 {
            seating[i].to_lowercase()
        } else {
            let n = name.len();
            name[..n - 2].iter().chain([name[n - 1], name[n - 2]].iter()).collect()
        };
        let changed = slipped != seating[i];
        seating[i] = slipped;
        changed
    })
}

#[test]
fn a_player_s_name_misspelt_in_the_header_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = player_names_misspelt(hidden);
        assert!(games >= 200, "only {games} games had such a slip");
        share(&format!("names misspelt in the header (hidden: {hidden}) drew one report"), one, games, (1, 1));
    }
}

/// A player left out of the `players:` line (which picked by the game's number). Every line
/// naming the player named someone undeclared, so that no rule was checked; the log is now read
/// with the player at the table, seated where the turns show, the line the one report (R0110,
/// ruling R4). Exactly one error in none of 300 games before, whole or hidden (checked: dozens of
/// S0108 each); every one since.
#[test]
fn a_player_left_out_of_the_header_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = players_lines_slipped(hidden, |k, seating| {
            seating.remove(k as usize % seating.len());
            true
        });
        assert!(games >= 300, "only {games} games had such a slip");
        share(&format!("players left out of the header (hidden: {hidden}) drew one report"), one, games, (1, 1));
    }
}

/// A turn's player written with the name misspelt (which turn picked by the game's number): in
/// lower case in odd games, the last two letters swapped in even ones (games whose name reads the
/// same swapped left out). The line named someone undeclared, a syntax error, so that no rule was
/// checked; the name is now read as the declared one it misspells, the line the one report and
/// the rules checked (R0111, ruling R4). That one report in none of 251 games before (each was
/// S0108, the rules skipped), whole or hidden; 251 since.
#[test]
fn a_turn_s_player_name_misspelt_draws_one_report_and_the_rules_are_checked() {
    for hidden in [false, true] {
        let (mut games, mut one) = (0, 0);
        for k in slip_games() {
            let text = if hidden { hidden_game(k) } else { game(k) };
            let lines: Vec<&str> = text.lines().collect();
            let turns = turns(&lines);
            let (at, _) = turns[(k as usize * 7919) % turns.len()];
            let Some((name, steps)) = lines[at - 1].split_once(':') else { continue };
            let slipped: String = if k % 2 == 1 {
                name.to_lowercase()
            } else {
                let c: Vec<char> = name.chars().collect();
                let n = c.len();
                c[..n - 2].iter().chain([c[n - 1], c[n - 2]].iter()).collect()
            };
            if slipped == name {
                continue;
            }
            games += 1;
            let changed = format!("{slipped}:{steps}");
            let (_, diags) = {
                let mut damaged = lines.clone();
                damaged[at - 1] = &changed;
                tribbles::check_bytes("slip", damaged.join("\n").as_bytes())
            };
            let errors: Vec<&Diagnostic> = diags.iter().filter(|d| d.severity() == Severity::Error).collect();
            let checked = !diags.iter().any(|d| d.code.id() == "R0106");
            one += usize::from(checked && errors.len() == 1 && errors[0].code.id() == "R0111");
        }
        assert!(games >= 200, "only {games} games had such a slip");
        share(
            &format!("turns' names misspelt (hidden: {hidden}) drew one report, the rules checked"),
            one,
            games,
            (1, 1),
        );
    }
}

/// A round's `first:` line written above its `round` line (which round picked by the game's
/// number). Read line by line, the `first:` line began the round with no `round` line, and the
/// `round` line then started another: every later round was numbered one on, and the game's
/// end came early. The `round` line is now found below the preamble and read as the start of the
/// round begun above it, the `first:` line the one report (ruling R4). Exactly one error in 55 of
/// 300 games before (checked; those that moved round 1's line, which begins no round read so),
/// whole or hidden; 300 since.
#[test]
fn a_first_line_above_its_round_line_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = lines_moved(
            hidden,
            |lines| {
                (0..lines.len() - 1)
                    .filter(|&i| lines[i].starts_with("round ") && lines[i + 1].starts_with("first:"))
                    .collect()
            },
            |lines, at| lines.swap(at, at + 1),
        );
        assert!(games >= 300, "only {games} games had such a slip");
        share(
            &format!("`first:` lines above their `round` line (hidden: {hidden}) drew one report"),
            one,
            games,
            (1, 1),
        );
    }
}

/// In each slip game (the cards hidden or not), one of the places `places` finds among its lines
/// (picked by the game's number; a game with none left out) slipped by `slip`: how many games,
/// and how many of them drew exactly one error.
fn lines_moved(
    hidden: bool,
    places: impl Fn(&[&str]) -> Vec<usize>,
    slip: impl Fn(&mut Vec<&str>, usize),
) -> (usize, usize) {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = if hidden { hidden_game(k) } else { game(k) };
        let mut lines: Vec<&str> = text.lines().collect();
        let places = places(&lines);
        let Some(&at) = places.get(k as usize % places.len().max(1)) else { continue };
        slip(&mut lines, at);
        games += 1;
        one += usize::from(errors(&lines.join("\n")).len() == 1);
    }
    (games, one)
}

/// A round's `points:` line written above the round's last turn (a turn with no lines under it,
/// which round picked by the game's number). Read line by line, the round was scored with nobody
/// out, the turn began the next round with no `round` line, and every later round was numbered
/// one on. The `points:` line is now read below the turns, where the round ends, and is the one
/// report (ruling R4). Exactly one error in none of 266 games before, nor of 274 hidden ones
/// (checked: 2 to 162 errors each); every one since.
#[test]
fn a_score_written_above_the_round_s_last_turn_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = lines_moved(
            hidden,
            |lines| {
                let turns = turns(lines);
                (1..lines.len()).filter(|&i| lines[i].starts_with("points:") && turns.contains(&(i, 0))).collect()
            },
            |lines, at| lines.swap(at - 1, at),
        );
        assert!(games >= 260, "only {games} games had such a slip");
        share(&format!("scores above the round's last turn (hidden: {hidden}) drew one report"), one, games, (1, 1));
    }
}

/// A round's `round` line written above the last round's `points:` and `totals:` lines (which
/// round picked by the game's number). Each scoring line stood in the round's preamble, reported
/// as out of place and not checked; the lines are now read as the last round's score, the `round`
/// line the one report (ruling R4). Exactly one error in none of 300 games before, whole or
/// hidden (checked: each line was reported); every one since.
#[test]
fn a_round_line_above_the_last_round_s_score_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = lines_moved(
            hidden,
            |lines| {
                (3..lines.len())
                    .filter(|&i| {
                        lines[i].starts_with("round ")
                            && lines[i - 1].is_empty()
                            && lines[i - 2].starts_with("totals:")
                            && lines[i - 3].starts_with("points:")
                    })
                    .collect()
            },
            |lines, at| {
                let round = lines.remove(at);
                lines.insert(at - 3, round);
            },
        );
        assert!(games >= 300, "only {games} games had such a slip");
        share(
            &format!("round lines above the last round's score (hidden: {hidden}) drew one report"),
            one,
            games,
            (1, 1),
        );
    }
}

/// A `round` line written twice, one under the other (which round picked by the game's number).
/// Read line by line, the second ended a round nobody played and began the next, every later
/// round numbered one on. The second is now the one report (S0122), the round going on from the
/// first (ruling R4). Exactly one error in 1 of 300 games before (checked, whole); every one
/// since, whole or hidden.
#[test]
fn a_round_line_written_twice_draws_one_report() {
    for hidden in [false, true] {
        let (games, one) = lines_moved(
            hidden,
            |lines| (0..lines.len()).filter(|&i| lines[i].starts_with("round ")).collect(),
            |lines, at| lines.insert(at + 1, lines[at]),
        );
        assert!(games >= 300, "only {games} games had such a slip");
        share(&format!("round lines written twice (hidden: {hidden}) drew one report"), one, games, (1, 1));
    }
}

/// Two `deck` lines' lists written in each other's places (which two picked by the game's number;
/// games whose two lists are the same left out): each player shows cards the own list cannot
/// hold. The game is read with each list as the other's, the `deck` lines the one report (ruling
/// R4). Exactly one error in none of 300 games before (checked: each card the list could not hold
/// was reported); 300 since. The hidden games have no decklists.
#[test]
fn two_decklists_swapped_draw_one_report() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let decks: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].starts_with("deck ")).collect();
        if decks.len() < 2 {
            continue;
        }
        let (a, b) = (decks[k as usize % decks.len()], decks[(k as usize + 1) % decks.len()]);
        let (Some((name_a, list_a)), Some((name_b, list_b))) = (lines[a].split_once(':'), lines[b].split_once(':'))
        else {
            continue;
        };
        if list_a == list_b {
            continue;
        }
        let (line_a, line_b) = (format!("{name_a}:{list_b}"), format!("{name_b}:{list_a}"));
        let mut swapped = lines.clone();
        swapped[a] = &line_a;
        swapped[b] = &line_b;
        games += 1;
        one += usize::from(errors(&swapped.join("\n")).len() == 1);
    }
    assert!(games >= 250, "only {games} games had such a slip");
    share("games with two decklists swapped drew one report", one, games, (1, 1));
}

/// Two `hand` lines of a round (which round and which two picked by the game's number) written
/// with each other's cards: each player shows cards the own hand cannot hold. The round is read
/// again with the two hands swapped back, the earlier line the one report (ruling R4). Exactly one
/// error in none of 297 games before (checked); 293 since. Of the four left, three swap the hands
/// of a round in which nobody takes a turn (the player to go first goes out at once), whose deal
/// no turn reads, and one draws no report at all (the swapped cards' powers leave the game
/// unchecked). The hidden games' hands are unseen, so only whole games are tried.
#[test]
fn two_hand_lines_swapped_draw_one_report_in_most_games() {
    let (mut games, mut one) = (0, 0);
    for k in slip_games() {
        let text = game(k);
        let lines: Vec<&str> = text.lines().collect();
        let rounds: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].starts_with("round ")).collect();
        let from = rounds[k as usize % rounds.len()];
        let to = rounds.iter().copied().find(|&i| i > from).unwrap_or(lines.len());
        let hands: Vec<usize> = (from..to).filter(|&i| lines[i].starts_with("hand ")).collect();
        if hands.len() < 2 {
            continue;
        }
        let (a, b) = (hands[k as usize % hands.len()], hands[(k as usize + 1) % hands.len()]);
        let (Some((name_a, cards_a)), Some((name_b, cards_b))) = (lines[a].split_once(':'), lines[b].split_once(':'))
        else {
            continue;
        };
        if cards_a == cards_b {
            continue;
        }
        let (line_a, line_b) = (format!("{name_a}:{cards_b}"), format!("{name_b}:{cards_a}"));
        let mut swapped = lines.clone();
        swapped[a] = &line_a;
        swapped[b] = &line_b;
        games += 1;
        one += usize::from(errors(&swapped.join("\n")).len() == 1);
    }
    assert!(games >= 290, "only {games} games had two hand lines to swap");
    share("games with two hand lines swapped drew one report at most", one, games, (98, 100));
}
