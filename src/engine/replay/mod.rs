//! The replay driver: walks a parsed log line by line, asks the rules for the events each line
//! produces and the diagnostics it deserves, and folds the events into the state. It never stops
//! at an error: it carries on from what the table actually did.
//!
//! This module holds the referee and its run loop; the header is read in `setup`, rounds and
//! their preambles in `round`, the score sheet in `scoring`, and `slips` answers the loop's
//! questions about a group that drew reports before a reading of a slip is tried.

use super::event::{Drawn, Event};
use super::state::State;
use super::zone::Counts;
use crate::diagnostics::{Code, Diagnostic, Severity, plural};
use crate::model::log::{
    CardCount, CardCounts, Line, LineKind, Log, Ruleset, Step, StepKind, Zone, guest_card, total_count,
};
use crate::model::{Card, Names, PlayerId, Power, Span};
use crate::powers;

mod decked;
mod decklist;
mod expect;
mod header;
mod position;
mod round;
mod scoring;
mod setup;
mod slips;

/// An event with the index of the log line that caused it.
#[derive(Clone, Debug, PartialEq)]
pub struct Logged {
    pub line: usize,
    pub event: Event,
}

/// Everything a replay found.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The state before the first event (after the header or the position block).
    pub initial: State,
    pub state: State,
    pub events: Vec<Logged>,
    pub diagnostics: Vec<Diagnostic>,
    pub rounds: Vec<RoundReport>,
    /// Where each turn ends in `events`: (round, turn number in the round, events so far); turn 0
    /// is the start of the round, after the deal.
    pub turns: Vec<(u32, u32, usize)>,
    /// False for a fragment without players: only its syntax was checked.
    pub refereed: bool,
}

impl Replay {
    /// The state after the first `count` events, folded from the initial state.
    pub fn state_after(&self, count: usize) -> State {
        let mut s = self.initial.clone();
        for e in self.events.iter().take(count) {
            s.apply(&e.event);
        }
        s
    }
}

/// At most this many items (events, reports, different cards) are named in a help line that lists
/// them: more than a turn of play makes (a Mutate makes about twenty events) or a hand holds, far
/// fewer than a crafted turn or hand of thousands.
pub(super) const LISTED: usize = 24;

/// A diagnostic as an `expect` line names it: `error R0305`.
struct Flagged<'d>(&'d Diagnostic);

impl std::fmt::Display for Flagged<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.0.severity().keyword(), self.0.code.id())
    }
}

/// The reports `expect clean` counts (all but notes) that no `expect` line claimed, in the order
/// reported: a list threaded through the reports' indices, from which a claimed report is unlinked
/// when a walk meets it, so that each `expect clean` costs what it lists, not every report so far.
#[derive(Clone)]
struct Flags {
    /// How many reports are flags and unclaimed.
    unclaimed: usize,
    /// The first and the last linked report (`END` when none).
    first: usize,
    last: usize,
    /// For each linked report, the next one (`END` after the last).
    next: Vec<usize>,
}

const END: usize = usize::MAX;

impl Flags {
    fn new() -> Flags {
        Flags { unclaimed: 0, first: END, last: END, next: Vec::new() }
    }

    /// Report `i` is a flag.
    fn push(&mut self, i: usize) {
        if self.next.len() <= i {
            self.next.resize(i + 1, END);
        }
        match self.last {
            END => self.first = i,
            last => self.next[last] = i,
        }
        self.last = i;
        self.unclaimed += 1;
    }

    /// The first unclaimed flags, at most [`LISTED`] of them; the claimed ones met are unlinked.
    fn first_unclaimed(&mut self, claimed: &[bool]) -> Vec<usize> {
        let mut found = Vec::new();
        let (mut before, mut at) = (END, self.first);
        while at != END && found.len() < LISTED.min(self.unclaimed) {
            let next = self.next[at];
            if is_claimed(claimed, at) {
                match before {
                    END => self.first = next,
                    b => self.next[b] = next,
                }
                if self.last == at {
                    self.last = before;
                }
            } else {
                found.push(at);
                before = at;
            }
            at = next;
        }
        found
    }
}

/// One round's scoring, for `tribbles score`.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundReport {
    pub round: u32,
    pub rows: Vec<ScoreRow>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow {
    pub player: PlayerId,
    pub went_out: bool,
    pub decked: bool,
    /// The play pile's cards and total, for a player who went out; `None` when it cannot be
    /// computed.
    pub pile: Option<(usize, u64)>,
    /// Points scored during the round by powers.
    pub during: u64,
    /// Bonus's 100,000, when earned.
    pub bonus: u64,
    /// 50,000 for each of the player's BiJs in the pile of a player who went out.
    pub bij: u64,
    /// IDIC's 10,000 for each different power in the pile, for a player who went out.
    pub idic: u64,
    /// What Quadruples add to the pile's value (30,000 each), for a player who went out.
    pub quadruple: u64,
    /// All points this round, when known.
    pub points: Option<u64>,
    pub total: Option<u64>,
    /// What the score keeper wrote, if anything.
    pub recorded_points: Option<u64>,
    pub recorded_total: Option<u64>,
}

impl ScoreRow {
    /// The engine's breakdown, as the help of a scoring diagnostic shows it.
    pub fn breakdown(&self, names: &Names) -> String {
        let who = names.get(self.player);
        let mut parts = Vec::new();
        match (self.went_out, self.pile) {
            (true, Some((n, total))) => parts.push(format!("play pile {total} ({n} card{})", plural(n))),
            (true, None) => parts.push("play pile not computable".to_string()),
            (false, _) if self.decked => parts.push("decked: scores nothing".to_string()),
            (false, _) => parts.push("did not go out".to_string()),
        }
        if self.quadruple > 0 {
            parts.push(format!("Quadruple {}", self.quadruple));
        }
        if self.idic > 0 {
            parts.push(format!("IDIC {}", self.idic));
        }
        if self.bonus > 0 {
            parts.push(format!("Bonus {}", self.bonus));
        }
        if self.bij > 0 {
            parts.push(format!("BiJ {}", self.bij));
        }
        if self.during > 0 {
            parts.push(format!("scored during the round {}", self.during));
        }
        match self.points {
            Some(p) => format!("{who}: {} = {p} this round", parts.join(" + ")),
            None => format!("{who}: {}", parts.join(" + ")),
        }
    }
}

