//! Hidden-card knowledge: zones whose cards are known, partly known (`100 ?`) or unknown, and the
//! decklist feasibility check. Every operation keeps a zone an over-approximation of what it can
//! really hold, so a removal fails only when no filling-in of the unknown cards allows it.

use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec};

/// Whether `seen` (what the log says) can be the card `held` (what is known of a slot).
pub fn compatible(seen: &Card, held: &Card) -> bool {
    match (seen, held) {
        (Card::Unknown, _) | (_, Card::Unknown) => true,
        (Card::Known { denomination: a, power: p }, Card::Known { denomination: b, power: q }) => {
            a == b && (matches!(p, PowerSpec::Unrecorded) || matches!(q, PowerSpec::Unrecorded) || p == q)
        }
    }
}

/// How much a card says: 0 for `?`, 1 for a denomination alone, 2 for a whole card.
pub fn detail(card: &Card) -> u8 {
    match card {
        Card::Unknown => 0,
        Card::Known { power: PowerSpec::Unrecorded, .. } => 1,
        Card::Known { .. } => 2,
    }
}

/// The most that both cards say: `10 Go` and `10 Skip` give `10 ?`.
pub fn generalise(a: &Card, b: &Card) -> Card {
    match (a, b) {
        (Card::Known { denomination: x, power: p }, Card::Known { denomination: y, power: q }) if x == y => {
            Card::Known { denomination: *x, power: if p == q { *p } else { PowerSpec::Unrecorded } }
        }
        _ => Card::Unknown,
    }
}

/// A play pile, bottom to top. A card placed there by another player's power (Assimilate, BiJ)
/// remembers its owner: it goes back to that player's deck when it leaves (TCC 2.1, Tribble
/// Powers: ASSIMILATE, BJ). Reads see the cards as a slice.
#[derive(Clone, Debug, Default)]
pub struct Pile {
    cards: Vec<Card>,
    /// `Some(owner)` for a card of another player than the pile's.
    owners: Vec<Option<PlayerId>>,
    /// How many of the cards are other players' (most piles hold none: reads skip the walk).
    guests: usize,
    /// How many are each other player's, by player index (empty until a guest comes).
    guests_by: Vec<usize>,
    /// Each card at one of these indices, taken as one owner's (the pile's own, `None`, or another
    /// player's) when a line named it from among cards that may be it, may have been this other
    /// owner's card instead (ruling F10), oldest first. Kept while the card lies on the pile; most
    /// piles hold none, and the list stays unallocated.
    doubts: Vec<(usize, Option<PlayerId>)>,
}

/// Piles are equal when they hold the same cards of the same owners (the counts follow).
impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.cards == other.cards && self.owners == other.owners
    }
}

impl Eq for Pile {}

impl std::ops::Deref for Pile {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        &self.cards
    }
}

impl Pile {
    /// The player's own cards.
    pub fn own(cards: Vec<Card>) -> Pile {
        let owners = vec![None; cards.len()];
        Pile { cards, owners, guests: 0, guests_by: Vec::new(), doubts: Vec::new() }
    }

    /// Counts a card of another player's (`owner`) coming onto the pile, or leaving it.
    fn count_guest(&mut self, owner: Option<PlayerId>, coming: bool) {
        let Some(o) = owner else { return };
        if self.guests_by.len() <= o.index() {
            self.guests_by.resize(o.index() + 1, 0);
        }
        let n = &mut self.guests_by[o.index()];
        if coming {
            self.guests += 1;
            *n += 1;
        } else {
            self.guests -= 1;
            *n -= 1;
        }
    }

    pub fn push(&mut self, card: Card, owner: Option<PlayerId>) {
        self.count_guest(owner, true);
        self.cards.push(card);
        self.owners.push(owner);
    }

    /// At `i` from the bottom (clamped to the pile's height).
    pub fn insert(&mut self, i: usize, card: Card, owner: Option<PlayerId>) {
        let i = i.min(self.cards.len());
        // A card in doubt stays so while it lies on the pile (ruling F10).
        for (d, _) in &mut self.doubts {
            if i <= *d {
                *d += 1;
            }
        }
        self.count_guest(owner, true);
        self.cards.insert(i, card);
        self.owners.insert(i, owner);
    }

    /// The card at `i` and its owner, when it is another player's.
    pub fn remove(&mut self, i: usize) -> (Card, Option<PlayerId>) {
        if !self.doubts.is_empty() {
            self.doubts.retain(|(d, _)| *d != i);
            for (d, _) in &mut self.doubts {
                if i < *d {
                    *d -= 1;
                }
            }
        }
        let owner = self.owners.remove(i);
        self.count_guest(owner, false);
        (self.cards.remove(i), owner)
    }

    /// Takes the card the log names `seen`, of an owner `fits` accepts: the topmost card that is
    /// exactly `seen`, else the one that may be it and says most. It comes back as precisely as
    /// either says: a `?` of the pile replayed as `10 Go` is a `10 Go` from then on. A `?` says
    /// nothing of the card: it is the topmost (a Kill's), not a card the pile holds as `?`
    /// further down.
    pub fn take_seen(
        &mut self,
        seen: &Card,
        fits: impl Fn(Option<PlayerId>) -> bool,
    ) -> Option<(Card, Option<PlayerId>)> {
        if !matches!(seen, Card::Unknown) {
            if let Some(taken) = self.take_exact(seen, &fits) {
                return Some(taken);
            }
        }
        self.take_compatible(seen, fits)
    }

    /// As [`Pile::take_seen`], once no card is exactly `seen`.
    pub fn take_compatible(
        &mut self,
        seen: &Card,
        fits: impl Fn(Option<PlayerId>) -> bool,
    ) -> Option<(Card, Option<PlayerId>)> {
        // Of the cards that may be it, the one that says most: a vaguer one left behind can still
        // be any card a later line names (a `10000 ?` taken for `10000 Replicate` leaves a `?`
        // that may be the `100 Stampede` replayed next). Among equals, and for a `?`, the topmost.
        let says = |i: usize| if matches!(seen, Card::Unknown) { 0 } else { detail(&self.cards[i]) };
        let at = (0..self.cards.len())
            .filter(|i| fits(self.owners[*i]) && compatible(seen, &self.cards[*i]))
            .max_by_key(|i| (says(*i), *i))?;
        let (card, owner) = self.remove(at);
        Some((if detail(seen) > detail(&card) { *seen } else { card }, owner))
    }

