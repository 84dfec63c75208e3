//! The state of a game and [`State::apply`], which folds one event into it. `apply` holds no
//! rules: it records what happened, even where the rules were broken, and never fails.

use super::event::{Drawn, Event, Place};
use super::zone::{ClearInto, Collection, Deck, Hidden, Impossible, Pile, compatible};
use crate::model::log::{CardCount, Direction, Ruleset, Zone};
use crate::model::{Card, Denomination, Names, PlayerId, Points, Power, PowerSpec};

/// A player's standing in the current round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    In,
    /// Went out this round.
    Out,
    /// Could not draw: out for the rest of the round, scores nothing.
    Decked,
    /// Takes no part in this round.
    SittingOut,
}

/// How many of a player's last gains of detail [`Player::gained_since`] remembers: a dealt hand's
/// and a turn's worth.
pub const RECENT_GAINS: usize = 16;

#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub hand: Hidden,
    pub deck: Deck,
    /// Bottom to top.
    pub pile: Pile,
    pub discard: Hidden,
    pub score: Points,
    /// Points scored this round.
    pub round_points: Points,
    pub status: Status,
    /// The play pile's contents are not known: a position block that does not give it, or a card
    /// that may or may not have joined it ([`Event::PileUnknown`]). Cleared by the shuffle that
    /// empties the pile.
    pub pile_unknown: bool,
    /// A power whose effects are not followed may have taken cards off the pile unseen (MUTATE
    /// shuffles it away): the cards the referee has in it are trusted as the top of the pile, but
    /// not counted into the deck when the pile is shuffled in. Cleared by that shuffle.
    pub pile_doubtful: bool,
    /// A move the log leaves out (an Assimilate's, a power not followed) may have put another
    /// player's card on the pile: at the shuffle every other deck may take one home uncounted.
    /// Cleared by that shuffle.
    pub guests_open: bool,
    /// The [`State::turns_passed`] when a card last left the hand one by one (played, put,
    /// discarded): a hand the referee cannot count can only have emptied in that turn.
    pub hand_given_at: u32,
    /// The deck may have gained a card since the round's deal (a card put on or under it, a pile
    /// shuffled into it, a power not followed). Until it has, a card leaving it shows that the
    /// deal did not empty it.
    pub deck_gained: bool,
    /// The player's own cards removed from the game (Rival); they come back at the game's end.
    pub out_of_game: Vec<Card>,
    /// How many times the player's located cards (see [`State::located`]) have gained in
    /// detail: a card entered a zone from where it was not known as such (drawn from an unknown
    /// deck, named where a `?` was). The decklist check compares it with the count it last
    /// checked: only new detail can break the list.
    pub gains: u32,
    /// The cards of the last gains, the gain that made `gains` equal to `g` at
    /// `g % RECENT_GAINS`; `None` for a change not followed card by card (several cards changing
    /// hands, a Scan, a position block).
    pub recent_gains: [Option<Card>; RECENT_GAINS],
    /// Points the player may have scored beyond those counted, and in which round: a power that
    /// may have happened unwritten (an activated Poison, ruling R36). The sheet's first points or
    /// totals line for the player settles it.
    pub may_add: Option<(u32, Points)>,
}

impl Player {
    fn new(deck: Deck) -> Player {
        Player {
            // Room for a round's usual hand, pile and discards, which otherwise grow by steps.
            hand: Hidden { known: Vec::with_capacity(8), ..Hidden::default() },
            deck,
            pile: Pile::with_capacity(16),
            discard: Hidden { known: Vec::with_capacity(16), ..Hidden::default() },
            score: Points(0),
            round_points: Points(0),
            status: Status::In,
            pile_unknown: false,
            guests_open: false,
            pile_doubtful: false,
            hand_given_at: u32::MAX,
            deck_gained: false,
            out_of_game: Vec::new(),
            gains: 1,
            recent_gains: [None; RECENT_GAINS],
            may_add: None,
        }
    }

    /// Notes that `got` entered a located zone, which held `seen` as such before when `had`.
    /// A card the zone gave back more precise than `seen` was already known there.
    fn note(&mut self, seen: &Card, got: &Card, had: bool) {
        if had || got != seen || matches!(got, Card::Unknown) {
            return;
        }
        self.gains += 1;
        self.recent_gains[self.gains as usize % RECENT_GAINS] = Some(*got);
    }

    /// Notes a change of the located cards that is not followed card by card.
    pub fn note_many(&mut self) {
        self.gains += 1;
        self.recent_gains[self.gains as usize % RECENT_GAINS] = None;
    }

    /// The card of the last gain, when it was one card.
    pub fn last_gain(&self) -> Option<&Card> {
        self.recent_gains[self.gains as usize % RECENT_GAINS].as_ref()
    }

    /// The cards gained after the first `since` gains, when each of those gains was one card and
    /// all are still remembered.
    pub fn gained_since(&self, since: u32) -> Option<impl Iterator<Item = &Card> + Clone> {
        let new = self.gains.checked_sub(since)?;
        if new as usize > RECENT_GAINS {
            return None;
        }
        let gained = (since + 1..=self.gains).map(|g| self.recent_gains[g as usize % RECENT_GAINS].as_ref());
        gained.clone().all(|c| c.is_some()).then(|| gained.flatten())
    }

    /// Still taking turns this round.
    pub fn is_in(&self) -> bool {
        self.status == Status::In
    }
}

/// What the last play left for the next player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The last denomination played in this round's chain, if any and if known.
    pub last: Option<Denomination>,
    pub by: Option<PlayerId>,
    /// The player after the last card's player did not play.
    pub broken: bool,
}