/// The replay in progress.
#[derive(Clone)]
pub(crate) struct Referee<'a> {
    pub(super) log: &'a Log,
    pub(super) state: State,
    initial: Option<State>,
    pub(super) events: Vec<Logged>,
    pub(super) diags: Vec<Diagnostic>,
    rounds: Vec<RoundReport>,
    turns: Vec<(u32, u32, usize)>,
    /// The line being processed, for the events it causes.
    pub(super) line: usize,
    /// The span of the card that set the chain, for related labels.
    pub(super) chain_span: Option<Span>,
    /// Where the most recent line group starts in the source, its first event and its first
    /// diagnostic of the rules, for `expect`.
    group_start: u32,
    group_events: usize,
    pub(super) group_diags: usize,
    /// How many diagnostics came from the syntax stage (they come first).
    syntax_diags: usize,
    /// How many came before the first group: the syntax stage's, then those of the setup, which
    /// reads the header lines wherever they stand (a table of one player, a decklist).
    setup_diags: usize,
    /// Whether each diagnostic is claimed by an `expect` line (not reported), by index.
    claimed: Vec<bool>,
    /// The unclaimed reports but notes, for `expect clean`.
    flags: Flags,
    /// The reports from before the first group (the syntax stage's and the setup's) by where they
    /// start (start, index), for `expect` lines naming a report, which look only at their group's
    /// lines; sorted when the first such line is met.
    early_starts: Option<Vec<(u32, usize)>>,
    /// The answers of the current group's `expect` event lines, by their text, while the group's
    /// events stay as they were (its start and its number of events), with the help of a line
    /// that did not happen: each different line is judged once.
    expect_answers: Option<ExpectAnswers>,
    /// A round line seen, its preamble being read.
    pending: Option<Pending<'a>>,
    /// The table missed a go-out this round (reported once).
    pub(super) missed_go_out: bool,
    /// Players went out while another player still in held a hand the referee cannot count, which
    /// may have been empty too: that player may have gone out with them.
    pub(super) outs_uncertain: bool,
    /// The one taken to have gone out as the last one in is a reading: a draw the log does not
    /// name may have decked that player instead, and another player still in may be the last one.
    last_one_a_reading: bool,
    /// The active trouble was last named by a shift line after a power the referee could not
    /// follow, which may have shifted it again unwritten (ruling R35): the next shift lines are
    /// taken as written, and what the trouble allows is not checked, until a turn the referee
    /// follows takes a shift line or a round's `trouble:` line names it.
    pub(super) trouble_doubtful: bool,
    /// Notes given once per round.
    pub(super) noted_turn_order: bool,
    /// Players who must sit out the next round, and who may take its first turn.
    sit_out_next: Vec<PlayerId>,
    /// Under TCC 2.1, players who may have been decked this round, unseen, with a deck that may
    /// hold fewer than seven cards: they may sit the next round out (`may_sit_out` then).
    may_sit_out_next: Vec<PlayerId>,
    /// Players who may be sitting this round out unseen: as for a deck that may have been too
    /// short at the deal, a turn may pass them over (ruling R2), but their decks were not dealt
    /// from, so a card leaving the deck does not show them in.
    pub(super) may_sit_out: Vec<PlayerId>,
    first_candidates: Option<Vec<PlayerId>>,
    /// Players whose next opening hand cannot be verified (a passive power not yet followed).
    uncertain_deal: Vec<PlayerId>,
    /// Who may mulligan at the next round's start (ROLL); `None` when the last round's end was not
    /// seen (a log that starts after it).
    may_roll: Option<Vec<PlayerId>>,
    /// Whether the last round's end allowed a reseating (BAH!), for a `reseat` line after it.
    reseat_allowed: Option<bool>,
    /// The table was reseated since the last round ended.
    reseated: bool,
    /// The number the last `round` line wrote where it was not the rounds' count (ruling R4): the
    /// round is counted as the table played it, and the next `round` line may go on from either
    /// (the log's figures, once they part from the count, are followed beside it).
    round_written: Option<u32>,
    /// The last round of a log that plays on past the game's rounds (ruling R4): read as the
    /// game's last once the first round too many is reported.
    rounds_played_on: Option<u32>,
    /// The header line the game is read with in place of the one written (ruling R4); while
    /// it is tried, the reading stops, `header_failed` set, once it draws `header_trial` errors.
    header_reading: Option<header::HeaderReading>,
    header_trial: Option<usize>,
    header_failed: bool,
    /// The last round's end let a player demand a reseating and no `reseat` line followed: a turn
    /// out of turn in this round may show the line left out.
    pub(super) reseat_unwritten: bool,
    /// The round just ended with nobody out, and its latest turn that used a Stampede (its line and
    /// the line its block runs to) has no `then` line, its player left with one card of the next
    /// number: that play may have gone out, its line left out (set where the round's end is
    /// reported, read by the run loop).
    pub(super) unwon_stampede: Option<(usize, usize)>,
    /// The round just ended with nobody out, and its latest turn that drew the one card its player
    /// is left with (its line and the line its block runs to): the card may have been played at
    /// once and gone out, the play left out (set and read as `unwon_stampede` is).
    pub(super) unwon_draw: Option<(usize, usize)>,
    /// Players the last round's end let mulligan (ROLL) for whom this round has no `mulligan`
    /// line: a card such a player's hand cannot hold may show the line left out.
    pub(super) unrolled: Vec<PlayerId>,
    /// This round's preamble gave two `hand` lines or more, and no reading has yet tried two of
    /// them in each other's places: a card such a player's hand cannot hold may show them swapped.
    pub(super) hands_unswapped: bool,
    /// The `round` line of the round begun above it, where preamble lines were written first.
    round_line_below: Option<usize>,
    /// A round's scoring lines written above its last turns, read once those turns are.
    scoring_below: Option<(usize, usize)>,
    /// The first of the scoring lines last kept so, read below the turns as they are.
    scoring_moved: Option<usize>,
    /// Players whose hand a round's end discarded where a Safety in the pile could have saved it,
    /// no `safety` line written, each with the line whose reading ended that round: a card drawn
    /// later that the decklist holds no more of may show the line left out (the latest round's
    /// end a player).
    pub(super) unsaved: Vec<(PlayerId, usize)>,
    /// Cards reported as ones a player's decklist cannot hold (R0401), each with where the group
    /// read then begins (a byte offset) and the report: the list may have left the card out, which
    /// the player's deck running out a card early by the list's count then shows (ruling R4).
    pub(super) unlisted: Vec<(PlayerId, Card, u32, Diagnostic)>,
    /// A report a reading makes at the turn it reads again, made as the turn's group begins, so
    /// that the turn's `expect` lines see it.
    pub(super) report_at_group: Option<Box<Diagnostic>>,
    /// The troubles whose shift lines are known: the built-in Sickbay and those the log declares.
    pub(super) trouble_cards: Vec<crate::model::log::TroubleCard>,
    /// The last active trouble looked up: its name, how many troubles were known then, and
    /// which of them it is (names are compared loosely, which is slow to do on every turn).
    pub(super) trouble_memo: std::cell::RefCell<(String, usize, Option<usize>)>,
    /// How many cards fewer each player is dealt next round (TIME WARP).
    warped: Vec<(PlayerId, u32)>,
    /// A card played so far had its power recorded: the log records powers (ruling F12).
    pub(super) powers_played: bool,
    pub(super) turn_in_round: u32,
    refereed: bool,
    /// Each player's `gains` when the decklist check last found all located cards within the list.
    checked_gains: Vec<u32>,
    /// Each player's located cards as the decklist check last counted them, plus the cards that
    /// became known since: an upper bound that spares the walk while it fits the list.
    located_bounds: Vec<Option<Counts>>,
    /// Whether `events` keeps the whole game (`replay`, `score`) or only the current line's group.
    keep_events: bool,
    /// Whether the current group's events are kept at all: with `keep_events` off, a turn with no
    /// resolution or `expect` line after it has nothing to compare them with (most turns).
    pub(super) record_events: bool,
    /// The last turn's list of resolution lines, emptied, lent to the next turn (one allocation
    /// a game, not one a turn).
    pub(super) spare_claims: Vec<(&'a Event, Span, bool)>,
    /// The powers resolving now, innermost last (a Copy's copied power after the Copy): a
    /// mis-resolution found meanwhile cites the innermost's rule.
    pub(super) resolving: Vec<Power>,
    /// The current turn's resolutions: the events each power's resolution emitted (indices into
    /// `events`, from and to) and the power, innermost first, for a resolution line the rules did
    /// not make happen to name the power that made its counterpart.
    pub(super) resolutions: Vec<(usize, usize, Power)>,
    /// The players who went out this round, in order.
    pub(super) went_out: Vec<PlayerId>,
    /// Those of them whose going out rests on a count of cards nobody saw (the hand's last card
    /// played was one of them): where the table plays on, the count proves short.
    pub(super) out_on_count: Vec<PlayerId>,
    /// `safety` lines of the round being closed, and a `reseat` to apply after it.
    safeties: Vec<PlayerId>,
    reseat: Option<Vec<PlayerId>>,
    /// The player whose turn an out-of-turn play took, and the one who took it.
    pub(super) displaced: Option<(PlayerId, PlayerId)>,
    /// Where play resumes after the displaced player's turn.
    pub(super) resume_after: Option<PlayerId>,
    /// After a turn out of order that a change of direction the log leaves out would explain (the
    /// player sits next the other way round): who plays next in that reading, where play goes
    /// against the direction on record (a Reverse on record turns both). A turn only that reading
    /// allows shows the table went the other way, and the referee follows it (ruling R4).
    pub(super) reversal: Option<PlayerId>,
    /// The turn being played is one that reading allows: at its end, `reversal` is who plays
    /// after it in that reading.
    pub(super) reversal_armed: bool,
    /// The turns a turn out of order passed over, which the log may leave out: its first play is
    /// judged on the chains they may have left (ruling R4).
    pub(super) passed_over: u32,
    /// The players whose turns a turn out of order passed over this round, each of which may have
    /// been a draw the log leaves out: the first card the player's hand cannot hold afterwards is
    /// taken to be that draw's (ruling R4).
    pub(super) passed_turns: Vec<PlayerId>,
    /// The line of the last turn applied this round.
    pub(super) last_turn_line: Option<usize>,
    /// Cards already reported as impossible for their owner's decklist: each is reported once.
    misfits: Vec<(PlayerId, Card)>,
    /// The draw that emptied each player's deck, for related labels.
    pub(super) emptied: Vec<(PlayerId, Span)>,
    /// The player skipped by the last turn, who may write the skipped turn down.
    pub(super) last_skipped: Option<PlayerId>,
    /// The player of the previous turn and the powers activated in it (Dabo); whether that turn
    /// gave its player another (Go), whose activations then add up.
    pub(super) previous_turn: Option<(PlayerId, u32)>,
    /// The turn before a position block: how many powers it activated is not known (Dabo).
    pub(super) previous_turn_unseen: bool,
    pub(super) go_chain: bool,
    /// Whether each player (by index) has taken a turn this round.
    pub(super) took_turn: Vec<bool>,
    /// The players a resolution line showed taking part this round (a card given from the hand, a
    /// deck that gave a card it could not have kept through a decking deal): none of them was
    /// decked at the deal.
    pub(super) took_part: Vec<PlayerId>,
    /// Players taken to have been decked at the deal, or by a draw (R0707), until they play after
    /// all.
    pub(super) inferred_decked: Vec<InferredDecked>,
    /// The players who drew, without the card named, from a deck of unknown size that may have
    /// been empty, and have not shown since that they were not decked by it (R0707).
    pub(super) drew_unseen: Vec<PlayerId>,
    /// The same, for draws while the turn order is the table's (R35), where such a draw takes
    /// nobody to have been decked, but a power acting on every player still in must still allow
    /// for it once the deck has cards again (redaction sweep game 1503335).
    pub(super) drew_unseen_fogged: Vec<PlayerId>,
    /// Powers the referee could not follow, aimed at a player, that may have been a Score: who
    /// used them and at whom. The target's next play may score for them, as the table writes it.
    pub(super) maybe_awaiting: Vec<(PlayerId, PlayerId)>,
    /// The players whose decks, of unknown size, may have held fewer than seven cards at this
    /// round's deal.
    pub(super) maybe_short: Vec<PlayerId>,
    /// Whether the referee dealt this round (not so after a position block): else a deck's size
    /// now is all there is to go on.
    pub(super) saw_deal: bool,
    /// A position block was given in mid-round (a card on a pile, or a pile not given): what the
    /// players scored in the round before it, which the block's scores hold, is not known (ruling
    /// R12). Until the next deal.
    points_before_position: bool,
    /// For such a block, each player's most points scored before it: the score it gives, which
    /// holds them (`None`: any, the score not given or lowered by a trouble's Lose action).
    points_before_at_most: Vec<Option<u64>>,
    /// The last turn's Skips, for another reading of them (ruling R2): who played them, where
    /// play went on from, and how many.
    pub(super) skip_reading: Option<(PlayerId, PlayerId, u32)>,
    /// While set, reports are held here rather than made: those of a power used on a reading
    /// of the log that another reading may replace (an activated card a Sabotage's line may not
    /// have named).
    pub(super) held: Option<Vec<Diagnostic>>,
    /// The players a card of whose was read this round as another, a word of it miswritten
    /// (ruling R4): a card the hand cannot hold afterwards shows that the hand the referee knew
    /// was wrong instead, which that report covers.
    pub(super) misread_hands: Vec<PlayerId>,
    /// The turns out of order this round that no reading explained; past two, the table's order
    /// is followed to the round's end (`table_order`).
    pub(super) out_of_order: u32,
    pub(super) table_order: bool,
    /// Reading ahead on a copy of the replay, to choose between readings of a slip: no further
    /// reading ahead.
    pub(super) speculating: bool,
    /// How many more slips may be read ahead on as a turn left out ([`Self::left_out_turn`],
    /// [`Self::plain_turn_left_out`]), a target miswritten ([`Self::misaimed_turn`]) or a turn
    /// under another player's name ([`Self::misnamed_turn`]): each reading copies the replay, so
    /// that a log of many such slips costs a bounded multiple of its length.
    pub(super) left_out_readings: u32,
    /// A copy reading a turn whose table writes a player decked whose deck still holds cards, as
    /// the table has it ([`Self::decked_as_written`]): the cards left drawn unrecorded before.
    pub(super) decked_as_table: bool,
    /// The turn about to be read was written before this player's turn (at this span), which the
    /// referee read first, as the table played them (ruling R4).
    pub(super) written_early: Option<(PlayerId, Span)>,
    /// Trouble shifts the table wrote where the rules make none, with their lines: the table's
    /// trouble, followed once the turn is read (ruling R4).
    pub(super) followed_shifts: Vec<(Event, Span)>,
    /// A turn the log left out, read ahead on as the one before the next turn line, and the
    /// report of the slip ([`Self::plain_turn_left_out`]).
    pub(super) left_out: Option<Box<(crate::model::log::Turn, Diagnostic)>>,
    /// The turn just read (its line and its block's end) drew a report that no other reading
    /// explained, and its block has resolution lines or it played a card the hand could not hold
    /// or whose play drew an error ([`Self::suspect_cards`]): [`Self::misnamed_line`] may read it
    /// again.
    pub(super) suspect_lines: Option<(usize, usize)>,
    /// The players whose total the sheet gave wrong (a `totals:` line, or a `points:` line added
    /// on), its figure followed since (ruling R4), and by how much the rules' total differs from
    /// it: a later total that is the rules' shows that the sheet did not carry the slip on.
    total_slips: Vec<(PlayerId, i128)>,
    /// The points of this round's score lines that gave a figure the rules did not, which the
    /// referee followed (ruling R4), by player: the rules' points less the lines'. A sheet that
    /// gives the rules' points did not carry those slips on.
    pub(super) score_slips: Vec<(PlayerId, i128)>,
}

