//! The parsed log: one [`Line`] per meaningful source line, in source order, with spans.
//!
//! The tree is flat on purpose: the engine walks it top to bottom, and `fmt` prints it back line
//! by line with its comments. Which turn a resolution line belongs to is its position: the
//! nearest turn line above it.

use super::{Card, Denomination, Names, PlayerId, Points, Power, PowerSpec, Span};
use crate::engine::event::Event;
use serde::{Deserialize, Serialize};

/// A whole log as written.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Log {
    /// Player names as declared by `players:` (or a position block), in declaration order.
    pub names: Names,
    pub lines: Vec<Line>,
    /// A player the `players:` line left out, read at its end (R0110): the referee seats the
    /// player where the turns show.
    #[serde(skip)]
    pub added: Option<PlayerId>,
}

/// Two logs are equal when they say the same thing: spans aside (see [`Span`]), and with a bare
/// `tribbles-log 1` line counting for nothing, because format 1 is what a log without one means
/// (`fmt` writes it).
impl PartialEq for Log {
    fn eq(&self, other: &Log) -> bool {
        fn meaningful(log: &Log) -> impl Iterator<Item = &Line> {
            log.lines.iter().filter(|l| !(l.kind == LineKind::Version(1) && l.comment.is_none()))
        }
        self.names == other.names && meaningful(self).eq(meaningful(other))
    }
}

/// One logical line (a deck line with its continuation lines counts as one).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    pub kind: LineKind,
    pub span: Span,
    /// The text of a trailing `#` comment, without the `#`.
    pub comment: Option<String>,
    /// A blank line stood before this one; `fmt` keeps the grouping.
    pub blank_before: bool,
}

/// A group of identical cards in a card list: `9x 1 Go`, `3x ?`, `Rogue's 1000 BiJ`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardCount {
    pub count: u32,
    /// Whose card it is when it sits in another player's zone (position blocks, resolution lines).
    pub owner: Option<PlayerId>,
    pub card: Card,
    #[serde(skip)]
    pub span: Span,
}

impl CardCount {
    pub fn one(card: Card, span: Span) -> CardCount {
        CardCount { count: 1, owner: None, card, span }
    }

    /// A list of this group alone.
    pub fn list(self) -> CardCounts {
        OneOrMany::One(self)
    }
}

/// A card named on its own (a play, a draw, a choice), with where it was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardAt {
    pub card: Card,
    #[serde(skip)]
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Ruleset {
    Tcc21,
    Decipher2000,
}

impl Ruleset {
    pub fn keyword(self) -> &'static str {
        match self {
            Ruleset::Tcc21 => "tcc-2.1",
            Ruleset::Decipher2000 => "decipher-2000",
        }
    }

    /// The ruleset's name as the rules documents give it.
    pub fn title(self) -> &'static str {
        match self {
            Ruleset::Tcc21 => "TCC 2.1",
            Ruleset::Decipher2000 => "Decipher 2000",
        }
    }

    /// The fewest and most players a table seats (TCC 2.1, Number of Players; Decipher 2000,
    /// Setup).
    pub fn table_sizes(self) -> (usize, usize) {
        match self {
            Ruleset::Tcc21 => (4, 8),
            Ruleset::Decipher2000 => (2, 8),
        }
    }

    /// The fewest cards a legal deck holds: 35 under TCC 2.1 (Customizing Your Deck); Decipher
    /// 2000 plays its preconstructed decks and sets no minimum.
    pub fn deck_minimum(self) -> u32 {
        match self {
            Ruleset::Tcc21 => 35,
            Ruleset::Decipher2000 => 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Direction {
    Clockwise,
    Counterclockwise,
}

impl Direction {
    /// The other way round the table.
    pub fn reversed(self) -> Self {
        match self {
            Direction::Clockwise => Direction::Counterclockwise,
            Direction::Counterclockwise => Direction::Clockwise,
        }
    }

    /// The word for it in a report.
    pub fn word(self) -> &'static str {
        match self {
            Direction::Clockwise => "clockwise",
            Direction::Counterclockwise => "counter-clockwise",
        }
    }
}

/// The free-text header tags (FORMAT.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TextTag {
    Event,
    Date,
    Site,
    Table,
    Note,
    Scorekeeper,
}