    /// Takes the topmost card that is exactly `seen`, of an owner `fits` accepts.
    pub fn take_exact(
        &mut self,
        seen: &Card,
        fits: impl Fn(Option<PlayerId>) -> bool,
    ) -> Option<(Card, Option<PlayerId>)> {
        let at = (0..self.cards.len()).rev().find(|i| fits(self.owners[*i]) && self.cards[*i] == *seen)?;
        Some(self.remove(at))
    }

    /// The top card and its owner, when it is another player's.
    pub fn pop(&mut self) -> Option<(Card, Option<PlayerId>)> {
        let card = self.cards.pop()?;
        let len = self.cards.len();
        self.doubts.retain(|(d, _)| *d < len);
        let owner = self.owners.pop().flatten();
        self.count_guest(owner, false);
        Some((card, owner))
    }

    /// The owner of the card at `i`, when it is another player's.
    pub fn owner(&self, i: usize) -> Option<PlayerId> {
        self.owners.get(i).copied().flatten()
    }

    /// The other owner (`None`: the pile's own) whose card the card at `i` may have been instead
    /// of the one it is held as (ruling F10).
    pub fn doubted_owner(&self, i: usize) -> Option<Option<PlayerId>> {
        self.doubts.iter().find(|(j, _)| *j == i).map(|(_, o)| *o)
    }

    /// The card at `i` may have been `other`'s (`None`: the pile's own) rather than its owner's
    /// as held (ruling F10).
    pub fn doubt_owner(&mut self, i: usize, other: Option<PlayerId>) {
        self.doubts.retain(|(j, _)| *j != i);
        if i < self.cards.len() && self.owners[i] != other {
            self.doubts.push((i, other));
        }
    }

    /// Whether a card of `owner`'s (`None`: the pile's own) other than the one at `except` may be
    /// `seen`.
    pub fn may_hold(&self, seen: &Card, owner: Option<PlayerId>, except: usize) -> bool {
        (0..self.cards.len()).any(|j| j != except && self.owners[j] == owner && compatible(seen, &self.cards[j]))
    }

    /// A line takes `other`'s card `seen` (`None`: the pile's own) from the pile, and the card
    /// held as another owner's may have been `other`'s ([`Pile::doubted_owner`]): it was, so a
    /// card of `other`'s that may be `seen` was the first owner's. That card stays, its identity
    /// forgotten (the one the doubted card had before it was named is not kept), and the doubted
    /// card leaves as `other`'s.
    pub fn take_as_doubted(&mut self, seen: &Card, other: Option<PlayerId>) -> Option<(Card, Option<PlayerId>)> {
        self.take_doubted_at(seen, other, |_| true)
    }

    /// [`Pile::take_as_doubted`] for the top card alone: a card a line takes by name off the
    /// pile's top (a Kill's) is the top card, read as `other`'s where it may have been, before a
    /// card beneath held as `other`'s.
    pub fn take_top_as_doubted(&mut self, seen: &Card, other: Option<PlayerId>) -> Option<(Card, Option<PlayerId>)> {
        let top = self.cards.len().checked_sub(1)?;
        self.take_doubted_at(seen, other, |i| i == top)
    }

    /// [`Pile::take_as_doubted`] among the cards in doubt at the indices `at` accepts.
    fn take_doubted_at(
        &mut self,
        seen: &Card,
        other: Option<PlayerId>,
        at: impl Fn(usize) -> bool,
    ) -> Option<(Card, Option<PlayerId>)> {
        // Of several cards in doubt, the latest that can be read so.
        let (i, j, held) = self.doubts.iter().rev().find_map(|&(i, o)| {
            let held = *self.owners.get(i)?;
            if !at(i) || o != other || held == other || !compatible(seen, &self.cards[i]) {
                return None;
            }
            let j = (0..self.cards.len())
                .rev()
                .find(|j| *j != i && self.owners[*j] == other && compatible(seen, &self.cards[*j]))?;
            Some((i, j, held))
        })?;
        self.count_guest(other, false);
        self.count_guest(held, true);
        self.owners[j] = held;
        self.cards[j] = Card::Unknown;
        self.drop_settled_doubt(j);
        let (card, _) = self.remove(i);
        Some((card, other))
    }

    /// The other reading of the card in doubt (ruling F10): it was the other owner's, and a card
    /// of that owner's that may have been it (`j`) is then the first owner's card, unnamed. The
    /// indices `(i, j)` of the two cards, when there is such a card; of several cards in doubt,
    /// the latest whose first owner `fits` accepts.
    pub fn other_reading(&self, fits: impl Fn(Option<PlayerId>) -> bool) -> Option<(usize, usize)> {
        self.doubts.iter().rev().find_map(|&(i, o)| {
            let held = *self.owners.get(i)?;
            if held == o || !fits(held) {
                return None;
            }
            let j = (0..self.cards.len())
                .rev()
                .find(|j| *j != i && self.owners[*j] == o && compatible(&self.cards[i], &self.cards[*j]))?;
            Some((i, j))
        })
    }

    /// A line takes a card `seen` of an owner `fits` accepts that no card on the pile may be (not
    /// even another owner's unnamed card), but [`Pile::other_reading`] frees one: that reading is
    /// taken. The card in doubt becomes the other owner's, and the freed card, the first owner's,
    /// leaves as `seen`.
    pub fn take_by_other_reading(
        &mut self,
        seen: &Card,
        fits: impl Fn(Option<PlayerId>) -> bool,
    ) -> Option<(Card, Option<PlayerId>)> {
        if self.cards.iter().any(|c| compatible(seen, c)) {
            return None;
        }
        let (i, j) = self.other_reading(fits)?;
        // The two cards trade owners: each owner's count of cards stays.
        self.owners.swap(i, j);
        self.doubts.retain(|(d, _)| *d != i);
        let (_, owner) = self.remove(j);
        Some((*seen, owner))
    }