/// A copy of the replay before a group, from which the referee reads on to a later turn to read
/// that turn again ([`Referee::misnamed_line`]): taken after each such reading taken (before
/// one, the log is read again from its start). The copy is made without the game's events and
/// turns, which only grow: those it had are the first `events` and `turns` of the replay's.
pub(super) struct Checkpoint<'a> {
    referee: Box<Referee<'a>>,
    /// The line the copy reads on from.
    at: usize,
    events: usize,
    turns: usize,
}

/// A player taken to have been decked at the deal because a turn passed over them (ruling R2).
#[derive(Clone)]
pub(super) struct InferredDecked {
    pub player: PlayerId,
    /// Who played instead, and where.
    pub jumper: PlayerId,
    pub span: Span,
    /// Whose turn the rules gave without the inference: the one `jumper`'s turn was out of turn
    /// for, should the inference be withdrawn.
    pub expected: PlayerId,
    /// Another player whose being decked at the deal would explain the same turn as well: the one
    /// a Skip just passed over, who may have been out already, so that the Skip fell on `player`.
    pub instead: Option<PlayerId>,
    /// The cards of the hand the referee knew: the inference puts them nowhere it knows (they were
    /// discarded at the deal, and that pile may have moved since), and they come back if it is
    /// withdrawn.
    pub hand: Vec<Card>,
    /// How many more cards the hand held that the referee did not know, and whether it could not
    /// be counted (an uncertain deal).
    pub hand_unknown: u32,
    pub hand_unbounded: bool,
    /// A power acting on every player still in was used while the inference stood: should it be
    /// withdrawn, the player may have had a part in it that the referee did not follow.
    pub missed: bool,
    /// One of those powers may have changed the player's play pile (not only Ante, Avalanche,
    /// Masaka or Toxin).
    pub missed_pile: bool,
    /// Cards left the player's discard pile while the inference stood (a Recycle shuffled it
    /// into the deck, a Rival took one): had the player been decked at the deal, some of the
    /// hand may lie elsewhere now.
    pub discard_moved: bool,
}

impl InferredDecked {
    pub fn new(player: PlayerId, jumper: PlayerId, span: Span, expected: PlayerId, instead: Option<PlayerId>) -> Self {
        InferredDecked {
            player,
            jumper,
            span,
            expected,
            instead,
            hand: Vec::new(),
            hand_unknown: 0,
            hand_unbounded: false,
            missed: false,
            missed_pile: false,
            discard_moved: false,
        }
    }
}

/// The answers of a group's `expect` event lines so far.
#[derive(Clone)]
struct ExpectAnswers {
    /// The group's start and how many events it had.
    group: (u32, usize),
    /// Whether each line (by its text) happened.
    answers: std::collections::HashMap<String, bool>,
    /// The help of a line that did not happen: what did.
    help: String,
}

#[derive(Clone)]
struct Pending<'a> {
    round: u32,
    /// The index of the `round` line, to which the round's start is attributed.
    line: usize,
    span: Span,
    first: Option<(PlayerId, Span)>,
    hands: Vec<(PlayerId, &'a CardCounts, Span)>,
    /// A player's `hand` lines after the first, differing, each with the index of its report.
    hands_again: Vec<(PlayerId, &'a CardCounts, Span, usize)>,
    mulligans: Vec<(PlayerId, Span)>,
    /// The round's `trouble:` line: the active trouble when it starts.
    trouble: Option<String>,
    /// Where `trouble:` was given.
    trouble_at: Span,
    /// The last round's score was written below the `round` line (reported once).
    score_below: bool,
}

impl Pending<'_> {
    /// Whether no line of the round's own preamble has been read yet.
    fn is_empty(&self) -> bool {
        self.first.is_none() && self.hands.is_empty() && self.mulligans.is_empty() && self.trouble.is_none()
    }
}

