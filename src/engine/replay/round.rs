//! Rounds and their preambles: a `round` line opening a round, its `hand`, `mulligan`, `first:`
//! and scoring lines in place or out of it (ruling R4), the first player and the deal, and the
//! last player standing.

use crate::diagnostics::{Code, Diagnostic, plural};
use crate::engine::event::{Drawn, Event};
use crate::engine::state::Status;
use crate::model::log::{CardCount, CardCounts, Line, LineKind, Zone, total_count};
use crate::model::{Card, PlayerId, Power, Span};
use crate::powers;

use super::{Pending, Referee, ScoreRow, TruncateTotal};

impl<'a> Referee<'a> {
    /// Whether a `round` line has been read and the round has not started, nor can it end at its
    /// deal: a round whose deal may deck every player but one (decks that may hold fewer than a
    /// hand, ruling R2) ends with no turn, and its score lines then follow its preamble.
    pub(super) fn in_preamble(&self) -> bool {
        if self.pending.is_none() {
            return false;
        }
        let may_miss_the_round = |q: &PlayerId| {
            let pl = self.state.player(*q);
            pl.status == Status::SittingOut || self.may_sit_out.contains(q) || pl.deck.len().is_none_or(|n| n < 7)
        };
        let missing = self.state.seating.iter().filter(|q| may_miss_the_round(q)).count();
        missing + 1 < self.state.seating.len()
    }

    /// The round whose `round` line was read last and has not started.
    pub(super) fn pending_round(&self) -> u32 {
        self.pending.as_ref().map_or(self.state.round, |p| p.round)
    }

    /// Ends the round in progress and begins round `n`, its `round` line at line `i`: its
    /// preamble follows, and its first turn starts it.
    pub(super) fn open_round(&mut self, n: u32, i: usize) {
        let span = self.log.lines[i].span;
        self.close_round(span, true);
        self.flush_pending();
        self.pending = Some(Pending {
            round: n,
            line: i,
            span,
            first: None,
            hands: Vec::with_capacity(self.log.names.len()),
            hands_again: Vec::new(),
            mulligans: Vec::new(),
            trouble: None,
            trouble_at: Span::default(),
            score_below: false,
        });
    }

    /// Whether the scoring `line`, in the preamble of the round about to start, is the last
    /// round's score written below the `round` line: nothing of the preamble precedes it, and the
    /// last round has no such line of the sheet yet (a sheet carrying its totals to the top of a
    /// round has). Reported once, at the `round` line; the line is then read as the last round's.
    pub(super) fn score_below_round_line(&mut self, line: &Line) -> bool {
        let points = matches!(line.kind, LineKind::Points(_));
        let Some(p) = self.pending.as_ref() else { return false };
        let empty = p.is_empty();
        let (round, at, reported) = (self.state.round, p.span, p.score_below);
        let Some(report) = self.rounds.last() else { return false };
        let written = |r: &ScoreRow| if points { r.recorded_points.is_some() } else { r.recorded_total.is_some() };
        if !empty || round == 0 || report.round != round || report.rows.iter().any(written) {
            return false;
        }
        if !reported {
            let n = round + 1;
            self.report(
                Diagnostic::new(
                    Code::MisplacedLine,
                    at,
                    format!("round {n}'s `round` line is above round {round}'s score"),
                )
                .label(format!("above round {round}'s scoring lines"))
                .related(line.span, format!("round {round}'s score"))
                .help(format!(
                    "a round's `points:` and `totals:` lines come before the next `round` line: move `round {n}` \
                         below them; they are read as round {round}'s"
                )),
            );
        }
        if let Some(p) = self.pending.as_mut() {
            p.score_below = true;
        }
        true
    }

