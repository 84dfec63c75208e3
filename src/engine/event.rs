//! The one event vocabulary (FORMAT.md §8). Resolution lines parse into [`Event`]; its display
//! prints them back; `tribbles replay` prints the same lines. Variants are past-tense facts.

use crate::model::log::{CardCount, CardCounts, Zone};
use crate::model::{Card, Names, PlayerId, Points, PowerSpec, display_name};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The subject of a resolution line's event (see [`Event::subject`]), borrowed as the event is.
macro_rules! subject_of {
    ($event:expr) => {
        match $event {
            Event::Draws { player, .. }
            | Event::Discards { player, .. }
            | Event::Plays { player, .. }
            | Event::Puts { player, .. }
            | Event::Reveals { player, .. }
            | Event::Shuffles { player, .. }
            | Event::Scores { player, .. }
            | Event::Loses { player, .. } => Some(player),
            Event::GoesOut(p) | Event::IsDecked(p) | Event::IsSkipped(p) | Event::Passes(p) => Some(p),
            _ => None,
        }
    };
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Deck top to hand: named cards, or only how many.
    Draws {
        player: PlayerId,
        drawn: Drawn,
    },
    /// To the discard pile, from hand (the default), deck or pile.
    Discards {
        player: PlayerId,
        cards: CardCounts,
        from: Zone,
    },
    /// Hand to the top of the play pile outside the player's own turn (Stampede).
    Plays {
        player: PlayerId,
        card: Card,
    },
    Puts {
        player: PlayerId,
        cards: CardCounts,
        to: Destination,
        from: Source,
    },
    /// The top cards of the player's deck are shown.
    Reveals {
        player: PlayerId,
        cards: CardCounts,
    },
    /// The discard pile, the play pile or the hand is shuffled into the deck.
    Shuffles {
        player: PlayerId,
        from: Zone,
    },
    Scores {
        player: PlayerId,
        points: Points,
    },
    Loses {
        player: PlayerId,
        points: Points,
    },
    GoesOut(PlayerId),
    IsDecked(PlayerId),
    IsSkipped(PlayerId),
    Passes(PlayerId),
    DirectionReverses,
    ChainBreaks,
    TroubleShifts(String),
    /// The trouble shifted and the log does not say to which: the active trouble is unknown.
    TroubleHidden,
    /// A round begins: a new chain, clockwise, `first` to play.
    RoundStarts {
        round: u32,
        first: PlayerId,
    },
    /// The round is over; what follows is its scoring.
    RoundEnds(u32),
    /// Whose turn it is now, as the rules determine it.
    IsNext(PlayerId),
    /// The player takes no part in this round (decked with too few cards, TCC 2.1 Advanced Rules).
    SitsOut(PlayerId),
    /// The whole hand, whatever it holds, goes to the discard pile (the end of a round, being decked).
    DiscardsHand(PlayerId),
    /// A power was used whose effects the referee does not know (not yet implemented, or from a
    /// later set): from here on, what it could have changed is no longer taken as known.
    Unverified {
        player: PlayerId,
        power: PowerSpec,
    },
    /// The score sheet's total, adopted where the referee could not follow the scoring.
    TotalIs {
        player: PlayerId,
        points: Points,
    },
    /// The player's score this round cannot be computed (a pile card not recorded, a passive
    /// scoring power not yet followed): the sheet's figures will be adopted.
    ScoreUnverified(PlayerId),
    /// The player's hand can no longer be counted, nor the deck it drew from (a passive power not
    /// yet followed changed how many cards it was dealt; a draw from a deck that may run out).
    HandUnknown(PlayerId),
    /// An unknown number of cards, from none to the whole deck, went from the top of the player's
    /// deck into the hand (an unwritten Toxin reveal whose count the referee cannot see): neither
    /// is counted any longer, and the deck may be empty.
    DrawsUnknown(PlayerId),
    /// The player's play pile can no longer be known: a card may or may not have joined it
    /// (a move the log leaves out, from a deck that may be empty: ruling R26).
    PileUnknown(PlayerId),
    /// The player's discard pile may hold cards the referee does not count: a card that may or may
    /// not have gone there (a discard the log leaves out, by a player an unseen draw may have
    /// decked: ruling R34).
    DiscardsUnknown(PlayerId),
    /// The player may have scored this many points more than counted this round, unwritten (an
    /// activated Poison, ruling R36); `0`: no more (the sheet settled it).
    MayScore {
        player: PlayerId,
        points: Points,
    },
    /// What a power that may not have happened did to the player's cards is open (ruling R36):
    /// the zones named are no longer known (a deck holds at least `deck` cards), and the play
    /// pile's cards are not counted into the deck when it is shuffled in.
    ZonesUnknown {
        player: PlayerId,
        hand: bool,
        deck: Option<u32>,
        discard: bool,
    },
    /// At the round's end, the player may have been the last one in and gone out with the whole
    /// hand, or may have been decked (ruling R33): the hand's cards went to the play pile or the
    /// discard pile, and neither is counted any longer.
    MayGoOut(PlayerId),
    /// The new clockwise seating (BaH!).
    Reseated(Vec<PlayerId>),
    /// The next number is 1 and the chain is not broken (Famine).
    ChainRestarts,
    /// A Qapla' was played: the Ante pot's cards go to their owners' discard piles.
    PotEmpties,
    /// A card that may have been a Qapla' was played: the pot may have gone to the discard piles.
    PotMayEmpty,
    /// The pot may hold a card the referee does not know of (an Ante's card the log leaves out,
    /// from a player an unseen draw may have decked: ruling R34).
    PotUnknown,
    /// Nobody may play a card with this power until the end of the freezer's next turn (Freeze).
    Freezes {
        player: PlayerId,
        power: PowerSpec,
    },
    /// The freeze ends.
    Unfreezes {
        player: PlayerId,
        power: PowerSpec,
    },
    /// A player taken to have been decked at the deal takes a turn after all: back in the round.
    Rejoins(PlayerId),
    /// The player was decked at the deal, unseen (ruling R2): out of the round, the cards dealt
    /// discarded then. How many were dealt, and where they are now, is not known; the deck keeps
    /// whatever it has gained since.
    DeckedAtDeal(PlayerId),
    /// The referee takes the player to have been decked by a draw whose decking the log left out
    /// (R0707): as [`Event::DeckedAtDeal`], the hand's cards are put where the referee does not
    /// follow them and the deck is left as it was, so that the inference can be withdrawn.
    DeckedUnseen(PlayerId),
    /// Rival: the player's discard pile may have held a card of the named power, which would have
    /// left the game; the log does not say. The pile may now hold one card fewer.
    MayRemove(PlayerId),
    /// Score: the player will score the first card `target` plays on their next turn.
    Awaits {
        player: PlayerId,
        target: PlayerId,
    },
    /// That Score is over: it scored, or the target's next turn passed without a play.
    StopsAwaiting {
        player: PlayerId,
        target: PlayerId,
    },
    /// Scan: the player looked at the top cards of the deck (`seen`, top first) and put them back,
    /// `top` on the top (first listed topmost) and `bottom` beneath (last listed at the very
    /// bottom). With both lists empty the log does not say where they went: the deck's order is
    /// lost.
    /// The three lists are boxed slices, not `Vec`s, so that this rare event does not make every
    /// event larger (an `Event` is moved into the event list at each step).
    Scans {
        player: PlayerId,
        seen: Box<[Card]>,
        top: Box<[Card]>,
        bottom: Box<[Card]>,
    },
    /// A card from the player's own play pile is played again: it goes to the top and sets the
    /// chain (Replay).
    Replays {
        player: PlayerId,
        card: Card,
    },
}

