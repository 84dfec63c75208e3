//! Resolution lines (FORMAT.md §8) into [`Event`], and the `expect` lines built on them (§12).

use super::token::{Cx, PErr, R, count_of, fail, kw, number, points, sep, to_u32};
use crate::diagnostics::Code;
use crate::engine::event::{Destination, Drawn, Event, Place, Source};
use crate::model::log::{CardCount, CardCounts, Expectation, PlayerPoints, Severity, Zone};
use crate::model::{Card, PlayerId, Points};
use nom::Parser;
use nom::branch::alt;
use nom::character::complete::{space0, space1};

/// The words that open the resolution lines that do not start with a player.
const KEYWORDS: [&str; 6] = ["direction", "chain", "pot", "trouble", "players", "round"];

impl Cx<'_> {
    /// A resolution line's event (not `then`, which is a step).
    pub fn event<'a>(&self, i: &'a str) -> R<'a, Event> {
        if let Ok((rest, w)) = super::token::word(i) {
            if !KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(w)) {
                // A declared name is taken from the word just read (`player` would read it again).
                return match self.find(w) {
                    Some(player) => match self.quick_event(player, rest) {
                        Some(event) => Ok((&rest[rest.len()..], event)),
                        None => {
                            let (rest, _) = space1(rest)?;
                            self.verb(rest, player)
                        }
                    },
                    None => self.player_event(i),
                };
            }
        }
        if let Ok((rest, _)) = (kw("direction"), space1, kw("reverses")).parse(i) {
            return Ok((rest, Event::DirectionReverses));
        }
        if let Ok((rest, _)) = (kw("chain"), space1, kw("breaks")).parse(i) {
            return Ok((rest, Event::ChainBreaks));
        }
        if let Ok((rest, _)) = (kw("chain"), space1, kw("restarts")).parse(i) {
            return Ok((rest, Event::ChainRestarts));
        }
        if let Ok((rest, _)) = (kw("pot"), space1, kw("empties")).parse(i) {
            return Ok((rest, Event::PotEmpties));
        }
        if let Ok((rest, _)) = (kw("pot"), space1, kw("may"), space1, kw("empty")).parse(i) {
            return Ok((rest, Event::PotMayEmpty));
        }
        if let Ok((rest, _)) = (kw("pot"), space1, kw("unknown")).parse(i) {
            return Ok((rest, Event::PotUnknown));
        }
        if let Ok((rest, _)) = (kw("trouble"), space1, kw("shifts"), space1, kw("to"), space1).parse(i) {
            if rest.is_empty() {
                return fail(rest, Code::BadResolution, "expected the trouble's name");
            }
            return Ok(("", Event::TroubleShifts(rest.to_string())));
        }
        if let Ok((rest, _)) = (kw("trouble"), space1, kw("shifts")).parse(i) {
            if rest.trim().is_empty() {
                return Ok((rest, Event::TroubleHidden));
            }
        }
        if let Ok((rest, _)) = (kw("players"), space1, kw("reseat"), space1, kw("as"), space1).parse(i) {
            let (rest, order) = self.player_list(rest)?;
            return Ok((rest, Event::Reseated(order)));
        }
        if let Ok((at, _)) = (kw("round"), space1::<&str, PErr>).parse(i) {
            let (rest, n) = number(at)?;
            let round = to_u32(n, at)?;
            if let Ok((rest, _)) = (space1::<&str, PErr>, kw("ends")).parse(rest) {
                return Ok((rest, Event::RoundEnds(round)));
            }
            let (rest, _) =
                (space1, kw("starts"), space1, kw("with"), space1).parse(rest).or_else(|_: nom::Err<PErr>| {
                    fail(rest, Code::BadResolution, "expected `starts with PLAYER` or `ends`")
                })?;
            let (rest, first) = self.player(rest)?;
            return Ok((rest, Event::RoundStarts { round, first }));
        }
        self.player_event(i)
    }

    /// The commonest resolution lines after a declared player's name (`rest` starts with the
    /// space before the verb), read from their bytes: `draws`, `discards`, `puts` or `reveals`,
    /// cards the plain card reader reads (a number and a known power, one to a group) or `?`,
    /// then one of a few endings written in lower case with single spaces; `plays` a plain card;
    /// `scores` or `loses` a number; `is decked`, `skipped` or `next`. `None` for anything else,
    /// which [`Cx::verb`] reads; on what this accepts both give the same event and spans (a unit
    /// test compares them over simulated games).
    fn quick_event(&self, player: PlayerId, rest: &str) -> Option<Event> {
        let rest = rest.strip_prefix(' ')?;
        // The verb ends at the next space (a byte search: `split_once` goes through a char
        // searcher and a `memcmp` call to find one byte).
        let space = rest.bytes().position(|b| b == b' ')?;
        let (verb, list) = (&rest[..space], &rest[space + 1..]);
        match verb {
            "plays" => {
                let (rest, card) = super::token::plain_card(list)?;
                return rest.is_empty().then_some(Event::Plays { player, card });
            }
            "scores" | "loses" if list.as_bytes().first()?.is_ascii_digit() => {
                let (rest, points) = points(list).ok()?;
                return rest.is_empty().then_some(if verb == "scores" {
                    Event::Scores { player, points }
                } else {
                    Event::Loses { player, points }
                });
            }
            "is" => {
                return match list {
                    "decked" => Some(Event::IsDecked(player)),
                    "skipped" => Some(Event::IsSkipped(player)),
                    "next" => Some(Event::IsNext(player)),
                    _ => None,
                };
            }
            // `draws 10` and `draws 1,000` count cards (docs/rulings.md, F3).
            "draws" if list.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'_') => return None,
            _ => {}
        }
        let (cards, ending) = self.quick_cards(list)?;
        Some(match (verb, ending) {
            ("draws", "") => Event::Draws { player, drawn: Drawn::Cards(cards) },
            ("reveals", "") => Event::Reveals { player, cards },
            ("discards", _) => Event::Discards { player, cards, from: quick_source(ending, false)? },
            ("puts", _) => {
                let (place, source) = Place::ALL.into_iter().find_map(|place| {
                    let (prep, word) = place.words();
                    let r = strip(strip(strip(strip(ending, " ")?, prep)?, " ")?, word)?;
                    (r.is_empty() || r.starts_with(' ')).then_some((place, r))
                })?;
                let zone = quick_source(source, true)?;
                Event::Puts {
                    player,
                    cards,
                    to: Destination { place, owner: None },
                    from: Source { zone, owner: None },
                }
            }
            _ => return None,
        })
    }

    /// Plain cards and `?`, separated by commas, and what follows them.
    fn quick_cards<'a>(&self, mut i: &'a str) -> Option<(CardCounts, &'a str)> {
        let mut cards: Option<CardCounts> = None;
        loop {
            let (rest, card) = match i.as_bytes().first()? {
                b'?' => (&i[1..], Card::Unknown),
                b if b.is_ascii_digit() => super::token::plain_card(i)?,
                _ => return None,
            };
            let group = CardCount { count: 1, owner: None, card, span: self.span(i, rest) };
            match &mut cards {
                Some(list) => list.push(group),
                None => cards = Some(group.list()),
            }
            match super::token::blanks(rest).strip_prefix(',') {
                Some(next) => i = super::token::blanks(next),
                None => return Some((cards?, rest)),
            }
        }
    }

    /// `PLAYER VERB …`
    fn player_event<'a>(&self, i: &'a str) -> R<'a, Event> {
        let (rest, player) = match self.player(i) {
            Err(nom::Err::Error(_)) => {
                return fail(i, Code::BadResolution, "expected a player, `direction`, `chain`, `trouble` or `round`");
            }
            other => other?,
        };
        let (rest, _) = space1(rest)?;
        self.verb(rest, player)
    }

    fn verb<'a>(&self, i: &'a str, player: PlayerId) -> R<'a, Event> {
        let (rest, verb) = super::token::word(i).or_else(|_| fail(i, Code::BadResolution, "expected a verb"))?;
        // Verbs are short ASCII words: a longer word, or one with other letters, is none of them.
        let mut buf = [0u8; 16];
        let lower: &[u8] = match buf.get_mut(..verb.len()) {
            Some(b) => {
                b.copy_from_slice(verb.as_bytes());
                b.make_ascii_lowercase();
                b
            }
            None => b"",
        };
        let (rest, _) = space0(rest)?;
        match lower {
            b"draws" => {
                if let Ok((r, _)) = kw("unknown")(rest) {
                    return Ok((r, Event::DrawsUnknown(player)));
                }
                if let Ok((r, n)) = number(rest) {
                    if r.is_empty() {
                        let n = count_of(n, rest)?;
                        return Ok((r, Event::Draws { player, drawn: Drawn::Count(n) }));
                    }
                }
                let (r, cards) = self.card_list(rest)?;
                Ok((r, Event::Draws { player, drawn: Drawn::Cards(cards) }))
            }
            b"discards" => {
                if let Ok((r, _)) = kw("hand")(rest) {
                    return Ok((r, Event::DiscardsHand(player)));
                }
                if let Ok((r, _)) = kw("unknown")(rest) {
                    return Ok((r, Event::DiscardsUnknown(player)));
                }
                let (r, cards) = self.card_list(rest)?;
                let (r, from) = match (space1::<&str, PErr>, kw("from"), space1).parse(r) {
                    Ok((r, _)) => {
                        let (r, z) = self.zone_word(r)?;
                        if z == Zone::Discard {
                            return fail(r, Code::BadResolution, "cards are discarded from hand, deck or pile");
                        }
                        (r, z)
                    }
                    Err(_) => (r, Zone::Hand),
                };
                Ok((r, Event::Discards { player, cards, from }))
            }
            b"plays" => {
                let (r, c) = self.card(rest)?;
                Ok((r, Event::Plays { player, card: c.card }))
            }
            b"puts" => {
                let (r, cards) = self.card_list(rest)?;
                let (r, _) = space1(r)?;
                let (r, to) = self.destination(r)?;
                let (r, from) = match (space1::<&str, PErr>, kw("from"), space1).parse(r) {
                    Ok((r, _)) => {
                        let (r, owner) = self.owner_prefix(r)?;
                        let (r, zone) = self.zone_word(r)?;
                        (r, Source { zone, owner })
                    }
                    Err(_) => (r, Source::default()),
                };
                Ok((r, Event::Puts { player, cards, to, from }))
            }
            b"reveals" => {
                let (r, cards) = self.card_list(rest)?;
                Ok((r, Event::Reveals { player, cards }))
            }
            b"shuffles" => {
                let (r, from) = self.zone_word(rest)?;
                if from == Zone::Deck {
                    return fail(rest, Code::BadResolution, "expected `discard`, `pile` or `hand` before `into deck`");
                }
                let (r, _) = (space1, kw("into"), space1, kw("deck"))
                    .parse(r)
                    .or_else(|_: nom::Err<PErr>| fail(r, Code::BadResolution, "expected `into deck`"))?;
                Ok((r, Event::Shuffles { player, from }))
            }
            b"scores" | b"loses" => {
                if lower == b"scores" {
                    if let Ok((r, _)) = kw("unverified")(rest) {
                        return Ok((r, Event::ScoreUnverified(player)));
                    }
                }
                let word = if lower == b"scores" { "scores" } else { "loses" };
                let (r, p) = points(rest).or_else(|_| {
                    super::token::fail_with(
                        rest,
                        super::token::token_len(rest),
                        Code::BadResolution,
                        format!("expected a number of points after `{word}`"),
                        "not a number",
                        Some(format!(
                            "a lost card is written `Matt discards ? from deck`; points are `Matt {word} 1000`"
                        )),
                    )
                })?;
                let event = if lower == b"scores" {
                    Event::Scores { player, points: p }
                } else {
                    Event::Loses { player, points: p }
                };
                Ok((r, event))
            }
            b"goes" => {
                let (r, _) = kw("out")(rest).or_else(|_| fail(rest, Code::BadResolution, "expected `goes out`"))?;
                Ok((r, Event::GoesOut(player)))
            }
            b"is" => {
                if let Ok((r, _)) = kw("decked")(rest) {
                    return Ok((r, Event::IsDecked(player)));
                }
                if let Ok((r, _)) = kw("skipped")(rest) {
                    return Ok((r, Event::IsSkipped(player)));
                }
                if let Ok((r, _)) = kw("next")(rest) {
                    return Ok((r, Event::IsNext(player)));
                }
                fail(rest, Code::BadResolution, "expected `is decked`, `is skipped` or `is next`")
            }
            b"passes" => Ok((rest, Event::Passes(player))),
            b"uses" => {
                let (r, power) = match self.power_spec(rest) {
                    Err(nom::Err::Error(_)) => return fail(rest, Code::BadResolution, "expected a power after `uses`"),
                    other => other?,
                };
                let (r, _) = (space1, kw("unverified"))
                    .parse(r)
                    .or_else(|_: nom::Err<PErr>| fail(r, Code::BadResolution, "expected `unverified`"))?;
                Ok((r, Event::Unverified { player, power }))
            }
            b"totals" => {
                let (r, p) = points(rest)?;
                Ok((r, Event::TotalIs { player, points: p }))
            }
            b"freezes" | b"unfreezes" => {
                let (r, power) = match self.power_spec(rest) {
                    Err(nom::Err::Error(_)) => return fail(rest, Code::BadResolution, "expected the frozen power"),
                    other => other?,
                };
                Ok((
                    r,
                    if lower == b"freezes" {
                        Event::Freezes { player, power }
                    } else {
                        Event::Unfreezes { player, power }
                    },
                ))
            }
            b"replays" => {
                let (r, c) = self.card(rest)?;
                Ok((r, Event::Replays { player, card: c.card }))
            }
            b"rejoins" => Ok((rest, Event::Rejoins(player))),
            b"was" => {
                if let Ok((r, _)) = (kw("decked"), space1, kw("unseen")).parse(rest) {
                    return Ok((r, Event::DeckedUnseen(player)));
                }
                let (r, _) =
                    (kw("decked"), space1, kw("at"), space1, kw("the"), space1, kw("deal")).parse(rest).or_else(
                        |_: nom::Err<PErr>| fail(rest, Code::BadResolution, "expected `was decked at the deal`"),
                    )?;
                Ok((r, Event::DeckedAtDeal(player)))
            }
            b"may" => {
                if let Ok((r, _)) =
                    (kw("go"), space1, kw("out"), space1, kw("with"), space1, kw("the"), space1, kw("hand")).parse(rest)
                {
                    return Ok((r, Event::MayGoOut(player)));
                }
                if let Ok((r, _)) = (kw("score"), space1::<&str, PErr>).parse(rest) {
                    let (r, points) = points(r)?;
                    return Ok((r, Event::MayScore { player, points }));
                }
                let (r, _) =
                    (kw("remove"), space1, kw("a"), space1, kw("discarded"), space1, kw("card")).parse(rest).or_else(
                        |_: nom::Err<PErr>| fail(rest, Code::BadResolution, "expected `may remove a discarded card`"),
                    )?;
                Ok((r, Event::MayRemove(player)))
            }
            b"awaits" | b"stops" => {
                // `Dan awaits Matt's next play`, `Dan stops awaiting Matt's play` (Score).
                let stops = lower == b"stops";
                let r = if stops {
                    let (r, _) = (kw("awaiting"), space1)
                        .parse(rest)
                        .or_else(|_: nom::Err<PErr>| fail(rest, Code::BadResolution, "expected `stops awaiting`"))?;
                    r
                } else {
                    rest
                };
                let (r, target) = self.owner_prefix(r)?;
                let Some(target) = target else {
                    return fail(r, Code::BadResolution, "expected the awaited player, as `Matt's`");
                };
                let words = if stops { &["play"][..] } else { &["next", "play"][..] };
                let mut r = r;
                for (k, w) in words.iter().enumerate() {
                    if k > 0 {
                        r = space1(r)?.0;
                    }
                    r = kw(w)(r).or_else(|_| fail(r, Code::BadResolution, "expected `next play` or `play`"))?.0;
                }
                Ok((r, if stops { Event::StopsAwaiting { player, target } } else { Event::Awaits { player, target } }))
            }
            b"scans" => {
                // `Dan scans 3 cards back unseen` (`1 card`), or `Dan scans SEEN: top CARDS bottom
                // CARDS` (Scan).
                if let Ok((r, n)) = number(rest) {
                    let noun = alt((kw("cards"), kw("card")));
                    if let Ok((r, _)) = (space1::<&str, PErr>, noun, space1, kw("back"), space1, kw("unseen")).parse(r)
                    {
                        let n = count_of(n, rest)?;
                        let seen = vec![crate::model::Card::Unknown; n as usize];
                        return Ok((
                            r,
                            Event::Scans { player, seen: seen.into(), top: Box::default(), bottom: Box::default() },
                        ));
                    }
                }
                let (r, seen) = self.card_list(rest)?;
                let (r, _) = (space0::<&str, PErr>, nom::character::complete::char(':'))
                    .parse(r)
                    .or_else(|_| fail(r, Code::BadResolution, "expected `:` after the cards looked at"))?;
                let expand = |l: crate::model::log::CardCounts| crate::engine::state::expand(&l);
                let (mut r, mut top, mut bottom) = (r, Vec::new(), Vec::new());
                for (word, into) in [("top", &mut top), ("bottom", &mut bottom)] {
                    if let Ok((r2, _)) = (space1::<&str, PErr>, kw(word), space1).parse(r) {
                        let (r3, list) = self.card_list(r2)?;
                        *into = expand(list);
                        r = r3;
                    }
                }
                Ok((r, Event::Scans { player, seen: expand(seen).into(), top: top.into(), bottom: bottom.into() }))
            }
            b"zones" => {
                let (mut r, _) =
                    kw("unknown")(rest).or_else(|_| fail(rest, Code::BadResolution, "expected `zones unknown`"))?;
                let (mut hand, mut deck, mut discard) = (false, None, false);
                if let Ok((r2, _)) = sep(':')(r) {
                    r = r2;
                    loop {
                        let r2 = r;
                        r = if let Ok((r3, _)) = kw("hand")(r2) {
                            hand = true;
                            r3
                        } else if let Ok((r3, _)) =
                            (kw("deck"), space1, kw("of"), space1, kw("at"), space1, kw("least"), space1).parse(r2)
                        {
                            let (r3, n) = number(r3)?;
                            deck = Some(count_of(n, r3)?);
                            r3
                        } else if let Ok((r3, _)) = (kw("discard"), space1, kw("pile")).parse(r2) {
                            discard = true;
                            r3
                        } else {
                            return fail(
                                r2,
                                Code::BadResolution,
                                "expected `hand`, `deck of at least N` or `discard pile`",
                            );
                        };
                        if deck.is_some() {
                            break;
                        }
                        match sep(',')(r) {
                            Ok((r2, _)) => r = r2,
                            Err(_) => break,
                        }
                    }
                }
                Ok((r, Event::ZonesUnknown { player, hand, deck, discard }))
            }
            b"holds" => {
                let (r, _) =
                    kw("unknown")(rest).or_else(|_| fail(rest, Code::BadResolution, "expected `holds unknown`"))?;
                Ok((r, Event::HandUnknown(player)))
            }
            b"piles" => {
                let (r, _) =
                    kw("unknown")(rest).or_else(|_| fail(rest, Code::BadResolution, "expected `piles unknown`"))?;
                Ok((r, Event::PileUnknown(player)))
            }
            b"sits" => {
                let (r, _) = kw("out")(rest).or_else(|_| fail(rest, Code::BadResolution, "expected `sits out`"))?;
                Ok((r, Event::SitsOut(player)))
            }
            _ => super::token::fail_with(
                i,
                verb.len(),
                Code::BadResolution,
                format!("`{verb}` is not a verb of the event vocabulary"),
                "unknown verb",
                Some(
                    "verbs: draws, discards, plays, puts, reveals, shuffles, scores, loses, goes out, is decked, \
                     is skipped, is next, passes, sits out"
                        .into(),
                ),
            ),
        }
    }

    /// `hand`, `deck`, `pile` or `discard`.
    pub fn zone_word<'a>(&self, i: &'a str) -> R<'a, Zone> {
        for z in [Zone::Hand, Zone::Deck, Zone::Pile, Zone::Discard] {
            if let Ok((r, _)) = kw(z.keyword())(i) {
                return Ok((r, z));
            }
        }
        fail(i, Code::BadResolution, "expected `hand`, `deck`, `pile` or `discard`")
    }

    fn destination<'a>(&self, i: &'a str) -> R<'a, Destination> {
        // Only the places whose preposition starts as the text does can match; those sharing one
        // (`on deck`, `on pile`) read the owner once.
        let first = i.as_bytes().first().map(u8::to_ascii_lowercase);
        let mut owner_read: Option<(&str, (&str, Option<PlayerId>))> = None;
        for place in Place::ALL {
            let (prep, word) = place.words();
            if first != prep.as_bytes().first().copied() {
                continue;
            }
            let Ok((r, _)) = prep_words(prep, i) else {
                continue;
            };
            let Ok((r, _)) = space1::<&str, PErr>(r) else {
                continue;
            };
            let (r2, owner) = match owner_read {
                _ if !place.is_owned() => (r, None),
                Some((at, read)) if std::ptr::eq(at, r) => read,
                _ => {
                    let read = self.owner_prefix(r)?;
                    owner_read = Some((r, read));
                    read
                }
            };
            if let Ok((r3, _)) = kw(word)(r2) {
                return Ok((r3, Destination { place, owner }));
            }
        }
        fail(
            i,
            Code::BadResolution,
            "expected where the cards go: `on deck`, `under deck`, `on pile`, `under pile`, `in pot`, `in hand` or `out of game`",
        )
    }

    /// What follows `expect`.
    pub fn expectation<'a>(&self, i: &'a str) -> R<'a, Expectation> {
        if let Ok((r, _)) = (kw("next"), sep(':')).parse(i) {
            let (r, p) = self.player(r)?;
            return Ok((r, Expectation::Next(p)));
        }
        if let Ok((r, _)) = (kw("chain"), sep(':')).parse(i) {
            let (r, d) = self.denomination(r)?;
            return Ok((r, Expectation::Chain(d)));
        }
        if let Ok((r, _)) = (kw("points"), sep(':')).parse(i) {
            let (r, list) = self.player_points(r)?;
            return Ok((r, Expectation::Points(list)));
        }
        if let Ok((r, _)) = (kw("totals"), sep(':')).parse(i) {
            let (r, list) = self.player_points(r)?;
            return Ok((r, Expectation::Totals(list)));
        }
        if let Ok((r, _)) = (kw("winner"), sep(':')).parse(i) {
            let (r, list) = self.player_list(r)?;
            return Ok((r, Expectation::Winner(list)));
        }
        if let Ok((r, _)) = (kw("hand"), space1).parse(i) {
            let (r, player) = self.player(r)?;
            let (r, _) = sep(':')(r).or_else(|_| fail(r, Code::BadExpect, "expected `:` after the name"))?;
            let (r, n) = number(r)?;
            let count = to_u32(n, r)?;
            return Ok((r, Expectation::Hand { player, count }));
        }
        if let Ok((r, _)) = kw("clean")(i) {
            return Ok((r, Expectation::Clean));
        }
        for severity in [Severity::Error, Severity::Warning, Severity::Note] {
            if let Ok((r, _)) = kw(severity.keyword())(i) {
                let (r, _) = space0(r)?;
                if r.is_empty() {
                    return Ok((r, Expectation::Diagnostic { severity, code: None }));
                }
                let (r2, id) =
                    super::token::word(r).or_else(|_| fail(r, Code::BadExpect, "expected a code such as S0101"))?;
                // Rules codes belong to the engine, which checks them when it meets the expectation;
                // syntax codes are all known here.
                let well_formed = id.len() == 5
                    && id.starts_with(|c: char| c.is_ascii_uppercase())
                    && id[1..].bytes().all(|b| b.is_ascii_digit());
                let known = Code::from_id(id).map(|c| c.id().to_string());
                if well_formed && !id.starts_with('S') || known.is_some() {
                    return Ok((
                        r2,
                        Expectation::Diagnostic { severity, code: Some(known.unwrap_or_else(|| id.to_string())) },
                    ));
                }
                {
                    return super::token::fail_with(
                        r,
                        id.len(),
                        Code::UnknownCode,
                        format!("`{id}` is not a diagnostic code"),
                        "unknown code",
                        Some("`tribbles explain --list` lists every code".into()),
                    );
                }
            }
        }
        match self.event(i) {
            Ok((r, e)) => Ok((r, Expectation::Event(e))),
            Err(nom::Err::Failure(e)) if e.detail.as_ref().is_some_and(|d| d.code != Code::BadResolution) => {
                Err(nom::Err::Failure(e))
            }
            Err(_) => fail(
                i,
                Code::BadExpect,
                "expected `next:`, `chain:`, `points:`, `totals:`, `winner:`, `hand P: N`, `error`, `warning`, `note`, `clean` or an event",
            ),
        }
    }

    /// `Dan 11111, Matt 100000`
    pub fn player_points<'a>(&self, i: &'a str) -> R<'a, Vec<PlayerPoints>> {
        let mut out = Vec::new();
        let mut i = i;
        loop {
            let start = i;
            let (r, player, p) = match self.quick_points(i) {
                Some(quick) => quick,
                None => {
                    let (r, player) = self.player(i)?;
                    let (r, _) = space1::<&str, PErr>(r)
                        .or_else(|_| fail(r, Code::BadNumber, "expected the player's points after the name"))?;
                    let (r, p) = points(r)?;
                    (r, player, p)
                }
            };
            // Each player once: a second figure for the same player would be dropped or doubled.
            if out.iter().any(|q: &PlayerPoints| q.player == player) {
                let name = self.names.borrow().get(player).to_string();
                return Err(super::token::failure_with(
                    start,
                    start.len() - r.len(),
                    Code::DuplicatePlayer,
                    format!("`{name}` is named twice on this line"),
                    "named again",
                    Some("give each player's figure once".into()),
                ));
            }
            out.push(PlayerPoints { player, points: p, span: self.span(start, r) });
            match sep(',')(r) {
                Ok((r, _)) => i = r,
                Err(_) => return Ok((r, out)),
            }
        }
    }

    /// One `Dan 11111` of [`Cx::player_points`] read from its bytes: a declared player's ASCII
    /// name, blanks, and plain digits ending the entry (the line's end, a blank, or a comma with
    /// no digit after it). `None` for anything else, which the general readers take; on what
    /// this accepts, both give the same (a unit test compares them).
    fn quick_points<'a>(&self, i: &'a str) -> Option<(&'a str, PlayerId, Points)> {
        let b = i.as_bytes();
        if !b.first()?.is_ascii_alphabetic() {
            return None;
        }
        let name_end = b.iter().position(|c| !super::token::WORD_BYTES[usize::from(*c)])?;
        if !matches!(b[name_end], b' ' | b'\t') {
            return None;
        }
        let player = self.find(&i[..name_end])?;
        let digits_start = name_end + b[name_end..].iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
        let digits = b[digits_start..].iter().take_while(|c| c.is_ascii_digit()).count();
        let end = digits_start + digits;
        let ends = match b.get(end) {
            None | Some(b' ' | b'\t') => true,
            Some(b',') => !b.get(end + 1).is_some_and(u8::is_ascii_digit),
            Some(_) => false,
        };
        // Twelve digits stay within the largest number a log may write.
        if !ends || !(1..=12).contains(&digits) {
            return None;
        }
        let value = b[digits_start..end].iter().fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
        Some((&i[end..], player, Points(value)))
    }

    /// `Dan, Rogue, Matt`
    pub fn player_list<'a>(&self, i: &'a str) -> R<'a, Vec<PlayerId>> {
        let mut out = Vec::new();
        let mut i = i;
        loop {
            let (r, p) = self.player(i)?;
            out.push(p);
            match sep(',')(r) {
                Ok((r, _)) => i = r,
                Err(_) => return Ok((r, out)),
            }
        }
    }
}