    /// Line `i` belongs to a round (its preamble or a turn), and no round is in progress or begun,
    /// though the game has rounds left: the next round's `round` line was left out. It is reported
    /// once there, and the round begun as if it had been written (ruling R4).
    #[cold]
    pub(super) fn round_line_left_out(&mut self, i: usize) {
        let n = self.state.round + 1;
        if self.state.round == 0 || n > self.rounds_read() {
            return;
        }
        let lines = &self.log.lines;
        let line = &lines[i];
        // Preamble lines (with comments and `expect` lines), then the round's `round` line: it is
        // written below them, not left out.
        let preamble = |l: &Line| {
            matches!(
                l.kind,
                LineKind::First(_)
                    | LineKind::Hand { .. }
                    | LineKind::Mulligan(_)
                    | LineKind::Trouble(_)
                    | LineKind::Comment { .. }
                    | LineKind::Expect(_)
            )
        };
        let below = lines[i..].iter().position(|l| !preamble(l)).map(|k| i + k);
        let below = below.filter(|&j| j > i && lines[j].kind == LineKind::Round(n));
        let d = match below {
            Some(j) => {
                Diagnostic::new(Code::MisplacedLine, line.span, format!("round {n}'s `round` line is below this one"))
                    .label(format!("above `round {n}`"))
                    .related(lines[j].span, "the round's `round` line")
                    .help(format!(
                        "a round's lines follow its `round` line: move `round {n}` above this line; the lines between \
                     are read as round {n}'s"
                    ))
            }
            None => Diagnostic::new(Code::MisplacedLine, line.span, format!("round {n} has no `round` line"))
                .label(format!("read as the start of round {n}"))
                .help(format!(
                    "a round's lines follow its `round` line: write `round {n}` above this line; the lines are \
                     read as round {n}'s"
                )),
        };
        self.report(d);
        self.round_line_below = below;
        self.open_round(n, i);
    }

    /// Where line `i` is a round's scoring line (`points:` or `totals:`) in a round nobody is known
    /// to have gone out of, and the lines from it are scoring lines and then the round's turns up
    /// to the next `round` line, a `winner:` line or the log's end (with the round's other scoring
    /// lines, if any, below them): the first turn below the scoring lines. The round's last turns
    /// are written below its score.
    pub(super) fn scoring_above_turns(&self, i: usize) -> Option<usize> {
        let in_play = self.state.players.iter().filter(|p| p.is_in()).count();
        if self.pending.is_some() || !self.state.in_round || !self.went_out.is_empty() || in_play < 2 {
            return None;
        }
        if self.scoring_below.is_some() || self.scoring_moved == Some(i) {
            return None;
        }
        // Where a hand the referee cannot count may have emptied, the round may have ended here:
        // the lines below are then taken as its turns only where more of its scoring lines follow.
        let outs_unknown =
            self.outs_uncertain || self.state.fog.turn_order || self.state.players.iter().any(|p| p.hand.unbounded);
        let lines = &self.log.lines;
        let scoring = |l: &Line| matches!(l.kind, LineKind::Points(_) | LineKind::Totals(_) | LineKind::Comment { .. });
        let to = lines[i..].iter().position(|l| !scoring(l)).map(|k| i + k)?;
        if !matches!(lines[to].kind, LineKind::Turn(_)) {
            return None;
        }
        let turns = |l: &Line| matches!(l.kind, LineKind::Turn(_) | LineKind::Resolution(_) | LineKind::Comment { .. });
        let after = lines[to..].iter().position(|l| !turns(l)).map_or(lines.len(), |k| to + k);
        // The rest of the round's scoring lines may stand below the turns.
        let scored = lines[after..].iter().position(|l| !scoring(l)).map_or(lines.len(), |k| after + k);
        let ends = lines.get(scored).is_none_or(|l| matches!(l.kind, LineKind::Round(_) | LineKind::Winner(_)));
        (ends && (scored > after || !outs_unknown)).then_some(to)
    }

    /// Reports the round's scoring lines `i..to` written above its turns from line `to` on, and
    /// keeps them to be read after those turns; returns the line to read next.
    #[cold]
    pub(super) fn read_scoring_below(&mut self, i: usize, to: usize) -> usize {
        let lines = &self.log.lines;
        let n = self.state.round;
        self.report(
            Diagnostic::new(
                Code::MisplacedLine,
                lines[i].span,
                format!("round {n}'s score is written above its last turns"),
            )
            .label("nobody has gone out yet")
            .related(lines[to].span, "the round goes on here")
            .help(format!(
                "a round's `points:` and `totals:` lines follow its last turn: move them below the turns; they are \
                     read after them, where round {n} ends"
            )),
        );
        self.scoring_below = Some((i, to));
        self.scoring_moved = Some(i);
        to
    }

