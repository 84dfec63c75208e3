//! The end of a round and the score sheet: hands discarded, each player's points worked out with
//! their breakdown (`RoundReport`), and the table's `points:`, `totals:` and `winner:` lines
//! checked, a slip of the sheet followed as the sheet has it (ruling R4).

use super::{Referee, RoundReport, ScoreRow};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::state::Status;
use crate::model::log::{PlayerPoints, Ruleset, Zone};
use crate::model::{Card, Denomination, PlayerId, Points, Power, Span};
use crate::powers;

impl<'a> Referee<'a> {
    /// Reports why the round's scores cannot be checked, and takes every player's from the sheet.
    fn scores_from_the_sheet(&mut self, d: Diagnostic) {
        self.report(d);
        for q in self.state.seating.clone() {
            self.emit(Event::ScoreUnverified(q));
        }
    }

    /// Ends the round in progress: hands discarded, scoring, piles into decks.
    pub(super) fn close_round(&mut self, span: Span, for_new_round: bool) {
        self.flush_pending();
        if !self.state.in_round {
            return;
        }
        // Which of two players was decked at the deal was never settled: neither is taken to
        // have been, so that neither sits the next round out on a guess.
        for d in std::mem::take(&mut self.inferred_decked) {
            if d.instead.is_some() {
                self.withdraw_decked(&d, false);
            }
        }
        let nobody_known_out = self.last_standing_after_deal(span, None);
        let unverified_hands = self.state.players.iter().any(|p| p.hand.unbounded);
        // Who went out cannot be told: a player the referee holds in may have gone out.
        let outs_unknown = self.outs_uncertain
            || self.went_out.is_empty() && (unverified_hands || self.state.fog.turn_order || nobody_known_out);
        if self.outs_uncertain {
            self.scores_from_the_sheet(
                Diagnostic::new(
                    Code::ScoringUnverified,
                    span,
                    format!("round {} ends; who else went out cannot be verified", self.state.round),
                )
                .label("a hand the referee cannot count may have been empty: the sheet is followed"),
            );
        }
        // A power that decks the last players at once (Masaka) ends the round with nobody out.
        let all_decked = self.state.players.iter().all(|p| matches!(p.status, Status::Decked | Status::SittingOut));
        if self.went_out.is_empty() && !all_decked {
            if outs_unknown {
                self.scores_from_the_sheet(
                    Diagnostic::new(
                        Code::ScoringUnverified,
                        span,
                        format!("round {} ends; who went out cannot be verified", self.state.round),
                    )
                    .label("the sheet is followed"),
                );
            } else {
                let what = if for_new_round { "a new round starts" } else { "the round is scored" };
                self.unwon_stampede = self.stampede_unplayed();
                self.unwon_draw = self.draw_unplayed();
                // One mistake, one diagnostic: the round's scores are the sheet's from here.
                self.scores_from_the_sheet(
                    Diagnostic::new(
                        Code::RoundWithoutGoOut,
                        span,
                        format!("{what} although nobody went out in round {}", self.state.round),
                    )
                    .label("nobody has gone out")
                    .help(self.hand_sizes()),
                );
            }
        }
        let round = self.state.round;
        self.emit(Event::RoundEnds(round));
        // The trouble shifts at every round's end; the next round's `trouble:` line names it.
        if self.state.troubles {
            self.emit(Event::TroubleHidden);
        }
        // Who may have gone out: one taken to, and while who went out is not known, one whose hand
        // may have been empty, or anyone still in when nobody is known to have gone out (the last
        // one in goes out with the whole hand, ruling R33). A hand known to hold a card at the end
        // did not go out when another player did.
        let may_have_gone_out: Vec<PlayerId> = self
            .state
            .seating
            .iter()
            .copied()
            .filter(|q| {
                let pl = self.state.player(*q);
                pl.status == Status::Out || outs_unknown && (self.went_out.is_empty() || pl.hand.min_len() == 0)
            })
            .collect();
        let safeties = std::mem::take(&mut self.safeties);
        for q in self.state.seating.clone() {
            let pl = self.state.player(q);
            if pl.hand.min_len() > 0 || pl.hand.unbounded {
                if safeties.contains(&q) {
                    self.emit(Event::Shuffles { player: q, from: Zone::Hand });
                } else if outs_unknown && (self.went_out.is_empty() || self.last_one_a_reading) && pl.is_in() {
                    // Who went out is not known, nor who was decked: any player still in may have
                    // been the last one in, gone out with the whole hand (ruling R33), also when the
                    // one taken to have gone out so is a reading (an unseen draw may have decked
                    // either, R34).
                    self.emit(Event::MayGoOut(q));
                } else {
                    // A player an unseen draw may have decked (ruling R34) may never have drawn
                    // that card: the hand's unknown cards are not counted into the discard pile
                    // (counted, a Recycle later gave the deck one card too many, and a draw that
                    // decked the player was not read so: long redaction 896078/2).
                    // A Safety may have saved the hand, its line left out.
                    if pl.pile_unknown || pl.pile.iter().any(|c| c.may_have(&[powers::safety::POWER])) {
                        self.unsaved.retain(|&(p, _)| p != q);
                        self.unsaved.push((q, self.line));
                    }
                    if self.drew_unseen.contains(&q) && self.state.player(q).hand.unknown > 0 {
                        self.emit(Event::HandUnknown(q));
                    }
                    self.emit(Event::DiscardsHand(q));
                }
            }
        }
        let bij = self.bij_points();
        self.reseat_allowed = self.may_reseat();
        let mut rows = Vec::new();
        for q in self.state.seating.clone() {
            let pl = self.state.player(q);
            let went_out = pl.status == Status::Out;
            let decked = pl.status == Status::Decked;
            let during = pl.round_points.0;
            let scoring_hook = pl.pile.iter().any(|c| match c.power() {
                Some(spec) => {
                    powers::any(spec, |p| p.scores_at_round_end && p.status == powers::Status::Pending).unwrap_or(true)
                }
                None => true,
            });
            let pile_total: Option<u64> = if pl.pile_unknown {
                None
            } else {
                pl.pile.iter().map(|c| c.denomination().map(Denomination::value)).sum::<Option<u64>>()
            };
            let pile = pile_total.map(|t| (pl.pile.len(), t));
            let counts = self.state.ruleset == Ruleset::Tcc21 || self.went_out.first() == Some(&q);
            let mut verified = !self.state.fog.scores;
            // Bonus: a player not decked with the four Bonus cards scores 100,000; under TCC 2.1
            // only a player who went out (ruling R15), under Decipher 2000 anyone not decked.
            let bonus_counts = !decked
                && match self.state.ruleset {
                    Ruleset::Tcc21 => went_out,
                    Ruleset::Decipher2000 => true,
                };
            // A player an unnamed draw may have decked (R34) may score nothing for it either.
            let maybe_decked = self.drew_unseen.contains(&q);
            let bonus = match bonus_counts {
                false => Some(0),
                // An unseen pile may hold the four Bonus cards.
                true if pl.pile_unknown => None,
                true => match powers::bonus_points(&pl.pile) {
                    Some(b) if b > 0 && maybe_decked => None,
                    b => b,
                },
            };
            // IDIC and Quadruple reward the player who goes out (TCC 2.1, Tribble Powers).
            let scores_pile = went_out && counts && !pl.pile_unknown;
            let idic = if scores_pile { powers::idic::points(&pl.pile) } else { Some(0) };
            let quadruple = if scores_pile { powers::quadruple::extra(&pl.pile) } else { Some(0) };
            if went_out && counts {
                match (pile_total, idic, quadruple) {
                    (Some(t), Some(i), Some(x)) if !scoring_hook && bonus.is_some() => {
                        if t + x > 0 {
                            self.emit(Event::Scores { player: q, points: Points(t + x) });
                        }
                        if i > 0 {
                            self.emit(Event::Scores { player: q, points: Points(i) });
                        }
                    }
                    _ => {
                        verified = false;
                        self.emit(Event::ScoreUnverified(q));
                    }
                }
            }
            match bonus {
                Some(b) if b > 0 => self.emit(Event::Scores { player: q, points: Points(b) }),
                Some(_) => {}
                None if !(went_out && counts) => {
                    verified = false;
                    self.emit(Event::ScoreUnverified(q));
                }
                None => {}
            }
            let bij_points = match bij[q.index()] {
                _ if decked => Some(0),
                Some(b) if b > 0 && maybe_decked => None,
                b => b,
            };
            match bij_points {
                Some(b) if b > 0 => self.emit(Event::Scores { player: q, points: Points(b) }),
                Some(_) => {}
                None => {
                    verified = false;
                    self.emit(Event::ScoreUnverified(q));
                }
            }
            let pl = self.state.player(q);
            rows.push(ScoreRow {
                player: q,
                went_out: went_out && counts,
                decked,
                pile,
                bonus: bonus.unwrap_or(0),
                bij: bij_points.unwrap_or(0),
                idic: idic.unwrap_or(0),
                quadruple: quadruple.unwrap_or(0),
                during,
                points: verified.then_some(pl.round_points.0),
                total: (!self.state.fog.scores).then_some(pl.score.0),
                recorded_points: None,
                recorded_total: None,
            });
        }
        let round_end_power = |c: &Card| match c.power() {
            Some(spec) => {
                powers::any(spec, |p| p.acts_at_round_end && p.status == powers::Status::Pending).unwrap_or(true)
            }
            None => true,
        };
        let records_powers =
            self.powers_played || self.state.players.iter().any(|p| p.pile.iter().any(Card::power_recorded));
        let mut may_roll = Vec::new();
        for q in self.state.seating.clone() {
            let pl = self.state.player(q);
            // An unseen pile may hold a Time Warp or a power acting at the round's end: so may a
            // card whose power the log did not record, in a log that records powers (on some pile
            // now), or whose decklist names such a power.
            let listed = || match self.state.collections.get(q.index()) {
                Some(Some(list)) => list.cards.iter().any(|(c, _)| {
                    c.power().is_some_and(|s| s.is_known() && (s.has(Power::TimeWarp) || round_end_power(c)))
                }),
                _ => false,
            };
            // (One taken to have gone out may not have, when who went out is uncertain.)
            let maybe_in = pl.status != Status::Out || self.outs_uncertain;
            if (maybe_in || outs_unknown)
                && (pl.pile_unknown || pl.pile.iter().any(round_end_power) && (records_powers || listed()))
            {
                self.uncertain_deal.push(q);
            }
            // TIME WARP: one card fewer next round for each denomination of it in the pile of a
            // player who did not go out (cards whose power is unknown made the deal uncertain).
            if maybe_in && !pl.pile_unknown {
                let warps = powers::time_warp::fewer(&pl.pile);
                if warps > 0 && may_have_gone_out.contains(&q) {
                    self.uncertain_deal.push(q);
                } else if warps > 0 {
                    self.warped.push((q, warps));
                }
            }
            // ROLL: a player who did not go out, with it in the pile, may mulligan next round.
            if maybe_in && (pl.pile_unknown || pl.pile.iter().any(|c| c.may_have(&[Power::Roll]))) {
                may_roll.push(q);
            }
            self.emit(Event::Shuffles { player: q, from: Zone::Pile });
        }
        self.may_roll = Some(may_roll);
        // Only once every pile is gathered: other players' piles send cards home (ASSIMILATE, BJ).
        for q in self.state.seating.clone() {
            let pl = self.state.player(q);
            if self.state.ruleset == Ruleset::Tcc21
                && pl.status == Status::Decked
                && pl.deck.len().is_some_and(|n| n < 7)
            {
                self.sit_out_next.push(q);
            } else if self.state.ruleset == Ruleset::Tcc21
                // Decked, or maybe decked unseen: by a draw the log did not name from a deck that
                // may have been empty, or after a power that left the turn order to the table.
                && (pl.status == Status::Decked || self.state.fog.turn_order || self.drew_unseen.contains(&q))
                && pl.deck.len().is_none()
                && pl.deck.min_len() < 7
            {
                self.may_sit_out_next.push(q);
            }
        }
        let out: Vec<&ScoreRow> = rows.iter().filter(|r| r.went_out).collect();
        self.first_candidates = if out.iter().all(|r| r.points.is_some()) && !out.is_empty() {
            // After a position block in mid-round a count is the least the player may have
            // scored; the most adds what the block's score allows before it (ruling R12).
            let most = |r: &ScoreRow| r.points.unwrap_or(0).saturating_add(self.most_scored_before_block(r.player));
            let least = out.iter().map(|r| most(r)).min().unwrap_or(0);
            Some(out.iter().filter(|r| r.points.is_some_and(|p| p <= least)).map(|r| r.player).collect())
        } else {
            None
        };
        self.rounds.push(RoundReport { round, rows });
        if let Some(order) = self.reseat.take() {
            self.emit(Event::Reseated(order));
        }
    }

