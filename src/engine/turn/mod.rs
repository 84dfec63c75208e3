//! One turn: whose it is, each step against the chain and the hidden cards, what the rules make
//! happen at its end (going out, being decked, the next player), and the table's resolution
//! lines compared with it (TCC 2.1, How to Play; Ending the Round; Advanced Rules: "Decked").
//!
//! The table's lines are compared in [`claims`]; where a turn as written draws reports, [`readings`]
//! reads it again as a writing slip, with the plays a turn left out may have been from [`guesses`].

use super::event::{Drawn, Event, Place};
use super::replay::{InferredDecked, LISTED, Referee};
use super::rules::{self, Verdict, Way};
use super::state::Status;
use super::zone::compatible;
use crate::diagnostics::{Code, Diagnostic};
use crate::model::log::{CardAt, CardCount, Choice, ChoiceKind, Line, LineKind, Ruleset, Step, StepKind, Turn, Zone};
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec, Span};
use crate::powers;

mod claims;
mod guesses;
mod power_cx;
mod readings;

pub(crate) use power_cx::PowerCx;
pub(super) use readings::sabotage_aimed;

/// What a turn has done so far.
#[derive(Default)]
pub(crate) struct Progress<'l, 's> {
    played: bool,
    /// The player's hand held cards nobody saw when the turn began: a going out at its end rests
    /// on the count of them.
    hand_unseen: bool,
    /// The denomination the chain called for when the turn began (a trouble's Miss).
    called_for: Option<Denomination>,
    /// Plays beyond the first that a power allows this turn (`?`: any card).
    allowed: Vec<Card>,
    /// Go: the player takes another turn.
    extra_turn: bool,
    /// Skip: how many players lose their turn after this one.
    skips: u32,
    /// Powers activated this turn, for Dabo (both halves of a compound count; so does Clone).
    activations: u32,
    /// Rescue: the card taken into hand, which goes on top of the deck unless it is played.
    rescued: Option<Card>,
    /// Freezes made this turn, which do not end with it.
    froze: Vec<PowerSpec>,
    /// Scores aimed this turn at the player whose turn it is: they wait for the next one.
    awaits: Vec<PlayerId>,
    /// Sabotage: the card it discarded, whose power an `activate` step may use (once).
    sabotaged: Option<Card>,
    /// The card Sabotage discarded is known only from a line that may instead be the activated
    /// power's own (the Sabotage's line left out): the player whose deck it came from.
    sabotage_doubtful: Option<PlayerId>,
    /// An `activate` step is using the discarded card's power now.
    activating: bool,
    /// A Replay was used and has not yet replayed a card.
    replay_open: bool,
    /// The table's resolution lines of this turn; `true` once a power has taken one as evidence.
    claims: Vec<(&'l Event, Span, bool)>,
    /// The card drawn this turn, as the log describes it.
    drew: Option<Card>,
    decked: bool,
    skipped: bool,
    acted: bool,
    passed: bool,
    /// A power whose effects are not followed was used: the rest of the turn is the table's word.
    fogged: bool,
    steps: u32,
    /// Cards another player's power moved into their owner's discard or play pile (`Some`
    /// place) unnamed: each may have been a Replicate, whose extra card a line left over at the
    /// turn's end may be (ruling F8).
    unnamed_replicates: Vec<(PlayerId, Option<super::event::Place>)>,
    /// A power the referee could not follow was aimed at the turn's own player this turn: it may
    /// have been a Score waiting for that player's next turn.
    maybe_awaits_self: bool,
    /// A step of the turn uses a power that may make its player draw (Evolve, Draw, …): a lone
    /// `draws` line may be that power's rather than a trouble action's.
    power_may_draw: bool,
    /// The turn's steps (an `activate` step aimed at a player makes a Sabotage's lone discard line
    /// from that player's deck maybe the activated power's own). Their lifetime is not the
    /// claims': a turn the log left out is made up by the referee.
    turn_steps: &'s [Step],
    /// Cards played while the active trouble was unknown: each may have had the Power of the one
    /// the table's shift lines name at the turn's end, and shifted it again unwritten.
    unjudged_plays: Vec<Card>,
    /// The turn's plays still to come whose card may be a Qapla' (a step, a `then` line or a
    /// stampede's `plays` line; its power known to be one, or not recorded): a card not recorded
    /// takes the table's `pot empties` line as its own only where none is left.
    qapla_plays: u32,
}

impl Progress<'_, '_> {
    /// Takes the first of the turn's resolution lines not yet taken that `pick` accepts, as
    /// evidence; it is then not compared again.
    fn take(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        let c = self.claims.iter_mut().find(|(e, _, used)| !*used && pick(e))?;
        c.2 = true;
        Some((c.0.clone(), c.1))
    }

    /// As [`Progress::take`], only when the line is the first not yet taken (a trouble's shift
    /// line and score lines aside, which may stand anywhere, ruling F15): a power's line comes
    /// before those of a power it sets off.
    fn take_first(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        let c = self.claims.iter_mut().find(|(e, _, used)| !*used && !anywhere(e))?;
        if !pick(c.0) {
            return None;
        }
        c.2 = true;
        Some((c.0.clone(), c.1))
    }

    /// The line [`Progress::take_first`] looks at.
    fn first(&self) -> Option<&Event> {
        self.claims.iter().find(|(e, _, used)| !*used && !anywhere(e)).map(|(e, _, _)| *e)
    }

    /// Whether a line not yet taken satisfies `pick`.
    fn has(&self, pick: impl Fn(&Event) -> bool) -> bool {
        self.at(pick).is_some()
    }

    /// Where the first line not yet taken that satisfies `pick` stands.
    fn at(&self, pick: impl Fn(&Event) -> bool) -> Option<Span> {
        self.claims.iter().find(|(e, _, used)| !*used && pick(e)).map(|(_, span, _)| *span)
    }
}

/// The one player a turn's power is aimed at, and where: the turn's steps choose one player
/// (`@Name`), in the choices of a card played or replayed, and no trouble action.
fn aimed_at(turn: &Turn) -> Option<(PlayerId, Span)> {
    let mut aimed = None;
    for step in turn.steps.iter() {
        match &step.kind {
            StepKind::Play { used: Some(used), .. } | StepKind::Replay { used: Some(used), .. } => {
                for c in used.iter() {
                    if let ChoiceKind::Player(q) = c.kind {
                        if aimed.is_some() {
                            return None;
                        }
                        aimed = Some((q, c.span));
                    }
                }
            }
            StepKind::Activate(_) => return None,
            _ => {}
        }
    }
    aimed
}

/// What the resolution lines of a turn left out above them show that it may have chosen
/// ([`Referee::shown_by`]).
#[derive(Default)]
struct Shown {
    /// The players the lines name, other than the turn's.
    players: Vec<PlayerId>,
    /// The turn's player, where the lines name that player too (a power aimed at its own player).
    own: Option<PlayerId>,
    /// The powers of the cards they name, a compound's halves apart.
    powers: Vec<Power>,
    /// The cards they name, with their powers.
    cards: Vec<Card>,
    /// Whether a line shifts the trouble, as a trouble action does.
    shifts: bool,
    /// Whether a line does anything else.
    other_lines: bool,
}

/// How a turn left out may have used the power of a card it played
/// ([`Referee::ways_to_take`]), besides not at all or with no choices.
#[derive(Clone, Copy)]
enum Uses<'s> {
    /// In no other way: nothing shows what it chose.
    Plain,
    /// Aimed at any player.
    Aimed,
    /// Aimed at any player, or with the other choices these lines show.
    Shown(&'s Shown),
}

/// The one card of `card`'s power and another number of which `holds` holds, if only one: where
/// a zone cannot hold the card written, the card the table moved, its number miswritten (ruling
/// R4). First, for a power's name misspelt, the card of its number with the power meant.
fn renumbered(card: &Card, holds: impl Fn(&Card) -> bool) -> Option<Card> {
    if let Some(respelt) = respelled(card).filter(|m| holds(m)) {
        return Some(respelt);
    }
    let Card::Known { denomination, power } = *card else { return None };
    if matches!(power, PowerSpec::Unrecorded) {
        return None;
    }
    let mut fits = Denomination::ALL
        .into_iter()
        .filter(|d| *d != denomination)
        .map(|d| Card::Known { denomination: d, power })
        .filter(|m| holds(m));
    fits.next().filter(|_| fits.next().is_none())
}

/// The power an unrecognised power's name misspells, a letter or two off: the one the parser's
/// warning suggests (a later set's power is not so near a known one).
fn misspelt(power: &PowerSpec) -> Option<Power> {
    let PowerSpec::Unrecognised(name) = power else { return None };
    crate::diagnostics::did_you_mean(name.as_str(), Power::spellings()).and_then(Power::from_name)
}

/// `card` with the power its unrecognised power misspells ([`misspelt`]).
fn respelled(card: &Card) -> Option<Card> {
    let Card::Known { denomination, power } = card else { return None };
    misspelt(power).map(|p| Card::Known { denomination: *denomination, power: PowerSpec::Single(p) })
}

/// A turn's list of resolution lines emptied, given back for its allocation whatever the lines
/// it held were borrowed from (the log's, or a reading's of them): collected in place.
fn emptied<'a>(mut claims: Vec<(&Event, Span, bool)>) -> Vec<(&'a Event, Span, bool)> {
    claims.clear();
    claims.into_iter().map_while(|_| None).collect()
}

/// Lines that may stand anywhere in a turn's resolution (FORMAT.md §8, ruling F15), which
/// [`Progress::take_first`] passes over.
fn anywhere(e: &Event) -> bool {
    matches!(e, Event::TroubleShifts(_) | Event::Scores { .. } | Event::Loses { .. })
}

/// The powers that act on every player still in, or may use one that does (Copy, Sabotage,
/// Replay).
const ON_EVERYONE: [Power; 10] = [
    Power::Masaka,
    Power::Avalanche,
    Power::Party,
    Power::Qapla,
    Power::Toxin,
    Power::Stampede,
    Power::Ante,
    Power::Copy,
    Power::Sabotage,
    Power::Replay,
];

/// The powers of [`ON_EVERYONE`] that may change a player's play pile: Masaka, Avalanche, Ante
/// and Toxin move cards between hand, deck, discard pile and pot only.
const ON_EVERYONES_PILE: [Power; 6] =
    [Power::Party, Power::Qapla, Power::Stampede, Power::Copy, Power::Sabotage, Power::Replay];

/// What a power aimed at a player may show of that player's deck (ruling R2): `AIMED` for any
/// aimed power, and the kinds of line it may give: a draw (Draw), a discard from the deck
/// (Sabotage, Poison, a lost Battle), a reveal or a card put from the deck (Battle). A Copy, or a
/// card whose power is not known, may give any.
const AIMED: u8 = 1;
const DRAWS: u8 = 2;
const DISCARDS: u8 = 4;
const REVEALS: u8 = 8;

fn deck_reach(card: &Card) -> u8 {
    let mut reach = AIMED;
    if card.may_have(&[Power::Draw, Power::Copy]) {
        reach |= DRAWS;
    }
    if card.may_have(&[Power::Sabotage, Power::Poison, Power::Battle, Power::Copy]) {
        reach |= DISCARDS;
    }
    if card.may_have(&[Power::Battle, Power::Copy]) {
        reach |= REVEALS;
    }
    reach
}

impl<'a> Referee<'a> {
    /// Checks the turn at line `at`, whose resolution lines run to `end`.
    pub(super) fn turn(&mut self, at: usize, end: usize) {
        let LineKind::Turn(turn) = &self.log.lines[at].kind else { return };
        self.turn_of(turn, Some(at), at + 1, end);
    }

    /// Checks `turn`, written at line `at` (`None` for a turn the log left out), whose block
    /// (resolution lines, `then` steps, comments, `expect` lines) is the lines `first..end`.
    fn turn_of(&mut self, turn: &Turn, at: Option<usize>, first: usize, end: usize) {
        let log = self.log;
        self.turn_with(turn, at, first, &log.lines[first..end]);
    }