    /// A card whose owner changed by a reading of another card may now be held as the very owner
    /// its doubt named: that doubt is settled.
    fn drop_settled_doubt(&mut self, j: usize) {
        let owner = self.owners[j];
        self.doubts.retain(|&(d, o)| d != j || o != owner);
    }

    /// An empty pile with room for `cards` cards.
    pub fn with_capacity(cards: usize) -> Pile {
        Pile {
            cards: Vec::with_capacity(cards),
            owners: Vec::with_capacity(cards),
            guests: 0,
            guests_by: Vec::new(),
            doubts: Vec::new(),
        }
    }

    /// Every card, bottom to top, with its owner when it is another player's, leaving the pile
    /// empty (and its room kept for the next round).
    pub fn drain(&mut self) -> impl Iterator<Item = (Card, Option<PlayerId>)> + '_ {
        self.doubts.clear();
        self.guests = 0;
        self.guests_by.clear();
        self.cards.drain(..).zip(self.owners.drain(..))
    }

    /// Empties the pile, keeping its room.
    pub fn clear(&mut self) {
        self.doubts.clear();
        self.cards.clear();
        self.owners.clear();
        self.guests = 0;
        self.guests_by.clear();
    }

    /// Every card, bottom to top, with its owner when it is another player's; the pile is empty.
    pub fn take_all(&mut self) -> Vec<(Card, Option<PlayerId>)> {
        self.drain().collect()
    }

    /// The cards of other players, with their owners.
    pub fn guests(&self) -> impl Iterator<Item = (&Card, PlayerId)> + Clone {
        let n = if self.guests == 0 { 0 } else { self.cards.len() };
        self.cards[..n].iter().zip(&self.owners).filter_map(|(c, o)| o.map(|o| (c, o)))
    }

    /// How many of the cards are `p`'s, guests of this pile.
    pub fn guests_of(&self, p: PlayerId) -> usize {
        self.guests_by.get(p.index()).copied().unwrap_or(0)
    }

    /// How many of the cards are the pile's own, but those whose owner is in doubt.
    pub fn owned_len(&self) -> usize {
        if self.doubts.is_empty() {
            return self.cards.len().saturating_sub(self.guests);
        }
        let doubted = self.doubts.iter().filter(|(i, _)| self.owners.get(*i).is_some_and(|o| o.is_none())).count();
        self.cards.len().saturating_sub(self.guests + doubted)
    }

    /// The pile's own cards (not other players'), but those whose owner is in doubt: such a card
    /// is located as nobody's (ruling F10).
    pub fn owned(&self) -> impl Iterator<Item = &Card> + Clone {
        let guests = self.guests > 0;
        self.cards
            .iter()
            .zip(&self.owners)
            .enumerate()
            .filter(move |(i, (_, o))| (!guests || o.is_none()) && !self.doubted(*i))
            .map(|(_, (c, _))| c)
    }

    /// Other players' cards on the pile, with their owners, but those whose owner is in doubt.
    pub fn located_guests(&self) -> impl Iterator<Item = (&Card, PlayerId)> + Clone {
        let n = if self.guests == 0 { 0 } else { self.cards.len() };
        self.cards[..n]
            .iter()
            .zip(&self.owners)
            .enumerate()
            .filter_map(move |(i, (c, o))| o.filter(|_| !self.doubted(i)).map(|o| (c, o)))
    }

    /// How many of `p`'s cards [`Pile::located_guests`] yields.
    pub fn located_guests_of(&self, p: PlayerId) -> usize {
        // Most piles hold no other player's card.
        if self.guests == 0 {
            return 0;
        }
        if self.doubts.is_empty() {
            return self.guests_of(p);
        }
        let doubted = self.doubts.iter().filter(|(i, _)| self.owners.get(*i) == Some(&Some(p))).count();
        self.guests_of(p).saturating_sub(doubted)
    }

    /// Whether the owner of the card at `i` is in doubt (ruling F10).
    fn doubted(&self, i: usize) -> bool {
        // Asked of every card on a pile: most piles hold no card in doubt.
        !self.doubts.is_empty() && self.doubts.iter().any(|(d, _)| *d == i)
    }
}

/// A number of cards as a count. Counts of unknown cards are `u32` and saturate: a log would need
/// billions of cards (tens of megabytes of `1000x ?`) to reach the top, where counting stops.
/// (The lengths of lists of cards are cast where it is cheaper: a list that long would not fit in
/// memory.)
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// An unordered group of cards: some known (maybe partly), some unknown, and perhaps an unknown
/// number more (a deck whose size the log never gave).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hidden {
    pub known: Vec<Card>,
    pub unknown: u32,
    /// The zone may hold any number of further unknown cards.
    pub unbounded: bool,
}

/// Taking a card out of a zone that provably does not hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Impossible;

impl Hidden {
    pub fn unknown(n: u32) -> Hidden {
        Hidden { known: Vec::new(), unknown: n, unbounded: false }
    }

    pub fn unbounded() -> Hidden {
        Hidden { known: Vec::new(), unknown: 0, unbounded: true }
    }

    /// The number of cards, when it is known.
    pub fn len(&self) -> Option<u32> {
        (!self.unbounded).then(|| self.min_len())
    }

    /// At least this many cards.
    pub fn min_len(&self) -> u32 {
        (self.known.len() as u32).saturating_add(self.unknown)
    }