    /// Whether a player may demand a reseating at this round's end (BAH!): one who did not go out
    /// and whose pile may hold a BaH!. `None` when the turn order is not known.
    pub(super) fn may_reseat(&self) -> Option<bool> {
        if self.state.fog.turn_order {
            return None;
        }
        // A player taken to have gone out may not have, when who went out is the sheet's.
        Some(self.state.players.iter().any(|pl| {
            (pl.status != Status::Out || self.outs_uncertain)
                && (pl.pile_unknown || pl.pile.iter().any(|c| c.may_have(&[Power::Bah])))
        }))
    }

    /// What each player's BiJs score this round, `None` where it cannot be known: a player who
    /// goes out with another player's BiJ in the pile scores that player 50,000 (TCC 2.1, Tribble
    /// Powers: BJ). Under Decipher 2000 only the first player out counts as out.
    fn bij_points(&self) -> Vec<Option<u64>> {
        let st = &self.state;
        let mut points = vec![Some(0u64); st.players.len()];
        for q in st.seating.iter().copied() {
            let pl = st.player(q);
            let counts = st.ruleset == Ruleset::Tcc21 || self.went_out.first() == Some(&q);
            if pl.status != Status::Out || !counts {
                continue;
            }
            if pl.pile_unknown {
                // An unseen pile may hold anybody's BiJ.
                for (k, p) in points.iter_mut().enumerate() {
                    if k != q.index() {
                        *p = None;
                    }
                }
            }
            for (card, owner) in pl.pile.guests() {
                let slot = &mut points[owner.index()];
                if card.power().is_some_and(|p| p.has(Power::Bij)) {
                    *slot = slot.map(|n| n + powers::BIJ_POINTS.0);
                } else if card.may_have(&[Power::Bij]) {
                    *slot = None;
                }
            }
        }
        points
    }

