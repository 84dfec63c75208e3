//! The header read again (ruling R4): where a game draws reports that another header would not,
//! a header line was written wrong or left out. Tried: the seating, where the turns keep going out
//! of turn and another seating (two neighbours in each other's places, or the whole table the
//! other way round) makes them follow; the ruleset, where the header gives none and the game
//! follows Decipher 2000's; troubles, where the header leaves them off and the log has them; two
//! `deck` lines, where each player shows cards the other's list holds; one card of a `deck` line,
//! where the player shows a card the list cannot hold, one word off it; a `deck` line of unseen
//! cards, one card more; a player's second `deck` line, as the list of a player with none.

use super::Referee;
use crate::diagnostics::{Code, Diagnostic};
use crate::model::log::{CardCounts, Line, LineKind, Ruleset, StepKind};
use crate::model::{Card, PlayerId, PowerSpec};

/// A header the game is read with in place of the one written.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum HeaderReading {
    /// The seating clockwise, in place of the `players:` line's.
    Seating(Vec<PlayerId>),
    /// Decipher 2000, where the header gives no ruleset.
    Ruleset(Ruleset),
    /// Troubles on, where the header gives no `troubles:` line.
    Troubles,
    /// Two players' decklists in each other's places.
    Decks(PlayerId, PlayerId),
    /// One group of a player's decklist (its index in the `deck` line) read as another card, one
    /// word off the one written: its number or its power.
    DeckCard(PlayerId, usize, Card),
    /// A player's deck of unseen cards (`deck Ann: 40x ?`) read with one card more.
    DeckCount(PlayerId),
    /// The `deck` line at this index of the log's lines read as the list of this player.
    DeckOf { line: usize, player: PlayerId },
}

/// At most this many cards of a player, each of a kind the decklist cannot hold, are read as a
/// `deck` line's card miswritten: one slip makes one such card, and each reading is a replay.
const MISWRITTEN_DECK_CARDS: usize = 4;

/// At most this many groups of `deck` lines are read as miswritten (each a replay of the game);
/// where more fit, none is.
const MISWRITTEN_DECK_GROUPS: usize = 8;

impl<'a> Referee<'a> {
    /// Whether a report from `mark` on is of a turn out of turn.
    pub(super) fn out_of_turn_since(&self, mark: usize) -> bool {
        self.diags.get(mark..).unwrap_or_default().iter().any(|d| d.code == Code::OutOfTurn)
    }

    /// The errors that stand past the syntax stage's: none an `expect` line claimed.
    fn standing_errors(&self) -> usize {
        self.standing_errors_since(self.syntax_diags)
    }

    /// Whether a header being tried has failed at the group just read, whose reports start at
    /// `mark`: it drew as many errors as the log as written, or (a seating) a turn out of turn.
    pub(super) fn header_trial_failed(&self, mark: usize) -> bool {
        let Some(limit) = self.header_trial else { return false };
        let seating = matches!(self.header_reading, Some(HeaderReading::Seating(_)));
        (seating && self.out_of_turn_since(mark)) || self.standing_errors() >= limit
    }