impl TextTag {
    pub const ALL: [TextTag; 6] =
        [TextTag::Event, TextTag::Date, TextTag::Site, TextTag::Table, TextTag::Note, TextTag::Scorekeeper];

    pub fn keyword(self) -> &'static str {
        match self {
            TextTag::Event => "event",
            TextTag::Date => "date",
            TextTag::Site => "site",
            TextTag::Table => "table",
            TextTag::Note => "note",
            TextTag::Scorekeeper => "scorekeeper",
        }
    }
}

/// A player and a number of points, as on `points:` and `totals:` lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerPoints {
    pub player: PlayerId,
    pub points: Points,
    #[serde(skip)]
    pub span: Span,
}

/// A trouble card: its name and shift line (TCC 2.1, Troubles - Shifting).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TroubleCard {
    pub name: String,
    /// Shifts when a player misses on this denomination.
    pub miss: Option<Denomination>,
    /// Shifts after a card with this power is played and resolved.
    pub power: Option<PowerSpec>,
    /// The action a player may take at the start of a turn to shift it.
    pub action: Option<TroubleAction>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TroubleAction {
    Draw(u32),
    Lose(Points),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum LineKind {
    /// A line holding only a comment.
    Comment {
        indented: bool,
    },
    /// `tribbles-log 1`
    Version(u32),
    Text {
        tag: TextTag,
        value: String,
    },
    /// A tag the format does not define; kept so `fmt` loses nothing.
    UnknownTag {
        tag: String,
        value: String,
    },
    Ruleset(Ruleset),
    Troubles(bool),
    /// `trouble-card: NAME; miss 10; power Mutate; action lose 100000`: a trouble the table's pile
    /// holds besides the built-in one, with its shift line (its effect is not known).
    TroubleCard(TroubleCard),
    Rounds(u32),
    Players(Vec<PlayerId>),
    Deck {
        player: PlayerId,
        cards: CardCounts,
    },
    Round(u32),
    First(PlayerId),
    Trouble(String),
    Hand {
        player: PlayerId,
        cards: CardCounts,
    },
    Mulligan(PlayerId),
    Turn(Turn),
    /// An indented line under a turn: what happened while it resolved (FORMAT.md §8).
    Resolution(Event),
    /// `then STEP`: the turn's player continues after resolution lines.
    Then(Step),
    Safety(PlayerId),
    Reseat(Vec<PlayerId>),
    Points(Vec<PlayerPoints>),
    Totals(Vec<PlayerPoints>),
    Winner(Vec<PlayerId>),
    PositionStart,
    Position(PositionLine),
    PositionEnd,
    Expect(Expectation),
}

/// `Player: step; step; …`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turn {
    pub player: PlayerId,
    #[serde(skip)]
    pub player_span: Span,
    /// At least one.
    pub steps: Steps,
}

/// A turn's steps.
pub type Steps = OneOrMany<Step>;

/// A card list's groups.
pub type CardCounts = OneOrMany<CardCount>;

/// How many cards a list counts (at most `u32::MAX`: a list of millions of `1000x ?` groups
/// saturates rather than overflows).
pub fn total_count(list: &[CardCount]) -> u32 {
    list.iter().fold(0u32, |n, c| n.saturating_add(c.count))
}

/// The first card of `cards` that a decklist, zone line or hand line gives as another player's
/// than `player`'s, with its owner.
pub fn guest_card(player: PlayerId, cards: &[CardCount]) -> Option<(PlayerId, &CardCount)> {
    cards.iter().find_map(|c| c.owner.filter(|o| *o != player).map(|o| (o, c)))
}