    /// Reads the scoring lines kept to be read after the round's last turns.
    pub(super) fn read_scoring_now(&mut self) {
        if let Some((from, to)) = self.scoring_below.take() {
            let line = self.line;
            self.read_lines(from, to);
            self.line = line;
        }
    }

    /// The game's rounds: the header's, or the log's own where it played on past them.
    pub(super) fn rounds_read(&self) -> u32 {
        self.rounds_played_on.unwrap_or(self.state.rounds)
    }

    /// A player's hand given twice in a round's preamble, differently, where another player's is
    /// not given: a `hand` line naming the wrong player (ruling R4). Where exactly one of the two
    /// lines fits the other player's decklist, the other line fitting the named player's, and not
    /// the two the other way round, that line is read as the other player's hand, and its report
    /// (made at the second line) is moved to it. Needs both decklists; otherwise the first line
    /// holds, as written.
    fn hand_lines_misnamed(&mut self, p: &mut Pending<'a>) {
        use crate::engine::state::each;
        use crate::engine::zone::Counts;
        for (q, again, again_span, report) in std::mem::take(&mut p.hands_again) {
            let Some(k) = p.hands.iter().position(|h| h.0 == q) else { continue };
            let (_, first, first_span) = p.hands[k];
            let fits = |r: &Self, who: PlayerId, cards: &CardCounts| match r.state.collections.get(who.index()) {
                Some(Some(list)) => list.holds_all(&Counts::of(each(cards))),
                _ => false,
            };
            let unnamed = self.log.names.ids().filter(|&o| o != q && !p.hands.iter().any(|h| h.0 == o));
            let mut read = unnamed.filter_map(|o| {
                let first_is = fits(self, o, first) && fits(self, q, again);
                let again_is = fits(self, o, again) && fits(self, q, first);
                (first_is != again_is).then_some((o, first_is))
            });
            let (Some((o, first_is)), None) = (read.next(), read.next()) else { continue };
            let span = if first_is { first_span } else { again_span };
            if first_is {
                p.hands[k] = (o, first, first_span);
                p.hands.push((q, again, again_span));
            } else {
                p.hands.push((o, again, again_span));
            }
            let (who, was) = (self.name(o).to_string(), self.name(q).to_string());
            if let Some(d) = self.diags.get_mut(report) {
                d.span = span;
                d.message = format!("this hand seems to be {who}'s, not {was}'s");
                d.label = Some(format!("{who}'s cards, by the decklists"));
                d.help = Some(format!(
                    "{was}'s hand is given twice this round, differently, and {who}'s not at all; this line's cards \
                     fit {who}'s decklist and the other's {was}'s, and it is read as `hand {who}:`: the line seems to \
                     name the wrong player"
                ));
                d.related.clear();
            }
        }
    }