    /// The game read with another header, where the log as written drew two errors or more and a
    /// header a slip of the pen makes of the one written draws fewer, its own report counted, with
    /// no other tying it: a seating (where a turn was out of turn, one under which none is), the
    /// ruleset (Decipher 2000 where no ruleset is given), troubles (on, where no `troubles:` line
    /// is given and the log has a trouble), two decklists in each other's places (where both
    /// players showed cards their own cannot hold), one card of a decklist read as a card its
    /// player showed and the list cannot hold, one word off it, a deck of unseen cards one card
    /// more, or a player's second `deck` line as the list of a player with none. Not for a
    /// `position` block's header. `None` otherwise.
    #[cold]
    pub(super) fn header_slip(&self) -> Option<Referee<'a>> {
        let written = self.standing_errors();
        if self.speculating || written == 0 || self.header_reading.is_some() {
            return None;
        }
        let lines = &self.log.lines;
        lines.iter().find(|l| matches!(l.kind, LineKind::Players(_)))?;
        if lines.iter().any(|l| matches!(l.kind, LineKind::PositionStart)) {
            return None;
        }
        let mut readings = Vec::new();
        let out_of_turn = self
            .diags
            .iter()
            .enumerate()
            .any(|(i, d)| d.code == Code::OutOfTurn && !super::is_claimed(&self.claimed, i));
        let seating: Vec<PlayerId> = self.log.names.ids().collect();
        // A player the `players:` line left out sits where the turns show, even where one turn
        // alone goes out of turn: the seat is not written, so no slip is supposed.
        if let Some(added) = self.log.added.filter(|_| out_of_turn) {
            readings.extend(seats_of(&seating, added).into_iter().map(HeaderReading::Seating));
        }
        if written < 2 {
            return self.header_read(readings, written);
        }
        if out_of_turn {
            for s in slips_of(&seating) {
                if !readings.iter().any(|r| matches!(r, HeaderReading::Seating(t) if table(t) == table(&s))) {
                    readings.push(HeaderReading::Seating(s));
                }
            }
        }
        if !lines.iter().any(|l| matches!(l.kind, LineKind::Ruleset(_))) {
            readings.push(HeaderReading::Ruleset(Ruleset::Decipher2000));
        }
        if !lines.iter().any(|l| matches!(l.kind, LineKind::Troubles(_))) && lines.iter().any(has_trouble) {
            readings.push(HeaderReading::Troubles);
        }
        // Two decklists swapped: each of the two players showed cards the own list cannot hold.
        let mut unlisted: Vec<PlayerId> = Vec::new();
        for &(p, _) in &self.misfits {
            if !unlisted.contains(&p) && deck_line(lines, p).is_some() {
                unlisted.push(p);
            }
        }
        unlisted.sort();
        for (k, &p) in unlisted.iter().enumerate() {
            readings.extend(unlisted[k + 1..].iter().map(|&q| HeaderReading::Decks(p, q)));
        }
        readings.extend(self.deck_cards_miswritten());
        readings.extend(self.deck_counts_short());
        readings.extend(deck_lines_misnamed(self.log));
        self.header_read(readings, written)
    }

    /// [`HeaderReading::DeckCard`]s for the cards reported as ones a decklist cannot hold, each
    /// of known powers (a power's name misspelt is read as the card meant, not as the list's
    /// slip): each group of the player's `deck` line one word off such a card, read as it (a group
    /// written twice in the line, once), where the game shows no more of the group's card than the
    /// list's other groups of it hold (else the group holds them). None where the players
    /// showed more than [`MISWRITTEN_DECK_CARDS`] such kinds of card, or more than
    /// [`MISWRITTEN_DECK_GROUPS`] groups fit. (A card the list holds too few of is read by
    /// [`Referee::unlisted_card`], where the deck runs out early.)
    fn deck_cards_miswritten(&self) -> Vec<HeaderReading> {
        let mut unlisted: Vec<(PlayerId, Card)> = Vec::new();
        for &(p, c) in &self.misfits {
            let known = matches!(c.power(), Some(PowerSpec::Single(_) | PowerSpec::Compound(..)));
            if known && !unlisted.contains(&(p, c)) {
                unlisted.push((p, c));
            }
        }
        if unlisted.len() > MISWRITTEN_DECK_CARDS {
            return Vec::new();
        }
        let mut readings = Vec::new();
        for (p, c) in unlisted {
            let Some((_, cards)) = deck_line(&self.log.lines, p) else { continue };
            for (i, group) in cards.iter().enumerate() {
                let again = cards[..i].iter().any(|g| g.card == group.card && g.count == group.count);
                // The copies of the group's card the game shows that the list's other groups of
                // it cannot hold: the group holds them, and is written right.
                let elsewhere: u32 = cards
                    .iter()
                    .enumerate()
                    .filter(|&(j, g)| j != i && g.card == group.card)
                    .map(|(_, g)| g.count)
                    .sum();
                let seen = self.state.located(p).filter(|&k| *k == group.card).count();
                let held = seen > elsewhere as usize;
                if !again && !held && crate::engine::turn::one_word_off(&group.card, &c) {
                    readings.push(HeaderReading::DeckCard(p, i, c));
                }
            }
        }
        if readings.len() > MISWRITTEN_DECK_GROUPS {
            readings.clear();
        }
        readings
    }

    /// [`HeaderReading::DeckCount`]s for the players with a `deck` line of unseen cards, where a
    /// standing report shows a deck run out (a decked player's turn, a draw from or a Poison aimed
    /// at an empty deck, a player going out after the round ended): each whose deck a draw emptied
    /// by its count, or whom such a report names.
    fn deck_counts_short(&self) -> Vec<HeaderReading> {
        let short = [Code::NotInRound, Code::DrawFromEmptyDeck, Code::PoisonTarget, Code::RoundOver];
        let reports: Vec<&Diagnostic> = self
            .diags
            .iter()
            .enumerate()
            .filter(|&(i, d)| short.contains(&d.code) && !super::is_claimed(&self.claimed, i))
            .map(|(_, d)| d)
            .collect();
        if reports.is_empty() {
            return Vec::new();
        }
        let lines = &self.log.lines;
        self.log
            .names
            .ids()
            .filter(|&p| {
                let name = self.name(p);
                let named = |d: &&Diagnostic| d.message.starts_with(name) || d.message.contains(&format!("{name}'s"));
                (self.emptied.iter().any(|(q, _)| *q == p) || reports.iter().any(named))
                    && deck_line(lines, p).is_some_and(|(_, cards)| cards.iter().all(|c| c.card == Card::Unknown))
            })
            .map(HeaderReading::DeckCount)
            .collect()
    }

    /// The game read with each of `readings`: the one that draws fewer errors than the `written`
    /// header's, its own report counted, with no other tying it.
    fn header_read(&self, readings: Vec<HeaderReading>, written: usize) -> Option<Referee<'a>> {
        let mut best: Option<(usize, Referee<'a>)> = None;
        let mut tied = false;
        for reading in readings {
            let mut r = Referee::new(self.log, self.diags.get(..self.syntax_diags)?.to_vec());
            r.keep_events = self.keep_events;
            let limit = best.as_ref().map_or(written, |(e, _)| e + 1).min(written);
            // A deck count is taken only where its own report is all the game draws: a count one
            // short follows from many slips that make the referee's count of a deck run ahead.
            let limit = if matches!(reading, HeaderReading::DeckCount(_)) { limit.min(2) } else { limit };
            r.header_reading = Some(reading);
            r.header_trial = Some(limit);
            r.run();
            if r.header_failed {
                continue;
            }
            let errors = r.standing_errors();
            match &best {
                Some((e, _)) if *e < errors => {}
                Some((e, _)) if *e == errors => tied = true,
                _ => {
                    tied = false;
                    best = Some((errors, r));
                }
            }
        }
        let (errors, mut r) = best?;
        r.header_trial = None;
        (!tied && errors < written).then_some(r)
    }

    /// The player the `players:` line left out seated in `seating`: the line's report (R0110, made
    /// by the parser) names the seat.
    fn seat_added(&mut self, seating: &[PlayerId]) {
        let (Some(p), n) = (self.log.added, seating.len()) else { return };
        let Some(i) = seating.iter().position(|&q| q == p) else { return };
        let (before, after) = (self.name(seating[(i + n - 1) % n]), self.name(seating[(i + 1) % n]));
        let who = self.name(p);
        let help = format!(
            "the log names {who} as a player throughout, and the line declares {who} nowhere: it seems to \
             leave the player out; seated last, {who} plays out of turn, and the log is read with {who} \
             between {before} and {after}, where every turn comes in order"
        );
        let syntax = self.syntax_diags;
        if let Some(d) =
            self.diags.get_mut(..syntax).and_then(|ds| ds.iter_mut().find(|d| d.code == Code::PlayerLeftOut))
        {
            d.help = Some(help);
        }
    }

    /// The report of the header read in place of the one written (made as the header is read, so
    /// that an `expect` line after it may claim it).
    pub(super) fn header_report(&mut self, reading: &HeaderReading) {
        let lines = &self.log.lines;
        let Some(header) = lines.iter().find(|l| matches!(l.kind, LineKind::Players(_))) else { return };
        let written: Vec<PlayerId> = self.log.names.ids().collect();
        let d = match reading {
            HeaderReading::Seating(other) if self.log.added.is_some_and(|p| moved(&written, other, p)) => {
                self.seat_added(other);
                return;
            }
            HeaderReading::Seating(other) => {
                let names: Vec<&str> = other.iter().map(|q| self.name(*q)).collect();
                let swapped: Vec<&str> =
                    written.iter().zip(other).filter(|(a, b)| a != b).map(|(a, _)| self.log.names.get(*a)).collect();
                let how = match swapped.as_slice() {
                    [a, b] => format!("{a} and {b} seem to be written in each other's places"),
                    _ => "the seating seems to be written the other way round".to_string(),
                };
                Diagnostic::new(
                    Code::OutOfTurn,
                    header.span,
                    format!("the turns follow the seating {}", names.join(", ")),
                )
                .label("not the seating the turns show")
                .help(format!("read with `players: {}`, every turn comes in order: {how}", names.join(", ")))
            }
            HeaderReading::Ruleset(ruleset) => Diagnostic::new(
                Code::RulesetLeftOut,
                header.span,
                format!("the game follows {}'s rules", ruleset.title()),
            )
            .label(format!("no `ruleset:` line: {} by default", Ruleset::Tcc21.title()))
            .help(format!(
                "read with `ruleset: {}`, the game draws fewer reports: the header seems to leave the line out",
                ruleset.keyword()
            )),
            HeaderReading::Decks(p, q) => {
                let (Some((at, _)), Some(_)) = (deck_line(lines, *p), deck_line(lines, *q)) else { return };
                let (p, q) = (self.name(*p), self.name(*q));
                Diagnostic::new(Code::NotInDecklist, at.span, format!("{p}'s and {q}'s decklists seem swapped"))
                    .label(format!("{q}'s cards, by the game"))
                    .help(format!(
                        "{p} shows cards this list cannot hold, and {q} cards the other cannot; read with each \
                         list as the other's, the cards fit: the `deck` lines seem to give them in each \
                         other's places"
                    ))
            }
            HeaderReading::DeckCard(p, i, card) => {
                let Some(group) = deck_line(lines, *p).and_then(|(_, cards)| cards.get(*i)) else { return };
                let who = self.name(*p);
                let counted = if group.count > 1 { format!("{}x ", group.count) } else { String::new() };
                let (written, read) = (format!("{counted}{}", group.card), format!("{counted}{card}"));
                Diagnostic::new(
                    Code::NotInDecklist,
                    group.span,
                    format!("{who}'s decklist seems to list {written} where the game shows {read}"),
                )
                .label(format!("{read}, by the game"))
                .help(format!(
                    "{who} shows {card}, which the list cannot hold; read with `{read}` in place of `{written}`, \
                     the list holds it and the game draws fewer reports: the `deck` line seems to miswrite the \
                     card"
                ))
            }
            HeaderReading::DeckCount(p) => {
                let Some((at, cards)) = deck_line(lines, *p) else { return };
                let count = crate::model::log::total_count(cards);
                let (who, more) = (self.name(*p), count.saturating_add(1));
                Diagnostic::new(
                    Code::DrawFromEmptyDeck,
                    at.span,
                    format!("{who}'s deck seems to hold {more} cards, not {count}"),
                )
                .label(format!("{more}, by the game"))
                .help(format!(
                    "by this count {who}'s deck runs out a card early, and the table plays on as if it held one \
                     more; read with `deck {who}: {more}x ?`, the game draws fewer reports: the count seems \
                     miswritten"
                ))
            }
            HeaderReading::DeckOf { line, player } => {
                let Some(at) = lines.get(*line) else { return };
                let LineKind::Deck { player: written, .. } = at.kind else { return };
                let (who, was) = (self.name(*player), self.name(written));
                Diagnostic::new(Code::NotInDecklist, at.span, format!("this decklist seems to be {who}'s, not {was}'s"))
                    .label(format!("{who}'s cards, by the game"))
                    .help(format!(
                        "{was}'s decklist is given twice, differently, and {who}'s not at all; read with this line \
                         as `deck {who}:`, the game draws fewer reports: the line seems to name the wrong player"
                    ))
            }
            HeaderReading::Troubles => {
                let Some(first) = lines.iter().find(|l| has_trouble(l)) else { return };
                Diagnostic::new(
                    Code::TroublesOff,
                    first.span,
                    "the log plays with troubles, but the header leaves them off",
                )
                .label("a trouble, with no `troubles: on` in the header")
                .help("read with `troubles: on`, the game draws fewer reports: the header seems to leave the line out")
            }
        };
        self.report(d);
    }
}