/// What the referee can no longer verify, after a power whose effects it does not know.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fog {
    /// Whose turn it is may differ from the seating (until the round ends).
    pub turn_order: bool,
    /// The next play's denomination is not checked (until a card is played).
    pub next_play: bool,
    /// Scores may differ from the referee's count (until the sheet's totals are adopted).
    pub scores: bool,
    /// Cards may have moved between zones unseen (until the game ends): decklist checks stop.
    pub cards: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub ruleset: Ruleset,
    pub troubles: bool,
    /// How many rounds the game has.
    pub rounds: u32,
    pub names: Names,
    /// Clockwise from the first seat.
    pub seating: Vec<PlayerId>,
    pub direction: Direction,
    /// The current (or last) round; 0 before the first.
    pub round: u32,
    pub in_round: bool,
    /// Whose turn it is, as the rules determine it.
    pub next: Option<PlayerId>,
    pub chain: Chain,
    pub players: Vec<Player>,
    pub fog: Fog,
    /// How many times the turn has passed (`IsNext`): the cards a player gives in a turn are
    /// stamped with it.
    pub turns_passed: u32,
    /// Each player's decklist, when the log gives one. Setup, not changed by events.
    pub collections: Vec<Option<Collection>>,
    pub trouble: Option<String>,
    /// Freezes in force: the power, and the player whose next turn ends it.
    pub frozen: Vec<(PowerSpec, PlayerId)>,
    /// The Ante pot: its cards, face down, with their owners when known. It persists across
    /// rounds until a Qapla' is played (TCC 2.1, Tribble Powers: ANTE).
    pub pot: Vec<(Card, Option<PlayerId>)>,
    /// The pot may hold more cards than `pot` lists: a power the referee does not follow could have
    /// added some, a card that may have been a Qapla' may have emptied it, or a position block did
    /// not give it.
    pub pot_unknown: bool,
    /// Scores in force: who scores, and whose next turn's first play (SCORE).
    pub awaiting: Vec<(PlayerId, PlayerId)>,
}