    fn hand_sizes(&self) -> String {
        let sizes: Vec<String> = self
            .state
            .seating
            .iter()
            .filter(|q| self.state.player(**q).is_in())
            .map(|q| {
                let h = &self.state.player(*q).hand;
                format!(
                    "{} holds {}",
                    self.name(*q),
                    h.len().map_or("an unknown number of".to_string(), |n| n.to_string())
                )
            })
            .collect();
        sizes.join(", ")
    }

    fn current_report(&mut self) -> Option<&mut RoundReport> {
        self.rounds.last_mut()
    }

    pub(super) fn points_claim(&mut self, list: &[PlayerPoints], span: Span) {
        let names = &self.log.names;
        // The players whose figure was written in another's place, reported with that one.
        let mut swapped: Vec<PlayerId> = Vec::new();
        for claim in list {
            let Some(report) = self.current_report() else { return };
            let Some(row) = report.rows.iter_mut().find(|r| r.player == claim.player) else { continue };
            row.recorded_points = Some(claim.points.0);
            let row = row.clone();
            let at = if claim.span.is_empty() { span } else { claim.span };
            // Points a power may have scored unwritten (ruling R36): the sheet says whether it did.
            let round = self.state.round;
            let more = self.state.player(claim.player).may_add.filter(|(r, _)| *r == round).map(|(_, v)| v);
            if let (Some(v), Some(p)) = (more, row.points) {
                let with = p.saturating_add(v.0);
                if claim.points.0 == with && self.scored_before_block(claim.player, v.0) {
                    // The sheet's points more may as well have been scored before a position block
                    // in mid-round, which its score holds (ruling R12): the total may be the count
                    // or the count with them, and the open points stay open for the totals.
                    continue;
                }
                if claim.points.0 == with {
                    self.emit(Event::Scores { player: claim.player, points: v });
                    if let Some(row) =
                        self.current_report().and_then(|r| r.rows.iter_mut().find(|r| r.player == claim.player))
                    {
                        row.points = Some(with);
                        row.during = row.during.saturating_add(v.0);
                    }
                }
                if claim.points.0 == with || claim.points.0 == p {
                    self.emit(Event::MayScore { player: claim.player, points: crate::model::Points(0) });
                    continue;
                }
            }
            match row.points {
                // Points scored in the round before a position block given in mid-round are in
                // the block's scores already, but not counted here (ruling R12): the sheet may say
                // more, never less.
                Some(p) if claim.points.0 > p && self.scored_before_block(claim.player, claim.points.0 - p) => self
                    .report(
                        Diagnostic::new(
                            Code::ScoringUnverified,
                            at,
                            format!(
                                "{} scored {} this round after the position block; the sheet's {} is taken",
                                names.get(claim.player),
                                p,
                                claim.points
                            ),
                        )
                        .label(format!("{} taken as scored before the block", claim.points.0 - p))
                        .help(row.breakdown(names)),
                    ),
                // The rules' points, where score lines that gave others were followed (and
                // reported): the sheet did not carry those slips on, and its figure is followed.
                Some(p) if p != claim.points.0 && self.rules_points(claim.player, p) == Some(claim.points.0) => {
                    if more.is_none() && !self.state.fog.scores {
                        let total = self.sheet_total(claim.player, p, claim.points.0);
                        self.emit(Event::TotalIs { player: claim.player, points: Points(total) });
                    }
                }
                Some(p) if p != claim.points.0 => {
                    // Points a power may have scored unwritten leave the total open, and totals
                    // that cannot be verified are adopted whole: the totals line settles those
                    // (ruling R36).
                    let follow = more.is_none() && !self.state.fog.scores;
                    if swapped.contains(&claim.player) {
                        // Reported with the figure written in its place.
                    } else if let Some((other, other_at)) = self.swapped_with(list, claim, p).filter(|_| more.is_none())
                    {
                        swapped.push(other);
                        let (who, whose) = (names.get(claim.player), names.get(other));
                        self.report(
                            Diagnostic::new(
                                Code::PointsMismatch,
                                at,
                                format!("{who}'s and {whose}'s points this round are written the other way round"),
                            )
                            .label(format!("{whose}'s figure: {who} scored {p}"))
                            .related(if other_at.is_empty() { span } else { other_at }, format!("{who}'s figure"))
                            .help(format!(
                                "the two figures seem swapped on the sheet: each is read as the other player's{}",
                                if follow { ", and followed into the totals" } else { "" }
                            )),
                        );
                    } else {
                        let breakdown = row.breakdown(names);
                        self.report(
                            Diagnostic::new(
                                Code::PointsMismatch,
                                at,
                                format!("{} scored {p} this round, not {}", names.get(claim.player), claim.points),
                            )
                            .label(rules_make(p, more))
                            .help(match follow {
                                true => format!("{breakdown}; the sheet's figure is followed into the total"),
                                false => breakdown,
                            }),
                        );
                    }
                    if follow {
                        self.points_followed(claim.player, p, claim.points.0);
                    }
                }
                Some(_) => {}
                None => self.report(
                    Diagnostic::new(
                        Code::ScoringUnverified,
                        at,
                        format!("{}'s points this round cannot be verified", names.get(claim.player)),
                    )
                    .label("the sheet is followed")
                    .help(row.breakdown(names)),
                ),
            }
        }
    }