/// The seats `added`, last in `seating`, may take instead: one between each two others.
fn seats_of(seating: &[PlayerId], added: PlayerId) -> Vec<Vec<PlayerId>> {
    let others: Vec<PlayerId> = seating.iter().copied().filter(|&q| q != added).collect();
    (1..others.len())
        .map(|k| {
            let mut s = others.clone();
            s.insert(k, added);
            s
        })
        .collect()
}

/// Whether `other` is `seating` with `p` alone in another seat.
fn moved(seating: &[PlayerId], other: &[PlayerId], p: PlayerId) -> bool {
    let without = |s: &[PlayerId]| -> Vec<PlayerId> { s.iter().copied().filter(|&q| q != p).collect() };
    table(seating) != table(other) && without(seating) == without(other)
}

/// [`HeaderReading::DeckOf`]s for the `deck` lines of a player who has two, differing: each read
/// as the list of each player who has none, and (where several have none) shows a card the list
/// would be checked against: in a `hand` line, or played.
fn deck_lines_misnamed(log: &crate::model::log::Log) -> Vec<HeaderReading> {
    let decks: Vec<(usize, PlayerId, &CardCounts)> = log
        .lines
        .iter()
        .enumerate()
        .filter_map(|(k, l)| match &l.kind {
            LineKind::Deck { player, cards } => Some((k, *player, cards)),
            _ => None,
        })
        .collect();
    let mut unlisted: Vec<PlayerId> = log.names.ids().filter(|&p| !decks.iter().any(|d| d.1 == p)).collect();
    if unlisted.len() > 1 {
        unlisted.retain(|&p| shows_a_card(log, p));
    }
    let mut readings = Vec::new();
    for &(k, q, cards) in &decks {
        let twice = decks.iter().any(|&(j, r, other)| j != k && r == q && other != cards);
        if twice {
            readings.extend(unlisted.iter().map(|&player| HeaderReading::DeckOf { line: k, player }));
        }
    }
    readings
}

