//! A card played: against the chain (a Clone, a Replicate, a 1 after a break), the hand that
//! gave it and a power frozen, and what it scores (Score, Qapla').

use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::replay::Referee;
use crate::engine::rules::{self, Verdict, Way};
use crate::engine::state::Status;
use crate::engine::zone::compatible;
use crate::model::log::{CardAt, Choice, ChoiceKind};
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec, Span};
use crate::powers;

use super::{Progress, card_listing, could_take, misspelt, miswritten_word, renumbered, respelled, scores};

impl<'a> Referee<'a> {
    /// The denomination the chain calls for now.
    pub(super) fn called_for(&self) -> Option<Denomination> {
        if self.state.fog.next_play {
            return None;
        }
        Some(self.state.chain.last.map_or(Denomination::One, Denomination::next))
    }

    /// The numbers a card played next may have: the one the chain calls for, and a 1 where the
    /// chain is broken ([`rules::next_number`]).
    pub(super) fn numbers_allowed(&self) -> impl Iterator<Item = Denomination> {
        let called = self.called_for();
        let restart = called.filter(|&d| self.state.chain.broken && d != Denomination::One).map(|_| Denomination::One);
        called.into_iter().chain(restart)
    }

    /// Reports a card the log has `p` give from hand that the hand cannot hold, at `at`.
    ///
    /// Returns the card to read: the one written, or, where exactly one card of the same power and
    /// another number may be in the hand, that card, its number taken to be miswritten (ruling R4),
    /// so that the cards and the scores go on from the card the table moved.
    pub(super) fn check_held(&mut self, p: PlayerId, card: &Card, at: Span, what: &str) -> Card {
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
    pub(in crate::engine) fn report_not_held(
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
                let word = miswritten_word(card, &read);
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

    pub(super) fn play(
        &mut self,
        player: PlayerId,
        card: &CardAt,
        used: Option<&[Choice]>,
        span: Span,
        progress: &mut Progress,
    ) {
        let mut c = &card.card;
        // The card read in place of a miswritten one (below), of one that is not the drawn one, or
        // of one misspelling the card a power allows.
        let (read_as, drawn_read, allowed_read);
        let mut way = Way::InSequence;
        // Whether the hand could hold the card, once asked: nothing below changes the hand
        // before the card is played.
        let mut could_hold = None;
        if !progress.fogged {
            let mut allowance = progress.allowed.iter().position(|a| compatible(c, a));
            let mut second = progress.played && allowance.is_none();
            // A power's name misspelt in the card a power allows (`use 1 Poison; 1 Poiso`): the
            // play is reported, and read as that card (ruling R4).
            let meant =
                if second { respelled(c).filter(|m| progress.allowed.iter().any(|a| compatible(m, a))) } else { None };
            if let Some(m) = meant {
                self.report(
                    Diagnostic::new(Code::SecondPlay, card.span, format!("{c} is a second card in one turn"))
                        .label(format!("read as {m}"))
                        .help(format!(
                            "a power allows {m} here, and the power's name seems misspelt: the card is read as it"
                        )),
                );
                allowed_read = m;
                c = &allowed_read;
                allowance = progress.allowed.iter().position(|a| compatible(c, a));
                second = false;
            } else if second {
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
                    // The drawn card follows the chain, and the hand cannot hold the one written, or
                    // its power's name misspells the drawn card's: the play's card was miswritten
                    // (ruling R4), and is read as the drawn one.
                    let follows = |m: &Card| {
                        rules::play_verdict(&self.state.chain, self.previous_activations(), m) != Verdict::Illegal
                    };
                    let known = matches!(drawn, Card::Known { .. }) && matches!(c, Card::Known { .. });
                    let misspelt = respelled(c).is_some_and(|m| compatible(&m, &drawn));
                    let held = self.state.player(player).hand.could_hold(c);
                    if known && follows(&drawn) && (misspelt || !held) {
                        let why = if misspelt {
                            format!("the power's name of {c} seems misspelt")
                        } else {
                            format!("the hand cannot hold {c}")
                        };
                        d = d.label(format!("read as the drawn {drawn}")).help(format!(
                            "after drawing, only the drawn card may be played; {drawn} follows the chain and \
                             {why}: the card is read as the drawn one"
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

    /// Who holds a Score on this turn of `player` (not one aimed at the turn that made it).
    pub(super) fn awaiting_on(&self, player: PlayerId, progress: &Progress) -> Vec<PlayerId> {
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
    pub(in crate::engine) fn pot_on_play(&mut self, player: PlayerId, card: &Card, progress: &mut Progress) {
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
    pub(super) fn replay(
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
        // A power's name misspelt, or the card's number miswritten: the card the pile holds that
        // the name misspells, or failing one, the card of the number the chain calls for with the
        // power written, where the pile holds it (ruling R4).
        let held = |m: &Card| pile.iter().any(|p| compatible(m, p));
        let due = |c: &Card| match *c {
            Card::Known { denomination, power } if denomination != expected => {
                Some(Card::Known { denomination: expected, power })
            }
            _ => None,
        };
        let respelt = if in_pile { None } else { respelled(c).filter(held) };
        let meant = if in_pile { None } else { respelt.or_else(|| due(c).filter(held)) };
        if !in_pile {
            let name = self.name(player).to_string();
            let d = Diagnostic::new(Code::BadReplay, card.span, format!("{c} is not in {name}'s play pile"));
            let why = match respelt {
                Some(_) => ": the power's name seems miswritten",
                None => ", of the number the chain calls for: the number seems miswritten",
            };
            self.report(match meant {
                Some(m) => d
                    .label(format!("read as {m}"))
                    .help(format!("{name}'s play pile holds a {m}{why}, and the card is read as it")),
                None => d.label("not in the pile").help("Replay plays again a card from its player's own play pile"),
            });
        }
        let c = meant.as_ref().unwrap_or(c);
        if in_pile && c.denomination().is_some_and(|d| d != expected) {
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
}