    /// The most points `p` may have scored this round before a position block given in
    /// mid-round, which the block's score holds (ruling R12): 0 without such a block, any number
    /// when the score is not given or a trouble's Lose action may have lowered it.
    fn most_scored_before_block(&self, p: PlayerId) -> u64 {
        match self.points_before_position {
            false => 0,
            true => self.points_before_at_most.get(p.index()).copied().flatten().unwrap_or(u64::MAX),
        }
    }

    /// Whether `extra` points more than the referee counts for `p` this round may have been
    /// scored before a position block given in mid-round.
    fn scored_before_block(&self, p: PlayerId, extra: u64) -> bool {
        extra > 0 && extra <= self.most_scored_before_block(p)
    }

    pub(super) fn totals_claim(&mut self, list: &[PlayerPoints], span: Span) {
        let names = &self.log.names;
        let fogged = self.state.fog.scores;
        // Players whose total was reported with another's, the two written the other way round.
        let mut swapped: Vec<PlayerId> = Vec::new();
        for claim in list {
            let computed = self.state.player(claim.player).score.0;
            // Points a power may have scored unwritten (ruling R36).
            let more = self.state.player(claim.player).may_add.map(|(_, v)| v);
            if let Some(report) = self.current_report() {
                if let Some(row) = report.rows.iter_mut().find(|r| r.player == claim.player) {
                    row.recorded_total = Some(claim.points.0);
                }
            }
            let at = if claim.span.is_empty() { span } else { claim.span };
            if fogged {
                if computed != claim.points.0 {
                    self.report(
                        Diagnostic::new(
                            Code::ScoringUnverified,
                            at,
                            format!(
                                "{}'s total cannot be verified; the sheet's {} is adopted",
                                names.get(claim.player),
                                claim.points
                            ),
                        )
                        .label("adopted"),
                    );
                }
            } else if computed != claim.points.0
                && more.is_none_or(|v| computed.saturating_add(v.0) != claim.points.0)
                && !self.slip_not_carried(claim.player, computed, claim.points.0)
            {
                let rounds: Vec<String> = self
                    .rounds
                    .iter()
                    .filter_map(|r| {
                        r.rows.iter().find(|row| row.player == claim.player).map(|row| (r.round, row.points))
                    })
                    .map(|(n, p)| format!("round {n}: {}", p.map_or("?".to_string(), |p| p.to_string())))
                    .collect();
                if swapped.contains(&claim.player) {
                    // Reported with the total written in its place.
                    continue;
                }
                let other = list.iter().find(|o| {
                    o.player != claim.player
                        && o.points.0 == computed
                        && self.state.player(o.player).score.0 == claim.points.0
                        && self.total_mismatch(o)
                });
                if let Some(other) = other {
                    // The sheet's totals are the rules', in each other's places: the rules' are
                    // kept, not the figures as written.
                    swapped.extend([claim.player, other.player]);
                    let (who, whose) = (names.get(claim.player), names.get(other.player));
                    let other_at = if other.span.is_empty() { span } else { other.span };
                    self.report(
                        Diagnostic::new(
                            Code::TotalsMismatch,
                            at,
                            format!("{who}'s and {whose}'s totals are written the other way round"),
                        )
                        .label(format!("{whose}'s total: {who}'s is {computed}"))
                        .related(other_at, format!("{who}'s total"))
                        .help("the two figures seem swapped on the sheet: each is read as the other player's"),
                    );
                    continue;
                }
                self.slip_followed(claim.player, computed, claim.points.0);
                self.report(
                    Diagnostic::new(
                        Code::TotalsMismatch,
                        at,
                        format!("{}'s total is {computed}, not {}", names.get(claim.player), claim.points),
                    )
                    .label(rules_make(computed, more))
                    .help(format!(
                        "{}: {}; the sheet's figure is followed from here",
                        names.get(claim.player),
                        rounds.join(", ")
                    )),
                );
            }
        }
        for claim in list.iter().filter(|c| !swapped.contains(&c.player)) {
            let pl = self.state.player(claim.player);
            if pl.score != claim.points || pl.may_add.is_some() || fogged {
                self.emit(Event::TotalIs { player: claim.player, points: claim.points });
            }
        }
        if fogged {
            // Every named total is now the sheet's; a player left out stays unverified.
            let all = self.state.seating.iter().all(|q| list.iter().any(|c| c.player == *q));
            if !all {
                for q in self.state.seating.clone() {
                    if !list.iter().any(|c| c.player == q) {
                        self.emit(Event::ScoreUnverified(q));
                    }
                }
            }
        }
    }