    /// Provably empty.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    pub fn add(&mut self, card: Card) {
        match card {
            Card::Unknown => self.unknown = self.unknown.saturating_add(1),
            c => self.known.push(c),
        }
    }

    /// Forgets which cards are which; counts stay (a shuffle into a face-down zone).
    pub fn forget(&mut self) {
        self.unknown = self.min_len();
        self.known.clear();
    }

    /// Takes out a card the log describes as `seen`; returns what is known of the card taken
    /// (`seen`, made more precise by the zone's knowledge when that is certain).
    pub fn take(&mut self, seen: &Card) -> Result<Card, Impossible> {
        self.take_noting(seen).map(|(card, _)| card)
    }

    /// As [`Hidden::take`], and whether the zone knew the card as `seen`: its known cards hold
    /// fewer copies of `seen` than before (the one taken, or one made vaguer by the taking).
    pub fn take_noting(&mut self, seen: &Card) -> Result<(Card, bool), Impossible> {
        if matches!(seen, Card::Unknown) {
            // Any card could have gone: forget every identity, keep the count.
            if self.min_len() == 0 && !self.unbounded {
                return Err(Impossible);
            }
            if self.min_len() == 0 {
                return Ok((Card::Unknown, false));
            }
            let only = self.known.len() == 1 && self.unknown == 0 && !self.unbounded;
            let taken = if only { self.known[0] } else { Card::Unknown };
            self.forget();
            self.unknown -= 1;
            return Ok((taken, false));
        }
        // The candidates: the first, whether all are alike, and the first that says least.
        let (mut first, mut alike, mut least) = (None, true, 0);
        for (i, k) in self.known.iter().enumerate() {
            if !compatible(seen, k) {
                continue;
            }
            match first {
                None => {
                    first = Some(i);
                    least = i;
                }
                Some(f) => {
                    alike &= *k == self.known[f];
                    if detail(k) < detail(&self.known[least]) {
                        least = i;
                    }
                }
            }
        }
        let maybe_unknown = self.unknown > 0 || self.unbounded;
        if first.is_none() {
            if !maybe_unknown {
                return Err(Impossible);
            }
            self.unknown = self.unknown.saturating_sub(1);
            return Ok((*seen, false));
        }
        let certain = !maybe_unknown && alike;
        // Remove the candidate that says least; if another card was really the one taken, the
        // removed identity survives in a generalised candidate or in an unknown slot (which can
        // be anything), so the zone still covers every possibility.
        let taken = self.known.remove(least);
        if certain {
            return Ok((if detail(&taken) >= detail(seen) { taken } else { *seen }, taken == *seen));
        }
        // Copies of `seen` gone: the card taken, and those generalised (which can also make one).
        let mut fewer = isize::from(taken == *seen);
        for k in self.known.iter_mut() {
            if compatible(seen, k) {
                let was = *k == *seen;
                *k = generalise(k, &taken);
                fewer += isize::from(was) - isize::from(*k == *seen);
            }
        }
        Ok((*seen, fewer > 0))
    }

    /// Whether the zone can hold the card (used for "could be there" checks).
    pub fn could_hold(&self, seen: &Card) -> bool {
        self.unknown > 0 || self.unbounded || self.known.iter().any(|k| compatible(seen, k))
    }

    /// Whether the zone surely holds a card of this denomination.
    pub fn surely_holds(&self, d: Denomination) -> bool {
        self.known.iter().any(|k| k.denomination() == Some(d))
    }
}

/// A draw deck: cards whose places from the top are known, an unordered middle, and cards whose
/// places from the bottom are known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The last card is the top of the deck.
    pub top: Vec<Card>,
    pub middle: Hidden,
    /// The first card is the bottom of the deck.
    pub bottom: Vec<Card>,
}

impl Deck {
    /// A deck of any size, none of its cards known.
    pub fn unknown() -> Deck {
        Deck { top: Vec::new(), middle: Hidden::unbounded(), bottom: Vec::new() }
    }

    pub fn len(&self) -> Option<u32> {
        self.middle.len().map(|m| m.saturating_add((self.top.len() + self.bottom.len()) as u32))
    }

    pub fn min_len(&self) -> u32 {
        self.middle.min_len().saturating_add((self.top.len() + self.bottom.len()) as u32)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// Takes the top card, which the log describes as `seen`.
    pub fn draw(&mut self, seen: &Card) -> Result<Card, Impossible> {
        self.draw_noting(seen).map(|(card, _)| card)
    }

    /// As [`Deck::draw`], and whether the deck knew the card as `seen`: its known cards hold
    /// fewer copies of `seen` than before.
    pub fn draw_noting(&mut self, seen: &Card) -> Result<(Card, bool), Impossible> {
        let named = !matches!(seen, Card::Unknown);
        // An ordered card taken: the deck knew it as `seen` when it was exactly that.
        let known = |c: Card| (if detail(&c) >= detail(seen) { c } else { *seen }, named && c == *seen);
        if let Some(top) = self.top.last() {
            if !compatible(seen, top) {
                return Err(Impossible);
            }
            return Ok(known(self.top.pop().unwrap_or(Card::Unknown)));
        }
        if self.middle.min_len() == 0 && self.middle.unbounded && !self.bottom.is_empty() {
            // The middle may be empty: the card may be the bottom's top one. Only the cards'
            // presence is still certain, not their order.
            self.bottom.clear_into(&mut self.middle);
        }
        if self.middle.min_len() > 0 || self.middle.unbounded {
            return self.middle.take_noting(seen);
        }
        match self.bottom.last() {
            Some(c) if compatible(seen, c) => Ok(known(self.bottom.pop().unwrap_or(Card::Unknown))),
            _ => Err(Impossible),
        }
    }

    /// Whether some card the deck may give next (see [`Deck::could_draw`]) is `seen` and may
    /// have `power`: a `?` drawn from it may have been such a card.
    pub fn could_give_like(&self, seen: &Card, power: crate::model::Power) -> bool {
        let fits = |k: &Card| compatible(seen, k) && k.may_have(&[power]);
        if let Some(top) = self.top.last() {
            return fits(top);
        }
        if self.middle.min_len() > 0 || self.middle.unbounded {
            return self.middle.unknown > 0 || self.middle.unbounded || self.middle.known.iter().any(fits);
        }
        self.bottom.last().is_some_and(fits)
    }

    /// Whether some card of the deck, wherever it lies, can be `seen` with `power` (one of several
    /// cards taken from the top).
    pub fn could_hold_like(&self, seen: &Card, power: crate::model::Power) -> bool {
        let fits = |k: &Card| compatible(seen, k) && k.may_have(&[power]);
        self.middle.unknown > 0
            || self.middle.unbounded
            || self.top.iter().chain(&self.middle.known).chain(&self.bottom).any(fits)
    }

    /// The top card, where the deck knows which card it is (and that it is there).
    pub fn known_top(&self) -> Option<Card> {
        match self.top.last() {
            Some(top) => Some(*top),
            None if self.middle.min_len() == 0 && !self.middle.unbounded => self.bottom.last().copied(),
            None => None,
        }
        .filter(|c| !matches!(c, Card::Unknown))
    }

    /// Whether the top card can be `seen` (what [`Deck::draw`] accepts), without drawing it.
    pub fn could_draw(&self, seen: &Card) -> bool {
        if let Some(top) = self.top.last() {
            return compatible(seen, top);
        }
        if self.middle.min_len() > 0 || self.middle.unbounded {
            return self.middle.could_hold(seen);
        }
        self.bottom.last().is_some_and(|c| compatible(seen, c))
    }

    /// Shuffles `cards` more cards into the deck: every order is forgotten, and with it which
    /// card is which, so only the count is kept.
    pub fn shuffle_in(&mut self, cards: u32) {
        let ordered = self.top.len() + self.bottom.len();
        self.top.clear();
        self.bottom.clear();
        self.middle.forget();
        self.middle.unknown = self.middle.unknown.saturating_add(count(ordered)).saturating_add(cards);
    }

    /// How many cards [`Deck::known_cards`] yields.
    pub fn known_len(&self) -> usize {
        self.top.len() + self.middle.known.len() + self.bottom.len()
    }

    pub fn known_cards(&self) -> impl Iterator<Item = &Card> + Clone {
        self.top.iter().chain(self.middle.known.iter()).chain(self.bottom.iter())
    }
}

/// Ordered cards that lose their order.
pub trait ClearInto {
    fn clear_into(&mut self, into: &mut Hidden);
}

impl ClearInto for Vec<Card> {
    fn clear_into(&mut self, into: &mut Hidden) {
        for c in self.drain(..) {
            into.add(c);
        }
    }
}

/// A decklist as counts: whole cards, and how many of each denomination.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    pub cards: Vec<(Card, u32)>,
    pub total: u32,
    /// How many cards of each denomination the list holds.
    pub by_denomination: [u32; 6],
    /// How many of each single-power card the list holds, by [`slot`]: the decklist check looks
    /// cards up here instead of walking the list.
    singles: Vec<u32>,
}