/// A list that holds a lone item inline. Almost every turn has one step and almost every card
/// list one group, so most lines of a log cost no allocation of their own (issue 8's per-turn
/// path). Read it as a slice.
#[derive(Clone, Debug)]
pub enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> OneOrMany<T> {
    pub fn push(&mut self, item: T) {
        match self {
            OneOrMany::Many(all) => all.push(item),
            OneOrMany::One(_) => {
                if let OneOrMany::One(first) = std::mem::take(self) {
                    // Room for four, as a `Vec` first grows to.
                    let mut all = Vec::with_capacity(4);
                    all.extend([first, item]);
                    *self = OneOrMany::Many(all);
                }
            }
        }
    }

    /// Room for `additional` more items without growing (a lone item moves into a list).
    pub fn reserve(&mut self, additional: usize) {
        match self {
            OneOrMany::Many(all) => all.reserve(additional),
            OneOrMany::One(_) if additional == 0 => {}
            OneOrMany::One(_) => {
                if let OneOrMany::One(first) = std::mem::take(self) {
                    let mut all = Vec::with_capacity(additional + 1);
                    all.push(first);
                    *self = OneOrMany::Many(all);
                }
            }
        }
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.retain_mut(|item| keep(item));
    }

    pub fn retain_mut(&mut self, mut keep: impl FnMut(&mut T) -> bool) {
        match self {
            OneOrMany::Many(all) => all.retain_mut(keep),
            OneOrMany::One(item) => {
                if !keep(item) {
                    *self = OneOrMany::default();
                }
            }
        }
    }
}

impl<T> Default for OneOrMany<T> {
    fn default() -> OneOrMany<T> {
        OneOrMany::Many(Vec::new())
    }
}

impl<T> FromIterator<T> for OneOrMany<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> OneOrMany<T> {
        OneOrMany::Many(items.into_iter().collect())
    }
}

impl<T> Extend<T> for OneOrMany<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        items.into_iter().for_each(|item| self.push(item));
    }
}

impl<T> std::ops::Deref for OneOrMany<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        match self {
            OneOrMany::One(item) => std::slice::from_ref(item),
            OneOrMany::Many(all) => all,
        }
    }
}

impl<T> std::ops::DerefMut for OneOrMany<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            OneOrMany::One(item) => std::slice::from_mut(item),
            OneOrMany::Many(all) => all,
        }
    }
}

impl<T> IntoIterator for OneOrMany<T> {
    type Item = T;
    type IntoIter = std::iter::Chain<std::option::IntoIter<T>, std::vec::IntoIter<T>>;
    fn into_iter(self) -> Self::IntoIter {
        match self {
            OneOrMany::One(item) => Some(item).into_iter().chain(Vec::new()),
            OneOrMany::Many(all) => None.into_iter().chain(all),
        }
    }
}

impl<'a, T> IntoIterator for &'a OneOrMany<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut OneOrMany<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// Alike items are alike however they are held.
impl<T: PartialEq> PartialEq for OneOrMany<T> {
    fn eq(&self, other: &OneOrMany<T>) -> bool {
        **self == **other
    }
}

impl<T: Eq> Eq for OneOrMany<T> {}