    /// Another player of the `points:` line `list` whose figure is the `made` points of `claim`'s
    /// player, and whose own the rules make `claim`'s figure: the two written the other way round.
    fn swapped_with(&self, list: &[PlayerPoints], claim: &PlayerPoints, made: u64) -> Option<(PlayerId, Span)> {
        let rows = &self.rounds.last()?.rows;
        list.iter().find_map(|other| {
            let theirs = rows.iter().find(|r| r.player == other.player)?.points?;
            let fits = other.player != claim.player
                && other.points.0 == made
                && theirs == claim.points.0
                && theirs != made
                && self.state.player(other.player).may_add.is_none();
            fits.then_some((other.player, other.span))
        })
    }

    /// A `points:` line gave `player` the points `claimed` for the round where the rules make
    /// them `made`: the sheet's figure is followed into the running total, as a sheet adds it on
    /// (ruling R4), and a later total that is the rules' is taken all the same.
    fn points_followed(&mut self, player: PlayerId, made: u64, claimed: u64) {
        let total = self.state.player(player).score.0;
        let sheet = self.sheet_total(player, made, claimed);
        self.slip_followed(player, total, sheet);
        self.emit(Event::TotalIs { player, points: Points(sheet) });
    }

    /// The total of `player` with the round's points the sheet's `claimed` where the referee
    /// counted `made`.
    fn sheet_total(&self, player: PlayerId, made: u64, claimed: u64) -> u64 {
        let total = self.state.player(player).score.0;
        // The points lost in the round are not among those it scored: the total may be below them.
        u64::try_from((i128::from(total) + i128::from(claimed) - i128::from(made)).max(0)).unwrap_or(u64::MAX)
    }