    /// Starts the round whose preamble has been read.
    pub(in crate::engine) fn flush_pending(&mut self) {
        if !self.speculating && self.pending.as_ref().is_some_and(|p| p.first.is_some()) {
            self.first_line_slip();
        }
        let Some(mut p) = self.pending.take() else { return };
        self.hand_lines_misnamed(&mut p);
        self.hands_unswapped = p.hands.len() >= 2;
        // The state before the first round, for `Replay::state_after`; `diagnostics` keeps none.
        if self.initial.is_none() && self.keep_events {
            self.initial = Some(self.state.clone());
        }
        let expected_round = self.state.round + 1;
        let written = self.round_written.take();
        // The log may number on from the figure it wrote last: it left a round out, or wrote that
        // one's number wrong the way it goes on. Reported there; the figures are followed beside
        // the count from then on.
        let numbered_on = written.is_some_and(|w| p.round == w + 1);
        if p.round != expected_round && numbered_on {
            self.round_written = Some(p.round);
            p.round = expected_round;
        }
        if p.round != expected_round {
            let after = written.map_or(String::new(), |w| format!(" (written round {w})"));
            let message = match self.state.round {
                0 => format!("the first round is numbered {}", p.round),
                n => format!("round {} follows round {n}{after}", p.round),
            };
            self.report(
                Diagnostic::new(Code::WrongRoundNumber, p.span, message)
                    .label(format!("expected round {expected_round}"))
                    .help(format!(
                        "read as round {expected_round}, the rounds counted as played; the next `round` line may say \
                     round {} or round {}",
                        expected_round + 1,
                        p.round + 1
                    )),
            );
            self.round_written = Some(p.round);
            p.round = expected_round;
        } else if p.round > self.rounds_read() {
            // The log plays on: reported once, and read on to its last round (ruling R4), as a
            // header that left out `rounds:` or gave it wrong would have the table do.
            let more = self.log.lines[p.line..].iter().filter(|l| matches!(l.kind, LineKind::Round(_))).count();
            let last = p.round + u32::try_from(more).unwrap_or(u32::MAX).saturating_sub(1);
            let header = match self.log.lines.iter().any(|l| matches!(l.kind, LineKind::Rounds(_))) {
                true => "give another figure",
                false => "leave out `rounds:`",
            };
            self.report(
                Diagnostic::new(
                    Code::WrongRoundNumber,
                    p.span,
                    format!("the game has {} round{}", self.state.rounds, plural(self.state.rounds)),
                )
                .label("one round too many")
                .help(format!(
                    "a game has five rounds unless the header says `rounds: N`; the log plays on to round {last}, \
                     read as its last: the header seems to {header}"
                )),
            );
            self.rounds_played_on = Some(last);
        }
        let first = self.choose_first(&p);
        let at = std::mem::replace(&mut self.line, p.line);
        self.went_out.clear();
        self.out_on_count.clear();
        self.reseat_unwritten = self.reseat_allowed == Some(true) && !self.reseated && self.reseat.is_none();
        self.reseated = false;
        self.displaced = None;
        self.resume_after = None;
        self.reversal = None;
        self.reversal_armed = false;
        self.passed_turns.clear();
        self.misread_hands.clear();
        self.score_slips.clear();
        self.out_of_order = 0;
        self.table_order = false;
        self.last_turn_line = None;
        self.last_skipped = None;
        self.previous_turn = None;
        self.previous_turn_unseen = false;
        self.go_chain = false;
        self.took_turn.clear();
        self.took_part.clear();
        self.inferred_decked.clear();
        self.drew_unseen.clear();
        self.drew_unseen_fogged.clear();
        self.may_sit_out = std::mem::take(&mut self.may_sit_out_next);
        self.maybe_awaiting.clear();
        self.skip_reading = None;
        self.missed_go_out = false;
        self.outs_uncertain = false;
        self.last_one_a_reading = false;
        self.noted_turn_order = false;
        self.turn_in_round = 0;
        self.chain_span = None;
        self.emit(Event::RoundStarts { round: p.round, first });
        if let Some(t) = &p.trouble {
            self.trouble_doubtful = false;
            self.emit(Event::TroubleShifts(t.clone()));
        }
        for q in std::mem::take(&mut self.sit_out_next) {
            self.emit(Event::SitsOut(q));
        }
        self.deal(&p);
        // Round 1 follows no round: nobody may mulligan.
        let may_roll = if p.round == 1 { Some(Vec::new()) } else { self.may_roll.take() };
        let mut rolled: Vec<PlayerId> = Vec::new();
        for (q, span) in &p.mulligans {
            let name = self.name(*q).to_string();
            if self.state.player(*q).status == Status::SittingOut {
                self.report(
                    Diagnostic::new(Code::NotInPile, *span, format!("{name} sits this round out: no hand to mulligan"))
                        .label("dealt no hand")
                        .help("a player sitting the round out is dealt nothing, so a Roll has nothing to act on"),
                );
                continue;
            } else if rolled.contains(q) {
                self.report(
                    Diagnostic::new(Code::NotInPile, *span, format!("{name} already took a mulligan this round"))
                        .label("one mulligan per round")
                        .help("however many Rolls the pile held, a player mulligans at most once"),
                );
            } else if may_roll.as_ref().is_some_and(|m| !m.contains(q)) {
                self.report(
                    Diagnostic::new(Code::NotInPile, *span, format!("{name} has no Roll to mulligan with"))
                        .label("no Roll in the pile at the last round's end, or went out")
                        .help("Roll lets a player who did not go out, with it in the pile, mulligan once"),
                );
            }
            rolled.push(*q);
            // A player with a hand to mulligan was dealt in: neither decked at the deal nor
            // sitting the round out (ruling R2).
            self.maybe_short.retain(|x| x != q);
            self.may_sit_out.retain(|x| x != q);
            let n = self.state.player(*q).hand.min_len();
            self.emit(Event::Shuffles { player: *q, from: Zone::Hand });
            self.emit(Event::Draws { player: *q, drawn: Drawn::Count(n) });
        }
        self.unrolled = may_roll.unwrap_or_default();
        self.unrolled.retain(|q| !rolled.contains(q) && self.state.player(*q).status != Status::SittingOut);
        // A first player decked at the deal passes the first turn on.
        if !self.state.player(first).is_in() {
            if let Some(next) = self.state.next_in_turn(first) {
                self.emit(Event::IsNext(next));
            }
        }
        self.last_player_standing();
        self.turns.push((p.round, 0, self.events.len()));
        self.line = at;
    }