/// Whether the log shows a card of `p`'s: in a `hand` line, or played.
fn shows_a_card(log: &crate::model::log::Log, p: PlayerId) -> bool {
    log.lines.iter().any(|l| match &l.kind {
        LineKind::Hand { player, cards } => *player == p && cards.iter().any(|c| !matches!(c.card, Card::Unknown)),
        LineKind::Turn(t) => {
            t.player == p
                && t.steps
                    .iter()
                    .any(|s| matches!(&s.kind, StepKind::Play { card, .. } if !matches!(card.card, Card::Unknown)))
        }
        _ => false,
    })
}

/// `p`'s first `deck` line (the one the replay follows), and its cards.
fn deck_line(lines: &[Line], p: PlayerId) -> Option<(&Line, &CardCounts)> {
    lines.iter().find_map(|l| match &l.kind {
        LineKind::Deck { player, cards } if *player == p => Some((l, cards)),
        _ => None,
    })
}

/// Whether a line shows the game has troubles: a round's `trouble:` line, or a trouble action.
fn has_trouble(line: &crate::model::log::Line) -> bool {
    match &line.kind {
        LineKind::Trouble(_) => true,
        LineKind::Turn(t) => {
            t.steps.iter().any(|s| matches!(s.kind, StepKind::ActionDraw(_) | StepKind::ActionLose(_)))
        }
        _ => false,
    }
}