impl Event {
    /// Another player's card leaves `host`'s pile during the round and goes on top of its
    /// owner's deck (TCC 2.1, Tribble Powers: ASSIMILATE, BJ).
    pub fn home(host: PlayerId, owner: PlayerId, card: Card) -> Event {
        Event::Puts {
            player: host,
            cards: CardCount { count: 1, owner: Some(owner), card, span: crate::model::Span::default() }.list(),
            to: Destination { place: Place::OnDeck, owner: Some(owner) },
            from: Source { zone: Zone::Pile, owner: None },
        }
    }

    /// The player a table's resolution line of this event begins with (`Matt discards …`,
    /// `Matt goes out`); `None` for the lines about no one player and the engine's own events.
    pub fn subject(&self) -> Option<PlayerId> {
        subject_of!(self).copied()
    }

    /// The player [`Self::subject`] gives, to read the line as another player's.
    pub fn subject_mut(&mut self) -> Option<&mut PlayerId> {
        subject_of!(self)
    }

    /// The cards a table's resolution line names in a list (drawn, discarded, put or revealed);
    /// none for the other lines.
    pub fn cards(&self) -> &[CardCount] {
        match self {
            Event::Draws { drawn: Drawn::Cards(cards), .. }
            | Event::Discards { cards, .. }
            | Event::Puts { cards, .. }
            | Event::Reveals { cards, .. } => cards,
            _ => &[],
        }
    }

    /// [`Self::cards`], to read one of them as another.
    pub fn cards_mut(&mut self) -> &mut [CardCount] {
        match self {
            Event::Draws { drawn: Drawn::Cards(cards), .. }
            | Event::Discards { cards, .. }
            | Event::Puts { cards, .. }
            | Event::Reveals { cards, .. } => cards,
            _ => &mut [],
        }
    }