    /// The points `player` made this round by the rules (or holds, with the score as `made`),
    /// where the referee counted `made` following score lines that gave other figures; `None`
    /// without such a line.
    pub(in crate::engine) fn rules_points(&self, player: PlayerId, made: u64) -> Option<u64> {
        let slips = self.score_slips.iter().filter(|(q, _)| *q == player);
        let (n, slip) = slips.fold((0, 0i128), |(n, sum), (_, d)| (n + 1, sum + d));
        (n > 0).then(|| u64::try_from(i128::from(made) + slip).ok()).flatten()
    }

    /// Whether `claimed` is the rules' total for `player` where the sheet's `followed` one, given
    /// wrong by an earlier `totals:` line, is not: the slip was not carried on, and the sheet is
    /// right again (its figure is followed from here, as every total is).
    fn slip_not_carried(&mut self, player: PlayerId, followed: u64, claimed: u64) -> bool {
        let Some(i) = self.slip_undone(player, followed, claimed) else { return false };
        self.total_slips.swap_remove(i);
        true
    }

    /// The index in `total_slips` of `player`'s slip that `claimed` undoes ([`Self::slip_not_carried`]
    /// without taking it).
    fn slip_undone(&self, player: PlayerId, followed: u64, claimed: u64) -> Option<usize> {
        let i = self.total_slips.iter().position(|(q, _)| *q == player)?;
        (i128::from(followed) + self.total_slips[i].1 == i128::from(claimed)).then_some(i)
    }

