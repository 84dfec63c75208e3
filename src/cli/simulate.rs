//! `tribbles simulate`: a whole game with seeded random legal choices, printed as a table log.

use super::input::{read_one, shown};
use super::{CmdResult, RulesetArg, SimulateArgs};
use crate::diagnostics::plural;
use crate::diagnostics::visible::visible;
use crate::model::log::{LineKind, Ruleset, guest_card, total_count};
use crate::sim::{Options, simulate};
use std::io::Write;

pub fn run(args: &SimulateArgs, out: &mut impl Write) -> CmdResult {
    let mut o = Options::new(usize::from(args.players), args.seed);
    o.ruleset = match args.ruleset {
        RulesetArg::Tcc21 => Ruleset::Tcc21,
        RulesetArg::Decipher2000 => Ruleset::Decipher2000,
    };
    o.troubles = args.troubles == "on";
    o.rounds = args.rounds;
    o.hidden = args.hidden;
    // The referee checks another table size all the same, with a warning (R0101); say so here too.
    let (lo, hi) = o.ruleset.table_sizes();
    if !(lo..=hi).contains(&o.players) {
        eprintln!(
            "tribbles: warning: {} plays with {lo} to {hi} players; the log will carry warning R0101{}",
            o.ruleset.title(),
            if o.players < lo { " (Decipher 2000 seats two or three: `--ruleset decipher-2000`)" } else { "" }
        );
    }
    if let Some(path) = &args.decks {
        let (_, log) = match read_one(path) {
            Ok(x) => x,
            Err(code) => return Ok(code),
        };
        let mut decks = vec![Vec::new(); log.names.len()];
        for line in &log.lines {
            if let LineKind::Deck { player, cards } = &line.kind {
                if player.index() >= o.players {
                    continue;
                }
                // A game played with a deck the referee rejects would not check clean: refuse it,
                // as the referee would (R0102, and R0401 for another player's card).
                let whose = visible(log.names.get(*player));
                let (total, minimum) = (total_count(cards), o.ruleset.deck_minimum());
                if total < minimum {
                    eprintln!(
                        "tribbles: {}: {whose}'s deck has {total} card{}; {} needs at least {minimum} \
                         (`--ruleset decipher-2000` plays the preconstructed decks of 26 to 30)",
                        shown(path),
                        plural(total),
                        o.ruleset.title()
                    );
                    return Ok(2);
                }
                if let Some((owner, _)) = guest_card(*player, cards) {
                    eprintln!(
                        "tribbles: {}: {whose}'s decklist holds a card of {}'s; a decklist lists its player's own cards",
                        shown(path),
                        visible(log.names.get(owner))
                    );
                    return Ok(2);
                }
                decks[player.index()] = crate::engine::state::expand(cards);
            }
        }
        let unknown = decks.iter().flatten().any(|c| !c.power_recorded());
        if decks.len() < o.players || decks.iter().take(o.players).any(Vec::is_empty) || unknown {
            eprintln!(
                "tribbles: {}: needs a whole decklist (every card named) for each of {} players",
                shown(path),
                o.players
            );
            return Ok(2);
        }
        o.decks = Some(decks);
    }
    out.write_all(simulate(&o).as_bytes())?;
    Ok(0)
}