    /// Checks `turn` as [`Self::turn_of`] does, with `block` for its block's lines from `first`:
    /// the log's, or a reading of them ([`Self::misnamed_line`]).
    fn turn_with(&mut self, turn: &Turn, at: Option<usize>, first: usize, block: &[Line]) {
        let lines = &self.log.lines;
        let player = turn.player;
        if !self.state.in_round {
            self.report(
                Diagnostic::new(Code::RoundOver, turn.player_span, "a turn outside a round")
                    .label("no round is in progress")
                    .help("start the round with `round N`"),
            );
            return;
        }
        if self.written_early.is_some() {
            self.report_written_early(turn);
        }
        // The same turn as the line before, whose first card the hand can no longer hold, or
        // the chain no longer allows: one turn written twice (the other reading, the turn played
        // again, is an error as well).
        if let Some(first) = self.written_twice(turn) {
            if let Some(why) = self.cannot_repeat(turn) {
                self.report_written_twice(turn, first, "the same turn again".to_string(), why);
                return;
            }
        }
        if !self.whose_turn(turn) {
            return;
        }
        self.last_turn_line = at;
        // The table's `is decked` lines, as evidence for the turn's draw. A turn that plays a card
        // drew one, so its player's decking is a power's doing (Evolve, Process, Masaka).
        let plays = turn.steps.iter().any(|s| matches!(s.kind, StepKind::Play { .. }));
        let table_decked: Vec<PlayerId> = block
            .iter()
            .filter_map(|l| match &l.kind {
                LineKind::Resolution(Event::IsDecked(p)) if !(plays && *p == player) => Some(*p),
                _ => None,
            })
            .collect();
        if !self.inferred_decked.is_empty() || !self.drew_unseen.is_empty() || self.deal_in_doubt() {
            self.inferences_met(turn, block);
        }
        let mut claims = std::mem::take(&mut self.spare_claims);
        claims.clear();
        const DRAWERS: [Power; 7] =
            [Power::Evolve, Power::Draw, Power::Masaka, Power::Process, Power::Copy, Power::Sabotage, Power::Replay];
        // Only a trouble action's draw asks.
        let power_may_draw = self.state.troubles
            && turn.steps.iter().any(|s| match &s.kind {
                StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, used: Some(_) } => {
                    card.card.may_have(&DRAWERS)
                }
                StepKind::Activate(_) => true,
                _ => false,
            });
        let qapla = |c: &Card| u32::from(c.may_have(&[Power::Qapla]));
        let step_qapla = |s: &Step| match &s.kind {
            StepKind::Play { card, .. } | StepKind::Replay { card, .. } => qapla(&card.card),
            _ => 0,
        };
        let mut progress = Progress {
            called_for: self.called_for(),
            claims,
            power_may_draw,
            turn_steps: &turn.steps,
            qapla_plays: turn.steps.iter().map(step_qapla).sum(),
            hand_unseen: self.state.player(player).hand.unknown > 0,
            ..Progress::default()
        };
        // The block's claims, and its plays that may be a Qapla', in one pass.
        for l in block {
            match &l.kind {
                LineKind::Resolution(e) => {
                    progress.claims.push((e, l.span, false));
                    if let Event::Plays { card, .. } = e {
                        progress.qapla_plays += qapla(card);
                    }
                }
                LineKind::Then(step) => progress.qapla_plays += step_qapla(step),
                _ => {}
            }
        }
        // A player skipped by the last turn may write the skipped turn down (and place a BaH!).
        let only_skipped = turn.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        // While the turn order is the table's, so is who a Skip passed over.
        if only_skipped && self.state.fog.turn_order && self.last_skipped != Some(player) {
            self.emit(Event::IsSkipped(player));
            self.last_skipped = Some(player);
        }
        if only_skipped && self.last_skipped == Some(player) {
            for step in &turn.steps {
                if let StepKind::Place(_) = step.kind {
                    self.step(player, step, &mut progress, &table_decked);
                }
            }
            return;
        }
        let events_before = self.events.len();
        self.resolutions.clear();
        for step in &turn.steps {
            self.step(player, step, &mut progress, &table_decked);
        }
        let mut claims = Vec::new();
        let mut nth_claim = 0;
        let mut reopen = false;
        for (k, l) in (first..).zip(block) {
            self.line = k;
            let consumed = matches!(l.kind, LineKind::Resolution(_)) && {
                nth_claim += 1;
                progress.claims.get(nth_claim - 1).is_some_and(|c| c.2)
            };
            match &l.kind {
                LineKind::Then(step) => self.step(player, step, &mut progress, &table_decked),
                LineKind::Resolution(_) if consumed => {}
                LineKind::Resolution(e) if progress.fogged => {
                    // The table's account of a power the referee does not follow is taken as fact.
                    // A `plays` line is a stampede play (FORMAT.md §8): the card goes on the pile
                    // without setting the chain.
                    match e {
                        Event::Plays { player: q, card } => self.emit(Event::Puts {
                            player: *q,
                            cards: crate::model::log::CardCount::one(*card, l.span).list(),
                            to: super::event::Destination { place: super::event::Place::OnPile, owner: None },
                            from: super::event::Source::default(),
                        }),
                        _ => self.emit(e.clone()),
                    }
                    // What a fact leaves a zone holding is not known to stay so: a move the log
                    // leaves out may have come after it (a Mutate's cards onto the pile it
                    // shuffled in, a Masaka's draws from the deck its hand went under), and so
                    // may the turn's later steps (a card a Rescue put in the hand, played at once).
                    reopen = true;
                    if let Event::GoesOut(p) = e {
                        if !self.went_out.contains(p) {
                            self.went_out.push(*p);
                        }
                    }
                }
                LineKind::Resolution(e) => claims.push((e, l.span)),
                _ => {}
            }
        }
        self.line = at.unwrap_or(first);
        if reopen {
            // What the power may have done is open again after the table's lines.
            let unverified = self.events[events_before..].iter().rev().find_map(|l| match &l.event {
                e @ Event::Unverified { .. } => Some(e.clone()),
                _ => None,
            });
            if let Some(e) = unverified {
                self.emit(e);
            }
        }
        self.unnamed_replicates(&progress, &mut claims);
        self.trouble_turn_end(&progress, &mut claims);
        self.end_of_turn(player, turn, &progress, at.map_or(turn.player_span, |at| lines[at].span));
        self.compare(&claims, &progress.claims, events_before);
        self.spare_claims = emptied(progress.claims);
    }

    /// Reports the turn out of order written before the turn it displaced, which was read first
    /// ([`Self::swapped_turns`]), or before its own player's turn that came first
    /// ([`Self::swapped_own_turns`]).
    #[cold]
    fn report_written_early(&mut self, turn: &Turn) {
        let Some((first, at)) = self.written_early.take() else { return };
        let (early, late) = (self.name(turn.player).to_string(), self.name(first).to_string());
        if first == turn.player {
            self.report(
                Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("{early}'s two turns are written in the wrong order"))
                    .label("read after the turn below")
                    .related(at, format!("{early}'s turn before it"))
                    .help(format!(
                        "{early}'s turn written below comes first: read so, both turns follow, and the game goes on from them"
                    )),
            );
            return;
        }
        self.report(
            Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("it was {late}'s turn, not {early}'s"))
                .label(format!("expected {late}"))
                .related(at, format!("{late}'s turn, written after {early}'s"))
                .help(format!(
                    "the two lines are in the wrong order: {late}'s turn is read first, as the turn order has it"
                )),
        );
    }

    /// Checks that it is this player's turn; false when the turn must not be applied.
    fn whose_turn(&mut self, turn: &Turn) -> bool {
        let player = turn.player;
        let reading = self.skip_reading.take();
        self.passed_over = 0;
        // A player at the table's turn was not decked by an earlier draw.
        self.not_decked_by_a_draw(player);
        let mut status = self.state.player(player).status;
        let only_skipped = turn.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        if only_skipped && (self.last_skipped == Some(player) || self.state.fog.turn_order) {
            return true;
        }
        // The table says the Skip fell on a player taken to have been decked at the deal, whose
        // other reading has the player the Skip fell on decked instead: that reading it is.
        if only_skipped
            && self.last_skipped.is_some()
            && self.inferred_decked.iter().any(|d| d.player == player && d.instead == self.last_skipped)
        {
            self.withdraw_inference(player, turn.player_span, "is skipped");
            self.emit(Event::IsSkipped(player));
            self.last_skipped = Some(player);
            return true;
        }
        // The table says the Skip fell on this player, further on than the rules put it: the
        // players it passed over may have been decked at the deal already (ruling R2).
        let fell_here = reading
            .filter(|_| only_skipped && self.last_skipped != Some(player) && !self.state.fog.turn_order)
            .and_then(|(mover, from, skips)| self.skips_read_to((mover, from, skips.saturating_sub(1)), player));
        if let Some((decked, skipped, instead)) = fell_here {
            let why = |r: &Self, _| format!("the Skip fell on {}", r.name(player));
            let expected = self.state.next.unwrap_or(player);
            self.passed_by_skips((decked, instead), (player, expected), turn.player_span, why);
            for s in skipped.iter().chain([&player]) {
                self.emit(Event::IsSkipped(*s));
            }
            self.last_skipped = Some(player);
            if let Some(next) = self.state.next_in_turn(player) {
                self.emit(Event::IsNext(next));
            }
            return true;
        }
        if !self.went_out.is_empty() && !self.missed_go_out {
            self.missed_go_out = true;
            let out = self.went_out.iter().map(|p| self.name(*p).to_string()).collect::<Vec<_>>().join(" and ");
            self.report(
                Diagnostic::new(Code::RoundOver, turn.player_span, format!("{out} went out: the round was over"))
                    .label("this turn comes after the end of the round")
                    .help("a player with no cards in hand at the end of a turn goes out and the round ends"),
            );
            // Carry on as the table played: the round goes on. A player taken to have gone out on
            // a count of cards nobody saw did not: the count was short (a draw the log left out,
            // the likelier slip; with an empty deck, the hand and deck are no longer counted),
            // and the player is back in at once (ruling R4). One whose last cards were seen did
            // go out, and is back in only on playing again (below).
            for q in std::mem::take(&mut self.out_on_count) {
                if self.went_out.contains(&q) && self.state.player(q).status == Status::Out {
                    self.went_out.retain(|p| *p != q);
                    self.emit(Event::Rejoins(q));
                    if !self.draw_left_out(q) {
                        self.emit(Event::HandUnknown(q));
                    }
                }
            }
            status = self.state.player(player).status;
            self.emit(Event::IsNext(player));
        }
        // A player taken to have been decked at the deal plays after all.
        if self.taken_decked(player) {
            self.withdraw_inference(player, turn.player_span, "plays");
            self.emit(Event::IsNext(player));
            return true;
        }
        // The table played on past a going out (reported once, above), and the player the
        // referee took to have gone out plays too: its count of the hand was short, and the table
        // is followed. The player is back in, having drawn the card the log left out (the likelier
        // slip; with an empty deck, the hand and deck are no longer counted), and has the turn if
        // it is the player's seat that comes next.
        if status == Status::Out && self.missed_go_out && self.went_out.contains(&player) {
            self.went_out.retain(|q| *q != player);
            self.emit(Event::Rejoins(player));
            if !self.draw_left_out(player) {
                self.emit(Event::HandUnknown(player));
            }
            status = Status::In;
            let last = self.previous_turn.map(|(p, _)| p);
            // Or where the player's seat comes just before the one the turn order passed to: the
            // turns since passed over the seat only as the player's, out (a Skip that fell on the
            // next seat, say).
            let passed_over = last != Some(player)
                && self.state.next.is_some()
                && self.state.next_toward(player, self.state.direction) == self.state.next;
            if passed_over || last.is_some_and(|p| self.state.next_in_turn(p) == Some(player)) {
                self.emit(Event::IsNext(player));
            }
        }
        if status != Status::In && !(status == Status::Out && self.missed_go_out) {
            let why = match status {
                Status::Decked => "is decked and out for the rest of the round",
                Status::SittingOut => "sits out this round",
                Status::Out | Status::In => "has gone out",
            };
            self.report(
                Diagnostic::new(Code::NotInRound, turn.player_span, format!("{} {why}", self.name(player)))
                    .label("takes no turns this round")
                    .help("the turn is not applied"),
            );
            return false;
        }
        // Past two turns out of order this round that no reading explains, the table's order is
        // followed to the round's end (ruling R4).
        if self.table_order && self.state.next != Some(player) && !self.state.fog.turn_order {
            self.emit(Event::IsNext(player));
            self.displaced = None;
            self.reversal = None;
        }
        // After a turn out of order that a change of direction the log leaves out would explain, a
        // turn that only that reading allows shows the table went the other way round: the referee
        // follows it, the slip having been reported at that turn (ruling R4).
        if let Some(next) = self.reversal.take() {
            if !self.state.fog.turn_order && next == player {
                if self.state.next == Some(player) || self.displaced.is_some_and(|(d, _)| d == player) {
                    self.reversal_armed = true;
                } else {
                    self.emit(Event::DirectionReverses);
                    self.emit(Event::IsNext(player));
                    self.displaced = None;
                    self.resume_after = None;
                }
            }
        }
        // The player whose turn an out-of-turn play took may still play next: the table's slip is
        // reported once, at the turn that jumped the queue. Only next: once another player has
        // followed the one who jumped the queue, the table has carried on from there, and the
        // displaced player plays again in turn.
        if let Some((displaced, jumper)) = self.displaced.take() {
            if displaced == player {
                self.resume_after = Some(jumper);
                return true;
            }
        }
        // The last turn's Skips give this player the turn if some players they passed over were
        // decked at the deal (ruling R2).
        let read = reading.filter(|_| {
            self.state.next != Some(player) && !self.state.fog.turn_order && self.state.player(player).is_in()
        });
        if let Some((decked, skipped, instead)) = read.and_then(|r| self.skips_read_to(r, player)) {
            let why = |r: &Self, q| format!("the Skip passed {} by", r.name(q));
            let expected = self.state.next.unwrap_or(player);
            self.passed_by_skips((decked, instead), (player, expected), turn.player_span, why);
            for s in &skipped {
                if self.last_skipped != Some(*s) {
                    self.emit(Event::IsSkipped(*s));
                }
            }
            self.last_skipped = skipped.last().copied();
            self.emit(Event::IsNext(player));
        }
        // A player whose deck size is unknown and who has not played this round may have been
        // decked at the deal (ruling R2), which no line records: pass over such players rather
        // than accuse the table.
        while let Some(expected) = self.state.next.filter(|e| *e != player) {
            let reaches = self.state.next_in_turn(expected) == Some(player)
                || self
                    .state
                    .next_in_turn(expected)
                    .is_some_and(|n| n != player && (!self.has_taken_a_turn(n) || self.drew_unseen.contains(&n)));
            if !reaches || self.state.fog.turn_order || !self.state.player(player).is_in() {
                break;
            }
            if !self.may_have_been_decked(expected) {
                break;
            }
            // The player a Skip just passed over may have been the one decked at the deal: the
            // Skip then fell on `expected` (kept in mind in case `expected` plays after all).
            let skipped = self
                .last_skipped
                .filter(|s| *s != expected && self.state.player(*s).is_in() && self.may_have_been_decked(*s));
            let why = format!("{}'s turn is passed over", self.name(expected));
            self.report(self.decked_at_deal_note(expected, turn.player_span, why));
            // If the player plays after all, the inference is withdrawn.
            self.infer_decked_at_deal(InferredDecked::new(expected, player, turn.player_span, expected, skipped));
            match self.state.next_in_turn(expected) {
                Some(n) => self.emit(Event::IsNext(n)),
                None => break,
            }
        }
        // A flag a player, however long the round: it is asked on every turn out of order.
        if self.took_turn.len() <= player.index() {
            self.took_turn.resize(player.index() + 1, false);
        }
        self.took_turn[player.index()] = true;
        // A player who takes a turn was in when the last Skips passed: not the one they passed
        // over decked, whatever that player's unseen draws did to them since.
        for d in &mut self.inferred_decked {
            if d.instead == Some(player) {
                d.instead = None;
            }
        }
        match self.state.next {
            Some(expected) if expected != player => {
                if self.state.fog.turn_order {
                    if !self.noted_turn_order {
                        self.noted_turn_order = true;
                        self.report(
                            Diagnostic::new(
                                Code::TurnOrderUnverified,
                                turn.player_span,
                                "the turn order is not checked for the rest of the round",
                            )
                            .label("after a power whose effects are not followed"),
                        );
                    }
                } else if let Some(first) = self.written_twice(turn) {
                    // The same turn as the line before, by the same player, out of turn: one turn
                    // written twice. Applying it again would report its cards as well.
                    let expected = format!("expected {}", self.name(expected));
                    self.report_written_twice(turn, first, expected, self.turn_order_help());
                    return false;
                } else {
                    let mut d = Diagnostic::new(
                        Code::OutOfTurn,
                        turn.player_span,
                        format!("it was {}'s turn, not {}'s", self.name(expected), self.name(player)),
                    )
                    .label(format!("expected {}", self.name(expected)));
                    d = self.other_way_round(d, player, expected);
                    self.out_of_order += 1;
                    if self.out_of_order >= 2 {
                        self.table_order = true;
                        let more =
                            "a second turn out of order this round: the table's order is followed to the round's end";
                        d.help = Some(match d.help.take() {
                            Some(h) => format!("{h}; {more}"),
                            None => more.to_string(),
                        });
                    }
                    self.report(d);
                    self.displaced = Some((expected, player));
                    // The turns passed over, from the expected player's on.
                    let mut at = Some(expected);
                    while let Some(q) = at.filter(|q| *q != player) {
                        if self.passed_over as usize >= self.state.seating.len() {
                            break;
                        }
                        self.passed_over += 1;
                        self.passed_turns.push(q);
                        at = self.state.next_in_turn(q);
                    }
                }
                self.emit(Event::IsNext(player));
            }
            _ => {}
        }
        true
    }

    /// A turn whose lines show a player taken to have been decked at the deal taking part: that
    /// player was in after all. A decked player has no hand, so a card played, put or discarded
    /// from the hand shows it, as does the player's going out or being skipped; a draw, or a card
    /// moved from the deck, shows it under a power that acts on every player still in (or may: a
    /// Copy, a Sabotage's activation, a replay) unless a power of the turn was aimed at the player
    /// (a decked player is a valid target), or under any power while the deck has gained nothing
    /// since the deal (the deal emptied a decked player's deck; only a Recycle or the like refills
    /// it).
    fn inferences_met(&mut self, turn: &Turn, lines: &[Line]) {
        let on_everyone = turn.steps.iter().any(|s| match &s.kind {
            StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, .. } => card.card.may_have(&ON_EVERYONE),
            StepKind::Activate(_) => true,
            _ => false,
        });
        // The players a power of the turn was aimed at, with the kinds of deck lines that power
        // may have given for them: a decked player is a valid target (TCC 2.1, Advanced Rules:
        // "Decked"), so what the aimed power (a card of unknown power, an activation) did to that
        // player's deck does not show the player in. A line that power cannot give (a Qapla's
        // card under the pile, when the power aimed was a Sabotage) still does.
        let aimed: Vec<(PlayerId, u8)> =
            turn.steps
                .iter()
                .flat_map(|s| {
                    let (choices, reach) = match &s.kind {
                        StepKind::Play { card, used: Some(choices) }
                        | StepKind::Replay { card, used: Some(choices) } => (&choices[..], deck_reach(&card.card)),
                        StepKind::Activate(choices) => (&choices[..], AIMED | DRAWS | DISCARDS | REVEALS),
                        _ => (&[][..], 0),
                    };
                    choices.iter().filter_map(move |c| match c.kind {
                        ChoiceKind::Player(p) => Some((p, reach)),
                        _ => None,
                    })
                })
                .collect();
        let reach_at = |q: &PlayerId| aimed.iter().filter(|(p, _)| p == q).fold(0, |m, (_, r)| m | r);
        let on_everyone_at = |q: &PlayerId, kind: u8| on_everyone && reach_at(q) & kind == 0;
        // A turn whose only power used is a known Toxin: a player whose pile holds no Discard
        // card reveals nothing for it, in the round or out, so a line revealing cards for that
        // player shows nothing and is left to the Toxin (a line the rules do not give).
        let toxin_only = on_everyone
            && turn.steps.iter().all(|s| match &s.kind {
                StepKind::Play { card, used: Some(_) } => {
                    card.card.power().is_some_and(|p| *p == PowerSpec::Single(Power::Toxin))
                }
                StepKind::Activate(_) | StepKind::Replay { .. } => false,
                _ => true,
            });
        // Decks that gained a card earlier in the turn.
        let mut gained: Vec<PlayerId> = Vec::new();
        for l in lines {
            let LineKind::Resolution(e) = &l.kind else { continue };
            // (Not for a player who may be sitting the round out: that deck was never dealt from.)
            let unfilled = |q: PlayerId| {
                !self.state.player(q).deck_gained && !gained.contains(&q) && !self.may_sit_out.contains(&q)
            };
            // A decked player's hand was discarded; it holds cards again only if a power aimed at
            // the player drew them from a deck refilled since (ruling R12), and only a power aimed
            // at the player reaches them there (R20), onto the pile, beneath it or into the
            // discard pile (a Utilize, a Replicate's extra card, which goes where the Replicate
            // went: beneath the pile when a Battle kept it, long redaction 1607609/2). A hand put
            // beneath the deck (a poisoned Antidote's) is a going out, which no decked player
            // does, and the pot takes cards only from the hands of players still in (Ante), even
            // in a turn whose power is aimed at the player (long cut 1520651): both show the
            // player in.
            // (Only for a player already taken to have been decked: one an unseen draw may have
            // decked, not yet taken so, is shown in as before.)
            let handless = |q: PlayerId| {
                reach_at(&q) == 0 || !self.taken_decked(q) || !self.state.player(q).deck_gained && !gained.contains(&q)
            };
            let reveals_nothing = |q: PlayerId| {
                toxin_only && self.taken_decked(q) && powers::toxin::discards(self.state.player(q)) == Some(0)
            };
            let actor = match e {
                Event::Reveals { player, .. } | Event::Draws { player, .. } if reveals_nothing(*player) => None,
                Event::Plays { player, .. } => Some(*player),
                Event::Puts { player, from, to, .. } if from.zone == Zone::Hand && from.owner.is_none() => {
                    (matches!(to.place, Place::UnderDeck | Place::InPot) || handless(*player)).then_some(*player)
                }
                Event::Discards { player, from: Zone::Hand, .. } => handless(*player).then_some(*player),
                // Going out takes a player still in; a decked one is passed over, not skipped.
                Event::GoesOut(player) | Event::IsSkipped(player) => Some(*player),
                // A decked player keeps the discard and play piles, which a power may still reach
                // (Rival's name): only the deck shows the player in.
                Event::Draws { player, .. } if on_everyone_at(player, DRAWS) => Some(*player),
                Event::Discards { player, from: Zone::Deck, .. } if on_everyone_at(player, DISCARDS) => Some(*player),
                Event::Reveals { player, .. } if on_everyone_at(player, REVEALS) => Some(*player),
                Event::Puts { player, from, .. }
                    if on_everyone_at(player, REVEALS) && from.zone == Zone::Deck && from.owner.is_none() =>
                {
                    Some(*player)
                }
                // Under any power, a card leaving a deck that has gained none since the deal: a
                // deal that decked its player would have emptied it.
                Event::Draws { player, drawn } => (drawn.count() > 0 && unfilled(*player)).then_some(*player),
                // (Every power reveals from the top of a deck: Battle, Toxin, Qapla'.)
                Event::Discards { player, from: Zone::Deck, cards } | Event::Reveals { player, cards } => {
                    (!cards.is_empty() && unfilled(*player)).then_some(*player)
                }
                Event::Puts { player, from, cards, .. } if from.zone == Zone::Deck => {
                    let owner = from.owner.unwrap_or(*player);
                    (!cards.is_empty() && unfilled(owner)).then_some(owner)
                }
                _ => None,
            };
            match e {
                Event::Puts { player, to, .. } if matches!(to.place, Place::OnDeck | Place::UnderDeck) => {
                    gained.push(to.owner.unwrap_or(*player));
                }
                // A pile shuffled away sends its guests home to their decks.
                Event::Shuffles { from: Zone::Pile, .. } => gained.extend(self.state.seating.iter().copied()),
                Event::Shuffles { player, .. } => gained.push(*player),
                _ => {}
            }
            let Some(actor) = actor else { continue };
            if !self.took_part.contains(&actor) {
                self.took_part.push(actor);
            }
            // Nor was the player decked by an unseen draw (R34).
            self.not_decked_by_a_draw(actor);
            if self.taken_decked(actor) {
                self.withdraw_inference(actor, l.span, "takes part");
            }
        }
    }

    /// Each Score waiting on `target` may have lapsed with a turn passed over, or may still pay
    /// out: whether it did is the table's, a line that can be its score taken as it.
    fn score_in_doubt_on(&mut self, target: PlayerId) {
        let waiting: Vec<PlayerId> =
            self.state.awaiting.iter().filter(|(_, t)| *t == target).map(|(by, _)| *by).collect();
        for by in waiting {
            self.emit(Event::StopsAwaiting { player: by, target });
            self.emit(Event::ScoreUnverified(by));
            if !self.maybe_awaiting.contains(&(by, target)) {
                self.maybe_awaiting.push((by, target));
            }
        }
    }

    /// A player taken to have been decked at the deal takes part after all (`how`, at `at`): the
    /// turn that passed over them was out of turn, which is now certain, unless the player a
    /// Skip passed over then may have been the one decked at the deal instead.
    fn withdraw_inference(&mut self, player: PlayerId, at: Span, how: &str) {
        let Some(k) = self.inferred_decked.iter().position(|d| d.player == player) else { return };
        let withdrawn = self.inferred_decked.remove(k);
        self.not_decked_by_a_draw(player);
        let InferredDecked { jumper, span, expected, instead, .. } = withdrawn;
        self.withdraw_decked(&withdrawn, true);
        let why = format!("{} {how} later, so was not decked", self.name(player));
        if let Some(other) = instead.filter(|o| self.state.player(*o).is_in() && self.may_have_been_decked(*o)) {
            // The Skip passed over this player, whose next turn a Score may have waited on: it
            // lapsed with the turn (ruling R22), unless it was made after the Skip.
            self.score_in_doubt_on(player);
            let fell = format!("the Skip fell on {}", self.name(player));
            self.report(self.decked_at_deal_note(other, span, fell).related(at, why));
            self.infer_decked_at_deal(InferredDecked::new(other, jumper, span, expected, None));
            return;
        }
        // A later turn has taken the other player to have been decked already (at the deal, or by
        // a draw the log does not name before the Skips: that player has taken no turn since
        // them): that reading stands, and the Skip fell on this one.
        if let Some(other) = instead.filter(|o| self.taken_decked(*o)) {
            self.score_in_doubt_on(player);
            let fell = format!("the Skip fell on {}", self.name(player));
            self.report(self.decked_at_deal_note(other, span, fell).related(at, why));
            return;
        }
        self.report(
            Diagnostic::new(
                Code::OutOfTurn,
                span,
                format!("it was {}'s turn, not {}'s", self.name(expected), self.name(jumper)),
            )
            .label(format!("expected {}", self.name(expected)))
            .related(at, why)
            .help(self.turn_order_help()),
        );
    }

    /// Takes the players a reading of the last turn's Skips passed over to have been decked at
    /// the deal (a note each, labelled by `why`), `player`'s turn at `span` being the one the
    /// reading gives: the rules gave it to `expected`.
    fn passed_by_skips(
        &mut self,
        (decked, instead): (Vec<PlayerId>, Option<PlayerId>),
        (player, expected): (PlayerId, PlayerId),
        span: Span,
        why: impl Fn(&Self, PlayerId) -> String,
    ) {
        for q in decked {
            self.report(self.decked_at_deal_note(q, span, why(self, q)));
            self.infer_decked_at_deal(InferredDecked::new(q, player, span, expected, instead));
        }
    }

    /// Another reading of the last turn's Skips that gives `target` the turn (ruling R2): the
    /// players between are the ones skipped, and the rest of them were decked at the deal unseen.
    /// Every player on the way but the skipped ones must be one who may have been. The skipped
    /// ones are those who surely play this round, then the nearest to `target`. Returns the
    /// players taken to have been decked, those skipped, and a skipped one who may have been
    /// decked instead (if one of the others plays after all, it was the one skipped).
    fn skips_read_to(
        &self,
        (mover, from, skips): (PlayerId, PlayerId, u32),
        target: PlayerId,
    ) -> Option<(Vec<PlayerId>, Vec<PlayerId>, Option<PlayerId>)> {
        let mut way = Vec::new();
        let mut at = from;
        for _ in 0..self.state.seating.len() {
            let q = self.state.next_in_turn(at)?;
            at = q;
            if q == target {
                break;
            }
            if q == mover && from != mover && way.is_empty() {
                continue;
            }
            way.push(q);
        }
        if at != target {
            return None;
        }
        let skips = skips as usize;
        let surely = way.iter().filter(|q| !self.may_have_been_decked(**q)).count();
        if surely > skips || way.len() < skips {
            return None;
        }
        // The skipped: those who surely play, then the nearest to `target` of the others.
        let mut room = skips - surely;
        let mut skipped = vec![false; way.len()];
        for (k, q) in way.iter().enumerate().rev() {
            if !self.may_have_been_decked(*q) {
                skipped[k] = true;
            } else if room > 0 {
                skipped[k] = true;
                room -= 1;
            }
        }
        let instead = way.iter().zip(&skipped).find(|(q, s)| **s && self.may_have_been_decked(**q)).map(|(q, _)| *q);
        let (hit, decked): (Vec<_>, Vec<_>) = way.iter().zip(&skipped).partition(|(_, s)| **s);
        let decked: Vec<PlayerId> = decked.into_iter().map(|(q, _)| *q).collect();
        (!decked.is_empty()).then(|| (decked, hit.into_iter().map(|(q, _)| *q).collect(), instead))
    }

    /// The help of a turn out of order by `player`, when it was `expected`'s: the turn order, and
    /// whether play going the other way round would explain it, after the last turn or after a
    /// turn of `expected`'s the log leaves out. If so, the next turns may show the table went
    /// that way, and the referee is ready to follow it; a Reverse the last turn played without
    /// `use` is pointed out, and so is a Skip so played where `player` is the one after `expected`.
    fn other_way_round(&mut self, d: Diagnostic, player: PlayerId, expected: PlayerId) -> Diagnostic {
        let order = self.turn_order_help();
        let other = self.state.direction.reversed();
        let last = self.previous_turn.map(|(p, _)| p);
        let after_last = last.is_some_and(|p| self.state.next_toward(p, other) == Some(player));
        if !after_last && self.state.next_toward(expected, other) != Some(player) {
            let passed_over = self.state.next_toward(expected, self.state.direction) == Some(player);
            return match (self.unused(Power::Skip).filter(|_| passed_over), last) {
                (Some(card), Some(p)) => d.related(card, "played without `use`").help(format!(
                    "{order}; if {}'s Skip was used, write `use`: it passed over {} and {} was next",
                    self.name(p),
                    self.name(expected),
                    self.name(player)
                )),
                _ => d.help(order),
            };
        }
        self.reversal_armed = true;
        match (self.unused(Power::Reverse).filter(|_| after_last), last) {
            (Some(card), Some(p)) => d.related(card, "played without `use`").help(format!(
                "{order}; if {}'s Reverse was used, write `use`: play then went {} and {} was next",
                self.name(p),
                other.word(),
                self.name(player)
            )),
            _ => d.help(order),
        }
    }

    /// `d`, a report that nothing skipped `player`, pointing at a Skip the turn written just above
    /// played without `use`, where that turn's player had `player` next.
    #[cold]
    fn unused_skip_before(&self, d: Diagnostic, player: PlayerId) -> Diagnostic {
        let Some((above, _)) = self.turn_before(self.line) else { return d };
        let LineKind::Turn(turn) = &self.log.lines[above].kind else { return d };
        let card = turn.steps.iter().find_map(|s| played_unused(s, Power::Skip));
        match card {
            Some(card) if self.state.next_toward(turn.player, self.state.direction) == Some(player) => {
                let help = format!(
                    "if {}'s Skip was used, write `use`: it skipped {}",
                    self.name(turn.player),
                    self.name(player)
                );
                let help = match &d.help {
                    Some(h) => format!("{h}; {help}"),
                    None => help,
                };
                d.related(card, "played without `use`").help(help)
            }
            _ => d,
        }
    }

    /// A card of the last turn applied with `power` among its powers, played without `use`.
    fn unused(&self, power: Power) -> Option<Span> {
        let LineKind::Turn(last) = &self.log.lines.get(self.last_turn_line?)?.kind else { return None };
        last.steps.iter().find_map(|s| played_unused(s, power))
    }

    /// Where the last turn applied was written, when it is the same turn as `turn` (the same
    /// player and steps, whatever the spacing).
    fn written_twice(&self, turn: &Turn) -> Option<Span> {
        let line = self.log.lines.get(self.last_turn_line?)?;
        match &line.kind {
            LineKind::Turn(last) if last == turn => Some(line.span),
            _ => None,
        }
    }

    /// Reports `turn` as the turn at `first` written again (`label` on the repeat, `why` it cannot
    /// be a turn of its own leading the help).
    fn report_written_twice(&mut self, turn: &Turn, first: Span, label: String, why: String) {
        let name = self.name(turn.player).to_string();
        self.report(
            Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("{name}'s turn is written twice"))
                .label(label)
                .related(first, "the same turn, the line before")
                .help(format!("{why}; the repeated line is not applied: remove it if {name} played the turn once")),
        );
    }

    /// Why `turn`, the same as the last turn applied, cannot be played again now: the round is
    /// over or its player out of it, its first card is not in the hand, or (drawn first or not)
    /// does not follow the chain. `None` when it could be, or when the referee cannot tell (cards
    /// moved unseen, the chain not known, a card a passed-over turn may have drawn).
    fn cannot_repeat(&self, turn: &Turn) -> Option<String> {
        let player = turn.player;
        let name = self.name(player);
        // The turn before ended the round, or took its player out of it.
        if !self.went_out.is_empty() && !self.missed_go_out {
            return Some("the round was over".to_string());
        }
        let status = self.state.player(player).status;
        if status != Status::In && !self.taken_decked(player) && !(status == Status::Out && self.missed_go_out) {
            return Some(format!("{name} is out of the round"));
        }
        if self.state.fog.cards || self.state.fog.next_play || self.passed_turns.contains(&player) {
            return None;
        }
        let placed = turn.steps.iter().find_map(|s| match &s.kind {
            StepKind::Place(card) => Some(card),
            _ => None,
        });
        if let Some(card) = placed {
            if !self.state.player(player).hand.could_hold(&card.card) {
                return Some(format!("{name}'s hand holds no other {}", card.card));
            }
        }
        let (k, card) = turn.steps.iter().enumerate().find_map(|(k, s)| match &s.kind {
            StepKind::Play { card, .. } => Some((k, &card.card)),
            _ => None,
        })?;
        if k == 0 && !self.state.player(player).hand.could_hold(card) {
            return Some(format!("{name}'s hand holds no other {card}"));
        }
        let drew_first = turn.steps[..k]
            .iter()
            .all(|s| matches!(s.kind, StepKind::Draw { .. } | StepKind::ActionDraw(_) | StepKind::ActionLose(_)));
        let verdict = rules::play_verdict(&self.state.chain, self.previous_activations(), card);
        (drew_first && verdict == Verdict::Illegal).then(|| format!("{card} does not follow the chain now"))
    }

    fn turn_order_help(&self) -> String {
        let order = self
            .state
            .seating
            .iter()
            .filter(|q| self.state.player(**q).is_in())
            .map(|q| self.name(*q).to_string())
            .collect::<Vec<_>>()
            .join(", ");
        format!("play goes {} among the players still in: {order}", self.state.direction.word())
    }

    fn step(&mut self, player: PlayerId, step: &Step, progress: &mut Progress, table_decked: &[PlayerId]) {
        progress.steps += 1;
        match &step.kind {
            StepKind::Play { card, used } => {
                // A play shows that an earlier draw did not deck the player.
                self.not_decked_by_a_draw(player);
                self.play(player, card, used.as_deref(), step.span, progress);
            }
            StepKind::Draw { card } => self.draw(player, card.as_ref(), step.span, progress, table_decked),
            StepKind::Pass { on } => {
                progress.passed = true;
                if progress.drew.is_none() && !progress.decked && !progress.fogged {
                    self.report(
                        Diagnostic::new(Code::NoPlayNoDraw, step.span, "a pass without a draw")
                            .label("draw first")
                            .help("a player who does not play draws a card; the pass follows the draw"),
                    );
                }
                if let (Some(n), Some(last)) = (on, self.state.chain.last) {
                    if *n != last && !self.state.fog.next_play {
                        self.report(
                            Diagnostic::new(
                                Code::WrongPassNumber,
                                step.span,
                                format!("the last number played is {last}"),
                            )
                            .label(format!("expected `pass on {last}`")),
                        );
                    }
                }
                self.emit(Event::Passes(player));
            }
            StepKind::ActionDraw(n) => {
                if self.trouble_action(step.span, progress) {
                    self.check_action(crate::model::log::TroubleAction::Draw(*n), step.span);
                    // The table may name the cards (`  Dan draws 10 Go, 1 Skip`): evidence.
                    let draws_line = |e: &Event| matches!(e, Event::Draws { player: p, .. } if *p == player);
                    let lines = progress.claims.iter().filter(|(e, _, used)| !*used && draws_line(e)).count();
                    let line = progress.take(
                        |e| matches!(e, Event::Draws { player: p, drawn } if *p == player && drawn.count() == *n),
                    );
                    let drawn = match line {
                        // One line, and a power of the turn may draw too: the line may be the
                        // power's, this draw's left out. It is taken, its cards not learnt.
                        Some(_) if lines == 1 && progress.power_may_draw => Drawn::Count(*n),
                        Some((Event::Draws { drawn, .. }, _)) => drawn,
                        _ => Drawn::Count(*n),
                    };
                    self.emit(Event::Draws { player, drawn });
                    self.check_located(player, step.span);
                    self.trouble_shift(progress);
                }
            }
            StepKind::ActionLose(points) => {
                if self.trouble_action(step.span, progress) {
                    self.check_action(crate::model::log::TroubleAction::Lose(*points), step.span);
                    let have = self.state.player(player).score;
                    // A score line this round that gave another figure than the rules' was
                    // followed, and the sheet may hold either (ruling R4): the action is held
                    // unaffordable only where both fall short.
                    let by_rules = self.rules_points(player, have.0).unwrap_or(have.0);
                    if have < *points && by_rules < points.0 && !self.state.fog.scores {
                        self.report(
                            Diagnostic::new(
                                Code::ActionUnaffordable,
                                step.span,
                                format!(
                                    "{} has {have} point{}, fewer than {points}",
                                    self.name(player),
                                    crate::diagnostics::plural(have.0)
                                ),
                            )
                            .label("a Lose action needs at least that many points"),
                        );
                    }
                    self.emit(Event::Loses { player, points: *points });
                    self.trouble_shift(progress);
                }
            }
            StepKind::Place(card) => {
                // BAH!: a skipped player may put it from hand beneath the play pile on that turn.
                let c = &card.card;
                let name = self.name(player).to_string();
                if !self.state.fog.turn_order && !progress.fogged && self.last_skipped != Some(player) {
                    self.report(
                        self.unused_skip_before(
                            Diagnostic::new(Code::NotSkipped, step.span, format!("nothing skipped {name}"))
                                .label("a BaH! is placed only on a turn its player is skipped")
                                .help(
                                    "a player skipped by a Skip may, on that turn, put a BaH! from hand beneath the \
                                     play pile",
                                )
                                .cites(powers::cited(Power::Bah)),
                            player,
                        ),
                    );
                } else if !c.may_have(&[crate::model::Power::Bah]) {
                    self.report(
                        Diagnostic::new(Code::BadChoices, card.span, format!("{c} is not a BaH!"))
                            .label("only a BaH! is placed")
                            .help(
                                "`place` puts a BaH! from hand beneath the play pile: `Rogue: skipped; place 100 BaH!`",
                            ),
                    );
                } else if !self.state.player(player).hand.could_hold(c) {
                    self.report(
                        Diagnostic::new(Code::NotInHand, card.span, format!("{name} cannot hold {c}"))
                            .label("not in hand"),
                    );
                }
                self.emit(Event::Puts {
                    player,
                    cards: CardCount::one(card.card, card.span).list(),
                    to: super::event::Destination { place: super::event::Place::UnderPile, owner: None },
                    from: super::event::Source::default(),
                });
                progress.skipped = true;
            }
            StepKind::Replay { card, used } if progress.replay_open && !progress.fogged => {
                progress.replay_open = false;
                self.replay(player, card, used.as_deref(), step.span, progress);
            }
            StepKind::Replay { .. } if !progress.fogged => {
                self.report(
                    Diagnostic::new(Code::BadReplay, step.span, "a replay without a Replay used before it")
                        .label("nothing allows this replay")
                        .help("`replay CARD` follows a used Replay in the same turn: `1 Replay use; replay 10 Go`"),
                );
            }
            StepKind::Activate(choices) if !progress.fogged => self.activate(player, choices, step.span, progress),
            StepKind::Activate(_) | StepKind::Replay { .. } => {
                // Under a power not followed, the activated card is unknown: aimed at a player, it
                // may have been a Score (ruling R35).
                if let StepKind::Activate(choices) = &step.kind {
                    self.may_have_scored_on(player, choices, progress);
                }
                if !progress.fogged {
                    let what = if matches!(step.kind, StepKind::Activate(_)) { "Sabotage" } else { "Replay" };
                    self.report(
                        Diagnostic::new(
                            Code::PowerUnverified,
                            step.span,
                            format!("this step of {what} is not checked"),
                        )
                        .label(format!("effects of {what} not checked")),
                    );
                    self.emit(Event::Unverified { player, power: PowerSpec::Unrecorded });
                    progress.fogged = true;
                    let choices = match &step.kind {
                        StepKind::Activate(choices) => &choices[..],
                        _ => &[],
                    };
                    self.may_have_decked(player, &PowerSpec::Unrecorded, choices);
                }
            }
            StepKind::Skipped => {
                if !self.state.fog.turn_order && !progress.fogged && self.last_skipped != Some(player) {
                    self.report(
                        self.unused_skip_before(
                            Diagnostic::new(
                                Code::NotSkipped,
                                step.span,
                                format!("nothing skipped {}", self.name(player)),
                            )
                            .label("no Skip was used against this player"),
                            player,
                        ),
                    );
                }
                progress.skipped = true;
            }
        }
    }

    /// The denomination the chain calls for now.
    fn called_for(&self) -> Option<Denomination> {
        if self.state.fog.next_play {
            return None;
        }
        Some(self.state.chain.last.map_or(Denomination::One, Denomination::next))
    }

    /// The numbers a card played next may have: the one the chain calls for, and a 1 where the
    /// chain is broken ([`rules::next_number`]).
    fn numbers_allowed(&self) -> impl Iterator<Item = Denomination> {
        let called = self.called_for();
        let restart = called.filter(|&d| self.state.chain.broken && d != Denomination::One).map(|_| Denomination::One);
        called.into_iter().chain(restart)
    }

    /// The active trouble, when troubles are on and it is known with its shift line (the built-in
    /// Sickbay or a declared one).
    pub(super) fn active_trouble(&self) -> Option<&crate::model::log::TroubleCard> {
        if !self.state.troubles {
            return None;
        }
        let name = self.state.trouble.as_deref()?;
        let mut memo = self.trouble_memo.borrow_mut();
        if memo.0 != name || memo.1 != self.trouble_cards.len() {
            let found = self.trouble_cards.iter().position(|t| super::trouble::same_name(&t.name, name));
            *memo = (name.to_string(), self.trouble_cards.len(), found);
        }
        self.trouble_cards.get(memo.2?)
    }

    /// The trouble shifts (TCC 2.1, Troubles - Shifting): the table's `trouble shifts to` line
    /// names the new one; without it the active trouble is unknown from here.
    pub(super) fn trouble_shift(&mut self, progress: &mut Progress) {
        let line = progress.take(|e| matches!(e, Event::TroubleShifts(_)));
        self.emit(line.map_or(Event::TroubleHidden, |(e, _)| e));
    }

    /// A trouble's Power shifts it after a card of that power is played and resolved.
    fn trouble_after_play(&mut self, c: &Card, progress: &mut Progress) {
        if progress.fogged {
            return;
        }
        if self.state.troubles && self.active_trouble().is_none() {
            progress.unjudged_plays.push(*c);
        }
        let Some(power) = self.active_trouble().and_then(|t| t.power) else { return };
        // A card whose power is not recorded may have the trouble's power: the table's line says
        // whether it shifted, and without one the trouble is no longer known.
        if c.power() == Some(&power) || c.power().is_none_or(|p| !p.is_known()) {
            self.trouble_shift(progress);
        }
    }

    /// A line left over at the turn's end may be the extra card of a Replicate the table did not
    /// name (ruling F8): it is taken as one, with a note, for each unnamed card that may have been
    /// one.
    fn unnamed_replicates(&mut self, progress: &Progress, claims: &mut Vec<(&Event, Span)>) {
        for &(owner, place) in &progress.unnamed_replicates {
            let Some(k) = claims.iter().position(|(e, _)| replicate_line(e, owner, place)) else { continue };
            let (event, span) = claims.remove(k);
            let card = match event {
                Event::Discards { cards, .. } | Event::Puts { cards, .. } => cards[0].card,
                _ => continue,
            };
            let card = self.check_held(owner, &card, span, "");
            self.emit(with_card(event.clone(), card));
            self.check_card(owner, &card, span);
            self.report(
                Diagnostic::new(
                    Code::ReplicateUnnamed,
                    span,
                    format!("read as the extra card of a Replicate of {}'s", self.name(owner)),
                )
                .label("the card before it was not named, and may have been a Replicate"),
            );
        }
    }

    /// Reports a card the log has `p` give from hand that the hand cannot hold, at `at`.
    ///
    /// Returns the card to read: the one written, or, where exactly one card of the same power and
    /// another number may be in the hand, that card, its number taken to be miswritten (ruling R4),
    /// so that the cards and the scores go on from the card the table moved.
    fn check_held(&mut self, p: PlayerId, card: &Card, at: Span, what: &str) -> Card {
        let hand = &self.state.player(p).hand;
        if hand.could_hold(card) || self.misnamed_in_hand(p, card) || self.drew_on_a_passed_turn(p) {
            return *card;
        }
        let hand = &self.state.player(p).hand;
        let read = renumbered(card, |m| hand.could_hold(m));
        let who = self.name(p);
        let d = Diagnostic::new(Code::NotInHand, at, format!("{who} cannot hold {card}{what}"));
        self.report_not_held(p, card, d, read, "not in hand")
    }

    /// Reports `d`, a card `card` that `p`'s hand cannot hold: where `read`, the one card of its
    /// power and another number the hand may hold, is given, the card is read as it (ruling R4),
    /// else labelled `missing`. Returns the card to read.
    pub(super) fn report_not_held(
        &mut self,
        p: PlayerId,
        card: &Card,
        d: Diagnostic,
        read: Option<Card>,
        missing: &str,
    ) -> Card {
        let who = self.name(p);
        match read {
            Some(read) => {
                let word = if read.denomination() == card.denomination() { "power's name" } else { "number" };
                self.report(
                    d.label(format!("read as {read}"))
                        .help(format!("{who} holds a {read}: the {word} seems miswritten, and the card is read as it")),
                );
                read
            }
            None => {
                self.report(d.label(missing));
                *card
            }
        }
    }

    /// A card `p`'s hand cannot hold, after a turn out of order passed over a turn of `p`'s this
    /// round: that turn may have been a draw the log leaves out, already reported as the turn out
    /// of order, which gave the card. The draw is taken to have been made (once a passed turn), and
    /// the card is then held. False when no such turn is left, or the deck has no card to give.
    fn drew_on_a_passed_turn(&mut self, p: PlayerId) -> bool {
        let Some(k) = self.passed_turns.iter().position(|q| *q == p) else { return false };
        let drew = self.draw_left_out(p);
        if drew {
            self.passed_turns.swap_remove(k);
        }
        drew
    }

    /// `p` draws a card the log left out, unless the deck is known to be empty: whether it did.
    fn draw_left_out(&mut self, p: PlayerId) -> bool {
        if self.state.player(p).deck.is_empty() {
            return false;
        }
        self.emit(Event::Draws { player: p, drawn: super::event::Drawn::Count(1) });
        true
    }

    /// The end of a turn: a trouble's Miss shifts it when the player did not play on its number;
    /// while the active trouble's shift line is unknown, the table's shifts are taken as written.
    fn trouble_turn_end(&mut self, progress: &Progress, claims: &mut Vec<(&Event, Span)>) {
        if !self.state.troubles {
            return;
        }
        // After a power the referee could not follow, the trouble may have shifted unseen: a shift
        // line the table wrote after it says to what, and without one the trouble is no longer
        // known. (A line taken earlier in the turn, by a trouble action, came before the power.)
        let taken_as_fact = progress.claims.iter().any(|(e, _, used)| !*used && matches!(e, Event::TroubleShifts(_)));
        if progress.fogged && !taken_as_fact {
            self.emit(Event::TroubleHidden);
        }
        // A line taken as written may not be the last shift: the power may have shifted it again.
        let doubtful = std::mem::replace(&mut self.trouble_doubtful, progress.fogged && taken_as_fact);
        let missed = !progress.played && !progress.skipped && !progress.fogged;
        let miss = self.active_trouble().and_then(|t| t.miss);
        // A chain the referee cannot see (after a power it could not follow) may have called for
        // the trouble's number: a miss is possible, and then the trouble may have shifted.
        let mut take_one = missed && miss.is_some() && (miss == progress.called_for || progress.called_for.is_none());
        // Unknown at the turn's end, the trouble was not followed through its plays either: every
        // shift line the table wrote is taken, in order, not only the first (the plays after the
        // first may have shifted the one it names).
        let unknown = self.active_trouble().is_none() || doubtful;
        let mut took = false;
        loop {
            if !take_one && !unknown {
                break;
            }
            let Some(k) = claims.iter().position(|(e, _)| matches!(e, Event::TroubleShifts(_))) else {
                if take_one {
                    self.emit(Event::TroubleHidden);
                }
                break;
            };
            let (event, _) = claims.remove(k);
            self.emit(event.clone());
            take_one = false;
            took = true;
        }
        // Still doubtful until a turn the referee follows names the trouble.
        self.trouble_doubtful |= doubtful && !took;
        // The lines name a trouble with a Power one of those plays may have had: which of them
        // came after the last line is not followed, so it may have shifted again unwritten.
        if let Some(power) = self.active_trouble().and_then(|t| t.power) {
            if progress.unjudged_plays.iter().any(|c| c.power().is_none_or(|p| !p.is_known() || *p == power)) {
                self.emit(Event::TroubleHidden);
            }
        }
    }

    /// A trouble action must be the active trouble's (when it is known).
    fn check_action(&mut self, action: crate::model::log::TroubleAction, span: Span) {
        let Some(t) = self.active_trouble().cloned().filter(|_| !self.trouble_doubtful) else {
            self.report(
                Diagnostic::new(
                    Code::TroubleUnknown,
                    span,
                    "whether the active trouble offers this action is not checked",
                )
                .label("the active trouble or its shift line is not known"),
            );
            return;
        };
        if t.action != Some(action) {
            let offered = match t.action {
                Some(crate::model::log::TroubleAction::Draw(n)) => format!("`action draw {n}`"),
                Some(crate::model::log::TroubleAction::Lose(p)) => format!("`action lose {}`", p.0),
                None => "no action".to_string(),
            };
            self.report(
                Diagnostic::new(Code::WrongAction, span, format!("{} offers {offered}", t.name))
                    .label("not the active trouble's action")
                    .help("a trouble action is the one printed on the active trouble's shift line (TCC 2.1, Troubles - Shifting)"),
            );
        }
    }

    /// A trouble action is legal only with troubles on and only as the first step.
    fn trouble_action(&mut self, span: Span, progress: &mut Progress) -> bool {
        if !self.state.troubles {
            self.report(
                Diagnostic::new(Code::TroublesOff, span, "a trouble action, but the game has no troubles")
                    .label("troubles are off")
                    .help("if the table played with the trouble pile, add `troubles: on` to the header"),
            );
            return false;
        }
        if progress.steps > 1 || progress.acted {
            self.report(
                Diagnostic::new(Code::ActionNotFirst, span, "a trouble action must open the turn, once")
                    .label("after another step"),
            );
        }
        progress.acted = true;
        true
    }

    fn play(&mut self, player: PlayerId, card: &CardAt, used: Option<&[Choice]>, span: Span, progress: &mut Progress) {
        let mut c = &card.card;
        // The card read in place of a miswritten one (below), or of one that is not the drawn one.
        let (read_as, drawn_read);
        let mut way = Way::InSequence;
        // Whether the hand could hold the card, once asked: nothing below changes the hand
        // before the card is played.
        let mut could_hold = None;
        if !progress.fogged {
            let allowance = progress.allowed.iter().position(|a| compatible(c, a));
            let second = progress.played && allowance.is_none();
            if second {
                self.report(
                    Diagnostic::new(Code::SecondPlay, card.span, "a second card in one turn")
                        .label("one card per turn")
                        .help("more plays in a turn need a power such as Go"),
                );
            }
            if let Some(k) = allowance {
                progress.allowed.remove(k);
                // The rescued card, played at once, does not go back on the deck.
                if progress.rescued.as_ref().is_some_and(|r| compatible(c, r)) {
                    progress.rescued = None;
                }
            }
            self.check_frozen(c, card.span);
            let mut not_drawn = false;
            // A play a power allows (a Stampede's follow-up, a rescued card) is not "another card
            // after drawing"; nor is a second card, already reported as one.
            if let Some(drawn) = progress.drew.filter(|_| allowance.is_none() && !second) {
                if !compatible(c, &drawn) {
                    let mut d = Diagnostic::new(
                        Code::NotTheDrawnCard,
                        card.span,
                        format!("{} drew {drawn} but plays {c}", self.name(player)),
                    )
                    .label(format!("only the drawn {drawn} may be played"))
                    .help("after drawing, a player may play the drawn card or pass, never another card");
                    // The drawn card follows the chain, and the hand cannot hold the one written:
                    // the play's card was miswritten (ruling R4), and is read as the drawn one.
                    let follows = |m: &Card| {
                        rules::play_verdict(&self.state.chain, self.previous_activations(), m) != Verdict::Illegal
                    };
                    let known = matches!(drawn, Card::Known { .. }) && matches!(c, Card::Known { .. });
                    if known && follows(&drawn) && !self.state.player(player).hand.could_hold(c) {
                        d = d.label(format!("read as the drawn {drawn}")).help(format!(
                            "after drawing, only the drawn card may be played; {drawn} follows the chain and the \
                             hand cannot hold {c}: the card is read as the drawn one"
                        ));
                        drawn_read = drawn;
                        c = &drawn_read;
                    } else {
                        not_drawn = true;
                    }
                    self.report(d);
                } else if (c.denomination().is_some(), c.power_recorded())
                    < (drawn.denomination().is_some(), drawn.power_recorded())
                {
                    // The card played is written with less than the drawn card (`draw 10 Tally;
                    // ?`): it can only be the drawn one.
                    drawn_read = drawn;
                    c = &drawn_read;
                }
            }
            let mut in_hand = self.state.player(player).hand.could_hold(c)
                || self.drew_on_a_passed_turn(player)
                || self.misnamed_in_hand(player, c)
                || self.misread_hands.contains(&player);
            if !in_hand {
                let name = self.name(player);
                let mut diag =
                    Diagnostic::new(Code::NotInHand, card.span, format!("{name} cannot hold {c}")).label("not in hand");
                let miswritten = if not_drawn || second { None } else { self.miswritten(player, c, used, progress) };
                if let Some((meant, numbered)) = miswritten {
                    diag = diag.help(if numbered {
                        format!(
                            "the chain allows {} here, and {name} may hold a {meant}: the card is read as that one",
                            meant.denomination().map_or(String::new(), |d| d.to_string())
                        )
                    } else {
                        format!("of {name}'s cards of that number, only the {meant} fits: the card is read as that one")
                    });
                    read_as = meant;
                    c = &read_as;
                    in_hand = true;
                    if !self.misread_hands.contains(&player) {
                        self.misread_hands.push(player);
                    }
                } else {
                    let known = card_listing(&self.state.player(player).hand.known);
                    diag = diag.help(if known.is_empty() {
                        "the hand is empty".to_string()
                    } else {
                        format!("the hand is known to be: {known}")
                    });
                }
                self.report(diag);
            }
            could_hold = Some(in_hand);
            // One mistake, one diagnostic: a card that may not be played at all is not also
            // judged against the chain.
            if !not_drawn && !second && in_hand {
                way = self.check_sequence(c, card.span);
            }
            if way == Way::AsClone && !self.clone_halves(c, used, card.span) {
                return;
            }
        }
        // A card whose power is not recorded may have been a Clone played as one, or an Advance.
        if matches!(way, Way::AsClone | Way::AsAdvance) || c.power().is_none_or(|p| !p.is_known()) {
            progress.activations += 1;
        }
        let in_hand = progress.fogged || could_hold.unwrap_or_else(|| self.state.player(player).hand.could_hold(c));
        let first = !progress.played;
        self.powers_played |= c.power_recorded();
        self.emit(Event::Plays { player, card: *c });
        if first {
            self.scored_by_play(player, c, progress);
        }
        self.pot_on_play(player, c, progress);
        self.chain_span = Some(card.span);
        if in_hand {
            self.check_card(player, c, card.span);
        }
        progress.played = true;
        if let Some(choices) = used {
            // Played as a clone, a compound's Clone half is the use already counted.
            let counted = if way == Way::AsClone { 1 } else { 0 };
            self.use_power(player, c, choices, span, progress, counted);
        }
        self.trouble_after_play(c, progress);
    }

    /// A card the hand cannot hold, one word of it miswritten (ruling R4): a card that differs
    /// from it in its number only, that the hand may hold and the chain allows, unless the written
    /// card's power may have played it out of sequence; or in its power only, among the cards of a
    /// hand known in full, that the chain allows and that can take the choices of a power `used`,
    /// when the turn has no resolution lines or the written power cannot take those choices. The card,
    /// and whether its number was the word miswritten, when exactly one card fits (where more do,
    /// [`Self::miswritten_card`] reads the turn with each). Not after a draw, whose card the play
    /// names.
    fn miswritten(
        &self,
        player: PlayerId,
        c: &Card,
        used: Option<&[Choice]>,
        progress: &Progress,
    ) -> Option<(Card, bool)> {
        let Card::Known { denomination, power } = *c else { return None };
        if self.state.fog.next_play || progress.drew.is_some() || matches!(power, PowerSpec::Unrecorded) {
            return None;
        }
        let chain = &self.state.chain;
        let verdict = |m: &Card| rules::play_verdict(chain, self.previous_activations(), m);
        let hand = &self.state.player(player).hand;
        let mut fits: Vec<(Card, bool)> = Vec::new();
        // A card its power may play out of sequence (an Advance, a Clone) may be the one played.
        if !matches!(verdict(c), Verdict::Legal(w) if w != Way::InSequence) {
            fits.extend(
                Denomination::ALL
                    .iter()
                    .filter(|d| **d != denomination)
                    .map(|d| (Card::Known { denomination: *d, power }, true))
                    .filter(|(m, _)| hand.could_hold(m) && matches!(verdict(m), Verdict::Legal(_))),
            );
        }
        // A hand holding a card of the written power may instead have been written wrongly; the
        // table's lines for the turn may be the written power's, the hand known wrongly, unless
        // the written power could not have been used so. A power used must take the choices.
        // A power no ruleset knows, a letter or two off one it does, is that one misspelt: the
        // lines are that power's.
        let misspelt = misspelt(&power);
        let lines_given =
            misspelt.is_none() && !progress.claims.is_empty() && used.is_none_or(|choices| could_take(&power, choices));
        let takes = |w: &PowerSpec| used.is_none_or(|choices| could_take(w, choices));
        if !lines_given && hand.unknown == 0 && !hand.unbounded && !hand.known.iter().any(|k| k.power() == Some(&power))
        {
            for k in &hand.known {
                let other = matches!(k, Card::Known { denomination: d, power: w }
                    if *d == denomination && *w != power && !matches!(w, PowerSpec::Unrecorded) && takes(w)
                        && misspelt.is_none_or(|m| *w == PowerSpec::Single(m)));
                if other && verdict(k) != Verdict::Illegal && !fits.iter().any(|(f, _)| f == k) {
                    fits.push((*k, false));
                }
            }
        }
        match fits[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// Sabotage: the player uses the power of the card it discarded, as if it were theirs (TCC
    /// 2.1, Tribble Powers: SABOTAGE). A passive power cannot be activated.
    fn activate(&mut self, player: PlayerId, choices: &[Choice], span: Span, progress: &mut Progress) {
        let doubtful = std::mem::take(&mut progress.sabotage_doubtful);
        let Some(card) = progress.sabotaged.take() else {
            self.report(
                Diagnostic::new(Code::BadChoices, span, "nothing to activate")
                    .label("no Sabotage discarded a card this turn")
                    .help("`activate` follows a used Sabotage: `10 Sabotage use @Matt; activate @Rogue`"),
            );
            return;
        };
        // A card whose power cannot be activated so: the line that named it may have been the
        // activated power's, the Sabotage's own left out (FORMAT.md §8), and the activated card
        // is then unknown. Only a power aimed at a player discards from a deck (Poison, Battle,
        // Sabotage): from the deck of the player it is aimed at, or its user's in a lost Battle,
        // whose discard line holds all the user's revealed cards: one only when the deck held
        // no other card.
        let lone_card = |from: PlayerId| {
            let deck = &self.state.player(from).deck;
            deck.min_len() <= 1 && deck.len().is_none_or(|n| n == 1)
        };
        let aimed = doubtful.is_some_and(|from| {
            choices.iter().any(|c| match c.kind {
                ChoiceKind::Player(t) => t == from || from == player && lone_card(from),
                _ => false,
            })
        });
        // So too a card whose power scores nothing for its user while the table's lines still
        // score for the player (an activated Poison's).
        const SCORERS: [Power; 6] =
            [Power::Poison, Power::Qapla, Power::Toxin, Power::Utilize, Power::Dance, Power::Tally];
        let scored = progress.has(|e| matches!(e, Event::Scores { player: p, .. } if *p == player));
        let unexplained = |p: &PowerSpec| !could_take(p, choices) || scored && !SCORERS.iter().any(|s| p.has(*s));
        if aimed && card.power().is_some_and(|p| p.is_known() && unexplained(p)) {
            let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
            let why =
                if could_take(&power, choices) { "scores nothing for its user" } else { "cannot be activated so" };
            self.activated_unfollowed(player, choices, span, progress, format!("{} {why}", power_name(&power)));
            return;
        }
        // Nor when the power the line names would not resolve so on this table (a Kill aimed at
        // an empty pile): it is followed with its reports held, and any flag among them makes
        // the other reading the one left. One that resolves cleanly but shows in no line of its
        // own leaves both readings open (ruling R36).
        let speculative = aimed && card.power().is_some_and(PowerSpec::is_known);
        let before = speculative.then(|| (self.state.clone(), self.open_ends(progress)));
        if speculative {
            self.held = Some(Vec::new());
        }
        progress.activating = true;
        self.use_borrowed(player, &card, choices, span, progress, "activated from a discard pile");
        progress.activating = false;
        let (Some((before, ends)), Some(from)) = (before, doubtful) else { return };
        let held = self.held.take().unwrap_or_default();
        let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
        if held.iter().any(|d| d.severity() != crate::diagnostics::Severity::Note) {
            let why = format!("{} would not resolve so", power_name(&power));
            self.activated_unfollowed(player, choices, span, progress, why);
            return;
        }
        for d in held {
            self.report(d);
        }
        // A line of the power's own (a Draw's `draws`) settles it: the line was the Sabotage's.
        if progress.fogged || self.open_ends(progress).0 > ends.0 {
            return;
        }
        self.both_readings(before, ends, from, player, &card, choices, span, progress);
    }

    /// What a turn has left open beyond the cards (for [`Referee::both_readings`]): the lines
    /// taken so far, and what the turn order, the scores and the inferences hang on.
    fn open_ends(&self, progress: &Progress) -> (usize, [usize; 12]) {
        let taken = progress.claims.iter().filter(|(e, _, used)| *used && !matches!(e, Event::Scores { .. })).count();
        let p = progress;
        let ends = [
            p.allowed.len(),
            usize::from(p.extra_turn),
            p.skips as usize,
            usize::from(p.rescued.is_some()),
            p.froze.len(),
            p.awaits.len(),
            usize::from(p.replay_open),
            usize::from(p.maybe_awaits_self),
            p.unnamed_replicates.len(),
            self.maybe_awaiting.len(),
            self.drew_unseen.len(),
            self.inferred_decked.len(),
        ];
        (taken, ends)
    }

    /// Ruling R36: the one discard line after a Sabotage named a card whose power, activated at
    /// the player who discarded it, resolved cleanly and showed in no line of its own. The line
    /// may instead be the activated power's (a Poison's or a Sabotage's), the Sabotage's own
    /// left out: then that power did not happen, the deck gave one more card to the discard
    /// pile, and a Poison scored the named card's number for its user. What the power changed
    /// in players' cards is left open, and the user's points may be that much higher; anything
    /// else it changed (the turn order, a score, a Score waiting) leaves the activation to the
    /// log.
    #[allow(clippy::too_many_arguments)]
    fn both_readings(
        &mut self,
        before: crate::engine::state::State,
        ends: (usize, [usize; 12]),
        from: PlayerId,
        player: PlayerId,
        card: &Card,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
    ) {
        let (a, b) = (&self.state, &before);
        let table_same = a.direction == b.direction
            && a.next == b.next
            && a.chain == b.chain
            && a.fog == b.fog
            && a.frozen == b.frozen
            && a.pot == b.pot
            && a.pot_unknown == b.pot_unknown
            && a.awaiting == b.awaiting
            && a.trouble == b.trouble
            && a.seating == b.seating;
        let scores_same = a.players.iter().zip(&b.players).all(|(x, y)| {
            x.score == y.score && x.round_points == y.round_points && x.status == y.status && x.may_add.is_none()
        });
        let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
        let value = card.denomination().map(Denomination::value);
        let Some(v) =
            value.filter(|_| from != player && table_same && scores_same && self.open_ends(progress).1 == ends.1)
        else {
            let why = format!("{} shows in no line of its own", power_name(&power));
            self.activated_unfollowed(player, choices, span, progress, why);
            return;
        };
        let name = self.name(player).to_string();
        self.report(
            Diagnostic::new(Code::PowerUnverified, span, "the activated power may not have happened")
                .label(format!("{} shows in no line of its own: the line naming it may be this power's own", power_name(&power)))
                .help(format!(
                    "the cards it moved are no longer counted, and {name} may have scored {v} more (an activated Poison)"
                )),
        );
        // Each zone either reading may have left otherwise is open; a deck keeps the fewer of
        // its two counts as the least it holds. Under the other reading the Sabotage's player
        // discarded one card more, from the top of `from`'s deck.
        for q in self.state.seating.clone() {
            let (x, y) = (self.state.player(q), before.player(q));
            if x == y && q != from {
                continue;
            }
            let other_deck = if q == from { y.deck.min_len().saturating_sub(1) } else { y.deck.min_len() };
            let deck = (x.deck != y.deck || q == from).then(|| x.deck.min_len().min(other_deck));
            let (hand, discard, pile) = (x.hand != y.hand, x.discard != y.discard || q == from, x.pile != y.pile);
            self.emit(Event::ZonesUnknown { player: q, hand, deck, discard });
            if pile {
                self.emit(Event::PileUnknown(q));
            }
        }
        self.emit(Event::MayScore { player, points: crate::model::Points(v) });
    }

    /// The activated power is taken from the log: the one line naming the Sabotage's card may
    /// have been that power's own, the Sabotage's left out (FORMAT.md §8).
    fn activated_unfollowed(
        &mut self,
        player: PlayerId,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
        why: String,
    ) {
        self.report(
            Diagnostic::new(Code::PowerUnverified, span, "effects of the activated power not checked")
                .label(format!("{why}: the line naming it may be this power's own"))
                .help("what the power could have changed is taken from the log until it can be checked again"),
        );
        self.emit(Event::Unverified { player, power: PowerSpec::Unrecorded });
        progress.fogged = true;
        self.may_have_scored_on(player, choices, progress);
        self.may_have_decked(player, &PowerSpec::Unrecorded, choices);
    }

    /// Uses the power of a card that is not the one played (Sabotage's discarded card, the top
    /// card Copy copies) as the player's own. Convert, Rival and BiJ move their own card, and
    /// Stampede's plays follow its own number: borrowed, the card is not where they act, so they
    /// are not followed.
    fn use_borrowed(
        &mut self,
        player: PlayerId,
        card: &Card,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
        how: &str,
    ) {
        let own_card = [
            crate::model::Power::Convert,
            crate::model::Power::Stampede,
            crate::model::Power::Rival,
            crate::model::Power::Bij,
        ];
        if card.power().is_some_and(|p| own_card.iter().any(|h| p.has(*h))) {
            let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
            self.report(
                Diagnostic::new(Code::PowerUnverified, span, format!("effects of {} not checked", power_name(&power)))
                    .label(format!("{how}, the power's own card is not where it acts"))
                    .help("what the power could have changed is taken from the log until it can be checked again"),
            );
            self.emit(Event::Unverified { player, power });
            progress.fogged = true;
            return;
        }
        self.use_power(player, card, choices, span, progress, 0);
    }

    /// Who holds a Score on this turn of `player` (not one aimed at the turn that made it).
    fn awaiting_on(&self, player: PlayerId, progress: &Progress) -> Vec<PlayerId> {
        let fresh = &progress.awaits;
        self.state.awaiting.iter().filter(|(by, t)| *t == player && !fresh.contains(by)).map(|(by, _)| *by).collect()
    }

    /// The first card a player plays on their turn scores for every Score awaiting it (TCC 2.1,
    /// Tribble Powers: SCORE); a decked scorer scores nothing.
    fn scored_by_play(&mut self, player: PlayerId, card: &Card, progress: &mut Progress) {
        // A power aimed at this player that may have been a Score: a line of the table's that can
        // be its score (the card's number, or half of it for a Tally) is taken as it, and whether
        // it was one is left to the sheet.
        let maybe: Vec<PlayerId> =
            self.maybe_awaiting.iter().filter(|(_, t)| *t == player).map(|(by, _)| *by).collect();
        self.maybe_awaiting.retain(|(_, t)| *t != player);
        if card.denomination().is_none() {
            // A card not recorded: a line for the scorer that a card can give (its number, or half
            // of it for a Tally) is taken as its score, and the player's own half line with it.
            let any_card = |n: u64| Denomination::from_value(n).is_some() || powers::tally::halves_a_card(n);
            for &by in &maybe {
                if progress
                    .take(|e| matches!(e, Event::Scores { player: q, points } if *q == by && any_card(points.0)))
                    .is_some()
                {
                    self.emit(Event::ScoreUnverified(by));
                    let half = |e: &Event| matches!(e, Event::Scores { player: q, points } if *q == player && any_card(points.0));
                    if by != player && card.may_have(&[crate::model::Power::Tally]) && progress.take(half).is_some() {
                        self.emit(Event::ScoreUnverified(player));
                    }
                }
            }
        }
        if let Some(v) = card.denomination().map(Denomination::value) {
            let h = powers::tally::half(v);
            for by in maybe {
                let line = progress.take(|e| scores(e, by, v)).or_else(|| progress.take(|e| scores(e, by, h)));
                let tally = h != v && card.may_have(&[crate::model::Power::Tally]);
                match line {
                    Some((Event::Scores { points, .. }, _)) => {
                        self.emit(Event::ScoreUnverified(by));
                        if points.0 == h && h != v && progress.take(|e| scores(e, player, h)).is_some() {
                            self.emit(Event::ScoreUnverified(player));
                        }
                    }
                    // Only the Tally's owner's half written: the scorer's half was left out.
                    _ if tally && progress.take(|e| scores(e, player, h)).is_some() => {
                        self.emit(Event::ScoreUnverified(by));
                        self.emit(Event::ScoreUnverified(player));
                    }
                    _ => {}
                }
            }
        }
        for by in self.awaiting_on(player, progress) {
            self.emit(Event::StopsAwaiting { player: by, target: player });
            if self.state.player(by).status == Status::Decked {
                continue;
            }
            // A scorer a draw the log did not name may have decked (R34) scores nothing if it did:
            // with no score line for it, what it scored is the sheet's.
            if self.may_be_decked_unseen(by)
                && !progress.has(|e| matches!(e, Event::Scores { player: q, .. } if *q == by))
            {
                self.emit(Event::ScoreUnverified(by));
                if by != player && card.may_have(&[crate::model::Power::Tally]) {
                    self.emit(Event::ScoreUnverified(player));
                }
                continue;
            }
            let Some(v) = card.denomination().map(Denomination::value) else {
                // A card not recorded may be a Tally, which splits the score with its player.
                self.emit(Event::ScoreUnverified(by));
                if by != player && card.may_have(&[crate::model::Power::Tally]) {
                    self.emit(Event::ScoreUnverified(player));
                }
                continue;
            };
            // A Tally of the player's own splits with them (TCC 2.1, Tribble Powers: TALLY); a
            // card whose power is unknown may be one: the table's line says which.
            let h = powers::tally::half(v);
            let tally = match card.power() {
                _ if by == player => Some(false),
                Some(p) if p.is_known() => Some(p.has(crate::model::Power::Tally)),
                _ if progress.has(|e| scores(e, by, v)) => Some(false),
                _ if progress.has(|e| scores(e, by, h)) => Some(true),
                _ => None,
            };
            // Its lines are this score's: a power used later in the turn must not take them.
            match tally {
                Some(false) => {
                    progress.take(|e| scores(e, by, v));
                    self.emit(Event::Scores { player: by, points: crate::model::Points(v) });
                }
                Some(true) => {
                    progress.take(|e| scores(e, by, h));
                    progress.take(|e| scores(e, player, h));
                    if h > 0 {
                        self.emit(Event::Scores { player: by, points: crate::model::Points(h) });
                        self.emit(Event::Scores { player, points: crate::model::Points(h) });
                    }
                }
                None => {
                    self.emit(Event::ScoreUnverified(by));
                    self.emit(Event::ScoreUnverified(player));
                }
            }
        }
    }

    /// Playing a Qapla', used or not, scores the highest card of the Ante pot for its player; the
    /// pot's cards then go to their owners' discard piles (TCC 2.1, Tribble Powers: ANTE). A pot
    /// card the log does not name leaves the score to the table's line (a number a card can
    /// have: Qapla's own score, seven times a card, never is one), else to the sheet.
    pub(super) fn pot_on_play(&mut self, player: PlayerId, card: &Card, progress: &mut Progress) {
        if !card.may_have(&[crate::model::Power::Qapla]) {
            return;
        }
        progress.qapla_plays = progress.qapla_plays.saturating_sub(1);
        if self.state.pot.is_empty() && !self.state.pot_unknown {
            return;
        }
        if !card.power().is_some_and(|p| p.has(crate::model::Power::Qapla)) {
            self.emit(Event::ScoreUnverified(player));
            // A card that may be a Qapla': the table's `pot empties` says it was one, unless a later
            // play of the turn may be one too, whose line it may be (left to it, the line is
            // taken as the pot that may have emptied here, should no later play take it).
            let said = progress.qapla_plays == 0 && progress.take(|e| matches!(e, Event::PotEmpties)).is_some();
            self.emit(if said { Event::PotEmpties } else { Event::PotMayEmpty });
            return;
        }
        let pot = &self.state.pot;
        let highest = pot.iter().filter_map(|(c, _)| c.denomination().map(Denomination::value)).max().unwrap_or(0);
        let all_known = !self.state.pot_unknown && pot.iter().all(|(c, _)| c.denomination().is_some());
        let fits =
            |n: u64| if all_known { n == highest } else { n >= highest && Denomination::from_value(n).is_some() };
        let written = progress
            .take(|e| matches!(e, Event::Scores { player: q, points } if *q == player && fits(points.0)))
            .map(|(e, _)| e);
        if all_known && written.is_none() {
            // A card's value written for the player is this pot's score, mis-counted.
            let wrong = progress.take(|e| {
                matches!(e, Event::Scores { player: q, points } if *q == player && Denomination::from_value(points.0).is_some())
            });
            if let Some((_, span)) = wrong {
                let name = self.name(player).to_string();
                self.report(
                    Diagnostic::new(
                        Code::Misresolved,
                        span,
                        format!("{name} scores the pot's highest card, {highest}"),
                    )
                    .label("not the pot's highest card")
                    .help("playing a Qapla' scores the value of the highest card in the Ante pot")
                    .cites(powers::cited(Power::Ante)),
                );
            }
        }
        match written {
            _ if all_known => {
                if highest > 0 {
                    self.emit(Event::Scores { player, points: crate::model::Points(highest) });
                }
            }
            Some(scored) => self.emit(scored),
            None => self.emit(Event::ScoreUnverified(player)),
        }
        self.emit(Event::PotEmpties);
    }

    /// Replay: a card of the next number from the player's own pile is played again (TCC 2.1,
    /// Tribble Powers: REPLAY).
    fn replay(
        &mut self,
        player: PlayerId,
        card: &CardAt,
        used: Option<&[Choice]>,
        span: Span,
        progress: &mut Progress,
    ) {
        let c = &card.card;
        let pile = &self.state.player(player).pile;
        // A card in doubt read the other way frees an unnamed card, which may be any (F10).
        let in_pile = self.state.player(player).pile_unknown
            || pile.iter().any(|p| compatible(c, p))
            || pile.other_reading(|_| true).is_some();
        let expected = self.state.chain.last.map_or(Denomination::One, Denomination::next);
        // A card not recorded is of the number the chain calls for, as a replayed card must be
        // (ruling R38), where the chain is known.
        let read;
        let c = match c {
            Card::Unknown if !self.state.fog.next_play => {
                read = Card::Known { denomination: expected, power: PowerSpec::Unrecorded };
                &read
            }
            _ => c,
        };
        if !in_pile {
            self.report(
                Diagnostic::new(Code::BadReplay, card.span, format!("{c} is not in {}'s play pile", self.name(player)))
                    .label("not in the pile")
                    .help("Replay plays again a card from its player's own play pile"),
            );
        } else if c.denomination().is_some_and(|d| d != expected) {
            self.report(
                Diagnostic::new(
                    Code::BadReplay,
                    card.span,
                    format!("a replayed card must be the next number, {expected}"),
                )
                .label(format!("expected a {expected}")),
            );
        }
        self.emit(Event::Replays { player, card: *c });
        // The name is news of its owner's card, when the owner is known (F10: a card in doubt
        // counts for no list).
        let pile = &self.state.player(player).pile;
        let top = pile.len().wrapping_sub(1);
        if pile.doubted_owner(top).is_none() {
            let owner = pile.owner(top).unwrap_or(player);
            self.check_card(owner, c, card.span);
        }
        self.pot_on_play(player, c, progress);
        self.chain_span = Some(card.span);
        if let Some(choices) = used {
            self.use_power(player, c, choices, span, progress, 0);
        }
        self.trouble_after_play(c, progress);
    }

    /// Nobody may play a card whose power is frozen (TCC 2.1, Tribble Powers: FREEZE). A compound
    /// is a power of its own: freezing Skip does not freeze Clone & Skip (ruling R14).
    fn check_frozen(&mut self, c: &Card, span: Span) {
        if !rules::is_frozen(&self.state.frozen, c) {
            return;
        }
        let Some(power) = c.power() else { return };
        if let Some((p, by)) = self.state.frozen.iter().find(|(p, _)| p == power) {
            let by = self.name(*by).to_string();
            let p = *p;
            self.report(
                Diagnostic::new(Code::FrozenPower, span, format!("{p} is frozen"))
                    .label(format!("frozen by {by} until the end of {by}'s next turn"))
                    .help("a frozen power's cards cannot be played, whether the power is used or not"),
            );
        }
    }

    /// A compound with Clone played as a clone must use both halves (TCC 2.1, Advanced Rules:
    /// Compound Tribble Powers). False when the play was reported.
    fn clone_halves(&mut self, c: &Card, used: Option<&[Choice]>, span: Span) -> bool {
        let Some(PowerSpec::Compound(a, b)) = c.power() else { return true };
        let other = if *a == crate::model::Power::Clone { *b } else { *a };
        let half_only = used.is_some_and(|u| u.iter().any(|ch| matches!(ch.kind, ChoiceKind::Half(_))));
        if used.is_none() || half_only {
            self.report(
                Diagnostic::new(Code::CloneHalves, span, format!("played as a clone, {c} must use {other} too"))
                    .label("both halves must be used")
                    .help(format!("write `{c} use` with {other}'s choices; a half alone may be used only when the card is played in sequence")),
            );
        }
        true
    }

    /// The chain: the next number, or 1 after a break (or at a new chain); or a play that Clone,
    /// Advance or Dabo allows. Returns how the card was played.
    fn check_sequence(&mut self, c: &Card, span: Span) -> Way {
        let missing = std::mem::take(&mut self.passed_over);
        if self.state.fog.next_play {
            return Way::InSequence;
        }
        let chain = self.state.chain;
        let Some(d) = c.denomination() else {
            self.report(
                Diagnostic::new(Code::PlayUnverified, span, "the card played is not recorded")
                    .label("the chain is not checked here"),
            );
            return Way::InSequence;
        };
        match rules::play_verdict(&chain, self.previous_activations(), c) {
            Verdict::Legal(way) => return way,
            Verdict::Unverifiable => {
                self.report(
                    Diagnostic::new(
                        Code::PlayUnverified,
                        span,
                        format!("{d} is out of sequence unless its power allows it"),
                    )
                    .label("the power was not recorded: it could be a Clone, an Advance or a Dabo"),
                );
                return Way::InSequence;
            }
            // After a turn out of order (reported), the turns it passed over may have drawn or
            // played: one slip, one report (ruling R4).
            Verdict::Illegal if missing > 0 => {
                if let Some(way) = rules::verdict_after_missing_turns(&chain, self.previous_activations(), c, missing) {
                    return way;
                }
            }
            Verdict::Illegal => {}
        }
        let expected = rules::next_number(&chain);
        let restart = chain.broken || chain.last.is_none();
        let wanted = if restart && expected != Denomination::One {
            format!("{expected} (or 1 after the break)")
        } else {
            expected.to_string()
        };
        let mut diag = Diagnostic::new(Code::OutOfSequence, span, format!("{d} does not follow the chain"))
            .label(format!("expected {wanted}"))
            .help(if chain.last.is_none() {
                "a round's chain starts with a 1".to_string()
            } else {
                format!(
                    "after {}, the chain continues with {expected}",
                    chain.last.map_or(String::new(), |l| l.to_string())
                )
            });
        if let Some(setter) = self.chain_span {
            diag = diag.related(setter, "the chain was set here");
        }
        // A card whose power could play it out of sequence: why it does not here, on its rule.
        let why = |p: Power| -> Option<String> {
            Some(match p {
                Power::Clone => match chain.last {
                    Some(last) => format!("a Clone may repeat the last number played, {last}, and no other"),
                    None => "a Clone repeats the last number played, and none is yet".to_string(),
                },
                Power::Advance => "an Advance takes the place of a 1 only after a broken chain".to_string(),
                Power::Dabo => {
                    let before = match self.previous_turn {
                        Some((q, n)) => {
                            format!("{}'s turn activated {n} power{}", self.name(q), crate::diagnostics::plural(n))
                        }
                        None => "no turn came before this one".to_string(),
                    };
                    format!(
                        "a Dabo takes any number's place only after a turn that activated two powers or more; {before}"
                    )
                }
                _ => return None,
            })
        };
        let halves = match c.power() {
            Some(&PowerSpec::Single(p)) => [Some(p), None],
            Some(&PowerSpec::Compound(a, b)) => [Some(a), Some(b)],
            _ => [None, None],
        };
        for p in halves.into_iter().flatten() {
            if let Some(why) = why(p) {
                diag.help = Some(format!("{}; {why}", diag.help.take().unwrap_or_default()));
                diag.rule = diag.rule.or(Some(powers::cited(p)));
            }
        }
        self.report(diag);
        Way::InSequence
    }

    /// Whether `p` may have been decked unseen: by a card drawn unnamed from a deck that may have
    /// been empty (ruling R34), or, while the turn order is the table's after a power the referee
    /// does not follow (when such draws take nobody to have been decked), with a deck that may be
    /// empty now or that may have been at such a draw.
    fn may_be_decked_unseen(&self, p: PlayerId) -> bool {
        let deck = &self.state.player(p).deck;
        self.drew_unseen.contains(&p)
            || self.state.fog.turn_order
                && (deck.len().is_none() && deck.min_len() == 0 || self.drew_unseen_fogged.contains(&p))
    }

    /// `p` drew unnamed from a deck that may have been empty (R34), `fog`: while the turn order is
    /// the table's (R35).
    fn drew_unseen_from(&mut self, p: PlayerId, fog: bool) {
        let list = if fog { &mut self.drew_unseen_fogged } else { &mut self.drew_unseen };
        if !list.contains(&p) {
            list.push(p);
        }
    }

    /// A player shown not to have been decked by an unnamed draw (R34): at the table's turn, in a
    /// play, or taking part.
    fn not_decked_by_a_draw(&mut self, p: PlayerId) {
        self.drew_unseen.retain(|q| *q != p);
        self.drew_unseen_fogged.retain(|q| *q != p);
    }

    /// How many powers the player of the previous turn activated in it (with the turns Go gave),
    /// for Dabo; any number just after a position block, which does not show the turn before it
    /// (ruling R12).
    fn previous_activations(&self) -> u32 {
        if self.previous_turn_unseen {
            return u32::MAX;
        }
        self.previous_turn.map_or(0, |(_, n)| n)
    }

    fn use_power(
        &mut self,
        player: PlayerId,
        c: &Card,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
        counted: u32,
    ) {
        let power = c.power().cloned().unwrap_or(PowerSpec::Unrecorded);
        // A player only taken to have been decked at the deal had no part in it as the referee
        // follows it, but may have had one after all: the pile is not known from then on if the
        // power may change piles (a Qapla' may have put a card beneath it, which a Kill would take
        // before the player is shown in). A Toxin counts the Discard cards in the pile as it was.
        if c.may_have(&ON_EVERYONE) {
            let piles = c.may_have(&ON_EVERYONES_PILE);
            for k in 0..self.inferred_decked.len() {
                self.inferred_decked[k].missed = true;
                self.inferred_decked[k].missed_pile |= piles;
                if piles {
                    self.emit(Event::PileUnknown(self.inferred_decked[k].player));
                }
            }
        }
        if !self.check_choices(&power, choices, span) {
            // The table used the power somehow: what it could have changed is not held against
            // the table either (one mistake, one diagnostic).
            self.emit(Event::Unverified { player, power });
            self.may_have_decked(player, &power, choices);
            self.may_have_changed_piles(player, &power, choices);
            progress.fogged = true;
            return;
        }
        if powers::is_passive(&power) {
            // A Sabotage's rule forbids activating one; a card's own rule says it is passive (a
            // compound's halves both are).
            let (message, help, rule) = if progress.activating {
                (
                    format!("{power} is passive: a Sabotage cannot activate it"),
                    "leave out `activate`: the discarded card's power is never used",
                    Some(powers::cited(Power::Sabotage)),
                )
            } else {
                let rule = match power {
                    PowerSpec::Single(p) => Some(powers::cited(p)),
                    _ => None,
                };
                (format!("{power} is passive and is never used"), "write the card without `use`", rule)
            };
            let mut d = Diagnostic::new(Code::PassivePowerUsed, span, message).label("passive power").help(help);
            d.rule = rule;
            self.report(d);
            return;
        }
        // A trouble may forbid a power: "... in Sickbay" forbids using Poison (TCC 2.1, Troubles).
        let poison = match (
            &power,
            choices.iter().find_map(|ch| match ch.kind {
                ChoiceKind::Half(p) => Some(p),
                _ => None,
            }),
        ) {
            (_, Some(h)) => h == crate::model::Power::Poison,
            (p, None) => p.has(crate::model::Power::Poison),
        };
        if poison && self.state.troubles && (self.state.trouble.is_none() || self.trouble_doubtful) {
            self.report(
                Diagnostic::new(
                    Code::TroubleUnknown,
                    span,
                    "whether the active trouble allows a Poison here is not checked",
                )
                .label("the active trouble is not known"),
            );
        }
        if poison
            && self.state.troubles
            && !self.trouble_doubtful
            && self.state.trouble.as_deref().is_some_and(super::trouble::forbids_poison)
        {
            self.report(
                Diagnostic::new(Code::TroubleForbids, span, "no player may use a Poison's power here")
                    .label("\"... in Sickbay\" is the active trouble")
                    .help(
                        "while \"... in Sickbay\" is active, a Poison may be played but not used (TCC 2.1, Troubles)",
                    ),
            );
        }
        // FOLD: another player whose pile shows a Fold cannot be chosen; the table's account of
        // the power is still followed (one mistake, one diagnostic).
        for ch in choices {
            if let ChoiceKind::Player(t) = ch.kind {
                if t != player && powers::fold::shields(self.state.player(t)) {
                    let name = self.name(t).to_string();
                    self.report(
                        Diagnostic::new(Code::PoisonTarget, ch.span, format!("{name}'s Fold shields {name}"))
                            .label("a Fold tops this player's pile")
                            .help("while a Fold is the top card of a pile, no other player may choose its player for a power")
                            .cites(powers::cited(Power::Fold)),
                    );
                }
            }
        }
        let half = choices.iter().find_map(|ch| match ch.kind {
            ChoiceKind::Half(p) => Some(p),
            _ => None,
        });
        let (halves, count) = match (&power, half) {
            (_, Some(h)) => ([h, h], 1),
            (PowerSpec::Single(p), None) => ([*p, *p], 1),
            (PowerSpec::Compound(a, b), None) => ([*a, *b], 2),
            (PowerSpec::Unrecorded | PowerSpec::Unrecognised(_), None) => ([crate::model::Power::Go; 2], 0),
        };
        if count == 0 {
            // A power not recorded may have been a compound, both halves used: for Dabo, as many
            // activations as a card can give.
            progress.activations += 2;
        }
        let halves = &halves[..count];
        let mut pending = halves.is_empty();
        for h in halves {
            // Played as a clone, the Clone half's use is the play itself, counted already.
            if counted > 0 && *h == crate::model::Power::Clone {
                continue;
            }
            progress.activations += 1;
            let from = self.events.len();
            self.resolving.push(*h);
            let resolved = {
                let mut cx = PowerCx { r: self, progress, player, card: *c, choices, span };
                powers::resolve(*h, &mut cx)
            };
            self.resolving.pop();
            self.resolutions.push((from, self.events.len(), *h));
            if resolved == powers::Resolved::Pending {
                pending = true;
            }
        }
        if !pending {
            return;
        }
        let what = match &power {
            PowerSpec::Unrecorded => "the card's power was not recorded".to_string(),
            PowerSpec::Unrecognised(name) => format!("{name} is not a power the referee knows"),
            other => format!("{other} is not followed yet"),
        };
        self.report(
            Diagnostic::new(Code::PowerUnverified, span, format!("effects of {} not checked", power_name(&power)))
                .label(what)
                .help("what the power could have changed is taken from the log until it can be checked again"),
        );
        if !power.is_known() || power.has(Power::Score) {
            self.may_have_scored_on(player, choices, progress);
        }
        self.emit(Event::Unverified { player, power });
        progress.fogged = true;
        self.may_have_decked(player, &power, choices);
    }

    /// A power not followed that may make players draw (Evolve, Draw, Masaka…) may have decked
    /// them, the decking left out of the log: each is taken as one an unseen draw may have
    /// decked (ruling R34) until the player takes part again.
    fn may_have_decked(&mut self, player: PlayerId, power: &PowerSpec, choices: &[Choice]) {
        let everyone = !power.is_known()
            || [Power::Masaka, Power::Copy, Power::Sabotage, Power::Replay].iter().any(|h| power.has(*h));
        let drawers: Vec<PlayerId> = if everyone {
            self.state.seating.clone()
        } else if power.has(Power::Evolve) || power.has(Power::Process) {
            vec![player]
        } else if power.has(Power::Draw) {
            choices
                .iter()
                .filter_map(|c| match c.kind {
                    ChoiceKind::Player(t) => Some(t),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        for q in drawers {
            let pl = self.state.player(q);
            if pl.is_in() && pl.deck.len().is_none() && !self.drew_unseen.contains(&q) {
                self.drew_unseen.push(q);
            }
        }
    }

    /// A power whose choices the referee could not read may have changed what lies on top of a
    /// pile without putting a card there (Event::Unverified covers those that do): a Kill on the
    /// pile of a player it names, a Convert or a Rival on its user's. Those piles are unknown for
    /// the rest of the round. (A Kill naming nobody leaves every pile as it was: making them all
    /// unknown would stop the check of every later Kill in the round.)
    fn may_have_changed_piles(&mut self, player: PlayerId, power: &PowerSpec, choices: &[Choice]) {
        if power.has(Power::Kill) {
            for c in choices {
                if let ChoiceKind::Player(t) = c.kind {
                    self.emit(Event::PileUnknown(t));
                }
            }
        }
        if power.has(Power::Convert) || power.has(Power::Rival) {
            self.emit(Event::PileUnknown(player));
        }
    }

    /// A power the referee could not follow, aimed at players, may have been a Score: each
    /// target's next play may score for `player`.
    fn may_have_scored_on(&mut self, player: PlayerId, choices: &[Choice], progress: &mut Progress) {
        for c in choices {
            if let ChoiceKind::Player(t) = c.kind {
                progress.maybe_awaits_self |= t == player;
                if !self.maybe_awaiting.contains(&(player, t)) {
                    self.maybe_awaiting.push((player, t));
                }
            }
        }
    }

    fn draw(
        &mut self,
        player: PlayerId,
        card: Option<&CardAt>,
        span: Span,
        progress: &mut Progress,
        table_decked: &[PlayerId],
    ) {
        let seen = card.map_or(Card::Unknown, |c| c.card);
        let at = card.map_or(span, |c| c.span);
        if !progress.fogged && (progress.played || progress.drew.is_some()) {
            self.report(
                Diagnostic::new(Code::SecondPlay, span, "a second draw or a draw after a play")
                    .label("one draw per turn, before any play")
                    .help("a turn is one card played, or one card drawn and then played or kept"),
            );
        }
        let deck = &self.state.player(player).deck;
        let empty = deck.is_empty();
        let says_decked = table_decked.contains(&player);
        if empty || (says_decked && deck.len().is_none()) {
            if card.is_some() && empty {
                let mut d =
                    Diagnostic::new(Code::DrawFromEmptyDeck, at, format!("{}'s deck is empty", self.name(player)))
                        .label("nothing to draw")
                        .help("a player who must draw from an empty deck is decked: the hand is discarded");
                if let Some((_, last)) = self.emptied.iter().find(|(p, _)| *p == player) {
                    d = d.related(*last, "this draw took the last card");
                }
                self.report(d);
            }
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            progress.decked = true;
            return;
        }
        // A card drawn unnamed from a deck that may have been empty may have decked the player,
        // which a log may leave out (R0707). (After a power the referee does not follow, the
        // turn order and who went out are the table's already.)
        let fog = progress.fogged || self.state.fog.turn_order;
        let may_be_empty = deck.len().is_none() && deck.min_len() == 0;
        if card.is_none() && !says_decked && may_be_empty {
            self.drew_unseen_from(player, fog);
        }
        let deck = &self.state.player(player).deck;
        if says_decked && !progress.fogged && !self.decked_as_table {
            let n = deck.len().unwrap_or(0);
            self.report(
                Diagnostic::new(
                    Code::NotDecked,
                    at,
                    format!("{}'s deck still holds {n} card{}", self.name(player), crate::diagnostics::plural(n)),
                )
                .label("not decked")
                .help("only a draw from an empty deck decks a player"),
            );
        }
        if says_decked && self.decked_as_table && !progress.fogged {
            // Read as the table has it (ruling R4): the deck's last cards went to the hand in
            // draws the log leaves out, and this draw, from the empty deck, decks the player.
            let n = self.state.player(player).deck.len().unwrap_or(0);
            self.emit(Event::Draws { player, drawn: Drawn::Count(n) });
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            progress.decked = true;
            return;
        }
        let mut seen = seen;
        if let Some((played, by_choices)) = self.drawn_as_played(player, &seen, span, progress) {
            let name = self.name(player);
            let why = if by_choices { "could not be used with the play's choices" } else { "could not be both" };
            self.report(
                Diagnostic::new(Code::NotTheDrawnCard, at, format!("{name} drew {seen} but plays {played}"))
                    .label(format!("read as {played}, the card played"))
                    .help(format!(
                        "after drawing, only the drawn card may be played; {played} could have been drawn and \
                         follows the chain, and {seen} {why}: the draw's card is read as the one played"
                    )),
            );
            seen = played;
        }
        let deck = &self.state.player(player).deck;
        let mut reported = false;
        // A card the deck cannot give, one word off a card reported as one the decklist cannot
        // have that it may give: that card, misnamed where it was reported.
        let undrawable = !progress.fogged && !deck.could_draw(&seen);
        if let Some(misfit) = undrawable.then(|| self.misnamed_as(player, &seen, |m| deck.could_draw(m))).flatten() {
            seen = misfit;
        } else if undrawable {
            // A top known to be a card of the same power as the one written, another number: the
            // number was miswritten (ruling R4), and the draw is read as the top. (Another power
            // may be another card taken: one put beneath the deck, say.)
            let same_power = |t: &Card| match (t, &seen) {
                (Card::Known { denomination: a, power: p }, Card::Known { denomination: b, power: q }) => {
                    a != b && p == q && p.is_known()
                }
                _ => false,
            };
            let top = deck.top.last().copied();
            let read = top.filter(same_power);
            let (label, help) = match (read, top) {
                (Some(top), _) => (
                    format!("the top card is {top}: read as it"),
                    format!(
                        "the card seems miswritten: the deck's top is known to be {top}, and the draw is read as it"
                    ),
                ),
                (None, Some(top)) => (
                    format!("the top card is {top}"),
                    "name the card that was drawn, or `draw` alone when it was not seen".to_string(),
                ),
                (None, None) => (
                    "the deck holds no such card".to_string(),
                    "name the card that was drawn, or `draw` alone when it was not seen".to_string(),
                ),
            };
            self.report(
                Diagnostic::new(
                    Code::NotDeckTop,
                    at,
                    format!("{seen} cannot be the top of {}'s deck", self.name(player)),
                )
                .label(label)
                .help(help),
            );
            // Unless read as the top, the card written is reported: not again for the decklist.
            reported = read.is_none();
            seen = read.unwrap_or(seen);
        }
        self.emit(Event::Draws { player, drawn: Drawn::Cards(CardCount::one(seen, at).list()) });
        if self.state.player(player).deck.is_empty() {
            self.emptied.retain(|(p, _)| *p != player);
            self.emptied.push((player, at));
        }
        self.check_card_at(player, &seen, (!reported).then_some(at));
        progress.drew = Some(seen);
    }

    /// A draw naming `seen` (the turn's step at `span`), where the turn's next step plays another
    /// card, which must be the drawn one: when the two differ in one word, the card played could
    /// have been drawn and follows the chain, and the card written could not have been both (or
    /// could not have been used with the play's choices where the card played could), the draw's
    /// card was miswritten (ruling R4), and is the card played (with whether the choices showed
    /// it). Not where the hand may hold the card played, unless the card written cannot have been
    /// drawn at all: it may have been played from the hand, against the rules.
    fn drawn_as_played(&self, player: PlayerId, seen: &Card, span: Span, progress: &Progress) -> Option<(Card, bool)> {
        let fog = &self.state.fog;
        if progress.fogged || fog.cards || fog.next_play || progress.played || progress.drew.is_some() {
            return None;
        }
        let k = (progress.steps as usize).checked_sub(1)?;
        if progress.turn_steps.get(k).map(|s| s.span) != Some(span) || !matches!(seen, Card::Known { .. }) {
            return None;
        }
        let StepKind::Play { card: played, used } = &progress.turn_steps.get(k + 1)?.kind else { return None };
        let played = played.card;
        if !one_word_off(seen, &played) {
            return None;
        }
        let pl = self.state.player(player);
        let drawable = |c: &Card| pl.deck.could_draw(c) && self.deck_top_admits(player, c);
        let follows =
            |c: &Card| rules::play_verdict(&self.state.chain, self.previous_activations(), c) != Verdict::Illegal;
        // A card the hand may hold may have been played from it, against the rules: not read,
        // unless the card written cannot have been drawn at all.
        if !drawable(&played) || !follows(&played) || pl.hand.could_hold(&played) && drawable(seen) {
            return None;
        }
        if !drawable(seen) || !follows(seen) {
            return Some((played, false));
        }
        // Where both could be, the play's choices may show which power was used.
        let takes = |c: &Card| match (c, used) {
            (Card::Known { power, .. }, Some(choices)) => could_take(power, choices),
            _ => true,
        };
        (takes(&played) && !takes(seen)).then_some((played, true))
    }

    /// What the rules make happen when the turn ends.
    fn end_of_turn(&mut self, player: PlayerId, turn: &Turn, progress: &Progress, span: Span) {
        let nothing = !progress.played && progress.drew.is_none() && !progress.decked && !progress.skipped;
        // A lone `pass` has been reported at its step already.
        if nothing && !progress.fogged && !progress.acted && !progress.passed {
            self.report(
                Diagnostic::new(Code::NoPlayNoDraw, turn.player_span.to(span), "the turn neither plays nor draws")
                    .label("a turn plays a card or draws one")
                    .help(format!("write `{}: draw` for a player who had nothing to play", self.name(player))),
            );
        }
        if progress.replay_open && !progress.fogged {
            let expected = self.state.chain.last.map_or(Denomination::One, Denomination::next);
            let pl = self.state.player(player);
            // (Not after a power the referee did not follow: it may have taken that card away.)
            if !pl.pile_unknown && !pl.pile_doubtful && pl.pile.iter().any(|c| c.denomination() == Some(expected)) {
                self.report(
                    Diagnostic::new(
                        Code::BadReplay,
                        span,
                        format!("{}'s play pile holds a {expected} to replay", self.name(player)),
                    )
                    .label("the Replay must play it")
                    .help(format!("once begun, a replay is made when the pile holds a {expected}: `replay CARD`")),
                );
            }
        }
        if let Some(card) = &progress.rescued {
            // Not played: the rescued card goes face down on top of the deck (RESCUE).
            self.emit(Event::Puts {
                player,
                cards: CardCount::one(*card, span).list(),
                to: super::event::Destination { place: super::event::Place::OnDeck, owner: None },
                from: super::event::Source::default(),
            });
        }
        if !progress.played && !self.state.chain.broken {
            self.emit(Event::ChainBreaks);
        }
        // A Score waits for the target's next turn only (SCORE).
        for by in self.awaiting_on(player, progress) {
            self.emit(Event::StopsAwaiting { player: by, target: player });
        }
        self.maybe_awaiting.retain(|(by, t)| *t != player || progress.maybe_awaits_self && *by == player);
        // A freeze ends with the end of its freezer's next turn (FREEZE).
        let ending: Vec<PowerSpec> = self
            .state
            .frozen
            .iter()
            .filter(|(p, by)| *by == player && !progress.froze.contains(p))
            .map(|(p, _)| *p)
            .collect();
        for power in ending {
            self.emit(Event::Unfreezes { player, power });
        }
        // Dabo counts the powers of the previous turn, with the extra turns Go gave. The first
        // turn after a position block may be the extra turn of a Go before it, whose powers then
        // add up with its own and those of the extra turns that follow: the count after them is
        // open too.
        if self.previous_turn_unseen {
            self.previous_turn_unseen = self.previous_turn.is_none_or(|(p, _)| p == player && self.go_chain);
        }
        // Who plays next in the reading where play goes the other way round: the same player
        // after a Go, else the next player that way, past as many players as the turn skipped.
        self.reversal = None;
        if std::mem::take(&mut self.reversal_armed) && !progress.fogged && self.state.player(player).is_in() {
            let other = self.state.direction.reversed();
            let mut next = Some(player);
            if !progress.extra_turn {
                for _ in 0..=progress.skips.min(self.state.seating.len() as u32) {
                    next = next.and_then(|q| self.state.next_toward(q, other));
                }
            }
            self.reversal = next;
        }
        self.previous_turn = Some(match self.previous_turn {
            Some((p, n)) if p == player && self.go_chain => (player, n + progress.activations),
            _ => (player, progress.activations),
        });
        // After a power the referee could not follow, the same player's next turn may be the
        // extra turn of a Go it was.
        self.go_chain = progress.extra_turn || progress.fogged;
        // Going out: every player still in whose hand is provably empty (TCC 2.1); under
        // Decipher 2000 only one player goes out, the one whose turn it is first.
        let mut empty: Vec<PlayerId> = self
            .state
            .seating
            .iter()
            .copied()
            .filter(|q| self.state.player(*q).is_in() && self.state.player(*q).hand.len() == Some(0))
            .collect();
        if self.state.ruleset == Ruleset::Decipher2000 && !self.went_out.is_empty() {
            empty.clear();
        }
        if self.state.ruleset == Ruleset::Decipher2000 && empty.len() > 1 {
            let first = if empty.contains(&player) { player } else { empty[0] };
            empty = vec![first];
        }
        // Under TCC 2.1 everyone whose hand is empty goes out together: a hand the referee cannot
        // count may have been emptied too, if it gave a card this turn (it held one before: a
        // hand that was empty then would have gone out already).
        if self.state.ruleset == Ruleset::Tcc21 && !empty.is_empty() {
            self.outs_uncertain |= self.state.seating.iter().any(|q| {
                let pl = self.state.player(*q);
                let gave = pl.hand_given_at == self.state.turns_passed;
                !empty.contains(q) && pl.is_in() && pl.hand.len().is_none() && pl.hand.min_len() == 0 && gave
            });
        }
        for q in empty {
            self.emit(Event::GoesOut(q));
            self.went_out.push(q);
            if q == player && progress.hand_unseen {
                self.out_on_count.push(q);
            }
        }
        // The table says a player went out whose hand is not known to be empty: the last one in,
        // if everyone else may have been decked at the deal.
        let claimed_out = self.went_out.is_empty().then_some(()).and_then(|()| {
            progress.claims.iter().find_map(|(e, _, used)| match e {
                Event::GoesOut(q) if !*used && self.state.player(*q).is_in() => Some(*q),
                _ => None,
            })
        });
        if let Some(q) = claimed_out {
            self.last_standing_after_deal(span, Some(q));
        }
        self.last_player_standing();
        self.last_skipped = None;
        if self.went_out.is_empty() || self.missed_go_out {
            // After the displaced player's turn, play resumes after the one who jumped the queue
            // (passing over the displaced player, who has just played).
            let from = self.resume_after.take().unwrap_or(player);
            if progress.extra_turn && self.state.player(player).is_in() {
                self.emit(Event::IsNext(player));
                return;
            }
            let mut next = self.state.next_in_turn(from);
            if next == Some(player) && from != player {
                next = self.state.next_in_turn(player);
            }
            if progress.skips > 0 && !self.state.fog.turn_order && self.skip_claimed(player, from, next, progress) {
                return;
            }
            if progress.skips > 0 {
                self.skip_reading = Some((player, from, progress.skips));
            }
            if progress.skips > 0 && self.state.fog.turn_order {
                // Who a Skip passes over is the table's while the turn order is: a Score waiting on
                // any player may have been lost with the turn, or may still come (ruling R35).
                let waiting: Vec<PlayerId> = self.state.awaiting.iter().map(|(_, t)| *t).collect();
                for target in waiting {
                    self.score_in_doubt_on(target);
                }
            }
            if self.state.fog.turn_order {
                // The table's lines say whom the Skips passed over, as its turn lines do.
                let said: Vec<PlayerId> = progress
                    .claims
                    .iter()
                    .filter_map(|(e, _, used)| match e {
                        Event::IsSkipped(q) if !*used && self.state.player(*q).is_in() => Some(*q),
                        _ => None,
                    })
                    .take(progress.skips as usize)
                    .collect();
                for q in said {
                    self.emit(Event::IsSkipped(q));
                }
            }
            for _ in 0..progress.skips {
                // Skip: the next player in the current direction loses the turn.
                if let Some(skipped) = next {
                    if !self.state.fog.turn_order {
                        self.emit(Event::IsSkipped(skipped));
                    }
                    self.last_skipped = Some(skipped);
                    next = self.state.next_in_turn(skipped);
                }
            }
            if let Some(next) = next {
                self.emit(Event::IsNext(next));
            }
        }
    }

    /// The table says the turn's Skips fell on a player further on than the rules put them (a
    /// line `Gus is skipped` where the rules skip Fay): the players passed over may have been
    /// decked at the deal unseen (ruling R2), read as when the skipped player writes the turn
    /// down. `next` is the first player the rules skip. True when the line is taken so: who is
    /// skipped and who is next are settled.
    fn skip_claimed(&mut self, player: PlayerId, from: PlayerId, next: Option<PlayerId>, progress: &Progress) -> bool {
        let claimed = progress.claims.iter().find_map(|(e, span, used)| match e {
            Event::IsSkipped(q)
                if !*used && Some(*q) != next && (self.state.player(*q).is_in() || self.taken_decked(*q)) =>
            {
                Some((*q, *span))
            }
            _ => None,
        });
        let Some((q, span)) = claimed else { return false };
        let skipped = if self.taken_decked(q) {
            // A player taken to have been decked at the deal is skipped: that reading is withdrawn
            // (its other reading, if any, stands instead), and the Skip fell on this player if
            // the rules now put it there.
            self.withdraw_inference(q, span, "is skipped");
            let mut now = self.state.next_in_turn(from);
            if now == Some(player) && from != player {
                now = self.state.next_in_turn(player);
            }
            if progress.skips != 1 || now != Some(q) {
                return false;
            }
            Vec::new()
        } else {
            let Some((decked, skipped, instead)) = self.skips_read_to((player, from, progress.skips - 1), q) else {
                return false;
            };
            let why = |r: &Self, _| format!("the Skip fell on {}", r.name(q));
            self.passed_by_skips((decked, instead), (q, next.unwrap_or(q)), span, why);
            skipped
        };
        for s in skipped.iter().chain([&q]) {
            self.emit(Event::IsSkipped(*s));
        }
        self.last_skipped = Some(q);
        if let Some(n) = self.state.next_in_turn(q) {
            self.emit(Event::IsNext(n));
        }
        true
    }
}

impl Referee<'_> {
    /// The choices of a use, by kind, against what the card's powers take. False (after an error)
    /// when the use cannot be understood.
    fn check_choices(&mut self, power: &PowerSpec, choices: &[Choice], span: Span) -> bool {
        let mut half = None;
        // Each kind once, in order of appearance: no more than there are kinds.
        let mut kinds = [powers::Choice::Player; powers::Choice::ALL.len()];
        let mut found = 0;
        // The first choice of a kind a power takes once, given again.
        const SINGLE: [powers::Choice; 4] =
            [powers::Choice::Player, powers::Choice::Name, powers::Choice::Take, powers::Choice::Of];
        let mut repeated = None;
        for c in choices {
            let kind = match &c.kind {
                ChoiceKind::Half(p) => {
                    let on_card = matches!(power, PowerSpec::Compound(a, b) if a == p || b == p);
                    let unknown = matches!(power, PowerSpec::Unrecorded | PowerSpec::Unrecognised(_));
                    if !on_card && !unknown {
                        self.report(
                            Diagnostic::new(Code::BadChoices, c.span, format!("{p} is not a half of {power}"))
                                .label("not on this card")
                                .help("a bare power name after `use` picks one half of a compound: `100 Clone & Skip use Skip`"),
                        );
                        return false;
                    }
                    half = Some(*p);
                    continue;
                }
                other => match choice_kind(other) {
                    Some(kind) => kind,
                    None => continue,
                },
            };
            if !kinds[..found].contains(&kind) {
                if let Some(slot) = kinds.get_mut(found) {
                    *slot = kind;
                    found += 1;
                }
            } else if repeated.is_none() && SINGLE.contains(&kind) {
                repeated = Some((kind, c.span));
            }
        }
        // A power takes one player, one power name, one `take` and one `of`: a second one of
        // these would be dropped without a word (a compound's halves share them).
        if let Some((kind, at)) =
            repeated.filter(|_| !matches!(power, PowerSpec::Unrecorded | PowerSpec::Unrecognised(_)))
        {
            self.report(
                Diagnostic::new(Code::BadChoices, at, format!("{power} takes one {}, not two", kind.describe()))
                    .label("a second one")
                    .help(choice_help(power)),
            );
            return false;
        }
        match powers::check_choices(power, &kinds[..found], half) {
            Ok(()) => true,
            Err((choice, missing)) => {
                let at = if missing {
                    span
                } else {
                    choices.iter().find(|c| same_kind(&c.kind, choice)).map_or(span, |c| c.span)
                };
                let (message, label) = if missing {
                    (format!("{power} needs {}", choice.describe()), format!("{} missing", choice.describe()))
                } else {
                    (format!("{power} takes no {} choice", choice.describe()), "not a choice of this power".to_string())
                };
                let mut d = Diagnostic::new(Code::BadChoices, at, message).label(label).help(choice_help(power));
                // The power's own rule says what it chooses (a compound's, the half used).
                if let (&PowerSpec::Single(p), _) | (_, Some(p)) = (power, half) {
                    d.rule = Some(powers::cited(p));
                }
                self.report(d);
                false
            }
        }
    }
}

/// The kind of a choice, as the powers' profiles name it; `None` for a `use HALF` choice, which
/// picks a half rather than being one.
fn choice_kind(kind: &ChoiceKind) -> Option<powers::Choice> {
    Some(match kind {
        ChoiceKind::Player(_) => powers::Choice::Player,
        ChoiceKind::Name(_) => powers::Choice::Name,
        ChoiceKind::Cards(_) => powers::Choice::Cards,
        ChoiceKind::Take(_) => powers::Choice::Take,
        ChoiceKind::Top(_) | ChoiceKind::Bottom(_) => powers::Choice::Placement,
        ChoiceKind::Of(_) => powers::Choice::Of,
        ChoiceKind::Half(_) => return None,
    })
}

/// A turn's last step, a play: the steps before it, the card, and the choices its power was
/// used with.
struct LastPlay<'t> {
    before: &'t [Step],
    card: Card,
    used: Option<&'t [Choice]>,
}

impl LastPlay<'_> {
    fn of(turn: &Turn) -> Option<LastPlay<'_>> {
        let (last, before) = turn.steps.split_last()?;
        let StepKind::Play { card, used } = &last.kind else { return None };
        Some(LastPlay { before, card: card.card, used: used.as_deref() })
    }

    /// Whether `other` is the same but for its card's power (and, `with_use`, how it was used).
    fn alike(&self, other: &LastPlay, with_use: bool) -> bool {
        self.card.denomination() == other.card.denomination()
            && (!with_use || self.used == other.used)
            && self.before.iter().map(|s| &s.kind).eq(other.before.iter().map(|s| &s.kind))
    }
}

