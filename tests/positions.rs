//! Positions (FORMAT.md §10) at random: a legal game cut before one of its turns and taken up
//! again from a `position` block that gives the state at that point, in full or in part, checks
//! clean. A zone the block leaves out is unknown, a hand may be given as a count, and the block
//! may drop a pile, a score or the pot. So does the same cut recorded in part after the block, as
//! the redaction sweep of `tests/hidden.rs` records whole games.

mod support;

use support::Xorshift as Coin;
use tribbles::engine::replay::replay;
use tribbles::engine::state::{State, Status};
use tribbles::model::log::{LineKind, StepKind};
use tribbles::model::{Card, PlayerId};
use tribbles::syntax::{parse, print};

/// A card as a zone line gives it, with its owner's name when it is another player's.
fn card_text(s: &State, card: &Card, owner: Option<PlayerId>) -> String {
    match owner {
        Some(o) => format!("{}'s {card}", s.names.get(o)),
        None => card.to_string(),
    }
}

/// The cards of a zone line: each named, or (with `hide` percent) unnamed.
fn listed(cards: &[String], coin: &mut Coin, hide: u64) -> String {
    let shown: Vec<String> =
        cards.iter().map(|c| if coin.chance(hide) { "?".to_string() } else { c.clone() }).collect();
    shown.join(", ")
}

/// The position block for `s`, the state before a turn of a full-information log, with parts
/// left out or unnamed as the coin falls; `None` when the state holds what the referee itself
/// could not follow (a power it does not follow leaves the turn order, the chain or the scores
/// open).
fn block(s: &State, coin: &mut Coin) -> Option<String> {
    let fog = s.fog;
    if fog.turn_order || fog.next_play || fog.scores || fog.cards {
        return None;
    }
    let mut out = String::from("position\n");
    out += &format!("  round {}\n", s.round);
    if s.direction != tribbles::model::log::Direction::Clockwise {
        out += "  direction: counterclockwise\n";
    }
    out += &match (s.chain.last, s.chain.broken) {
        (None, false) => "  chain: start\n".to_string(),
        (None, true) => "  chain: start broken\n".to_string(),
        (Some(d), false) => format!("  chain: {d}\n"),
        (Some(d), true) => format!("  chain: {d} broken\n"),
    };
    out += &format!("  turn: {}\n", s.names.get(s.next?));
    if let Some(t) = s.trouble.as_ref().filter(|_| s.troubles) {
        out += &format!("  trouble: {t}\n");
    }
    for (power, until) in &s.frozen {
        out += &format!("  frozen: {power} until {}\n", s.names.get(*until));
    }
    let decked: Vec<&str> =
        s.seating.iter().filter(|p| s.player(**p).status == Status::Decked).map(|p| s.names.get(*p)).collect();
    if !decked.is_empty() {
        out += &format!("  decked: {}\n", decked.join(", "));
    }
    let sitting_out: Vec<&str> =
        s.seating.iter().filter(|p| s.player(**p).status == Status::SittingOut).map(|p| s.names.get(*p)).collect();
    if !sitting_out.is_empty() {
        out += &format!("  sitting out: {}\n", sitting_out.join(", "));
    }
    for (by, target) in &s.awaiting {
        // A Score still waiting on a decked player: the decking is only the referee's reading (a
        // deck of unknown size, ruling R2), which a block cannot give (it says `decked:` for sure).
        if s.player(*target).status == Status::Decked {
            return None;
        }
        out += &format!("  score waiting: {} on {}\n", s.names.get(*by), s.names.get(*target));
    }
    if coin.chance(70) {
        let pot: Vec<String> = s.pot.iter().map(|(c, o)| card_text(s, c, *o)).collect();
        out += &format!("  pot: {}\n", listed(&pot, coin, 30));
    }
    // How much of the private zones to give: all, some, none.
    let (hide_hand, hide_discard) = ([0, 30, 100][coin.below(3)], [0, 30, 100][coin.below(3)]);
    for p in &s.seating {
        let name = s.names.get(*p);
        let pl = s.player(*p);
        // A decked player's hand the block leaves out is empty (ruling R12), so one a Draw has
        // refilled is always given (long cut 286964 left it out, and the card the player then
        // discarded was refused, R0308); one the referee cannot count cannot be given at all.
        let decked_holding = pl.status == Status::Decked && pl.hand.len() != Some(0);
        if decked_holding && pl.hand.len().is_none() {
            return None;
        }
        if pl.hand.len().is_some() && (coin.chance(85) || decked_holding) {
            let hand: Vec<String> = pl.hand.known.iter().map(|c| c.to_string()).collect();
            let mut text = listed(&hand, coin, hide_hand);
            if pl.hand.unknown > 0 {
                text += &format!("{}{}x ?", if text.is_empty() { "" } else { ", " }, pl.hand.unknown);
            }
            out += &format!("  {name} hand: {text}\n");
        }
        if let Some(n) = pl.deck.len().filter(|_| coin.chance(80)) {
            // Bottom to top: the cards known by place, and those in between unnamed.
            let mut cards: Vec<String> = pl.deck.bottom.iter().map(|c| c.to_string()).collect();
            let middle = (n as usize).saturating_sub(pl.deck.bottom.len() + pl.deck.top.len());
            if middle > 0 {
                cards.push(format!("{middle}x ?"));
            }
            cards.extend(pl.deck.top.iter().map(|c| c.to_string()));
            out += &format!("  {name} deck: {}\n", cards.join(", "));
        }
        if !pl.pile_unknown && coin.chance(85) {
            let pile: Vec<String> =
                pl.pile.iter().enumerate().map(|(i, c)| card_text(s, c, pl.pile.owner(i))).collect();
            out += &format!("  {name} pile: {}\n", listed(&pile, coin, 0));
        }
        if let Some(n) = pl.discard.len().filter(|_| coin.chance(70)) {
            let discard: Vec<String> = pl.discard.known.iter().map(|c| c.to_string()).collect();
            let mut text = listed(&discard, coin, hide_discard);
            let unknown = (n as usize).saturating_sub(discard.len());
            if unknown > 0 {
                text += &format!("{}{unknown}x ?", if text.is_empty() { "" } else { ", " });
            }
            out += &format!("  {name} discard: {text}\n");
        }
        if coin.chance(85) {
            out += &format!("  {name} score: {}\n", pl.score);
        }
    }
    out += "end\n";
    Some(out)
}