    /// The round about to start names its first player (`first:`), and its first turn is another
    /// player's whom the rules allow to start. When starting from that turn's player leaves
    /// nothing else to report over the next three turns, and no more reports by the log's end
    /// than starting from the one named, the `first:` line was miswritten (ruling R4): the round
    /// starts from the turn's player, and the slip is reported once.
    #[cold]
    fn first_line_slip(&mut self) {
        let lines = &self.log.lines;
        // The round's first turn line, from the line being read on (the turn, or an `expect` line
        // before it).
        let turn = lines.get(self.line..).unwrap_or_default().iter().enumerate().find_map(|(k, l)| match &l.kind {
            LineKind::Turn(turn) => Some(Some(turn)),
            LineKind::Round(_) | LineKind::PositionStart | LineKind::Points(_) | LineKind::Totals(_) if k > 0 => {
                Some(None)
            }
            _ => None,
        });
        let Some(Some(turn)) = turn else { return };
        let Some(Pending { first: Some((named, span)), .. }) = self.pending.as_ref() else { return };
        let (named, span, played) = (*named, *span, turn.player);
        let allowed = self.first_candidates.as_ref().is_none_or(|c| c.is_empty() || c.contains(&played));
        if named == played || !allowed || self.left_out_readings == 0 {
            return;
        }
        self.left_out_readings -= 1;
        let (at, stop) = (self.line, self.after_turns(self.line, 3));
        let mark = self.diags.len();
        let mut r = self.clone();
        r.speculating = true;
        r.first_read_as(played, named, span);
        r.read_lines(at, stop);
        let mut as_named = self.clone();
        as_named.speculating = true;
        if r.errors_since(mark) == 1 && r.no_more_by_the_end(stop, as_named, at, mark) {
            self.first_read_as(played, named, span);
        }
    }

    /// Starts the round about to start from `played`, its `first:` line (at `span`) naming
    /// `named`, and reports the slip.
    fn first_read_as(&mut self, played: PlayerId, named: PlayerId, span: Span) {
        if let Some(p) = self.pending.as_mut() {
            p.first = Some((played, span));
        }
        let (who, whose) = (self.name(named).to_string(), self.name(played).to_string());
        self.report(
            Diagnostic::new(Code::WrongFirst, span, format!("`first:` names {who}, and {whose} takes the first turn"))
                .label(format!("read as `first: {whose}`"))
                .help(format!(
                    "the turns follow {whose} as the first player: the line seems miswritten, and the round goes \
                     on from {whose}'s turn"
                )),
        );
    }