    /// Whether the `totals:` entry `claim` is reported: the total differs from the referee's, with
    /// no points a power may have scored unwritten to make it up and no slip followed before that
    /// it undoes.
    fn total_mismatch(&self, claim: &PlayerPoints) -> bool {
        let pl = self.state.player(claim.player);
        let (computed, claimed) = (pl.score.0, claim.points.0);
        let more = pl.may_add.map(|(_, v)| v);
        computed != claimed
            && more.is_none_or(|v| computed.saturating_add(v.0) != claimed)
            && self.slip_undone(claim.player, computed, claimed).is_none()
    }

    /// The sheet gave `player` the total `claimed` where the referee held `held` (the rules'
    /// total, less the slips followed before): the rules' total now differs from the one followed
    /// by what it differed before and by this slip.
    fn slip_followed(&mut self, player: PlayerId, held: u64, claimed: u64) {
        let slip = i128::from(held) - i128::from(claimed);
        match self.total_slips.iter_mut().find(|(q, _)| *q == player) {
            Some((_, d)) => *d += slip,
            None => self.total_slips.push((player, slip)),
        }
    }

    /// The players with the highest total as the rules make the totals, where the sheet's given
    /// wrong are followed (`total_slips`), in seat number order.
    fn rules_winners(&self) -> Vec<PlayerId> {
        let own = |q: PlayerId| {
            let slip = self.total_slips.iter().find(|(p, _)| *p == q).map_or(0, |(_, d)| *d);
            i128::from(self.state.player(q).score.0) + slip
        };
        let best = self.state.seating.iter().map(|q| own(*q)).max().unwrap_or_default();
        let mut winners: Vec<PlayerId> = self.state.seating.iter().copied().filter(|q| own(*q) == best).collect();
        winners.sort();
        winners
    }

