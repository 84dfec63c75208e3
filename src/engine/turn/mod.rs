//! One turn: whose it is, each step against the chain and the hidden cards, what the rules make
//! happen at its end (going out, being decked, the next player), and the table's resolution
//! lines compared with it (TCC 2.1, How to Play; Ending the Round; Advanced Rules: "Decked").
//!
//! The table's lines are compared in [`claims`]; where a turn as written draws reports, [`readings`]
//! reads it again as a writing slip, with the plays a turn left out may have been from [`guesses`].
//!
//! This module walks a turn's steps and ends it; the steps' rules stand beside it: whose turn it
//! is ([`whose`]), a card played ([`play`]), a power used ([`use_power`], the powers' own rules
//! through [`power_cx`]), a card drawn ([`draw`]) and the active trouble ([`trouble_turn`]).

use super::event::{Drawn, Event};
use super::replay::{LISTED, Referee};
use crate::diagnostics::{Code, Diagnostic};
use crate::model::log::{CardCount, Choice, ChoiceKind, Line, LineKind, Ruleset, Step, StepKind, Turn};
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec, Span};
use crate::powers;

mod claims;
mod draw;
mod guesses;
mod play;
mod power_cx;
mod readings;
mod trouble_turn;
mod use_power;
mod whose;

pub(crate) use power_cx::PowerCx;
pub(super) use readings::{sabotage_choices, sabotage_overloaded};

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

    /// The first line not yet taken that satisfies `pick`, left to be taken.
    fn find(&self, pick: impl Fn(&Event) -> bool) -> Option<&Event> {
        self.claims.iter().find(|(e, _, used)| !*used && pick(e)).map(|(e, _, _)| *e)
    }

    /// Where the first line not yet taken that satisfies `pick` stands.
    fn at(&self, pick: impl Fn(&Event) -> bool) -> Option<Span> {
        self.claims.iter().find(|(e, _, used)| !*used && pick(e)).map(|(_, span, _)| *span)
    }
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

/// The label of a line reported as written again ([`Referee::written_again`]).
const WRITTEN_AGAIN: &str = "written once too often";

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
                let mut placed = *c;
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
                    // The one BaH! of another number the hand may hold is the card placed, its
                    // number miswritten (ruling R4).
                    let hand = &self.state.player(player).hand;
                    let read = renumbered(c, |m| hand.could_hold(m));
                    let d = Diagnostic::new(Code::NotInHand, card.span, format!("{name} cannot hold {c}"));
                    placed = self.report_not_held(player, c, d, read, "not in hand");
                }
                self.emit(Event::Puts {
                    player,
                    cards: CardCount::one(placed, card.span).list(),
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

/// Whether a turn line writes down a turn a Skip passed over (`Matt: skipped`, with a BaH!'s
/// `place` at most).
pub(in crate::engine) fn is_skipped(turn: &Turn) -> bool {
    !turn.steps.is_empty() && turn.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)))
}

/// The one player a turn's power is aimed at ([`aimed_at`]), or failing that its activation (a
/// Sabotage's `activate`, [`activation_aimed_at`]), where, and whether it is the activation.
fn target_of(turn: &Turn) -> Option<(PlayerId, Span, bool)> {
    match aimed_at(turn) {
        Some((q, at)) => Some((q, at, false)),
        None => activation_aimed_at(turn).map(|(q, at)| (q, at, true)),
    }
}

/// The one player a turn's activation (a Sabotage's `activate`) is aimed at, and where: the turn
/// activates once, choosing one player.
fn activation_aimed_at(turn: &Turn) -> Option<(PlayerId, Span)> {
    let mut activations = turn.steps.iter().filter_map(|s| match &s.kind {
        StepKind::Activate(choices) => Some(choices),
        _ => None,
    });
    let (Some(choices), None) = (activations.next(), activations.next()) else { return None };
    let mut players = choices.iter().filter_map(|c| match c.kind {
        ChoiceKind::Player(q) => Some((q, c.span)),
        _ => None,
    });
    match (players.next(), players.next()) {
        (Some(aimed), None) => Some(aimed),
        _ => None,
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
    misspelt_name(name.as_str())
}

/// The power a name one or two letters off it names, as the parser's warning suggests.
fn misspelt_name(name: &str) -> Option<Power> {
    crate::diagnostics::did_you_mean(name, Power::spellings()).and_then(Power::from_name)
}

/// What of `card` seems miswritten where it is read as `read`, one word off it: its number, or
/// its power's name.
fn miswritten_word(card: &Card, read: &Card) -> &'static str {
    if read.denomination() == card.denomination() { "power's name" } else { "number" }
}

/// `card` with the power its unrecognised power misspells ([`misspelt`]); for a compound kept
/// unrecognised for a half misspelt (`100 Ski & Clone`), each half as known or as it misspells.
pub(crate) fn respelled(card: &Card) -> Option<Card> {
    let Card::Known { denomination, power } = card else { return None };
    let PowerSpec::Unrecognised(name) = power else { return None };
    let meant = |w: &str| Power::from_name(w).or_else(|| misspelt_name(w));
    let power = match name.as_str().split_once('&') {
        Some((a, b)) => PowerSpec::Compound(meant(a.trim())?, meant(b.trim())?),
        None => PowerSpec::Single(misspelt(power)?),
    };
    Some(Card::Known { denomination: *denomination, power })
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