    /// Who takes the first turn: the table's choice where the rules allow it.
    fn choose_first(&mut self, p: &Pending) -> PlayerId {
        let first_turn = self.log.lines[self.line..].iter().find_map(|l| match &l.kind {
            LineKind::Turn(t) => Some((t.player, t.player_span)),
            _ => None,
        });
        let chosen = p.first.or(first_turn);
        let Some((player, span)) = chosen else { return self.state.seating.first().copied().unwrap_or(PlayerId(0)) };
        if let Some(candidates) = self.first_candidates.take() {
            if !candidates.is_empty() && !candidates.contains(&player) {
                let names = candidates.iter().map(|c| self.name(*c).to_string()).collect::<Vec<_>>().join(" or ");
                self.report(
                    Diagnostic::new(
                        Code::WrongFirst,
                        span,
                        format!("{} takes the first turn of round {}", self.name(player), p.round),
                    )
                    .label(format!("expected {names}"))
                    .help("the player who went out starts the next round; of several, the one who scored fewest"),
                );
            } else if candidates.len() > 1 {
                let names = candidates.iter().map(|c| self.name(*c).to_string()).collect::<Vec<_>>().join(", ");
                // After a position block in mid-round, what each scored before it is open: any of
                // them may have scored the fewest (ruling R12).
                let (message, label) = match self.points_before_position {
                    false => (
                        format!("{names} went out with the same score; {} starts", self.name(player)),
                        "a tie the rules leave open",
                    ),
                    true => (
                        format!(
                            "{names} went out, and any of them may have scored the fewest; {} starts",
                            self.name(player)
                        ),
                        "the points before the position block are not known",
                    ),
                };
                self.report(Diagnostic::new(Code::FirstTie, span, message).label(label));
            }
        }
        player
    }

    /// Deals the opening hands.
    fn deal(&mut self, p: &Pending) {
        self.maybe_short.clear();
        self.saw_deal = true;
        self.points_before_position = false;
        let ids: Vec<PlayerId> = self.state.seating.clone();
        for q in ids {
            let listed = p.hands.iter().find(|(h, _, _)| *h == q);
            if self.state.player(q).status == Status::SittingOut {
                // Sitting the round out, the player is dealt nothing (TCC 2.1, Advanced Rules:
                // "Decked").
                if let Some((_, cards, span)) = listed.filter(|(_, c, _)| total_count(c) > 0) {
                    let name = self.name(q).to_string();
                    self.report(
                        Diagnostic::new(
                            Code::HandTooLarge,
                            *span,
                            format!("{} card{} listed; {name} sits this round out and was dealt none", total_count(cards), plural(total_count(cards))),
                        )
                        .label("no hand this round")
                        .help(format!(
                            "{name} was decked last round with fewer than seven cards left (TCC 2.1, Advanced Rules: \"Decked\")"
                        )),
                    );
                }
                continue;
            }
            let fewer = self.warped.iter().find(|(w, _)| *w == q).map_or(0, |(_, n)| *n);
            let size: u32 = 7u32.saturating_sub(fewer);
            let uncertain = self.uncertain_deal.contains(&q);
            let mut cards: CardCounts = listed.map(|(_, c, _)| (*c).clone()).unwrap_or_default();
            let mut named = total_count(&cards);
            if named > size && !uncertain {
                if let Some((_, listed, span)) = listed {
                    let mut d = Diagnostic::new(
                        Code::HandTooLarge,
                        *span,
                        format!("{named} card{} listed; {} was dealt {size}", plural(named), self.name(q)),
                    )
                    .label(format!("at most {size} card{}", plural(size)));
                    // One card too many, a card seemingly written twice ([`Self::listed_twice`]):
                    // the hand is read without its last copy (ruling R4).
                    let twice = if named == size + 1 { self.listed_twice(q, listed) } else { None };
                    if let Some((card, kept, over)) = twice {
                        let why = if over {
                            format!(
                                "is listed once more than {}'s decklist holds beside the cards known elsewhere",
                                self.name(q)
                            )
                        } else {
                            "is the one card listed twice".to_string()
                        };
                        d = d.help(format!(
                            "{card} {why}, and seems written twice: the hand is read without its last copy"
                        ));
                        cards = kept;
                        named = size;
                    } else if fewer > 0 {
                        d = d
                            .help(format!(
                                "a Time Warp in the pile at the last round's end, not gone out: {fewer} card{} \
                                 fewer, one per number of Time Warp",
                                plural(fewer)
                            ))
                            .cites(powers::cited(Power::TimeWarp));
                    }
                    self.report(d);
                }
            }
            let available = self.state.player(q).deck.len();
            // Nor can the deal give more cards than the deck holds (ruling R2).
            if let (Some(a), Some((_, _, span))) = (available, listed) {
                if named > a && (named <= size || uncertain) {
                    let name = self.name(q).to_string();
                    self.report(
                        Diagnostic::new(
                            Code::HandTooLarge,
                            *span,
                            format!("{named} card{} listed; {name}'s deck held only {a}", plural(named)),
                        )
                        .label(format!("at most {a} card{}", plural(a)))
                        .help(format!("{name} drew what the deck held and was decked at the deal (ruling R2)")),
                    );
                }
            }
            // A deck that holds fewer cards than the deal decks its player (ruling R2); but when
            // the deal's size is uncertain (a Time Warp may have made it smaller), whether it did
            // is not known either, as with a deck of unknown size.
            let short = available.is_some_and(|a| a < size);
            // A hand line with the whole hand shows the player dealt in: the deck held enough
            // (ruling R2), and the player does not sit the round out.
            if named >= size && size > 0 {
                self.may_sit_out.retain(|x| *x != q);
            } else if available.is_none() && self.state.player(q).deck.min_len() < 7
                || self.may_sit_out.contains(&q)
                || short && uncertain
            {
                self.maybe_short.push(q);
            }
            let deal = match available {
                Some(a) if a < size => a,
                _ => size.max(named),
            };
            if named < deal {
                cards.push(CardCount { count: deal - named, owner: None, card: Card::Unknown, span: Span::default() });
            }
            cards.truncate_total(deal);
            self.emit(Event::Draws { player: q, drawn: Drawn::Cards(cards) });
            match listed {
                Some((_, listed, span)) => self.check_located_in(q, *span, listed),
                None => self.check_located(q, p.span),
            }
            if short && !uncertain {
                self.emit(Event::IsDecked(q));
                self.emit(Event::DiscardsHand(q));
            }
            if uncertain {
                // A Time Warp or the like may change this hand's size: follow the log.
                self.emit(Event::HandUnknown(q));
            }
        }
        self.uncertain_deal.clear();
        self.warped.clear();
    }