/// [`str::strip_prefix`] for the short words of a resolution line, compared by
/// [`crate::model::same_bytes`].
fn strip<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.as_bytes().get(..prefix.len())?;
    // A whole `str` matched at the start ends on a character boundary.
    crate::model::same_bytes(head, prefix.as_bytes()).then(|| &s[prefix.len()..])
}

/// The zone after `from` in a quick resolution line: none written is the hand; `discard` only
/// where the cards may come from it (`puts`, not `discards`).
fn quick_source(ending: &str, discard: bool) -> Option<Zone> {
    Some(match ending {
        "" | " from hand" => Zone::Hand,
        " from deck" => Zone::Deck,
        " from pile" => Zone::Pile,
        " from discard" if discard => Zone::Discard,
        _ => return None,
    })
}

fn prep_words<'a>(prep: &'static str, i: &'a str) -> R<'a, ()> {
    let mut i = i;
    for (n, w) in prep.split(' ').enumerate() {
        if n > 0 {
            i = space1(i)?.0;
        }
        i = kw(w)(i)?.0;
    }
    Ok((i, ()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Names;
    use std::cell::{Cell, RefCell};

    fn cx<'s>(src: &'s str, names: &Names) -> Cx<'s> {
        Cx {
            src,
            names: RefCell::new(names.clone()),
            warnings: RefCell::new(Vec::new()),
            implicit: Cell::new(false),
            tag_named: Cell::new(0),
            unknown: RefCell::new(Vec::new()),
            renames: Vec::new(),
            added: None,
            aliases: Vec::new(),
        }
    }

    /// The cards' places in the source: spans compare equal whatever they hold.
    fn spans(e: &Event) -> Vec<(u32, u32)> {
        let cards = match e {
            Event::Draws { drawn: Drawn::Cards(c), .. }
            | Event::Reveals { cards: c, .. }
            | Event::Discards { cards: c, .. }
            | Event::Puts { cards: c, .. } => &c[..],
            _ => &[],
        };
        cards.iter().map(|c| (c.span.start, c.span.end)).collect()
    }

    /// Where the quick reader answers, the general one gives the same event and spans.
    fn agree(cx: &Cx, line: &str) -> bool {
        let Ok((after, name)) = crate::syntax::token::word(line) else { return false };
        let Some(player) = cx.find(name).filter(|_| !KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(name))) else {
            return false;
        };
        let Some(quick) = cx.quick_event(player, after) else { return false };
        let general = space1::<&str, PErr>(after).and_then(|(r, _)| cx.verb(r, player));
        let Ok((rest, general)) = general else { panic!("`{line}`: only the quick reader reads it") };
        assert!(rest.trim().is_empty(), "`{line}`: the general reader stops at `{rest}`");
        assert_eq!(quick, general, "`{line}`");
        assert_eq!(spans(&quick), spans(&general), "`{line}`");
        true
    }

    #[test]
    fn the_quick_reader_agrees_with_the_general_one() {
        let (mut lines, mut answered) = (0, 0);
        for seed in 0..60 {
            for hidden in [false, true] {
                let mut o = crate::sim::Options::new(4 + (seed % 5) as usize, seed);
                o.hidden = hidden;
                o.troubles = seed % 2 == 0;
                let text = crate::sim::simulate(&o);
                let (log, _) = super::super::parse(&text);
                let cx = cx(&text, &log.names);
                for line in text.lines().filter_map(|l| l.strip_prefix("  ")) {
                    lines += 1;
                    answered += usize::from(agree(&cx, line));
                }
            }
        }
        assert!(answered * 4 > lines * 3, "only {answered} of {lines} resolution lines read quickly");
        let names = Names(vec!["Ann".into(), "Bob".into(), "round".into()]);
        let odd = [
            "Ann draws 10",
            "Ann draws 1,000",
            "Ann draws 10 Go, 100 Skip & Go",
            "Ann draws 10 Go,",
            "Ann discards 10 Go from discard",
            "Ann discards 10 Go from deck",
            "Ann discards hand",
            "Ann puts 10 Go under pile from discard",
            "Ann puts 10 Go out of game",
            "Ann puts 10 Go on piles",
            "Ann puts 10 Go on deck from pile",
            "Ann puts 10 Go under Bob's pile",
            "Ann puts 10 Go",
            "Ann  draws 10 Go",
            "Ann Draws 10 Go",
            "Ann reveals 2x 10 Go",
            "Ann reveals 10 Time Warp, 1 Go",
            "round draws 1 Go",
            "Cyd draws 1 Go",
            "Ann draws ?",
            "Ann draws ?x",
            "Ann puts ?, 10 Go in pot",
            "Ann plays 10 Go",
            "Ann plays 10 Go use",
            "Ann scores 1,000",
            "Ann scores 1000000000000000",
            "Ann loses 100",
            "Ann scores unverified",
            "Ann is decked",
            "Ann is next",
            "Ann is Next",
        ];
        for line in odd {
            agree(&cx(line, &names), line);
        }
    }

    /// A Scan's cards put back unseen are counted with the noun in the number it needs, and the
    /// line is written back as it was read.
    #[test]
    fn cards_scanned_back_unseen_are_one_card_or_more_cards() {
        let names = Names(vec!["Ann".into()]);
        for (line, n) in [("Ann scans 1 card back unseen", 1), ("Ann scans 3 cards back unseen", 3)] {
            let cx = cx(line, &names);
            let (rest, event) = cx.verb(&line[4..], PlayerId(0)).unwrap_or_else(|e| panic!("`{line}`: {e:?}"));
            assert!(rest.is_empty(), "`{line}`");
            assert!(matches!(&event, Event::Scans { seen, .. } if seen.len() == n), "`{line}`");
            assert_eq!(event.display(&names).to_string(), line);
        }
    }

    /// Where the quick reader of `points:` entries answers, the general readers give the same
    /// player, points and rest; it answers on the plain entries the simulator writes.
    #[test]
    fn the_quick_points_reader_agrees_with_the_general_one() {
        let names = Names(vec!["Ann".into(), "Bob".into(), "Mary Ann".into()]);
        let players = ["Ann", "Bob", "ann", "Cyd", "\"Mary Ann\"", "Ann's", "Anné", ""];
        let gaps = ["", " ", "  ", "\t", ","];
        let numbers = ["0", "10", "007", "1,000", "1_000", "10,5", "999999999999", "1000000000000", "10x", "10a", "x"];
        let ends = ["", ", Bob 5", ",Bob 5", " , Bob 5", ";", " x", ",_", "é"];
        let (mut tried, mut answered) = (0, 0);
        for p in players {
            for g in gaps {
                for n in numbers {
                    for e in ends {
                        let text = format!("{p}{g}{n}{e}");
                        let cx = cx(&text, &names);
                        tried += 1;
                        let Some((rest, player, points)) = cx.quick_points(&text) else { continue };
                        answered += 1;
                        let general = cx.player(&text).and_then(|(r, player)| {
                            let (r, _) = space1::<&str, PErr>(r)?;
                            let (r, p) = super::super::token::points(r)?;
                            Ok((r, player, p))
                        });
                        assert_eq!(general.ok(), Some((rest, player, points)), "{text:?}");
                    }
                }
            }
        }
        assert!(tried > 3_000 && answered > 100, "{answered} of {tried}");
        let plain = cx("Ann 10123, Bob 0", &names);
        assert!(plain.quick_points("Ann 10123, Bob 0").is_some());
    }
}