    /// Whether a table's resolution line of this event names a player (as its subject, a zone's
    /// owner or a card's) of whom `pred` holds.
    pub fn names_any(&self, mut pred: impl FnMut(PlayerId) -> bool) -> bool {
        let mut owners = |cards: &CardCounts| cards.iter().filter_map(|c| c.owner).any(&mut pred);
        let named = match self {
            Event::Puts { cards, to, from, .. } => {
                owners(cards) || to.owner.into_iter().chain(from.owner).any(&mut pred)
            }
            Event::Discards { cards, .. } | Event::Reveals { cards, .. } => owners(cards),
            Event::Draws { drawn: Drawn::Cards(cards), .. } => owners(cards),
            Event::IsNext(p) => pred(*p),
            _ => false,
        };
        named || self.subject().is_some_and(pred)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Drawn {
    Count(u32),
    Cards(CardCounts),
}

impl Drawn {
    /// How many cards were drawn.
    pub fn count(&self) -> u32 {
        match self {
            Drawn::Count(n) => *n,
            Drawn::Cards(cards) => crate::model::log::total_count(cards),
        }
    }
}

/// Where `puts` sends cards; `owner` is set when it is another player's zone (`under Matt's pile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Destination {
    pub place: Place,
    pub owner: Option<PlayerId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    OnDeck,
    UnderDeck,
    OnPile,
    UnderPile,
    InPot,
    InHand,
    OutOfGame,
}

impl Place {
    pub const ALL: [Place; 7] = [
        Place::OnDeck,
        Place::UnderDeck,
        Place::OnPile,
        Place::UnderPile,
        Place::InPot,
        Place::InHand,
        Place::OutOfGame,
    ];

    /// The preposition and the zone word, as written.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Place::OnDeck => ("on", "deck"),
            Place::UnderDeck => ("under", "deck"),
            Place::OnPile => ("on", "pile"),
            Place::UnderPile => ("under", "pile"),
            Place::InPot => ("in", "pot"),
            Place::InHand => ("in", "hand"),
            Place::OutOfGame => ("out of", "game"),
        }
    }

    /// Whether a zone of this kind belongs to a player (and so may be another player's).
    pub fn is_owned(self) -> bool {
        !matches!(self, Place::InPot | Place::OutOfGame)
    }
}

/// Where `puts` takes cards from: the player's own hand unless the line says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    pub zone: Zone,
    pub owner: Option<PlayerId>,
}

impl Default for Source {
    fn default() -> Source {
        Source { zone: Zone::Hand, owner: None }
    }
}

impl Event {
    /// The resolution line for this event, with player names filled in.
    pub fn display<'a>(&'a self, names: &'a Names) -> impl fmt::Display + 'a {
        EventLine { event: self, names }
    }
}

struct EventLine<'a> {
    event: &'a Event,
    names: &'a Names,
}

/// Prints a card list the way the parser reads it back.
pub struct CardList<'a>(pub &'a [CardCount], pub &'a Names);

impl fmt::Display for CardList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if c.count != 1 {
                write!(f, "{}x ", c.count)?;
            }
            if let Some(owner) = c.owner {
                write!(f, "{}'s ", display_name(self.1.get(owner)))?;
            }
            write!(f, "{}", c.card)?;
        }
        Ok(())
    }
}

fn zone_of(f: &mut fmt::Formatter<'_>, names: &Names, owner: Option<PlayerId>, word: &str) -> fmt::Result {
    match owner {
        Some(o) => write!(f, "{}'s {word}", display_name(names.get(o))),
        None => f.write_str(word),
    }
}