/// Single-power cards, one slot per denomination and power.
const SLOTS: usize = 6 * Power::ALL.len();

/// The slot of a whole card with one power (most cards); `None` for the rest.
pub(crate) fn slot(card: &Card) -> Option<usize> {
    match card {
        Card::Known { denomination, power: PowerSpec::Single(p) } => {
            Some(denomination.index() * Power::ALL.len() + *p as usize)
        }
        _ => None,
    }
}

impl Collection {
    pub fn from_counts(groups: impl IntoIterator<Item = (Card, u32)>) -> Collection {
        let mut c = Collection { singles: vec![0; SLOTS], ..Collection::default() };
        for (card, n) in groups {
            if let Some(i) = slot(&card) {
                c.singles[i] = c.singles[i].saturating_add(n);
            }
            c.total = c.total.saturating_add(n);
            if let Some(d) = card.denomination() {
                c.by_denomination[d.index()] = c.by_denomination[d.index()].saturating_add(n);
            }
            match c.cards.iter_mut().find(|(k, _)| *k == card) {
                Some((_, m)) => *m = m.saturating_add(n),
                None => c.cards.push((card, n)),
            }
        }
        c
    }

    fn listed(&self, card: &Card) -> u32 {
        match slot(card) {
            Some(i) => self.singles.get(i).copied().unwrap_or(0),
            None => self.cards.iter().find(|(c, _)| c == card).map_or(0, |(_, n)| *n),
        }
    }

    /// Whether the list holds as many cards.
    pub fn holds_as_many(&self, cards: usize) -> bool {
        cards <= self.total as usize
    }

    /// Whether the card fits the list beside counts of the located cards that include it.
    pub fn admits(&self, counts: &Counts, card: &Card) -> bool {
        if counts.total > self.total {
            return false;
        }
        let Card::Known { denomination: d, power } = card else { return true };
        if counts.by_denomination[d.index()] > self.by_denomination[d.index()] {
            return false;
        }
        matches!(power, PowerSpec::Unrecorded) || !self.over_listed(counts, card)
    }

    /// Whether the counts hold more copies of this whole card than the list (its single-power
    /// slot, when it has one, found once for both).
    #[inline(always)]
    fn over_listed(&self, counts: &Counts, card: &Card) -> bool {
        match slot(card) {
            Some(i) => counts.singles.get(i).copied().unwrap_or(0) > self.singles.get(i).copied().unwrap_or(0),
            None => counts.copies(card) > self.listed(card),
        }
    }

    /// Whether located cards with these counts can all be cards of the list: no set of the
    /// laminar family (a whole card, a denomination, all cards) counts more than the list holds.
    /// The same answer as [`Collection::misfit_in`] finding none, without walking the cards.
    pub fn holds_all(&self, counts: &Counts) -> bool {
        // No early exit: the single-power slots are compared in one vectorisable sweep.
        let singles = counts.singles.iter().zip(&self.singles).fold(false, |over, (c, l)| over | (c > l));
        counts.total <= self.total
            && counts.by_denomination.iter().zip(&self.by_denomination).all(|(c, l)| c <= l)
            && !singles
            && counts.others.iter().all(|(card, n)| *n <= self.listed(card))
    }