    pub(super) fn winner_claim(&mut self, list: &[PlayerId], span: Span) {
        if self.state.fog.scores || self.state.scores_open() {
            self.report(
                Diagnostic::new(Code::ScoringUnverified, span, "the winner cannot be verified")
                    .label("the sheet is followed"),
            );
            return;
        }
        let best = self.state.players.iter().map(|p| p.score).max().unwrap_or_default();
        let winners: Vec<PlayerId> =
            self.state.seating.iter().copied().filter(|q| self.state.player(*q).score == best).collect();
        let mut claimed = list.to_vec();
        claimed.sort();
        let mut expected = winners.clone();
        expected.sort();
        if claimed != expected && claimed != self.rules_winners() {
            let names = winners.iter().map(|q| self.name(*q).to_string()).collect::<Vec<_>>().join(", ");
            let standings = self
                .state
                .seating
                .iter()
                .map(|q| format!("{} {}", self.name(*q), self.state.player(*q).score))
                .collect::<Vec<_>>()
                .join(", ");
            self.report(
                Diagnostic::new(Code::WinnerMismatch, span, format!("the highest total is {best}: {names}"))
                    .label(format!("expected {names}"))
                    .help(format!("totals: {standings}")),
            );
        }
    }
}

/// The label of a scoring figure the sheet contradicts: what the rules make it, and what an
/// unwritten Poison may have added (ruling R36).
fn rules_make(n: u64, more: Option<Points>) -> String {
    match more {
        Some(v) => format!("the rules make it {n}, or {} after an unwritten Poison", n.saturating_add(v.0)),
        None => format!("the rules make it {n}"),
    }
}
