//! A card of a turn miswritten: a card played, chosen or named in a resolution line, or the
//! power written for a card played, read as another that makes the turn happen.

use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::engine::replay::{Checkpoint, Referee};
use crate::engine::turn::within;
use crate::model::log::{ChoiceKind, Line, LineKind, Step, StepKind, Turn};
use crate::model::{Card, Denomination, PlayerId, PowerSpec, Span};
use crate::powers;

use super::{BLOCK_READ, CardPlace, Ending, fogging, other_powers, used_power};

/// Readings of a card of the turn at line `at` (a card of its resolution lines, or a card played
/// or chosen that its zone could not hold), for
/// [`Referee::miswritten_card`]: each from the replay `before` the turn, compared with the replay
/// that read it as `written`.
struct CardReadings<'r, 'a> {
    written: &'r Referee<'a>,
    before: &'r Referee<'a>,
    /// The turn, each played card put back after its reading.
    turn: Turn,
    at: usize,
    /// The line up to which a reading must leave nothing else to report.
    stop: usize,
    /// The turn's lines, each card put back after its reading.
    block: Vec<Line>,
    /// The errors of the turn as written by the log's end, and its notes of fog, once counted.
    as_written: std::cell::OnceCell<(usize, usize)>,
    /// Readings are of powers a decklist does not show (a log with the cards hidden): one that
    /// leaves something unfollowed ([`fogging`]) in its turn, or more by the log's end than the
    /// card written, is not taken (what an unfollowed power might have done is not held against
    /// the table, so it would hide later reports and look better than it is); nor, of more than
    /// [`Self::ENDS_READ`] that fit, any; nor a tie, whose number alone would be unfollowed.
    unfogged: bool,
    /// The card played fitted its own turn, and the turn after it was out of turn
    /// ([`Referee::misplayed_power`]).
    next_turn: bool,
    /// The readings are of the cards played one digit off, the turn after having broken the chain.
    numbers: bool,
    /// The other cards of a tie that the game follows alike ([`CardReadings::alike`]), named in
    /// the report of the one read.
    alike: Vec<Card>,
}