    /// Whether these located cards (distinct physical cards of the owner) can all be cards of the
    /// list. Whole cards ⊂ denominations ⊂ everything is a laminar family, so checking each set's
    /// count against the list's is exact. Returns the first card that cannot be placed. Linear:
    /// the located cards are counted once.
    pub fn misfit<'a>(&self, located: impl IntoIterator<Item = &'a Card> + Clone) -> Option<&'a Card> {
        self.misfit_in(&Counts::of(located.clone().into_iter()), located)
    }

    /// [`Collection::misfit`] given the located cards' counts. A card of which more copies are
    /// located than the list holds comes first: where its number is over-counted too, the cards of
    /// that number the list does hold are not the ones to blame.
    pub fn misfit_in<'a>(
        &self,
        counts: &Counts,
        located: impl IntoIterator<Item = &'a Card> + Clone,
    ) -> Option<&'a Card> {
        // `find` walks a chain of zones zone by zone (`try_fold`), a `for` loop card by card.
        let over_listed = |card: &&Card| {
            matches!(card, Card::Known { power, .. } if *power != PowerSpec::Unrecorded)
                && self.over_listed(counts, card)
        };
        let misfit = located.clone().into_iter().find(over_listed).or_else(|| {
            located.clone().into_iter().find(|card| match card {
                Card::Unknown => false,
                Card::Known { denomination, .. } => {
                    counts.by_denomination[denomination.index()] > self.by_denomination[denomination.index()]
                }
            })
        });
        if misfit.is_some() {
            return misfit;
        }
        if counts.total > self.total { located.into_iter().next() } else { None }
    }
}

/// Counts of located cards: all, by denomination, and copies of each whole card. The decklist
/// check keeps the counts of its last walk and adds each card that becomes known, an upper bound
/// of the located cards until the next walk (cards only leave or lose detail in between).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    total: u32,
    by_denomination: [u32; 6],
    /// Single-power cards by [`slot`].
    singles: Vec<u32>,
    /// The other whole cards (compounds, later sets' powers).
    others: Vec<(Card, u32)>,
}