/// Game `k` cut before one of its turns (chosen by `k`), as the text of the cut log: the header,
/// then a position block, then the rest of the game. `None` when the game has no turn to cut
/// before or the state there is one a block cannot give.
fn cut(k: u64, long: bool) -> Option<String> {
    let (log, _) = parse(&support::sweep_game(k, long));
    let r = replay(&log);
    let mut coin = Coin(0x9e37_79b9_7f4a_7c15 ^ k.wrapping_mul(0x2545_f491_4f6c_dd1d));
    coin.next();
    // A turn after the first of its round, so that the round's deal and preamble lie behind.
    let turns: Vec<usize> = (1..r.turns.len()).filter(|&i| r.turns[i].1 >= 1).collect();
    let at = *turns.get(coin.below(turns.len()))?;
    let count = r.turns[at].2;
    let resume = r.events.get(count)?.line;
    // The turn is the table's own, not a skipped player's record of the Skip before it (which a
    // block cannot show), and the round goes on after it.
    let LineKind::Turn(turn) = &log.lines[resume].kind else { return None };
    if turn.steps.iter().any(|s| matches!(s.kind, StepKind::Skipped))
        || r.turns.get(at + 1).is_none_or(|t| t.0 != r.turns[at].0)
    {
        return None;
    }
    let state = r.state_after(count);
    // The block's `turn:` is the referee's reading; where it is not whose turn came (players the
    // referee could not tell sat the round out, or were decked at the deal: long cut 916684), the
    // block would say what did not happen.
    if state.next != Some(turn.player) {
        return None;
    }
    let position = block(&state, &mut coin)?;
    let first_round = log.lines.iter().position(|l| matches!(l.kind, LineKind::Round(_)))?;
    let mut out = String::new();
    for line in &log.lines[..first_round] {
        match &line.kind {
            // The seating as it stands at the cut (a BaH! may have changed it).
            LineKind::Players(_) => {
                let names: Vec<&str> = state.seating.iter().map(|p| state.names.get(*p)).collect();
                out += &format!("players: {}\n", names.join(", "));
            }
            LineKind::Deck { .. } if coin.chance(50) => {}
            _ => out += &format!("{}\n", print::print_line(line, &log.names)),
        }
    }
    out += &position;
    for line in &log.lines[resume..] {
        let indent = if matches!(line.kind, LineKind::Resolution(_) | LineKind::Then(_)) { "  " } else { "" };
        out += &format!("{indent}{}\n", print::print_line(line, &log.names));
    }
    Some(out)
}