impl<'a> CardReadings<'_, 'a> {
    /// At most this many readings that fit are read on to the log's end to choose between them (a
    /// card has five other numbers; a card of a hidden hand aimed at a player, with no lines under
    /// it, may fit as eight powers of its number).
    const ENDS_READ: usize = 10;

    /// Of `readings` (a card's place, the card read), the one that fits where no other does, or
    /// of up to ten that fit, the one that draws the fewest reports by the log's end where no
    /// other ties it; where those that fit as well as each other are all powers of one card, the
    /// card with its number alone. The reading taken must draw fewer reports than the turn as
    /// written.
    fn choose(&mut self, readings: Vec<(CardPlace, Card)>) -> Option<Referee<'a>> {
        let (mut fits, mut kept) = (Vec::new(), Vec::new());
        for (place, read) in readings {
            let Some(r) = self.read_as(place, read) else { continue };
            if kept.len() < Self::ENDS_READ {
                kept.push(r);
            }
            fits.push((place, read));
        }
        let tied = if fits.len() <= Self::ENDS_READ {
            let ends: Vec<usize> = kept.iter().map(|r| self.by_the_end(r)).collect();
            let fewest = ends.iter().copied().min().filter(|&f| f < self.as_written())?;
            let tied: Vec<_> = fits.iter().zip(&ends).filter(|(_, e)| **e == fewest).map(|(f, _)| *f).collect();
            if tied.len() == 1 {
                let only = ends.iter().position(|&e| e == fewest)?;
                return Some(kept.swap_remove(only));
            }
            // Of the written card read with other numbers, the one a zero more or fewer off it:
            // the likelier slip of the pen.
            if let Some(near) = self.one_digit_off(&tied) {
                let only = fits.iter().position(|f| *f == near)?;
                return Some(kept.swap_remove(only));
            }
            // Powers no decklist shows are not read with their number alone, which is
            // unfollowed; but where the game goes on alike whichever of them was played, the
            // first is read, the report naming them all.
            if self.unfogged {
                let endings: Vec<(Ending, usize)> =
                    kept.iter().zip(&ends).filter(|(_, e)| **e == fewest).map(|(r, _)| self.ending(r)).collect();
                let (first, _) = endings.first()?;
                let place = tied.first()?.0;
                if endings.iter().any(|(e, _)| e != first) || tied.iter().any(|f| f.0 != place) {
                    return None;
                }
                // Of those, the one that leaves the fewest notes (the least unfollowed), the first
                // of several.
                let clearest = endings.iter().map(|&(_, fog)| fog).min()?;
                let pick = endings.iter().position(|&(_, fog)| fog == clearest)?;
                let read = tied.get(pick)?.1;
                self.alike = tied.iter().enumerate().filter(|&(i, _)| i != pick).map(|(_, f)| f.1).collect();
                let r = self.read_as(place, read);
                self.alike.clear();
                return r;
            }
            tied
        } else if self.unfogged {
            return None;
        } else {
            fits
        };
        let (&(place, read), rest) = tied.split_first()?;
        if rest.iter().any(|f| f.0 != place || f.1.denomination() != read.denomination()) {
            return None;
        }
        let r =
            self.read_as(place, Card::Known { denomination: read.denomination()?, power: PowerSpec::Unrecorded })?;
        (self.by_the_end(&r) < self.as_written()).then_some(r)
    }

    /// Of `tied` readings, all of one place and all the written card with another number, the
    /// only one whose number is one digit off the written card's (ten times it, or a tenth).
    fn one_digit_off(&mut self, tied: &[(CardPlace, Card)]) -> Option<(CardPlace, Card)> {
        let &(place, first) = tied.first()?;
        let (written, _) = self.put(place, first)?;
        self.put(place, written);
        let Card::Known { denomination: w, power } = written else { return None };
        if tied.iter().any(|f| f.0 != place || f.1.power() != Some(&power)) {
            return None;
        }
        let near = |c: &Card| c.denomination().is_some_and(|d| d.index().abs_diff(w.index()) == 1);
        let mut near = tied.iter().filter(|f| near(&f.1));
        near.next().copied().filter(|_| near.next().is_none())
    }

    /// The card at `place`, set to `card`: the card it replaced, and its span.
    fn put(&mut self, place: CardPlace, card: Card) -> Option<(Card, Span)> {
        let at = match place {
            CardPlace::Line { k, j } => {
                let LineKind::Resolution(e) = &mut self.block.get_mut(k)?.kind else { return None };
                e.cards_mut().get_mut(j).map(|c| (&mut c.card, c.span))
            }
            CardPlace::Then { k } => match &mut self.block.get_mut(k)?.kind {
                LineKind::Then(Step { kind: StepKind::Play { card, .. }, .. }) => Some((&mut card.card, card.span)),
                _ => None,
            },
            CardPlace::Play { s } => match &mut self.turn.steps.get_mut(s)?.kind {
                StepKind::Play { card, .. } => Some((&mut card.card, card.span)),
                _ => None,
            },
            CardPlace::Choice { s, c, j } => {
                let StepKind::Play { used: Some(choices), .. } = &mut self.turn.steps.get_mut(s)?.kind else {
                    return None;
                };
                match &mut choices.get_mut(c)?.kind {
                    ChoiceKind::Cards(cards) => cards.get_mut(j).map(|c| (&mut c.card, c.span)),
                    ChoiceKind::Take(card) => Some((&mut card.card, card.span)),
                    _ => None,
                }
            }
        };
        at.map(|(c, span)| (std::mem::replace(c, card), span))
    }

    /// The reading of the card at `place` as `read`, when the turn and the turns after it follow
    /// it, with the slip reported.
    fn read_as(&mut self, place: CardPlace, read: Card) -> Option<Referee<'a>> {
        let (mark, end) = (self.before.diags.len(), self.at + 1 + self.block.len());
        let (card, span) = self.put(place, read)?;
        let mut r = self.before.clone();
        r.read_turn(&self.turn, self.at, &self.block);
        self.put(place, card);
        if r.errors_since(mark) > 0 {
            return None;
        }
        if self.unfogged && r.diags.get(mark..).unwrap_or_default().iter().any(|d| fogging(d.code)) {
            return None;
        }
        let what = if card.denomination() == read.denomination() { "power" } else { "number" };
        let name = r.name(self.turn.player).to_string();
        // A tie the game follows alike: every card of it is named.
        let read_as = std::iter::once(read).chain(self.alike.iter().copied());
        let read_as = read_as.map(|c| c.to_string()).collect::<Vec<_>>().join(" or ");
        let may_hold = std::iter::once(read).chain(self.alike.iter().copied());
        let may_hold = may_hold.map(|c| format!("a {c}")).collect::<Vec<_>>().join(" or ");
        let help = match place {
            CardPlace::Play { .. } | CardPlace::Then { .. } if read.power_recorded() => {
                format!("the {what} seems miswritten, and {name} may hold {may_hold}")
            }
            CardPlace::Play { .. } | CardPlace::Then { .. } => format!(
                "the power seems miswritten, and {name} may hold more than one card of its number that fits: which \
                 was meant does not show"
            ),
            _ if read.power_recorded() => format!("the {what} seems miswritten"),
            _ => "the power seems miswritten, and which card was meant does not show".to_string(),
        };
        // A card played or chosen keeps the written turn's report (a card the hand or the discard
        // pile cannot hold); a card of a line, or a choice its zone may hold read otherwise for a
        // card played after it, is reported as not fitting the turn.
        let written = self.written.diags.get(self.written.group_diags..).unwrap_or_default();
        let unheld_report = match place {
            CardPlace::Line { .. } => None,
            _ => written.iter().find(|d| d.span.is_at(span) && unheld(d.code)),
        };
        let mut report = match unheld_report {
            Some(d) => {
                let mut report = Diagnostic::new(d.code, span, d.message.clone());
                report.rule = d.rule;
                report
            }
            None => {
                let what = if self.next_turn { "the turn after it" } else { "this turn" };
                let message = if read.power_recorded() {
                    format!("{card} does not fit {what}, and {read_as} does")
                } else {
                    format!("{card} does not fit {what}, and more than one card of its number does")
                };
                let mut d = Diagnostic::new(Code::Misresolved, span, message);
                // A card played that its hand may hold: the rule its play broke as written (the
                // chain, a power that cannot be used so), else its power's.
                let step = match place {
                    CardPlace::Play { s } => self.turn.steps.get(s).map(|step| step.span),
                    _ => None,
                };
                let broken = step.and_then(|step| {
                    written.iter().find(|d| d.severity() == Severity::Error && within(d.span, step)).map(|d| d.rule())
                });
                // A card one digit off that played as written: the chain the turn after broke.
                let chain =
                    (self.numbers && read.denomination() != card.denomination()).then(|| Code::OutOfSequence.rule());
                d.rule = broken.or(chain).or_else(|| used_power(&self.turn).map(powers::cited));
                d
            }
        };
        let goes_on = if self.alike.is_empty() {
            format!("read as {read}, the turn and the turns after it follow, and the game goes on from it")
        } else {
            let either = if self.alike.len() == 1 { "either" } else { "any of them" };
            format!(
                "read as {either}, the turn and the turns after it follow with the same reports, and the game goes \
                 on from {read}"
            )
        };
        report = report.label(format!("read as {read_as}")).help(format!("{help}: {goes_on}"));
        r.only_report(report, end, self.stop, mark).then_some(r)
    }

    /// The errors of a reading by the log's end.
    fn by_the_end(&self, r: &Referee<'a>) -> usize {
        let (errors, fog) = r.clone().reports_by_the_end(self.stop, self.written.group_diags);
        // A reading of a power the decklist does not show that leaves more unfollowed than the
        // card written is worth nothing: it counts as no better than the turn as written.
        if self.unfogged && fog > self.written_ends().1 {
            return usize::MAX;
        }
        errors
    }

    /// What a reading leaves by the log's end: each error and warning since the turn's (its code
    /// and span), and each player's score and standing; and the number of notes (of what could
    /// not be followed, mostly). Readings that leave the same are alike: whichever was played,
    /// the referee accuses the table of the same, and of no more where it follows more.
    fn ending(&self, r: &Referee<'a>) -> (Ending, usize) {
        let (ending, _, notes) = r.clone().ending(self.stop, self.written.group_diags);
        (ending, notes)
    }

    fn as_written(&self) -> usize {
        self.written_ends().0
    }

    /// The errors and the notes of fog ([`Referee::reports_by_the_end`]) of the turn as written by
    /// the log's end.
    fn written_ends(&self) -> (usize, usize) {
        *self.as_written.get_or_init(|| self.written.reports_as_written(self.at + 1 + self.block.len()))
    }
}

