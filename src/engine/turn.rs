//! One turn: whose it is, each step against the chain and the hidden cards, what the rules make
//! happen at its end (going out, being decked, the next player), and the table's resolution
//! lines compared with it (TCC 2.1, How to Play; Ending the Round; Advanced Rules: "Decked").

use super::event::{Drawn, Event, Place};
use super::replay::{Checkpoint, InferredDecked, LISTED, Referee, same_event};
use super::rules::{self, Verdict, Way};
use super::state::Status;
use super::zone::{Collection, compatible};
use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::model::log::{
    CardAt, CardCount, Choice, ChoiceKind, Line, LineKind, OneOrMany, PositionLine, Ruleset, Step, StepKind, Steps,
    TroubleAction, Turn, Zone,
};
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec, Span};
use crate::powers;

/// What a turn has done so far.
#[derive(Default)]
pub(crate) struct Progress<'l, 's> {
    played: bool,
    /// The player's hand held cards nobody saw when the turn began: a going out at its end rests
    /// on the count of them.
    hand_unseen: bool,
    /// The denomination the chain called for when the turn began (a trouble's Miss).
    called_for: Option<Denomination>,
    /// Plays beyond the first that a power allows this turn (`?`: any card).
    allowed: Vec<Card>,
    /// Go: the player takes another turn.
    extra_turn: bool,
    /// Skip: how many players lose their turn after this one.
    skips: u32,
    /// Powers activated this turn, for Dabo (both halves of a compound count; so does Clone).
    activations: u32,
    /// Rescue: the card taken into hand, which goes on top of the deck unless it is played.
    rescued: Option<Card>,
    /// Freezes made this turn, which do not end with it.
    froze: Vec<PowerSpec>,
    /// Scores aimed this turn at the player whose turn it is: they wait for the next one.
    awaits: Vec<PlayerId>,
    /// Sabotage: the card it discarded, whose power an `activate` step may use (once).
    sabotaged: Option<Card>,
    /// The card Sabotage discarded is known only from a line that may instead be the activated
    /// power's own (the Sabotage's line left out): the player whose deck it came from.
    sabotage_doubtful: Option<PlayerId>,
    /// An `activate` step is using the discarded card's power now.
    activating: bool,
    /// A Replay was used and has not yet replayed a card.
    replay_open: bool,
    /// The table's resolution lines of this turn; `true` once a power has taken one as evidence.
    claims: Vec<(&'l Event, Span, bool)>,
    /// The card drawn this turn, as the log describes it.
    drew: Option<Card>,
    decked: bool,
    skipped: bool,
    acted: bool,
    passed: bool,
    /// A power whose effects are not followed was used: the rest of the turn is the table's word.
    fogged: bool,
    steps: u32,
    /// Cards another player's power moved into their owner's discard or play pile (`Some`
    /// place) unnamed: each may have been a Replicate, whose extra card a line left over at the
    /// turn's end may be (ruling F8).
    unnamed_replicates: Vec<(PlayerId, Option<super::event::Place>)>,
    /// A power the referee could not follow was aimed at the turn's own player this turn: it may
    /// have been a Score waiting for that player's next turn.
    maybe_awaits_self: bool,
    /// A step of the turn uses a power that may make its player draw (Evolve, Draw, …): a lone
    /// `draws` line may be that power's rather than a trouble action's.
    power_may_draw: bool,
    /// The turn's steps (an `activate` step aimed at a player makes a Sabotage's lone discard line
    /// from that player's deck maybe the activated power's own). Their lifetime is not the
    /// claims': a turn the log left out is made up by the referee.
    turn_steps: &'s [Step],
    /// Cards played while the active trouble was unknown: each may have had the Power of the one
    /// the table's shift lines name at the turn's end, and shifted it again unwritten.
    unjudged_plays: Vec<Card>,
    /// The turn's plays still to come whose card may be a Qapla' (a step, a `then` line or a
    /// stampede's `plays` line; its power known to be one, or not recorded): a card not recorded
    /// takes the table's `pot empties` line as its own only where none is left.
    qapla_plays: u32,
}

impl Progress<'_, '_> {
    /// Takes the first of the turn's resolution lines not yet taken that `pick` accepts, as
    /// evidence; it is then not compared again.
    fn take(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        let c = self.claims.iter_mut().find(|(e, _, used)| !*used && pick(e))?;
        c.2 = true;
        Some((c.0.clone(), c.1))
    }

    /// As [`Progress::take`], only when the line is the first not yet taken (a trouble's shift
    /// line and score lines aside, which may stand anywhere, ruling F15): a power's line comes
    /// before those of a power it sets off.
    fn take_first(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        let c = self.claims.iter_mut().find(|(e, _, used)| !*used && !anywhere(e))?;
        if !pick(c.0) {
            return None;
        }
        c.2 = true;
        Some((c.0.clone(), c.1))
    }

    /// The line [`Progress::take_first`] looks at.
    fn first(&self) -> Option<&Event> {
        self.claims.iter().find(|(e, _, used)| !*used && !anywhere(e)).map(|(e, _, _)| *e)
    }

    /// Whether a line not yet taken satisfies `pick`.
    fn has(&self, pick: impl Fn(&Event) -> bool) -> bool {
        self.at(pick).is_some()
    }

    /// Where the first line not yet taken that satisfies `pick` stands.
    fn at(&self, pick: impl Fn(&Event) -> bool) -> Option<Span> {
        self.claims.iter().find(|(e, _, used)| !*used && pick(e)).map(|(_, span, _)| *span)
    }
}

/// The one player a turn's power is aimed at, and where: the turn's steps choose one player
/// (`@Name`), in the choices of a card played or replayed, and no trouble action.
fn aimed_at(turn: &Turn) -> Option<(PlayerId, Span)> {
    let mut aimed = None;
    for step in turn.steps.iter() {
        match &step.kind {
            StepKind::Play { used: Some(used), .. } | StepKind::Replay { used: Some(used), .. } => {
                for c in used.iter() {
                    if let ChoiceKind::Player(q) = c.kind {
                        if aimed.is_some() {
                            return None;
                        }
                        aimed = Some((q, c.span));
                    }
                }
            }
            StepKind::Activate(_) => return None,
            _ => {}
        }
    }
    aimed
}

/// The most resolution lines a turn may have to be read again with one of them read otherwise
/// ([`Referee::misnamed_line`]): a Party or a Masaka at a table of eight writes a score of them.
/// So too for the steps of a turn line read again with a card of it read otherwise.
const BLOCK_READ: usize = 48;

/// Where a card read otherwise stands in a turn: card `j` of line `k` of its block, the card
/// played at step `s` of the turn line, or card `j` of choice `c` of that play's power (`0` for a
/// card it takes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum CardPlace {
    Line { k: usize, j: usize },
    Play { s: usize },
    Choice { s: usize, c: usize, j: usize },
}

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
            tied
        } else {
            fits
        };
        // Powers no decklist shows are not read with their number alone, which is unfollowed.
        if self.unfogged {
            return None;
        }
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
        let help = match place {
            CardPlace::Play { .. } if read.power_recorded() => {
                format!("the {what} seems miswritten, and {name} may hold a {read}")
            }
            CardPlace::Play { .. } => format!(
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
            _ => written.iter().find(|d| d.span == span && unheld(d.code)),
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
                    format!("{card} does not fit {what}, and {read} does")
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
        report = report.label(format!("read as {read}")).help(format!(
            "{help}: read as {read}, the turn and the turns after it follow, and the game goes on from it"
        ));
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

    fn as_written(&self) -> usize {
        self.written_ends().0
    }

    /// The errors and the notes of fog ([`Referee::reports_by_the_end`]) of the turn as written by
    /// the log's end.
    fn written_ends(&self) -> (usize, usize) {
        *self.as_written.get_or_init(|| self.written.reports_as_written(self.at + 1 + self.block.len()))
    }
}

/// What the resolution lines of a turn left out above them show that it may have chosen
/// ([`Referee::shown_by`]).
#[derive(Default)]
struct Shown {
    /// The players the lines name, other than the turn's.
    players: Vec<PlayerId>,
    /// The turn's player, where the lines name that player too (a power aimed at its own player).
    own: Option<PlayerId>,
    /// The powers of the cards they name, a compound's halves apart.
    powers: Vec<Power>,
    /// The cards they name, with their powers.
    cards: Vec<Card>,
    /// Whether a line shifts the trouble, as a trouble action does.
    shifts: bool,
    /// Whether a line does anything else.
    other_lines: bool,
}

/// The turns [`Referee::reading_left_out`] tries for a turn left out.
struct Ways {
    /// Each turn's steps, with whether it draws a card the player need not have drawn.
    ways: Vec<(Vec<StepKind>, bool)>,
    /// Whether the cards were guessed for a hand the referee does not know in full (three times as
    /// many readings are tried then: a card's power is any of them, aimed at any player a Party's
    /// lines name).
    guessed: bool,
    /// Whether a reading that leaves anything unfollowed is refused.
    unfogged: bool,
}

/// Readings of a turn left out that fit, as [`Referee::reading_left_out`] gathers them: each
/// turn, the replay read on from it, and whether it draws a card the player need not have drawn.
struct Fits<'a> {
    fits: Vec<(Turn, Referee<'a>, bool)>,
    /// How many fit drawing no needless card, and how many do.
    needed: usize,
    needless: usize,
    /// Whether more fit, drawing no needless card, than are read on to the log's end.
    over: bool,
}

impl<'a> Fits<'a> {
    /// At most this many readings that fit are read on to the log's end to choose between them
    /// (a power aimed at each player of a table of eight, or two such powers at a table of five
    /// or six).
    const ENDS_READ: usize = 12;

    fn new() -> Self {
        Fits { fits: Vec::new(), needed: 0, needless: 0, over: false }
    }

    fn add(&mut self, turn: Turn, r: Referee<'a>, needless: bool) {
        if !needless {
            if self.needed == Self::ENDS_READ {
                self.over = true;
                return;
            }
            self.needed += 1;
        } else {
            self.needless += 1;
            if self.needless > Self::ENDS_READ {
                return;
            }
        }
        self.fits.push((turn, r, needless));
    }
}

/// How a turn left out may have used the power of a card it played
/// ([`Referee::ways_to_take`]), besides not at all or with no choices.
#[derive(Clone, Copy)]
enum Uses<'s> {
    /// In no other way: nothing shows what it chose.
    Plain,
    /// Aimed at any player.
    Aimed,
    /// Aimed at any player, or with the other choices these lines show.
    Shown(&'s Shown),
}

/// The one card of `card`'s power and another number of which `holds` holds, if only one: where
/// a zone cannot hold the card written, the card the table moved, its number miswritten (ruling
/// R4).
fn renumbered(card: &Card, holds: impl Fn(&Card) -> bool) -> Option<Card> {
    let Card::Known { denomination, power } = *card else { return None };
    if matches!(power, PowerSpec::Unrecorded) {
        return None;
    }
    let mut fits = Denomination::ALL
        .into_iter()
        .filter(|d| *d != denomination)
        .map(|d| Card::Known { denomination: d, power })
        .filter(|m| holds(m));
    fits.next().filter(|_| fits.next().is_none())
}

/// The power of the first card a turn uses, when it has one power (for the rule a reading of its
/// lines cites).
fn used_power(turn: &Turn) -> Option<Power> {
    turn.steps.iter().find_map(|s| match &s.kind {
        StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, used: Some(_) } => match card.card.power() {
            Some(PowerSpec::Single(p)) => Some(*p),
            _ => None,
        },
        _ => None,
    })
}

/// Whether line `k` of `block` is one of two lines alike (the same event, the same player), and
/// `q` has no line like them.
fn written_for_another(block: &[Line], k: usize, q: PlayerId) -> bool {
    let LineKind::Resolution(e) = &block[k].kind else { return false };
    let alike = |l: &Line, p: Option<PlayerId>| match &l.kind {
        LineKind::Resolution(f) => std::mem::discriminant(e) == std::mem::discriminant(f) && f.subject() == p,
        _ => false,
    };
    block.iter().filter(|l| alike(l, e.subject())).count() > 1 && !block.iter().any(|l| alike(l, Some(q)))
}

/// A turn's list of resolution lines emptied, given back for its allocation whatever the lines
/// it held were borrowed from (the log's, or a reading's of them): collected in place.
fn emptied<'a>(mut claims: Vec<(&Event, Span, bool)>) -> Vec<(&'a Event, Span, bool)> {
    claims.clear();
    claims.into_iter().map_while(|_| None).collect()
}

/// Lines that may stand anywhere in a turn's resolution (FORMAT.md §8, ruling F15), which
/// [`Progress::take_first`] passes over.
fn anywhere(e: &Event) -> bool {
    matches!(e, Event::TroubleShifts(_) | Event::Scores { .. } | Event::Loses { .. })
}

/// The powers that act on every player still in, or may use one that does (Copy, Sabotage,
/// Replay).
const ON_EVERYONE: [Power; 10] = [
    Power::Masaka,
    Power::Avalanche,
    Power::Party,
    Power::Qapla,
    Power::Toxin,
    Power::Stampede,
    Power::Ante,
    Power::Copy,
    Power::Sabotage,
    Power::Replay,
];

/// The powers of [`ON_EVERYONE`] that may change a player's play pile: Masaka, Avalanche, Ante
/// and Toxin move cards between hand, deck, discard pile and pot only.
const ON_EVERYONES_PILE: [Power; 6] =
    [Power::Party, Power::Qapla, Power::Stampede, Power::Copy, Power::Sabotage, Power::Replay];

/// What a power aimed at a player may show of that player's deck (ruling R2): `AIMED` for any
/// aimed power, and the kinds of line it may give: a draw (Draw), a discard from the deck
/// (Sabotage, Poison, a lost Battle), a reveal or a card put from the deck (Battle). A Copy, or a
/// card whose power is not known, may give any.
const AIMED: u8 = 1;
const DRAWS: u8 = 2;
const DISCARDS: u8 = 4;
const REVEALS: u8 = 8;

fn deck_reach(card: &Card) -> u8 {
    let mut reach = AIMED;
    if card.may_have(&[Power::Draw, Power::Copy]) {
        reach |= DRAWS;
    }
    if card.may_have(&[Power::Sabotage, Power::Poison, Power::Battle, Power::Copy]) {
        reach |= DISCARDS;
    }
    if card.may_have(&[Power::Battle, Power::Copy]) {
        reach |= REVEALS;
    }
    reach
}

impl<'a> Referee<'a> {
    /// Checks the turn at line `at`, whose resolution lines run to `end`.
    pub(super) fn turn(&mut self, at: usize, end: usize) {
        let LineKind::Turn(turn) = &self.log.lines[at].kind else { return };
        self.turn_of(turn, Some(at), at + 1, end);
    }

    /// Checks `turn`, written at line `at` (`None` for a turn the log left out), whose block
    /// (resolution lines, `then` steps, comments, `expect` lines) is the lines `first..end`.
    fn turn_of(&mut self, turn: &Turn, at: Option<usize>, first: usize, end: usize) {
        let log = self.log;
        self.turn_with(turn, at, first, &log.lines[first..end]);
    }