/// The seatings a slip of the pen makes of `seating` (clockwise from its first): each two
/// neighbours round the table swapped, and the order reversed, each table once (a seating and its
/// turn by one seat are the same table).
fn slips_of(seating: &[PlayerId]) -> Vec<Vec<PlayerId>> {
    let n = seating.len();
    if n < 3 {
        return Vec::new();
    }
    let mut reversed = seating.to_vec();
    reversed[1..].reverse();
    let swaps = (0..n).map(|i| {
        let mut s = seating.to_vec();
        s.swap(i, (i + 1) % n);
        s
    });
    let mut seen: Vec<Vec<PlayerId>> = vec![table(seating)];
    let mut slips = Vec::new();
    for s in swaps.chain(std::iter::once(reversed)) {
        let t = table(&s);
        if !seen.contains(&t) {
            seen.push(t);
            slips.push(s);
        }
    }
    slips
}

/// `seating` turned to start from its lowest player: one form for one table.
fn table(seating: &[PlayerId]) -> Vec<PlayerId> {
    let start = seating.iter().enumerate().min_by_key(|(_, q)| **q).map_or(0, |(i, _)| i);
    seating[start..].iter().chain(&seating[..start]).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[usize]) -> Vec<PlayerId> {
        v.iter().map(|&i| PlayerId(i as u8)).collect()
    }

    #[test]
    fn the_slips_of_a_table_are_each_other_table_once() {
        // Three players: every swap is the table the other way round.
        assert_eq!(slips_of(&ids(&[0, 1, 2])), vec![ids(&[1, 0, 2])]);
        // Four: four swaps (the last the first and fourth seats) and the reversal.
        let four = slips_of(&ids(&[0, 1, 2, 3]));
        assert_eq!(four.len(), 5);
        assert!(four.contains(&ids(&[0, 3, 2, 1])));
        assert!(four.contains(&ids(&[3, 1, 2, 0])));
        assert!(slips_of(&ids(&[0, 1])).is_empty());
    }
}