impl State {
    /// A game before its first round: decks as the header gives them (a decklist, a size, or
    /// nothing known).
    pub fn new(
        ruleset: Ruleset,
        rounds: u32,
        names: Names,
        decks: Vec<Deck>,
        collections: Vec<Option<Collection>>,
    ) -> State {
        let seating = names.ids().collect();
        State {
            ruleset,
            troubles: false,
            rounds,
            names,
            seating,
            direction: Direction::Clockwise,
            round: 0,
            in_round: false,
            next: None,
            chain: Chain::default(),
            players: decks.into_iter().map(Player::new).collect(),
            fog: Fog::default(),
            turns_passed: 0,
            collections,
            trouble: None,
            frozen: Vec::new(),
            pot: Vec::new(),
            pot_unknown: false,
            awaiting: Vec::new(),
        }
    }

    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.index()]
    }

    fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        &mut self.players[p.index()]
    }

    /// `p`'s decklist read with one more `card` on it, as its `deck` line would have set the game
    /// up had it listed the card (the lists are the header's, not events): the deck holds one more
    /// unknown card (a card the list left out, ruling R4). False where `p` has no whole decklist or
    /// the card is not whole.
    pub(crate) fn list_one_more(&mut self, p: PlayerId, card: Card) -> bool {
        let Some(Some(list)) = self.collections.get_mut(p.index()) else { return false };
        if !card.power_recorded() {
            return false;
        }
        *list = Collection::from_counts(list.cards.iter().copied().chain([(card, 1)]));
        let middle = &mut self.player_mut(p).deck.middle;
        middle.unknown = middle.unknown.saturating_add(1);
        true
    }

    /// The next player after `p` in the current direction who is still in the round.
    pub fn next_in_turn(&self, p: PlayerId) -> Option<PlayerId> {
        self.next_toward(p, self.direction)
    }

    /// The next player after `p` going `direction` round the table who is still in the round.
    pub fn next_toward(&self, p: PlayerId, direction: Direction) -> Option<PlayerId> {
        let n = self.seating.len();
        let mut i = self.seating.iter().position(|&q| q == p)?;
        // One seat on at a time, wrapping round the table: every turn asks this, and a division a
        // seat (`%`) took a tenth of a microsecond here.
        for _ in 0..n {
            i = match direction {
                Direction::Clockwise if i + 1 == n => 0,
                Direction::Clockwise => i + 1,
                Direction::Counterclockwise if i == 0 => n - 1,
                Direction::Counterclockwise => i - 1,
            };
            let q = self.seating[i];
            if self.player(q).is_in() {
                return Some(q);
            }
        }
        None
    }

    /// Every card the player owns whose identity is known, for the decklist check: in the
    /// player's own zones, in other players' piles (Assimilate, BiJ) and in the pot.
    pub fn located(&self, p: PlayerId) -> impl Iterator<Item = &Card> + Clone {
        let pl = self.player(p);
        let away =
            self.players.iter().flat_map(|q| q.pile.located_guests()).filter(move |(_, o)| *o == p).map(|(c, _)| c);
        let pot = self.pot.iter().filter(move |(c, o)| *o == Some(p) && self.pot_holds(c)).map(|(c, _)| c);
        pl.hand
            .known
            .iter()
            .chain(pl.deck.known_cards())
            .chain(pl.pile.owned())
            .chain(pl.discard.known.iter())
            .chain(pl.out_of_game.iter())
            .chain(away)
            .chain(pot)
    }

    /// Some player's points may be higher than counted, the sheet not having said yet (ruling
    /// R36).
    pub fn scores_open(&self) -> bool {
        self.players.iter().any(|p| p.may_add.is_some())
    }

    /// Whether the pot surely holds a card it lists: not an unnamed one while the pot is in doubt
    /// (an Ante's card from a hand that may have been empty may never have gone in), so that such
    /// a card counts for no decklist.
    fn pot_holds(&self, c: &Card) -> bool {
        !self.pot_unknown || *c != Card::Unknown
    }

    /// How many cards [`State::located`] yields, counted zone by zone.
    pub fn located_len(&self, p: PlayerId) -> usize {
        let pl = self.player(p);
        let away: usize = self.players.iter().map(|q| q.pile.located_guests_of(p)).sum();
        let pot = self.pot.iter().filter(|(c, o)| *o == Some(p) && self.pot_holds(c)).count();
        pl.hand.known.len()
            + pl.deck.known_len()
            + pl.pile.owned_len()
            + pl.discard.known.len()
            + pl.out_of_game.len()
            + away
            + pot
    }

    /// Folds one event into the state.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Draws { player, drawn } => {
                let pl = self.player_mut(*player);
                let (count, named) = match drawn {
                    Drawn::Count(n) => (*n as usize, &[][..]),
                    Drawn::Cards(list) => (0, &list[..]),
                };
                for seen in std::iter::repeat_n(&Card::Unknown, count).chain(each(named)) {
                    let (got, had) = draw_noting(&mut pl.deck, seen);
                    pl.note(seen, &got, had);
                    pl.hand.add(got);
                }
            }
            Event::Discards { player, cards, from } => {
                for seen in each(cards) {
                    let (got, _) = self.take_from(*player, *from, seen);
                    self.player_mut(*player).discard.add(got);
                }
            }
            Event::Plays { player, card } => {
                let (got, _) = self.take_from(*player, Zone::Hand, card);
                let denomination = got.denomination();
                self.player_mut(*player).pile.push(got, None);
                self.chain = Chain { last: denomination, by: Some(*player), broken: false };
                // A card whose number was not recorded leaves the next play's unchecked.
                self.fog.next_play = denomination.is_none();
            }
            Event::Puts { player, cards: list, to, from } => {
                let source = from.owner.unwrap_or(*player);
                let target = to.owner.unwrap_or(*player);
                // Cards that change hands join the target's located cards, unless they go to a pile
                // or the pot: there each stays its owner's (a pile's guest), as located as before.
                if target != source && !matches!(to.place, Place::OnPile | Place::UnderPile | Place::InPot) {
                    self.player_mut(target).note_many();
                }
                if matches!(to.place, Place::OnDeck | Place::UnderDeck) {
                    self.player_mut(target).deck_gained = true;
                }
                // Several cards put under a deck go in an order their player chooses and nobody
                // sees (Process, Masaka): they join the deck's unordered middle.
                if to.place == Place::UnderDeck && each(list).nth(1).is_some() {
                    for seen in each(list) {
                        let (got, _) = self.take_from(source, from.zone, seen);
                        let pl = self.player_mut(target);
                        pl.deck.bottom.clear_into(&mut pl.deck.middle);
                        pl.deck.middle.add(got);
                    }
                    return;
                }
                // Several cards put under a pile go as a stack listed bottom to top, as a pile is
                // written (Battle: the first card revealed lowest).
                // A card keeps its owner wherever it goes: in another player's pile it is a guest.
                let owned = list.iter().flat_map(|c| std::iter::repeat_n((&c.card, c.owner), c.count as usize));
                for (i, (seen, named)) in owned.enumerate() {
                    let (got, owner) = self.take_owned(source, from.zone, seen, named);
                    let owner = owner.unwrap_or(source);
                    let guest = (owner != target).then_some(owner);
                    if to.place == Place::InPot {
                        self.pot.push((got, Some(owner)));
                        continue;
                    }
                    let pl = self.player_mut(target);
                    match to.place {
                        Place::OnDeck => pl.deck.top.push(got),
                        Place::UnderDeck => pl.deck.bottom.insert(0, got),
                        Place::OnPile => pl.pile.push(got, guest),
                        Place::UnderPile => pl.pile.insert(i, got, guest),
                        Place::InHand => pl.hand.add(got),
                        Place::OutOfGame | Place::InPot => pl.out_of_game.push(got),
                    }
                }
            }
            Event::Shuffles { player, from } => {
                let in_round = self.in_round;
                let mut guests = Vec::new();
                let mut doubtful = false;
                let mut unknown = false;
                let pl = self.player_mut(*player);
                let moved: u32 = match from {
                    Zone::Discard => take_count(&mut pl.discard),
                    Zone::Pile => {
                        let mut own = 0;
                        for (c, owner) in pl.pile.drain() {
                            match owner {
                                Some(o) => guests.push((c, o)),
                                None => own += 1,
                            }
                        }
                        if pl.pile_unknown || pl.pile_doubtful {
                            // Unseen cards may be in the pile, and with a doubtful pile the cards
                            // the referee has in it may be gone: the deck takes any number.
                            pl.deck.middle.unbounded = true;
                            doubtful = pl.pile_doubtful;
                            unknown = pl.guests_open;
                            pl.guests_open = false;
                            if doubtful {
                                own = 0;
                            }
                            pl.pile_unknown = false;
                            pl.pile_doubtful = false;
                        }
                        own
                    }
                    Zone::Hand => take_count(&mut pl.hand),
                    Zone::Deck => 0,
                };
                let unbounded = matches!(from, Zone::Discard) && pl.discard.unbounded
                    || matches!(from, Zone::Hand) && pl.hand.unbounded;
                pl.deck_gained |= *from != Zone::Deck;
                pl.deck.shuffle_in(moved);
                if unbounded {
                    pl.deck.middle.unbounded = true;
                }
                // Other players' cards go home: on top of the owner's deck during a round (Mutate),
                // shuffled into it at the round's end (ASSIMILATE, BJ).
                for (c, o) in guests {
                    self.player_mut(o).deck_gained = true;
                    let deck = &mut self.player_mut(o).deck;
                    if doubtful {
                        deck.middle.unbounded = true;
                    } else if in_round {
                        deck.top.push(c);
                    } else {
                        deck.shuffle_in(1);
                    }
                }
                // A pile that may hold unseen cards of other players' (an unwritten Assimilate):
                // each other deck may take a card home it did not count.
                if unknown {
                    for (i, pl) in self.players.iter_mut().enumerate() {
                        if i != player.index() {
                            pl.deck_gained = true;
                            let deck = &mut pl.deck;
                            if in_round {
                                deck.top.clear_into(&mut deck.middle);
                            }
                            deck.middle.unbounded = true;
                        }
                    }
                }
            }
            Event::DiscardsHand(p) => {
                // A player decked during the round discards the hand at once: the draw the deck
                // could not give emptied it, even where its size was not known. (One taken to
                // have been decked at the deal is not emptied here: that deck keeps what it has
                // gained since the deal.) A pile that may hold unseen cards rebuilds the deck
                // uncounted at the round's end (`Shuffles`).
                let in_round = self.in_round;
                let pl = self.player_mut(*p);
                if in_round && pl.status == Status::Decked && pl.deck.len().is_none() {
                    pl.deck = Deck::default();
                }
                let unbounded = pl.hand.unbounded;
                // The hand keeps its room for the next round's cards.
                for c in pl.hand.known.drain(..) {
                    pl.discard.add(c);
                }
                pl.discard.unknown = pl.discard.unknown.saturating_add(std::mem::take(&mut pl.hand.unknown));
                pl.hand.unbounded = false;
                pl.discard.unbounded |= unbounded;
            }
            Event::Scores { player, points } => {
                let pl = self.player_mut(*player);
                pl.score = Points(pl.score.0.saturating_add(points.0));
                pl.round_points = Points(pl.round_points.0.saturating_add(points.0));
            }
            Event::Loses { player, points } => {
                let pl = self.player_mut(*player);
                pl.score = Points(pl.score.0.saturating_sub(points.0));
            }
            Event::ScoreUnverified(_) => self.fog.scores = true,
            Event::HandUnknown(p) => {
                // As many cards as the hand may hold beyond those counted may still be in the
                // deck (a Time Warp deals fewer): neither is counted any longer. The hand holds
                // at least the cards the referee knows in it, the deck at least what it counted.
                let pl = self.player_mut(*p);
                pl.hand.unbounded = true;
                pl.hand.unknown = 0;
                pl.deck.middle.unbounded = true;
            }
            Event::DrawsUnknown(p) => {
                // The hand gained what the deck lost, and nobody knows how much.
                let pl = self.player_mut(*p);
                pl.hand.unbounded = true;
                pl.deck = Deck::unknown();
            }
            Event::DiscardsUnknown(p) => self.player_mut(*p).discard.unbounded = true,
            Event::MayScore { player, points } => {
                let round = self.round;
                self.player_mut(*player).may_add = (points.0 > 0).then_some((round, *points));
            }
            Event::ZonesUnknown { player, hand, deck, discard } => {
                let pl = self.player_mut(*player);
                if *hand {
                    pl.hand = Hidden::unbounded();
                }
                if let Some(n) = deck {
                    pl.deck = Deck { middle: Hidden { unknown: *n, ..Hidden::unbounded() }, ..Deck::unknown() };
                    pl.deck_gained = true;
                }
                if *discard {
                    pl.discard = Hidden::unbounded();
                }
                pl.pile_doubtful = true;
            }
            Event::MayGoOut(p) => {
                // The hand's cards are in the pile or the discard pile: located in neither.
                let pl = self.player_mut(*p);
                pl.hand = Hidden::default();
                pl.discard.unbounded = true;
                pl.pile_unknown = true;
            }
            Event::PotUnknown => self.pot_unknown = true,
            Event::PileUnknown(p) => {
                let pl = self.player_mut(*p);
                pl.pile_unknown = true;
                pl.guests_open = true;
            }
            Event::Reseated(order) => self.seating = order.clone(),
            Event::TotalIs { player, points } => {
                self.player_mut(*player).score = *points;
                self.player_mut(*player).may_add = None;
                self.fog.scores = false;
            }
            Event::GoesOut(p) => self.player_mut(*p).status = Status::Out,
            Event::IsDecked(p) => {
                self.player_mut(*p).status = Status::Decked;
                // Nobody scores from a decked player (SCORE).
                self.awaiting.retain(|(_, t)| t != p);
            }
            Event::SitsOut(p) => self.player_mut(*p).status = Status::SittingOut,
            Event::Rejoins(p) => self.player_mut(*p).status = Status::In,
            Event::DeckedAtDeal(p) | Event::DeckedUnseen(p) => {
                // A Score waiting on the player stays: the inference may be withdrawn, and a
                // decked player plays nothing for it to score.
                let by_draw = matches!(event, Event::DeckedUnseen(_));
                let pl = self.player_mut(*p);
                pl.status = Status::Decked;
                // The cards dealt went to the discard pile then, but how many there were is not
                // known (the referee dealt seven), and the discard pile may have gone into the
                // deck since (Recycle): it may hold any of them, and they are known nowhere.
                pl.discard.unbounded |= pl.hand.min_len() > 0 || pl.hand.unbounded;
                // Decked by an unseen draw from a deck that has gained cards this round (a
                // Recycle): a power aimed at the player since the draw (a Draw) may have brought
                // cards into the hand, which a decked player keeps (ruling R12; long written
                // sweep game 1417480). Which of the hand's cards came so is not known.
                pl.hand = if by_draw && pl.deck_gained { Hidden::unbounded() } else { Hidden::default() };
                if by_draw {
                    // Since the draw that decked the player, a power acting on every player still
                    // in (Masaka, Party) may have been followed as if the player were in: neither
                    // the deck's count nor the pile's cards are to be trusted for the round's end.
                    pl.deck = Deck::unknown();
                    pl.pile_doubtful = true;
                } else if !pl.pile.is_empty() {
                    // So too since the deal: a card such a power put on the pile from the hand the
                    // referee dealt may never have been there.
                    pl.pile_doubtful = true;
                }
                // Likewise an Ante's unnamed card from that hand: the pot may not hold it.
                for (c, o) in &mut self.pot {
                    if *o == Some(*p) && *c == Card::Unknown {
                        *o = None;
                        self.pot_unknown = true;
                    }
                }
            }
            // A skipped turn is the target's next turn, with no play on it: the Score lapses (R22).
            Event::IsSkipped(p) => self.awaiting.retain(|(_, t)| t != p),
            Event::Passes(_) | Event::Reveals { .. } => {}
            Event::DirectionReverses => self.direction = self.direction.reversed(),
            Event::ChainBreaks => self.chain.broken = true,
            Event::ChainRestarts => {
                self.chain.last = None;
                self.chain.broken = false;
                self.fog.next_play = false;
            }
            Event::PotEmpties => {
                let unknown = std::mem::take(&mut self.pot_unknown);
                for (card, owner) in std::mem::take(&mut self.pot) {
                    match owner {
                        // An unnamed card of a pot not known may never have gone in (an Ante's
                        // from a hand that may have been empty, ruling R21): it is not counted
                        // into the discard pile, which is left open below.
                        Some(_) if unknown && card == Card::Unknown => {}
                        Some(o) => self.player_mut(o).discard.add(card),
                        None => self.players.iter_mut().for_each(|pl| pl.discard.unbounded = true),
                    }
                }
                // Cards the referee did not see go in: any discard pile may have gained some.
                if unknown {
                    self.players.iter_mut().for_each(|pl| pl.discard.unbounded = true);
                }
            }
            Event::PotMayEmpty => {
                // The pot's cards may be in their owners' discard piles or still in the pot: they
                // are no longer located, and the discard piles may have grown.
                for (_, owner) in std::mem::take(&mut self.pot) {
                    match owner {
                        Some(o) => self.player_mut(o).discard.unbounded = true,
                        None => self.players.iter_mut().for_each(|pl| pl.discard.unbounded = true),
                    }
                }
                if self.pot_unknown {
                    self.players.iter_mut().for_each(|pl| pl.discard.unbounded = true);
                }
                self.pot_unknown = true;
            }
            Event::Freezes { player, power } => self.frozen.push((*power, *player)),
            Event::Awaits { player, target } => self.awaiting.push((*player, *target)),
            Event::MayRemove(p) => {
                let pl = self.player_mut(*p);
                pl.note_many();
                let d = &mut pl.discard;
                // Any card whose power is not known may be the one removed, or none was: which
                // of them are left is not known, only that one fewer stays certain.
                let vague = |c: &Card| c.power().is_none_or(|p| !p.is_known());
                let unnamed = d.known.iter().filter(|c| vague(c)).count() as u32;
                d.known.retain(|c| !vague(c));
                d.unknown = (d.unknown + unnamed).saturating_sub(1);
                d.unbounded = true;
            }
            Event::StopsAwaiting { player, target } => {
                if let Some(i) = self.awaiting.iter().position(|w| *w == (*player, *target)) {
                    self.awaiting.remove(i);
                }
            }
            Event::Unfreezes { player, power } => self.frozen.retain(|(p, q)| !(p == power && q == player)),
            Event::Scans { player, seen, top, bottom } => {
                self.player_mut(*player).note_many();
                let deck = &mut self.player_mut(*player).deck;
                // The looked-at cards are the deck's top ones, but the line lists them in the
                // order they go back, not the order they lay: taken as a set. The bottom's cards
                // are among them when what lies above may be fewer.
                if seen.len() > 1 {
                    if (deck.top.len() as u32).saturating_add(deck.middle.min_len()) < seen.len() as u32 {
                        deck.bottom.clear_into(&mut deck.middle);
                    }
                    deck.top.clear_into(&mut deck.middle);
                }
                for s in seen {
                    // The looked-at cards leave the deck; only their number goes back in.
                    let _ = deck.draw(s);
                }
                if top.is_empty() && bottom.is_empty() {
                    deck.shuffle_in(seen.len() as u32);
                } else {
                    deck.top.extend(top.iter().rev().cloned());
                    for c in bottom {
                        deck.bottom.insert(0, *c);
                    }
                }
            }
            Event::Replays { player, card } => {
                // A card named from among cards that may be it, of the pile's own and of one other
                // player's: taken as one owner's, it may have been the other's (ruling F10).
                let pl = self.player(*player);
                let before = pl.pile.len();
                let named_there = pl.pile_unknown && pl.pile.contains(card);
                // Another player's card that may be it, which the other reading of an own card in
                // doubt makes the pile's own (an own card replayed earlier that may have been
                // that other player's instead): taken as theirs, it may have been the pile's own
                // (redaction sweep game 8907409).
                let freed = pl
                    .pile
                    .other_reading(|held| held.is_none())
                    .and_then(|(_, j)| pl.pile.get(j).filter(|c| compatible(card, c)).map(|_| pl.pile.owner(j)))
                    .flatten();
                let (got, owner) = self.take_owned(*player, Zone::Pile, card, None);
                let denomination = got.denomination();
                // A card none of the pile's known ones can be came from the part of an unknown
                // pile the referee does not see; so may one only a vaguer card there may be (an
                // own `?`, which then stays). Whose it is is not known either, so the pile is not
                // counted into the deck at the round's end (another player's card goes home).
                // Where that part may hold other players' cards, taken as the pile's own it may
                // have been one of theirs: of the first other player whose decklist (if any) has
                // such a card (ruling F10).
                let pl = self.player(*player);
                let unseen = pl.pile_unknown && (pl.pile.len() == before || !named_there);
                // Whether `q`'s decklist, if any, has such a card.
                let listed = |q: PlayerId| {
                    self.collections
                        .get(q.index())
                        .is_none_or(|l| l.as_ref().is_none_or(|l| l.cards.iter().any(|(c, _)| compatible(card, c))))
                };
                let guest = if unseen && owner.is_none() && pl.guests_open {
                    self.seating.iter().copied().find(|q| *q != *player && listed(*q))
                } else {
                    None
                };
                // (A replay step cannot name an owner, FORMAT.md §7: an own card taken for the
                // name may as well have been another player's card of it; of several other
                // players' cards that may be it, the doubt is held with the first whose decklist,
                // if any, has such a card, and the card counts for no list either way.)
                // The players other than `owner` whose cards left on the pile may be it: the first
                // whose decklist may hold it, else the first.
                let another = |owner: Option<PlayerId>| {
                    let mut others =
                        pl.pile.guests().filter(|(c, o)| Some(*o) != owner && compatible(card, c)).map(|(_, o)| o);
                    let first = others.clone().next();
                    others.find(|o| listed(*o)).or(first)
                };
                let other = match owner {
                    None if guest.is_some() => guest.map(Some),
                    None => another(None).map(Some),
                    // Another player's card that may as well have come from the unseen part,
                    // which holds the pile's own cards, or have been an own card.
                    Some(o) if unseen || freed == Some(o) || pl.pile.may_hold(card, None, usize::MAX) => Some(None),
                    // Or a third player's card (redaction sweep game 13214471).
                    Some(o) => another(Some(o)).map(Some),
                };
                let pl = self.player_mut(*player);
                if unseen {
                    pl.pile_doubtful = true;
                }
                let pile = &mut pl.pile;
                pile.push(got, owner);
                let top = pile.len() - 1;
                if let Some(o) = other {
                    pile.doubt_owner(top, o);
                }
                self.chain = Chain { last: denomination, by: Some(*player), broken: false };
                self.fog.next_play = denomination.is_none();
            }
            Event::TroubleShifts(t) => self.trouble = Some(t.clone()),
            Event::TroubleHidden => self.trouble = None,
            Event::RoundStarts { round, first } => {
                self.round = *round;
                self.in_round = true;
                self.direction = Direction::Clockwise;
                self.chain = Chain::default();
                self.next = Some(*first);
                self.fog.turn_order = false;
                self.fog.next_play = false;
                self.frozen.clear();
                for pl in &mut self.players {
                    pl.status = Status::In;
                    pl.round_points = Points(0);
                    pl.deck_gained = false;
                }
            }
            Event::RoundEnds(_) => {
                self.in_round = false;
                self.awaiting.clear();
                self.next = None;
            }
            Event::IsNext(p) => {
                self.next = Some(*p);
                self.turns_passed = self.turns_passed.wrapping_add(1);
            }
            Event::Unverified { power, .. } => {
                let could_ante =
                    !power.is_known() || [Power::Ante, Power::Copy, Power::Sabotage].iter().any(|h| power.has(*h));
                self.pot_unknown |= could_ante;
                self.fog = Fog { turn_order: true, next_play: true, scores: true, cards: true };
                let piles = !power.is_known() || PUTS_ON_PILES.iter().any(|h| power.has(*h));
                // The power may have moved any number of cards: neither identities nor counts
                // (not even lower bounds) survive in the hidden zones.
                for pl in &mut self.players {
                    for zone in [&mut pl.hand, &mut pl.discard, &mut pl.deck.middle] {
                        *zone = Hidden::unbounded();
                    }
                    pl.deck.top.clear();
                    pl.deck.bottom.clear();
                    pl.deck_gained = true;
                    pl.pile_doubtful = true;
                    // A power that puts cards on piles may have put some on any pile: what a
                    // pile holds is then open for the rest of the round.
                    pl.pile_unknown |= piles;
                    pl.guests_open |= piles;
                }
            }
        }
    }

    /// Takes a card out of a zone as the table says it happened; where the referee's knowledge
    /// disagrees, the table's card is taken on trust (validation has reported it already).
    /// As [`State::take_from`], preferring in a pile the card of the owner the log names
    /// (`Rogue's 1000 BiJ`), or one of the pile's own when it names none; but a card known to be
    /// the one named, another player's, before an unknown card of the pile's own that may be it.
    fn take_owned(
        &mut self,
        p: PlayerId,
        zone: Zone,
        seen: &Card,
        named: Option<PlayerId>,
    ) -> (Card, Option<PlayerId>) {
        if zone == Zone::Pile {
            let want = named.filter(|o| *o != p);
            let pile = &mut self.player_mut(p).pile;
            // Another player's card sent home off the pile (a Kill takes the top): the top card,
            // where it may have been that player's, before one beneath held as theirs (ruling F10;
            // written-lines sweep game 8408573).
            if let Some(taken) = want.and_then(|o| pile.take_top_as_doubted(seen, Some(o))) {
                self.player_mut(taken.1.unwrap_or(p)).note_many();
                return taken;
            }
            // A card the pile held by that very name: nobody's located cards change. One settled
            // as another owner's, or named now: its owner's have, which the decklist check must
            // see.
            if let Some(taken) = pile.take_exact(seen, |o| o == want) {
                return taken;
            }
            let settled = pile.take_as_doubted(seen, want);
            if settled.is_none() && named.is_none() {
                if let Some(taken) = pile.take_exact(seen, |_| true) {
                    return taken;
                }
            }
            if let Some(taken) = settled.or_else(|| pile.take_seen(seen, |o| o == want)) {
                self.player_mut(taken.1.unwrap_or(p)).note_many();
                return taken;
            }
            // No card on the pile may be it, but one is, read the other way (F10).
            let other = pile.other_reading(|o| o == want).and_then(|(_, j)| pile.owner(j));
            if let Some(taken) = pile.take_by_other_reading(seen, |o| o == want) {
                self.player_mut(p).note_many();
                if let Some(o) = other {
                    self.player_mut(o).note_many();
                }
                return taken;
            }
        }
        self.take_from(p, zone, seen)
    }

    /// The card comes with its owner when it is another player's (a pile's guest).
    fn take_from(&mut self, p: PlayerId, zone: Zone, seen: &Card) -> (Card, Option<PlayerId>) {
        let turns_passed = self.turns_passed;
        let pl = self.player_mut(p);
        let (card, had) = match zone {
            Zone::Hand => {
                pl.hand_given_at = turns_passed;
                let had = holds(pl.hand.known.iter(), seen);
                // A card the hand cannot give (reported where the log names it): the table is
                // trusted, the card having been misnamed (or drawn where the log does not say: a
                // player then taken to have gone out who plays on is back in). What the referee
                // knew of the cards in the hand has proved wrong, so they are no longer held
                // against the table; the hand is one card fewer.
                let card = pl.hand.take(seen).unwrap_or_else(|_| {
                    pl.hand.forget();
                    pl.hand.unknown = pl.hand.unknown.saturating_sub(1);
                    *seen
                });
                (card, had)
            }
            Zone::Deck => draw_noting(&mut pl.deck, seen),
            Zone::Discard => {
                let had = holds(pl.discard.known.iter(), seen);
                (pl.discard.take(seen).unwrap_or(*seen), had)
            }
            Zone::Pile => {
                let named = !matches!(seen, Card::Unknown);
                if named {
                    if let Some(taken) = pl.pile.take_exact(seen, |_| true) {
                        return taken;
                    }
                }
                if let Some(taken) = pl.pile.take_compatible(seen, |_| true) {
                    // A card held vaguer than the log names it: its owner's located cards have
                    // changed, which the decklist check must see.
                    if named {
                        self.player_mut(taken.1.unwrap_or(p)).note_many();
                    }
                    return taken;
                }
                (*seen, false)
            }
        };
        pl.note(seen, &card, had);
        (card, None)
    }
}