impl Counts {
    pub fn of<'a>(located: impl Iterator<Item = &'a Card>) -> Counts {
        let mut c = Counts { singles: vec![0; SLOTS], ..Counts::default() };
        located.for_each(|card| c.add(card));
        c
    }

    pub fn add(&mut self, card: &Card) {
        self.total += 1;
        let Card::Known { denomination, power } = card else { return };
        self.by_denomination[denomination.index()] += 1;
        match (slot(card), power) {
            (Some(i), _) => {
                if let Some(n) = self.singles.get_mut(i) {
                    *n += 1;
                }
            }
            (None, PowerSpec::Unrecorded) => {}
            (None, _) => match self.others.iter_mut().find(|(c, _)| c == card) {
                Some((_, n)) => *n += 1,
                None => self.others.push((*card, 1)),
            },
        }
    }

    /// Takes back one [`Counts::add`] of `card` (never below zero): a located card left.
    pub fn remove(&mut self, card: &Card) {
        self.total = self.total.saturating_sub(1);
        let Card::Known { denomination, power } = card else { return };
        let d = &mut self.by_denomination[denomination.index()];
        *d = d.saturating_sub(1);
        let n = match (slot(card), power) {
            (Some(i), _) => self.singles.get_mut(i),
            (None, PowerSpec::Unrecorded) => None,
            (None, _) => self.others.iter_mut().find(|(c, _)| c == card).map(|(_, n)| n),
        };
        if let Some(n) = n {
            *n = n.saturating_sub(1);
        }
    }

    fn copies(&self, card: &Card) -> u32 {
        match slot(card) {
            Some(i) => self.singles.get(i).copied().unwrap_or(0),
            None => self.others.iter().find(|(c, _)| c == card).map_or(0, |(_, n)| *n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Power;

    fn c(d: Denomination, p: Power) -> Card {
        Card::new(d, p)
    }

    fn partial(d: Denomination) -> Card {
        Card::Known { denomination: d, power: PowerSpec::Unrecorded }
    }

    /// A pile counts each other player's cards as they come and go, as a walk of its owners would.
    #[test]
    fn a_pile_counts_its_guests_by_owner() {
        let walk = |pile: &Pile, p: PlayerId| pile.guests().filter(|(_, o)| *o == p).count();
        let mut pile = Pile::default();
        let mut next = 7u32;
        for step in 0..400u32 {
            // A fixed pseudo-random walk of pushes, inserts, removals and pops by three owners.
            next = next.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let r = next >> 16;
            let owner = [None, Some(PlayerId(1)), Some(PlayerId(3))][(r % 3) as usize];
            match (r / 3) % 5 {
                0 | 1 => pile.push(c(Denomination::One, Power::Go), owner),
                2 => pile.insert((r as usize / 15) % (pile.len() + 1), c(Denomination::Ten, Power::Go), owner),
                3 if !pile.is_empty() => drop(pile.remove((r as usize / 15) % pile.len())),
                _ => drop(pile.pop()),
            }
            if step == 250 {
                pile.clear();
            }
            for p in 0..5 {
                assert_eq!(pile.guests_of(PlayerId(p)), walk(&pile, PlayerId(p)), "step {step}");
            }
        }
        assert!(pile.guests_of(PlayerId(1)) > 0 && pile.guests_of(PlayerId(3)) > 0);
        let _ = pile.take_all();
        assert_eq!(pile.guests_of(PlayerId(1)), 0);
    }

    /// Whether a draw took a card the deck knew as the one named is read off the draw itself; it
    /// must say what counting the named card's copies before and after would say, over decks of
    /// every shape (top, middle, bottom; known, partial, unknown cards; bounded or not).
    #[test]
    fn a_draw_tells_whether_the_deck_knew_the_card() {
        let cards = [
            c(Denomination::One, Power::Go),
            c(Denomination::One, Power::Skip),
            partial(Denomination::One),
            c(Denomination::Ten, Power::Go),
            Card::Unknown,
        ];
        // Each deck part is a few of the cards, chosen by the digits of a number in base 6 (0: none).
        let part = |mut n: usize, len: usize| -> Vec<Card> {
            let mut out = Vec::new();
            for _ in 0..len {
                if n % 6 > 0 {
                    out.push(cards[n % 6 - 1]);
                }
                n /= 6;
            }
            out
        };
        let copies = |deck: &Deck, seen: &Card| deck.known_cards().filter(|k| *k == seen).count();
        let (mut checked, mut knew) = (0, 0);
        for top in [0, 1, 2, 5] {
            for middle in 0..216 {
                for bottom in [0, 1, 3, 5, 8, 13, 29] {
                    for (unknown, unbounded) in [(0, false), (1, false), (0, true), (2, true)] {
                        let mut known = part(middle, 3);
                        known.retain(|k| *k != Card::Unknown);
                        let deck = Deck {
                            top: part(top, 1),
                            middle: Hidden { known, unknown, unbounded },
                            bottom: part(bottom, 2),
                        };
                        for seen in &cards {
                            let mut drawn = deck.clone();
                            let Ok((_, had)) = drawn.draw_noting(seen) else { continue };
                            let fewer = !matches!(seen, Card::Unknown) && copies(&drawn, seen) < copies(&deck, seen);
                            assert_eq!(had, fewer, "drawing {seen} from {deck:?}");
                            checked += 1;
                            knew += usize::from(had);
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000 && knew > 1_000, "{checked} draws, {knew} of known cards");
    }

    #[test]
    fn a_fully_known_hand_refuses_a_card_it_lacks() {
        let mut h = Hidden::default();
        h.add(c(Denomination::One, Power::Go));
        assert_eq!(h.take(&c(Denomination::Ten, Power::Go)), Err(Impossible));
        assert!(h.take(&c(Denomination::One, Power::Go)).is_ok());
        assert_eq!(h.len(), Some(0));
    }

    #[test]
    fn an_unknown_slot_can_be_any_card() {
        let mut h = Hidden::unknown(1);
        h.add(c(Denomination::One, Power::Go));
        assert!(h.take(&c(Denomination::Ten, Power::Skip)).is_ok());
        assert_eq!(h.known, vec![c(Denomination::One, Power::Go)]);
        assert_eq!(h.len(), Some(1));
    }

    /// Known {10 Go, ?}; the log plays `10 ?`: either card may be gone, so the other must not be
    /// assumed to be 10 Go, or a later play of the unknown card would be a false accusation.
    #[test]
    fn a_vague_play_generalises_what_remains() {
        let mut h = Hidden::unknown(1);
        h.add(c(Denomination::Ten, Power::Go));
        h.take(&partial(Denomination::Ten)).expect("possible");
        assert_eq!(h.len(), Some(1));
        assert!(h.could_hold(&c(Denomination::Hundred, Power::Go)));
        let mut h = Hidden::default();
        h.add(c(Denomination::Ten, Power::Go));
        h.add(c(Denomination::Ten, Power::Skip));
        h.take(&partial(Denomination::Ten)).expect("possible");
        assert_eq!(h.known, vec![partial(Denomination::Ten)]);
    }

    #[test]
    fn taking_an_unknown_card_forgets_identities() {
        let mut h = Hidden::unknown(1);
        h.add(c(Denomination::Ten, Power::Go));
        h.take(&Card::Unknown).expect("possible");
        assert_eq!(h, Hidden::unknown(1));
    }

    /// Counts check a card's copies, its number and the total, for whole, partial and unknown
    /// cards.
    #[test]
    fn counts_admit_what_the_list_allows() {
        let go = c(Denomination::One, Power::Go);
        let list = Collection::from_counts([(go, 2), (c(Denomination::Ten, Power::Go), 1)]);
        let ten = partial(Denomination::Ten);
        let both = Card::Known { denomination: Denomination::One, power: PowerSpec::Compound(Power::Go, Power::Skip) };
        let cases: [(&[&Card], bool); 6] = [
            (&[&go, &go], true),
            (&[&go, &go, &go], false),
            (&[&ten], true),
            (&[&ten, &ten], false),
            (&[&both], false),
            (&[&Card::Unknown, &go, &Card::Unknown, &ten], false),
        ];
        for (located, fits) in cases {
            let counts = Counts::of(located.iter().copied());
            for card in located {
                assert_eq!(list.admits(&counts, card), fits, "{card} in {located:?}");
            }
        }
        // A bound grown by a card answers as the counts of all of them.
        let mut grown = Counts::of([&go, &go].into_iter());
        grown.add(&go);
        assert!(!list.admits(&grown, &go));
    }

    #[test]
    fn the_decklist_refuses_a_copy_too_many() {
        let list =
            Collection::from_counts([(c(Denomination::One, Power::Go), 2), (c(Denomination::Ten, Power::Go), 1)]);
        let one = c(Denomination::One, Power::Go);
        assert_eq!(list.misfit([&one, &one]), None);
        assert_eq!(list.misfit([&one, &one, &one]), Some(&one));
        let ten = partial(Denomination::Ten);
        assert_eq!(list.misfit([&ten]), None);
        assert_eq!(list.misfit([&ten, &ten]), Some(&ten));
        let skip = c(Denomination::One, Power::Skip);
        assert_eq!(list.misfit([&skip]), Some(&skip));
    }

    /// Judging the counts alone answers as walking the cards does, over many small lists and
    /// hands drawn from a few cards of each kind (whole, compound, denomination only, unknown).
    #[test]
    fn the_counts_fit_exactly_when_no_card_misfits() {
        let kinds = [
            c(Denomination::One, Power::Go),
            c(Denomination::One, Power::Skip),
            c(Denomination::Ten, Power::Go),
            Card::Known { denomination: Denomination::One, power: PowerSpec::Compound(Power::Go, Power::Skip) },
            partial(Denomination::One),
            partial(Denomination::Ten),
            Card::Unknown,
        ];
        // A fixed sequence of choices (SplitMix64), so a failure reproduces.
        let mut state = 7u64;
        let mut next = |n: usize| {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % n as u64) as usize
        };
        let (mut fit, mut misfit) = (0, 0);
        for _ in 0..5_000 {
            let list: Vec<(Card, u32)> = (0..next(4)).map(|_| (kinds[next(4)], next(3) as u32 + 1)).collect();
            let list = Collection::from_counts(list);
            let located: Vec<Card> = (0..next(6)).map(|_| kinds[next(kinds.len())]).collect();
            let walked = list.misfit(located.iter()).is_none();
            assert_eq!(list.holds_all(&Counts::of(located.iter())), walked, "{located:?} in {:?}", list.cards);
            if walked { fit += 1 } else { misfit += 1 }
        }
        assert!(fit > 500 && misfit > 500, "{fit} fitting, {misfit} not");
    }

    /// Counts of cards saturate instead of overflowing (debug builds would panic, release builds
    /// wrap to a small count): only a log of billions of cards gets there.
    #[test]
    fn card_counts_saturate() {
        let mut h = Hidden { known: vec![c(Denomination::One, Power::Go)], unknown: u32::MAX - 1, unbounded: false };
        assert_eq!(h.min_len(), u32::MAX);
        h.add(Card::Unknown);
        h.forget();
        assert_eq!(h.len(), Some(u32::MAX));
        let mut deck = Deck { top: vec![Card::Unknown; 2], middle: h, bottom: Vec::new() };
        assert_eq!(deck.min_len(), u32::MAX);
        deck.shuffle_in(u32::MAX);
        assert_eq!(deck.len(), Some(u32::MAX));
        let list = Collection::from_counts([
            (c(Denomination::One, Power::Go), u32::MAX),
            (c(Denomination::One, Power::Go), 5),
        ]);
        assert_eq!(list.total, u32::MAX);
    }

    /// A card that leaves the located ones is taken back out of a bound exactly as it was added,
    /// whatever it is, and a bound never counts below zero.
    #[test]
    fn removing_a_card_undoes_adding_it() {
        let cards = [
            c(Denomination::One, Power::Go),
            partial(Denomination::Ten),
            Card::Known { denomination: Denomination::One, power: PowerSpec::Compound(Power::Go, Power::Skip) },
            Card::Unknown,
        ];
        let base = Counts::of(cards.iter());
        for card in &cards {
            let mut grown = base.clone();
            grown.add(card);
            grown.add(card);
            grown.remove(card);
            grown.remove(card);
            assert_eq!(grown, base, "{card}");
        }
        let mut empty = Counts::of(std::iter::empty());
        empty.remove(&cards[0]);
        empty.remove(&cards[2]);
        assert_eq!(empty, Counts::of(std::iter::empty()));
    }

    /// A replayed card held as the pile's own, in doubt with Rogue's unnamed 1: a line taking a
    /// card no own card can be reads the doubt the other way. The replayed card becomes Rogue's,
    /// Rogue's 1 the pile's own unnamed card, which leaves as the card named; each owner keeps
    /// as many cards as before, less the one taken (ruling F10).
    #[test]
    fn the_other_reading_of_a_card_in_doubt_frees_an_own_card() {
        let rogue = PlayerId(1);
        let exchange = c(Denomination::One, Power::Exchange);
        let safety = c(Denomination::HundredThousand, Power::Safety);
        let mut pile = Pile::own(vec![c(Denomination::Ten, Power::Go)]);
        pile.push(partial(Denomination::One), Some(rogue));
        pile.push(exchange, None);
        pile.doubt_owner(2, Some(rogue));
        assert_eq!(pile.other_reading(|_| true), Some((2, 1)));
        // A card on the pile that may be the one named comes first: no other reading.
        assert_eq!(pile.take_by_other_reading(&partial(Denomination::Ten), |o| o.is_none()), None);
        // A line asking for one of Rogue's cards does not take the own card freed.
        assert_eq!(pile.take_by_other_reading(&safety, |o| o == Some(rogue)), None);
        assert_eq!(pile.take_by_other_reading(&safety, |o| o.is_none()), Some((safety, None)));
        assert_eq!(&pile[..], &[c(Denomination::Ten, Power::Go), exchange]);
        assert_eq!((pile.owner(0), pile.owner(1), pile.guests_of(rogue)), (None, Some(rogue), 1));
        assert_eq!((pile.doubted_owner(1), pile.owned_len()), (None, 1));
        assert_eq!(pile.other_reading(|_| true), None);
    }

    /// Two replayed cards in doubt at once: neither counts for a list, a card taken from beneath
    /// keeps both doubts on their cards, and each is settled on its own (ruling F10).
    #[test]
    fn two_cards_in_doubt_stay_in_doubt() {
        let (rogue, matt) = (PlayerId(1), PlayerId(2));
        let exchange = c(Denomination::One, Power::Exchange);
        let skip = c(Denomination::HundredThousand, Power::Skip);
        let mut pile = Pile::own(vec![Card::Unknown]);
        pile.push(partial(Denomination::One), Some(rogue));
        pile.push(exchange, None);
        pile.push(skip, None);
        pile.doubt_owner(2, Some(rogue));
        pile.doubt_owner(3, Some(matt));
        assert_eq!((pile.doubted_owner(2), pile.doubted_owner(3)), (Some(Some(rogue)), Some(Some(matt))));
        assert_eq!((pile.owned_len(), pile.owned().count()), (1, 1));
        pile.remove(0);
        assert_eq!((pile.doubted_owner(1), pile.doubted_owner(2)), (Some(Some(rogue)), Some(Some(matt))));
        // A line sending the 1 Exchange home to Rogue settles that doubt only.
        assert_eq!(pile.take_as_doubted(&exchange, Some(rogue)), Some((exchange, Some(rogue))));
        assert_eq!((pile.owner(0), pile.doubted_owner(1)), (None, Some(Some(matt))));
        assert_eq!((pile.owned_len(), pile.located_guests_of(rogue)), (1, 0));
        assert_eq!(pile.pop(), Some((skip, None)));
        assert_eq!((pile.doubted_owner(0), pile.owned_len()), (None, 1));
    }

    /// A card in doubt whose owner a reading of another card changes to the owner its doubt named
    /// is in doubt no more.
    #[test]
    fn a_reading_that_gives_a_doubted_card_its_other_owner_settles_it() {
        let rogue = PlayerId(1);
        let exchange = c(Denomination::One, Power::Exchange);
        let mut pile = Pile::own(vec![]);
        pile.push(partial(Denomination::One), Some(rogue));
        pile.push(exchange, None);
        pile.doubt_owner(0, None);
        pile.doubt_owner(1, Some(rogue));
        assert_eq!(pile.take_as_doubted(&exchange, Some(rogue)), Some((exchange, Some(rogue))));
        assert_eq!((&pile[..], pile.owner(0), pile.doubted_owner(0)), (&[Card::Unknown][..], None, None));
        assert_eq!(pile.owned_len(), 1);
    }
}