/// Whether the reading `plain` of a turn left out, its last step a card of a power not recorded
/// played unused, covers the reading `other`, alike but for a power that card is given (used or
/// not).
fn covers(plain: &Turn, other: &Turn) -> bool {
    let (Some(p), Some(o)) = (LastPlay::of(plain), LastPlay::of(other)) else { return false };
    let unrecorded = |card: &Card| matches!(card.power(), Some(PowerSpec::Unrecorded));
    p.used.is_none() && unrecorded(&p.card) && !unrecorded(&o.card) && p.alike(&o, false)
}

/// The cards of `cards`, each once, in the order first met.
fn distinct<'c>(cards: impl IntoIterator<Item = &'c Card>) -> Vec<Card> {
    let mut seen: Vec<Card> = Vec::new();
    for c in cards {
        if !seen.contains(c) {
            seen.push(*c);
        }
    }
    seen
}

/// Where `step` plays (or replays) a card with `power` among its powers without `use`, the card.
fn played_unused(step: &Step, power: Power) -> Option<Span> {
    match &step.kind {
        StepKind::Play { card, used: None } | StepKind::Replay { card, used: None }
            if card.card.power().is_some_and(|p| p.is_known() && p.has(power)) =>
        {
            Some(card.span)
        }
        _ => None,
    }
}