/// The powers that put cards on play piles, or may use any power that does (Copy, Sabotage,
/// Replay): one the referee could not follow leaves every pile open.
const PUTS_ON_PILES: [Power; 10] = [
    Power::Assimilate,
    Power::Battle,
    Power::Bij,
    Power::Mutate,
    Power::Qapla,
    Power::Stampede,
    Power::Utilize,
    Power::Copy,
    Power::Sabotage,
    Power::Replay,
];

/// Whether the cards include `seen` exactly (only asked of cards that say something).
fn holds<'a>(mut cards: impl Iterator<Item = &'a Card>, seen: &Card) -> bool {
    !matches!(seen, Card::Unknown) && cards.any(|c| c == seen)
}

/// Draws the card the log describes as `seen`, and whether the deck knew it as such: one copy
/// of `seen` fewer among the deck's known cards. A card drawn from an unknown top is new even
/// when a card like it lies known further down (under the deck, put there by Cycle or Masaka).
fn draw_noting(deck: &mut Deck, seen: &Card) -> (Card, bool) {
    // Debug builds (every test) count the copies before and after, and must agree.
    let copies = |deck: &Deck| deck.known_cards().filter(|c| *c == seen).count();
    let before = if cfg!(debug_assertions) { copies(deck) } else { 0 };
    match deck.draw_noting(seen) {
        Ok((got, had)) => {
            debug_assert_eq!(had, !matches!(seen, Card::Unknown) && copies(deck) < before, "drawing {seen}");
            (got, had)
        }
        // A card the deck cannot give (reported where the log names it): the table is trusted,
        // and the deck keeps only its count, so that the card it gave is not still known in it.
        Err(Impossible) => {
            deck.shuffle_in(0);
            (deck.draw_noting(seen).map_or(*seen, |(got, _)| got), false)
        }
    }
}

