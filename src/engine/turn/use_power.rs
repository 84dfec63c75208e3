//! A power used: its choices against what the card's powers take, what it makes happen, a
//! Sabotage's borrowed power, and what a power the referee cannot follow may have done.

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::replay::Referee;
use crate::model::log::{Choice, ChoiceKind};
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec, Span};
use crate::powers;

use super::{ON_EVERYONE, ON_EVERYONES_PILE, PowerCx, Progress, choice_kind, could_take, power_name};

impl<'a> Referee<'a> {
    /// Sabotage: the player uses the power of the card it discarded, as if it were theirs (TCC
    /// 2.1, Tribble Powers: SABOTAGE). A passive power cannot be activated.
    pub(super) fn activate(&mut self, player: PlayerId, choices: &[Choice], span: Span, progress: &mut Progress) {
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
    pub(super) fn use_borrowed(
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

    /// How many powers the player of the previous turn activated in it (with the turns Go gave),
    /// for Dabo; any number just after a position block, which does not show the turn before it
    /// (ruling R12).
    pub(super) fn previous_activations(&self) -> u32 {
        if self.previous_turn_unseen {
            return u32::MAX;
        }
        self.previous_turn.map_or(0, |(_, n)| n)
    }

    pub(super) fn use_power(
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
            && self.state.trouble.as_deref().is_some_and(crate::engine::trouble::forbids_poison)
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
    pub(super) fn may_have_decked(&mut self, player: PlayerId, power: &PowerSpec, choices: &[Choice]) {
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
    pub(super) fn may_have_scored_on(&mut self, player: PlayerId, choices: &[Choice], progress: &mut Progress) {
        for c in choices {
            if let ChoiceKind::Player(t) = c.kind {
                progress.maybe_awaits_self |= t == player;
                if !self.maybe_awaiting.contains(&(player, t)) {
                    self.maybe_awaiting.push((player, t));
                }
            }
        }
    }

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