trait TruncateTotal {
    fn truncate_total(&mut self, n: u32);
}

impl TruncateTotal for CardCounts {
    /// Keeps the first `n` cards of a counted list.
    fn truncate_total(&mut self, n: u32) {
        let mut left = n;
        self.retain_mut(|c| {
            if left == 0 {
                return false;
            }
            c.count = c.count.min(left);
            left -= c.count;
            true
        });
    }
}

impl<'a> Referee<'a> {
    /// A referee for `log`, whose syntax diagnostics (warnings and notes) come first among its
    /// own, so that `expect` lines can claim them.
    fn new(log: &'a Log, syntax: Vec<Diagnostic>) -> Referee<'a> {
        let mut flags = Flags::new();
        for (i, d) in syntax.iter().enumerate() {
            if d.severity() != Severity::Note {
                flags.push(i);
            }
        }
        Referee {
            log,
            state: State::new(Ruleset::Tcc21, 5, Names::default(), Vec::new(), Vec::new()),
            initial: None,
            events: Vec::new(),
            syntax_diags: syntax.len(),
            setup_diags: syntax.len(),
            diags: syntax,
            rounds: Vec::new(),
            turns: Vec::new(),
            line: 0,
            chain_span: None,
            group_start: 0,
            group_events: 0,
            group_diags: 0,
            claimed: Vec::new(),
            flags,
            early_starts: None,
            expect_answers: None,
            pending: None,
            missed_go_out: false,
            outs_uncertain: false,
            last_one_a_reading: false,
            trouble_doubtful: false,
            noted_turn_order: false,
            sit_out_next: Vec::new(),
            may_sit_out_next: Vec::new(),
            may_sit_out: Vec::new(),
            first_candidates: None,
            uncertain_deal: Vec::new(),
            may_roll: None,
            reseat_allowed: None,
            reseated: false,
            round_written: None,
            rounds_played_on: None,
            header_reading: None,
            header_trial: None,
            header_failed: false,
            reseat_unwritten: false,
            unwon_stampede: None,
            unwon_draw: None,
            unrolled: Vec::new(),
            hands_unswapped: false,
            round_line_below: None,
            scoring_below: None,
            scoring_moved: None,
            unsaved: Vec::new(),
            unlisted: Vec::new(),
            report_at_group: None,
            trouble_cards: Vec::new(),
            trouble_memo: Default::default(),
            warped: Vec::new(),
            powers_played: false,
            turn_in_round: 0,
            refereed: true,
            keep_events: true,
            record_events: true,
            spare_claims: Vec::new(),
            resolving: Vec::new(),
            resolutions: Vec::new(),
            checked_gains: vec![0; crate::model::MAX_PLAYERS],
            located_bounds: vec![None; crate::model::MAX_PLAYERS],
            went_out: Vec::new(),
            out_on_count: Vec::new(),
            safeties: Vec::new(),
            reseat: None,
            displaced: None,
            reversal: None,
            reversal_armed: false,
            passed_over: 0,
            passed_turns: Vec::new(),
            last_turn_line: None,
            resume_after: None,
            misfits: Vec::new(),
            emptied: Vec::new(),
            last_skipped: None,
            previous_turn: None,
            previous_turn_unseen: false,
            go_chain: false,
            took_turn: Vec::new(),
            took_part: Vec::new(),
            inferred_decked: Vec::new(),
            drew_unseen: Vec::new(),
            drew_unseen_fogged: Vec::new(),
            maybe_awaiting: Vec::new(),
            skip_reading: None,
            held: None,
            misread_hands: Vec::new(),
            out_of_order: 0,
            table_order: false,
            speculating: false,
            left_out_readings: 16,
            decked_as_table: false,
            written_early: None,
            followed_shifts: Vec::new(),
            left_out: None,
            suspect_lines: None,
            total_slips: Vec::new(),
            score_slips: Vec::new(),
            maybe_short: Vec::new(),
            saw_deal: false,
            points_before_position: false,
            points_before_at_most: Vec::new(),
        }
    }

    fn finish(mut self) -> Replay {
        let initial = self.initial.take().unwrap_or_else(|| self.state.clone());
        let diagnostics = unclaimed(self.diags, &self.claimed);
        Replay {
            initial,
            state: self.state,
            events: self.events,
            diagnostics,
            rounds: self.rounds,
            turns: self.turns,
            refereed: self.refereed,
        }
    }

    /// The diagnostics an `expect` line did not claim: all that `diagnostics` returns, with no
    /// copy of the state made for a replay nobody asked for.
    fn reported(self) -> Vec<Diagnostic> {
        unclaimed(self.diags, &self.claimed)
    }

    /// Applies an event and records it.
    pub(super) fn emit(&mut self, event: Event) {
        let from_discard = match &event {
            Event::Shuffles { player, from } => {
                self.shuffled_away(*player, *from);
                (*from == Zone::Discard).then_some(*player)
            }
            Event::Puts { player, from, .. } => (from.zone == Zone::Discard).then(|| from.owner.unwrap_or(*player)),
            _ => None,
        };
        if let Some(q) = from_discard {
            self.inferred_decked.iter_mut().filter(|d| d.player == q).for_each(|d| d.discard_moved = true);
        }
        self.state.apply(&event);
        if self.record_events {
            self.events.push(Logged { line: self.line, event });
        }
    }

    pub(super) fn report(&mut self, mut d: Diagnostic) {
        // A finding about how a power was used or resolved, made while it resolves, rests on that
        // power's rule (the codes' own rules name the power they were first written for).
        if d.rule.is_none()
            && matches!(
                d.code,
                Code::Misresolved | Code::BadChoices | Code::PoisonTarget | Code::NotInDiscard | Code::PowerNeedsCards
            )
        {
            d.rule = self.resolving.last().map(|p| powers::cited(*p));
        }
        if let Some(held) = &mut self.held {
            held.push(d);
            return;
        }
        if d.severity() != Severity::Note {
            self.flags.push(self.diags.len());
        }
        self.diags.push(d);
    }

    pub(super) fn name(&self, p: PlayerId) -> &str {
        self.log.names.get(p)
    }

    fn run(&mut self) {
        if !self.setup() {
            return;
        }
        let lines = &self.log.lines;
        let mut i = 0;
        // Where a turn is read again from: the log's start, until such a reading is taken.
        let mut checkpoint = None;
        // Each reading of a line's player reads the log again up to the turn, and the turn with
        // each other player: a log of many such slips costs a bounded multiple of its length.
        let mut line_readings = 16u32;
        // And of the turn before a turn that drew another error (a card one digit off, two turns
        // of one player swapped): a budget of their own, so that a log of many such turns leaves
        // the readings above theirs.
        let mut own_readings = 8u32;
        while i < lines.len() {
            let (start, mark) = (i, self.diags.len());
            i = self.group(i);
            if self.header_trial_failed(mark) {
                // A header tried for the one written (ruling R4) that the game does not follow.
                self.header_failed = true;
                return;
            }
            // A turn out of turn: the turn before may have used a card written with another power,
            // or be its player's turn written above the turn that gave it.
            if self.diags.len() > mark && line_readings > 0 {
                // A line left out between rounds: a `reseat` line, where a turn is out of turn
                // after a round's end that allowed a reseating none was written for (tried once a
                // round); a `mulligan` line, where a card is one its player's hand could not hold
                // and the player might have mulliganed (once a round a player); a `safety` line; a
                // card a `deck` line left out.
                let mut between = if self.reseat_unwritten && self.out_of_turn_at(start, mark) {
                    line_readings -= 1;
                    self.reseat_unwritten = false;
                    self.reseat_left_out(checkpoint.as_ref(), start, i)
                } else if let Some((p, report)) = self.unrolled_at(start, i, mark) {
                    line_readings -= 1;
                    self.unrolled.retain(|&q| q != p);
                    self.mulligan_left_out(checkpoint.as_ref(), start, i, p, report)
                } else {
                    None
                };
                if between.is_none() && line_readings > 0 {
                    if let Some((p, report)) = self.unswapped_at(start, i, mark) {
                        // A card the hand dealt cannot hold: two `hand` lines may give the hands
                        // in each other's places (tried once a round).
                        line_readings -= 1;
                        self.hands_unswapped = false;
                        between = self.hands_swapped(checkpoint.as_ref(), start, i, p, report);
                    }
                }
                if between.is_none() && line_readings > 0 {
                    if let Some((p, ended, report)) = self.unsaved_at(start, i, mark) {
                        // A card drawn that a round's end discarded: a `safety` line may be left
                        // out.
                        line_readings -= 1;
                        self.unsaved.retain(|&(q, _)| q != p);
                        between = self.safety_left_out(checkpoint.as_ref(), start, i, p, ended, report);
                    }
                }
                if between.is_none() && line_readings > 0 {
                    if let Some((p, card, group, report)) = self.unlisted_at(start, i, mark) {
                        // A deck run out a card early by its count, after a card the decklist
                        // could not hold: the `deck` line may have left the card out.
                        line_readings -= 1;
                        self.unlisted.retain(|u| u.0 != p);
                        between = self.unlisted_card(checkpoint.as_ref(), p, card, group, report);
                    }
                }
                let read = if between.is_some() {
                    between
                } else if line_readings == 0 {
                    // That reading spent the last of them.
                    None
                } else if let Some((at, end)) = self.not_decked_in(start, i, mark) {
                    // A player the table writes decked whose deck still holds cards: the table may
                    // have left out the draws that emptied it.
                    line_readings -= 1;
                    self.decked_as_written(checkpoint.as_ref(), at, end)
                } else if let Some((at, end)) = self.out_of_turn_after(start, mark) {
                    line_readings -= 1;
                    // The turn before may be its player's written as skipped in error.
                    let read = self.skipped_in_error(checkpoint.as_ref(), at, start, i);
                    match read.or_else(|| self.misplayed_power(checkpoint.as_ref(), at, end, false)) {
                        None => self
                            .swapped_own_turns(checkpoint.as_ref(), at, end, start)
                            .or_else(|| {
                                // Or a Go played without `use`: its player's extra turn is out of turn.
                                self.unused_before(checkpoint.as_ref(), at, end, &[Power::Go, Power::Skip])
                            })
                            // Or a card a Sabotage discarded activated, `activate` left out.
                            .or_else(|| self.activate_left_out(checkpoint.as_ref(), at, end, false))
                            // Or a card drawn and played at once, the play left out.
                            .or_else(|| self.unplayed_before(checkpoint.as_ref(), at, end, false))
                            // Or a Copy of another player's top card than the one written.
                            .or_else(|| self.miscopied_before(checkpoint.as_ref(), at, end)),
                        read => read,
                    }
                } else if self.unactivated(start, i, mark) || self.shift_unexplained(start, i, mark) {
                    // Lines under the turn that do not happen: a Sabotage's `activate` may be left
                    // out, or, where a line shifts the trouble, the turn's trouble action.
                    line_readings -= 1;
                    let from = checkpoint.as_ref();
                    let activated =
                        self.unactivated(start, i, mark).then(|| self.activate_left_out(from, start, i, true));
                    activated
                        .flatten()
                        .or_else(|| {
                            self.shift_unexplained(start, i, mark)
                                .then(|| self.action_left_out(from, start, i))
                                .flatten()
                        })
                        .or_else(|| {
                            // Or the points a Score aimed at the turn's player gives, another written.
                            let [at, score_end, line] = self.score_misaimed_at(start, i, mark)?;
                            self.misaimed_score(from, (at, score_end), (start, i), line)
                        })
                } else if let Some([at, score_end, line]) = self.score_misaimed_at(start, i, mark) {
                    // Points under the turn that the rules do not give: the scorer's Score may have
                    // been aimed at the turn's player, another written.
                    line_readings -= 1;
                    self.misaimed_score(checkpoint.as_ref(), (at, score_end), (start, i), line)
                } else if let Some(recycle) = self.recycle_before(start, i, mark) {
                    // A card not where the rules have it: a Recycle before it may have been aimed
                    // at another player, the wrong discard pile shuffled away.
                    line_readings -= 1;
                    self.misaimed_recycle(checkpoint.as_ref(), recycle, i)
                } else if let Some((at, end)) = self.not_skipped_after(start, mark) {
                    // A turn written as skipped that nothing skipped: the turn before may have
                    // played its Skip without `use` written, or with another power written for
                    // it, or activated a Skip its Sabotage discarded without `activate`.
                    line_readings -= 1;
                    self.unused_before(checkpoint.as_ref(), at, end, &[Power::Skip])
                        .or_else(|| self.misplayed_power(checkpoint.as_ref(), at, end, false))
                        .or_else(|| self.activate_left_out(checkpoint.as_ref(), at, end, false))
                        .or_else(|| self.unplayed_before(checkpoint.as_ref(), at, end, false))
                        .or_else(|| self.miscopied_before(checkpoint.as_ref(), at, end))
                } else if let Some([stampede, drawn]) = self.unwon_at(start, mark) {
                    // A round ended with nobody out: the play that went out may have been the
                    // Stampede's player's own, after it, its `then` line left out; or a card drawn
                    // and played at once, the play left out.
                    line_readings -= 1;
                    let from = checkpoint.as_ref();
                    stampede
                        .and_then(|(at, end)| self.then_left_out(from, at, end, true))
                        .or_else(|| drawn.and_then(|(at, end)| self.unplayed_before(from, at, end, true)))
                } else if own_readings == 0 {
                    None
                } else if let Some((at, end)) = self.off_chain_after(start, mark) {
                    // A turn off the chain: the turn before may have played a card written one
                    // digit off that played as written too (a Clone), or the turn's player have
                    // taken a turn left out above it that gave this one (a Go).
                    own_readings -= 1;
                    self.misplayed_power(checkpoint.as_ref(), at, end, true)
                        .or_else(|| self.own_turn_left_out(checkpoint.as_ref(), start, mark))
                        .or_else(|| self.then_left_out(checkpoint.as_ref(), at, end, false))
                        .or_else(|| self.unplayed_before(checkpoint.as_ref(), at, end, false))
                } else if let Some((at, end)) = self.own_turn_after(start, mark) {
                    // A turn of the player who took the turn before: the two may be the other way
                    // round.
                    own_readings -= 1;
                    self.swapped_own_turns(checkpoint.as_ref(), at, end, start)
                } else if self.off_chain(start, mark) {
                    own_readings -= 1;
                    self.own_turn_left_out(checkpoint.as_ref(), start, mark)
                        .or_else(|| {
                            // The last card played may have been a Stampede's, turns of draws ago.
                            let (at, end) = self.last_play_before(start)?;
                            self.then_left_out(checkpoint.as_ref(), at, end, false)
                        })
                        .or_else(|| {
                            // A card drawn in one of the turns of draws just before, played at
                            // once, the play left out.
                            let (mut k, mut read) = (start, None);
                            for _ in 0..3 {
                                let Some((at, end)) = self.turn_before(k) else { break };
                                read = self.unplayed_before(checkpoint.as_ref(), at, end, false);
                                if read.is_some() || !self.draws_only(at) {
                                    break;
                                }
                                k = at;
                            }
                            read
                        })
                } else {
                    None
                };
                if let Some(after) = read {
                    self.suspect_lines = None;
                    i = after;
                    checkpoint = Some(self.checkpoint(i));
                    continue;
                }
            }
            let Some((at, end)) = self.suspect_lines.take() else { continue };
            if line_readings == 0 {
                continue;
            }
            line_readings -= 1;
            if let Some(after) = self.misnamed_line(checkpoint.as_ref(), at, end) {
                i = after;
                checkpoint = Some(self.checkpoint(i));
            }
        }
        self.read_scoring_now();
        self.log_ends();
    }

    /// A copy of the replay as it stands before the group at line `at`.
    fn checkpoint(&mut self, at: usize) -> Checkpoint<'a> {
        let events = std::mem::take(&mut self.events);
        let turns = std::mem::take(&mut self.turns);
        let referee = Box::new(self.clone());
        self.events = events;
        self.turns = turns;
        Checkpoint { referee, at, events: self.events.len(), turns: self.turns.len() }
    }

