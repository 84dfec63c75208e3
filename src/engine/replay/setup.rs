//! The header: seating, ruleset, rounds, troubles and decks, each tag given once.

use crate::diagnostics::{Code, Diagnostic, plural};
use crate::engine::state::State;
use crate::engine::zone::{Collection, Deck, Hidden};
use crate::model::log::{CardCounts, Line, LineKind, PositionLine, Ruleset, guest_card, total_count};
use crate::model::{PlayerId, Span};

use super::Referee;

impl<'a> Referee<'a> {
    /// Whether `line` is the first of its header tag (`slot` keeps it): a later one with another
    /// value is reported, and the first holds.
    fn first_given<'l>(&mut self, slot: &mut Option<(&'l LineKind, Span)>, line: &'l Line, tag: &str) -> bool {
        match *slot {
            Some((first, span)) => {
                if *first != line.kind {
                    self.repeated(line.span, span, &format!("`{tag}:` is given a second time, differently"));
                }
                false
            }
            None => {
                *slot = Some((&line.kind, line.span));
                true
            }
        }
    }

    /// Reads the header: seating, ruleset, rounds, decks. Returns false for a fragment.
    pub(super) fn setup(&mut self) -> bool {
        let log = self.log;
        let mut ruleset = Ruleset::Tcc21;
        let mut rounds = 5;
        let mut troubles = false;
        let mut seated = false;
        self.trouble_cards = vec![crate::engine::trouble::sickbay()];
        let mut decks: Vec<Option<(CardCounts, Span)>> = vec![None; log.names.len()];
        // A header line given again with another value: the first holds.
        let mut given: [Option<(&LineKind, Span)>; 3] = [None; 3];
        let named = match self.header_reading {
            Some(super::header::HeaderReading::DeckOf { line, player }) => Some((line, player)),
            _ => None,
        };
        for (k, line) in log.lines.iter().enumerate() {
            match &line.kind {
                LineKind::Ruleset(r) if self.first_given(&mut given[0], line, "ruleset") => ruleset = *r,
                LineKind::Rounds(n) if self.first_given(&mut given[1], line, "rounds") => rounds = *n,
                LineKind::Troubles(on) if self.first_given(&mut given[2], line, "troubles") => troubles = *on,
                LineKind::TroubleCard(card) => self.trouble_cards.push(card.clone()),
                LineKind::Players(_) => seated = true,
                LineKind::Position(PositionLine::Players(_)) => seated = true,
                LineKind::Position(PositionLine::Ruleset(r)) => ruleset = *r,
                LineKind::Position(PositionLine::Troubles(on)) => troubles = *on,
                LineKind::Deck { player, cards } => {
                    // The player whose list a header reading takes the line to be.
                    let player = named.filter(|n| n.0 == k).map_or(*player, |n| n.1);
                    match decks.get_mut(player.index()) {
                        Some(Some((first, span))) if first != cards => {
                            let span = *span;
                            let name = log.names.get(player);
                            self.repeated(
                                line.span,
                                span,
                                &format!("{name}'s decklist is given a second time, differently"),
                            );
                        }
                        Some(Some(_)) => {}
                        Some(slot) => *slot = Some((cards.clone(), line.span)),
                        None => {}
                    }
                }
                _ => {}
            }
        }
        if !seated {
            if log.lines.iter().any(|l| matches!(l.kind, LineKind::Turn(_) | LineKind::Round(_))) {
                let span = log.lines.first().map_or(Span::default(), |l| l.span);
                self.report(
                    Diagnostic::new(
                        Code::NoSeating,
                        span,
                        "no `players:` line: only the syntax of this log is checked",
                    )
                    .label("a fragment")
                    .help("add `players:` with the seating to have the rules checked"),
                );
            } else if log.lines.iter().all(|l| {
                matches!(
                    l.kind,
                    LineKind::Comment { .. }
                        | LineKind::Version(_)
                        | LineKind::Text { .. }
                        | LineKind::UnknownTag { .. }
                )
            }) {
                // A fragment may hold decklists or hands alone (ruling F1); one with nothing of a
                // game is most likely a file saved empty or cut short.
                let span = log.lines.first().map_or(Span::default(), |l| l.span);
                self.report(
                    Diagnostic::new(Code::EmptyLog, span, "the log records nothing of a game")
                        .label("no players, decklists, hands, rounds or turns")
                        .help("check that the file holds the whole log"),
                );
            }
            self.refereed = false;
            return false;
        }
        if let Some(reading) = self.header_reading.clone() {
            self.header_report(&reading);
            match reading {
                super::header::HeaderReading::Ruleset(r) => ruleset = r,
                super::header::HeaderReading::Troubles => troubles = true,
                super::header::HeaderReading::Decks(p, q) => decks.swap(p.index(), q.index()),
                super::header::HeaderReading::DeckCard(p, i, card) => {
                    let deck = decks.get_mut(p.index()).and_then(|d| d.as_mut());
                    if let Some(group) = deck.and_then(|(cards, _)| cards.get_mut(i)) {
                        group.card = card;
                    }
                }
                super::header::HeaderReading::DeckCount(p) => {
                    let deck = decks.get_mut(p.index()).and_then(|d| d.as_mut());
                    if let Some(group) = deck.and_then(|(cards, _)| cards.last_mut()) {
                        group.count = group.count.saturating_add(1);
                    }
                }
                super::header::HeaderReading::Seating(_) | super::header::HeaderReading::DeckOf { .. } => {}
            }
        }
        let n = log.names.len();
        let (lo, hi) = ruleset.table_sizes();
        if n < lo || n > hi {
            let span = log
                .lines
                .iter()
                .find(|l| matches!(l.kind, LineKind::Players(_) | LineKind::Position(PositionLine::Players(_))))
                .map_or(Span::default(), |l| l.span);
            self.report(
                Diagnostic::new(
                    Code::PlayerCount,
                    span,
                    format!("{n} player{}; {} plays with {lo} to {hi}", plural(n), ruleset.keyword()),
                )
                .label("table size"),
            );
        }
        let mut deck_states = Vec::new();
        let mut collections = Vec::new();
        for (k, deck) in decks.into_iter().enumerate() {
            match deck {
                None => {
                    // The size is unknown, but a legal deck holds at least the ruleset's minimum.
                    let at_least = ruleset.deck_minimum();
                    deck_states
                        .push(Deck { middle: Hidden { unknown: at_least, ..Hidden::unbounded() }, ..Deck::default() });
                    collections.push(None);
                }
                Some((cards, span)) => {
                    let total = total_count(&cards);
                    let minimum = ruleset.deck_minimum();
                    if total < minimum {
                        self.report(
                            Diagnostic::new(Code::DeckTooSmall, span, format!("{}'s deck has {total} card{}; {} needs at least {minimum}", log.names.get(PlayerId(k as u8)), plural(total), ruleset.title()))
                                .label("below the minimum")
                                .help("the Decipher 2000 preconstructed decks (26-30 cards) are legal with `ruleset: decipher-2000`"),
                        );
                    }
                    // A deck is built from its player's own collection (F13).
                    if let Some((owner, c)) = guest_card(PlayerId(k as u8), &cards) {
                        let whose = log.names.get(PlayerId(k as u8));
                        self.report(
                            Diagnostic::new(
                                Code::NotInDecklist,
                                c.span,
                                format!("{whose}'s decklist cannot hold {}'s {}", log.names.get(owner), c.card),
                            )
                            .label("another player's card")
                            .help(format!("a decklist lists {whose}'s own cards: drop the owner's name")),
                        );
                    }
                    deck_states.push(Deck { middle: Hidden::unknown(total), ..Deck::default() });
                    let whole = cards.iter().all(|c| c.card.power_recorded());
                    collections.push(whole.then(|| Collection::from_counts(cards.iter().map(|c| (c.card, c.count)))));
                }
            }
        }
        self.state = State::new(ruleset, rounds, log.names.clone(), deck_states, collections);
        if let Some(super::header::HeaderReading::Seating(seating)) = &self.header_reading {
            self.state.seating.clone_from(seating);
        }
        self.state.troubles = troubles;
        self.setup_diags = self.diags.len();
        true
    }
}