impl<'a> Referee<'a> {
    /// The turn after the one at line `at` (its block running to `end`) was out of turn, and no
    /// reading of that turn explained it: the power of a card the turn at `at` used may have been
    /// miswritten (a Go written for the Skip played sends the turn to the wrong player). Each card
    /// the turn used is read as the card of its number with each other power its player's hand
    /// may hold (of the decklist's cards where it shows them, else of every power, either half of
    /// a compound: [`other_powers`], none leaving more unfollowed: [`CardReadings::unfogged`]); a
    /// reading is taken as [`Self::miswritten_card`] takes one: the turn and the next three leave
    /// nothing else to report, and it draws fewer reports by the log's end than the turns as
    /// written (ruling R4). Then the referee reads the game so from the replay just before the
    /// turn (read on to it from `from`), reports the slip once, and returns the line it read up to.
    ///
    /// With `numbers`, the turn after it broke the chain instead, and each card the turn played is
    /// read as the card one digit off with its power: a Clone of the number last played written
    /// one digit up plays in sequence as written, and only the next card shows the slip.
    #[cold]
    pub(in crate::engine) fn misplayed_power(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        numbers: bool,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        if !self.block_rereadable(at, end) || turn.steps.len() > BLOCK_READ {
            return None;
        }
        let mut before = self.replayed_clear_to(from, at)?;
        // The turn as the log has it, read as the run read it.
        let mut written = before.clone();
        if written.group(at) != end {
            return None;
        }
        before.speculating = true;
        before.begin_group(at);
        before.flush_pending();
        let hand = &before.state.player(turn.player).hand;
        let (mut listed, mut guessed) = (Vec::new(), Vec::new());
        for (s, step) in turn.steps.iter().enumerate() {
            if numbers {
                let StepKind::Play { card, .. } = &step.kind else { continue };
                let Card::Known { denomination, power } = card.card else { continue };
                let i = denomination.index();
                let others = [i.checked_sub(1), Some(i + 1)].into_iter().flatten();
                for d in others.filter_map(|i| Denomination::ALL.get(i).copied()) {
                    let c = Card::Known { denomination: d, power };
                    let place = CardPlace::Play { s };
                    match before.list_showing(turn.player, d) {
                        Some(l) if l.cards.iter().any(|(k, _)| *k == c) => listed.push((place, c)),
                        Some(_) => {}
                        None if before.state.player(turn.player).hand.could_hold(&c) => guessed.push((place, c)),
                        None => {}
                    }
                }
                continue;
            }
            let StepKind::Play { card, used: Some(_) } = &step.kind else { continue };
            let Card::Known { denomination, power: power @ (PowerSpec::Single(_) | PowerSpec::Compound(..)) } =
                card.card
            else {
                continue;
            };
            let place = CardPlace::Play { s };
            match before.list_showing(turn.player, denomination) {
                Some(l) => listed.extend(
                    l.cards
                        .iter()
                        .map(|(c, _)| *c)
                        .filter(|c| {
                            matches!(c, Card::Known { denomination: d, power: w } if *d == denomination && *w != power)
                                && hand.could_hold(c)
                        })
                        .map(|c| (place, c)),
                ),
                None => guessed.extend(
                    other_powers(power)
                        .map(|p| Card::Known { denomination, power: p })
                        .filter(|c| hand.could_hold(c))
                        .map(|c| (place, c)),
                ),
            }
        }
        if listed.is_empty() && guessed.is_empty() {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        let mut readings = CardReadings {
            written: &written,
            before: &before,
            turn: turn.clone(),
            at,
            stop,
            block: lines[at + 1..end].to_vec(),
            as_written: std::cell::OnceCell::new(),
            unfogged: false,
            next_turn: true,
            numbers,
            alike: Vec::new(),
        };
        let read = (!listed.is_empty()).then(|| readings.choose(listed)).flatten().or_else(|| {
            readings.unfogged = true;
            (!guessed.is_empty()).then(|| readings.choose(guessed)).flatten()
        });
        self.adopt(read?);
        Some(stop)
    }

    /// No name read otherwise made the turn at line `at` happen ([`Self::misnamed_line`]). First,
    /// a card the turn played or chose that its zone could not hold, or played where its play or
    /// the turn's lines drew an error ([`Self::suspect_cards`]):
    /// when reading it as a card one word off (another number, or another power its player's
    /// decklist has at its number; for a card played, one the hand may hold) makes the turn
    /// happen and leaves nothing else to report over it and the next three turns (to line
    /// `stop`), for one card or, of a few, for the one that draws the fewest reports by the log's
    /// end, and that reading draws fewer than the turn as written does, the
    /// word was miswritten (ruling R4): the reading from the replay `before` the turn, the slip
    /// reported once. Failing that, the same for a card of its resolution lines with another
    /// number (its power kept), then with another power ([`CardReadings`]); last, for a card
    /// played whose player's decklist does not show the cards of its number, with each other
    /// power the hand may hold ([`other_powers`]), none leaving more unfollowed
    /// ([`CardReadings::unfogged`]).
    #[cold]
    pub(super) fn miswritten_card(
        &self,
        before: &Self,
        turn: &Turn,
        at: usize,
        end: usize,
        stop: usize,
    ) -> Option<Self> {
        /// At most this many readings with another number are tried in a turn's lines, and this
        /// many with another power (a decklist has about six powers at each number).
        const RENUMBERED: usize = 60;
        const REPOWERED: usize = 96;
        let block = self.log.lines[at + 1..end].to_vec();
        // Each card with its other readings (by number, by power), where it stands: the cards
        // played that the hand could not hold, with the readings it may hold, and the cards of
        // the lines.
        type Readings = (Vec<(CardPlace, Card)>, Vec<(CardPlace, Card)>);
        let add = |into: &mut Readings, place: CardPlace, card: &Card, p: PlayerId, fits: &dyn Fn(&Card) -> bool| {
            let Card::Known { denomination, power } = *card else { return };
            let others = Denomination::ALL.into_iter().filter(|&d| d != denomination);
            into.0.extend(others.map(|d| Card::Known { denomination: d, power }).filter(fits).map(|c| (place, c)));
            let list = before.state.collections.get(p.index()).and_then(Option::as_ref);
            let listed = list.map_or(&[][..], |l| &l.cards[..]).iter().map(|(card, _)| *card);
            let other_power =
                |l: &Card| matches!(l, Card::Known { denomination: d, power: w } if *d == denomination && *w != power);
            into.1.extend(listed.filter(|l| other_power(l) && fits(l)).map(|l| (place, l)));
        };
        let mut played: Readings = Default::default();
        let hand = &before.state.player(turn.player).hand;
        let suspects = self.suspect_cards(turn, !block.is_empty());
        for &(place, card) in &suspects {
            match place {
                CardPlace::Play { .. } => add(&mut played, place, &card, turn.player, &|c| hand.could_hold(c)),
                _ => add(&mut played, place, &card, turn.player, &|_| true),
            }
        }
        // A card played whose player's decklist does not show the cards of its number (a log with
        // the cards hidden): each other power the hand may hold, read last.
        let mut guessed = Vec::new();
        for &(place, card) in &suspects {
            let (CardPlace::Play { .. }, Card::Known { denomination, power }) = (place, card) else {
                continue;
            };
            if before.list_showing(turn.player, denomination).is_some() {
                continue;
            }
            let cards = other_powers(power).map(|p| Card::Known { denomination, power: p });
            guessed
                .extend(cards.filter(|c| hand.could_hold(c) && !played.1.contains(&(place, *c))).map(|c| (place, c)));
        }
        let mut lines: Readings = Default::default();
        for (k, line) in block.iter().enumerate() {
            match &line.kind {
                LineKind::Resolution(e) => {
                    let Some(p) = e.subject() else { continue };
                    for (j, c) in e.cards().iter().enumerate() {
                        add(&mut lines, CardPlace::Line { k, j }, &c.card, p, &|_| true);
                    }
                }
                // A Stampede's player's own play after it, from the hand.
                LineKind::Then(Step { kind: StepKind::Play { card, .. }, .. }) => {
                    add(&mut lines, CardPlace::Then { k }, &card.card, turn.player, &|c| hand.could_hold(c));
                }
                _ => {}
            }
        }
        let (by_number, by_power) = lines;
        // The cards played are read first, by number and by power alike.
        let played: Vec<_> = played.0.into_iter().chain(played.1).collect();
        let turn = turn.clone();
        let mut readings = CardReadings {
            written: self,
            before,
            turn,
            at,
            stop,
            block,
            as_written: std::cell::OnceCell::new(),
            unfogged: false,
            next_turn: false,
            numbers: false,
            alike: Vec::new(),
        };
        if !played.is_empty() {
            if let Some(r) = readings.choose(played) {
                return Some(r);
            }
        }
        let lines = (by_number.len() <= RENUMBERED)
            .then(|| {
                readings
                    .choose(by_number)
                    .or_else(|| (by_power.len() <= REPOWERED).then(|| readings.choose(by_power)).flatten())
            })
            .flatten();
        if lines.is_some() || guessed.is_empty() {
            return lines;
        }
        readings.unfogged = true;
        readings.choose(guessed)
    }

    /// The cards the turn just read played that drew an error at their step (a card the hand
    /// cannot hold, a power that cannot be used so), or whose lines drew one (`with_lines`), and
    /// those chosen for a power played that drew a report as not in the hand or the discard pile,
    /// their powers known, with where they stand: [`Self::miswritten_card`] may read them as
    /// others.
    pub(in crate::engine) fn suspect_cards(&self, turn: &Turn, with_lines: bool) -> Vec<(CardPlace, Card)> {
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        let mut found = Vec::new();
        // Each reading reads the turn again: a turn line longer than a table writes is not.
        if reports.is_empty() || turn.steps.len() > BLOCK_READ {
            return found;
        }
        // A second card played, where a power's choice (a Rescue's) may have been the card
        // allowed: that choice is read too.
        let second = reports.iter().any(|d| d.code == Code::SecondPlay);
        let errors = || reports.iter().filter(|d| d.severity() == Severity::Error);
        let lines_erred = with_lines && errors().any(|d| turn.steps.iter().all(|s| !within(d.span, s.span)));
        let mut add = |place: CardPlace, card: &Card, step: Span| {
            let reported = match place {
                CardPlace::Play { .. } => lines_erred || errors().any(|d| within(d.span, step)),
                // Any card the turn's zones could not hold: a choice one digit off may be why
                // another of the turn's cards is not where the log has it (an Exchange giving
                // `10 Advance` for its `1 Advance` leaves the card it takes unheld).
                _ => second || reports.iter().any(|d| unheld(d.code)),
            };
            if card.power().is_some_and(|w| w.is_known()) && reported {
                found.push((place, *card));
            }
        };
        for (s, step) in turn.steps.iter().enumerate() {
            let StepKind::Play { card, used } = &step.kind else { continue };
            add(CardPlace::Play { s }, &card.card, step.span);
            for (c, choice) in used.iter().flat_map(|u| u.iter()).enumerate() {
                match &choice.kind {
                    ChoiceKind::Cards(cards) => {
                        for (j, card) in cards.iter().enumerate() {
                            add(CardPlace::Choice { s, c, j }, &card.card, step.span);
                        }
                    }
                    ChoiceKind::Take(card) => {
                        add(CardPlace::Choice { s, c, j: 0 }, &card.card, step.span);
                    }
                    _ => {}
                }
            }
        }
        found
    }
}

/// The reports of a card that its zone cannot hold (the hand, the discard pile), which a card
/// miswritten draws.
fn unheld(code: Code) -> bool {
    matches!(code, Code::NotInHand | Code::NotInDiscard)
}