/// Whether span `inner` lies within `outer`.
pub(super) fn within(inner: Span, outer: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// Whether two known cards differ in their number or in their power, not both.
pub(super) fn one_word_off(a: &Card, b: &Card) -> bool {
    match (a, b) {
        (Card::Known { denomination: d, power: p }, Card::Known { denomination: e, power: q }) => (d == e) != (p == q),
        _ => false,
    }
}

/// Whether a known power could be used with these choices: it is not passive, and their kinds
/// are its own (a `use HALF` choice is left to the full check).
fn could_take(power: &PowerSpec, choices: &[Choice]) -> bool {
    if powers::is_passive(power) {
        return false;
    }
    let mut kinds: Vec<powers::Choice> = Vec::new();
    for c in choices {
        let Some(kind) = choice_kind(&c.kind) else { return true };
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    powers::check_choices(power, &kinds, None).is_ok()
}

/// Cards for a help line, as a log writes them: equal cards once with their count (`3x 1 Go`), in
/// the order they first appear, the first [`LISTED`] different ones named and the rest counted.
/// A hand of thousands of cards then takes a line, not megabytes, and the same time per card.
fn card_listing(cards: &[Card]) -> String {
    let mut groups: Vec<(Card, usize)> = Vec::new();
    let mut more = 0;
    for card in cards {
        match groups.iter().position(|(c, _)| c == card) {
            Some(i) => groups[i].1 += 1,
            None if groups.len() < LISTED => groups.push((*card, 1)),
            None => more += 1,
        }
    }
    let mut text = groups
        .iter()
        .map(|(c, n)| if *n == 1 { c.to_string() } else { format!("{n}x {c}") })
        .collect::<Vec<_>>()
        .join(", ");
    if more > 0 {
        text.push_str(&format!(" and {more} more card{}", crate::diagnostics::plural(more)));
    }
    text
}

fn same_kind(kind: &ChoiceKind, choice: powers::Choice) -> bool {
    matches!(
        (kind, choice),
        (ChoiceKind::Player(_), powers::Choice::Player)
            | (ChoiceKind::Name(_), powers::Choice::Name)
            | (ChoiceKind::Cards(_), powers::Choice::Cards)
            | (ChoiceKind::Take(_), powers::Choice::Take)
            | (ChoiceKind::Top(_) | ChoiceKind::Bottom(_), powers::Choice::Placement)
            | (ChoiceKind::Of(_), powers::Choice::Of)
    )
}

/// The syntax of a power's choices, for the help line.
fn choice_help(power: &PowerSpec) -> String {
    let halves: Vec<crate::model::Power> = match power {
        PowerSpec::Single(p) => vec![*p],
        PowerSpec::Compound(a, b) => vec![*a, *b],
        PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => Vec::new(),
    };
    let parts: Vec<String> = halves
        .iter()
        .map(|h| {
            let takes = powers::profile(*h).accepts;
            if takes.is_empty() {
                format!("{h} takes no choices")
            } else {
                format!("{h} takes {}", takes.iter().map(|c| c.describe()).collect::<Vec<_>>().join(", "))
            }
        })
        .collect();
    parts.join("; ")
}

/// A one-card line's event with its card read as `card` (a number miswritten, ruling R4).
fn with_card(mut event: Event, card: Card) -> Event {
    if let Event::Discards { cards, .. } | Event::Puts { cards, .. } = &mut event {
        if let Some(first) = cards.first_mut() {
            first.card = card;
        }
    }
    event
}

/// Whether the line can be a Replicate's extra card: one card from `owner`'s hand into the place
/// the Replicate went (`None`: the discard pile).
fn replicate_line(e: &Event, owner: PlayerId, place: Option<super::event::Place>) -> bool {
    match (e, place) {
        (Event::Discards { player, cards, from: crate::model::log::Zone::Hand }, None) => {
            *player == owner && cards.len() == 1 && cards[0].count == 1
        }
        (Event::Puts { player, cards, to, from }, Some(p)) => {
            *player == owner
                && to.place == p
                && powers::owns(owner, to.owner)
                && from.zone == crate::model::log::Zone::Hand
                && powers::owns(owner, from.owner)
                && cards.len() == 1
                && cards[0].count == 1
        }
        _ => false,
    }
}

/// Whether the line says `who` scores `n`.
fn scores(e: &Event, who: PlayerId, n: u64) -> bool {
    *e == Event::Scores { player: who, points: crate::model::Points(n) }
}

/// The label of a line reported as written again ([`Referee::written_again`]).
const WRITTEN_AGAIN: &str = "written once too often";

fn power_name(p: &PowerSpec) -> String {
    match p {
        PowerSpec::Unrecorded => "an unrecorded power".to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Power;

    #[test]
    fn a_listing_counts_equal_cards_and_names_two_dozen_different_ones() {
        let go = Card::new(Denomination::One, Power::Go);
        let skip = Card::new(Denomination::Ten, Power::Skip);
        assert_eq!(card_listing(&[]), "");
        assert_eq!(card_listing(&[go, skip, go, Card::Unknown, go]), "3x 1 Go, 10 Skip, ?");
        let many: Vec<Card> = std::iter::repeat_n(go, 5000).collect();
        assert_eq!(card_listing(&many), "5000x 1 Go");
        let different: Vec<Card> = Power::ALL
            .iter()
            .take(LISTED + 2)
            .map(|p| Card::new(Denomination::One, *p))
            .chain([Card::new(Denomination::One, Power::ALL[LISTED])])
            .collect();
        let text = card_listing(&different);
        assert!(text.starts_with("1 Advance, 1 Ante, "), "{text}");
        assert!(text.ends_with(" and 3 more cards"), "{text}");
        assert_eq!(text.matches(", ").count(), LISTED - 1, "{text}");
        assert!(card_listing(&different[1..LISTED + 2]).ends_with(" and 1 more card"));
    }
}