/// Written as a sequence, like a `Vec`.
impl<T: Serialize> Serialize for OneOrMany<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<OneOrMany<T>, D::Error> {
        Vec::deserialize(deserializer).map(OneOrMany::Many)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub kind: StepKind,
    #[serde(skip)]
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum StepKind {
    /// Play a card from hand; `used` holds the choices when its power is used.
    Play {
        card: CardAt,
        /// Boxed, not a `Vec`: a turn line is one of these, and every line is as large as its
        /// largest kind.
        used: Option<Box<[Choice]>>,
    },
    Draw {
        card: Option<CardAt>,
    },
    Pass {
        on: Option<Denomination>,
    },
    ActionDraw(u32),
    ActionLose(Points),
    /// BaH!: put it from hand beneath the play pile on a skipped turn.
    Place(CardAt),
    /// Sabotage: use the power of the card it discarded.
    Activate(Vec<Choice>),
    /// Replay: play a card again from the play pile.
    Replay {
        card: CardAt,
        used: Option<Box<[Choice]>>,
    },
    Skipped,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Choice {
    pub kind: ChoiceKind,
    #[serde(skip)]
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ChoiceKind {
    /// `@Name`
    Player(PlayerId),
    /// `name POWER`
    Name(PowerSpec),
    /// Cards chosen from one's own hand (or discard pile, for Rescue).
    Cards(CardCounts),
    /// `take CARD`
    Take(CardAt),
    /// `top CARDS` (Scan)
    Top(CardCounts),
    /// `bottom CARDS` (Scan)
    Bottom(CardCounts),
    /// `of Name` (Copy)
    Of(PlayerId),
    /// A bare power name after `use`: only that half of a compound is used.
    Half(Power),
}

/// What the last play left for the next player, in a position block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ChainSetting {
    /// A new chain: the next card must be a 1; `broken` when the round's first player did not
    /// play, so that an Advance may stand for the 1 (ruling R17).
    Start {
        broken: bool,
    },
    Last {
        denomination: Denomination,
        broken: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Zone {
    Hand,
    Deck,
    Pile,
    Discard,
}

impl Zone {
    pub fn keyword(self) -> &'static str {
        match self {
            Zone::Hand => "hand",
            Zone::Deck => "deck",
            Zone::Pile => "pile",
            Zone::Discard => "discard",
        }
    }
}

/// A line inside a `position` block (FORMAT.md §10).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PositionLine {
    Ruleset(Ruleset),
    Troubles(bool),
    Players(Vec<PlayerId>),
    Round(u32),
    Direction(Direction),
    Chain(ChainSetting),
    Turn(PlayerId),
    Trouble(String),
    Frozen {
        power: PowerSpec,
        until: PlayerId,
    },
    Zone {
        player: PlayerId,
        zone: Zone,
        cards: CardCounts,
    },
    Score {
        player: PlayerId,
        points: Points,
    },
    Pot(CardCounts),
    /// Players already decked this round.
    Decked(Vec<PlayerId>),
    /// Players sitting this round out (decked last round with fewer than seven cards left).
    SittingOut(Vec<PlayerId>),
    /// A Score `player` played, waiting for `target`'s next play.
    ScoreWaiting {
        player: PlayerId,
        target: PlayerId,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn keyword(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// An `expect` line (FORMAT.md §12).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Expectation {
    Next(PlayerId),
    Chain(Denomination),
    Event(Event),
    Points(Vec<PlayerPoints>),
    Totals(Vec<PlayerPoints>),
    Winner(Vec<PlayerId>),
    Hand {
        player: PlayerId,
        count: u32,
    },
    /// `expect error`, `expect warning S0104`, …: the line above is flagged.
    Diagnostic {
        severity: Severity,
        code: Option<String>,
    },
    Clean,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_grow_from_one_inline_step() {
        let step = |kind| Step { kind, span: Span::default() };
        let mut steps = Steps::One(step(StepKind::Draw { card: None }));
        assert_eq!(steps.len(), 1);
        steps.push(step(StepKind::Pass { on: None }));
        steps.push(step(StepKind::Skipped));
        let kinds: Vec<&StepKind> = steps.iter().map(|s| &s.kind).collect();
        assert_eq!(kinds, [&StepKind::Draw { card: None }, &StepKind::Pass { on: None }, &StepKind::Skipped]);
        // Held inline or not, alike steps are equal.
        assert_eq!(Steps::One(step(StepKind::Skipped)), Steps::Many(vec![step(StepKind::Skipped)]));
        assert_ne!(Steps::One(step(StepKind::Skipped)), Steps::Many(Vec::new()));
    }

    #[test]
    fn a_lone_item_behaves_as_a_list_of_one() {
        let mut one = OneOrMany::One(1);
        one.retain(|x| *x > 1);
        assert!(one.is_empty());
        let mut one = OneOrMany::One(1);
        one.extend([2, 3]);
        one.retain_mut(|x| {
            *x *= 10;
            *x != 20
        });
        assert_eq!(*one, [10, 30]);
        assert_eq!(one.into_iter().collect::<Vec<_>>(), [10, 30]);
        assert_eq!(OneOrMany::One(7).into_iter().collect::<Vec<_>>(), [7]);
        assert_eq!(serde_json::to_string(&OneOrMany::One(7)).ok().as_deref(), Some("[7]"));
        let back: Result<OneOrMany<u8>, _> = serde_json::from_str("[7, 8]");
        assert_eq!(back.ok().as_deref(), Some(&[7u8, 8][..]));
    }

    #[test]
    fn reserving_room_keeps_the_items() {
        let mut one = OneOrMany::One(1);
        one.reserve(0);
        assert!(matches!(one, OneOrMany::One(1)));
        one.reserve(9);
        match &one {
            OneOrMany::Many(all) => assert!(all.capacity() >= 10),
            OneOrMany::One(_) => panic!("a lone item with room reserved moves into a list"),
        }
        one.extend(2..=10);
        assert_eq!(*one, (1..=10).collect::<Vec<_>>()[..]);
    }
}