/// The cut log `text` of game `k` as a score keeper may have recorded it after the block: hands,
/// decklists, drawn cards, powers, resolution and sheet lines dropped or unnamed at random
/// (FORMAT.md §1, principle 2).
fn partial(text: &str, k: u64) -> String {
    print::format(&support::redact::redacted(&parse(text).0, k))
}

/// A cut game with every line the referee derives written out (FORMAT.md §8, ruling F15): for even
/// games in the steps style (skipped turns as turn lines, passes said, lines in another order).
fn written(text: &str, k: u64) -> String {
    use support::written::{Style, written_out_as};
    let style = if k % 2 == 0 { Style::Steps } else { Style::Lines };
    print::format(&written_out_as(&parse(text).0, style))
}

/// Each cut is checked as it is, recorded in part after the block, and with every derived line
/// written out (then also with no more notes than the cut: nothing less checked). Games 0 to
/// 1,999 by default; a longer sweep names its own range, as in
/// `TRIBBLES_POSITION_GAMES=2000..50000 cargo test --release --test positions`, and
/// `TRIBBLES_POSITION_OUT=DIR` writes each flagged log there.
#[test]
fn legal_games_taken_up_from_a_position_stay_clean() {
    let games = support::games("TRIBBLES_POSITION_GAMES", 0..2000);
    let out = std::env::var_os("TRIBBLES_POSITION_OUT").map(std::path::PathBuf::from);
    let long = support::sweep_long();
    let (mut cut_games, mut failures) = (0, Vec::new());
    for k in games.clone() {
        let Some(text) = cut(k, long) else { continue };
        let cut_text = text.clone();
        cut_games += 1;
        let versions =
            [("cut", text.clone()), ("cut and redacted", partial(&text, k)), ("cut and written", written(&text, k))];
        for (what, text) in versions {
            let mut flagged = support::flags(&text);
            // Written out, the cut leaves nothing less checked (ruling F15).
            if what == "cut and written" {
                let (before, after) = (support::notes(&cut_text), support::notes(&text));
                if after.len() > before.len() {
                    flagged.extend(after.into_iter().filter(|n| !before.contains(n)).take(3));
                }
            }
            if !flagged.is_empty() {
                if let Some(dir) = &out {
                    let name = what.replace(' ', "_");
                    std::fs::write(dir.join(format!("{name}_{k}.tlog")), &text).expect("a writable directory");
                    std::fs::write(dir.join(format!("full_{k}.tlog")), support::sweep_game(k, long))
                        .expect("a writable directory");
                }
                failures.push(format!("game {k}, {what}: {flagged:?}"));
            }
        }
    }
    let total = games.end.saturating_sub(games.start);
    assert!(cut_games * 2 > total, "only {cut_games} of {total} games cut");
    assert!(failures.is_empty(), "{} cut games flagged:\n{}", failures.len(), failures.join("\n"));
}