    /// If every other player is out of the round, the last one goes out with the whole hand.
    pub(in crate::engine) fn last_player_standing(&mut self) {
        if !self.state.in_round || !self.went_out.is_empty() {
            return;
        }
        let mut active = self.state.seating.iter().copied().filter(|q| self.state.player(*q).is_in());
        let (Some(q), None) = (active.next(), active.next()) else { return };
        // Out of the round without going out: decked, or sitting it out (ruling R33).
        let others_out = self
            .state
            .seating
            .iter()
            .any(|q| matches!(self.state.player(*q).status, Status::Decked | Status::SittingOut));
        if others_out {
            // The last one in may itself have been decked by a draw the log does not name, or be
            // the one a Skip's other reading has decked instead of a player taken to have been
            // (ruling R2): the other may be the one still in. Decked, its hand went to the
            // discard pile instead: the hand is located in neither, and who went out is the
            // sheet's.
            if self.drew_unseen.contains(&q) || self.inferred_decked.iter().any(|d| d.instead == Some(q)) {
                self.outs_uncertain = true;
                self.last_one_a_reading = true;
                self.emit(Event::MayGoOut(q));
                self.emit(Event::GoesOut(q));
                self.went_out.push(q);
                return;
            }
            let hand = &self.state.player(q).hand;
            let uncounted = hand.unbounded;
            let mut cards: CardCounts = hand.known.iter().map(|c| CardCount::one(*c, Span::default())).collect();
            if hand.unknown > 0 {
                cards.push(CardCount { count: hand.unknown, owner: None, card: Card::Unknown, span: Span::default() });
            }
            if !cards.is_empty() {
                self.emit(Event::Puts {
                    player: q,
                    cards,
                    to: crate::engine::event::Destination { place: crate::engine::event::Place::OnPile, owner: None },
                    from: crate::engine::event::Source::default(),
                });
            }
            // A hand the referee could not count put more cards on the pile than it knows of.
            if uncounted {
                self.emit(Event::PileUnknown(q));
            }
            // After a power the referee could not follow, the last one in may have been decked
            // as well (the decks are not counted): that it went out is not certain.
            self.outs_uncertain |= self.state.fog.turn_order;
            self.emit(Event::GoesOut(q));
            self.went_out.push(q);
        }
    }
}
