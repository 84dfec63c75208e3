//! A `position` block (FORMAT.md §10): a permissive setup turned into a state, with every problem
//! of the block reported.

use super::Referee;
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::state::Status;
use crate::engine::zone::{Deck, Hidden};
use crate::model::log::{ChainSetting, LineKind, PositionLine, Ruleset, Zone, guest_card};
use crate::model::{Card, PlayerId, Span};

impl<'a> Referee<'a> {
    /// Builds the state from a position block; returns the index after `end`.
    pub(super) fn position(&mut self, start: usize) -> usize {
        self.saw_deal = false;
        // The block gives the state as it is: no line left out of a round's preamble or end
        // before it is read into it.
        self.reseat_unwritten = false;
        self.unrolled.clear();
        self.unsaved.clear();
        self.unlisted.clear();
        let lines = &self.log.lines;
        let mut i = start + 1;
        let mut seen_zones: Vec<(PlayerId, Zone)> = Vec::new();
        let mut round = None;
        let mut turn = None;
        let mut chain = None;
        let mut problems: Vec<Diagnostic> = Vec::new();
        let mut state = self.state.clone();
        for p in &mut state.players {
            p.hand = Hidden::unbounded();
            p.deck = Deck::unknown();
            p.deck_gained = true;
            p.discard = Hidden::unbounded();
        }
        let mut piles_given = Vec::new();
        let mut scores_given = Vec::new();
        let mut pot_given = false;
        // The lines that set one thing (`round`, `direction:`, `chain:`, `turn:`, `trouble:`,
        // `pot:`, a player's `score:`), by kind, and the player a score line is for.
        let mut seen_once: Vec<(std::mem::Discriminant<PositionLine>, Option<PlayerId>)> = Vec::new();
        let mut sitting_out_at = None;
        let mut waiting_at: Vec<(PlayerId, Span)> = Vec::new();
        while i < lines.len() && !matches!(lines[i].kind, LineKind::PositionEnd) {
            let line = &lines[i];
            if let LineKind::Position(pl) = &line.kind {
                let once = match pl {
                    PositionLine::Round(_)
                    | PositionLine::Direction(_)
                    | PositionLine::Chain(_)
                    | PositionLine::Turn(_)
                    | PositionLine::Trouble(_)
                    | PositionLine::Pot(_) => Some(None),
                    PositionLine::Score { player, .. } => Some(Some(*player)),
                    _ => None,
                };
                if let Some(whose) = once {
                    let key = (std::mem::discriminant(pl), whose);
                    if seen_once.contains(&key) {
                        problems.push(
                            Diagnostic::new(
                                Code::InconsistentPosition,
                                line.span,
                                "this line is given twice in the block",
                            )
                            .label("given again")
                            .help("give it once: the later line is the one taken"),
                        );
                    }
                    seen_once.push(key);
                }
                match pl {
                    PositionLine::Round(n) => round = Some(*n),
                    PositionLine::Direction(d) => state.direction = *d,
                    PositionLine::Chain(c) => chain = Some((*c, line.span)),
                    PositionLine::Turn(p) => turn = Some((*p, line.span)),
                    PositionLine::Trouble(t) => state.trouble = Some(t.clone()),
                    PositionLine::Frozen { power, until } => state.frozen.push((*power, *until)),
                    PositionLine::Zone { player, zone, cards } => {
                        if seen_zones.contains(&(*player, *zone)) {
                            problems.push(
                                Diagnostic::new(
                                    Code::InconsistentPosition,
                                    line.span,
                                    format!("{}'s {} is given twice", self.name(*player), zone.keyword()),
                                )
                                .label("given again"),
                            );
                        }
                        seen_zones.push((*player, *zone));
                        // Another player's card lies only on a play pile (or in the pot): an
                        // assimilated card or a BiJ goes back to its owner's deck when it leaves
                        // the pile (TCC 2.1, Tribble Powers: ASSIMILATE, BIJ).
                        if *zone != Zone::Pile {
                            if let Some((owner, c)) = guest_card(*player, cards) {
                                let whose = self.name(*player);
                                problems.push(
                                    Diagnostic::new(
                                        Code::InconsistentPosition,
                                        c.span,
                                        format!(
                                            "{}'s {} cannot be in {whose}'s {}",
                                            self.name(owner),
                                            c.card,
                                            zone.keyword()
                                        ),
                                    )
                                    .label("another player's card")
                                    .help(
                                        "another player's card lies only on a play pile or in the pot: it \
                                         goes home when it leaves the pile (TCC 2.1, Tribble Powers: \
                                         ASSIMILATE, BIJ)",
                                    ),
                                );
                            }
                        }
                        let pl = &mut state.players[player.index()];
                        let list = crate::engine::state::expand(cards);
                        match zone {
                            Zone::Hand => pl.hand = hidden_of(list),
                            Zone::Discard => pl.discard = hidden_of(list),
                            Zone::Deck => {
                                // Bottom to top: the known cards keep their places.
                                pl.deck = Deck { top: list, middle: Hidden::default(), bottom: Vec::new() };
                                let unknown_at_top = pl.deck.top.iter().all(|c| matches!(c, Card::Unknown));
                                if unknown_at_top {
                                    let n = pl.deck.top.len() as u32;
                                    pl.deck = Deck { middle: Hidden::unknown(n), ..Deck::default() };
                                }
                            }
                            Zone::Pile => {
                                // `Rogue's 1000 BiJ`: another player's card in this pile.
                                let mut pile = crate::engine::zone::Pile::default();
                                for c in cards {
                                    let guest = c.owner.filter(|o| o != player);
                                    for _ in 0..c.count {
                                        pile.push(c.card, guest);
                                    }
                                }
                                pl.pile = pile;
                                piles_given.push(*player);
                            }
                        }
                    }
                    PositionLine::Score { player, points } => {
                        state.players[player.index()].score = *points;
                        scores_given.push(*player);
                    }
                    PositionLine::Decked(list) => {
                        for p in list {
                            state.players[p.index()].status = Status::Decked;
                        }
                    }
                    PositionLine::SittingOut(list) => {
                        sitting_out_at = Some(line.span);
                        for p in list {
                            state.players[p.index()].status = Status::SittingOut;
                        }
                    }
                    PositionLine::ScoreWaiting { player, target } => {
                        state.awaiting.push((*player, *target));
                        waiting_at.push((*target, line.span));
                    }
                    PositionLine::Pot(cards) => {
                        pot_given = true;
                        state.pot = cards
                            .iter()
                            .flat_map(|c| std::iter::repeat_n((c.card, c.owner), c.count as usize))
                            .collect();
                    }
                    PositionLine::Players(_) | PositionLine::Ruleset(_) | PositionLine::Troubles(_) => {}
                }
            }
            i += 1;
        }
        // A pile the block does not give is unknown, and so is the score of a player it does not
        // give one for (unless the block is at the start of the game).
        for (k, pl) in state.players.iter_mut().enumerate() {
            let id = PlayerId(k as u8);
            pl.pile_unknown = !piles_given.contains(&id);
            // Such a pile may hold other players' cards, which go home when it is shuffled in.
            pl.guests_open = pl.pile_unknown;
        }
        // A pot the block does not give may hold anything: an Ante in any earlier round fills it.
        state.pot_unknown = !pot_given;
        // Before the round's first play every pile is empty; a card on a pile, or a pile not
        // given, leaves open what was scored in the round so far, and what the turn before did.
        // So does a chain already begun, for the turn before: its card may have been killed off
        // the pile, by a power that turn activated (a Dabo's count).
        self.points_before_position = state.players.iter().any(|p| p.pile_unknown || !p.pile.is_empty());
        self.previous_turn_unseen =
            self.points_before_position || matches!(chain, Some((ChainSetting::Last { .. }, _)));
        if self.previous_turn_unseen {
            self.previous_turn = None;
            self.go_chain = false;
        }
        self.points_before_at_most = (0..state.players.len())
            .map(|k| {
                let given = scores_given.contains(&PlayerId(k as u8)) && !state.troubles;
                given.then_some(state.players[k].score.0)
            })
            .collect();
        let n = round.unwrap_or(1);
        // A score not given is 0 only at the game's start: after round 1, or once a card has
        // been played, it may be anything.
        if (n > 1 || self.points_before_position) && scores_given.len() < state.players.len() {
            state.fog.scores = true;
        }
        state.round = n;
        state.in_round = true;
        if n > state.rounds {
            problems.push(
                Diagnostic::new(
                    Code::InconsistentPosition,
                    lines[start].span,
                    format!("round {n} of a {}-round game", state.rounds),
                )
                .label("no such round"),
            );
        }
        if let Some((c, _)) = chain {
            state.chain = match c {
                ChainSetting::Start { broken } => crate::engine::state::Chain { broken, ..Default::default() },
                ChainSetting::Last { denomination, broken } => {
                    crate::engine::state::Chain { last: Some(denomination), by: None, broken }
                }
            };
        }
        if let Some((p, at)) = turn.filter(|(p, _)| !matches!(state.player(*p).status, Status::In | Status::Out)) {
            let name = self.name(p);
            let (message, label) = match state.player(p).status {
                Status::Decked => (format!("{name} is decked and takes no turn"), "a decked player's turn"),
                _ => (format!("{name} sits this round out and takes no turn"), "the turn of a player sitting out"),
            };
            problems.push(
                Diagnostic::new(Code::InconsistentPosition, at, message)
                    .label(label)
                    .help("name the player still in whose turn it is"),
            );
            // One mistake, one diagnostic: the turn holds, so the player's own play that follows
            // is not reported again as a decked player's, nor the hand as one that must be empty.
            state.players[p.index()].status = Status::In;
        }
        // A decked player's hand was discarded, and one sitting the round out was dealt none
        // (TCC 2.1, Advanced Rules: "Decked"): a hand the block does not give is empty. A decked
        // player may hold cards again, drawn from a deck a Recycle refilled (a Draw aimed at them,
        // ruling R12); one sitting out is no player of the round and holds none.
        for (k, pl) in state.players.iter_mut().enumerate() {
            if !matches!(pl.status, Status::Decked | Status::SittingOut) {
                continue;
            }
            if !seen_zones.contains(&(PlayerId(k as u8), Zone::Hand)) {
                pl.hand = Hidden::default();
            }
            let held = pl.hand.len().unwrap_or(0);
            if let Some(at) = sitting_out_at.filter(|_| held > 0 && pl.status == Status::SittingOut) {
                let name = self.name(PlayerId(k as u8));
                problems.push(
                    Diagnostic::new(
                        Code::InconsistentPosition,
                        at,
                        format!("{name} sits this round out, but the block gives {name} a hand of {held}"),
                    )
                    .label("sitting out")
                    .help(
                        "a player sitting the round out is dealt nothing: give the hand as `hand:` with nothing after",
                    ),
                );
            }
        }
        // Only a player decked in the round before, under TCC 2.1, sits a round out.
        if let Some(at) = sitting_out_at {
            let why = match state.ruleset {
                Ruleset::Decipher2000 => {
                    Some("Decipher 2000 has no sitting out: a decked player is out for the rest of that round only")
                }
                Ruleset::Tcc21 if round.unwrap_or(1) == 1 => {
                    Some("a player sits a round out after being decked in the round before, and round 1 follows none")
                }
                Ruleset::Tcc21 => None,
            };
            if let Some(why) = why {
                problems.push(
                    Diagnostic::new(Code::InconsistentPosition, at, "nobody can sit this round out")
                        .label("no round to have been decked in")
                        .help(why),
                );
            }
        }
        // A Score waiting on a player who takes no more turns this round has lapsed (ruling R22).
        for (target, at) in waiting_at {
            let why = match state.player(target).status {
                Status::Decked => "is decked",
                Status::SittingOut => "sits this round out",
                Status::In | Status::Out => continue,
            };
            let name = self.name(target);
            problems.push(
                Diagnostic::new(Code::InconsistentPosition, at, format!("a Score cannot wait on {name}, who {why}"))
                    .label("no next play to wait for")
                    .help("a Score lapses when the player it waits on is decked or takes no turn (ruling R22)"),
            );
            state.awaiting.retain(|(_, t)| *t != target);
        }
        match turn {
            Some((p, _)) => state.next = Some(p),
            None => {
                state.fog.turn_order = true;
                problems.push(
                    Diagnostic::new(
                        Code::TurnOrderUnverified,
                        lines[start].span,
                        "the position gives no `turn:`; the first turn is not checked",
                    )
                    .label("whose turn is unknown"),
                );
            }
        }
        for p in &mut state.players {
            p.note_many();
        }
        self.state = state;
        if self.keep_events {
            self.initial = Some(self.state.clone());
        }
        for d in problems {
            self.report(d);
        }
        for p in self.log.names.ids() {
            self.check_located(p, lines[start].span);
        }
        i + 1
    }
}

fn hidden_of(cards: Vec<Card>) -> Hidden {
    let mut h = Hidden::default();
    for c in cards {
        h.add(c);
    }
    h
}