/// Cut games that longer sweeps flagged, each traced to a false accusation and fixed: a Dabo
/// after the first turns after the block, the first having been the extra turn of a Go before it
/// (5221, 45112, and 103562 after a Go chain of three turns), and a player taken to have been decked at the deal after an Ante the referee
/// had followed as taking a card from the hand it dealt, that card then counted against the
/// decklist (24986), and a Replay of a card from a pile the block did not give, counted as the
/// pile's own against its decklist where it was another player's BiJ (136567), and an Ante's
/// unwritten card from a hand the block did not give, which may have been empty, counted against
/// the decklist (623065), and points the sheet has beyond the count that an unwritten Poison a
/// Sabotage activated may have scored, or the player before the block: taken as the Poison's,
/// they were added to a score that held them already (1668793), and a Rival's card taken from the
/// discard pile of a player who may have been decked at the deal, whose hand dealt went there, but
/// which the referee held in the hand (4697545); and, recorded in part, a Process whose draws
/// decked its player with no line for them, taken to have drawn none where it drew one (4132009),
/// and a Replay of a card that only the other reading of a replayed card of doubtful owner left
/// on the pile (1287316), and a Kill with no line of a replayed card of doubtful owner, after which
/// the pile's top was taken to be that card still (1326124), and an Ante's unwritten card from a
/// hand that may have been empty, counted into the discard pile when the pot emptied (5710369);
/// and, recorded in part, two Mutates' unwritten cards that left no pile showing a recorded power,
/// the log then taken for one that records none and the next hand counted (5900657); and a block
/// with every pile empty but the chain begun (its card killed), a Dabo after it reported (6439783);
/// and a replayed card that another player's card on a pile the block did not give may be, held
/// as that player's with no doubt and checked against the list (8273090, 8663665, 8705389); and,
/// recorded in part, a round whose last one in was a reading (either of two players may have been
/// decked by an unseen draw), the other player's hand then taken to the discard pile rather than
/// perhaps onto the pile and into the next round's deck (16103172); and a block giving a decked
/// player the card a Draw aimed at them had brought, refused (8042, 18286); and a Poison with no
/// score line at a player taken to have been decked at the deal who may be sitting the round out
/// instead, scored as from a player in (56377, 139849); and, in a long game, an Avalanche with no
/// line for a player who may have been decked at the deal, whose derived discard stayed counted
/// after the player was taken to have been decked: a Recycle carried the phantom card into the
/// deck, and many rounds later a Convert that came back to an empty deck was refused (35797); and
/// a block that left out the hand a Draw had refilled for a decked player, taken as empty, so the
/// card a Sabotage's Replicate then had her discard was refused (286964, the harness's fault);
/// and, with every derived line written, an Ante's line derived for a player who may have been
/// decked at the deal, which once written showed that player in, so each later turn passing over
/// her was reported (375584), and likewise a Masaka's lines derived for players who may have been
/// decked at the deal or sat the round out (1070131, 1088539); and an Ante's line for a player taken
/// decked at the deal whom a Sabotage of the turn was aimed at, which the referee did not take to
/// show her in (1520651); and a Recycle at a player who may have been decked at the deal, whose
/// dealt hand the referee kept in the hand while a Battle then revealed a card of it from the deck
/// (1781860); and a Utilize at a player taken to have been decked by an unseen draw, whose deck a
/// Mutate had refilled before, from whom the referee scored nothing (2218261); and a Skip played
/// as the last card by a player whose hand the cut could not count: the referee took the next
/// player to be skipped, and that line, written out where earlier written lines showed the hand
/// empty, was reported (3914311, the harness's fault: the skip rested on the player's staying
/// in); and a Sabotage whose lone discard line, recorded in part, named the card an activated
/// Poison discarded next, which the referee took for the Sabotage's and found beyond the
/// decklist, its only copy lying lower in the deck (4069544); and a Recycle at a player taken to
/// have been decked at the deal where a Skip left it open which of two was, the round then ending
/// unsettled: the dealt hand was put back and discarded, though the Recycle may have carried it
/// into the deck, and the next round's deal of one of its cards was refused (4806794); and a
/// Draw at a player whose deck the cut could not count, its decking read as a draw of no cards,
/// which written out (`Ann draws 0`, where written lines had shown the deck empty) was reported
/// (10143299). Each is checked as cut, recorded in part, and written out.
#[test]
fn cuts_once_flagged_stay_clean() {
    let games = [
        8042, 18286, 56377, 139849, 5221, 24986, 45112, 103562, 136567, 623065, 1287316, 1326124, 1668793, 4132009,
        4697545, 5710369, 5900657, 6439783, 8273090, 8663665, 8705389, 16103172,
    ];
    // Long games (`TRIBBLES_SWEEP_LONG`).
    let long_games =
        [35797, 286964, 375584, 1070131, 1088539, 1520651, 1781860, 2218261, 3914311, 4069544, 4806794, 10143299];
    for (k, long) in games.into_iter().map(|k| (k, false)).chain(long_games.into_iter().map(|k| (k, true))) {
        let text = cut(k, long).expect("a cut");
        for text in [partial(&text, k), written(&text, k), text] {
            let flagged = support::flags(&text);
            assert!(flagged.is_empty(), "game {k}: {flagged:?}\n{text}");
        }
    }
}
