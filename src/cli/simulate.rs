//! `tribbles simulate`: a whole game with seeded random legal choices, printed as a table log.

use super::input::read_one;
use super::{CmdResult, RulesetArg, SimulateArgs};
use crate::model::log::{LineKind, Ruleset};
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
    if let Some(path) = &args.decks {
        let (_, log) = match read_one(path) {
            Ok(x) => x,
            Err(code) => return Ok(code),
        };
        let mut decks = vec![Vec::new(); log.names.len()];
        for line in &log.lines {
            if let LineKind::Deck { player, cards } = &line.kind {
                decks[player.index()] = crate::engine::state::expand(cards);
            }
        }
        let unknown = decks.iter().flatten().any(|c| !c.power_recorded());
        if decks.len() < o.players || decks.iter().take(o.players).any(Vec::is_empty) || unknown {
            eprintln!(
                "tribbles: {}: needs a whole decklist (every card named) for each of {} players",
                path.display(),
                o.players
            );
            return Ok(2);
        }
        o.decks = Some(decks);
    }
    out.write_all(simulate(&o).as_bytes())?;
    Ok(0)
}