impl fmt::Display for EventLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.names;
        let name = |p: PlayerId| display_name(n.get(p));
        match self.event {
            Event::Draws { player, drawn: Drawn::Count(k) } => write!(f, "{} draws {k}", name(*player)),
            Event::Draws { player, drawn: Drawn::Cards(cards) } => {
                write!(f, "{} draws {}", name(*player), CardList(cards, n))
            }
            Event::Discards { player, cards, from } => {
                write!(f, "{} discards {}", name(*player), CardList(cards, n))?;
                match from {
                    Zone::Hand => Ok(()),
                    other => write!(f, " from {}", other.keyword()),
                }
            }
            Event::Plays { player, card } => write!(f, "{} plays {card}", name(*player)),
            Event::Puts { player, cards, to, from } => {
                let (prep, word) = to.place.words();
                write!(f, "{} puts {} {prep} ", name(*player), CardList(cards, n))?;
                zone_of(f, n, to.owner, word)?;
                if *from != Source::default() {
                    f.write_str(" from ")?;
                    zone_of(f, n, from.owner, from.zone.keyword())?;
                }
                Ok(())
            }
            Event::Reveals { player, cards } => {
                write!(f, "{} reveals {}", name(*player), CardList(cards, n))
            }
            Event::Shuffles { player, from } => {
                write!(f, "{} shuffles {} into deck", name(*player), from.keyword())
            }
            Event::Scores { player, points } => write!(f, "{} scores {points}", name(*player)),
            Event::Loses { player, points } => write!(f, "{} loses {points}", name(*player)),
            Event::GoesOut(p) => write!(f, "{} goes out", name(*p)),
            Event::IsDecked(p) => write!(f, "{} is decked", name(*p)),
            Event::IsSkipped(p) => write!(f, "{} is skipped", name(*p)),
            Event::Passes(p) => write!(f, "{} passes", name(*p)),
            Event::DirectionReverses => f.write_str("direction reverses"),
            Event::ChainBreaks => f.write_str("chain breaks"),
            Event::TroubleShifts(t) => write!(f, "trouble shifts to {t}"),
            Event::TroubleHidden => f.write_str("trouble shifts"),
            Event::RoundStarts { round, first } => write!(f, "round {round} starts with {}", name(*first)),
            Event::RoundEnds(round) => write!(f, "round {round} ends"),
            Event::IsNext(p) => write!(f, "{} is next", name(*p)),
            Event::SitsOut(p) => write!(f, "{} sits out", name(*p)),
            Event::DiscardsHand(p) => write!(f, "{} discards hand", name(*p)),
            Event::Unverified { player, power } => write!(f, "{} uses {power} unverified", name(*player)),
            Event::TotalIs { player, points } => write!(f, "{} totals {points}", name(*player)),
            Event::ScoreUnverified(p) => write!(f, "{} scores unverified", name(*p)),
            Event::HandUnknown(p) => write!(f, "{} holds unknown", name(*p)),
            Event::DrawsUnknown(p) => write!(f, "{} draws unknown", name(*p)),
            Event::PileUnknown(p) => write!(f, "{} piles unknown", name(*p)),
            Event::DiscardsUnknown(p) => write!(f, "{} discards unknown", name(*p)),
            Event::MayGoOut(p) => write!(f, "{} may go out with the hand", name(*p)),
            Event::ZonesUnknown { player, hand, deck, discard } => {
                write!(f, "{} zones unknown", name(*player))?;
                let mut parts = Vec::new();
                if *hand {
                    parts.push("hand".to_string());
                }
                if *discard {
                    parts.push("discard pile".to_string());
                }
                // Last: a number's digit groups may be set off by commas.
                if let Some(n) = deck {
                    parts.push(format!("deck of at least {n}"));
                }
                if !parts.is_empty() {
                    write!(f, ": {}", parts.join(", "))?;
                }
                Ok(())
            }
            Event::MayScore { player, points } => write!(f, "{} may score {points}", name(*player)),
            Event::ChainRestarts => f.write_str("chain restarts"),
            Event::PotEmpties => f.write_str("pot empties"),
            Event::PotMayEmpty => f.write_str("pot may empty"),
            Event::PotUnknown => f.write_str("pot unknown"),
            Event::Rejoins(p) => write!(f, "{} rejoins", name(*p)),
            Event::DeckedAtDeal(p) => write!(f, "{} was decked at the deal", name(*p)),
            Event::DeckedUnseen(p) => write!(f, "{} was decked unseen", name(*p)),
            Event::Freezes { player, power } => write!(f, "{} freezes {power}", name(*player)),
            Event::Unfreezes { player, power } => write!(f, "{} unfreezes {power}", name(*player)),
            Event::Replays { player, card } => write!(f, "{} replays {card}", name(*player)),
            Event::MayRemove(p) => write!(f, "{} may remove a discarded card", name(*p)),
            Event::Awaits { player, target } => {
                write!(f, "{} awaits {}'s next play", name(*player), name(*target))
            }
            Event::StopsAwaiting { player, target } => {
                write!(f, "{} stops awaiting {}'s play", name(*player), name(*target))
            }
            Event::Scans { player, seen, top, bottom } => {
                let list = |cards: &[Card]| cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
                if top.is_empty() && bottom.is_empty() {
                    let n = seen.len();
                    return write!(f, "{} scans {n} card{} back unseen", name(*player), crate::diagnostics::plural(n));
                }
                write!(f, "{} scans {}:", name(*player), list(seen))?;
                if !top.is_empty() {
                    write!(f, " top {}", list(top))?;
                }
                if !bottom.is_empty() {
                    write!(f, " bottom {}", list(bottom))?;
                }
                Ok(())
            }
            Event::Reseated(order) => {
                let list = order.iter().map(|p| name(*p).into_owned()).collect::<Vec<_>>().join(", ");
                write!(f, "players reseat as {list}")
            }
        }
    }
}
