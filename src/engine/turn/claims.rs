//! The table's resolution lines compared with what the rules made happen in a turn (FORMAT.md §8):
//! each line paired with an event of its kind, a line written once too often, a line the rules
//! did not make happen with the event it most likely stands for, and a line that stands for an
//! event the referee could not spell out (a score, a draw or a discard it could not work out) taken
//! as the table's word.

use super::WRITTEN_AGAIN;
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::replay::{Referee, pairs_into, same_event};
use crate::model::log::{CardCount, Zone};
use crate::model::{PlayerId, Power, Span};
use crate::powers;

impl<'a> Referee<'a> {
    /// Compares the table's resolution lines with what the rules made happen in this turn.
    pub(super) fn compare(&mut self, claims: &[(&Event, Span)], all: &[(&Event, Span, bool)], from: usize) {
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
                    crate::engine::replay::event_listing(happened, &self.log.names)
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
    pub(super) fn written_again(
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
                    to: Destination { place: Place::OnPile, owner: None },
                    from: Source { zone: Zone::Hand, owner: None },
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
            return put.iter().all(|known| pairs_into(known, named));
        }
        let hand = &self.state.player(p).hand;
        let known: Vec<CardCount> = hand.known.iter().map(|c| CardCount::one(*c, Span::default())).collect();
        let n: u32 = named.iter().map(|c| c.count).sum();
        hand.len().is_none_or(|len| len == n) && pairs_into(&known, named)
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

/// Lines that restate a step without adding to it.
/// Past this many resolution lines, a turn's events are grouped by kind before they are compared.
/// Debug builds (every test) group them always, and check each answer against the plain search.
/// Up to how many unmatched resolution lines, and events in the turn, a line the rules did not
/// make happen is paired with an event of the turn's powers (each pairing looks at every event
/// and line of the turn; a crafted turn of thousands gets the plain report).
const COUNTERPART_LINES: usize = 64;

const COUNTERPART_EVENTS: usize = 512;

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