    /// Checks `turn` as [`Self::turn_of`] does, with `block` for its block's lines from `first`:
    /// the log's, or a reading of them ([`Self::misnamed_line`]).
    fn turn_with(&mut self, turn: &Turn, at: Option<usize>, first: usize, block: &[Line]) {
        let lines = &self.log.lines;
        let player = turn.player;
        if !self.state.in_round {
            self.report(
                Diagnostic::new(Code::RoundOver, turn.player_span, "a turn outside a round")
                    .label("no round is in progress")
                    .help("start the round with `round N`"),
            );
            return;
        }
        if self.written_early.is_some() {
            self.report_written_early(turn);
        }
        // The same turn as the line before, whose first card the hand can no longer hold, or
        // the chain no longer allows: one turn written twice (the other reading, the turn played
        // again, is an error as well).
        if let Some(first) = self.written_twice(turn) {
            if let Some(why) = self.cannot_repeat(turn) {
                self.report_written_twice(turn, first, "the same turn again".to_string(), why);
                return;
            }
        }
        if !self.whose_turn(turn) {
            return;
        }
        self.last_turn_line = at;
        // The table's `is decked` lines, as evidence for the turn's draw. A turn that plays a card
        // drew one, so its player's decking is a power's doing (Evolve, Process, Masaka).
        let plays = turn.steps.iter().any(|s| matches!(s.kind, StepKind::Play { .. }));
        let table_decked: Vec<PlayerId> = block
            .iter()
            .filter_map(|l| match &l.kind {
                LineKind::Resolution(Event::IsDecked(p)) if !(plays && *p == player) => Some(*p),
                _ => None,
            })
            .collect();
        if !self.inferred_decked.is_empty() || !self.drew_unseen.is_empty() || self.deal_in_doubt() {
            self.inferences_met(turn, block);
        }
        let mut claims = std::mem::take(&mut self.spare_claims);
        claims.clear();
        const DRAWERS: [Power; 7] =
            [Power::Evolve, Power::Draw, Power::Masaka, Power::Process, Power::Copy, Power::Sabotage, Power::Replay];
        // Only a trouble action's draw asks.
        let power_may_draw = self.state.troubles
            && turn.steps.iter().any(|s| match &s.kind {
                StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, used: Some(_) } => {
                    card.card.may_have(&DRAWERS)
                }
                StepKind::Activate(_) => true,
                _ => false,
            });
        let qapla = |c: &Card| u32::from(c.may_have(&[Power::Qapla]));
        let step_qapla = |s: &Step| match &s.kind {
            StepKind::Play { card, .. } | StepKind::Replay { card, .. } => qapla(&card.card),
            _ => 0,
        };
        let mut progress = Progress {
            called_for: self.called_for(),
            claims,
            power_may_draw,
            turn_steps: &turn.steps,
            qapla_plays: turn.steps.iter().map(step_qapla).sum(),
            hand_unseen: self.state.player(player).hand.unknown > 0,
            ..Progress::default()
        };
        // The block's claims, and its plays that may be a Qapla', in one pass.
        for l in block {
            match &l.kind {
                LineKind::Resolution(e) => {
                    progress.claims.push((e, l.span, false));
                    if let Event::Plays { card, .. } = e {
                        progress.qapla_plays += qapla(card);
                    }
                }
                LineKind::Then(step) => progress.qapla_plays += step_qapla(step),
                _ => {}
            }
        }
        // A player skipped by the last turn may write the skipped turn down (and place a BaH!).
        let only_skipped = turn.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        // While the turn order is the table's, so is who a Skip passed over.
        if only_skipped && self.state.fog.turn_order && self.last_skipped != Some(player) {
            self.emit(Event::IsSkipped(player));
            self.last_skipped = Some(player);
        }
        if only_skipped && self.last_skipped == Some(player) {
            for step in &turn.steps {
                if let StepKind::Place(_) = step.kind {
                    self.step(player, step, &mut progress, &table_decked);
                }
            }
            return;
        }
        let events_before = self.events.len();
        self.resolutions.clear();
        for step in &turn.steps {
            self.step(player, step, &mut progress, &table_decked);
        }
        let mut claims = Vec::new();
        let mut nth_claim = 0;
        let mut reopen = false;
        for (k, l) in (first..).zip(block) {
            self.line = k;
            let consumed = matches!(l.kind, LineKind::Resolution(_)) && {
                nth_claim += 1;
                progress.claims.get(nth_claim - 1).is_some_and(|c| c.2)
            };
            match &l.kind {
                LineKind::Then(step) => self.step(player, step, &mut progress, &table_decked),
                LineKind::Resolution(_) if consumed => {}
                LineKind::Resolution(e) if progress.fogged => {
                    // The table's account of a power the referee does not follow is taken as fact.
                    // A `plays` line is a stampede play (FORMAT.md §8): the card goes on the pile
                    // without setting the chain.
                    match e {
                        Event::Plays { player: q, card } => self.emit(Event::Puts {
                            player: *q,
                            cards: crate::model::log::CardCount::one(*card, l.span).list(),
                            to: super::event::Destination { place: super::event::Place::OnPile, owner: None },
                            from: super::event::Source::default(),
                        }),
                        _ => self.emit(e.clone()),
                    }
                    // What a fact leaves a zone holding is not known to stay so: a move the log
                    // leaves out may have come after it (a Mutate's cards onto the pile it
                    // shuffled in, a Masaka's draws from the deck its hand went under), and so
                    // may the turn's later steps (a card a Rescue put in the hand, played at once).
                    reopen = true;
                    if let Event::GoesOut(p) = e {
                        if !self.went_out.contains(p) {
                            self.went_out.push(*p);
                        }
                    }
                }
                LineKind::Resolution(e) => claims.push((e, l.span)),
                _ => {}
            }
        }
        self.line = at.unwrap_or(first);
        if reopen {
            // What the power may have done is open again after the table's lines.
            let unverified = self.events[events_before..].iter().rev().find_map(|l| match &l.event {
                e @ Event::Unverified { .. } => Some(e.clone()),
                _ => None,
            });
            if let Some(e) = unverified {
                self.emit(e);
            }
        }
        self.unnamed_replicates(&progress, &mut claims);
        self.trouble_turn_end(&progress, &mut claims);
        self.end_of_turn(player, turn, &progress, at.map_or(turn.player_span, |at| lines[at].span));
        self.compare(&claims, &progress.claims, events_before);
        self.spare_claims = emptied(progress.claims);
    }

    /// Reports the turn out of order written before the turn it displaced, which was read first
    /// ([`Self::swapped_turns`]), or before its own player's turn that came first
    /// ([`Self::swapped_own_turns`]).
    #[cold]
    fn report_written_early(&mut self, turn: &Turn) {
        let Some((first, at)) = self.written_early.take() else { return };
        let (early, late) = (self.name(turn.player).to_string(), self.name(first).to_string());
        if first == turn.player {
            self.report(
                Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("{early}'s two turns are written in the wrong order"))
                    .label("read after the turn below")
                    .related(at, format!("{early}'s turn before it"))
                    .help(format!(
                        "{early}'s turn written below comes first: read so, both turns follow, and the game goes on from them"
                    )),
            );
            return;
        }
        self.report(
            Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("it was {late}'s turn, not {early}'s"))
                .label(format!("expected {late}"))
                .related(at, format!("{late}'s turn, written after {early}'s"))
                .help(format!(
                    "the two lines are in the wrong order: {late}'s turn is read first, as the turn order has it"
                )),
        );
    }

    /// A turn out of order at line `at` (its lines running to `end`) followed by the turn of the
    /// player whose turn it was: if reading the two the other way round leaves nothing else to
    /// report over them and the next two turns, while reading them as written does, the two
    /// lines were written in the wrong order (ruling R4). Then the referee reads them the table's
    /// way, reports the slip once, and returns the line it read up to.
    #[cold]
    pub(super) fn swapped_turns(&mut self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        if self.speculating || !self.state.in_round || self.state.fog.turn_order {
            return None;
        }
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let expected = self.state.next.filter(|e| *e != turn.player)?;
        let second = self.next_group(end);
        let LineKind::Turn(other) = &lines.get(second)?.kind else { return None };
        // A skipped player's line is placed by the Skips, not by the turn order.
        let skipped = |t: &Turn| t.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        if other.player != expected || skipped(turn) || skipped(other) {
            return None;
        }
        let after = self.next_group(self.group_end(second));
        let stop = self.after_turns(after, 2);
        let from = self.diags.len();
        let mut as_written = self.clone();
        as_written.speculating = true;
        as_written.read_lines(at, stop);
        // Read as written, the turn is reported out of order, and more besides.
        let reported =
            as_written.diags[from..].iter().any(|d| d.code == Code::OutOfTurn && d.span.is_at(turn.player_span));
        if !reported || as_written.errors_since(from) < 2 {
            return None;
        }
        let mut swapped = self.clone();
        swapped.speculating = true;
        swapped.read_lines(second, after);
        swapped.written_early = Some((expected, other.player_span));
        swapped.read_lines(at, second);
        swapped.read_lines(after, stop);
        if swapped.errors_since(from) != 1 {
            return None;
        }
        swapped.speculating = false;
        *self = swapped;
        Some(stop)
    }

    /// Two turns of one player in a row (a Go's extra turn after the turn that used it), the turn
    /// at line `second` drawing an error (out of turn, or one of its own) after the turn at line
    /// `at` (its block running to `end`): if reading `second` first leaves nothing else to report over the two and the next
    /// two turns, while reading them as written does, the two lines were written in the wrong
    /// order (ruling R4), as [`Self::swapped_turns`] reads two players' turns. Then the referee
    /// reads them so from the replay just before line `at` (read on to it from `from`), reports
    /// the slip once, and returns the line it read up to.
    #[cold]
    pub(super) fn swapped_own_turns(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        second: usize,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let (LineKind::Turn(early), LineKind::Turn(late)) = (&lines[at].kind, &lines[second].kind) else {
            return None;
        };
        if early.player != late.player || self.next_group(end) != second {
            return None;
        }
        let after = self.next_group(self.group_end(second));
        let stop = self.after_turns(after, 2);
        let mut swapped = self.replayed_clear_to(from, at)?;
        swapped.speculating = true;
        let mark = swapped.diags.len();
        let mut written = swapped.clone();
        written.read_lines(at, stop);
        if written.errors_since(mark) < 2 {
            return None;
        }
        swapped.read_lines(second, after);
        if swapped.errors_since(mark) != 0 {
            return None;
        }
        // Reported as the line is read, for the `expect` lines under it.
        swapped.written_early = Some((late.player, late.player_span));
        swapped.read_lines(at, second);
        if swapped.errors_since(mark) != 1 {
            return None;
        }
        swapped.read_lines(after, stop);
        if swapped.errors_since(mark) != 1 {
            return None;
        }
        self.adopt(swapped);
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`) has been read, and the lines that end
    /// its block each drew a report: none of them is what the turn made happen. When one way the
    /// player due next could have taken a turn ([`Self::ways_to_take`], a power aimed at one
    /// player too) makes them happen and leaves nothing else to report over them and the next three
    /// turns ([`Self::reading_left_out`] chooses), a turn line was left out above them (ruling R4).
    /// Then the referee reads them so, reports the slip once, and returns the line it read up to.
    #[cold]
    pub(super) fn left_out_turn(&mut self, at: usize, end: usize, before: Option<&Self>) -> Option<usize> {
        let lines = &self.log.lines;
        if lines[at + 1..end].iter().any(|l| matches!(l.kind, LineKind::Expect(_))) {
            return None;
        }
        // The line of the block each of the group's reports lies within (its index in the
        // block), one pass with a search each: a `then` line's reports, the turn's own next
        // step (after a Stampede), come before the resolution lines'.
        let block = &lines[at + 1..end];
        let group = self.diags.get(self.group_diags..).unwrap_or_default();
        let line_of: Vec<Option<usize>> = group
            .iter()
            .map(|d| {
                let k = block.partition_point(|l| l.span.start <= d.span.start).checked_sub(1)?;
                within(d.span, block[k].span).then_some(k)
            })
            .collect();
        let (mut first_report, mut repeated) = (vec![None::<usize>; block.len()], vec![false; block.len()]);
        for (i, (d, k)) in group.iter().zip(&line_of).enumerate() {
            let Some(k) = *k else { continue };
            first_report[k] = first_report[k].or(Some(self.group_diags + i));
            repeated[k] |= d.label.as_deref() == Some(WRITTEN_AGAIN);
        }
        // Whether the reports from `from` on all lie within the lines from `first` on: they are
        // the run's own, to be withdrawn if it is read so.
        let group_diags = self.group_diags;
        let own = |first: usize, from: usize| {
            let after = line_of.get(from.saturating_sub(group_diags)..).unwrap_or_default();
            after.iter().all(|k| k.is_some_and(|k| at + 1 + k >= first))
        };
        // The block's last lines, each with reports of its own; and the run after the last line
        // among them reported as written again, which may be the turn above's own line written
        // twice or the turn left out's.
        let (mut first, mut from, mut after_repeat) = (end, self.diags.len(), None);
        for k in (at + 1..end).rev() {
            match &lines[k].kind {
                LineKind::Resolution(_) | LineKind::Then(_) => {
                    let Some(start) = first_report[k - (at + 1)] else { break };
                    if repeated[k - (at + 1)] && after_repeat.is_none() && first < end {
                        after_repeat = Some((first, from));
                    }
                    (first, from) = (k, from.min(start));
                }
                LineKind::Comment { .. } => {}
                _ => break,
            }
        }
        if let Some(after) = after_repeat.filter(|&(first, from)| own(first, from)) {
            let readings = self.left_out_readings;
            let mut short = self.clone();
            let read = short.left_out_run(at, end, after, before);
            let mut spent = readings.saturating_sub(short.left_out_readings);
            if let Some(stop) = read {
                // The whole run read as the turn left out's may make the lines reported as
                // written again happen too (an Ante's puts under a turn that made the same): of
                // the two readings, the one that leaves fewer errors standing over the same turns.
                let mut taken = short;
                if own(first, from) {
                    let mut whole = self.clone();
                    let read = whole.left_out_run(at, end, (first, from), before);
                    spent += readings.saturating_sub(whole.left_out_readings);
                    let fewer = whole.standing_errors_since(group_diags) < taken.standing_errors_since(group_diags);
                    if read == Some(stop) && fewer {
                        taken = whole;
                    }
                }
                *self = taken;
                self.left_out_readings = readings.saturating_sub(spent);
                return Some(stop);
            }
            self.left_out_readings = readings.saturating_sub(spent);
        }
        if !own(first, from) {
            return None;
        }
        self.left_out_run(at, end, (first, from), before)
    }

    /// [`Self::left_out_turn`] for the run of lines `first..end` ending the block of the turn at
    /// line `at`, their reports those from `from` on. A `then` line among them, which the turn
    /// read as its own next step, is read from `before`, the replay before that turn, the turn
    /// then read with the lines above the run alone.
    fn left_out_run(
        &mut self,
        at: usize,
        end: usize,
        (first, from): (usize, usize),
        before: Option<&Self>,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        // The next line is a turn, or the round's end (the turn left out went out): a Safety, a
        // BaH!'s new seating, the scores.
        let next = self.next_group(end);
        let follows = |l: &Line| {
            matches!(
                l.kind,
                LineKind::Turn(_)
                    | LineKind::Safety(_)
                    | LineKind::Reseat(_)
                    | LineKind::Points(_)
                    | LineKind::Totals(_)
            )
        };
        if first == end || self.errors_since(from) == 0 || !lines.get(next).is_some_and(follows) {
            return None;
        }
        let run = &lines[first..end];
        let base = match before {
            Some(before) if run.iter().any(|l| matches!(l.kind, LineKind::Then(_))) => {
                let mut b = before.clone();
                b.speculating = true;
                let mark = b.diags.len();
                b.read_turn(written, at, &lines[at + 1..first]);
                if b.errors_since(mark) > 0 {
                    return None;
                }
                b.speculating = false;
                Some(b)
            }
            Some(_) | None => None,
        };
        // Read from `base`, the run's reports were never made.
        let (fit, stop) = match base {
            Some(mut b) => {
                let (withdrawn, readings) = (b.diags.len(), b.left_out_readings);
                let read = b.read_run(Some(self), at, end, (first, from, withdrawn));
                // The readings it read count against the game's.
                let spent = readings.saturating_sub(b.left_out_readings);
                self.left_out_readings = self.left_out_readings.saturating_sub(spent);
                read?
            }
            None => self.read_run(None, at, end, (first, from, from))?,
        };
        self.adopt(fit);
        Some(stop)
    }

    /// [`Self::left_out_run`] read from this copy: the replay as the turn at line `at` left it
    /// without the run `first..end` where `written_replay` (the replay as written, its reports of
    /// the run from `from` on) is given, else the replay as written, the reports from `withdrawn`
    /// on withdrawn by each reading. Returns the reading taken and the line read up to.
    fn read_run(
        &mut self,
        written_replay: Option<&Self>,
        at: usize,
        end: usize,
        (first, from, withdrawn): (usize, usize, usize),
    ) -> Option<(Self, usize)> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let player = self.state.next?;
        let next = self.next_group(end);
        let span = lines[first].span;
        let (cards, guessed) = self.left_out_cards(player)?;
        let shown = self.shown_by(player, &lines[first..end]);
        let plays = if guessed { self.guessed_plays(player, span, &shown) } else { Vec::new() };
        let mut guesses = turns_of(&plays, false);
        // A Sabotage guessed aimed at a player the lines name, its discarded card's power then
        // activated with no choices (a Go's extra turn, which only the turns after show).
        guesses.extend(
            plays
                .iter()
                .filter(|play| is_sabotage_aimed(play))
                .map(|play| (vec![play.clone(), StepKind::Activate(Vec::new())], false)),
        );
        // Kinds of reading, each tried only where none of those before it is taken: a card played
        // or drawn, its power used with no choices or aimed at a player; its power used with the
        // other choices the lines show; for a hand not known, each guessed card drawn first; and,
        // where a line shifts the trouble, the active trouble's action opening the turn (a card it
        // drew, named by the lines, may be the card played).
        let mut passes = Vec::with_capacity(4);
        let mut readings = self.ways_to_take(player, &cards, span, Uses::Aimed);
        readings.extend(guesses.iter().cloned());
        let aimed = readings.len();
        passes.push(Ways { ways: readings, guessed, unfogged: guessed });
        let mut readings = self.ways_to_take(player, &cards, span, Uses::Shown(&shown));
        readings.extend(guesses.iter().cloned());
        if readings.len() > aimed {
            passes.push(Ways { ways: readings, guessed, unfogged: true });
        }
        // A guessed card drawn first: the hand keeps its count (from a hand of one, the play
        // alone would have gone out).
        if guessed {
            passes.push(Ways { ways: turns_of(&plays, true), guessed, unfogged: true });
        }
        // Then, as for a turn left out with no lines, the rarer plays a hidden hand may have made
        // ([`Self::guessed_rare_plays`]: a Clone of the number last played, a compound the log
        // names, a Dabo, a Rescue of a card kept secret).
        let rare = if guessed { turns_of(&self.guessed_rare_plays(player, span), false) } else { Vec::new() };
        if !rare.is_empty() {
            passes.push(Ways { ways: rare.clone(), guessed, unfogged: true });
        }
        let trouble = self.active_trouble().filter(|_| shown.shifts && !self.trouble_doubtful);
        if let Some(action) = trouble.and_then(|t| t.action) {
            let (step, drawn) = match action {
                TroubleAction::Draw(n) => (StepKind::ActionDraw(n), shown.cards.as_slice()),
                TroubleAction::Lose(points) => (StepKind::ActionLose(points), &[][..]),
            };
            let mut cards = cards;
            cards.extend(drawn.iter().filter(|c| !cards.contains(c)).collect::<Vec<_>>());
            // As above, a power used with no choices or aimed at a player first, then with the
            // other choices the lines show (which, with the drawn cards, may be too many to try).
            let opened = |ways: Vec<(Vec<StepKind>, bool)>| {
                let ways = ways
                    .into_iter()
                    .map(|(steps, needless)| (std::iter::once(step.clone()).chain(steps).collect(), needless));
                Ways { ways: ways.collect(), guessed, unfogged: true }
            };
            let after_action = |mut ways: Vec<(Vec<StepKind>, bool)>| {
                // Powers guessed for a hidden hand, where the lines show one used besides the shift.
                ways.extend(guesses.iter().filter(|_| shown.other_lines).cloned());
                opened(ways)
            };
            let aimed = after_action(self.ways_to_take(player, &cards, span, Uses::Aimed));
            let chosen = after_action(self.ways_to_take(player, &cards, span, Uses::Shown(&shown)));
            let more = chosen.ways.len() > aimed.ways.len();
            passes.push(aimed);
            if more {
                passes.push(chosen);
            }
            // And the rarer plays after the action.
            if !rare.is_empty() {
                passes.push(opened(rare));
            }
        }
        let run = Span::new(span.start as usize, lines[end - 1].span.end as usize);
        let (who, whose) = (self.name(written.player).to_string(), self.name(player).to_string());
        let more =
            (first + 1..end).filter(|&k| matches!(lines[k].kind, LineKind::Resolution(_) | LineKind::Then(_))).count();
        let these = match more {
            0 => "this line is".to_string(),
            n => format!("this line and the {n} after it are"),
        };
        let stop = self.after_turns(next, 3);
        let mut read = |r: &mut Self, turn: &Turn| {
            for i in withdrawn..r.diags.len() {
                r.withdraw(i);
            }
            // The run's shift lines are the turn left out's.
            r.followed_shifts.retain(|(_, at)| !within(*at, run));
            r.emit_followed_shifts();
            r.made_up_turn(turn, first, end);
            let text = r.turn_text(turn);
            r.report(
                Diagnostic::new(Code::Misresolved, span, format!("{who}'s turn does not make this happen"))
                    .label(format!("{these} what `{text}` makes happen"))
                    .related(written.player_span, format!("{who}'s turn"))
                    .help(format!(
                        "{whose} was next, and a turn line `{text}` seems left out above: the lines are read as \
                         its resolution, and the game goes on from it"
                    )),
            );
            r.read_lines(end, stop);
        };
        // A line among them written again is a slip of its own, reported as such: read as a turn
        // left out only where that draws fewer reports by the log's end; so is a turn of cards
        // guessed for a hand the referee does not know ([`Self::plain_turn_left_out`]).
        let as_written_replay = written_replay.unwrap_or(self);
        let by_the_end =
            guessed || as_written_replay.diags[from..].iter().any(|d| d.label.as_deref() == Some(WRITTEN_AGAIN));
        let standing = |mut r: Self, from_line: usize, mark: usize| {
            r.read_lines(from_line, r.log.lines.len());
            r.standing_errors_since(mark)
        };
        if !self.reads_left_out() {
            return None;
        }
        // What could not be followed that the lines as written draw over the turns read (a
        // round's scores, the hands hidden): not of a reading's making.
        let written_fog = {
            let mut w = as_written_replay.clone();
            w.speculating = true;
            let mark = w.diags.len();
            w.fog_read_to(end, stop, mark)
        };
        // Of the readings that must draw fewer reports by the log's end, the one that draws the
        // fewest (of equal ones, the earliest kind); one that leaves only the slip's own is taken
        // at once.
        let (mut as_written, mut best) = (None, None::<(usize, Self)>);
        let kinds = passes.len();
        for (kind, ways) in passes.into_iter().enumerate() {
            // Choices read off the lines may hold one that nothing shows (a Freeze's name): such a
            // reading, like a guessed one, must draw fewer reports by the log's end too.
            let by_the_end = by_the_end || ways.unfogged;
            let Some(fit) = self.reading_left_out(player, span, ways, &written_fog, stop, &mut read) else { continue };
            // A reading of the first kind, with kinds after it to try, is weighed by the log's end
            // too (a draw, a trouble's miss, fits the shift line that the trouble's action made).
            if !by_the_end && kind + 1 == kinds {
                best = Some((0, fit));
                break;
            }
            let left = standing(fit.clone(), stop, withdrawn);
            if by_the_end {
                let written = *as_written.get_or_insert_with(|| {
                    let mut r = written_replay.unwrap_or(self).clone();
                    r.speculating = true;
                    standing(r, end, from)
                });
                if left >= written {
                    continue;
                }
            }
            if keep_fewest(&mut best, left, fit) {
                break;
            }
        }
        best.map(|(_, fit)| (fit, stop))
    }

    /// Takes the reading `r` of a slip as the replay from here, no longer speculating, the game's
    /// readings left as this copy has them (the reading was made before some were used).
    fn adopt(&mut self, mut r: Self) {
        r.speculating = false;
        r.left_out_readings = self.left_out_readings;
        *self = r;
    }

    /// A copy of the replay before the turn at line `at` (its block running to `end`) is read, in
    /// case [`Self::misaimed_turn`] reads it again: when its power is aimed at one player, and one
    /// of its lines names a player other than that one and the turn's.
    #[inline]
    fn copy_if_misaimed(&self, turn: &Turn, at: usize, end: usize) -> Option<Box<Self>> {
        self.names_another_target(turn, at, end)?.then(|| Box::new(self.clone()))
    }

    /// For the turn at line `at` (its block running to `end`), its power aimed at one player and
    /// its block with no `expect` line, where the replay may read it again: whether one of its
    /// lines names a player other than that one and the turn's. `None` where it is not read again.
    fn names_another_target(&self, turn: &Turn, at: usize, end: usize) -> Option<bool> {
        let (target, _) = aimed_at(turn)?;
        let block = &self.log.lines[at + 1..end];
        let expects = block.iter().any(|l| matches!(l.kind, LineKind::Expect(_)));
        if self.speculating || self.left_out_readings == 0 || self.state.fog.turn_order || expects {
            return None;
        }
        let names_another = |l: &Line| match &l.kind {
            LineKind::Resolution(e) => e.names_any(|p| p != turn.player && p != target),
            _ => false,
        };
        Some(block.iter().any(names_another))
    }

    /// Reads the turn at line `at`, its block running to `end`: from a copy of the replay taken
    /// before it ([`Self::copy_if_misaimed`]) when it draws a report, once more as
    /// [`Self::misaimed_turn`] has it, returning the line read up to then.
    #[inline(never)]
    pub(super) fn aimed_turn(&mut self, turn: &Turn, at: usize, end: usize) -> Option<usize> {
        let before = self.copy_if_misaimed(turn, at, end);
        self.turn(at, end);
        self.count_turn();
        let before = before.filter(|_| self.errors_since(self.group_diags) > 0)?;
        self.misaimed_turn(*before, at, end)
    }

    /// The turn at line `at` (its block running to `end`), its power aimed at one player, drew
    /// reports, and its lines name another. When aiming it at exactly one other player makes its
    /// lines happen and leaves nothing else to report over them and the next three turns, the
    /// target was miswritten (or the lines' player; ruling R4). Then the referee reads the turn so
    /// from `before` (the replay just before it), reports the slip once, and returns the line it
    /// read up to.
    #[cold]
    pub(super) fn misaimed_turn(&mut self, before: Self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let (target, choice) = aimed_at(written)?;
        let line = (at + 1..end).find(|&k| matches!(lines[k].kind, LineKind::Resolution(_)))?;
        if self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        let who = self.name(written.player).to_string();
        let power = used_power(written);
        // The targets that fit, each with whether it leaves a power unfollowed (a Battle aimed
        // at a player whose revealed cards the lines do not give): such a reading may seem to
        // make any line happen, and is taken only where it is the one fit.
        let mut fits = Vec::new();
        for q in self.log.names.ids().filter(|&q| q != target) {
            let mut turn = written.clone();
            for step in turn.steps.iter_mut() {
                if let StepKind::Play { used: Some(used), .. } | StepKind::Replay { used: Some(used), .. } =
                    &mut step.kind
                {
                    for c in used.iter_mut() {
                        if let ChoiceKind::Player(p) = &mut c.kind {
                            *p = q;
                        }
                    }
                }
            }
            let mut r = before.clone();
            r.speculating = true;
            r.left_out_readings = self.left_out_readings;
            let mark = r.diags.len();
            r.read_turn(&turn, at, &lines[at + 1..end]);
            if r.errors_since(mark) > 0 {
                continue;
            }
            let (aimed, meant) = (r.name(target).to_string(), r.name(q).to_string());
            let mut d = Diagnostic::new(
                Code::Misresolved,
                choice,
                format!("{who}'s turn is aimed at {aimed}, and its lines are what aiming it at {meant} makes happen"),
            )
            .label(format!("read as `@{meant}`"))
            .related(lines[line].span, format!("the turn's lines follow `@{meant}`"))
            .help(format!(
                "the target and the lines disagree: the turn is read as aimed at {meant}, as its lines and the \
                 turns after it have it, and the game goes on from it"
            ));
            d.rule = power.map(powers::cited);
            if !r.only_report(d, end, stop, mark) {
                continue;
            }
            let fogged = r.diags[mark..].iter().any(|d| fogging(d.code));
            fits.push((r, fogged));
        }
        let followed = fits.iter().filter(|(_, fogged)| !fogged).count();
        if fits.len() > 1 && followed == 1 {
            fits.retain(|(_, fogged)| !fogged);
        }
        if fits.len() != 1 {
            return None;
        }
        // Nor more than as written by the log's end: lines that name the wrong player may fit
        // another target for a while, until the cards they moved are missed.
        let (r, _) = fits.pop()?;
        self.take_if_fewer(r, stop, end, before.diags.len())
    }

    /// Takes `r`, a reading of the turn whose block runs to `end`, read on to line `stop`, where
    /// it draws fewer errors since report `mark` by the log's end than the turn as written; returns
    /// the line read up to.
    fn take_if_fewer(&mut self, mut r: Self, stop: usize, end: usize, mark: usize) -> Option<usize> {
        let mut as_written = self.clone();
        as_written.speculating = true;
        if !r.fewer_by_the_end(stop, as_written, end, mark) {
            return None;
        }
        r.speculating = false;
        *self = r;
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`) used a power that needs a player, and
    /// none was written (a report of its choices at the play). When aiming it at exactly one
    /// player makes the turn happen and leaves nothing else to report over it and the next three
    /// turns (a Score's points written under the turn of the player it awaited), or of several
    /// that do, the one that draws the fewest reports by the log's end where no other ties it,
    /// and the reading draws fewer reports by the log's end than the turn as written, the target
    /// was left out (ruling R4): the referee reads the turn so from `before` (the replay just
    /// before it), reports the slip once, and returns the line it read up to.
    #[cold]
    fn untargeted_turn(&mut self, before: &Self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        let (s, report) = written.steps.iter().enumerate().find_map(|(s, step)| {
            let StepKind::Play { used: Some(used), .. } = &step.kind else { return None };
            if used.iter().any(|c| matches!(c.kind, ChoiceKind::Player(_))) {
                return None;
            }
            let d = reports.iter().find(|d| d.code == Code::BadChoices && within(d.span, step.span))?;
            Some((s, d.clone()))
        })?;
        if self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        // The players that fit, each with whether it leaves a power unfollowed: such a reading
        // may seem to make any line happen, and is taken only where no followed one fits and it
        // is the one fit.
        let mut fits = Vec::new();
        for q in self.log.names.ids() {
            let mut turn = written.clone();
            if let StepKind::Play { used: Some(used), .. } = &mut turn.steps[s].kind {
                let aimed = used.iter().cloned().chain([Choice { kind: ChoiceKind::Player(q), span: report.span }]);
                *used = aimed.collect();
            }
            let meant = self.name(q);
            let mut d = Diagnostic::new(report.code, report.span, report.message.clone())
                .label(format!("read as `@{meant}`"))
                .help(format!(
                    "the target seems left out: the turn is read as aimed at {meant}, as the turns after it have \
                     it, and the game goes on from it"
                ));
            d.rule = report.rule;
            let Some(r) = self.read_as_slip(before, &turn, at, end, stop, d) else { continue };
            let fogged = r.diags[before.diags.len()..].iter().any(|d| fogging(d.code));
            fits.push((r, fogged));
        }
        if fits.iter().any(|(_, fogged)| !fogged) {
            fits.retain(|(_, fogged)| !fogged);
        } else if fits.len() > 1 {
            return None;
        }
        // Several may fit over the next turns (a Score whose player plays later).
        let fits = fits.into_iter().map(|(r, _)| r).collect();
        self.take_fewest(fits, stop, end, before.diags.len())
    }

    /// Of `fits`, readings of the turn whose block runs to `end`, each read on to line `stop`, takes
    /// the one that draws the fewest errors since report `mark` by the log's end, where no other
    /// ties it and it draws fewer than the turn as written; returns the line it read up to.
    fn take_fewest(&mut self, mut fits: Vec<Self>, stop: usize, end: usize, mark: usize) -> Option<usize> {
        let ends: Vec<usize> = fits.iter().map(|r| r.clone().errors_by_the_end(stop, mark)).collect();
        let fewest = ends.iter().copied().min()?;
        let mut as_written = self.clone();
        as_written.speculating = true;
        if ends.iter().filter(|&&e| e == fewest).count() != 1 || fewest >= as_written.errors_by_the_end(end, mark) {
            return None;
        }
        let mut r = fits.swap_remove(ends.iter().position(|&e| e == fewest)?);
        r.speculating = false;
        *self = r;
        Some(stop)
    }

    /// The replay as it stood before the turn at line `at` (its block running to `end`), read on
    /// to it from `from` (or from the log's start), and that replay with the turn read as written,
    /// non-speculating, with the line it read up to (past `end` where a reading of the round's end
    /// read on): the copies a reading of the turn, made once a later turn showed a slip in it,
    /// starts from and is weighed against.
    fn turn_again(&self, from: Option<&Checkpoint<'a>>, at: usize, end: usize) -> Option<(Self, Self, usize)> {
        let mut written = self.replayed_clear_to(from, at)?;
        let mut before = written.clone();
        let read = written.group(at);
        if read < end {
            return None;
        }
        before.speculating = true;
        before.begin_group(at);
        before.flush_pending();
        before.left_out_readings = self.left_out_readings;
        written.left_out_readings = self.left_out_readings;
        Some((before, written, read))
    }

    /// The turn at line `at` (its block running to `end`) plays first a card the hand cannot hold
    /// (reported at the card), and draws nothing. When the turn read with a draw of that card
    /// before the play (`draw 100 Go; 100 Go`) happens, and leaves nothing more to report over the
    /// next three turns and fewer reports by the log's end than the turn as written, the draw was
    /// left out (ruling R4): the referee reads the turn so from `before` (the replay just before
    /// it), keeps the report as the one report, and returns the line it read up to.
    #[cold]
    fn undrawn_turn(&mut self, before: &Self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        if written.steps.iter().any(|s| matches!(s.kind, StepKind::Draw { .. })) {
            return None;
        }
        let first = written.steps.first()?;
        let StepKind::Play { card, .. } = &first.kind else { return None };
        let reports = self.diags.get(self.group_diags..).unwrap_or_default();
        let report = reports.iter().find(|d| d.code == Code::NotInHand && d.span == card.span)?.clone();
        if !matches!(card.card, Card::Known { .. }) || self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        let mut turn = written.clone();
        let mut steps = OneOrMany::One(Step { kind: StepKind::Draw { card: Some(card.clone()) }, span: first.span });
        for step in written.steps.iter() {
            steps.push(step.clone());
        }
        turn.steps = steps;
        let c = card.card;
        let mut d = Diagnostic::new(report.code, report.span, report.message.clone())
            .label(format!("read as `draw {c}; {c}`"))
            .help(format!(
                "the draw seems left out: the deck may have given {c}, and read as drawn first, the turn and the \
                 turns after it follow, and the game goes on from it"
            ));
        d.rule = report.rule;
        let r = self.read_as_slip(before, &turn, at, end, stop, d)?;
        self.take_if_fewer(r, stop, end, before.diags.len())
    }

    /// The turn at line `at` (its block running to `end`) draws a card for a player its lines
    /// write decked (`Ann is decked`), whose deck still holds cards (R0310). The table may have
    /// left out the draws that emptied the deck: the replay just before the turn is taken up
    /// again (read on to it from `from`, or from the log's start) and the turn read as the table
    /// has it, the cards left taken as drawn unrecorded and the player decked. Where that leaves
    /// nothing else to report over the turn and the next three, and fewer reports by the log's
    /// end than as written (the player's later turns, out of turn for a decked player, show which
    /// was meant), it is taken, the R0310 the one report (ruling R4); returns the line it read up to.
    #[cold]
    pub(super) fn decked_as_written(&mut self, from: Option<&Checkpoint<'a>>, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let expects = |l: &Line| matches!(l.kind, LineKind::Expect(_));
        if self.speculating
            || self.left_out_readings == 0
            || end - (at + 1) > BLOCK_READ
            || lines[at + 1..end].iter().any(expects)
        {
            return None;
        }
        let here = |d: &&Diagnostic| d.code == Code::NotDecked && within(d.span, lines[at].span);
        let report = self.diags.iter().rev().find(here)?.clone();
        self.left_out_readings -= 1;
        // The replay here may have read past the turn (a reading of the round's end): the turn
        // as written is read again too.
        let (mut r, mut written, read) = self.turn_again(from, at, end)?;
        let mark = r.diags.len();
        let stop = self.after_turns(self.next_group(end), 3);
        r.decked_as_table = true;
        r.read_turn(turn, at, &lines[at + 1..end]);
        r.decked_as_table = false;
        let help = "only a draw from an empty deck decks a player; the table is followed: the cards left are taken \
                    as drawn in turns whose draws the log leaves out, and the player as decked here";
        let d = Diagnostic { help: Some(help.to_string()), ..report };
        if r.errors_since(mark) > 0 || !r.only_report(d, end, stop, mark) {
            return None;
        }
        written.take_if_fewer(r, stop, read, mark)?;
        *self = written;
        Some(stop)
    }

    /// The turn after the one at line `at` (its block running to `end`) broke the chain, and the
    /// turn at `at` used a Stampede with no `then` line: the Stampede's player may have played
    /// the next card after it, which the log leaves out. The replay just before the turn is taken
    /// up again (read on to it from `from`, or from the log's start) and the turn read with a
    /// `then` line for each card of the next number the hand is known to hold; where exactly one
    /// makes the turn and the next three happen with nothing else to report, and it draws fewer
    /// reports by the log's end than as written, it is taken (ruling R4), the slip reported once
    /// at the Stampede; returns the line it read up to.
    #[cold]
    pub(super) fn then_left_out(&mut self, from: Option<&Checkpoint<'a>>, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let [step] = &turn.steps[..] else { return None };
        let StepKind::Play { card: stampede, used: Some(_) } = &step.kind else { return None };
        let next = stampede.card.denomination()?.next();
        let then_or_expect = |l: &Line| matches!(l.kind, LineKind::Then(_) | LineKind::Expect(_));
        if !stampede.card.power().is_some_and(|p| p.is_known() && p.has(Power::Stampede))
            || end - (at + 1) > BLOCK_READ
            || lines[at + 1..end].iter().any(then_or_expect)
            || self.left_out_readings == 0
        {
            return None;
        }
        self.left_out_readings -= 1;
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        let mut cards: Vec<Card> = Vec::new();
        for c in &before.state.player(turn.player).hand.known {
            if c.denomination() == Some(next) && matches!(c, Card::Known { .. }) && !cards.contains(c) {
                cards.push(*c);
            }
        }
        if cards.is_empty() {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        let mark = before.diags.len();
        let span = lines[end - 1].span;
        let at_end = Span::new(span.end as usize, span.end as usize);
        let mut fits = Vec::new();
        for c in cards {
            let mut block = lines[at + 1..end].to_vec();
            let then =
                Step { kind: StepKind::Play { card: CardAt { card: c, span: at_end }, used: None }, span: at_end };
            block.push(Line { kind: LineKind::Then(then), span: at_end, comment: None, blank_before: false });
            let mut r = before.clone();
            r.read_turn(turn, at, &block);
            if r.errors_since(mark) > 0 {
                continue;
            }
            let mut d = Diagnostic::new(
                Code::Misresolved,
                stampede.span,
                format!("the turns after this Stampede follow its player's playing {c} after it"),
            )
            .label(format!("read with `then {c}`"))
            .help(format!(
                "the Stampede's player's own play seems left out: the turn is read with `then {c}` under it, as \
                 the turns after it have it, and the game goes on from it"
            ));
            d.rule = Some(powers::cited(Power::Stampede));
            if r.only_report(d, end, stop, mark) {
                fits.push(r);
            }
        }
        // Of several cards that fit, the hand's other cards show only later, when they are played.
        written.take_fewest(fits, stop, read, mark)?;
        *self = written;
        Some(stop)
    }

    /// The turn after the one at line `at` (its block running to `end`) was not the one the turn
    /// order called for: written as skipped where nothing skipped its player, or out of turn. The
    /// turn at `at` may have played a card of one of `powers` (a Skip, a Go) without `use`
    /// written. The replay just before the turn is taken up again (read on to it from `from`, or
    /// from the log's start) and the turn read with the card used ([`Self::unused_turn`]), which,
    /// if it is taken, becomes the replay; returns the line it read up to.
    #[cold]
    pub(super) fn unused_before(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        powers: &[Power],
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let expects = |l: &Line| matches!(l.kind, LineKind::Expect(_));
        let unused = |s: &Step| powers.iter().any(|&p| played_unused(s, p).is_some());
        if !turn.steps.iter().any(unused) || end - (at + 1) > BLOCK_READ || lines[at + 1..end].iter().any(expects) {
            return None;
        }
        let (before, mut written, read) = self.turn_again(from, at, end)?;
        if read != end || written.previous_turn.map(|(p, _)| p) != Some(turn.player) {
            return None;
        }
        let stop = self.after_turns(self.next_group(end), 3);
        let read = written.unused_turn(&before, at, end, stop);
        self.left_out_readings = written.left_out_readings;
        read?;
        *self = written;
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`) drew a report, and plays a card of a
    /// power it may use without `use`. When the turn read with the card used (for a compound,
    /// both halves, or one half alone) happens, and leaves nothing else to report over it and the
    /// next three turns (to line `stop`), for exactly one card and reading, and draws fewer
    /// reports by the log's end than the turn as written, `use` was left out (ruling R4): the
    /// referee reads the turn so from `before` (the replay just before it), reports the slip once
    /// at the card, and returns the line it read up to.
    #[cold]
    fn unused_turn(&mut self, before: &Self, at: usize, end: usize, stop: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let unused = |step: &Step| match &step.kind {
            StepKind::Play { card, used: None } | StepKind::Replay { card, used: None } => match card.card {
                Card::Known { power: power @ (PowerSpec::Single(_) | PowerSpec::Compound(..)), .. }
                    if !powers::is_passive(&power) =>
                {
                    Some((card.span, power))
                }
                _ => None,
            },
            _ => None,
        };
        if !written.steps.iter().any(|step| unused(step).is_some()) || self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let mut fit = None;
        for (s, step) in written.steps.iter().enumerate() {
            let Some((span, power)) = unused(step) else { continue };
            let halves = match power {
                PowerSpec::Compound(a, b) => vec![None, Some(a), Some(b)],
                _ => vec![None],
            };
            // `use` alone first, the one word a slip leaves out; then one half alone (two words),
            // only where both halves do not fit (in sequence a Clone half adds nothing to see).
            let mut step_fit = None;
            for half in halves {
                if half.is_some() && step_fit.as_ref().is_some_and(|(both, _)| *both) {
                    break;
                }
                let mut turn = written.clone();
                let choices: Box<[Choice]> =
                    half.map(|h| Choice { kind: ChoiceKind::Half(h), span }).into_iter().collect();
                if let StepKind::Play { used, .. } | StepKind::Replay { used, .. } = &mut turn.steps[s].kind {
                    *used = Some(choices);
                }
                let read = half.map_or_else(|| "use".to_string(), |h| format!("use {h}"));
                let mut d = Diagnostic::new(
                    Code::Misresolved,
                    span,
                    format!("this card is written as not used, and what follows is what `{read}` makes happen"),
                )
                .label(format!("read as `{read}`"))
                .help(format!(
                    "`{read}` seems left out: the card is read as used, as the turn's lines and the turns after it \
                     have it, and the game goes on from it"
                ));
                let single = match power {
                    PowerSpec::Single(p) => Some(p),
                    _ => None,
                };
                d.rule = half.or(single).map(powers::cited);
                let Some(r) = self.read_as_slip(before, &turn, at, end, stop, d) else { continue };
                if step_fit.is_some() {
                    return None;
                }
                step_fit = Some((half.is_none(), r));
            }
            if let Some((_, r)) = step_fit {
                if fit.is_some() {
                    return None;
                }
                fit = Some(r);
            }
        }
        self.take_if_fewer(fit?, stop, end, before.diags.len())
    }

    /// `turn` read in place of the turn at line `at` (its block running to `end`), on a copy of
    /// `before` (the replay just before it), `report` its one report: the copy, where the turn
    /// happens with no other error and nothing else is reported up to line `stop`.
    fn read_as_slip(
        &self,
        before: &Self,
        turn: &Turn,
        at: usize,
        end: usize,
        stop: usize,
        report: Diagnostic,
    ) -> Option<Self> {
        let mut r = before.clone();
        r.left_out_readings = self.left_out_readings;
        let mark = r.diags.len();
        r.read_turn(turn, at, &self.log.lines[at + 1..end]);
        (r.errors_since(mark) == 0 && r.only_report(report, end, stop, mark)).then_some(r)
    }

    /// Reads `turn`, written at line `at`, with `block` for its block's lines, as [`Self::group`]
    /// reads a turn: a reading of a slip, on a copy of the replay.
    fn read_turn(&mut self, turn: &Turn, at: usize, block: &[Line]) {
        self.turn_with(turn, Some(at), at + 1, block);
        self.count_turn();
        if !self.followed_shifts.is_empty() {
            self.emit_followed_shifts();
        }
    }

    /// Reports `d`, the slip this copy reads, and reads on from line `end` to `stop`: whether `d`
    /// is then the only error since report `mark`.
    fn only_report(&mut self, d: Diagnostic, end: usize, stop: usize, mark: usize) -> bool {
        self.report(d);
        self.read_lines(end, stop);
        self.errors_since(mark) == 1
    }

    /// Whether this copy, read on from line `from` to the log's end, draws fewer errors since
    /// report `mark` than `as_written` read on from line `written_from` (the copies read are
    /// dropped): a reading of a slip is taken only when the game follows better by its end.
    fn fewer_by_the_end(&self, from: usize, as_written: Self, written_from: usize, mark: usize) -> bool {
        self.clone().errors_by_the_end(from, mark) < as_written.errors_by_the_end(written_from, mark)
    }

    /// Whether this copy, read on from line `from` to the log's end, draws no more errors since
    /// report `mark` than `as_written` read on from line `written_from`: the readings that may
    /// tie with the log as written.
    pub(super) fn no_more_by_the_end(&self, from: usize, as_written: Self, written_from: usize, mark: usize) -> bool {
        self.clone().errors_by_the_end(from, mark) <= as_written.errors_by_the_end(written_from, mark)
    }

    /// The errors since the group began once a copy of the replay, the group read as written to
    /// line `end`, is read on to the log's end.
    fn errors_as_written(&self, end: usize) -> usize {
        self.reports_as_written(end).0
    }

    /// [`Self::errors_as_written`], with the notes of what could not be followed
    /// ([`Self::reports_by_the_end`]).
    fn reports_as_written(&self, end: usize) -> (usize, usize) {
        let mut as_written = self.clone();
        as_written.speculating = true;
        as_written.reports_by_the_end(end, self.group_diags)
    }

    /// The errors since report `mark` once this copy is read on from line `from` to the log's end,
    /// each as its code and span.
    fn errors_listed_by_the_end(mut self, from: usize, mark: usize) -> Vec<(Code, Span)> {
        self.read_lines(from, self.log.lines.len());
        let diags = self.diags.get(mark..).unwrap_or_default();
        diags.iter().filter(|d| super::replay::rules_error(d)).map(|d| (d.code, d.span)).collect()
    }

    /// The errors since report `mark` once this copy is read on from line `from` to the log's end.
    fn errors_by_the_end(self, from: usize, mark: usize) -> usize {
        self.reports_by_the_end(from, mark).0
    }

    /// The errors since report `mark` once this copy is read on from line `from` to the log's end,
    /// and the notes of a power, a turn order, a play or a score it could not follow (R0701 to
    /// R0704): what such fog might have done is not held against the table, so it hides reports.
    fn reports_by_the_end(mut self, from: usize, mark: usize) -> (usize, usize) {
        self.read_lines(from, self.log.lines.len());
        let fog = self.diags.get(mark..).unwrap_or_default().iter().filter(|d| fogging(d.code)).count();
        (self.errors_since(mark), fog)
    }

    /// A turn out of order at line `at` that no other reading explains, the player due having a
    /// hand known in full: when exactly one way that player could have taken the turn
    /// ([`Self::ways_to_take`]) leaves nothing else to report over that turn and the next two,
    /// that turn was left out above (ruling R4). Then
    /// the referee reads it so, reports the turn out of order once, naming the turn left out, and
    /// returns the line it read up to.
    #[cold]
    pub(super) fn plain_turn_left_out(&mut self, at: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let player = self.state.next.filter(|&e| e != written.player)?;
        let skipped = written.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        // Where the turn order is not followed, no turn is out of order, and no reading is spent.
        let unordered = self.state.fog.turn_order;
        if self.speculating || self.table_order || unordered || skipped || self.left_out_readings == 0 {
            return None;
        }
        let (who, whose) = (self.name(written.player).to_string(), self.name(player).to_string());
        // Read as written, the turn is reported out of order (no other reading of the referee's
        // explains it).
        let out_of_order = |d: &Diagnostic| d.code == Code::OutOfTurn && d.span.is_at(written.player_span);
        let report = |text: &str| {
            Diagnostic::new(Code::OutOfTurn, written.player_span, format!("it was {whose}'s turn, not {who}'s"))
                .label(format!("expected {whose}"))
                .help(format!(
                    "a turn line `{text}` seems left out above: read so, the turns after it follow, and the game \
                     goes on from it"
                ))
        };
        self.turn_left_out_before(at, player, false, out_of_order, report)
    }

    /// The turn at line `at`, its player's due, drew a report (from report `mark` on)
    /// that its card broke the chain, one number past what the chain allowed: that player's turn
    /// before it, one that gave it this extra turn (a Go), may be left out above (ruling R4). Read
    /// from `from` (the replay before it), when a way that player could have taken that turn lets
    /// this one and the next three follow, and draws fewer reports by the log's end than the turn
    /// as written, the referee reads it so, reports the chain's break once, naming the turn left
    /// out, and returns the line it read up to.
    #[cold]
    pub(super) fn own_turn_left_out(&mut self, from: Option<&Checkpoint<'a>>, at: usize, mark: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let (card, span) = written.steps.iter().find_map(|s| match &s.kind {
            StepKind::Play { card, .. } => Some((card.card, card.span)),
            _ => None,
        })?;
        let off_chain = |d: &Diagnostic| d.code == Code::OutOfSequence && within(d.span, span);
        let written_report = self.diags.get(mark..).unwrap_or_default().iter().find(|d| off_chain(d))?.clone();
        let mut r = self.replayed_clear_to(from, at)?;
        let number = card.denomination()?;
        if r.state.next != Some(written.player) || !r.numbers_allowed().any(|d| d.next() == number) {
            return None;
        }
        let who = r.name(written.player).to_string();
        let report = |text: &str| {
            written_report.clone().help(format!(
                "a turn line `{text}` seems left out above, and this turn is the extra one it gave {who}: read so, \
                 the turns after it follow, and the game goes on from it"
            ))
        };
        let stop = r.turn_left_out_before(at, written.player, true, off_chain, report)?;
        self.adopt(r);
        Some(stop)
    }

    /// Reads the turn at line `at` after a turn of `player`'s left out above it: the reading of
    /// [`Self::plain_turn_left_out`] and [`Self::own_turn_left_out`], where the turn as written
    /// draws a report `symptom` accepts, and `report` (given the turn left out as a log line) is
    /// the slip's report. A reading must draw no more reports by the log's end than the turns as
    /// written (`fewer`, or a hand guessed: fewer). Returns the line read up to.
    fn turn_left_out_before(
        &mut self,
        at: usize,
        player: PlayerId,
        fewer: bool,
        symptom: impl Fn(&Diagnostic) -> bool,
        report: impl Fn(&str) -> Diagnostic,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        if self.speculating || self.table_order || self.left_out_readings == 0 {
            return None;
        }
        let (cards, guessed) = self.left_out_cards(player)?;
        let mut as_written = self.clone();
        as_written.speculating = true;
        let from = as_written.diags.len();
        let after = as_written.group(at);
        if !as_written.diags[from..].iter().any(symptom) {
            self.left_out_readings -= 1;
            return None;
        }
        let span = Span::new(written.player_span.start as usize, written.player_span.start as usize);
        let readings = self.ways_to_take(player, &cards, span, Uses::Plain);
        let stop = self.after_turns(at, 3);
        let mut read = |r: &mut Self, turn: &Turn| {
            let d = report(&r.turn_text(turn));
            // Read with the written turn's group, so that its `expect` lines see what it made.
            r.left_out = Some(Box::new((turn.clone(), d)));
            r.read_lines(at, stop);
        };
        let mut passes = vec![Ways { ways: readings, guessed, unfogged: guessed }];
        // For a hand not known, where no card played without its power is taken: the number
        // called for with each power the hand may hold, used with no choices; then each drawn
        // first (the hand keeps its count).
        if guessed {
            let plays = self.guessed_plays(player, span, &Shown::default());
            passes.push(Ways { ways: turns_of(&plays, false), guessed, unfogged: true });
            passes.push(Ways { ways: turns_of(&plays, true), guessed, unfogged: true });
            // Then a Rescue or a Replay the hand may hold, fetching a card of the next number
            // from the open discard or play pile, played at once.
            let [fetched, ..] = self.held_ways(player, &self.fetchers(player, &cards), span, false);
            passes.push(Ways { ways: fetched, guessed, unfogged: true });
            // Last, the rarer plays ([`Self::guessed_rare_plays`]): a compound the log names, a
            // Clone of the number last played, a Dabo, a Rescue of a card kept secret.
            let rare = self.guessed_rare_plays(player, span);
            passes.push(Ways { ways: turns_of(&rare, false), guessed, unfogged: true });
        } else {
            // For a hand known, where nothing plain fits, its cards used with the choices the
            // zones offer.
            let held = self.held_ways(player, &cards, span, true);
            passes.extend(held.into_iter().filter(|w| !w.is_empty()).map(|ways| Ways {
                ways,
                guessed,
                unfogged: false,
            }));
        }
        // Nor more than as written by the log's end: a draw read left out may fit for three
        // turns and leave the hand a card too many when the round ends. A card guessed for a
        // hand the referee does not know must explain more than the turn out of turn: the table
        // may have lost track of whose turn it was, and nothing then shows a turn left out.
        let written = as_written.clone().errors_by_the_end(after, from);
        // What could not be followed that the turns as written draw too: not of a reading's making.
        let written_fog = as_written.fog_read_to(after, stop, from);
        // Of the kinds' readings, the one that draws the fewest reports by the log's end (of equal
        // ones, the kind tried first; one that leaves only the slip's own ends the search): a
        // card played unused fits as well as its power used on a card of the hand, until the
        // scores show the points of the card it discarded.
        let mut best = None::<(usize, Self)>;
        for ways in passes {
            let Some(r) = self.reading_left_out(player, span, ways, &written_fog, stop, &mut read) else { continue };
            let ends = r.clone().errors_by_the_end(stop, from);
            if ends > written || (guessed || fewer) && ends == written {
                continue;
            }
            if keep_fewest(&mut best, ends, r) {
                break;
            }
        }
        let (_, r) = best?;
        self.adopt(r);
        Some(stop)
    }

    /// The round ends at line `at` (its scores, or the next round) with nobody out, and the player
    /// due held one card: when one way of playing it ([`Self::plays_of`], aimed at any player)
    /// leaves nothing else to report over the round's end and the next three turns
    /// ([`Self::reading_left_out`] chooses), the turn that went out was left out above (ruling
    /// R4). Then the referee reads it so, reports the round ended with nobody out once, naming
    /// the turn left out, and returns the line it read up to.
    #[cold]
    pub(super) fn round_end_left_out(&mut self, at: usize) -> Option<usize> {
        let player = self.state.next?;
        let hand = &self.state.player(player).hand;
        let one_card = !hand.unbounded && hand.known.len() + hand.unknown as usize == 1;
        if !one_card || self.table_order || !self.went_out.is_empty() || !self.reads_left_out() {
            return None;
        }
        let (cards, guessed) = self.left_out_cards(player)?;
        let line = self.log.lines[at].span;
        // Read as written, the round ends with nobody out.
        let mut as_written = self.clone();
        as_written.speculating = true;
        let from = as_written.diags.len();
        let after = as_written.group(at);
        let Some(written) = as_written.diags[from..].iter().find(|d| d.code == Code::RoundWithoutGoOut) else {
            self.left_out_readings -= 1;
            return None;
        };
        let message = written.message.clone();
        let span = Span::new(line.start as usize, line.start as usize);
        let plays = self.plays_of(player, &cards, span, Uses::Aimed);
        let mut passes = vec![Ways { ways: turns_of(&plays, false), guessed, unfogged: guessed }];
        // For a hand not known, the number called for with each power it may hold.
        if guessed {
            let plays = self.guessed_plays(player, span, &Shown::default());
            passes.push(Ways { ways: turns_of(&plays, false), guessed, unfogged: true });
        }
        let whose = self.name(player).to_string();
        let stop = self.after_turns(at, 3);
        let mut read = |r: &mut Self, turn: &Turn| {
            let text = r.turn_text(turn);
            let d = Diagnostic::new(Code::RoundWithoutGoOut, line, message.clone())
                .label(format!("expected {whose} to go out first"))
                .help(format!(
                    "{whose} held one card, and a turn line `{text}` seems left out above: read so, {whose} went \
                     out, and the game goes on from it"
                ));
            r.left_out = Some(Box::new((turn.clone(), d)));
            r.read_lines(at, stop);
        };
        // The round's end with nobody out is reported either way, and a card guessed for a hand
        // nobody saw only names the turn that went out: no more reports than as written by the
        // log's end.
        let written_fog = as_written.clone().fog_read_to(after, stop, from);
        for ways in passes {
            let Some(r) = self.reading_left_out(player, span, ways, &written_fog, stop, &mut read) else { continue };
            if r.no_more_by_the_end(stop, as_written.clone(), after, from) {
                *self = r;
                return Some(stop);
            }
        }
        None
    }

    /// A turn out of order at line `at` (its block running to `end`) that no other reading
    /// explains, and that draws more reports than that: when the player due could have taken it,
    /// read so it leaves nothing else to report over it and the next three turns, the turn line
    /// names the wrong player (ruling R4). Then the referee reads it as that player's, reports the
    /// turn out of order once, and returns the line it read up to.
    #[cold]
    pub(super) fn misnamed_turn(&mut self, at: usize, end: usize) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(written) = &lines[at].kind else { return None };
        let due = self.state.next.filter(|&e| e != written.player)?;
        let skipped = written.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        let expects = lines[at + 1..end].iter().any(|l| matches!(l.kind, LineKind::Expect(_)));
        let unordered = self.state.fog.turn_order;
        if self.speculating || self.table_order || unordered || skipped || expects || self.left_out_readings == 0 {
            return None;
        }
        self.left_out_readings -= 1;
        let stop = self.after_turns(self.next_group(end), 3);
        // Read as written, the turn draws more than the one report.
        let mut as_written = self.clone();
        as_written.speculating = true;
        let from = as_written.diags.len();
        as_written.read_lines(at, stop);
        if as_written.errors_since(from) < 2 {
            return None;
        }
        let turn = Turn { player: due, player_span: written.player_span, steps: written.steps.clone() };
        let (who, whose) = (self.name(written.player).to_string(), self.name(due).to_string());
        let mut r = self.clone();
        r.speculating = true;
        r.report(
            Diagnostic::new(Code::OutOfTurn, written.player_span, format!("it was {whose}'s turn, not {who}'s"))
                .label(format!("read as {whose}'s turn"))
                .help(format!(
                    "the name seems miswritten: read as {whose}'s, the turn and the turns after it follow, and the \
                     game goes on from it"
                )),
        );
        r.read_turn(&turn, at, &lines[at + 1..end]);
        r.read_lines(end, stop);
        if r.errors_since(from) != 1 {
            return None;
        }
        // Nor more than as written by the log's end: a turn the referee holds to be out of order
        // because it went wrong earlier (a player taken to be decked, say) is not given to another
        // player when that only puts the reports off.
        if !r.fewer_by_the_end(stop, as_written, stop, from) {
            return None;
        }
        r.speculating = false;
        *self = r;
        Some(stop)
    }

    /// The turn at line `at` (its block running to `end`) drew a report that no other reading
    /// explained. When reading one of its resolution lines as another player's makes the turn
    /// happen, and leaves nothing else to report over it and the next three turns, for exactly one
    /// line and player, and the reading draws fewer reports by the log's end than the turn as
    /// written (or as many, where the block shows the slip: [`written_for_another`]), the line's
    /// name was miswritten (ruling R4). Then the referee reads the turn so, from the replay just
    /// before it (read on to it from `from`, or from the log's start), reports the slip once, and
    /// returns the line it read up to. Failing that, a card of the turn may have been miswritten
    /// ([`Self::miswritten_card`]).
    #[cold]
    pub(super) fn misnamed_line(&mut self, from: Option<&Checkpoint<'a>>, at: usize, end: usize) -> Option<usize> {
        let log = self.log;
        let lines = &log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let next = self.next_group(end);
        let expects = |l: &Line| matches!(l.kind, LineKind::Expect(_));
        // Each reading reads the block again: a longer block than a table writes is not read so,
        // which would cost its length squared.
        if end - (at + 1) > BLOCK_READ || lines[at + 1..end].iter().any(expects) {
            return None;
        }
        let mut before = self.replayed_clear_to(from, at)?;
        before.speculating = true;
        before.begin_group(at);
        before.flush_pending();
        let mark = before.diags.len();
        let stop = self.after_turns(next, 3);
        let power = used_power(turn);
        let mut fit = None;
        let mut block = lines[at + 1..end].to_vec();
        for k in 0..block.len() {
            let LineKind::Resolution(e) = &lines[at + 1 + k].kind else { continue };
            let Some(written) = e.subject() else { continue };
            for q in log.names.ids().filter(|&q| q != written) {
                if let LineKind::Resolution(e) = &mut block[k].kind {
                    if let Some(p) = e.subject_mut() {
                        *p = q;
                    }
                }
                let mut r = before.clone();
                r.read_turn(turn, at, &block);
                if r.errors_since(mark) > 0 {
                    continue;
                }
                let line = block[k].span;
                let name = Span::new(line.start as usize, line.start as usize + log.names.get(written).len());
                let (who, meant) = (r.name(written).to_string(), r.name(q).to_string());
                let mut d = Diagnostic::new(
                    Code::Misresolved,
                    name,
                    format!("this line names {who}, and it is what the turn makes happen to {meant}"),
                )
                .label(format!("read as {meant}"))
                .help(format!(
                    "the name seems miswritten: read as {meant}'s line, the turn and the turns after it follow, \
                     and the game goes on from it"
                ));
                d.rule = power.map(powers::cited);
                if !r.only_report(d, end, stop, mark) {
                    continue;
                }
                if fit.is_some() {
                    return None;
                }
                fit = Some((r, k, q));
            }
            block[k].kind = lines[at + 1 + k].kind.clone();
        }
        let Some((r, k, q)) = fit else {
            // A target miswritten where no copy was taken before the turn ([`Self::aimed_turn`]):
            // the lines name no player but the turn's own and the one it is aimed at (a Draw
            // aimed at its own player written at another).
            if self.names_another_target(turn, at, end) == Some(false) {
                if let Some(stop) = self.misaimed_turn(before.clone(), at, end) {
                    return Some(stop);
                }
            }
            if let Some(stop) = self.untargeted_turn(&before, at, end) {
                return Some(stop);
            }
            if let Some(stop) = self.unused_turn(&before, at, end, stop) {
                return Some(stop);
            }
            if let Some(r) = self.miswritten_card(&before, turn, at, end, stop) {
                self.adopt(r);
                return Some(stop);
            }
            return self.undrawn_turn(&before, at, end);
        };
        // Fewer reports than as written by the log's end, or as many where the block shows the
        // slip: the name written has another line like it, and the one read has none (a player
        // written twice in a power that acts on every player, the other left out).
        let (read, written) = (r.clone().errors_by_the_end(stop, self.group_diags), self.errors_as_written(end));
        if read > written || read == written && !written_for_another(&lines[at + 1..end], k, q) {
            return None;
        }
        self.adopt(r);
        Some(stop)
    }

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
    pub(super) fn misplayed_power(
        &mut self,
        from: Option<&Checkpoint<'a>>,
        at: usize,
        end: usize,
        numbers: bool,
    ) -> Option<usize> {
        let lines = &self.log.lines;
        let LineKind::Turn(turn) = &lines[at].kind else { return None };
        let expects = |l: &Line| matches!(l.kind, LineKind::Expect(_));
        if end - (at + 1) > BLOCK_READ || turn.steps.len() > BLOCK_READ || lines[at + 1..end].iter().any(expects) {
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
    fn miswritten_card(&self, before: &Self, turn: &Turn, at: usize, end: usize, stop: usize) -> Option<Self> {
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
            let LineKind::Resolution(e) = &line.kind else { continue };
            let Some(p) = e.subject() else { continue };
            for (j, c) in e.cards().iter().enumerate() {
                add(&mut lines, CardPlace::Line { k, j }, &c.card, p, &|_| true);
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
    pub(super) fn suspect_cards(&self, turn: &Turn, with_lines: bool) -> Vec<(CardPlace, Card)> {
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
        let mut add = |place: CardPlace, card: &Card, at: Span, step: Span| {
            let reported = match place {
                CardPlace::Play { .. } => lines_erred || errors().any(|d| within(d.span, step)),
                _ => second || reports.iter().any(|d| d.span == at && unheld(d.code)),
            };
            if card.power().is_some_and(|w| w.is_known()) && reported {
                found.push((place, *card));
            }
        };
        for (s, step) in turn.steps.iter().enumerate() {
            let StepKind::Play { card, used } = &step.kind else { continue };
            add(CardPlace::Play { s }, &card.card, card.span, step.span);
            for (c, choice) in used.iter().flat_map(|u| u.iter()).enumerate() {
                match &choice.kind {
                    ChoiceKind::Cards(cards) => {
                        for (j, card) in cards.iter().enumerate() {
                            add(CardPlace::Choice { s, c, j }, &card.card, card.span, step.span);
                        }
                    }
                    ChoiceKind::Take(card) => {
                        add(CardPlace::Choice { s, c, j: 0 }, &card.card, card.span, step.span);
                    }
                    _ => {}
                }
            }
        }
        found
    }

    /// Reads the turn left out that [`Self::plain_turn_left_out`] found, before the turn at line
    /// `at` and with its group, and reports the slip.
    #[cold]
    pub(super) fn read_left_out(&mut self, at: usize) {
        let Some(left_out) = self.left_out.take() else { return };
        let (turn, report) = *left_out;
        // Its events kept, for the line of the turn above that may be its own.
        let (events, recording) = (self.events.len(), std::mem::replace(&mut self.record_events, true));
        self.made_up_turn(&turn, at, at);
        self.record_events = recording;
        self.repeats_made_by(events, at);
        self.report(report);
    }

    /// A line of the turn above line `at` reported as written again that the turn read left out
    /// after it makes happen (its events from `events` on) was that turn's own line, written with
    /// it (a trouble's shift after a draw): its report is withdrawn, the turn left out being the
    /// one slip. A shift to a trouble the referee could not name is the one the line names.
    #[cold]
    fn repeats_made_by(&mut self, events: usize, at: usize) {
        let lines = &self.log.lines;
        let block = lines[..at].iter().rev().take_while(|l| !matches!(l.kind, LineKind::Turn(_))).count();
        let Some(start) = at.checked_sub(block) else { return };
        for i in (0..self.diags.len()).rev() {
            let d = &self.diags[i];
            if d.span.start < lines.get(start).map_or(0, |l| l.span.start) {
                break;
            }
            if d.label.as_deref() != Some(WRITTEN_AGAIN) {
                continue;
            }
            let line = lines[start..at].iter().find(|l| l.span.start == d.span.start);
            let Some(LineKind::Resolution(claim)) = line.map(|l| &l.kind) else { continue };
            if self.events[events..].iter().any(|l| same_event(&l.event, claim)) {
                self.withdraw(i);
            } else if matches!(claim, Event::TroubleShifts(_))
                && self.events[events..].iter().any(|l| l.event == Event::TroubleHidden)
            {
                // The turn's trouble shifted to one the referee could not name: the line names it.
                self.withdraw(i);
                self.emit(claim.clone());
            }
        }
    }

    /// Reads a turn the log left out, its block the lines `first..end`, as a turn written there.
    fn made_up_turn(&mut self, turn: &Turn, first: usize, end: usize) {
        self.turn_of(turn, None, first, end);
        self.emit_followed_shifts();
        self.count_turn();
    }

    /// The distinct cards of `p`'s hand, when the referee knows every one of them (at most 12).
    fn whole_hand(&self, p: PlayerId) -> Option<Vec<Card>> {
        let hand = &self.state.player(p).hand;
        if hand.unknown > 0 || hand.unbounded || hand.known.iter().any(|c| !c.power_recorded()) {
            return None;
        }
        let cards = distinct(&hand.known);
        (cards.len() <= 12).then_some(cards)
    }

    /// `p`'s decklist, where it shows every card of number `d` with its power (a log with the cards
    /// hidden writes them `?`): `None` without one, or where it does not.
    fn list_showing(&self, p: PlayerId, d: Denomination) -> Option<&Collection> {
        let list = self.state.collections.get(p.index()).and_then(Option::as_ref)?;
        let unshown = |c: &Card| !c.power_recorded() && c.denomination().is_none_or(|e| e == d);
        (!list.cards.iter().any(|(c, _)| unshown(c))).then_some(list)
    }

    /// The cards `p` may have played in a turn the log left out: the whole hand, where the referee
    /// knows it ([`Self::whole_hand`]); else the hand's cards it knows, and the cards of the
    /// number the chain calls for that the hand may hold: those of the decklist where it shows
    /// them, else the number with its power unknown (a log with the cards hidden), which is read
    /// played without its power. With whether the cards were guessed (the hand not known).
    fn left_out_cards(&self, p: PlayerId) -> Option<(Vec<Card>, bool)> {
        if let Some(cards) = self.whole_hand(p) {
            return Some((cards, false));
        }
        let hand = &self.state.player(p).hand;
        let mut cards: Vec<Card> = Vec::new();
        let mut add = |c: Card| {
            if !cards.contains(&c) {
                cards.push(c);
            }
        };
        hand.known.iter().filter(|c| c.power_recorded()).for_each(|c| add(*c));
        // The decklist's cards of the number called for; a number it does not show, with its power
        // unknown (and a 1 after a break too: one card more, where the decklist's would be many).
        for (k, called) in self.numbers_allowed().enumerate() {
            match self.list_showing(p, called) {
                Some(l) if k == 0 => l
                    .cards
                    .iter()
                    .filter(|(c, _)| c.denomination() == Some(called) && hand.could_hold(c))
                    .for_each(|(c, _)| add(*c)),
                Some(_) => {}
                None => {
                    let c = Card::Known { denomination: called, power: PowerSpec::Unrecorded };
                    if hand.could_hold(&c) {
                        add(c);
                    }
                }
            }
        }
        (cards.len() <= 12).then_some((cards, true))
    }

    /// For a turn left out above lines that show `shown`, whose player's hand and decklist do not
    /// show the cards of the number the chain calls for: that number with each power the hand may
    /// hold, played as its lines may show it (a passive power as played, another used with no
    /// choices, aimed at a player the lines name, or naming a power of a card they name).
    fn guessed_plays(&self, player: PlayerId, span: Span, shown: &Shown) -> Vec<StepKind> {
        let hand = &self.state.player(player).hand;
        let mut plays = Vec::new();
        for called in self.numbers_allowed() {
            if self.list_showing(player, called).is_some() {
                continue;
            }
            for &power in Power::ALL.iter() {
                let card = Card::Known { denomination: called, power: PowerSpec::Single(power) };
                Self::guessed_play(&mut plays, hand, card, span, shown);
            }
        }
        // After a break, an Advance of any other number, which needs no `use` (TCC 2.1, Tribble
        // Powers: ADVANCE).
        if self.state.chain.broken {
            let allowed: Vec<Denomination> = self.numbers_allowed().collect();
            for d in Denomination::ALL.into_iter().filter(|d| !allowed.contains(d)) {
                let card = Card::Known { denomination: d, power: PowerSpec::Single(Power::Advance) };
                if self.list_showing(player, d).is_none() && hand.could_hold(&card) {
                    plays.push(StepKind::Play { card: CardAt { card, span }, used: None });
                }
            }
        }
        plays
    }

    /// What the resolution lines `block` show that a turn left out above them may have chosen: the
    /// players they name other than `player`, the powers of the cards they name, and those cards.
    fn shown_by(&self, player: PlayerId, block: &[Line]) -> Shown {
        let mut shown = Shown::default();
        for line in block {
            let LineKind::Resolution(e) = &line.kind else { continue };
            for q in self.log.names.ids() {
                if q != player && !shown.players.contains(&q) && e.names_any(|p| p == q) {
                    shown.players.push(q);
                }
            }
            if shown.own.is_none() && e.names_any(|p| p == player) {
                shown.own = Some(player);
            }
            for c in e.cards() {
                if c.card.power_recorded() && !shown.cards.contains(&c.card) {
                    shown.cards.push(c.card);
                }
                let halves = match c.card.power() {
                    Some(PowerSpec::Single(p)) => [Some(*p), None],
                    Some(PowerSpec::Compound(a, b)) => [Some(*a), Some(*b)],
                    _ => [None, None],
                };
                for p in halves.into_iter().flatten() {
                    if !shown.powers.contains(&p) {
                        shown.powers.push(p);
                    }
                }
            }
            let shift = matches!(e, Event::TroubleShifts(_));
            shown.shifts |= shift;
            shown.other_lines |= !shift;
        }
        shown
    }

    /// Plays [`Self::guessed_plays`] leaves out, for a hand nobody saw: a card of each compound
    /// power the log names elsewhere ([`Self::compounds_named`]), of a number the chain allows; a
    /// Clone, single or in a compound the log names, of the number last played (TCC 2.1, Tribble
    /// Powers: CLONE); a Dabo of any other number after a turn that activated two powers or more
    /// (DABO); and a Rescue of a number the chain allows recovering a card kept secret (RESCUE).
    fn guessed_rare_plays(&self, player: PlayerId, span: Span) -> Vec<StepKind> {
        let hand = &self.state.player(player).hand;
        let compounds = self.compounds_named();
        let has = |x: Power| move |p: &PowerSpec| matches!(p, PowerSpec::Compound(a, b) if *a == x || *b == x);
        let last = self.state.chain.last;
        let allowed: Vec<Denomination> = self.numbers_allowed().collect();
        let in_sequence = allowed.iter().flat_map(|&d| compounds.iter().map(move |&p| (d, p)));
        let cloned =
            last.into_iter().flat_map(|d| compounds.iter().copied().filter(has(Power::Clone)).map(move |p| (d, p)));
        // A Dabo of any other number, after a turn known to have activated two powers or more.
        let dabo = (2..u32::MAX).contains(&self.previous_activations());
        let dabos =
            std::iter::once(PowerSpec::Single(Power::Dabo)).chain(compounds.iter().copied().filter(has(Power::Dabo)));
        let dabos = Denomination::ALL
            .into_iter()
            .filter(|d| dabo && !allowed.contains(d))
            .flat_map(|d| dabos.clone().map(move |p| (d, p)));
        let mut plays = Vec::new();
        let mut seen: Vec<Card> = Vec::new();
        // A single Clone played as one: its power does no more than let it be played, so it is
        // read without `use`, as a table writes it.
        if let Some(d) = last.filter(|&d| self.list_showing(player, d).is_none()) {
            let card = Card::Known { denomination: d, power: PowerSpec::Single(Power::Clone) };
            if hand.could_hold(&card) {
                plays.push(StepKind::Play { card: CardAt { card, span }, used: None });
                seen.push(card);
            }
        }
        for (denomination, power) in in_sequence.chain(cloned).chain(dabos) {
            let card = Card::Known { denomination, power };
            if seen.contains(&card) || self.list_showing(player, denomination).is_some() {
                continue;
            }
            seen.push(card);
            Self::guessed_play(&mut plays, hand, card, span, &Shown::default());
        }
        // A Rescue of a number the chain allows recovering a card kept secret (`use ?`), which
        // goes face down on the deck, where the discard pile may hold one.
        if !self.state.player(player).discard.is_empty() {
            for &d in allowed.iter().filter(|&&d| self.list_showing(player, d).is_none()) {
                let card = Card::Known { denomination: d, power: PowerSpec::Single(Power::Rescue) };
                if hand.could_hold(&card) {
                    let secret = ChoiceKind::Cards(CardCount::one(Card::Unknown, span).list());
                    let used = Some(Box::from([Choice { kind: secret, span }]));
                    plays.push(StepKind::Play { card: CardAt { card, span }, used });
                }
            }
        }
        plays
    }

    /// The compound powers the log names anywhere (a decklist, a hand, a position's zone, a turn,
    /// a resolution line), each once: the compounds of the table's card pool, where hands are not
    /// shown.
    fn compounds_named(&self) -> Vec<PowerSpec> {
        let mut found: Vec<PowerSpec> = Vec::new();
        let mut note = |c: &Card| {
            if let Some(p @ PowerSpec::Compound(..)) = c.power()
                && !found.contains(p)
            {
                found.push(*p);
            }
        };
        for line in &self.log.lines {
            match &line.kind {
                LineKind::Deck { cards, .. }
                | LineKind::Hand { cards, .. }
                | LineKind::Position(PositionLine::Zone { cards, .. } | PositionLine::Pot(cards)) => {
                    cards.iter().for_each(|c| note(&c.card))
                }
                LineKind::Resolution(e) => e.cards().iter().for_each(|c| note(&c.card)),
                LineKind::Turn(t) => {
                    for step in t.steps.iter() {
                        match &step.kind {
                            StepKind::Play { card, .. } | StepKind::Replay { card, .. } | StepKind::Place(card) => {
                                note(&card.card)
                            }
                            StepKind::Draw { card: Some(card) } => note(&card.card),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// The plays [`Self::guessed_plays`] reads of `card`, where `hand` may hold it.
    fn guessed_play(plays: &mut Vec<StepKind>, hand: &super::zone::Hidden, card: Card, span: Span, shown: &Shown) {
        use crate::powers::{Choice as Takes, check_choices, is_passive};
        let Some(spec) = card.power().filter(|_| hand.could_hold(&card)) else { return };
        let play = |used: Option<Box<[Choice]>>| StepKind::Play { card: CardAt { card, span }, used };
        if is_passive(spec) {
            plays.push(play(None));
            return;
        }
        if check_choices(spec, &[], None).is_ok() {
            plays.push(play(Some(Box::from([]))));
        }
        if check_choices(spec, &[Takes::Player], None).is_ok() {
            let aimed = shown.players.iter().chain(&shown.own);
            plays.extend(aimed.map(|&q| play(Some(Box::from([Choice { kind: ChoiceKind::Player(q), span }])))));
        }
        for kinds in naming_choices(spec, shown) {
            plays.push(play(Some(kinds.into_iter().map(|kind| Choice { kind, span }).collect())));
        }
    }

    /// The ways `player` may have taken a turn the log left out, holding `cards`: a draw, a play
    /// of one of them, or a draw of a card of the decklist the chain calls for and its play at
    /// once; each with whether it draws while holding a card of that number, which a player need
    /// not do (TCC 2.1, How to Play: the draw is for a player without one). A power played is used
    /// as `uses` allows.
    fn ways_to_take(&self, player: PlayerId, cards: &[Card], span: Span, uses: Uses) -> Vec<(Vec<StepKind>, bool)> {
        let mut ways: Vec<_> =
            self.plays_of(player, cards, span, uses).into_iter().map(|play| (vec![play], false)).collect();
        let needless = self.needless_draw(player);
        ways.push((vec![StepKind::Draw { card: None }], needless));
        // A 1 drawn after a break where the lines show what the turn did, not for a turn with
        // none (many more readings, which the turns after rarely tell apart).
        for c in &self.drawn_called(player, !matches!(uses, Uses::Plain)) {
            let draw = StepKind::Draw { card: Some(CardAt { card: *c, span }) };
            let plays = self.plays_of(player, std::slice::from_ref(c), span, uses);
            ways.extend(plays.into_iter().map(|play| (vec![draw.clone(), play], needless)));
        }
        ways
    }

    /// The cards that `player` may draw now and play at once, of the number the chain calls for
    /// (with `ones`, or a 1 where the chain is broken and the hand is not known to hold either:
    /// [`Self::numbers_allowed`]): the deck's top card where the referee knows it, else the
    /// decklist's cards, else (a decklist that does not show the cards of that number) the number,
    /// its power unknown.
    fn drawn_called(&self, player: PlayerId, ones: bool) -> Vec<Card> {
        let listed = self.state.collections.get(player.index()).and_then(Option::as_ref);
        let deck = &self.state.player(player).deck;
        let mut drawn: Vec<Card> = match deck.top.last() {
            Some(top) => vec![*top],
            None => listed.iter().flat_map(|list| list.cards.iter().map(|(c, _)| *c)).collect(),
        };
        let held = &self.state.player(player).hand.known;
        let mut allowed: Vec<Denomination> = self.numbers_allowed().collect();
        if !ones || held.iter().any(|c| c.denomination().is_some_and(|d| allowed.contains(&d))) {
            allowed.truncate(1);
        }
        if deck.top.is_empty() {
            for &d in &allowed {
                let c = Card::Known { denomination: d, power: PowerSpec::Unrecorded };
                if self.list_showing(player, d).is_none() && deck.could_draw(&c) {
                    drawn.push(c);
                }
            }
        }
        drawn.retain(|c| c.power().is_some() && c.denomination().is_some_and(|d| allowed.contains(&d)));
        drawn
    }

    /// For a hand `player` holds that the referee does not know, the cards among `cards` (those it
    /// may have played: [`Self::left_out_cards`]) whose power fetches a card to play at once, a
    /// Rescue or a Replay, and, where the decklist does not show the cards of a number the chain
    /// allows, that number with each of those powers the hand may hold.
    fn fetchers(&self, player: PlayerId, cards: &[Card]) -> Vec<Card> {
        const FETCH: [Power; 2] = [Power::Rescue, Power::Replay];
        let fetches = |c: &Card| matches!(c.power(), Some(PowerSpec::Single(p)) if FETCH.contains(p));
        let mut fetchers: Vec<Card> = cards.iter().copied().filter(fetches).collect();
        let hand = &self.state.player(player).hand;
        for d in self.numbers_allowed().filter(|&d| self.list_showing(player, d).is_none()) {
            for power in FETCH {
                let card = Card::Known { denomination: d, power: PowerSpec::Single(power) };
                if hand.could_hold(&card) && !fetchers.contains(&card) {
                    fetchers.push(card);
                }
            }
        }
        fetchers
    }

    /// Whether a draw by `player` now is one the player need not have made: nothing is called
    /// for, or the hand holds the number called for (cards guessed for a hand nobody saw are not
    /// known to be held).
    fn needless_draw(&self, player: PlayerId) -> bool {
        let called = self.called_for();
        called.is_none() || self.state.player(player).hand.known.iter().any(|c| c.denomination() == called)
    }

    /// The ways `player` may play each of `cards`: without its power, with it and no choices (where
    /// its power needs none), and, as `uses` allows, aimed at each player or with the other choices
    /// the turn's lines show ([`Self::shown_choices`]).
    fn plays_of(&self, player: PlayerId, cards: &[Card], span: Span, uses: Uses) -> Vec<StepKind> {
        use crate::powers::{Choice as Takes, check_choices, is_passive};
        let mut plays = Vec::new();
        for c in cards {
            let play = |used: Option<Box<[Choice]>>| StepKind::Play { card: CardAt { card: *c, span }, used };
            plays.push(play(None));
            // A card whose power is not known is read played without it: used, the power is unfollowed.
            let Some(power) = c.power().filter(|p| !matches!(p, PowerSpec::Unrecorded) && !is_passive(p)) else {
                continue;
            };
            if check_choices(power, &[], None).is_ok() {
                plays.push(play(Some(Box::from([]))));
            }
            if matches!(uses, Uses::Plain) {
                continue;
            }
            if check_choices(power, &[Takes::Player], None).is_ok() {
                for q in self.log.names.ids() {
                    plays.push(play(Some(Box::from([Choice { kind: ChoiceKind::Player(q), span }]))));
                }
            }
            let Uses::Shown(shown) = uses else { continue };
            for kinds in self.shown_choices(player, power, shown, span) {
                plays.push(play(Some(kinds.into_iter().map(|kind| Choice { kind, span }).collect())));
            }
        }
        plays
    }

    /// For a turn left out with no lines, which show nothing it chose: the plays of `cards`, the
    /// hand `player` held, with choices the zones offer, in three kinds. First a card of the rest
    /// of the hand picked (Discard, Cycle), a card of the next number rescued from the discard
    /// pile and played at once, and a card of the next number replayed from the play pile; then
    /// a power aimed at each player; then a card of the discard pile rescued and put on the deck.
    /// With `draws`, the cards of the number called for that the player may have drawn
    /// ([`Self::drawn_called`]) are read so too, drawn first (a draw the player need not have made where the hand held
    /// that number). The later kinds make many readings that the turns
    /// after tell apart only by the log's end, and a kind with too many is not read: each is tried
    /// on its own.
    fn held_ways(&self, player: PlayerId, cards: &[Card], span: Span, draws: bool) -> [Vec<(Vec<StepKind>, bool)>; 3] {
        use crate::powers::{Choice as Takes, check_choices, is_passive};
        let pick = |card: Card| ChoiceKind::Cards(CardCount::one(card, span).list());
        let chosen = |kinds: Vec<ChoiceKind>| kinds.into_iter().map(|kind| Choice { kind, span }).collect();
        let play = |card: Card, used: Option<Vec<ChoiceKind>>| StepKind::Play {
            card: CardAt { card, span },
            used: used.map(chosen),
        };
        // A card played or replayed at once, its power not used, or used where it takes no choice.
        let uses = |card: &Card| {
            let plain = card.power().is_some_and(|p| !is_passive(p) && check_choices(p, &[], None).is_ok());
            std::iter::once(None::<Vec<ChoiceKind>>).chain(plain.then(|| Some(Vec::new())))
        };
        let named = |zone: &[Card]| distinct(zone.iter().filter(|c| c.power_recorded()));
        let pl = self.state.player(player);
        let discarded = named(&pl.discard.known);
        let needless = self.needless_draw(player);
        let drawn = if draws { self.drawn_called(player, true) } else { Vec::new() };
        let drawn = drawn.into_iter().map(|c| (c, Some(StepKind::Draw { card: Some(CardAt { card: c, span }) })));
        let (mut first, mut aimed, mut then) = (Vec::new(), Vec::new(), Vec::new());
        for (card, draw) in cards.iter().map(|&c| (c, None)).chain(drawn) {
            let (Some(PowerSpec::Single(power)), Some(number)) = (card.power(), card.denomination()) else {
                continue;
            };
            // The card's readings, each after its draw where it was drawn first.
            let way = |steps: Vec<StepKind>| match &draw {
                Some(d) => (std::iter::once(d.clone()).chain(steps).collect(), needless),
                None => (steps, false),
            };
            let spec = PowerSpec::Single(*power);
            let takes = |t: &[Takes]| check_choices(&spec, t, None).is_ok();
            let next = number.next();
            if takes(&[Takes::Player]) {
                aimed.extend(self.log.names.ids().map(|q| way(vec![play(card, Some(vec![ChoiceKind::Player(q)]))])));
            }
            if !takes(&[Takes::Cards]) || *power == Power::Process {
                if *power == Power::Replay && takes(&[]) {
                    for c in named(&pl.pile).into_iter().filter(|c| c.denomination() == Some(next)) {
                        for used in uses(&c) {
                            let replay = StepKind::Replay { card: CardAt { card: c, span }, used: used.map(chosen) };
                            first.push(way(vec![play(card, Some(Vec::new())), replay]));
                        }
                    }
                }
                continue;
            }
            if *power != Power::Rescue {
                first.extend(cards.iter().map(|&c| way(vec![play(card, Some(vec![pick(c)]))])));
                continue;
            }
            for &c in &discarded {
                let rescue = play(card, Some(vec![pick(c)]));
                if c.denomination() == Some(next) {
                    first.extend(uses(&c).map(|used| way(vec![rescue.clone(), play(c, used)])));
                }
                then.push(way(vec![rescue]));
            }
        }
        [first, aimed, then]
    }

    /// The choices other than one player that a use of `power` by `player` may have made, as the
    /// lines of its turn show them (`shown`): a power they show named ([`naming_choices`]), a card
    /// of the hand or of the lines picked (two for Process), or a player copied (Copy), with a
    /// player the lines name or a power they show.
    fn shown_choices(&self, player: PlayerId, power: &PowerSpec, shown: &Shown, span: Span) -> Vec<Vec<ChoiceKind>> {
        use crate::powers::{Choice as Takes, check_choices};
        let takes = |t: &[Takes]| check_choices(power, t, None).is_ok();
        let mut lists = naming_choices(power, shown);
        if takes(&[Takes::Cards]) {
            let hand = self.state.player(player).hand.known.iter().filter(|c| c.power_recorded());
            let picks = distinct(hand.chain(shown.cards.iter()));
            let list = |cards: &[(Card, u32)]| {
                let mut counts = cards.iter().map(|&(card, count)| CardCount { count, owner: None, card, span });
                let mut list = OneOrMany::One(counts.next()?);
                counts.for_each(|c| list.push(c));
                Some(ChoiceKind::Cards(list))
            };
            if power.has(Power::Process) {
                for (i, a) in picks.iter().enumerate() {
                    lists.extend(list(&[(*a, 2)]).map(|l| vec![l]));
                    lists.extend(picks[i + 1..].iter().filter_map(|b| list(&[(*a, 1), (*b, 1)])).map(|l| vec![l]));
                }
            } else {
                lists.extend(picks.iter().filter_map(|c| list(&[(*c, 1)])).map(|l| vec![l]));
            }
        }
        // Copy: each other player, with the choices the lines show that the power of the top card
        // of that player's pile takes, where it is known.
        if takes(&[Takes::Of]) {
            for q in self.log.names.ids().filter(|&q| q != player) {
                let pl = self.state.player(q);
                let copied = pl.pile.last().filter(|_| !pl.pile_unknown).and_then(Card::power);
                let Some(copied) = copied.filter(|p| matches!(p, PowerSpec::Single(_) | PowerSpec::Compound(..)))
                else {
                    lists.push(vec![ChoiceKind::Of(q)]);
                    continue;
                };
                let copies = |t: &[Takes]| check_choices(copied, t, None).is_ok();
                if copies(&[]) {
                    lists.push(vec![ChoiceKind::Of(q)]);
                }
                if copies(&[Takes::Player]) {
                    lists.extend(shown.players.iter().map(|&a| vec![ChoiceKind::Of(q), ChoiceKind::Player(a)]));
                }
                let named = naming_choices(copied, shown).into_iter();
                lists.extend(named.map(|kinds| std::iter::once(ChoiceKind::Of(q)).chain(kinds).collect()));
            }
        }
        lists.retain(|kinds| {
            let given: Vec<Takes> = kinds.iter().filter_map(choice_kind).collect();
            given.len() == kinds.len() && check_choices(power, &given, None).is_ok()
        });
        lists
    }

    /// The line before the `n + 1`th turn line from `from` (or the log's end).
    pub(super) fn after_turns(&self, from: usize, n: usize) -> usize {
        let lines = &self.log.lines;
        let mut turns = 0;
        (from..lines.len())
            .find(|&k| {
                turns += usize::from(matches!(lines[k].kind, LineKind::Turn(_)));
                turns > n
            })
            .unwrap_or(lines.len())
    }

    /// A turn as a log line: `Dan: 1000 Masaka use @Matt`.
    fn turn_text(&self, turn: &Turn) -> String {
        let steps: Vec<String> = turn.steps.iter().map(|s| crate::syntax::print::step(s, &self.log.names)).collect();
        format!("{}: {}", self.name(turn.player), steps.join("; "))
    }

    /// Reads ahead on a copy of the replay for each turn of `player` made of one of `readings`
    /// (`read` reads it and the lines after it, to line `stop`, reporting the slip once). When
    /// exactly one copy finds nothing else to report, or of a few that do one draws the fewest
    /// reports read on to the log's end, that copy, no longer speculating; `None` otherwise (and
    /// when more readings are offered than are tried, or the replay has read ahead on enough
    /// slips).
    fn reading_left_out(
        &mut self,
        player: PlayerId,
        span: Span,
        Ways { ways: readings, guessed, unfogged }: Ways,
        written_fog: &[(Code, Span)],
        stop: usize,
        mut read: impl FnMut(&mut Self, &Turn),
    ) -> Option<Self> {
        /// At most this many readings are tried for one slip.
        const READINGS: usize = 96;
        if !self.reads_left_out() {
            return None;
        }
        self.left_out_readings -= 1;
        // Guessed for a hand not known, a card's power is any of them.
        if readings.len() > READINGS * if guessed { 3 } else { 1 } {
            return None;
        }
        // The readings that fit, those that follow every power they use apart from those that
        // leave one unfollowed: what an unfollowed power might have done is not held against the
        // table, so such a reading may seem to make any line happen, and it is weighed only where
        // none that follows them all fits (for cards guessed or choices read off the lines, never).
        let (mut fits, mut fogged) = (Fits::new(), Fits::new());
        let player_span = Span::new(span.start as usize, span.start as usize);
        for (kinds, needless) in readings {
            let mut kinds = kinds.into_iter().map(|kind| Step { kind, span });
            let Some(first) = kinds.next() else { continue };
            let mut steps = Steps::One(first);
            kinds.for_each(|step| steps.push(step));
            let turn = Turn { player, player_span, steps };
            let mut r = self.clone();
            r.speculating = true;
            let mark = r.diags.len();
            read(&mut r, &turn);
            // The slip's own report, and nothing else.
            if r.errors_since(mark) != 1 {
                continue;
            }
            let unfollowed =
                r.diags[mark..].iter().any(|d| fogging(d.code) && !written_fog.contains(&(d.code, d.span)));
            if unfollowed && unfogged {
                continue;
            }
            // A power given to a card, where its number played with no power known and unused
            // fits too: that reading covers it.
            if fits.fits.iter().chain(&fogged.fits).any(|(t, _, _)| covers(t, &turn)) {
                continue;
            }
            // A card used, where it fits played unused too: the power made no difference (nor
            // is each of its targets read, where none has a turn left to show which it was).
            let kind = if unfollowed { &fogged } else { &fits };
            if kind.fits.iter().any(|(t, _, _)| used_for_nothing(t, &turn)) {
                continue;
            }
            if unfollowed {
                fogged.add(turn, r, needless);
            } else {
                fits.add(turn, r, needless);
                if fits.over {
                    return None;
                }
            }
        }
        let followed = !fits.fits.is_empty();
        if !followed {
            if fogged.over {
                return None;
            }
            fits = fogged;
        }
        let (mut fits, needless_fits) = (fits.fits, fits.needless);
        // Draws the player need not have made, where nothing else fits, are read only when one
        // does.
        if fits.iter().all(|f| f.2) && needless_fits != 1 {
            return None;
        }
        // A card played with its power used or not, which made no difference: not used.
        let plain: Vec<bool> =
            fits.iter().map(|(t, _, _)| fits.iter().any(|(u, _, _)| used_for_nothing(u, t))).collect();
        let mut plain = plain.into_iter();
        fits.retain(|_| !plain.next().unwrap_or(false));
        // Several fit over the turns read: the one that draws fewest reports by the log's end (the
        // cards it leaves where the later lines find them), when only one does; of those, one
        // that draws no card the player need not have drawn is taken before one that does. Each
        // reading read so counts against the game's readings.
        if fits.len() > 1 {
            let n = u32::try_from(fits.len()).unwrap_or(u32::MAX);
            self.left_out_readings = self.left_out_readings.checked_sub(n)?;
            let mark = self.diags.len();
            let ends: Vec<Vec<(Code, Span)>> =
                fits.iter().map(|(_, r, _)| r.clone().errors_listed_by_the_end(stop, mark)).collect();
            let fewest = ends.iter().map(Vec::len).min()?;
            let fewest_of = |needless: bool| {
                (0..fits.len()).filter(|&k| ends[k].len() == fewest && fits[k].2 == needless).collect()
            };
            let (needed, needless): (Vec<usize>, Vec<usize>) = (fewest_of(false), fewest_of(true));
            let tied = if needed.is_empty() { needless } else { needed };
            let k = match tied.as_slice() {
                [k] => *k,
                // Readings that leave nothing else to report by the log's end.
                ks if fewest == 1 => return self.tied_reading(ks, fits, &ends, (guessed, followed), span, read),
                _ => return None,
            };
            fits.swap(0, k);
            fits.truncate(1);
        }
        let (_, mut r, _) = fits.pop()?;
        r.speculating = false;
        r.left_out_readings = self.left_out_readings;
        Some(r)
    }

    /// Whether [`Self::reading_left_out`] may read a turn left out: not on a copy already reading
    /// ahead, in a round whose turn order is followed, with readings left to the game.
    fn reads_left_out(&self) -> bool {
        !self.speculating && self.state.in_round && !self.state.fog.turn_order && self.left_out_readings > 0
    }

    /// The notes of what could not be followed since report `mark` once this copy is read on from
    /// line `from` to `stop`, each as its code and span.
    fn fog_read_to(mut self, from: usize, stop: usize, mark: usize) -> Vec<(Code, Span)> {
        self.read_lines(from, stop);
        let diags = self.diags.get(mark..).unwrap_or_default();
        diags.iter().filter(|d| fogging(d.code)).map(|d| (d.code, d.span)).collect()
    }

    /// Of the readings `fits` of a turn left out, those at `ks` fit alike and draw as few
    /// reports by the log's end (`ends`, each reading's errors there): for cards guessed for a hand
    /// nobody saw, alike but for their powers, the card played with its power not known, which
    /// follows whichever of them it was; else, where they follow every power they use
    /// (`followed`) and draw the very same reports, the first, the others named in its help (the
    /// game reads on alike from any of them); else `None`.
    #[cold]
    fn tied_reading(
        &self,
        ks: &[usize],
        mut fits: Vec<(Turn, Self, bool)>,
        ends: &[Vec<(Code, Span)>],
        (guessed, followed): (bool, bool),
        span: Span,
        mut read: impl FnMut(&mut Self, &Turn),
    ) -> Option<Self> {
        let turns: Vec<&Turn> = ks.iter().map(|&k| &fits[k].0).collect();
        let unknown = power_unknown(&turns).filter(|_| guessed);
        let mut taken = unknown.and_then(|(turn, powers)| {
            let mut r = self.clone();
            r.speculating = true;
            let mark = r.diags.len();
            read(&mut r, &turn);
            let powers: Vec<String> = powers.iter().map(ToString::to_string).collect();
            let more =
                format!("; its card's power may be any of {}, which the lines do not tell apart", powers.join(", "));
            (r.errors_since(mark) == 1).then_some((r, mark, more))
        });
        let (&first, rest) = ks.split_first()?;
        // A reading that leaves a power unfollowed may seem to make any line happen.
        let mark = self.diags.len();
        if taken.is_none() && followed && rest.iter().all(|&k| ends[k] == ends[first]) {
            let others: Vec<String> = rest.iter().map(|&k| format!("`{}`", self.turn_text(&fits[k].0))).collect();
            let (verb, each) = if others.len() == 1 { ("fits", "either") } else { ("fit", "each") };
            let more = format!("; {} {verb} as well, and the game reads on alike from {each}", others.join(" and "));
            taken = Some((fits.swap_remove(first).1, mark, more));
        }
        let (mut r, mark, more) = taken?;
        // The slip's one report, which starts where the turn left out would have been written.
        let slip = r.diags[mark..].iter_mut().find(|d| super::replay::rules_error(d) && d.span.start == span.start);
        if let Some(help) = slip.and_then(|d| d.help.as_mut()) {
            help.push_str(&more);
        }
        r.speculating = false;
        r.left_out_readings = self.left_out_readings;
        Some(r)
    }

    /// Checks that it is this player's turn; false when the turn must not be applied.
    fn whose_turn(&mut self, turn: &Turn) -> bool {
        let player = turn.player;
        let reading = self.skip_reading.take();
        self.passed_over = 0;
        // A player at the table's turn was not decked by an earlier draw.
        self.not_decked_by_a_draw(player);
        let mut status = self.state.player(player).status;
        let only_skipped = turn.steps.iter().all(|s| matches!(s.kind, StepKind::Skipped | StepKind::Place(_)));
        if only_skipped && (self.last_skipped == Some(player) || self.state.fog.turn_order) {
            return true;
        }
        // The table says the Skip fell on a player taken to have been decked at the deal, whose
        // other reading has the player the Skip fell on decked instead: that reading it is.
        if only_skipped
            && self.last_skipped.is_some()
            && self.inferred_decked.iter().any(|d| d.player == player && d.instead == self.last_skipped)
        {
            self.withdraw_inference(player, turn.player_span, "is skipped");
            self.emit(Event::IsSkipped(player));
            self.last_skipped = Some(player);
            return true;
        }
        // The table says the Skip fell on this player, further on than the rules put it: the
        // players it passed over may have been decked at the deal already (ruling R2).
        let fell_here = reading
            .filter(|_| only_skipped && self.last_skipped != Some(player) && !self.state.fog.turn_order)
            .and_then(|(mover, from, skips)| self.skips_read_to((mover, from, skips.saturating_sub(1)), player));
        if let Some((decked, skipped, instead)) = fell_here {
            let why = |r: &Self, _| format!("the Skip fell on {}", r.name(player));
            let expected = self.state.next.unwrap_or(player);
            self.passed_by_skips((decked, instead), (player, expected), turn.player_span, why);
            for s in skipped.iter().chain([&player]) {
                self.emit(Event::IsSkipped(*s));
            }
            self.last_skipped = Some(player);
            if let Some(next) = self.state.next_in_turn(player) {
                self.emit(Event::IsNext(next));
            }
            return true;
        }
        if !self.went_out.is_empty() && !self.missed_go_out {
            self.missed_go_out = true;
            let out = self.went_out.iter().map(|p| self.name(*p).to_string()).collect::<Vec<_>>().join(" and ");
            self.report(
                Diagnostic::new(Code::RoundOver, turn.player_span, format!("{out} went out: the round was over"))
                    .label("this turn comes after the end of the round")
                    .help("a player with no cards in hand at the end of a turn goes out and the round ends"),
            );
            // Carry on as the table played: the round goes on. A player taken to have gone out on
            // a count of cards nobody saw did not: the count was short (a draw the log left out,
            // the likelier slip; with an empty deck, the hand and deck are no longer counted),
            // and the player is back in at once (ruling R4). One whose last cards were seen did
            // go out, and is back in only on playing again (below).
            for q in std::mem::take(&mut self.out_on_count) {
                if self.went_out.contains(&q) && self.state.player(q).status == Status::Out {
                    self.went_out.retain(|p| *p != q);
                    self.emit(Event::Rejoins(q));
                    if !self.draw_left_out(q) {
                        self.emit(Event::HandUnknown(q));
                    }
                }
            }
            status = self.state.player(player).status;
            self.emit(Event::IsNext(player));
        }
        // A player taken to have been decked at the deal plays after all.
        if self.taken_decked(player) {
            self.withdraw_inference(player, turn.player_span, "plays");
            self.emit(Event::IsNext(player));
            return true;
        }
        // The table played on past a going out (reported once, above), and the player the
        // referee took to have gone out plays too: its count of the hand was short, and the table
        // is followed. The player is back in, having drawn the card the log left out (the likelier
        // slip; with an empty deck, the hand and deck are no longer counted), and has the turn if
        // it is the player's seat that comes next.
        if status == Status::Out && self.missed_go_out && self.went_out.contains(&player) {
            self.went_out.retain(|q| *q != player);
            self.emit(Event::Rejoins(player));
            if !self.draw_left_out(player) {
                self.emit(Event::HandUnknown(player));
            }
            status = Status::In;
            let last = self.previous_turn.map(|(p, _)| p);
            // Or where the player's seat comes just before the one the turn order passed to: the
            // turns since passed over the seat only as the player's, out (a Skip that fell on the
            // next seat, say).
            let passed_over = last != Some(player)
                && self.state.next.is_some()
                && self.state.next_toward(player, self.state.direction) == self.state.next;
            if passed_over || last.is_some_and(|p| self.state.next_in_turn(p) == Some(player)) {
                self.emit(Event::IsNext(player));
            }
        }
        if status != Status::In && !(status == Status::Out && self.missed_go_out) {
            let why = match status {
                Status::Decked => "is decked and out for the rest of the round",
                Status::SittingOut => "sits out this round",
                Status::Out | Status::In => "has gone out",
            };
            self.report(
                Diagnostic::new(Code::NotInRound, turn.player_span, format!("{} {why}", self.name(player)))
                    .label("takes no turns this round")
                    .help("the turn is not applied"),
            );
            return false;
        }
        // Past two turns out of order this round that no reading explains, the table's order is
        // followed to the round's end (ruling R4).
        if self.table_order && self.state.next != Some(player) && !self.state.fog.turn_order {
            self.emit(Event::IsNext(player));
            self.displaced = None;
            self.reversal = None;
        }
        // After a turn out of order that a change of direction the log leaves out would explain, a
        // turn that only that reading allows shows the table went the other way round: the referee
        // follows it, the slip having been reported at that turn (ruling R4).
        if let Some(next) = self.reversal.take() {
            if !self.state.fog.turn_order && next == player {
                if self.state.next == Some(player) || self.displaced.is_some_and(|(d, _)| d == player) {
                    self.reversal_armed = true;
                } else {
                    self.emit(Event::DirectionReverses);
                    self.emit(Event::IsNext(player));
                    self.displaced = None;
                    self.resume_after = None;
                }
            }
        }
        // The player whose turn an out-of-turn play took may still play next: the table's slip is
        // reported once, at the turn that jumped the queue. Only next: once another player has
        // followed the one who jumped the queue, the table has carried on from there, and the
        // displaced player plays again in turn.
        if let Some((displaced, jumper)) = self.displaced.take() {
            if displaced == player {
                self.resume_after = Some(jumper);
                return true;
            }
        }
        // The last turn's Skips give this player the turn if some players they passed over were
        // decked at the deal (ruling R2).
        let read = reading.filter(|_| {
            self.state.next != Some(player) && !self.state.fog.turn_order && self.state.player(player).is_in()
        });
        if let Some((decked, skipped, instead)) = read.and_then(|r| self.skips_read_to(r, player)) {
            let why = |r: &Self, q| format!("the Skip passed {} by", r.name(q));
            let expected = self.state.next.unwrap_or(player);
            self.passed_by_skips((decked, instead), (player, expected), turn.player_span, why);
            for s in &skipped {
                if self.last_skipped != Some(*s) {
                    self.emit(Event::IsSkipped(*s));
                }
            }
            self.last_skipped = skipped.last().copied();
            self.emit(Event::IsNext(player));
        }
        // A player whose deck size is unknown and who has not played this round may have been
        // decked at the deal (ruling R2), which no line records: pass over such players rather
        // than accuse the table.
        while let Some(expected) = self.state.next.filter(|e| *e != player) {
            let reaches = self.state.next_in_turn(expected) == Some(player)
                || self
                    .state
                    .next_in_turn(expected)
                    .is_some_and(|n| n != player && (!self.has_taken_a_turn(n) || self.drew_unseen.contains(&n)));
            if !reaches || self.state.fog.turn_order || !self.state.player(player).is_in() {
                break;
            }
            if !self.may_have_been_decked(expected) {
                break;
            }
            // The player a Skip just passed over may have been the one decked at the deal: the
            // Skip then fell on `expected` (kept in mind in case `expected` plays after all).
            let skipped = self
                .last_skipped
                .filter(|s| *s != expected && self.state.player(*s).is_in() && self.may_have_been_decked(*s));
            let why = format!("{}'s turn is passed over", self.name(expected));
            self.report(self.decked_at_deal_note(expected, turn.player_span, why));
            // If the player plays after all, the inference is withdrawn.
            self.infer_decked_at_deal(InferredDecked::new(expected, player, turn.player_span, expected, skipped));
            match self.state.next_in_turn(expected) {
                Some(n) => self.emit(Event::IsNext(n)),
                None => break,
            }
        }
        // A flag a player, however long the round: it is asked on every turn out of order.
        if self.took_turn.len() <= player.index() {
            self.took_turn.resize(player.index() + 1, false);
        }
        self.took_turn[player.index()] = true;
        // A player who takes a turn was in when the last Skips passed: not the one they passed
        // over decked, whatever that player's unseen draws did to them since.
        for d in &mut self.inferred_decked {
            if d.instead == Some(player) {
                d.instead = None;
            }
        }
        match self.state.next {
            Some(expected) if expected != player => {
                if self.state.fog.turn_order {
                    if !self.noted_turn_order {
                        self.noted_turn_order = true;
                        self.report(
                            Diagnostic::new(
                                Code::TurnOrderUnverified,
                                turn.player_span,
                                "the turn order is not checked for the rest of the round",
                            )
                            .label("after a power whose effects are not followed"),
                        );
                    }
                } else if let Some(first) = self.written_twice(turn) {
                    // The same turn as the line before, by the same player, out of turn: one turn
                    // written twice. Applying it again would report its cards as well.
                    let expected = format!("expected {}", self.name(expected));
                    self.report_written_twice(turn, first, expected, self.turn_order_help());
                    return false;
                } else {
                    let mut d = Diagnostic::new(
                        Code::OutOfTurn,
                        turn.player_span,
                        format!("it was {}'s turn, not {}'s", self.name(expected), self.name(player)),
                    )
                    .label(format!("expected {}", self.name(expected)));
                    d = self.other_way_round(d, player, expected);
                    self.out_of_order += 1;
                    if self.out_of_order >= 2 {
                        self.table_order = true;
                        let more =
                            "a second turn out of order this round: the table's order is followed to the round's end";
                        d.help = Some(match d.help.take() {
                            Some(h) => format!("{h}; {more}"),
                            None => more.to_string(),
                        });
                    }
                    self.report(d);
                    self.displaced = Some((expected, player));
                    // The turns passed over, from the expected player's on.
                    let mut at = Some(expected);
                    while let Some(q) = at.filter(|q| *q != player) {
                        if self.passed_over as usize >= self.state.seating.len() {
                            break;
                        }
                        self.passed_over += 1;
                        self.passed_turns.push(q);
                        at = self.state.next_in_turn(q);
                    }
                }
                self.emit(Event::IsNext(player));
            }
            _ => {}
        }
        true
    }

    /// A turn whose lines show a player taken to have been decked at the deal taking part: that
    /// player was in after all. A decked player has no hand, so a card played, put or discarded
    /// from the hand shows it, as does the player's going out or being skipped; a draw, or a card
    /// moved from the deck, shows it under a power that acts on every player still in (or may: a
    /// Copy, a Sabotage's activation, a replay) unless a power of the turn was aimed at the player
    /// (a decked player is a valid target), or under any power while the deck has gained nothing
    /// since the deal (the deal emptied a decked player's deck; only a Recycle or the like refills
    /// it).
    fn inferences_met(&mut self, turn: &Turn, lines: &[Line]) {
        let on_everyone = turn.steps.iter().any(|s| match &s.kind {
            StepKind::Play { card, used: Some(_) } | StepKind::Replay { card, .. } => card.card.may_have(&ON_EVERYONE),
            StepKind::Activate(_) => true,
            _ => false,
        });
        // The players a power of the turn was aimed at, with the kinds of deck lines that power
        // may have given for them: a decked player is a valid target (TCC 2.1, Advanced Rules:
        // "Decked"), so what the aimed power (a card of unknown power, an activation) did to that
        // player's deck does not show the player in. A line that power cannot give (a Qapla's
        // card under the pile, when the power aimed was a Sabotage) still does.
        let aimed: Vec<(PlayerId, u8)> =
            turn.steps
                .iter()
                .flat_map(|s| {
                    let (choices, reach) = match &s.kind {
                        StepKind::Play { card, used: Some(choices) }
                        | StepKind::Replay { card, used: Some(choices) } => (&choices[..], deck_reach(&card.card)),
                        StepKind::Activate(choices) => (&choices[..], AIMED | DRAWS | DISCARDS | REVEALS),
                        _ => (&[][..], 0),
                    };
                    choices.iter().filter_map(move |c| match c.kind {
                        ChoiceKind::Player(p) => Some((p, reach)),
                        _ => None,
                    })
                })
                .collect();
        let reach_at = |q: &PlayerId| aimed.iter().filter(|(p, _)| p == q).fold(0, |m, (_, r)| m | r);
        let on_everyone_at = |q: &PlayerId, kind: u8| on_everyone && reach_at(q) & kind == 0;
        // A turn whose only power used is a known Toxin: a player whose pile holds no Discard
        // card reveals nothing for it, in the round or out, so a line revealing cards for that
        // player shows nothing and is left to the Toxin (a line the rules do not give).
        let toxin_only = on_everyone
            && turn.steps.iter().all(|s| match &s.kind {
                StepKind::Play { card, used: Some(_) } => {
                    card.card.power().is_some_and(|p| *p == PowerSpec::Single(Power::Toxin))
                }
                StepKind::Activate(_) | StepKind::Replay { .. } => false,
                _ => true,
            });
        // Decks that gained a card earlier in the turn.
        let mut gained: Vec<PlayerId> = Vec::new();
        for l in lines {
            let LineKind::Resolution(e) = &l.kind else { continue };
            // (Not for a player who may be sitting the round out: that deck was never dealt from.)
            let unfilled = |q: PlayerId| {
                !self.state.player(q).deck_gained && !gained.contains(&q) && !self.may_sit_out.contains(&q)
            };
            // A decked player's hand was discarded; it holds cards again only if a power aimed at
            // the player drew them from a deck refilled since (ruling R12), and only a power aimed
            // at the player reaches them there (R20), onto the pile, beneath it or into the
            // discard pile (a Utilize, a Replicate's extra card, which goes where the Replicate
            // went: beneath the pile when a Battle kept it, long redaction 1607609/2). A hand put
            // beneath the deck (a poisoned Antidote's) is a going out, which no decked player
            // does, and the pot takes cards only from the hands of players still in (Ante), even
            // in a turn whose power is aimed at the player (long cut 1520651): both show the
            // player in.
            // (Only for a player already taken to have been decked: one an unseen draw may have
            // decked, not yet taken so, is shown in as before.)
            let handless = |q: PlayerId| {
                reach_at(&q) == 0 || !self.taken_decked(q) || !self.state.player(q).deck_gained && !gained.contains(&q)
            };
            let reveals_nothing = |q: PlayerId| {
                toxin_only && self.taken_decked(q) && powers::toxin::discards(self.state.player(q)) == Some(0)
            };
            let actor = match e {
                Event::Reveals { player, .. } | Event::Draws { player, .. } if reveals_nothing(*player) => None,
                Event::Plays { player, .. } => Some(*player),
                Event::Puts { player, from, to, .. } if from.zone == Zone::Hand && from.owner.is_none() => {
                    (matches!(to.place, Place::UnderDeck | Place::InPot) || handless(*player)).then_some(*player)
                }
                Event::Discards { player, from: Zone::Hand, .. } => handless(*player).then_some(*player),
                // Going out takes a player still in; a decked one is passed over, not skipped.
                Event::GoesOut(player) | Event::IsSkipped(player) => Some(*player),
                // A decked player keeps the discard and play piles, which a power may still reach
                // (Rival's name): only the deck shows the player in.
                Event::Draws { player, .. } if on_everyone_at(player, DRAWS) => Some(*player),
                Event::Discards { player, from: Zone::Deck, .. } if on_everyone_at(player, DISCARDS) => Some(*player),
                Event::Reveals { player, .. } if on_everyone_at(player, REVEALS) => Some(*player),
                Event::Puts { player, from, .. }
                    if on_everyone_at(player, REVEALS) && from.zone == Zone::Deck && from.owner.is_none() =>
                {
                    Some(*player)
                }
                // Under any power, a card leaving a deck that has gained none since the deal: a
                // deal that decked its player would have emptied it.
                Event::Draws { player, drawn } => (drawn.count() > 0 && unfilled(*player)).then_some(*player),
                // (Every power reveals from the top of a deck: Battle, Toxin, Qapla'.)
                Event::Discards { player, from: Zone::Deck, cards } | Event::Reveals { player, cards } => {
                    (!cards.is_empty() && unfilled(*player)).then_some(*player)
                }
                Event::Puts { player, from, cards, .. } if from.zone == Zone::Deck => {
                    let owner = from.owner.unwrap_or(*player);
                    (!cards.is_empty() && unfilled(owner)).then_some(owner)
                }
                _ => None,
            };
            match e {
                Event::Puts { player, to, .. } if matches!(to.place, Place::OnDeck | Place::UnderDeck) => {
                    gained.push(to.owner.unwrap_or(*player));
                }
                // A pile shuffled away sends its guests home to their decks.
                Event::Shuffles { from: Zone::Pile, .. } => gained.extend(self.state.seating.iter().copied()),
                Event::Shuffles { player, .. } => gained.push(*player),
                _ => {}
            }
            let Some(actor) = actor else { continue };
            if !self.took_part.contains(&actor) {
                self.took_part.push(actor);
            }
            // Nor was the player decked by an unseen draw (R34).
            self.not_decked_by_a_draw(actor);
            if self.taken_decked(actor) {
                self.withdraw_inference(actor, l.span, "takes part");
            }
        }
    }

    /// A player taken to have been decked at the deal takes part after all (`how`, at `at`): the
    /// turn that passed over them was out of turn, which is now certain, unless the player a
    /// Skip passed over then may have been the one decked at the deal instead.
    fn withdraw_inference(&mut self, player: PlayerId, at: Span, how: &str) {
        let Some(k) = self.inferred_decked.iter().position(|d| d.player == player) else { return };
        let withdrawn = self.inferred_decked.remove(k);
        self.not_decked_by_a_draw(player);
        let InferredDecked { jumper, span, expected, instead, .. } = withdrawn;
        self.withdraw_decked(&withdrawn, true);
        let why = format!("{} {how} later, so was not decked", self.name(player));
        if let Some(other) = instead.filter(|o| self.state.player(*o).is_in() && self.may_have_been_decked(*o)) {
            let fell = format!("the Skip fell on {}", self.name(player));
            self.report(self.decked_at_deal_note(other, span, fell).related(at, why));
            self.infer_decked_at_deal(InferredDecked::new(other, jumper, span, expected, None));
            return;
        }
        // A later turn has taken the other player to have been decked already (at the deal, or by
        // a draw the log does not name before the Skips: that player has taken no turn since
        // them): that reading stands, and the Skip fell on this one.
        if let Some(other) = instead.filter(|o| self.taken_decked(*o)) {
            let fell = format!("the Skip fell on {}", self.name(player));
            self.report(self.decked_at_deal_note(other, span, fell).related(at, why));
            return;
        }
        self.report(
            Diagnostic::new(
                Code::OutOfTurn,
                span,
                format!("it was {}'s turn, not {}'s", self.name(expected), self.name(jumper)),
            )
            .label(format!("expected {}", self.name(expected)))
            .related(at, why)
            .help(self.turn_order_help()),
        );
    }

    /// Takes the players a reading of the last turn's Skips passed over to have been decked at
    /// the deal (a note each, labelled by `why`), `player`'s turn at `span` being the one the
    /// reading gives: the rules gave it to `expected`.
    fn passed_by_skips(
        &mut self,
        (decked, instead): (Vec<PlayerId>, Option<PlayerId>),
        (player, expected): (PlayerId, PlayerId),
        span: Span,
        why: impl Fn(&Self, PlayerId) -> String,
    ) {
        for q in decked {
            self.report(self.decked_at_deal_note(q, span, why(self, q)));
            self.infer_decked_at_deal(InferredDecked::new(q, player, span, expected, instead));
        }
    }

    /// Another reading of the last turn's Skips that gives `target` the turn (ruling R2): the
    /// players between are the ones skipped, and the rest of them were decked at the deal unseen.
    /// Every player on the way but the skipped ones must be one who may have been. The skipped
    /// ones are those who surely play this round, then the nearest to `target`. Returns the
    /// players taken to have been decked, those skipped, and a skipped one who may have been
    /// decked instead (if one of the others plays after all, it was the one skipped).
    fn skips_read_to(
        &self,
        (mover, from, skips): (PlayerId, PlayerId, u32),
        target: PlayerId,
    ) -> Option<(Vec<PlayerId>, Vec<PlayerId>, Option<PlayerId>)> {
        let mut way = Vec::new();
        let mut at = from;
        for _ in 0..self.state.seating.len() {
            let q = self.state.next_in_turn(at)?;
            at = q;
            if q == target {
                break;
            }
            if q == mover && from != mover && way.is_empty() {
                continue;
            }
            way.push(q);
        }
        if at != target {
            return None;
        }
        let skips = skips as usize;
        let surely = way.iter().filter(|q| !self.may_have_been_decked(**q)).count();
        if surely > skips || way.len() < skips {
            return None;
        }
        // The skipped: those who surely play, then the nearest to `target` of the others.
        let mut room = skips - surely;
        let mut skipped = vec![false; way.len()];
        for (k, q) in way.iter().enumerate().rev() {
            if !self.may_have_been_decked(*q) {
                skipped[k] = true;
            } else if room > 0 {
                skipped[k] = true;
                room -= 1;
            }
        }
        let instead = way.iter().zip(&skipped).find(|(q, s)| **s && self.may_have_been_decked(**q)).map(|(q, _)| *q);
        let (hit, decked): (Vec<_>, Vec<_>) = way.iter().zip(&skipped).partition(|(_, s)| **s);
        let decked: Vec<PlayerId> = decked.into_iter().map(|(q, _)| *q).collect();
        (!decked.is_empty()).then(|| (decked, hit.into_iter().map(|(q, _)| *q).collect(), instead))
    }

    /// The help of a turn out of order by `player`, when it was `expected`'s: the turn order, and
    /// whether play going the other way round would explain it, after the last turn or after a
    /// turn of `expected`'s the log leaves out. If so, the next turns may show the table went
    /// that way, and the referee is ready to follow it; a Reverse the last turn played without
    /// `use` is pointed out, and so is a Skip so played where `player` is the one after `expected`.
    fn other_way_round(&mut self, d: Diagnostic, player: PlayerId, expected: PlayerId) -> Diagnostic {
        let order = self.turn_order_help();
        let other = self.state.direction.reversed();
        let last = self.previous_turn.map(|(p, _)| p);
        let after_last = last.is_some_and(|p| self.state.next_toward(p, other) == Some(player));
        if !after_last && self.state.next_toward(expected, other) != Some(player) {
            let passed_over = self.state.next_toward(expected, self.state.direction) == Some(player);
            return match (self.unused(Power::Skip).filter(|_| passed_over), last) {
                (Some(card), Some(p)) => d.related(card, "played without `use`").help(format!(
                    "{order}; if {}'s Skip was used, write `use`: it passed over {} and {} was next",
                    self.name(p),
                    self.name(expected),
                    self.name(player)
                )),
                _ => d.help(order),
            };
        }
        self.reversal_armed = true;
        match (self.unused(Power::Reverse).filter(|_| after_last), last) {
            (Some(card), Some(p)) => d.related(card, "played without `use`").help(format!(
                "{order}; if {}'s Reverse was used, write `use`: play then went {} and {} was next",
                self.name(p),
                other.word(),
                self.name(player)
            )),
            _ => d.help(order),
        }
    }

    /// `d`, a report that nothing skipped `player`, pointing at a Skip the turn written just above
    /// played without `use`, where that turn's player had `player` next.
    #[cold]
    fn unused_skip_before(&self, d: Diagnostic, player: PlayerId) -> Diagnostic {
        let Some((above, _)) = self.turn_before(self.line) else { return d };
        let LineKind::Turn(turn) = &self.log.lines[above].kind else { return d };
        let card = turn.steps.iter().find_map(|s| played_unused(s, Power::Skip));
        match card {
            Some(card) if self.state.next_toward(turn.player, self.state.direction) == Some(player) => {
                let help = format!(
                    "if {}'s Skip was used, write `use`: it skipped {}",
                    self.name(turn.player),
                    self.name(player)
                );
                let help = match &d.help {
                    Some(h) => format!("{h}; {help}"),
                    None => help,
                };
                d.related(card, "played without `use`").help(help)
            }
            _ => d,
        }
    }

    /// A card of the last turn applied with `power` among its powers, played without `use`.
    fn unused(&self, power: Power) -> Option<Span> {
        let LineKind::Turn(last) = &self.log.lines.get(self.last_turn_line?)?.kind else { return None };
        last.steps.iter().find_map(|s| played_unused(s, power))
    }

    /// Where the last turn applied was written, when it is the same turn as `turn` (the same
    /// player and steps, whatever the spacing).
    fn written_twice(&self, turn: &Turn) -> Option<Span> {
        let line = self.log.lines.get(self.last_turn_line?)?;
        match &line.kind {
            LineKind::Turn(last) if last == turn => Some(line.span),
            _ => None,
        }
    }

    /// Reports `turn` as the turn at `first` written again (`label` on the repeat, `why` it cannot
    /// be a turn of its own leading the help).
    fn report_written_twice(&mut self, turn: &Turn, first: Span, label: String, why: String) {
        let name = self.name(turn.player).to_string();
        self.report(
            Diagnostic::new(Code::OutOfTurn, turn.player_span, format!("{name}'s turn is written twice"))
                .label(label)
                .related(first, "the same turn, the line before")
                .help(format!("{why}; the repeated line is not applied: remove it if {name} played the turn once")),
        );
    }

    /// Why `turn`, the same as the last turn applied, cannot be played again now: the round is
    /// over or its player out of it, its first card is not in the hand, or (drawn first or not)
    /// does not follow the chain. `None` when it could be, or when the referee cannot tell (cards
    /// moved unseen, the chain not known, a card a passed-over turn may have drawn).
    fn cannot_repeat(&self, turn: &Turn) -> Option<String> {
        let player = turn.player;
        let name = self.name(player);
        // The turn before ended the round, or took its player out of it.
        if !self.went_out.is_empty() && !self.missed_go_out {
            return Some("the round was over".to_string());
        }
        let status = self.state.player(player).status;
        if status != Status::In && !self.taken_decked(player) && !(status == Status::Out && self.missed_go_out) {
            return Some(format!("{name} is out of the round"));
        }
        if self.state.fog.cards || self.state.fog.next_play || self.passed_turns.contains(&player) {
            return None;
        }
        let placed = turn.steps.iter().find_map(|s| match &s.kind {
            StepKind::Place(card) => Some(card),
            _ => None,
        });
        if let Some(card) = placed {
            if !self.state.player(player).hand.could_hold(&card.card) {
                return Some(format!("{name}'s hand holds no other {}", card.card));
            }
        }
        let (k, card) = turn.steps.iter().enumerate().find_map(|(k, s)| match &s.kind {
            StepKind::Play { card, .. } => Some((k, &card.card)),
            _ => None,
        })?;
        if k == 0 && !self.state.player(player).hand.could_hold(card) {
            return Some(format!("{name}'s hand holds no other {card}"));
        }
        let drew_first = turn.steps[..k]
            .iter()
            .all(|s| matches!(s.kind, StepKind::Draw { .. } | StepKind::ActionDraw(_) | StepKind::ActionLose(_)));
        let verdict = rules::play_verdict(&self.state.chain, self.previous_activations(), card);
        (drew_first && verdict == Verdict::Illegal).then(|| format!("{card} does not follow the chain now"))
    }

    fn turn_order_help(&self) -> String {
        let order = self
            .state
            .seating
            .iter()
            .filter(|q| self.state.player(**q).is_in())
            .map(|q| self.name(*q).to_string())
            .collect::<Vec<_>>()
            .join(", ");
        format!("play goes {} among the players still in: {order}", self.state.direction.word())
    }

    fn step(&mut self, player: PlayerId, step: &Step, progress: &mut Progress, table_decked: &[PlayerId]) {
        progress.steps += 1;
        match &step.kind {
            StepKind::Play { card, used } => {
                // A play shows that an earlier draw did not deck the player.
                self.not_decked_by_a_draw(player);
                self.play(player, card, used.as_deref(), step.span, progress);
            }
            StepKind::Draw { card } => self.draw(player, card.as_ref(), step.span, progress, table_decked),
            StepKind::Pass { on } => {
                progress.passed = true;
                if progress.drew.is_none() && !progress.decked && !progress.fogged {
                    self.report(
                        Diagnostic::new(Code::NoPlayNoDraw, step.span, "a pass without a draw")
                            .label("draw first")
                            .help("a player who does not play draws a card; the pass follows the draw"),
                    );
                }
                if let (Some(n), Some(last)) = (on, self.state.chain.last) {
                    if *n != last && !self.state.fog.next_play {
                        self.report(
                            Diagnostic::new(
                                Code::WrongPassNumber,
                                step.span,
                                format!("the last number played is {last}"),
                            )
                            .label(format!("expected `pass on {last}`")),
                        );
                    }
                }
                self.emit(Event::Passes(player));
            }
            StepKind::ActionDraw(n) => {
                if self.trouble_action(step.span, progress) {
                    self.check_action(crate::model::log::TroubleAction::Draw(*n), step.span);
                    // The table may name the cards (`  Dan draws 10 Go, 1 Skip`): evidence.
                    let draws_line = |e: &Event| matches!(e, Event::Draws { player: p, .. } if *p == player);
                    let lines = progress.claims.iter().filter(|(e, _, used)| !*used && draws_line(e)).count();
                    let line = progress.take(
                        |e| matches!(e, Event::Draws { player: p, drawn } if *p == player && drawn.count() == *n),
                    );
                    let drawn = match line {
                        // One line, and a power of the turn may draw too: the line may be the
                        // power's, this draw's left out. It is taken, its cards not learnt.
                        Some(_) if lines == 1 && progress.power_may_draw => Drawn::Count(*n),
                        Some((Event::Draws { drawn, .. }, _)) => drawn,
                        _ => Drawn::Count(*n),
                    };
                    self.emit(Event::Draws { player, drawn });
                    self.check_located(player, step.span);
                    self.trouble_shift(progress);
                }
            }
            StepKind::ActionLose(points) => {
                if self.trouble_action(step.span, progress) {
                    self.check_action(crate::model::log::TroubleAction::Lose(*points), step.span);
                    let have = self.state.player(player).score;
                    // A score line this round that gave another figure than the rules' was
                    // followed, and the sheet may hold either (ruling R4): the action is held
                    // unaffordable only where both fall short.
                    let by_rules = self.rules_points(player, have.0).unwrap_or(have.0);
                    if have < *points && by_rules < points.0 && !self.state.fog.scores {
                        self.report(
                            Diagnostic::new(
                                Code::ActionUnaffordable,
                                step.span,
                                format!(
                                    "{} has {have} point{}, fewer than {points}",
                                    self.name(player),
                                    crate::diagnostics::plural(have.0)
                                ),
                            )
                            .label("a Lose action needs at least that many points"),
                        );
                    }
                    self.emit(Event::Loses { player, points: *points });
                    self.trouble_shift(progress);
                }
            }
            StepKind::Place(card) => {
                // BAH!: a skipped player may put it from hand beneath the play pile on that turn.
                let c = &card.card;
                let name = self.name(player).to_string();
                if !self.state.fog.turn_order && !progress.fogged && self.last_skipped != Some(player) {
                    self.report(
                        self.unused_skip_before(
                            Diagnostic::new(Code::NotSkipped, step.span, format!("nothing skipped {name}"))
                                .label("a BaH! is placed only on a turn its player is skipped")
                                .help(
                                    "a player skipped by a Skip may, on that turn, put a BaH! from hand beneath the \
                                     play pile",
                                )
                                .cites(powers::cited(Power::Bah)),
                            player,
                        ),
                    );
                } else if !c.may_have(&[crate::model::Power::Bah]) {
                    self.report(
                        Diagnostic::new(Code::BadChoices, card.span, format!("{c} is not a BaH!"))
                            .label("only a BaH! is placed")
                            .help(
                                "`place` puts a BaH! from hand beneath the play pile: `Rogue: skipped; place 100 BaH!`",
                            ),
                    );
                } else if !self.state.player(player).hand.could_hold(c) {
                    self.report(
                        Diagnostic::new(Code::NotInHand, card.span, format!("{name} cannot hold {c}"))
                            .label("not in hand"),
                    );
                }
                self.emit(Event::Puts {
                    player,
                    cards: CardCount::one(card.card, card.span).list(),
                    to: super::event::Destination { place: super::event::Place::UnderPile, owner: None },
                    from: super::event::Source::default(),
                });
                progress.skipped = true;
            }
            StepKind::Replay { card, used } if progress.replay_open && !progress.fogged => {
                progress.replay_open = false;
                self.replay(player, card, used.as_deref(), step.span, progress);
            }
            StepKind::Replay { .. } if !progress.fogged => {
                self.report(
                    Diagnostic::new(Code::BadReplay, step.span, "a replay without a Replay used before it")
                        .label("nothing allows this replay")
                        .help("`replay CARD` follows a used Replay in the same turn: `1 Replay use; replay 10 Go`"),
                );
            }
            StepKind::Activate(choices) if !progress.fogged => self.activate(player, choices, step.span, progress),
            StepKind::Activate(_) | StepKind::Replay { .. } => {
                // Under a power not followed, the activated card is unknown: aimed at a player, it
                // may have been a Score (ruling R35).
                if let StepKind::Activate(choices) = &step.kind {
                    self.may_have_scored_on(player, choices, progress);
                }
                if !progress.fogged {
                    let what = if matches!(step.kind, StepKind::Activate(_)) { "Sabotage" } else { "Replay" };
                    self.report(
                        Diagnostic::new(
                            Code::PowerUnverified,
                            step.span,
                            format!("this step of {what} is not checked"),
                        )
                        .label(format!("effects of {what} not checked")),
                    );
                    self.emit(Event::Unverified { player, power: PowerSpec::Unrecorded });
                    progress.fogged = true;
                    let choices = match &step.kind {
                        StepKind::Activate(choices) => &choices[..],
                        _ => &[],
                    };
                    self.may_have_decked(player, &PowerSpec::Unrecorded, choices);
                }
            }
            StepKind::Skipped => {
                if !self.state.fog.turn_order && !progress.fogged && self.last_skipped != Some(player) {
                    self.report(
                        self.unused_skip_before(
                            Diagnostic::new(
                                Code::NotSkipped,
                                step.span,
                                format!("nothing skipped {}", self.name(player)),
                            )
                            .label("no Skip was used against this player"),
                            player,
                        ),
                    );
                }
                progress.skipped = true;
            }
        }
    }

    /// The denomination the chain calls for now.
    fn called_for(&self) -> Option<Denomination> {
        if self.state.fog.next_play {
            return None;
        }
        Some(self.state.chain.last.map_or(Denomination::One, Denomination::next))
    }

    /// The numbers a card played next may have: the one the chain calls for, and a 1 where the
    /// chain is broken ([`rules::next_number`]).
    fn numbers_allowed(&self) -> impl Iterator<Item = Denomination> {
        let called = self.called_for();
        let restart = called.filter(|&d| self.state.chain.broken && d != Denomination::One).map(|_| Denomination::One);
        called.into_iter().chain(restart)
    }

    /// The active trouble, when troubles are on and it is known with its shift line (the built-in
    /// Sickbay or a declared one).
    pub(super) fn active_trouble(&self) -> Option<&crate::model::log::TroubleCard> {
        if !self.state.troubles {
            return None;
        }
        let name = self.state.trouble.as_deref()?;
        let mut memo = self.trouble_memo.borrow_mut();
        if memo.0 != name || memo.1 != self.trouble_cards.len() {
            let found = self.trouble_cards.iter().position(|t| super::trouble::same_name(&t.name, name));
            *memo = (name.to_string(), self.trouble_cards.len(), found);
        }
        self.trouble_cards.get(memo.2?)
    }

    /// The trouble shifts (TCC 2.1, Troubles - Shifting): the table's `trouble shifts to` line
    /// names the new one; without it the active trouble is unknown from here.
    pub(super) fn trouble_shift(&mut self, progress: &mut Progress) {
        let line = progress.take(|e| matches!(e, Event::TroubleShifts(_)));
        self.emit(line.map_or(Event::TroubleHidden, |(e, _)| e));
    }

    /// A trouble's Power shifts it after a card of that power is played and resolved.
    fn trouble_after_play(&mut self, c: &Card, progress: &mut Progress) {
        if progress.fogged {
            return;
        }
        if self.state.troubles && self.active_trouble().is_none() {
            progress.unjudged_plays.push(*c);
        }
        let Some(power) = self.active_trouble().and_then(|t| t.power) else { return };
        // A card whose power is not recorded may have the trouble's power: the table's line says
        // whether it shifted, and without one the trouble is no longer known.
        if c.power() == Some(&power) || c.power().is_none_or(|p| !p.is_known()) {
            self.trouble_shift(progress);
        }
    }

    /// A line left over at the turn's end may be the extra card of a Replicate the table did not
    /// name (ruling F8): it is taken as one, with a note, for each unnamed card that may have been
    /// one.
    fn unnamed_replicates(&mut self, progress: &Progress, claims: &mut Vec<(&Event, Span)>) {
        for &(owner, place) in &progress.unnamed_replicates {
            let Some(k) = claims.iter().position(|(e, _)| replicate_line(e, owner, place)) else { continue };
            let (event, span) = claims.remove(k);
            let card = match event {
                Event::Discards { cards, .. } | Event::Puts { cards, .. } => cards[0].card,
                _ => continue,
            };
            let card = self.check_held(owner, &card, span, "");
            self.emit(with_card(event.clone(), card));
            self.check_card(owner, &card, span);
            self.report(
                Diagnostic::new(
                    Code::ReplicateUnnamed,
                    span,
                    format!("read as the extra card of a Replicate of {}'s", self.name(owner)),
                )
                .label("the card before it was not named, and may have been a Replicate"),
            );
        }
    }

    /// Reports a card the log has `p` give from hand that the hand cannot hold, at `at`.
    ///
    /// Returns the card to read: the one written, or, where exactly one card of the same power and
    /// another number may be in the hand, that card, its number taken to be miswritten (ruling R4),
    /// so that the cards and the scores go on from the card the table moved.
    fn check_held(&mut self, p: PlayerId, card: &Card, at: Span, what: &str) -> Card {
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
    pub(super) fn report_not_held(
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
                self.report(
                    d.label(format!("read as {read}"))
                        .help(format!("{who} holds a {read}: the number seems miswritten, and the card is read as it")),
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

    /// `p` draws a card the log left out, unless the deck is known to be empty: whether it did.
    fn draw_left_out(&mut self, p: PlayerId) -> bool {
        if self.state.player(p).deck.is_empty() {
            return false;
        }
        self.emit(Event::Draws { player: p, drawn: super::event::Drawn::Count(1) });
        true
    }

    /// The end of a turn: a trouble's Miss shifts it when the player did not play on its number;
    /// while the active trouble's shift line is unknown, the table's shifts are taken as written.
    fn trouble_turn_end(&mut self, progress: &Progress, claims: &mut Vec<(&Event, Span)>) {
        if !self.state.troubles {
            return;
        }
        // After a power the referee could not follow, the trouble may have shifted unseen: a shift
        // line the table wrote after it says to what, and without one the trouble is no longer
        // known. (A line taken earlier in the turn, by a trouble action, came before the power.)
        let taken_as_fact = progress.claims.iter().any(|(e, _, used)| !*used && matches!(e, Event::TroubleShifts(_)));
        if progress.fogged && !taken_as_fact {
            self.emit(Event::TroubleHidden);
        }
        // A line taken as written may not be the last shift: the power may have shifted it again.
        let doubtful = std::mem::replace(&mut self.trouble_doubtful, progress.fogged && taken_as_fact);
        let missed = !progress.played && !progress.skipped && !progress.fogged;
        let miss = self.active_trouble().and_then(|t| t.miss);
        // A chain the referee cannot see (after a power it could not follow) may have called for
        // the trouble's number: a miss is possible, and then the trouble may have shifted.
        let mut take_one = missed && miss.is_some() && (miss == progress.called_for || progress.called_for.is_none());
        // Unknown at the turn's end, the trouble was not followed through its plays either: every
        // shift line the table wrote is taken, in order, not only the first (the plays after the
        // first may have shifted the one it names).
        let unknown = self.active_trouble().is_none() || doubtful;
        let mut took = false;
        loop {
            if !take_one && !unknown {
                break;
            }
            let Some(k) = claims.iter().position(|(e, _)| matches!(e, Event::TroubleShifts(_))) else {
                if take_one {
                    self.emit(Event::TroubleHidden);
                }
                break;
            };
            let (event, _) = claims.remove(k);
            self.emit(event.clone());
            take_one = false;
            took = true;
        }
        // Still doubtful until a turn the referee follows names the trouble.
        self.trouble_doubtful |= doubtful && !took;
        // The lines name a trouble with a Power one of those plays may have had: which of them
        // came after the last line is not followed, so it may have shifted again unwritten.
        if let Some(power) = self.active_trouble().and_then(|t| t.power) {
            if progress.unjudged_plays.iter().any(|c| c.power().is_none_or(|p| !p.is_known() || *p == power)) {
                self.emit(Event::TroubleHidden);
            }
        }
    }

    /// A trouble action must be the active trouble's (when it is known).
    fn check_action(&mut self, action: crate::model::log::TroubleAction, span: Span) {
        let Some(t) = self.active_trouble().cloned().filter(|_| !self.trouble_doubtful) else {
            self.report(
                Diagnostic::new(
                    Code::TroubleUnknown,
                    span,
                    "whether the active trouble offers this action is not checked",
                )
                .label("the active trouble or its shift line is not known"),
            );
            return;
        };
        if t.action != Some(action) {
            let offered = match t.action {
                Some(crate::model::log::TroubleAction::Draw(n)) => format!("`action draw {n}`"),
                Some(crate::model::log::TroubleAction::Lose(p)) => format!("`action lose {}`", p.0),
                None => "no action".to_string(),
            };
            self.report(
                Diagnostic::new(Code::WrongAction, span, format!("{} offers {offered}", t.name))
                    .label("not the active trouble's action")
                    .help("a trouble action is the one printed on the active trouble's shift line (TCC 2.1, Troubles - Shifting)"),
            );
        }
    }

    /// A trouble action is legal only with troubles on and only as the first step.
    fn trouble_action(&mut self, span: Span, progress: &mut Progress) -> bool {
        if !self.state.troubles {
            self.report(
                Diagnostic::new(Code::TroublesOff, span, "a trouble action, but the game has no troubles")
                    .label("troubles are off")
                    .help("if the table played with the trouble pile, add `troubles: on` to the header"),
            );
            return false;
        }
        if progress.steps > 1 || progress.acted {
            self.report(
                Diagnostic::new(Code::ActionNotFirst, span, "a trouble action must open the turn, once")
                    .label("after another step"),
            );
        }
        progress.acted = true;
        true
    }

    fn play(&mut self, player: PlayerId, card: &CardAt, used: Option<&[Choice]>, span: Span, progress: &mut Progress) {
        let mut c = &card.card;
        // The card read in place of a miswritten one (below), or of one that is not the drawn one.
        let (read_as, drawn_read);
        let mut way = Way::InSequence;
        // Whether the hand could hold the card, once asked: nothing below changes the hand
        // before the card is played.
        let mut could_hold = None;
        if !progress.fogged {
            let allowance = progress.allowed.iter().position(|a| compatible(c, a));
            let second = progress.played && allowance.is_none();
            if second {
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
                    // The drawn card follows the chain, and the hand cannot hold the one written:
                    // the play's card was miswritten (ruling R4), and is read as the drawn one.
                    let follows = |m: &Card| {
                        rules::play_verdict(&self.state.chain, self.previous_activations(), m) != Verdict::Illegal
                    };
                    let known = matches!(drawn, Card::Known { .. }) && matches!(c, Card::Known { .. });
                    if known && follows(&drawn) && !self.state.player(player).hand.could_hold(c) {
                        d = d.label(format!("read as the drawn {drawn}")).help(format!(
                            "after drawing, only the drawn card may be played; {drawn} follows the chain and the \
                             hand cannot hold {c}: the card is read as the drawn one"
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
        let lines_given = !progress.claims.is_empty() && used.is_none_or(|choices| could_take(&power, choices));
        let takes = |w: &PowerSpec| used.is_none_or(|choices| could_take(w, choices));
        if !lines_given && hand.unknown == 0 && !hand.unbounded && !hand.known.iter().any(|k| k.power() == Some(&power))
        {
            for k in &hand.known {
                let other = matches!(k, Card::Known { denomination: d, power: w }
                    if *d == denomination && *w != power && !matches!(w, PowerSpec::Unrecorded) && takes(w));
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

    /// Sabotage: the player uses the power of the card it discarded, as if it were theirs (TCC
    /// 2.1, Tribble Powers: SABOTAGE). A passive power cannot be activated.
    fn activate(&mut self, player: PlayerId, choices: &[Choice], span: Span, progress: &mut Progress) {
        let doubtful = std::mem::take(&mut progress.sabotage_doubtful);
        let Some(card) = progress.sabotaged.take() else {
            self.report(
                Diagnostic::new(Code::BadChoices, span, "nothing to activate")
                    .label("no Sabotage discarded a card this turn")
                    .help("`activate` follows a used Sabotage: `10 Sabotage use @Matt; activate @Rogue`"),
            );
            return;
        };
        // A card whose power cannot be activated so: the line that named it may have been the
        // activated power's, the Sabotage's own left out (FORMAT.md §8), and the activated card
        // is then unknown. Only a power aimed at a player discards from a deck (Poison, Battle,
        // Sabotage): from the deck of the player it is aimed at, or its user's in a lost Battle,
        // whose discard line holds all the user's revealed cards: one only when the deck held
        // no other card.
        let lone_card = |from: PlayerId| {
            let deck = &self.state.player(from).deck;
            deck.min_len() <= 1 && deck.len().is_none_or(|n| n == 1)
        };
        let aimed = doubtful.is_some_and(|from| {
            choices.iter().any(|c| match c.kind {
                ChoiceKind::Player(t) => t == from || from == player && lone_card(from),
                _ => false,
            })
        });
        // So too a card whose power scores nothing for its user while the table's lines still
        // score for the player (an activated Poison's).
        const SCORERS: [Power; 6] =
            [Power::Poison, Power::Qapla, Power::Toxin, Power::Utilize, Power::Dance, Power::Tally];
        let scored = progress.has(|e| matches!(e, Event::Scores { player: p, .. } if *p == player));
        let unexplained = |p: &PowerSpec| !could_take(p, choices) || scored && !SCORERS.iter().any(|s| p.has(*s));
        if aimed && card.power().is_some_and(|p| p.is_known() && unexplained(p)) {
            let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
            let why =
                if could_take(&power, choices) { "scores nothing for its user" } else { "cannot be activated so" };
            self.activated_unfollowed(player, choices, span, progress, format!("{} {why}", power_name(&power)));
            return;
        }
        // Nor when the power the line names would not resolve so on this table (a Kill aimed at
        // an empty pile): it is followed with its reports held, and any flag among them makes
        // the other reading the one left. One that resolves cleanly but shows in no line of its
        // own leaves both readings open (ruling R36).
        let speculative = aimed && card.power().is_some_and(PowerSpec::is_known);
        let before = speculative.then(|| (self.state.clone(), self.open_ends(progress)));
        if speculative {
            self.held = Some(Vec::new());
        }
        progress.activating = true;
        self.use_borrowed(player, &card, choices, span, progress, "activated from a discard pile");
        progress.activating = false;
        let (Some((before, ends)), Some(from)) = (before, doubtful) else { return };
        let held = self.held.take().unwrap_or_default();
        let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
        if held.iter().any(|d| d.severity() != crate::diagnostics::Severity::Note) {
            let why = format!("{} would not resolve so", power_name(&power));
            self.activated_unfollowed(player, choices, span, progress, why);
            return;
        }
        for d in held {
            self.report(d);
        }
        // A line of the power's own (a Draw's `draws`) settles it: the line was the Sabotage's.
        if progress.fogged || self.open_ends(progress).0 > ends.0 {
            return;
        }
        self.both_readings(before, ends, from, player, &card, choices, span, progress);
    }

    /// What a turn has left open beyond the cards (for [`Referee::both_readings`]): the lines
    /// taken so far, and what the turn order, the scores and the inferences hang on.
    fn open_ends(&self, progress: &Progress) -> (usize, [usize; 12]) {
        let taken = progress.claims.iter().filter(|(e, _, used)| *used && !matches!(e, Event::Scores { .. })).count();
        let p = progress;
        let ends = [
            p.allowed.len(),
            usize::from(p.extra_turn),
            p.skips as usize,
            usize::from(p.rescued.is_some()),
            p.froze.len(),
            p.awaits.len(),
            usize::from(p.replay_open),
            usize::from(p.maybe_awaits_self),
            p.unnamed_replicates.len(),
            self.maybe_awaiting.len(),
            self.drew_unseen.len(),
            self.inferred_decked.len(),
        ];
        (taken, ends)
    }

    /// Ruling R36: the one discard line after a Sabotage named a card whose power, activated at
    /// the player who discarded it, resolved cleanly and showed in no line of its own. The line
    /// may instead be the activated power's (a Poison's or a Sabotage's), the Sabotage's own
    /// left out: then that power did not happen, the deck gave one more card to the discard
    /// pile, and a Poison scored the named card's number for its user. What the power changed
    /// in players' cards is left open, and the user's points may be that much higher; anything
    /// else it changed (the turn order, a score, a Score waiting) leaves the activation to the
    /// log.
    #[allow(clippy::too_many_arguments)]
    fn both_readings(
        &mut self,
        before: crate::engine::state::State,
        ends: (usize, [usize; 12]),
        from: PlayerId,
        player: PlayerId,
        card: &Card,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
    ) {
        let (a, b) = (&self.state, &before);
        let table_same = a.direction == b.direction
            && a.next == b.next
            && a.chain == b.chain
            && a.fog == b.fog
            && a.frozen == b.frozen
            && a.pot == b.pot
            && a.pot_unknown == b.pot_unknown
            && a.awaiting == b.awaiting
            && a.trouble == b.trouble
            && a.seating == b.seating;
        let scores_same = a.players.iter().zip(&b.players).all(|(x, y)| {
            x.score == y.score && x.round_points == y.round_points && x.status == y.status && x.may_add.is_none()
        });
        let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
        let value = card.denomination().map(Denomination::value);
        let Some(v) =
            value.filter(|_| from != player && table_same && scores_same && self.open_ends(progress).1 == ends.1)
        else {
            let why = format!("{} shows in no line of its own", power_name(&power));
            self.activated_unfollowed(player, choices, span, progress, why);
            return;
        };
        let name = self.name(player).to_string();
        self.report(
            Diagnostic::new(Code::PowerUnverified, span, "the activated power may not have happened")
                .label(format!("{} shows in no line of its own: the line naming it may be this power's own", power_name(&power)))
                .help(format!(
                    "the cards it moved are no longer counted, and {name} may have scored {v} more (an activated Poison)"
                )),
        );
        // Each zone either reading may have left otherwise is open; a deck keeps the fewer of
        // its two counts as the least it holds. Under the other reading the Sabotage's player
        // discarded one card more, from the top of `from`'s deck.
        for q in self.state.seating.clone() {
            let (x, y) = (self.state.player(q), before.player(q));
            if x == y && q != from {
                continue;
            }
            let other_deck = if q == from { y.deck.min_len().saturating_sub(1) } else { y.deck.min_len() };
            let deck = (x.deck != y.deck || q == from).then(|| x.deck.min_len().min(other_deck));
            let (hand, discard, pile) = (x.hand != y.hand, x.discard != y.discard || q == from, x.pile != y.pile);
            self.emit(Event::ZonesUnknown { player: q, hand, deck, discard });
            if pile {
                self.emit(Event::PileUnknown(q));
            }
        }
        self.emit(Event::MayScore { player, points: crate::model::Points(v) });
    }

    /// The activated power is taken from the log: the one line naming the Sabotage's card may
    /// have been that power's own, the Sabotage's left out (FORMAT.md §8).
    fn activated_unfollowed(
        &mut self,
        player: PlayerId,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
        why: String,
    ) {
        self.report(
            Diagnostic::new(Code::PowerUnverified, span, "effects of the activated power not checked")
                .label(format!("{why}: the line naming it may be this power's own"))
                .help("what the power could have changed is taken from the log until it can be checked again"),
        );
        self.emit(Event::Unverified { player, power: PowerSpec::Unrecorded });
        progress.fogged = true;
        self.may_have_scored_on(player, choices, progress);
        self.may_have_decked(player, &PowerSpec::Unrecorded, choices);
    }

    /// Uses the power of a card that is not the one played (Sabotage's discarded card, the top
    /// card Copy copies) as the player's own. Convert, Rival and BiJ move their own card, and
    /// Stampede's plays follow its own number: borrowed, the card is not where they act, so they
    /// are not followed.
    fn use_borrowed(
        &mut self,
        player: PlayerId,
        card: &Card,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
        how: &str,
    ) {
        let own_card = [
            crate::model::Power::Convert,
            crate::model::Power::Stampede,
            crate::model::Power::Rival,
            crate::model::Power::Bij,
        ];
        if card.power().is_some_and(|p| own_card.iter().any(|h| p.has(*h))) {
            let power = card.power().cloned().unwrap_or(PowerSpec::Unrecorded);
            self.report(
                Diagnostic::new(Code::PowerUnverified, span, format!("effects of {} not checked", power_name(&power)))
                    .label(format!("{how}, the power's own card is not where it acts"))
                    .help("what the power could have changed is taken from the log until it can be checked again"),
            );
            self.emit(Event::Unverified { player, power });
            progress.fogged = true;
            return;
        }
        self.use_power(player, card, choices, span, progress, 0);
    }

    /// Who holds a Score on this turn of `player` (not one aimed at the turn that made it).
    fn awaiting_on(&self, player: PlayerId, progress: &Progress) -> Vec<PlayerId> {
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
    pub(super) fn pot_on_play(&mut self, player: PlayerId, card: &Card, progress: &mut Progress) {
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
    fn replay(
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
        if !in_pile {
            self.report(
                Diagnostic::new(Code::BadReplay, card.span, format!("{c} is not in {}'s play pile", self.name(player)))
                    .label("not in the pile")
                    .help("Replay plays again a card from its player's own play pile"),
            );
        } else if c.denomination().is_some_and(|d| d != expected) {
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

    /// Whether `p` may have been decked unseen: by a card drawn unnamed from a deck that may have
    /// been empty (ruling R34), or, while the turn order is the table's after a power the referee
    /// does not follow (when such draws take nobody to have been decked), with a deck that may be
    /// empty now or that may have been at such a draw.
    fn may_be_decked_unseen(&self, p: PlayerId) -> bool {
        let deck = &self.state.player(p).deck;
        self.drew_unseen.contains(&p)
            || self.state.fog.turn_order
                && (deck.len().is_none() && deck.min_len() == 0 || self.drew_unseen_fogged.contains(&p))
    }

    /// `p` drew unnamed from a deck that may have been empty (R34), `fog`: while the turn order is
    /// the table's (R35).
    fn drew_unseen_from(&mut self, p: PlayerId, fog: bool) {
        let list = if fog { &mut self.drew_unseen_fogged } else { &mut self.drew_unseen };
        if !list.contains(&p) {
            list.push(p);
        }
    }

    /// A player shown not to have been decked by an unnamed draw (R34): at the table's turn, in a
    /// play, or taking part.
    fn not_decked_by_a_draw(&mut self, p: PlayerId) {
        self.drew_unseen.retain(|q| *q != p);
        self.drew_unseen_fogged.retain(|q| *q != p);
    }

    /// How many powers the player of the previous turn activated in it (with the turns Go gave),
    /// for Dabo; any number just after a position block, which does not show the turn before it
    /// (ruling R12).
    fn previous_activations(&self) -> u32 {
        if self.previous_turn_unseen {
            return u32::MAX;
        }
        self.previous_turn.map_or(0, |(_, n)| n)
    }

    fn use_power(
        &mut self,
        player: PlayerId,
        c: &Card,
        choices: &[Choice],
        span: Span,
        progress: &mut Progress,
        counted: u32,
    ) {
        let power = c.power().cloned().unwrap_or(PowerSpec::Unrecorded);
        // A player only taken to have been decked at the deal had no part in it as the referee
        // follows it, but may have had one after all: the pile is not known from then on if the
        // power may change piles (a Qapla' may have put a card beneath it, which a Kill would take
        // before the player is shown in). A Toxin counts the Discard cards in the pile as it was.
        if c.may_have(&ON_EVERYONE) {
            let piles = c.may_have(&ON_EVERYONES_PILE);
            for k in 0..self.inferred_decked.len() {
                self.inferred_decked[k].missed = true;
                self.inferred_decked[k].missed_pile |= piles;
                if piles {
                    self.emit(Event::PileUnknown(self.inferred_decked[k].player));
                }
            }
        }
        if !self.check_choices(&power, choices, span) {
            // The table used the power somehow: what it could have changed is not held against
            // the table either (one mistake, one diagnostic).
            self.emit(Event::Unverified { player, power });
            self.may_have_decked(player, &power, choices);
            self.may_have_changed_piles(player, &power, choices);
            progress.fogged = true;
            return;
        }
        if powers::is_passive(&power) {
            // A Sabotage's rule forbids activating one; a card's own rule says it is passive (a
            // compound's halves both are).
            let (message, help, rule) = if progress.activating {
                (
                    format!("{power} is passive: a Sabotage cannot activate it"),
                    "leave out `activate`: the discarded card's power is never used",
                    Some(powers::cited(Power::Sabotage)),
                )
            } else {
                let rule = match power {
                    PowerSpec::Single(p) => Some(powers::cited(p)),
                    _ => None,
                };
                (format!("{power} is passive and is never used"), "write the card without `use`", rule)
            };
            let mut d = Diagnostic::new(Code::PassivePowerUsed, span, message).label("passive power").help(help);
            d.rule = rule;
            self.report(d);
            return;
        }
        // A trouble may forbid a power: "... in Sickbay" forbids using Poison (TCC 2.1, Troubles).
        let poison = match (
            &power,
            choices.iter().find_map(|ch| match ch.kind {
                ChoiceKind::Half(p) => Some(p),
                _ => None,
            }),
        ) {
            (_, Some(h)) => h == crate::model::Power::Poison,
            (p, None) => p.has(crate::model::Power::Poison),
        };
        if poison && self.state.troubles && (self.state.trouble.is_none() || self.trouble_doubtful) {
            self.report(
                Diagnostic::new(
                    Code::TroubleUnknown,
                    span,
                    "whether the active trouble allows a Poison here is not checked",
                )
                .label("the active trouble is not known"),
            );
        }
        if poison
            && self.state.troubles
            && !self.trouble_doubtful
            && self.state.trouble.as_deref().is_some_and(super::trouble::forbids_poison)
        {
            self.report(
                Diagnostic::new(Code::TroubleForbids, span, "no player may use a Poison's power here")
                    .label("\"... in Sickbay\" is the active trouble")
                    .help(
                        "while \"... in Sickbay\" is active, a Poison may be played but not used (TCC 2.1, Troubles)",
                    ),
            );
        }
        // FOLD: another player whose pile shows a Fold cannot be chosen; the table's account of
        // the power is still followed (one mistake, one diagnostic).
        for ch in choices {
            if let ChoiceKind::Player(t) = ch.kind {
                if t != player && powers::fold::shields(self.state.player(t)) {
                    let name = self.name(t).to_string();
                    self.report(
                        Diagnostic::new(Code::PoisonTarget, ch.span, format!("{name}'s Fold shields {name}"))
                            .label("a Fold tops this player's pile")
                            .help("while a Fold is the top card of a pile, no other player may choose its player for a power")
                            .cites(powers::cited(Power::Fold)),
                    );
                }
            }
        }
        let half = choices.iter().find_map(|ch| match ch.kind {
            ChoiceKind::Half(p) => Some(p),
            _ => None,
        });
        let (halves, count) = match (&power, half) {
            (_, Some(h)) => ([h, h], 1),
            (PowerSpec::Single(p), None) => ([*p, *p], 1),
            (PowerSpec::Compound(a, b), None) => ([*a, *b], 2),
            (PowerSpec::Unrecorded | PowerSpec::Unrecognised(_), None) => ([crate::model::Power::Go; 2], 0),
        };
        if count == 0 {
            // A power not recorded may have been a compound, both halves used: for Dabo, as many
            // activations as a card can give.
            progress.activations += 2;
        }
        let halves = &halves[..count];
        let mut pending = halves.is_empty();
        for h in halves {
            // Played as a clone, the Clone half's use is the play itself, counted already.
            if counted > 0 && *h == crate::model::Power::Clone {
                continue;
            }
            progress.activations += 1;
            let from = self.events.len();
            self.resolving.push(*h);
            let resolved = {
                let mut cx = PowerCx { r: self, progress, player, card: *c, choices, span };
                powers::resolve(*h, &mut cx)
            };
            self.resolving.pop();
            self.resolutions.push((from, self.events.len(), *h));
            if resolved == powers::Resolved::Pending {
                pending = true;
            }
        }
        if !pending {
            return;
        }
        let what = match &power {
            PowerSpec::Unrecorded => "the card's power was not recorded".to_string(),
            PowerSpec::Unrecognised(name) => format!("{name} is not a power the referee knows"),
            other => format!("{other} is not followed yet"),
        };
        self.report(
            Diagnostic::new(Code::PowerUnverified, span, format!("effects of {} not checked", power_name(&power)))
                .label(what)
                .help("what the power could have changed is taken from the log until it can be checked again"),
        );
        if !power.is_known() || power.has(Power::Score) {
            self.may_have_scored_on(player, choices, progress);
        }
        self.emit(Event::Unverified { player, power });
        progress.fogged = true;
        self.may_have_decked(player, &power, choices);
    }

    /// A power not followed that may make players draw (Evolve, Draw, Masaka…) may have decked
    /// them, the decking left out of the log: each is taken as one an unseen draw may have
    /// decked (ruling R34) until the player takes part again.
    fn may_have_decked(&mut self, player: PlayerId, power: &PowerSpec, choices: &[Choice]) {
        let everyone = !power.is_known()
            || [Power::Masaka, Power::Copy, Power::Sabotage, Power::Replay].iter().any(|h| power.has(*h));
        let drawers: Vec<PlayerId> = if everyone {
            self.state.seating.clone()
        } else if power.has(Power::Evolve) || power.has(Power::Process) {
            vec![player]
        } else if power.has(Power::Draw) {
            choices
                .iter()
                .filter_map(|c| match c.kind {
                    ChoiceKind::Player(t) => Some(t),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        for q in drawers {
            let pl = self.state.player(q);
            if pl.is_in() && pl.deck.len().is_none() && !self.drew_unseen.contains(&q) {
                self.drew_unseen.push(q);
            }
        }
    }

    /// A power whose choices the referee could not read may have changed what lies on top of a
    /// pile without putting a card there (Event::Unverified covers those that do): a Kill on the
    /// pile of a player it names, a Convert or a Rival on its user's. Those piles are unknown for
    /// the rest of the round. (A Kill naming nobody leaves every pile as it was: making them all
    /// unknown would stop the check of every later Kill in the round.)
    fn may_have_changed_piles(&mut self, player: PlayerId, power: &PowerSpec, choices: &[Choice]) {
        if power.has(Power::Kill) {
            for c in choices {
                if let ChoiceKind::Player(t) = c.kind {
                    self.emit(Event::PileUnknown(t));
                }
            }
        }
        if power.has(Power::Convert) || power.has(Power::Rival) {
            self.emit(Event::PileUnknown(player));
        }
    }

    /// A power the referee could not follow, aimed at players, may have been a Score: each
    /// target's next play may score for `player`.
    fn may_have_scored_on(&mut self, player: PlayerId, choices: &[Choice], progress: &mut Progress) {
        for c in choices {
            if let ChoiceKind::Player(t) = c.kind {
                progress.maybe_awaits_self |= t == player;
                if !self.maybe_awaiting.contains(&(player, t)) {
                    self.maybe_awaiting.push((player, t));
                }
            }
        }
    }

    fn draw(
        &mut self,
        player: PlayerId,
        card: Option<&CardAt>,
        span: Span,
        progress: &mut Progress,
        table_decked: &[PlayerId],
    ) {
        let seen = card.map_or(Card::Unknown, |c| c.card);
        let at = card.map_or(span, |c| c.span);
        if !progress.fogged && (progress.played || progress.drew.is_some()) {
            self.report(
                Diagnostic::new(Code::SecondPlay, span, "a second draw or a draw after a play")
                    .label("one draw per turn, before any play")
                    .help("a turn is one card played, or one card drawn and then played or kept"),
            );
        }
        let deck = &self.state.player(player).deck;
        let empty = deck.is_empty();
        let says_decked = table_decked.contains(&player);
        if empty || (says_decked && deck.len().is_none()) {
            if card.is_some() && empty {
                let mut d =
                    Diagnostic::new(Code::DrawFromEmptyDeck, at, format!("{}'s deck is empty", self.name(player)))
                        .label("nothing to draw")
                        .help("a player who must draw from an empty deck is decked: the hand is discarded");
                if let Some((_, last)) = self.emptied.iter().find(|(p, _)| *p == player) {
                    d = d.related(*last, "this draw took the last card");
                }
                self.report(d);
            }
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            progress.decked = true;
            return;
        }
        // A card drawn unnamed from a deck that may have been empty may have decked the player,
        // which a log may leave out (R0707). (After a power the referee does not follow, the
        // turn order and who went out are the table's already.)
        let fog = progress.fogged || self.state.fog.turn_order;
        let may_be_empty = deck.len().is_none() && deck.min_len() == 0;
        if card.is_none() && !says_decked && may_be_empty {
            self.drew_unseen_from(player, fog);
        }
        let deck = &self.state.player(player).deck;
        if says_decked && !progress.fogged && !self.decked_as_table {
            let n = deck.len().unwrap_or(0);
            self.report(
                Diagnostic::new(
                    Code::NotDecked,
                    at,
                    format!("{}'s deck still holds {n} card{}", self.name(player), crate::diagnostics::plural(n)),
                )
                .label("not decked")
                .help("only a draw from an empty deck decks a player"),
            );
        }
        if says_decked && self.decked_as_table && !progress.fogged {
            // Read as the table has it (ruling R4): the deck's last cards went to the hand in
            // draws the log leaves out, and this draw, from the empty deck, decks the player.
            let n = self.state.player(player).deck.len().unwrap_or(0);
            self.emit(Event::Draws { player, drawn: Drawn::Count(n) });
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            progress.decked = true;
            return;
        }
        let mut seen = seen;
        if let Some((played, by_choices)) = self.drawn_as_played(player, &seen, span, progress) {
            let name = self.name(player);
            let why = if by_choices { "could not be used with the play's choices" } else { "could not be both" };
            self.report(
                Diagnostic::new(Code::NotTheDrawnCard, at, format!("{name} drew {seen} but plays {played}"))
                    .label(format!("read as {played}, the card played"))
                    .help(format!(
                        "after drawing, only the drawn card may be played; {played} could have been drawn and \
                         follows the chain, and {seen} {why}: the draw's card is read as the one played"
                    )),
            );
            seen = played;
        }
        let deck = &self.state.player(player).deck;
        let mut reported = false;
        // A card the deck cannot give, one word off a card reported as one the decklist cannot
        // have that it may give: that card, misnamed where it was reported.
        let undrawable = !progress.fogged && !deck.could_draw(&seen);
        if let Some(misfit) = undrawable.then(|| self.misnamed_as(player, &seen, |m| deck.could_draw(m))).flatten() {
            seen = misfit;
        } else if undrawable {
            // A top known to be a card of the same power as the one written, another number: the
            // number was miswritten (ruling R4), and the draw is read as the top. (Another power
            // may be another card taken: one put beneath the deck, say.)
            let same_power = |t: &Card| match (t, &seen) {
                (Card::Known { denomination: a, power: p }, Card::Known { denomination: b, power: q }) => {
                    a != b && p == q && p.is_known()
                }
                _ => false,
            };
            let top = deck.top.last().copied();
            let read = top.filter(same_power);
            let (label, help) = match (read, top) {
                (Some(top), _) => (
                    format!("the top card is {top}: read as it"),
                    format!(
                        "the card seems miswritten: the deck's top is known to be {top}, and the draw is read as it"
                    ),
                ),
                (None, Some(top)) => (
                    format!("the top card is {top}"),
                    "name the card that was drawn, or `draw` alone when it was not seen".to_string(),
                ),
                (None, None) => (
                    "the deck holds no such card".to_string(),
                    "name the card that was drawn, or `draw` alone when it was not seen".to_string(),
                ),
            };
            self.report(
                Diagnostic::new(
                    Code::NotDeckTop,
                    at,
                    format!("{seen} cannot be the top of {}'s deck", self.name(player)),
                )
                .label(label)
                .help(help),
            );
            // Unless read as the top, the card written is reported: not again for the decklist.
            reported = read.is_none();
            seen = read.unwrap_or(seen);
        }
        self.emit(Event::Draws { player, drawn: Drawn::Cards(CardCount::one(seen, at).list()) });
        if self.state.player(player).deck.is_empty() {
            self.emptied.retain(|(p, _)| *p != player);
            self.emptied.push((player, at));
        }
        self.check_card_at(player, &seen, (!reported).then_some(at));
        progress.drew = Some(seen);
    }

    /// A draw naming `seen` (the turn's step at `span`), where the turn's next step plays another
    /// card, which must be the drawn one: when the two differ in one word, the card played could
    /// have been drawn and follows the chain, and the card written could not have been both (or
    /// could not have been used with the play's choices where the card played could), the draw's
    /// card was miswritten (ruling R4), and is the card played (with whether the choices showed
    /// it). Not where the hand may hold the card played, unless the card written cannot have been
    /// drawn at all: it may have been played from the hand, against the rules.
    fn drawn_as_played(&self, player: PlayerId, seen: &Card, span: Span, progress: &Progress) -> Option<(Card, bool)> {
        let fog = &self.state.fog;
        if progress.fogged || fog.cards || fog.next_play || progress.played || progress.drew.is_some() {
            return None;
        }
        let k = (progress.steps as usize).checked_sub(1)?;
        if progress.turn_steps.get(k).map(|s| s.span) != Some(span) || !matches!(seen, Card::Known { .. }) {
            return None;
        }
        let StepKind::Play { card: played, used } = &progress.turn_steps.get(k + 1)?.kind else { return None };
        let played = played.card;
        if !one_word_off(seen, &played) {
            return None;
        }
        let pl = self.state.player(player);
        let drawable = |c: &Card| pl.deck.could_draw(c) && self.deck_top_admits(player, c);
        let follows =
            |c: &Card| rules::play_verdict(&self.state.chain, self.previous_activations(), c) != Verdict::Illegal;
        // A card the hand may hold may have been played from it, against the rules: not read,
        // unless the card written cannot have been drawn at all.
        if !drawable(&played) || !follows(&played) || pl.hand.could_hold(&played) && drawable(seen) {
            return None;
        }
        if !drawable(seen) || !follows(seen) {
            return Some((played, false));
        }
        // Where both could be, the play's choices may show which power was used.
        let takes = |c: &Card| match (c, used) {
            (Card::Known { power, .. }, Some(choices)) => could_take(power, choices),
            _ => true,
        };
        (takes(&played) && !takes(seen)).then_some((played, true))
    }

    /// What the rules make happen when the turn ends.
    fn end_of_turn(&mut self, player: PlayerId, turn: &Turn, progress: &Progress, span: Span) {
        let nothing = !progress.played && progress.drew.is_none() && !progress.decked && !progress.skipped;
        // A lone `pass` has been reported at its step already.
        if nothing && !progress.fogged && !progress.acted && !progress.passed {
            self.report(
                Diagnostic::new(Code::NoPlayNoDraw, turn.player_span.to(span), "the turn neither plays nor draws")
                    .label("a turn plays a card or draws one")
                    .help(format!("write `{}: draw` for a player who had nothing to play", self.name(player))),
            );
        }
        if progress.replay_open && !progress.fogged {
            let expected = self.state.chain.last.map_or(Denomination::One, Denomination::next);
            let pl = self.state.player(player);
            // (Not after a power the referee did not follow: it may have taken that card away.)
            if !pl.pile_unknown && !pl.pile_doubtful && pl.pile.iter().any(|c| c.denomination() == Some(expected)) {
                self.report(
                    Diagnostic::new(
                        Code::BadReplay,
                        span,
                        format!("{}'s play pile holds a {expected} to replay", self.name(player)),
                    )
                    .label("the Replay must play it")
                    .help(format!("once begun, a replay is made when the pile holds a {expected}: `replay CARD`")),
                );
            }
        }
        if let Some(card) = &progress.rescued {
            // Not played: the rescued card goes face down on top of the deck (RESCUE).
            self.emit(Event::Puts {
                player,
                cards: CardCount::one(*card, span).list(),
                to: super::event::Destination { place: super::event::Place::OnDeck, owner: None },
                from: super::event::Source::default(),
            });
        }
        if !progress.played && !self.state.chain.broken {
            self.emit(Event::ChainBreaks);
        }
        // A Score waits for the target's next turn only (SCORE).
        for by in self.awaiting_on(player, progress) {
            self.emit(Event::StopsAwaiting { player: by, target: player });
        }
        self.maybe_awaiting.retain(|(by, t)| *t != player || progress.maybe_awaits_self && *by == player);
        // A freeze ends with the end of its freezer's next turn (FREEZE).
        let ending: Vec<PowerSpec> = self
            .state
            .frozen
            .iter()
            .filter(|(p, by)| *by == player && !progress.froze.contains(p))
            .map(|(p, _)| *p)
            .collect();
        for power in ending {
            self.emit(Event::Unfreezes { player, power });
        }
        // Dabo counts the powers of the previous turn, with the extra turns Go gave. The first
        // turn after a position block may be the extra turn of a Go before it, whose powers then
        // add up with its own and those of the extra turns that follow: the count after them is
        // open too.
        if self.previous_turn_unseen {
            self.previous_turn_unseen = self.previous_turn.is_none_or(|(p, _)| p == player && self.go_chain);
        }
        // Who plays next in the reading where play goes the other way round: the same player
        // after a Go, else the next player that way, past as many players as the turn skipped.
        self.reversal = None;
        if std::mem::take(&mut self.reversal_armed) && !progress.fogged && self.state.player(player).is_in() {
            let other = self.state.direction.reversed();
            let mut next = Some(player);
            if !progress.extra_turn {
                for _ in 0..=progress.skips.min(self.state.seating.len() as u32) {
                    next = next.and_then(|q| self.state.next_toward(q, other));
                }
            }
            self.reversal = next;
        }
        self.previous_turn = Some(match self.previous_turn {
            Some((p, n)) if p == player && self.go_chain => (player, n + progress.activations),
            _ => (player, progress.activations),
        });
        // After a power the referee could not follow, the same player's next turn may be the
        // extra turn of a Go it was.
        self.go_chain = progress.extra_turn || progress.fogged;
        // Going out: every player still in whose hand is provably empty (TCC 2.1); under
        // Decipher 2000 only one player goes out, the one whose turn it is first.
        let mut empty: Vec<PlayerId> = self
            .state
            .seating
            .iter()
            .copied()
            .filter(|q| self.state.player(*q).is_in() && self.state.player(*q).hand.len() == Some(0))
            .collect();
        if self.state.ruleset == Ruleset::Decipher2000 && !self.went_out.is_empty() {
            empty.clear();
        }
        if self.state.ruleset == Ruleset::Decipher2000 && empty.len() > 1 {
            let first = if empty.contains(&player) { player } else { empty[0] };
            empty = vec![first];
        }
        // Under TCC 2.1 everyone whose hand is empty goes out together: a hand the referee cannot
        // count may have been emptied too, if it gave a card this turn (it held one before: a
        // hand that was empty then would have gone out already).
        if self.state.ruleset == Ruleset::Tcc21 && !empty.is_empty() {
            self.outs_uncertain |= self.state.seating.iter().any(|q| {
                let pl = self.state.player(*q);
                let gave = pl.hand_given_at == self.state.turns_passed;
                !empty.contains(q) && pl.is_in() && pl.hand.len().is_none() && pl.hand.min_len() == 0 && gave
            });
        }
        for q in empty {
            self.emit(Event::GoesOut(q));
            self.went_out.push(q);
            if q == player && progress.hand_unseen {
                self.out_on_count.push(q);
            }
        }
        // The table says a player went out whose hand is not known to be empty: the last one in,
        // if everyone else may have been decked at the deal.
        let claimed_out = self.went_out.is_empty().then_some(()).and_then(|()| {
            progress.claims.iter().find_map(|(e, _, used)| match e {
                Event::GoesOut(q) if !*used && self.state.player(*q).is_in() => Some(*q),
                _ => None,
            })
        });
        if let Some(q) = claimed_out {
            self.last_standing_after_deal(span, Some(q));
        }
        self.last_player_standing();
        self.last_skipped = None;
        if self.went_out.is_empty() || self.missed_go_out {
            // After the displaced player's turn, play resumes after the one who jumped the queue
            // (passing over the displaced player, who has just played).
            let from = self.resume_after.take().unwrap_or(player);
            if progress.extra_turn && self.state.player(player).is_in() {
                self.emit(Event::IsNext(player));
                return;
            }
            let mut next = self.state.next_in_turn(from);
            if next == Some(player) && from != player {
                next = self.state.next_in_turn(player);
            }
            if progress.skips > 0 && !self.state.fog.turn_order && self.skip_claimed(player, from, next, progress) {
                return;
            }
            if progress.skips > 0 {
                self.skip_reading = Some((player, from, progress.skips));
            }
            if progress.skips > 0 && self.state.fog.turn_order {
                // Who a Skip passes over is the table's while the turn order is: a Score waiting on
                // any player may have been lost with the turn, or may still come (ruling R35).
                let waiting = self.state.awaiting.clone();
                for (by, target) in waiting {
                    self.emit(Event::StopsAwaiting { player: by, target });
                    self.emit(Event::ScoreUnverified(by));
                    if !self.maybe_awaiting.contains(&(by, target)) {
                        self.maybe_awaiting.push((by, target));
                    }
                }
            }
            if self.state.fog.turn_order {
                // The table's lines say whom the Skips passed over, as its turn lines do.
                let said: Vec<PlayerId> = progress
                    .claims
                    .iter()
                    .filter_map(|(e, _, used)| match e {
                        Event::IsSkipped(q) if !*used && self.state.player(*q).is_in() => Some(*q),
                        _ => None,
                    })
                    .take(progress.skips as usize)
                    .collect();
                for q in said {
                    self.emit(Event::IsSkipped(q));
                }
            }
            for _ in 0..progress.skips {
                // Skip: the next player in the current direction loses the turn.
                if let Some(skipped) = next {
                    if !self.state.fog.turn_order {
                        self.emit(Event::IsSkipped(skipped));
                    }
                    self.last_skipped = Some(skipped);
                    next = self.state.next_in_turn(skipped);
                }
            }
            if let Some(next) = next {
                self.emit(Event::IsNext(next));
            }
        }
    }

    /// The table says the turn's Skips fell on a player further on than the rules put them (a
    /// line `Gus is skipped` where the rules skip Fay): the players passed over may have been
    /// decked at the deal unseen (ruling R2), read as when the skipped player writes the turn
    /// down. `next` is the first player the rules skip. True when the line is taken so: who is
    /// skipped and who is next are settled.
    fn skip_claimed(&mut self, player: PlayerId, from: PlayerId, next: Option<PlayerId>, progress: &Progress) -> bool {
        let claimed = progress.claims.iter().find_map(|(e, span, used)| match e {
            Event::IsSkipped(q)
                if !*used && Some(*q) != next && (self.state.player(*q).is_in() || self.taken_decked(*q)) =>
            {
                Some((*q, *span))
            }
            _ => None,
        });
        let Some((q, span)) = claimed else { return false };
        let skipped = if self.taken_decked(q) {
            // A player taken to have been decked at the deal is skipped: that reading is withdrawn
            // (its other reading, if any, stands instead), and the Skip fell on this player if
            // the rules now put it there.
            self.withdraw_inference(q, span, "is skipped");
            let mut now = self.state.next_in_turn(from);
            if now == Some(player) && from != player {
                now = self.state.next_in_turn(player);
            }
            if progress.skips != 1 || now != Some(q) {
                return false;
            }
            Vec::new()
        } else {
            let Some((decked, skipped, instead)) = self.skips_read_to((player, from, progress.skips - 1), q) else {
                return false;
            };
            let why = |r: &Self, _| format!("the Skip fell on {}", r.name(q));
            self.passed_by_skips((decked, instead), (q, next.unwrap_or(q)), span, why);
            skipped
        };
        for s in skipped.iter().chain([&q]) {
            self.emit(Event::IsSkipped(*s));
        }
        self.last_skipped = Some(q);
        if let Some(n) = self.state.next_in_turn(q) {
            self.emit(Event::IsNext(n));
        }
        true
    }

    /// Whether the claim is the last player in putting the hand onto the pile (ruling R33) where
    /// the referee could not follow it: a hand it could not count went there (the pile is unknown
    /// after it), the table says the player went out with a hand the referee cannot count, or
    /// every other player still in may have been decked unseen (any may, while the turn order is
    /// the table's). Where the referee itself says the player may have gone out with the hand, it
    /// places the hand nowhere, and the line is taken as it stands. The table's line then says what
    /// the hand held, so long as it names the cards the referee knew of.
    fn last_hand_onto_pile(&self, claim: &Event, claims: &[(&Event, Span)], from: usize) -> bool {
        fn onto_pile(e: &Event) -> Option<(PlayerId, &[CardCount])> {
            match e {
                Event::Puts {
                    player,
                    cards,
                    to: super::event::Destination { place: super::event::Place::OnPile, owner: None },
                    from: super::event::Source { zone: Zone::Hand, owner: None },
                } => Some((*player, cards)),
                _ => None,
            }
        }
        let Some((p, named)) = onto_pile(claim) else { return false };
        let happened = &self.events[from..];
        // The referee's own reading may have the player go out with a hand it no longer places.
        if happened.iter().any(|l| l.event == Event::MayGoOut(p)) {
            return true;
        }
        let uncounted = happened.iter().any(|l| l.event == Event::PileUnknown(p))
            && happened.iter().any(|l| l.event == Event::GoesOut(p));
        let said_out =
            self.state.player(p).hand.len().is_none() && claims.iter().any(|(e, _)| **e == Event::GoesOut(p));
        // (While the turn order is the table's, so is who is still in.)
        let last_in = self.state.player(p).is_in()
            && (self.state.fog.turn_order
                || self.state.seating.iter().all(|q| {
                    *q == p
                        || !self.state.player(*q).is_in()
                        || self.may_have_been_decked(*q)
                        || self.may_be_decked_unseen(*q)
                }));
        if !(uncounted || said_out || last_in) {
            return false;
        }
        // The cards the referee put there, or else the hand it holds.
        let put: Vec<&[CardCount]> =
            happened.iter().filter_map(|l| onto_pile(&l.event).filter(|(q, _)| *q == p)).map(|(_, k)| k).collect();
        if !put.is_empty() {
            return put.iter().all(|known| super::replay::pairs_into(known, named));
        }
        let hand = &self.state.player(p).hand;
        let known: Vec<CardCount> = hand.known.iter().map(|c| CardCount::one(*c, Span::default())).collect();
        let n: u32 = named.iter().map(|c| c.count).sum();
        hand.len().is_none_or(|len| len == n) && super::replay::pairs_into(&known, named)
    }

    /// Compares the table's resolution lines with what the rules made happen in this turn.
    fn compare(&mut self, claims: &[(&Event, Span)], all: &[(&Event, Span, bool)], from: usize) {
        // What the rules made happen, listed for the help lines: once a turn, however many claims
        // miss.
        let mut derived: Option<String> = None;
        // The events already paired with a line the rules did not make happen.
        let mut given = Vec::new();
        // A claim can only be an event of its own kind (or of the kind `cosmetic` pairs it with):
        // with many claims, each looks only at those, and a line met before (the same text, so
        // the same event) is answered as before, so that a crafted turn of thousands of
        // resolution lines does not compare every line with every event.
        let mut answered: std::collections::HashMap<String, bool> = std::collections::HashMap::new();
        let by_kind = (claims.len() > INDEXED_CLAIMS).then(|| {
            let mut by_kind: std::collections::HashMap<_, Vec<usize>> = std::collections::HashMap::new();
            for (i, l) in self.events.iter().enumerate().skip(from) {
                by_kind.entry(std::mem::discriminant(&l.event)).or_default().push(i);
            }
            by_kind
        });
        let repeats = if all.len() > 1 { repeated_claims(all, &self.log.names) } else { Vec::new() };
        for (claim, span) in claims {
            let matches = |e: &Event| same_event(e, claim) || cosmetic(claim, e);
            let every = || self.events[from..].iter().any(|l| matches(&l.event));
            let found = match &by_kind {
                Some(by_kind) => {
                    let text = claim.display(&self.log.names).to_string();
                    let found = match answered.get(&text) {
                        Some(found) => *found,
                        None => {
                            let found =
                                of_kind(by_kind, claim).any(|&i| self.events.get(i).is_some_and(|l| matches(&l.event)));
                            answered.insert(text, found);
                            found
                        }
                    };
                    debug_assert_eq!(found, every(), "grouping by kind changed whether {claim:?} happened");
                    found
                }
                None => every(),
            };
            if found {
                if let Some(&(_, first, nth)) = repeats.iter().find(|r| r.0.start == span.start) {
                    self.written_again(claim, (*span, first), nth, from, by_kind.as_ref());
                }
                continue;
            }
            if matches!(claim, Event::Passes(_)) || self.last_hand_onto_pile(claim, claims, from) {
                continue;
            }
            if let Event::GoesOut(p) = claim {
                let n = self.state.player(*p).hand.len();
                if n.is_none() {
                    continue;
                }
                self.report(
                    Diagnostic::new(
                        Code::NotOut,
                        *span,
                        format!(
                            "{} still holds {} card{}",
                            self.name(*p),
                            n.unwrap_or(0),
                            crate::diagnostics::plural(n.unwrap_or(0))
                        ),
                    )
                    .label("cannot go out with cards in hand"),
                );
                continue;
            }
            if matches!(claim, Event::IsDecked(_)) {
                // Already judged when the draw was checked.
                continue;
            }
            let list = derived
                .get_or_insert_with(|| {
                    let happened =
                        self.events[from..].iter().map(|l| &l.event).filter(|e| !matches!(e, Event::IsNext(_)));
                    super::replay::event_listing(happened, &self.log.names)
                })
                .clone();
            // Whose turn comes next: the rules' answer, which the help's listing leaves out.
            if let Event::IsNext(p) = claim {
                let next = self.events[from..].iter().rev().find_map(|l| match l.event {
                    Event::IsNext(q) => Some(q),
                    _ => None,
                });
                if let Some(q) = next {
                    let (q, p) = (self.name(q).to_string(), self.name(*p));
                    let help = if list.is_empty() {
                        format!("the turn made nothing else happen, and {q} is next")
                    } else {
                        format!("what the rules make happen: {list}; then {q} is next")
                    };
                    let d = Diagnostic::new(Code::Misresolved, *span, format!("{q} is next, not {p}"))
                        .label(format!("the turn order makes {q} next"))
                        .help(help)
                        .cites(Code::OutOfTurn.rule());
                    self.report(d);
                    continue;
                }
            }
            let help = if list.is_empty() {
                "the turn made nothing else happen".to_string()
            } else {
                format!("what the rules make happen: {list}")
            };
            // The event of the turn's powers the line most likely stands for, if one is left that
            // no line accounts for: the line then names the power and what it did.
            let counterpart = (claims.len() <= COUNTERPART_LINES && self.events.len() - from <= COUNTERPART_EVENTS)
                .then(|| self.counterpart(claim, all, &given))
                .flatten();
            let d = match counterpart {
                Some((i, power)) => {
                    given.push(i);
                    let made = self.events[i].event.display(&self.log.names).to_string();
                    Diagnostic::new(Code::Misresolved, *span, format!("{power} does not make this happen"))
                        .label(format!("it makes: {made}"))
                        .cites(powers::cited(power))
                }
                None => Diagnostic::new(Code::Misresolved, *span, "the rules do not make this happen")
                    .label("not what happened"),
            };
            self.report(d.help(help));
            // A trouble the table shifted where the rules do not: the table's trouble is followed
            // from here, so that its later shifts are judged on it (one slip, one report: ruling R4).
            // The shift is made once the turn has been read, unless the line proves to be a turn
            // left out's ([`Self::left_out_turn`]).
            if let Event::TroubleShifts(_) = claim {
                self.followed_shifts.push(((*claim).clone(), *span));
            }
        }
    }

    /// A resolution line that says again what a line above it in the turn said, `nth` time in
    /// all (spans: the line, the first one): each line stands for an event of its own, so when
    /// the rules make fewer such events than that in the turn, the line is one written too many
    /// (ruling R4: one report, at the repeat). Not where a claim may stand for an event the
    /// referee could not spell out ([`cosmetic`]), which may be any number of lines.
    #[cold]
    fn written_again(
        &mut self,
        claim: &Event,
        (at, first): (Span, Span),
        nth: usize,
        from: usize,
        by_kind: Option<&std::collections::HashMap<std::mem::Discriminant<Event>, Vec<usize>>>,
    ) {
        let events: Vec<&Event> = match by_kind {
            Some(by_kind) => of_kind(by_kind, claim).filter_map(|&i| self.events.get(i).map(|l| &l.event)).collect(),
            None => self.events[from..].iter().map(|l| &l.event).collect(),
        };
        if events.iter().any(|e| cosmetic(claim, e)) {
            return;
        }
        let made = events.iter().filter(|e| same_event(e, claim)).count();
        if made >= nth {
            return;
        }
        let times = match made {
            1 => "once".to_string(),
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        let text = claim.display(&self.log.names).to_string();
        self.report(
            Diagnostic::new(
                Code::Misresolved,
                at,
                format!("`{text}` is written again, and happens {times} in this turn"),
            )
            .label(WRITTEN_AGAIN)
            .related(first, "written first here")
            .help("each resolution line stands for one event: the repeated line seems a slip, and is left out"),
        );
    }

    /// The event of this turn's power resolutions that a resolution line the rules did not make
    /// happen most likely stands for, with the power that made it: one no line of the turn
    /// accounts for (nor one already paired with another line), of the same player and kind
    /// where there is one. `None` when no such event is like the line at all.
    fn counterpart(&self, claim: &Event, all: &[(&Event, Span, bool)], given: &[usize]) -> Option<(usize, Power)> {
        let mut best: Option<(u8, usize, Power)> = None;
        for &(start, end, _) in &self.resolutions {
            for i in start..end {
                let Some(l) = self.events.get(i) else { break };
                let likeness = likeness(claim, &l.event);
                if likeness == 0
                    || best.is_some_and(|(b, _, _)| b >= likeness)
                    || given.contains(&i)
                    || all.iter().any(|(c, _, _)| same_event(&l.event, c) || cosmetic(c, &l.event))
                {
                    continue;
                }
                // The innermost resolution that made it: a copied power's, not the Copy's.
                let power = self.resolutions.iter().filter(|r| r.0 <= i && i < r.1).min_by_key(|r| r.1 - r.0);
                if let Some(&(_, _, power)) = power {
                    best = Some((likeness, i, power));
                }
            }
        }
        best.map(|(_, i, power)| (i, power))
    }
}

/// How alike a resolution line and an event are, for pairing a line the rules did not make
/// happen with what they did: the same player counts most, then the same kind of event, then the
/// same places; 0 for events of unrelated kinds (a card's move and a score).
fn likeness(claim: &Event, made: &Event) -> u8 {
    use std::mem::discriminant;
    let same_kind = discriminant(claim) == discriminant(made);
    let group = |e: &Event| match e {
        Event::Draws { .. }
        | Event::Discards { .. }
        | Event::Plays { .. }
        | Event::Puts { .. }
        | Event::Reveals { .. }
        | Event::Shuffles { .. } => Some(0),
        Event::Scores { .. } | Event::Loses { .. } => Some(1),
        Event::GoesOut(_) | Event::IsDecked(_) | Event::IsSkipped(_) | Event::Passes(_) => Some(2),
        Event::DirectionReverses | Event::ChainBreaks | Event::TroubleShifts(_) => Some(3),
        _ => None,
    };
    if !same_kind && (group(claim).is_none() || group(claim) != group(made)) {
        return 0;
    }
    let places = match (claim, made) {
        (Event::Puts { to: t, from: f, .. }, Event::Puts { to: u, from: g, .. }) => {
            u8::from(t.place == u.place) + u8::from(f.zone == g.zone)
        }
        (Event::Discards { from: f, .. }, Event::Discards { from: g, .. })
        | (Event::Shuffles { from: f, .. }, Event::Shuffles { from: g, .. }) => u8::from(f == g),
        _ => 0,
    };
    2 + 8 * u8::from(claim.subject() == made.subject()) + 4 * u8::from(same_kind) + places
}

impl Referee<'_> {
    /// The choices of a use, by kind, against what the card's powers take. False (after an error)
    /// when the use cannot be understood.
    fn check_choices(&mut self, power: &PowerSpec, choices: &[Choice], span: Span) -> bool {
        let mut half = None;
        // Each kind once, in order of appearance: no more than there are kinds.
        let mut kinds = [powers::Choice::Player; powers::Choice::ALL.len()];
        let mut found = 0;
        // The first choice of a kind a power takes once, given again.
        const SINGLE: [powers::Choice; 4] =
            [powers::Choice::Player, powers::Choice::Name, powers::Choice::Take, powers::Choice::Of];
        let mut repeated = None;
        for c in choices {
            let kind = match &c.kind {
                ChoiceKind::Half(p) => {
                    let on_card = matches!(power, PowerSpec::Compound(a, b) if a == p || b == p);
                    let unknown = matches!(power, PowerSpec::Unrecorded | PowerSpec::Unrecognised(_));
                    if !on_card && !unknown {
                        self.report(
                            Diagnostic::new(Code::BadChoices, c.span, format!("{p} is not a half of {power}"))
                                .label("not on this card")
                                .help("a bare power name after `use` picks one half of a compound: `100 Clone & Skip use Skip`"),
                        );
                        return false;
                    }
                    half = Some(*p);
                    continue;
                }
                other => match choice_kind(other) {
                    Some(kind) => kind,
                    None => continue,
                },
            };
            if !kinds[..found].contains(&kind) {
                if let Some(slot) = kinds.get_mut(found) {
                    *slot = kind;
                    found += 1;
                }
            } else if repeated.is_none() && SINGLE.contains(&kind) {
                repeated = Some((kind, c.span));
            }
        }
        // A power takes one player, one power name, one `take` and one `of`: a second one of
        // these would be dropped without a word (a compound's halves share them).
        if let Some((kind, at)) =
            repeated.filter(|_| !matches!(power, PowerSpec::Unrecorded | PowerSpec::Unrecognised(_)))
        {
            self.report(
                Diagnostic::new(Code::BadChoices, at, format!("{power} takes one {}, not two", kind.describe()))
                    .label("a second one")
                    .help(choice_help(power)),
            );
            return false;
        }
        match powers::check_choices(power, &kinds[..found], half) {
            Ok(()) => true,
            Err((choice, missing)) => {
                let at = if missing {
                    span
                } else {
                    choices.iter().find(|c| same_kind(&c.kind, choice)).map_or(span, |c| c.span)
                };
                let (message, label) = if missing {
                    (format!("{power} needs {}", choice.describe()), format!("{} missing", choice.describe()))
                } else {
                    (format!("{power} takes no {} choice", choice.describe()), "not a choice of this power".to_string())
                };
                let mut d = Diagnostic::new(Code::BadChoices, at, message).label(label).help(choice_help(power));
                // The power's own rule says what it chooses (a compound's, the half used).
                if let (&PowerSpec::Single(p), _) | (_, Some(p)) = (power, half) {
                    d.rule = Some(powers::cited(p));
                }
                self.report(d);
                false
            }
        }
    }
}

/// The kind of a choice, as the powers' profiles name it; `None` for a `use HALF` choice, which
/// picks a half rather than being one.
fn choice_kind(kind: &ChoiceKind) -> Option<powers::Choice> {
    Some(match kind {
        ChoiceKind::Player(_) => powers::Choice::Player,
        ChoiceKind::Name(_) => powers::Choice::Name,
        ChoiceKind::Cards(_) => powers::Choice::Cards,
        ChoiceKind::Take(_) => powers::Choice::Take,
        ChoiceKind::Top(_) | ChoiceKind::Bottom(_) => powers::Choice::Placement,
        ChoiceKind::Of(_) => powers::Choice::Of,
        ChoiceKind::Half(_) => return None,
    })
}

/// Whether `play` is of a Sabotage aimed at a player.
fn is_sabotage_aimed(play: &StepKind) -> bool {
    let StepKind::Play { card, used: Some(choices) } = play else { return false };
    card.card.power() == Some(&PowerSpec::Single(Power::Sabotage))
        && matches!(choices.as_ref(), [Choice { kind: ChoiceKind::Player(_), .. }])
}

/// Each of `plays` (of guessed cards) as the turn left out, after a draw of a card nobody saw
/// where `drawn`: as [`Referee::reading_left_out`] takes them, none a draw the player need not make.
fn turns_of(plays: &[StepKind], drawn: bool) -> Vec<(Vec<StepKind>, bool)> {
    let draw = drawn.then_some(StepKind::Draw { card: None });
    plays.iter().map(|play| (draw.iter().chain([play]).cloned().collect(), false)).collect()
}

/// A turn's last step, a play: the steps before it, the card, and the choices its power was
/// used with.
struct LastPlay<'t> {
    before: &'t [Step],
    card: Card,
    used: Option<&'t [Choice]>,
}

impl LastPlay<'_> {
    fn of(turn: &Turn) -> Option<LastPlay<'_>> {
        let (last, before) = turn.steps.split_last()?;
        let StepKind::Play { card, used } = &last.kind else { return None };
        Some(LastPlay { before, card: card.card, used: used.as_deref() })
    }

    /// Whether `other` is the same but for its card's power (and, `with_use`, how it was used).
    fn alike(&self, other: &LastPlay, with_use: bool) -> bool {
        self.card.denomination() == other.card.denomination()
            && (!with_use || self.used == other.used)
            && self.before.iter().map(|s| &s.kind).eq(other.before.iter().map(|s| &s.kind))
    }
}

/// Whether the reading `plain` of a turn left out, its last step a card of a power not recorded
/// played unused, covers the reading `other`, alike but for a power that card is given (used or
/// not).
fn covers(plain: &Turn, other: &Turn) -> bool {
    let (Some(p), Some(o)) = (LastPlay::of(plain), LastPlay::of(other)) else { return false };
    let unrecorded = |card: &Card| matches!(card.power(), Some(PowerSpec::Unrecorded));
    p.used.is_none() && unrecorded(&p.card) && !unrecorded(&o.card) && p.alike(&o, false)
}

/// Keeps the reading `fit` of a slip, which draws `n` reports by the log's end, in `best` where it
/// draws fewer than the one kept (of equal ones, the one found first stays); whether it leaves
/// only the slip's own report, which ends the search.
fn keep_fewest<T>(best: &mut Option<(usize, T)>, n: usize, fit: T) -> bool {
    if best.as_ref().is_some_and(|b| n >= b.0) {
        return false;
    }
    *best = Some((n, fit));
    n <= 1
}

/// The cards of `cards`, each once, in the order first met.
fn distinct<'c>(cards: impl IntoIterator<Item = &'c Card>) -> Vec<Card> {
    let mut seen: Vec<Card> = Vec::new();
    for c in cards {
        if !seen.contains(c) {
            seen.push(*c);
        }
    }
    seen
}

/// Whether the reading `unused` of a turn left out, its last step a card played unused, fits
/// where `other` plays the same card used, its steps before alike: the power made no difference.
fn used_for_nothing(unused: &Turn, other: &Turn) -> bool {
    let (Some(p), Some(o)) = (LastPlay::of(unused), LastPlay::of(other)) else { return false };
    p.used.is_none() && o.used.is_some() && p.card == o.card && p.alike(&o, false)
}

/// Where the readings `tied` of a turn left out are alike but for the power of the card their
/// last step plays, that turn with the card's power not recorded, and the powers it may be.
fn power_unknown(tied: &[&Turn]) -> Option<(Turn, Vec<PowerSpec>)> {
    let (first, rest) = tied.split_first()?;
    let play = LastPlay::of(first)?;
    let mut powers = vec![*play.card.power()?];
    for t in rest {
        let other = LastPlay::of(t).filter(|o| play.alike(o, true))?;
        powers.push(*other.card.power()?);
    }
    let denomination = play.card.denomination()?;
    let mut turn = (*first).clone();
    if let Some(Step { kind: StepKind::Play { card, .. }, .. }) = turn.steps.last_mut() {
        card.card = Card::Known { denomination, power: PowerSpec::Unrecorded };
    }
    Some((turn, powers))
}

/// The uses of `power` that name a power the lines of a turn left out show (`shown`): alone, and
/// with a player they name, where the power takes both (Freeze, Rival, a Poison & Freeze).
fn naming_choices(power: &PowerSpec, shown: &Shown) -> Vec<Vec<ChoiceKind>> {
    use crate::powers::{Choice as Takes, check_choices};
    let takes = |t: &[Takes]| check_choices(power, t, None).is_ok();
    let name = |p: &Power| ChoiceKind::Name(PowerSpec::Single(*p));
    let mut lists: Vec<Vec<ChoiceKind>> = Vec::new();
    if takes(&[Takes::Name]) {
        lists.extend(shown.powers.iter().map(|p| vec![name(p)]));
    }
    if takes(&[Takes::Player, Takes::Name]) {
        for &q in &shown.players {
            lists.extend(shown.powers.iter().map(|p| vec![ChoiceKind::Player(q), name(p)]));
        }
    }
    lists
}

/// Where `step` plays (or replays) a card with `power` among its powers without `use`, the card.
fn played_unused(step: &Step, power: Power) -> Option<Span> {
    match &step.kind {
        StepKind::Play { card, used: None } | StepKind::Replay { card, used: None }
            if card.card.power().is_some_and(|p| p.is_known() && p.has(power)) =>
        {
            Some(card.span)
        }
        _ => None,
    }
}

/// Whether span `inner` lies within `outer`.
pub(super) fn within(inner: Span, outer: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// The notes of what the referee could not follow: a power, the turn order, a play, a score.
fn fogging(code: Code) -> bool {
    matches!(code, Code::PowerUnverified | Code::TurnOrderUnverified | Code::PlayUnverified | Code::ScoringUnverified)
}

/// The reports of a card that its zone cannot hold (the hand, the discard pile), which a card
/// miswritten draws.
fn unheld(code: Code) -> bool {
    matches!(code, Code::NotInHand | Code::NotInDiscard)
}

/// The powers a card written with `power` may have had, one word of it miswritten: each other
/// single power, or for a compound, each other power in either half, the other half kept.
fn other_powers(power: PowerSpec) -> impl Iterator<Item = PowerSpec> {
    let (single, halves) = match power {
        PowerSpec::Single(w) => (Some(w), None),
        PowerSpec::Compound(a, b) => (None, Some((a, b))),
        _ => (None, None),
    };
    let singles =
        single.into_iter().flat_map(|w| Power::ALL.iter().filter(move |&&p| p != w).map(|&p| PowerSpec::Single(p)));
    let compounds = halves.into_iter().flat_map(|(a, b)| {
        let others = move || Power::ALL.iter().copied().filter(move |&p| p != a && p != b);
        others().map(move |p| PowerSpec::Compound(p, b)).chain(others().map(move |p| PowerSpec::Compound(a, p)))
    });
    singles.chain(compounds)
}

/// Whether two known cards differ in their number or in their power, not both.
pub(super) fn one_word_off(a: &Card, b: &Card) -> bool {
    match (a, b) {
        (Card::Known { denomination: d, power: p }, Card::Known { denomination: e, power: q }) => (d == e) != (p == q),
        _ => false,
    }
}

/// Whether a known power could be used with these choices: it is not passive, and their kinds
/// are its own (a `use HALF` choice is left to the full check).
fn could_take(power: &PowerSpec, choices: &[Choice]) -> bool {
    if powers::is_passive(power) {
        return false;
    }
    let mut kinds: Vec<powers::Choice> = Vec::new();
    for c in choices {
        let Some(kind) = choice_kind(&c.kind) else { return true };
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    powers::check_choices(power, &kinds, None).is_ok()
}

/// Cards for a help line, as a log writes them: equal cards once with their count (`3x 1 Go`), in
/// the order they first appear, the first [`LISTED`] different ones named and the rest counted.
/// A hand of thousands of cards then takes a line, not megabytes, and the same time per card.
fn card_listing(cards: &[Card]) -> String {
    let mut groups: Vec<(Card, usize)> = Vec::new();
    let mut more = 0;
    for card in cards {
        match groups.iter().position(|(c, _)| c == card) {
            Some(i) => groups[i].1 += 1,
            None if groups.len() < LISTED => groups.push((*card, 1)),
            None => more += 1,
        }
    }
    let mut text = groups
        .iter()
        .map(|(c, n)| if *n == 1 { c.to_string() } else { format!("{n}x {c}") })
        .collect::<Vec<_>>()
        .join(", ");
    if more > 0 {
        text.push_str(&format!(" and {more} more card{}", crate::diagnostics::plural(more)));
    }
    text
}

fn same_kind(kind: &ChoiceKind, choice: powers::Choice) -> bool {
    matches!(
        (kind, choice),
        (ChoiceKind::Player(_), powers::Choice::Player)
            | (ChoiceKind::Name(_), powers::Choice::Name)
            | (ChoiceKind::Cards(_), powers::Choice::Cards)
            | (ChoiceKind::Take(_), powers::Choice::Take)
            | (ChoiceKind::Top(_) | ChoiceKind::Bottom(_), powers::Choice::Placement)
            | (ChoiceKind::Of(_), powers::Choice::Of)
    )
}

/// The syntax of a power's choices, for the help line.
fn choice_help(power: &PowerSpec) -> String {
    let halves: Vec<crate::model::Power> = match power {
        PowerSpec::Single(p) => vec![*p],
        PowerSpec::Compound(a, b) => vec![*a, *b],
        PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => Vec::new(),
    };
    let parts: Vec<String> = halves
        .iter()
        .map(|h| {
            let takes = powers::profile(*h).accepts;
            if takes.is_empty() {
                format!("{h} takes no choices")
            } else {
                format!("{h} takes {}", takes.iter().map(|c| c.describe()).collect::<Vec<_>>().join(", "))
            }
        })
        .collect();
    parts.join("; ")
}

/// What a power's resolution sees of the turn and may do to it: the engine's side of the power
/// registry. Every change goes through [`PowerCx::emit`], so the state stays the fold of events.
pub(crate) struct PowerCx<'r, 'a, 'l, 's> {
    r: &'r mut Referee<'a>,
    progress: &'r mut Progress<'l, 's>,
    pub player: PlayerId,
    /// The card whose power is used.
    pub card: Card,
    pub choices: &'r [Choice],
    span: Span,
}

impl PowerCx<'_, '_, '_, '_> {
    pub fn state(&self) -> &super::state::State {
        &self.r.state
    }

    /// Whether `p`'s hand may hold `card`, or holds a card reported as one the decklist cannot
    /// have that `card` differs from in one word: that card, misnamed where it was reported
    /// (ruling R4).
    pub fn may_hold(&self, p: PlayerId, card: &Card) -> bool {
        self.r.state.player(p).hand.could_hold(card) || self.r.misnamed_in_hand(p, card)
    }

    pub fn name(&self, p: PlayerId) -> String {
        self.r.name(p).to_string()
    }

    /// Whether `p` may have been decked unseen (see [`Referee::may_be_decked_unseen`]).
    pub fn may_be_decked_unseen(&self, p: PlayerId) -> bool {
        self.r.may_be_decked_unseen(p)
    }

    /// Whether `p`'s hand cannot be counted and may be empty: a power taking a card from every
    /// hand may have found none there (rulings R20, R21).
    pub fn hand_may_be_empty(&self, p: PlayerId) -> bool {
        let hand = &self.state().player(p).hand;
        hand.len().is_none() && hand.min_len() == 0
    }

    /// Whether `p`'s discard pile may hold the hand dealt this round, which the referee holds in
    /// the hand: the player may have been decked at the deal unseen and is not yet taken to have
    /// been (ruling R2).
    pub fn discard_may_hold_the_deal(&self, p: PlayerId) -> bool {
        !self.taken_decked(p) && self.r.may_have_been_decked(p)
    }

    /// Whether `p`, still followed as in, may be out of the round unseen: decked by a draw the
    /// log does not name (ruling R34) or at the deal (R2), with no part in a power acting on
    /// every player still in.
    pub fn may_be_out_unseen(&self, p: PlayerId) -> bool {
        self.may_be_decked_unseen(p) || self.discard_may_hold_the_deal(p)
    }

    /// Whether `p` is only taken to have been decked at the deal, a reading a later line may
    /// withdraw (ruling R2).
    pub fn taken_decked(&self, p: PlayerId) -> bool {
        self.r.taken_decked(p)
    }

    /// Whether `p` is decked for certain: not only taken to have been decked at the deal while
    /// the player may be sitting the round out instead (TCC 2.1, Advanced Rules: "Decked").
    pub fn surely_decked(&self, p: PlayerId) -> bool {
        self.r.state.player(p).status == super::state::Status::Decked
            && !(self.r.may_sit_out.contains(&p) && self.taken_decked(p))
    }

    /// A line at `at` shows `player` holding cards this round (`how`): a player sitting the round
    /// out is dealt none, so the player was dealt in, and a decking at the deal the referee only
    /// inferred is withdrawn as by [`PowerCx::shown_in`] (ruling R2).
    pub fn shown_holding(&mut self, player: PlayerId, at: Span, how: &str) {
        self.r.may_sit_out.retain(|q| *q != player);
        self.shown_in(player, at, how);
    }

    /// A line at `at` shows `player` in the round (`how`): a decking at the deal the referee only
    /// inferred is withdrawn (ruling R2).
    /// A score line gave `player` `followed` points where the rules give `rules`, reported, and
    /// the line is followed (ruling R4): the round's points on the sheet may be either.
    pub fn score_followed(&mut self, player: PlayerId, rules: u64, followed: u64) {
        self.r.score_slips.push((player, i128::from(rules) - i128::from(followed)));
    }

    pub fn shown_in(&mut self, player: PlayerId, at: Span, how: &str) {
        // A player who may be sitting the round out is not decked: the line does not tell.
        if self.taken_decked(player) && !self.r.may_sit_out.contains(&player) {
            self.r.withdraw_inference(player, at, how);
        }
    }

    pub fn emit(&mut self, e: Event) {
        let replicated = self.replicates(&e);
        let moved = matches!(replicated, Some((_, _, true))).then(|| e.clone());
        self.r.emit(e);
        match replicated {
            Some((owner, place, true)) => self.replicate(owner, place, moved.as_ref()),
            Some((owner, place, false)) => self.progress.unnamed_replicates.push((owner, place)),
            None => {}
        }
    }

    /// REPLICATE: whether this move puts a card that may be a Replicate into its owner's discard
    /// pile (`None`) or play pile (`Some(place)`) by this power, used by another player, and
    /// whether the table named it a Replicate (else it is a card whose power was not recorded).
    /// A stampede play is its player's own action.
    fn replicates(&self, e: &Event) -> Option<(PlayerId, Option<super::event::Place>, bool)> {
        use super::event::Place;
        use crate::model::Power;
        if self.card.power().is_some_and(|p| p.has(Power::Stampede)) {
            return None;
        }
        let named = |c: &CardCount| c.card.power_recorded();
        let may = |c: &&CardCount| c.card.may_have(&[Power::Replicate]);
        let (owner, place, from_deck, mut cards): (_, _, _, Box<dyn Iterator<Item = &CardCount>>) = match e {
            Event::Discards { player: q, cards, from } if *q != self.player => {
                (*q, None, (*from == Zone::Deck).then_some(*q), Box::new(cards.iter()))
            }
            Event::Puts { player, cards, to, from } if matches!(to.place, Place::OnPile | Place::UnderPile) => {
                let target = to.owner.unwrap_or(*player);
                let source = from.owner.unwrap_or(*player);
                if target == self.player {
                    return None;
                }
                let from_deck = (from.zone == Zone::Deck).then_some(source);
                let owned = cards.iter().filter(move |c| c.owner.unwrap_or(source) == target);
                (target, Some(to.place), from_deck, Box::new(owned))
            }
            _ => return None,
        };
        let mut found = None;
        let several = match e {
            Event::Discards { cards, .. } | Event::Puts { cards, .. } => crate::model::log::total_count(cards) > 1,
            _ => false,
        };
        for c in cards.by_ref().filter(may) {
            // A named Replicate settles it; an unnamed card only may have been one, if its owner's
            // decklist (when the log gives it) holds a Replicate of its number, and the deck it
            // came from (when it came from one) can give it.
            if named(c) {
                return Some((owner, place, true));
            }
            let like = |k: &Card| compatible(&c.card, k) && k.may_have(&[Power::Replicate]);
            let listed = match self.state().collections.get(owner.index()) {
                Some(Some(list)) => list.cards.iter().any(|(k, _)| like(k)),
                _ => true,
            };
            // Of several cards from the deck, any may be the Replicate, not only the top one.
            let deck_may = from_deck.is_none_or(|q| {
                let deck = &self.state().player(q).deck;
                if several {
                    deck.could_hold_like(&c.card, Power::Replicate)
                } else {
                    deck.could_give_like(&c.card, Power::Replicate)
                }
            });
            if listed && deck_may {
                found = Some((owner, place, false));
            }
        }
        found
    }

    /// A card of `owner`'s that the log does not show may have gone to that player's discard pile
    /// (`None`) or play pile (`Some(place)`) by this power, and may have been a Replicate: a line
    /// left over at the turn's end may be its extra card (ruling F8).
    pub fn may_replicate(&mut self, owner: PlayerId, place: Option<super::event::Place>) {
        if owner != self.player {
            self.progress.unnamed_replicates.push((owner, place));
        }
    }

    /// REPLICATE: the card's owner may put one more card from hand in the same place; taken from
    /// the table's line (left out, it did not happen).
    fn replicate(&mut self, owner: PlayerId, place: Option<super::event::Place>, moved: Option<&Event>) {
        // Not the line of the move that put the Replicate there written again, where the hand
        // holds no second such card: that is a line written twice (reported as such).
        let hand = &self.r.state.player(owner).hand;
        let again = |e: &Event| {
            moved == Some(e)
                && match e {
                    Event::Discards { cards, .. } | Event::Puts { cards, .. } => !hand.could_hold(&cards[0].card),
                    _ => false,
                }
        };
        let claim = self.progress.take(|e| replicate_line(e, owner, place) && !again(e));
        let Some((event, span)) = claim else { return };
        let card = match &event {
            Event::Discards { cards, .. } | Event::Puts { cards, .. } => cards[0].card,
            _ => return,
        };
        let card = self.check_held(owner, &card, Some(span));
        // The owner's own move: it triggers no Replicate in turn.
        self.r.emit(with_card(event, card));
        self.check_card(owner, &card, span);
    }

    pub fn report(&mut self, d: Diagnostic) {
        self.r.report(d);
    }

    /// The step that used the power.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The first `@Name` choice.
    pub fn target(&self) -> Option<(PlayerId, Span)> {
        self.choices.iter().find_map(|c| match c.kind {
            ChoiceKind::Player(p) => Some((p, c.span)),
            _ => None,
        })
    }

    /// The `@Name` choice of a power that names an opponent: reports the player naming
    /// themselves (R0320), with `example` as the right syntax. `None` without a target.
    pub fn opponent(&mut self, what: &str, example: &str) -> Option<(PlayerId, Span)> {
        let (target, at) = self.target()?;
        if target == self.player {
            self.report(
                Diagnostic::new(Code::PoisonTarget, at, format!("{what} chooses an opponent, not its own player"))
                    .label("not an opponent")
                    .help(format!("name the opponent: `{example}`")),
            );
            return None;
        }
        Some((target, at))
    }

    /// The `name POWER` choice.
    pub fn named(&self) -> Option<(PowerSpec, Span)> {
        self.choices.iter().find_map(|c| match &c.kind {
            ChoiceKind::Name(p) => Some((*p, c.span)),
            _ => None,
        })
    }

    /// The cards chosen, spelled out one by one.
    pub fn cards(&self) -> Option<(Vec<Card>, Span)> {
        self.choices.iter().find_map(|c| match &c.kind {
            ChoiceKind::Cards(list) => Some((super::state::expand(list), c.span)),
            _ => None,
        })
    }

    /// The single card a power's use names (Discard, Rescue); reports a use naming several.
    /// `what` reads "Discard discards", `example` shows the right syntax.
    pub fn one_card(&mut self, what: &str, example: &str) -> Option<(Card, Span)> {
        let (cards, span) = self.cards()?;
        if let [card] = cards.as_slice() {
            return Some((*card, span));
        }
        self.report(
            Diagnostic::new(Code::BadChoices, span, format!("{what} one card, not {}", cards.len()))
                .label("one card")
                .help(format!("write the one card: {example}")),
        );
        None
    }

    /// A power makes `player` draw `k` cards: takes the table's `draws` line for it as evidence,
    /// reports it when it draws another number of cards, and emits the draw.
    /// `why` says where `k` comes from, for the label.
    ///
    /// Returns true when the table says the draws decked the player from a deck whose size the
    /// referee does not know (`  Dan is decked`, or a `draws` line with fewer cards than asked
    /// for): the written draws are taken as all there was, and the player is decked.
    pub fn draws(&mut self, player: PlayerId, k: u32, what: &str, why: &str) -> bool {
        // From a deck of unknown size, fewer cards written than asked for show the deck ran out
        // even when the decking itself is left out.
        let short = |e: &Event| matches!(e, Event::Draws { player: p, drawn } if *p == player && drawn.count() < k);
        if self.state().player(player).deck.len().is_none()
            && (self.take_claim(|e| *e == Event::IsDecked(player)).is_some() || self.claims_left(short))
        {
            let shown = self.take_claim(|e| matches!(e, Event::Draws { player: p, .. } if *p == player));
            let unwritten = shown.is_none();
            let drawn = match shown {
                Some((Event::Draws { drawn, .. }, span)) => {
                    let written = drawn.count();
                    if written >= k {
                        let name = self.name(player);
                        self.report(
                            Diagnostic::new(
                                Code::Misresolved,
                                span,
                                format!(
                                    "{name} drew all {written} card{} {what} asks for, and is not decked by it",
                                    crate::diagnostics::plural(written)
                                ),
                            )
                            .label(why.to_string()),
                        );
                    }
                    drawn
                }
                _ => Drawn::Count(0),
            };
            // Decked, the deck is empty: whatever it certainly held was drawn too.
            let rest = self.state().player(player).deck.min_len().saturating_sub(drawn.count());
            let known = drawn.count().saturating_add(rest);
            self.emit(Event::Draws { player, drawn });
            if rest > 0 {
                self.emit(Event::Draws { player, drawn: Drawn::Count(rest) });
            }
            self.emit(Event::IsDecked(player));
            self.emit(Event::DiscardsHand(player));
            // With no line for the draws, the deck may have held more than the referee knew (up
            // to one fewer than asked for): those cards went to the hand, then to the discard pile,
            // which is not counted from then on (ruling R34).
            if unwritten && known.saturating_add(1) < k {
                self.emit(Event::DiscardsUnknown(player));
            }
            return true;
        }
        // The player's draw line of as many cards, where there is one (another may be a repeat of
        // a line taken already, or a trouble action's), else the first.
        let shown = self
            .take_claim(|e| matches!(e, Event::Draws { player: p, drawn } if *p == player && drawn.count() == k))
            .or_else(|| self.take_claim(|e| matches!(e, Event::Draws { player: p, .. } if *p == player)));
        let line = shown.as_ref().map(|(_, span)| *span);
        let drawn = match shown {
            Some((Event::Draws { drawn, .. }, span)) => {
                let written = drawn.count();
                if written == k {
                    // The cards named must be ones the deck's top could give.
                    if let Drawn::Cards(list) = &drawn {
                        self.check_deck_top(player, &super::state::expand(list), span);
                    }
                    drawn
                } else {
                    let name = self.name(player);
                    self.report(
                        Diagnostic::new(
                            Code::Misresolved,
                            span,
                            format!("{what} makes {name} draw {k} here, not {written}"),
                        )
                        .label(why.to_string()),
                    );
                    Drawn::Count(k)
                }
            }
            _ => {
                // Unwritten, from a deck that may run out: the draws may have decked the player,
                // which a log may leave out (R0707).
                let deck = &self.state().player(player).deck;
                let fog = self.state().fog.turn_order;
                if deck.len().is_none() && deck.min_len() < k {
                    self.r.drew_unseen_from(player, fog);
                }
                Drawn::Count(k)
            }
        };
        let named = match (&drawn, line) {
            (Drawn::Cards(list), Some(span)) => Some((super::state::expand(list), span)),
            _ => None,
        };
        self.emit(Event::Draws { player, drawn });
        // The cards named are checked against the decklist at their line.
        for (card, span) in named.iter().flat_map(|(cards, span)| cards.iter().map(move |c| (c, *span))) {
            self.r.check_card(player, card, span);
        }
        false
    }

    /// Takes the first of the turn's resolution lines that `pick` accepts, as evidence the power
    /// uses; it is then not compared again.
    pub fn take_claim(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        self.progress.take(pick)
    }

    /// The first of the turn's resolution lines not yet taken, if it satisfies `pick` (see
    /// [`Progress::take_first`]).
    pub fn take_first_claim(&mut self, pick: impl Fn(&Event) -> bool) -> Option<(Event, Span)> {
        self.progress.take_first(pick)
    }

    /// The first of the turn's resolution lines not yet taken, score lines aside (the one
    /// [`PowerCx::take_first_claim`] looks at).
    pub fn first_claim(&self) -> Option<&Event> {
        self.progress.first()
    }

    /// Whether an `activate` step of the turn aims at `p`.
    pub fn activation_aims_at(&self, p: PlayerId) -> bool {
        self.progress.turn_steps.iter().any(|s| match &s.kind {
            StepKind::Activate(choices) => choices.iter().any(|c| c.kind == ChoiceKind::Player(p)),
            _ => false,
        })
    }

    /// Whether one of the turn's resolution lines not yet taken satisfies `pick`.
    pub fn claims_left(&self, pick: impl Fn(&Event) -> bool) -> bool {
        self.progress.has(pick)
    }

    /// Where the first of the turn's resolution lines not yet taken that `pick` accepts stands,
    /// leaving it to be taken.
    pub fn claim_at(&self, pick: impl Fn(&Event) -> bool) -> Option<Span> {
        self.progress.at(pick)
    }

    /// Go: the player takes another turn at once.
    pub fn extra_turn(&mut self) {
        self.progress.extra_turn = true;
    }

    /// Skip: the next player loses the turn.
    pub fn skip(&mut self) {
        self.progress.skips += 1;
    }

    /// Allows one more play this turn (`?`: any card), beyond the one-card rule.
    pub fn allow_play(&mut self, card: Card) {
        self.progress.allowed.push(card);
    }

    /// Rescue: the card went from the discard pile to the hand; unless played this turn it goes
    /// on top of the deck.
    pub fn rescued(&mut self, card: Card) {
        self.progress.rescued = Some(card);
        self.progress.allowed.push(card);
    }

    /// Copy: uses `card`'s power as the player's own, with `choices`.
    pub fn use_copied(&mut self, card: &Card, choices: &[Choice]) {
        let (player, span) = (self.player, self.span);
        self.r.use_borrowed(player, card, choices, span, self.progress, "copied");
    }

    /// Sabotage: the discarded card's power may be activated by a later step of the turn;
    /// `doubtful` names the player who discarded it when only a line that may be the activated
    /// power's own names it (ruling R36).
    pub fn sabotaged(&mut self, card: Card, doubtful: Option<PlayerId>) {
        self.progress.sabotaged = Some(card);
        self.progress.sabotage_doubtful = doubtful;
    }

    /// Score: `target`'s next turn's first play will score for the player.
    pub fn awaits(&mut self, target: PlayerId) {
        if target == self.player {
            self.progress.awaits.push(self.player);
        }
        self.emit(Event::Awaits { player: self.player, target });
    }

    pub fn froze(&mut self, power: PowerSpec) {
        self.progress.froze.push(power);
    }

    /// Replay: the turn may (and, if the pile allows, must) replay a card.
    pub fn open_replay(&mut self) {
        self.progress.replay_open = true;
    }

    /// What `power` did from here cannot be followed (another power not followed yet may act, or
    /// the log leaves out what decides it): the rest of the turn is the table's word.
    pub fn unfollowed(&mut self, power: crate::model::Power, why: &str) {
        let spec = PowerSpec::Single(power);
        self.report(
            Diagnostic::new(Code::PowerUnverified, self.span, format!("effects of {power} not checked"))
                .label(why.to_string())
                .help("what the power could have changed is taken from the log until it can be checked again"),
        );
        // A Copy may have copied a Score, and a compound's two halves (for Dabo).
        if power == Power::Copy {
            self.r.may_have_scored_on(self.player, self.choices, self.progress);
            self.progress.activations += 2;
        }
        self.emit(Event::Unverified { player: self.player, power: spec });
        self.r.may_have_decked(self.player, &spec, self.choices);
        self.progress.fogged = true;
    }

    /// Checks cards the log says came off the top of `p`'s deck, in order, against what is known
    /// of the deck's top (R0601).
    pub fn check_deck_top(&mut self, p: PlayerId, cards: &[Card], span: Span) {
        let deck = &self.state().player(p).deck;
        let unknown = deck.top.is_empty() && deck.middle.known.is_empty();
        let bad = match cards {
            [card] => (!deck.could_draw(card)).then_some(card),
            // Each card comes from a middle of unknown cards: any card can.
            _ if unknown && (deck.middle.unbounded || deck.middle.unknown as usize >= cards.len()) => None,
            _ => {
                let mut deck = deck.clone();
                cards.iter().find(|c| deck.draw(c).is_err())
            }
        };
        if let Some(bad) = bad {
            let name = self.name(p);
            self.report(
                Diagnostic::new(Code::Misresolved, span, format!("{bad} cannot come off the top of {name}'s deck"))
                    .label("not the deck's top cards"),
            );
        }
    }

    /// Reports a card the log has `p` give from hand that the hand cannot hold; `at` is the line
    /// that names it (the power's step when none does).
    pub fn check_held(&mut self, p: PlayerId, card: &Card, at: Option<Span>) -> Card {
        self.r.check_held(p, card, at.unwrap_or(self.span), "")
    }

    /// As [`Self::check_held`], for the card a power's own choice (at `at`) has `p` give from hand
    /// for `what` (" to discard it").
    pub fn held_for(&mut self, p: PlayerId, card: &Card, at: Span, what: &str) -> Card {
        self.r.check_held(p, card, at, what)
    }

    /// As [`Self::held_for`], for the second of two cards a power's choice has `p` give from hand
    /// at once: the hand must hold it besides `first` (two copies, where the two are alike).
    /// Returns the card to read, as [`Self::held_for`] does.
    pub fn held_besides(&mut self, p: PlayerId, first: &Card, card: &Card, at: Span, what: &str) -> Card {
        let mut hand = self.r.state.player(p).hand.clone();
        // A hand that cannot give `first` is another report's; a card misnamed where it was
        // reported, or one an unwritten draw on a passed turn may have given, may be the second.
        if hand.take(first).is_err()
            || hand.could_hold(card)
            || self.r.misnamed_in_hand(p, card)
            || self.r.passed_turns.contains(&p)
        {
            return *card;
        }
        let read = renumbered(card, |m| hand.could_hold(m));
        let who = self.name(p);
        let message = if card == first {
            format!("{who} cannot hold two of {card}{what}")
        } else {
            format!("{who} cannot hold {card} besides {first}{what}")
        };
        let d = Diagnostic::new(Code::NotInHand, at, message);
        let held = if card == first { "the hand holds one, not two" } else { "the hand holds one of them, not both" };
        self.r.report_not_held(p, card, d, read, held)
    }

    /// Reports a card a power's choice (at `at`) takes from `p`'s discard pile that the pile cannot
    /// hold. Returns the card to read: the one written, or, where exactly one card of the same power
    /// and another number may be in the pile, that card, its number taken to be miswritten (ruling
    /// R4), so that the cards go on from the card the table took.
    pub fn check_discarded(&mut self, p: PlayerId, card: &Card, at: Span, help: &str) -> Card {
        let discard = &self.r.state.player(p).discard;
        if discard.could_hold(card) {
            return *card;
        }
        if let Some(misfit) = self.misnamed_in_discard(p, card) {
            return misfit;
        }
        let read = renumbered(card, |m| discard.could_hold(m));
        let name = self.name(p);
        let d = Diagnostic::new(Code::NotInDiscard, at, format!("{name}'s discard pile cannot hold {card}"));
        match read {
            Some(read) => {
                self.report(d.label(format!("read as {read}")).help(format!(
                    "the discard pile holds a {read}: the number seems miswritten, and the card is read as it"
                )));
                read
            }
            None => {
                self.report(d.label("not in the discard pile").help(help));
                *card
            }
        }
    }

    /// The card `p`'s discard pile holds that was reported as one the decklist cannot have (R0401)
    /// and is one word off `card`, a card the pile cannot hold: the card a line naming `card` takes
    /// from the pile, misnamed where it was reported (ruling R4).
    pub fn misnamed_in_discard(&self, p: PlayerId, card: &Card) -> Option<Card> {
        let discard = &self.r.state.player(p).discard;
        self.r.misnamed_as(p, card, |m| discard.known.contains(m))
    }

    /// `p` played `card` outside the turn's own steps (Stampede): a Qapla' empties the pot, and a
    /// card of the active trouble's power shifts it.
    pub fn played(&mut self, p: PlayerId, card: &Card) {
        self.r.pot_on_play(p, card, self.progress);
        self.r.trouble_after_play(card, self.progress);
    }

    /// SHIFT, RESET: the active trouble changes.
    pub fn shift_trouble(&mut self) {
        self.r.trouble_shift(self.progress);
    }

    /// Checks a player's decklist after a card of theirs became known.
    pub fn check_card(&mut self, p: PlayerId, card: &Card, span: Span) {
        self.r.check_card(p, card, span);
    }

    /// Whether `card` can be the top of `p`'s deck by the decklist as well as by the deck's order.
    pub fn deck_top_admits(&self, p: PlayerId, card: &Card) -> bool {
        self.r.deck_top_admits(p, card)
    }
}

/// A one-card line's event with its card read as `card` (a number miswritten, ruling R4).
fn with_card(mut event: Event, card: Card) -> Event {
    if let Event::Discards { cards, .. } | Event::Puts { cards, .. } = &mut event {
        if let Some(first) = cards.first_mut() {
            first.card = card;
        }
    }
    event
}

/// Whether the line can be a Replicate's extra card: one card from `owner`'s hand into the place
/// the Replicate went (`None`: the discard pile).
fn replicate_line(e: &Event, owner: PlayerId, place: Option<super::event::Place>) -> bool {
    match (e, place) {
        (Event::Discards { player, cards, from: crate::model::log::Zone::Hand }, None) => {
            *player == owner && cards.len() == 1 && cards[0].count == 1
        }
        (Event::Puts { player, cards, to, from }, Some(p)) => {
            *player == owner
                && to.place == p
                && powers::owns(owner, to.owner)
                && from.zone == crate::model::log::Zone::Hand
                && powers::owns(owner, from.owner)
                && cards.len() == 1
                && cards[0].count == 1
        }
        _ => false,
    }
}

/// Whether the line says `who` scores `n`.
fn scores(e: &Event, who: PlayerId, n: u64) -> bool {
    *e == Event::Scores { player: who, points: crate::model::Points(n) }
}

/// Lines that restate a step without adding to it.
/// Past this many resolution lines, a turn's events are grouped by kind before they are compared.
/// Debug builds (every test) group them always, and check each answer against the plain search.
/// Up to how many unmatched resolution lines, and events in the turn, a line the rules did not
/// make happen is paired with an event of the turn's powers (each pairing looks at every event
/// and line of the turn; a crafted turn of thousands gets the plain report).
const COUNTERPART_LINES: usize = 64;
const COUNTERPART_EVENTS: usize = 512;
/// The label of a line reported as written again ([`Referee::written_again`]).
const WRITTEN_AGAIN: &str = "written once too often";
const INDEXED_CLAIMS: usize = if cfg!(debug_assertions) { 0 } else { 16 };

/// The kind of event besides its own that [`cosmetic`] lets a claim stand for (the debug
/// cross-check in `compare` fails if the two disagree).
fn cosmetic_kind(claim: &Event) -> Option<std::mem::Discriminant<Event>> {
    let p = crate::model::PlayerId(0);
    match claim {
        Event::Discards { .. } => Some(std::mem::discriminant(&Event::DiscardsHand(p))),
        Event::Scores { .. } => Some(std::mem::discriminant(&Event::ScoreUnverified(p))),
        Event::Draws { .. } => Some(std::mem::discriminant(&Event::DrawsUnknown(p))),
        Event::PotEmpties => Some(std::mem::discriminant(&Event::PotMayEmpty)),
        _ => None,
    }
}

/// The lines of a turn's resolution lines that say again what an earlier one said, those a
/// power took as evidence among them, with none that `compare` lets pass unpaired (a pass, a
/// decking judged with the draw): each a line not taken, as its span, the first such line's span,
/// and how many times the line has then been written.
#[inline(never)]
fn repeated_claims(all: &[(&Event, Span, bool)], names: &crate::model::Names) -> Vec<(Span, Span, usize)> {
    let counted = |e: &Event| !matches!(e, Event::Passes(_) | Event::IsDecked(_));
    let mut repeats = Vec::new();
    if all.len() > INDEXED_CLAIMS {
        // A crafted turn of thousands of lines: by text, as `compare` answers them.
        let mut seen: std::collections::HashMap<String, (Span, usize)> = std::collections::HashMap::new();
        for (claim, span, taken) in all.iter().filter(|(c, _, _)| counted(c)) {
            let (first, times) = seen.entry(claim.display(names).to_string()).or_insert((*span, 0));
            *times += 1;
            if *times > 1 && !*taken {
                repeats.push((*span, *first, *times));
            }
        }
        return repeats;
    }
    for (i, (claim, span, taken)) in all.iter().enumerate() {
        if *taken || !counted(claim) {
            continue;
        }
        let mut earlier = all[..i].iter().filter(|(e, _, _)| e == claim);
        if let Some((_, first, _)) = earlier.next() {
            repeats.push((*span, *first, earlier.count() + 2));
        }
    }
    repeats
}

/// The turn's events a claim can be, by [`Referee::compare`]'s index of them by kind: of its own
/// kind and of the kind [`cosmetic`] pairs it with.
fn of_kind<'k>(
    by_kind: &'k std::collections::HashMap<std::mem::Discriminant<Event>, Vec<usize>>,
    claim: &Event,
) -> impl Iterator<Item = &'k usize> {
    cosmetic_kind(claim).into_iter().chain([std::mem::discriminant(claim)]).filter_map(|k| by_kind.get(&k)).flatten()
}

fn cosmetic(claim: &Event, happened: &Event) -> bool {
    match (claim, happened) {
        (Event::Discards { player: p, from: crate::model::log::Zone::Hand, .. }, Event::DiscardsHand(q)) => p == q,
        // A score the referee could not work out this turn is the table's word (the sheet decides).
        (Event::Scores { player: p, .. }, Event::ScoreUnverified(q)) => p == q,
        // So are the cards drawn where the referee could not count them (a Toxin's revealed cards
        // when the Discard cards on a pile are not all known).
        (Event::Draws { player: p, .. }, Event::DrawsUnknown(q)) => p == q,
        // So is a pot that a card not recorded may have emptied.
        (Event::PotEmpties, Event::PotMayEmpty) => true,
        _ => false,
    }
}

fn power_name(p: &PowerSpec) -> String {
    match p {
        PowerSpec::Unrecorded => "an unrecorded power".to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Power;

    #[test]
    fn a_listing_counts_equal_cards_and_names_two_dozen_different_ones() {
        let go = Card::new(Denomination::One, Power::Go);
        let skip = Card::new(Denomination::Ten, Power::Skip);
        assert_eq!(card_listing(&[]), "");
        assert_eq!(card_listing(&[go, skip, go, Card::Unknown, go]), "3x 1 Go, 10 Skip, ?");
        let many: Vec<Card> = std::iter::repeat_n(go, 5000).collect();
        assert_eq!(card_listing(&many), "5000x 1 Go");
        let different: Vec<Card> = Power::ALL
            .iter()
            .take(LISTED + 2)
            .map(|p| Card::new(Denomination::One, *p))
            .chain([Card::new(Denomination::One, Power::ALL[LISTED])])
            .collect();
        let text = card_listing(&different);
        assert!(text.starts_with("1 Advance, 1 Ante, "), "{text}");
        assert!(text.ends_with(" and 3 more cards"), "{text}");
        assert_eq!(text.matches(", ").count(), LISTED - 1, "{text}");
        assert!(card_listing(&different[1..LISTED + 2]).ends_with(" and 1 more card"));
    }
}