    /// The replay just before the group at line `at`, read on to it from `from` (from the log's
    /// start without one): as it was then, the readings between taken again as they were. `None`
    /// when the groups do not meet `at`.
    pub(super) fn replayed_to(&self, from: Option<&Checkpoint<'a>>, at: usize) -> Option<Referee<'a>> {
        let (mut r, mut k) = match from {
            Some(from) => {
                let mut r = (*from.referee).clone();
                if r.keep_events {
                    r.events = self.events.get(..from.events)?.to_vec();
                }
                r.turns = self.turns.get(..from.turns)?.to_vec();
                (r, from.at)
            }
            None => {
                let mut r = Referee::new(self.log, self.diags.get(..self.syntax_diags)?.to_vec());
                r.keep_events = self.keep_events;
                r.header_reading.clone_from(&self.header_reading);
                (r, 0)
            }
        };
        if from.is_none() && !r.setup() {
            return None;
        }
        while k < at {
            k = r.group(k);
        }
        r.suspect_lines = None;
        (k == at).then_some(r)
    }

    /// [`Self::replayed_to`], where no reading of a slip is pending at line `at` (a turn left out
    /// above it, a turn written early), which a reading from there would lose.
    pub(super) fn replayed_clear_to(&self, from: Option<&Checkpoint<'a>>, at: usize) -> Option<Referee<'a>> {
        self.replayed_to(from, at).filter(|r| r.left_out.is_none() && r.written_early.is_none())
    }

    /// Reads the line at `i` (with a turn's, its resolution lines; with a `position` line, its
    /// block), returning the index of the line after.
    #[inline(always)]
    pub(super) fn group(&mut self, i: usize) -> usize {
        let lines = &self.log.lines;
        let line = &lines[i];
        // Scoring lines kept to be read below the round's last turns: read before the next line
        // that ends the round.
        if self.scoring_below.is_some()
            && matches!(line.kind, LineKind::Round(_) | LineKind::Winner(_) | LineKind::Points(_) | LineKind::Totals(_))
        {
            self.read_scoring_now();
        }
        self.line = i;
        let starts_group = !matches!(line.kind, LineKind::Expect(_) | LineKind::Comment { .. });
        if starts_group {
            self.begin_group(i);
        }
        // A round's line after the last round ended, with none begun: its `round` line may have
        // been left out.
        if !self.state.in_round && self.pending.is_none() && opens_round(&line.kind) {
            self.round_line_left_out(i);
        }
        // A round's score above its last turns (no round is about to start, so no arm of the
        // preamble's below applies): read below them.
        if matches!(line.kind, LineKind::Points(_) | LineKind::Totals(_)) {
            if let Some(to) = self.scoring_above_turns(i) {
                return self.read_scoring_below(i, to);
            }
        }
        match &line.kind {
            // The `round` line of a round begun above it (its preamble written first): read there.
            LineKind::Round(_) if self.round_line_below == Some(i) => self.round_line_below = None,
            // The same `round` line again before anything of its round: written twice.
            LineKind::Round(n)
                if self.pending.as_ref().is_some_and(|p| p.round == *n && p.is_empty() && !p.score_below) =>
            {
                let first = self.pending.as_ref().map_or(line.span, |p| p.span);
                self.repeated(line.span, first, &format!("`round {n}` is written a second time"));
            }
            LineKind::Round(n) => {
                if let Some(after) = self.round_end_read(i) {
                    return after;
                }
                self.open_round(*n, i);
            }
            LineKind::First(p) => match self.pending.as_mut() {
                Some(Pending { first: Some((q, span)), .. }) => {
                    if q != p {
                        let span = *span;
                        self.repeated(line.span, span, "`first:` is given a second time, differently");
                    }
                }
                Some(pending) => pending.first = Some((*p, line.span)),
                None => self.misplaced(line, "`first:` belongs right after its `round` line"),
            },
            LineKind::Hand { player, cards } => match self.pending.as_mut() {
                Some(pending) => {
                    let given = pending.hands.iter().find(|(q, _, _)| q == player).map(|(_, c, s)| (*c != cards, *s));
                    if let Some((differs, first)) = given {
                        if differs {
                            let name = self.name(*player).to_string();
                            let report = self.diags.len();
                            self.repeated(
                                line.span,
                                first,
                                &format!("{name}'s hand is given a second time this round, differently"),
                            );
                            if let Some(pending) = self.pending.as_mut() {
                                pending.hands_again.push((*player, cards, line.span, report));
                            }
                        }
                    } else {
                        pending.hands.push((*player, cards, line.span));
                        // The deal draws from the player's own deck.
                        if let Some((owner, c)) = guest_card(*player, cards) {
                            let name = self.name(*player).to_string();
                            self.report(
                                Diagnostic::new(
                                    Code::NotInHand,
                                    c.span,
                                    format!("{name} cannot be dealt {}'s {}", self.name(owner), c.card),
                                )
                                .label("another player's card")
                                .help(format!("{name} is dealt from {name}'s own deck")),
                            );
                        }
                    }
                }
                None => self.misplaced(line, "`hand` lines belong to a round's preamble, before its first turn"),
            },
            LineKind::Mulligan(p) => match self.pending.as_mut() {
                Some(pending) => pending.mulligans.push((*p, line.span)),
                None => self.misplaced(line, "`mulligan` belongs to a round's preamble, before its first turn"),
            },
            LineKind::Trouble(t) => match self.pending.as_mut() {
                Some(Pending { trouble: Some(first), trouble_at, .. }) => {
                    if first != t {
                        let at = *trouble_at;
                        self.repeated(line.span, at, "`trouble:` is given a second time, differently");
                    }
                }
                Some(pending) => {
                    pending.trouble = Some(t.clone());
                    pending.trouble_at = line.span;
                }
                None => self.misplaced(line, "`trouble:` belongs to a round's preamble"),
            },
            LineKind::Turn(turn) => {
                self.flush_pending();
                let end = self.group_end(i);
                if self.left_out.is_some() {
                    self.read_left_out(i);
                }
                // A turn out of order (which `swapped_turns` reads ahead on).
                if self.state.next.is_some_and(|e| e != turn.player) {
                    let read = self.swapped_turns(i, end).or_else(|| self.plain_turn_left_out(i));
                    if let Some(after) = read.or_else(|| self.misnamed_turn(i, end)) {
                        return after;
                    }
                } else if self.last_skipped.is_some_and(|s| s != turn.player) && crate::engine::turn::is_skipped(turn) {
                    // A skipped turn written down under the name of the player due, not of the
                    // player the Skip passed over.
                    if let Some(after) = self.misnamed_turn(i, end) {
                        return after;
                    }
                }
                // A copy before a turn that uses no power and has a `then` line, which it reads as
                // its own step: the lines may be a turn left out's ([`Self::left_out_turn`]). (A
                // power used, a Stampede or a Go, is what `then` lines follow.)
                let is_then = |l: &Line| matches!(l.kind, LineKind::Then(_));
                let uses = |s: &Step| match &s.kind {
                    StepKind::Play { used, .. } | StepKind::Replay { used, .. } => used.is_some(),
                    StepKind::Activate(_) => true,
                    _ => false,
                };
                let before = (end > i + 1
                    && !self.speculating
                    && self.left_out_readings > 0
                    && !turn.steps.iter().any(uses)
                    && lines[i + 1..end].iter().any(is_then))
                .then(|| Box::new(self.clone()));
                // A turn aimed at one player whose lines name another (which `misaimed_turn` reads
                // again when the turn draws a report).
                if end > i + 1 && !self.speculating {
                    if let Some(after) = self.aimed_turn(turn, i, end) {
                        return after;
                    }
                } else {
                    self.turn(i, end);
                    self.count_turn();
                }
                // Lines that end the turn's block, none of which it made happen: a turn line left
                // out above them (which `left_out_turn` reads ahead on).
                if end > i + 1 && self.diags.len() > self.group_diags {
                    if let Some(after) = self.left_out_turn(i, end, before.as_deref()) {
                        return after;
                    }
                    if !self.speculating && self.errors_since(self.group_diags) > 0 {
                        self.suspect_lines = Some((i, end));
                    }
                } else if end == i + 1
                    && self.diags.len() > self.group_diags
                    && !self.speculating
                    && (!self.suspect_cards(turn, false).is_empty() || lone_draw(turn))
                {
                    // A turn of no lines whose card (or a card its power chose) the hand or the
                    // discard pile could not hold, which no reading of it as one card explained,
                    // or whose card's play drew an error (it broke the chain, say); or a lone
                    // draw that drew one (`draw` may be written for a card played).
                    // (Whether the turn drew a report is asked first: most turns draw none, and
                    // it keeps the call off the clean path.)
                    self.suspect_lines = Some((i, end));
                }
                if !self.followed_shifts.is_empty() {
                    self.emit_followed_shifts();
                }
                for (k, l) in lines.iter().enumerate().take(end).skip(i + 1) {
                    if let LineKind::Expect(e) = &l.kind {
                        self.line = k;
                        self.expect(e, l);
                    }
                }
                return end;
            }
            LineKind::Resolution(_) | LineKind::Then(_) => {
                // Only reachable when the syntax stage already reported the line as stray.
            }
            LineKind::Safety(p) => {
                let pl = self.state.player(*p);
                let held = pl.pile_unknown || pl.pile.iter().any(|c| c.may_have(&[powers::safety::POWER]));
                if !self.state.in_round {
                    self.misplaced(line, "`safety` belongs before the round's scores");
                } else if !held {
                    let name = self.name(*p).to_string();
                    self.report(
                        Diagnostic::new(Code::NotInPile, line.span, format!("{name}'s play pile holds no Safety"))
                            .label("no Safety to save the hand")
                            .help(format!("without a Safety, {name}'s hand is discarded at the round's end")),
                    );
                } else {
                    self.safeties.push(*p);
                }
            }
            LineKind::Reseat(order) => {
                let mut sorted = order.clone();
                sorted.sort();
                let allowed = if self.state.in_round { self.may_reseat() } else { self.reseat_allowed };
                // A log that plays on past its last round is reported at the next `round` line.
                let played_on = || self.log.lines[self.line..].iter().any(|l| matches!(l.kind, LineKind::Round(_)));
                let last = self.state.round >= self.rounds_read() && !played_on();
                let again = self.reseat.is_some() || self.reseated;
                if last || again || allowed == Some(false) {
                    let why = if again {
                        "the table is reseated once at most after a round".to_string()
                    } else if last {
                        "after the last round there is no next round to reseat for".to_string()
                    } else {
                        "no player who stayed in has a BaH! in the pile".to_string()
                    };
                    self.report(
                        Diagnostic::new(Code::NotInPile, line.span, "nobody may demand a reseating here")
                            .label(why)
                            .help("a player who did not go out, with a BaH! in the pile at a round's end (not the last), may have everyone reseated")
                            .cites(powers::cited(Power::Bah)),
                    );
                }
                if sorted != self.log.names.ids().collect::<Vec<_>>() {
                    self.report(
                        Diagnostic::new(Code::Misresolved, line.span, "a reseating must list every player once")
                            .label("not a seating of the table"),
                    );
                } else if self.state.in_round {
                    self.reseat = Some(order.clone());
                } else {
                    self.reseated = true;
                    self.emit(Event::Reseated(order.clone()));
                }
            }
            // Right below a `round` line, the last round's score where it has none yet.
            LineKind::Points(list) | LineKind::Totals(list) if self.score_below_round_line(line) => {
                if matches!(line.kind, LineKind::Points(_)) {
                    self.points_claim(list, line.span);
                } else {
                    self.totals_claim(list, line.span);
                }
            }
            // Between a `round` line and its first turn, a score line cannot close the round (none
            // of it has been played): it belongs before the `round` line (FORMAT.md §9), and
            // is reported once rather than taken to end the round, which would put every later
            // line of the round out of place (a sheet's totals carried to the top of a round).
            LineKind::Points(_) | LineKind::Totals(_) if self.in_preamble() => {
                let what = if matches!(line.kind, LineKind::Points(_)) { "points" } else { "totals" };
                self.report(
                    Diagnostic::new(
                        Code::MisplacedLine,
                        line.span,
                        format!("`{what}:` belongs after the round's last turn, before the next `round` line"),
                    )
                    .label("out of place")
                    .help(format!("the line is not checked here: move it above `round {}`", self.pending_round())),
                );
            }
            LineKind::Points(list) => {
                if let Some(after) = self.round_end_read(i) {
                    return after;
                }
                self.close_round(line.span, false);
                self.points_claim(list, line.span);
            }
            LineKind::Totals(list) => {
                if let Some(after) = self.round_end_read(i) {
                    return after;
                }
                self.close_round(line.span, false);
                self.totals_claim(list, line.span);
            }
            LineKind::Winner(list) => {
                self.close_round(line.span, false);
                self.winner_claim(list, line.span);
            }
            LineKind::PositionStart => return self.position(i),
            LineKind::Expect(e) => {
                self.flush_pending();
                self.expect(e, line);
            }
            LineKind::Comment { .. }
            | LineKind::Version(_)
            | LineKind::Text { .. }
            | LineKind::UnknownTag { .. }
            | LineKind::Ruleset(_)
            | LineKind::Troubles(_)
            | LineKind::TroubleCard(_)
            | LineKind::Rounds(_)
            | LineKind::Players(_)
            | LineKind::Deck { .. }
            | LineKind::Position(_)
            | LineKind::PositionEnd => {}
        }
        i + 1
    }

    /// Starts the group of line `i`: its events and reports are those made from here on.
    #[inline(always)]
    pub(super) fn begin_group(&mut self, i: usize) {
        let line = &self.log.lines[i];
        if !self.keep_events {
            self.events.clear();
            self.record_events = !matches!(line.kind, LineKind::Turn(_)) || self.claims_follow(i);
        }
        self.group_start = line.span.start;
        self.group_events = self.events.len();
        self.group_diags = self.diags.len();
        if let Some(d) = self.report_at_group.take() {
            self.report(*d);
        }
    }

    /// Makes the trouble shifts the table wrote where the rules make none, once the turn is read.
    pub(super) fn emit_followed_shifts(&mut self) {
        for (e, _) in std::mem::take(&mut self.followed_shifts) {
            self.emit(e);
        }
    }

    /// Numbers the turn just read, for `replay`.
    pub(super) fn count_turn(&mut self) {
        self.turn_in_round += 1;
        self.turns.push((self.state.round, self.turn_in_round, self.events.len()));
    }

    /// Takes back report `i`, made on a reading of the log since given up: it is left out of the
    /// result as a report an `expect` line claimed is.
    pub(super) fn withdraw(&mut self, i: usize) {
        if is_claimed(&self.claimed, i) {
            return;
        }
        if self.claimed.len() <= i {
            self.claimed.resize(i + 1, false);
        }
        self.claimed[i] = true;
        if self.diags.get(i).is_some_and(|d| d.severity() != Severity::Note) {
            self.flags.unclaimed -= 1;
        }
    }

    /// The errors among reports `from..`, whether an `expect` line claimed them or not, less the
    /// `expect` lines that failed: a reading of a slip is chosen by what the rules report, not
    /// by what the log's expectations say.
    pub(super) fn errors_since(&self, from: usize) -> usize {
        self.diags.get(from..).unwrap_or_default().iter().filter(|d| rules_error(d)).count()
    }

    /// The errors among reports `from..` that stand: none an `expect` line claimed or a reading
    /// withdrew.
    pub(super) fn standing_errors_since(&self, from: usize) -> usize {
        let reports = self.diags.iter().enumerate().skip(from);
        reports.filter(|(i, d)| d.severity() == Severity::Error && !is_claimed(&self.claimed, *i)).count()
    }

    /// Reads the lines from `from` to `to` (or past it, to the end of a group it starts).
    pub(super) fn read_lines(&mut self, from: usize, to: usize) {
        let mut k = from;
        while k < to {
            k = self.group(k);
        }
    }

    /// The first line at or after `k` that starts a group (no `expect` line or comment), or the
    /// number of lines.
    pub(super) fn next_group(&self, k: usize) -> usize {
        let lines = &self.log.lines;
        (k..lines.len())
            .find(|&j| !matches!(lines[j].kind, LineKind::Expect(_) | LineKind::Comment { .. }))
            .unwrap_or(lines.len())
    }

    /// The log's end: a round or a game left unfinished.
    fn log_ends(&mut self) {
        let lines = &self.log.lines;
        self.line = lines.len().saturating_sub(1);
        self.flush_pending();
        let end = lines.last().map_or(Span::default(), |l| Span::new(l.span.end as usize, l.span.end as usize));
        let mut ended_mid_round = false;
        if self.state.in_round {
            if self.went_out.is_empty() {
                ended_mid_round = true;
                self.report(
                    Diagnostic::new(Code::LogEnds, end, format!("the log ends during round {}", self.state.round))
                        .label("the round is not over"),
                );
            } else {
                self.close_round(end, false);
            }
        }
        // After a round line numbered wrong, the log may have ended on either figure.
        let last = self.state.round.max(self.round_written.unwrap_or(0));
        if !ended_mid_round && self.state.round > 0 && last < self.rounds_read() && !self.has_position() {
            self.report(
                Diagnostic::new(
                    Code::LogEnds,
                    end,
                    format!("the log ends after round {} of {}", self.state.round, self.state.rounds),
                )
                .label("the game is not over"),
            );
        }
    }

    /// Whether a resolution or `expect` line, which compare what happened with the events, belongs
    /// to the group that starts at line `i` (indented under it, or an `expect` after it).
    fn claims_follow(&self, i: usize) -> bool {
        let rest = self.log.lines.get(i + 1..).unwrap_or_default();
        rest.iter()
            .take_while(|l| {
                matches!(
                    l.kind,
                    LineKind::Resolution(_) | LineKind::Then(_) | LineKind::Expect(_) | LineKind::Comment { .. }
                )
            })
            .any(|l| matches!(l.kind, LineKind::Resolution(_) | LineKind::Expect(_)))
    }

    fn has_position(&self) -> bool {
        self.log.lines.iter().any(|l| matches!(l.kind, LineKind::PositionStart))
    }

    fn misplaced(&mut self, line: &Line, why: &str) {
        self.report(Diagnostic::new(Code::MisplacedLine, line.span, why.to_string()).label("out of place"));
    }

    /// A line that is given once was given again at `span`, differently, after `first`: the
    /// first one holds.
    fn repeated(&mut self, span: Span, first: Span, message: &str) {
        self.report(
            Diagnostic::new(Code::RepeatedLine, span, message.to_string())
                .label("given again")
                .related(first, "the first one, which holds")
                .help("give it once"),
        );
    }

    /// The index after the turn at `i` and the lines that belong to it: its resolution and `then`
    /// lines, with the comments and `expect` lines among them. A comment, at the margin or
    /// indented, ends no block (the parser attaches the indented lines after it to the turn all
    /// the same), and an `expect` line followed by more of the block was indented in it; those
    /// after the block's last line are left to the lines that follow.
    #[inline(always)]
    pub(super) fn group_end(&self, i: usize) -> usize {
        let lines = &self.log.lines;
        let mut end = i + 1;
        for (j, line) in lines.iter().enumerate().skip(i + 1) {
            match line.kind {
                LineKind::Resolution(_) | LineKind::Then(_) => end = j + 1,
                LineKind::Comment { .. } | LineKind::Expect(_) => {}
                _ => break,
            }
        }
        end
    }
}

/// Events for a help line, joined by `; `: the first [`LISTED`] shown, the rest counted,
/// so that a turn of thousands of events gives a line of help, not a page of it for each claim.
pub(super) fn event_listing<'e>(events: impl Iterator<Item = &'e Event>, names: &Names) -> String {
    listing(events.map(|e| e.display(names)), "; ")
}

/// Items for a help line, joined by `sep`: the first [`LISTED`] shown, the rest counted.
fn listing(mut items: impl Iterator<Item = impl std::fmt::Display>, sep: &str) -> String {
    let (mut text, _) = listed(items.by_ref(), sep);
    counted(&mut text, items.count(), sep);
    text
}

/// The first [`LISTED`] items joined by `sep`, and how many they are.
fn listed(items: impl Iterator<Item = impl std::fmt::Display>, sep: &str) -> (String, usize) {
    use std::fmt::Write;
    let mut text = String::new();
    let mut shown = 0;
    for item in items.take(LISTED) {
        if shown > 0 {
            text.push_str(sep);
        }
        let _ = write!(text, "{item}");
        shown += 1;
    }
    (text, shown)
}

/// Ends a listing with the count of the items it left out.
fn counted(text: &mut String, more: usize, sep: &str) {
    use std::fmt::Write;
    if more > 0 {
        let _ = write!(text, "{sep}and {more} more");
    }
}

/// Whether a line of this kind belongs to a round: its preamble, or a turn.
/// Whether `turn` only draws one card the log names (which may be a card played, `draw` written
/// for it).
fn lone_draw(turn: &crate::model::log::Turn) -> bool {
    matches!(&turn.steps[..], [Step { kind: StepKind::Draw { card: Some(_) }, .. }])
}

fn opens_round(kind: &LineKind) -> bool {
    matches!(
        kind,
        LineKind::First(_) | LineKind::Hand { .. } | LineKind::Mulligan(_) | LineKind::Trouble(_) | LineKind::Turn(_)
    )
}

/// An error the rules report, not an `expect` line that failed ([`Referee::errors_since`]).
pub(super) fn rules_error(d: &Diagnostic) -> bool {
    d.severity() == Severity::Error && !matches!(d.code, Code::ExpectationFailed | Code::ExpectedDiagnosticMissing)
}

/// Whether an `expect` line claimed diagnostic `i` (`claimed` may be shorter than the list).
fn is_claimed(claimed: &[bool], i: usize) -> bool {
    claimed.get(i).copied().unwrap_or(false)
}

/// The diagnostics but those an `expect` line claimed.
fn unclaimed(diags: Vec<Diagnostic>, claimed: &[bool]) -> Vec<Diagnostic> {
    diags.into_iter().enumerate().filter(|(i, _)| !is_claimed(claimed, *i)).map(|(_, d)| d).collect()
}

/// Replays a parsed log.
pub fn replay(log: &Log) -> Replay {
    replay_with(log, Vec::new())
}

/// Replays a parsed log whose syntax diagnostics (warnings and notes: a log with syntax errors is
/// not replayed) are given, so that `expect` lines can claim them too. The result holds them all.
pub fn replay_with(log: &Log, syntax: Vec<Diagnostic>) -> Replay {
    let mut r = Referee::new(log, syntax);
    r.run();
    match r.header_slip() {
        Some(read) => read.finish(),
        None => r.finish(),
    }
}

/// The diagnostics of [`replay_with`] alone. Events are kept only while their line is judged, so
/// memory stays bounded by the longest turn rather than the game (`tribbles check`).
pub fn diagnostics(log: &Log, syntax: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut r = Referee::new(log, syntax);
    r.keep_events = false;
    r.run();
    match r.header_slip() {
        Some(read) => read.reported(),
        None => r.reported(),
    }
}

/// Whether two events say the same, cards compared as the log may leave them vague.
pub(super) fn same_event(happened: &Event, expected: &Event) -> bool {
    use super::zone::compatible;
    // Card by card, counts spelled out, without building either list.
    let len = |l: &[CardCount]| l.iter().map(|c| u64::from(c.count)).sum::<u64>();
    let lists = |a: &[CardCount], b: &[CardCount]| {
        use super::state::each;
        len(a) == len(b) && each(a).zip(each(b)).all(|(x, y)| compatible(x, y))
    };
    // From a hand, in any order.
    let hand = |a: &[CardCount], b: &[CardCount]| lists(a, b) || len(a) == len(b) && pairs_into(a, b);
    match (happened, expected) {
        (Event::Draws { player: p, drawn: Drawn::Cards(a) }, Event::Draws { player: q, drawn: Drawn::Cards(b) }) => {
            p == q && lists(a, b)
        }
        (Event::Draws { player: p, drawn: a }, Event::Draws { player: q, drawn: Drawn::Count(n) }) => {
            p == q
                && match a {
                    Drawn::Count(m) => m == n,
                    Drawn::Cards(c) => total_count(c) == *n,
                }
        }
        (Event::Discards { player: p, cards: a, from: f }, Event::Discards { player: q, cards: b, from: g }) => {
            p == q && f == g && if *f == Zone::Hand { hand(a, b) } else { lists(a, b) }
        }
        (Event::Plays { player: p, card: a }, Event::Plays { player: q, card: b }) => p == q && compatible(a, b),
        (Event::Reveals { player: p, cards: a }, Event::Reveals { player: q, cards: b }) => p == q && lists(a, b),
        (Event::Puts { player: p, cards: a, to: t, from: f }, Event::Puts { player: q, cards: b, to: u, from: g }) => {
            p == q && t == u && f == g && if f.zone == Zone::Hand { hand(a, b) } else { lists(a, b) }
        }
        _ => happened == expected,
    }
}

/// Whether each card of `fewer` can be paired with a different card of `more` that it may be. A
/// hand has no order, so a line moving cards from one may name them in any order, and the referee
/// lists the cards it knows first. (A matching, by augmenting paths; lists longer than any hand,
/// which only a crafted log holds, are compared in order.)
pub(super) fn pairs_into(fewer: &[CardCount], more: &[CardCount]) -> bool {
    use super::state::expand;
    use super::zone::compatible;
    const LONGEST: usize = 256;
    let (fewer, more) = (expand(fewer), expand(more));
    if fewer.len() > more.len() {
        return false;
    }
    if more.len() > LONGEST {
        return fewer.iter().zip(&more).all(|(x, y)| compatible(x, y));
    }
    // `paired[j]`: the card of `fewer` that card `j` of `more` is paired with.
    fn augment(i: usize, fewer: &[Card], more: &[Card], paired: &mut [Option<usize>], seen: &mut [bool]) -> bool {
        for j in 0..more.len() {
            if !seen[j] && compatible(&fewer[i], &more[j]) {
                seen[j] = true;
                if paired[j].is_none_or(|k| augment(k, fewer, more, paired, seen)) {
                    paired[j] = Some(i);
                    return true;
                }
            }
        }
        false
    }
    let mut paired = vec![None; more.len()];
    (0..fewer.len()).all(|i| augment(i, &fewer, &more, &mut paired, &mut vec![false; more.len()]))
}