/// The cards of a list one by one, counts spelled out.
pub fn each(list: &[CardCount]) -> impl Iterator<Item = &Card> + Clone {
    list.iter().flat_map(|c| std::iter::repeat_n(&c.card, c.count as usize))
}

/// A card list with its counts spelled out.
pub fn expand(list: &[CardCount]) -> Vec<Card> {
    list.iter().flat_map(|c| std::iter::repeat_n(c.card, c.count as usize)).collect()
}

/// How many cards the zone holds (at least); it is left empty.
fn take_count(h: &mut Hidden) -> u32 {
    let n = h.min_len();
    h.known.clear();
    h.unknown = 0;
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(p: Power) -> Card {
        Card::new(Denomination::Ten, p)
    }

    #[test]
    fn the_gains_since_a_check_are_remembered_card_by_card() {
        let mut pl = Player::new(Deck::default());
        let checked = pl.gains;
        assert_eq!(pl.gained_since(checked).map(|g| g.count()), Some(0));
        pl.note(&card(Power::Go), &card(Power::Go), false);
        pl.note(&card(Power::Skip), &card(Power::Skip), false);
        // Known as such already, or given back more precise: no gain.
        pl.note(&card(Power::Kill), &card(Power::Kill), true);
        pl.note(&Card::Unknown, &card(Power::Kill), false);
        assert_eq!(pl.last_gain(), Some(&card(Power::Skip)));
        let gained: Option<Vec<Card>> = pl.gained_since(checked).map(|g| g.copied().collect());
        assert_eq!(gained, Some(vec![card(Power::Go), card(Power::Skip)]));
        // The first gain of a player is everything its zones started with: not card by card.
        assert!(pl.gained_since(0).is_none());
    }

    #[test]
    fn a_change_not_followed_card_by_card_or_too_long_ago_is_not_remembered() {
        let mut pl = Player::new(Deck::default());
        let checked = pl.gains;
        pl.note(&card(Power::Go), &card(Power::Go), false);
        pl.note_many();
        pl.note(&card(Power::Skip), &card(Power::Skip), false);
        assert!(pl.gained_since(checked).is_none());
        assert_eq!(pl.gained_since(checked + 2).map(|g| g.count()), Some(1));
        let checked = pl.gains;
        for _ in 0..RECENT_GAINS {
            pl.note(&card(Power::Go), &card(Power::Go), false);
        }
        assert_eq!(pl.gained_since(checked).map(|g| g.count()), Some(RECENT_GAINS));
        pl.note(&card(Power::Go), &card(Power::Go), false);
        assert!(pl.gained_since(checked).is_none());
    }

    /// A card put on another player's pile or in the pot stays its owner's located card: the
    /// target's located cards are as they were, and no gain is noted for it (a gain not followed
    /// card by card would make its next decklist check walk every card). In another player's
    /// hand the card joins the target's located cards, and that is noted.
    #[test]
    fn a_card_given_to_a_pile_stays_its_owners() {
        use super::super::event::{Destination, Source};
        use crate::model::log::{CardCount, Zone};
        let names = Names(vec!["Ann".into(), "Bob".into()]);
        let mut s = State::new(Ruleset::Tcc21, 5, names, vec![Deck::default(), Deck::default()], vec![None, None]);
        let (ann, bob) = (PlayerId(0), PlayerId(1));
        for p in [Power::Go, Power::Skip, Power::Kill] {
            s.player_mut(ann).hand.add(card(p));
        }
        let give = |s: &mut State, p: Power, place: Place| {
            s.apply(&Event::Puts {
                player: ann,
                cards: CardCount::one(card(p), crate::model::Span::default()).list(),
                to: Destination { place, owner: Some(bob) },
                from: Source { zone: Zone::Hand, owner: None },
            })
        };
        let gains = s.player(bob).gains;
        give(&mut s, Power::Go, Place::OnPile);
        give(&mut s, Power::Skip, Place::InPot);
        assert_eq!(s.player(bob).gains, gains);
        assert_eq!(s.located(bob).count(), 0);
        let mut located: Vec<Card> = s.located(ann).copied().collect();
        located.sort_by_key(|c| format!("{c}"));
        assert_eq!(located, [card(Power::Go), card(Power::Kill), card(Power::Skip)]);
        give(&mut s, Power::Kill, Place::InHand);
        assert_eq!(s.located(bob).copied().collect::<Vec<_>>(), [card(Power::Kill)]);
        assert!(s.player(bob).gained_since(gains).is_none(), "the card in Bob's hand is a gain of his");
    }

    /// Cards put beneath a deck together lose their order, not their identities: they stay the
    /// player's located cards, a draw of one of them is no gain, and the deck refuses any other
    /// card. Drawn anyway (the log is trusted once the error is reported), a card leaves the
    /// deck's count and the deck forgets which cards it holds, so none is counted twice.
    #[test]
    fn cards_put_beneath_a_deck_together_keep_their_identities() {
        use super::super::event::{Destination, Source};
        use crate::model::log::{CardCount, Zone};
        let names = Names(vec!["Ann".into()]);
        let mut s = State::new(Ruleset::Tcc21, 5, names, vec![Deck::default()], vec![None]);
        let ann = PlayerId(0);
        for p in [Power::Go, Power::Skip, Power::Kill] {
            s.player_mut(ann).hand.add(card(p));
        }
        let put = [Power::Go, Power::Skip].map(|p| CardCount::one(card(p), crate::model::Span::default()));
        s.apply(&Event::Puts {
            player: ann,
            cards: put.into_iter().collect(),
            to: Destination { place: Place::UnderDeck, owner: None },
            from: Source { zone: Zone::Hand, owner: None },
        });
        let mut located: Vec<Card> = s.located(ann).copied().collect();
        located.sort_by_key(|c| format!("{c}"));
        assert_eq!(located, [card(Power::Go), card(Power::Kill), card(Power::Skip)]);
        let deck = &s.player(ann).deck;
        assert!(deck.could_draw(&card(Power::Skip)) && !deck.could_draw(&card(Power::Kill)));
        let draw = |s: &mut State, p: Power| {
            s.apply(&Event::Draws {
                player: ann,
                drawn: Drawn::Cards(CardCount::one(card(p), crate::model::Span::default()).list()),
            })
        };
        let gains = s.player(ann).gains;
        draw(&mut s, Power::Skip);
        assert_eq!(s.player(ann).gains, gains, "the Skip was known in the deck");
        draw(&mut s, Power::Bonus);
        assert_eq!(s.player(ann).deck.len(), Some(0));
        assert_eq!(s.player(ann).deck.known_len(), 0);
        assert_eq!(s.located(ann).filter(|c| **c == card(Power::Go)).count(), 0);
    }

    /// Being decked is failing to draw: a deck of unknown size is empty when the hand goes, and
    /// the pile alone rebuilds it. Not for a player taken to have been decked at the deal, whose
    /// deck may have gained cards since, nor after a power the referee cannot follow, which may
    /// have taken cards off the pile unseen.
    #[test]
    fn a_decked_players_deck_is_empty_and_a_doubtful_pile_rebuilds_it_uncounted() {
        let names = Names(vec!["Ann".into(), "Bob".into()]);
        let unknown = || Deck { middle: Hidden { unknown: 3, ..Hidden::unbounded() }, ..Deck::default() };
        let fresh = || State::new(Ruleset::Tcc21, 5, names.clone(), vec![unknown(), unknown()], vec![None, None]);
        let (ann, bob) = (PlayerId(0), PlayerId(1));
        let pile_of_two = |s: &mut State| {
            for p in [Power::Go, Power::Skip] {
                s.player_mut(ann).pile.push(card(p), None);
            }
        };
        let mut s = fresh();
        s.in_round = true;
        pile_of_two(&mut s);
        // Taken to have been decked at the deal: the deck keeps what it may have gained since.
        s.apply(&Event::IsDecked(ann));
        assert_eq!(s.player(ann).deck.len(), None);
        s.apply(&Event::DiscardsHand(ann));
        assert_eq!(s.player(ann).deck.len(), Some(0));
        assert_eq!(s.player(bob).deck.len(), None, "only the decked player's deck");
        s.apply(&Event::Shuffles { player: ann, from: Zone::Pile });
        assert_eq!(s.player(ann).deck.len(), Some(2));

        // Taken to have been decked at the deal, after a Recycle refilled the deck: the deck keeps
        // what it gained, and the cards dealt are known nowhere.
        let mut s = fresh();
        s.in_round = true;
        s.player_mut(ann).hand.add(card(Power::Go));
        s.player_mut(ann).discard.add(card(Power::Skip));
        s.apply(&Event::Shuffles { player: ann, from: Zone::Discard });
        s.apply(&Event::DeckedAtDeal(ann));
        let pl = s.player(ann);
        assert_eq!((pl.status, pl.deck.min_len(), pl.hand.len()), (Status::Decked, 4, Some(0)));
        assert!(pl.discard.unbounded && pl.discard.known.is_empty());
        assert_eq!(s.located(ann).count(), 0);

        // Taken to have been decked at the deal after an Ante and a Party took unnamed cards from
        // the hand the referee dealt: the pot's unnamed card of Ann's may not be there, nor is the
        // pile to be counted into the deck; Bob's card in the pot stays his.
        let mut s = fresh();
        s.in_round = true;
        s.pot = vec![(Card::Unknown, Some(ann)), (Card::Unknown, Some(bob)), (card(Power::Go), Some(ann))];
        s.player_mut(ann).pile.push(Card::Unknown, None);
        s.apply(&Event::DeckedAtDeal(ann));
        assert_eq!(s.pot, vec![(Card::Unknown, None), (Card::Unknown, Some(bob)), (card(Power::Go), Some(ann))]);
        assert!(s.pot_unknown && s.player(ann).pile_doubtful);
        assert_eq!(s.located(ann).count(), 2, "the pile's card and the named card in the pot");

        let mut s = fresh();
        s.in_round = true;
        pile_of_two(&mut s);
        s.apply(&Event::Unverified { player: bob, power: PowerSpec::Unrecorded });
        s.apply(&Event::IsDecked(ann));
        s.apply(&Event::DiscardsHand(ann));
        assert_eq!(s.player(ann).deck.len(), Some(0), "the draw it could not give emptied it");
        s.apply(&Event::Shuffles { player: ann, from: Zone::Pile });
        let deck = &s.player(ann).deck;
        assert_eq!((deck.len(), deck.min_len()), (None, 0), "the pile may have lost its cards");
        assert!(!s.player(ann).pile_doubtful);
    }

    #[test]
    fn scanned_cards_are_a_set_that_may_reach_the_bottom() {
        // A deck of at least two: one unknown card, maybe more, above a known 10 Skip. The Scan's
        // line lists the two cards in the order they go back; they may be the whole deck.
        let names = Names(vec!["Ann".into(), "Bob".into()]);
        let deck = Deck {
            middle: Hidden { unknown: 1, ..Hidden::unbounded() },
            bottom: vec![card(Power::Skip)],
            ..Deck::default()
        };
        let mut s = State::new(Ruleset::Tcc21, 5, names, vec![deck, Deck::default()], vec![None, None]);
        let ann = PlayerId(0);
        let two: Box<[Card]> = vec![card(Power::Skip), card(Power::Go)].into();
        s.apply(&Event::Scans { player: ann, seen: two.clone(), top: Vec::new().into(), bottom: two });
        assert_eq!(s.player(ann).deck.min_len(), 2);
    }

    #[test]
    fn a_card_drawn_from_an_unknown_top_is_new_though_one_like_it_lies_beneath() {
        let mut deck = Deck::default();
        deck.middle.unknown = 3;
        deck.bottom.push(card(Power::Go));
        let (got, had) = draw_noting(&mut deck, &card(Power::Go));
        assert_eq!((got, had), (card(Power::Go), false));
        assert_eq!(deck.bottom, [card(Power::Go)]);
        deck.top.push(card(Power::Skip));
        let (got, had) = draw_noting(&mut deck, &card(Power::Skip));
        assert_eq!((got, had), (card(Power::Skip), true));
    }
}
