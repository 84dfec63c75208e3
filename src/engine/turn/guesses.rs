//! What a turn the log left out may have been, for the readings of [`super::readings`]: the cards its
//! player may have held (the hand where the referee knows it, else the decklist's cards of the
//! numbers the chain allows, or the number alone in a log with the cards hidden) and each way of
//! playing them that the resolution lines after it may show.

use super::{Shown, Uses, choice_kind, distinct};
use crate::engine::event::Event;
use crate::engine::replay::Referee;
use crate::engine::zone::Collection;
use crate::model::log::{CardAt, CardCount, Choice, ChoiceKind, Line, LineKind, OneOrMany, PositionLine, StepKind};
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec, Span};

impl<'a> Referee<'a> {
    /// `p`'s decklist, where it shows every card of number `d` with its power (a log with the cards
    /// hidden writes them `?`): `None` without one, or where it does not.
    pub(super) fn list_showing(&self, p: PlayerId, d: Denomination) -> Option<&Collection> {
        let list = self.state.collections.get(p.index()).and_then(Option::as_ref)?;
        let unshown = |c: &Card| !c.power_recorded() && c.denomination().is_none_or(|e| e == d);
        (!list.cards.iter().any(|(c, _)| unshown(c))).then_some(list)
    }

    /// The cards `p` may have played in a turn the log left out: the whole hand, where the referee
    /// knows it ([`Self::whole_hand`]); else the hand's cards it knows, and the cards of the
    /// number the chain calls for that the hand may hold: those of the decklist where it shows
    /// them, else the number with its power unknown (a log with the cards hidden), which is read
    /// played without its power. With whether the cards were guessed (the hand not known).
    pub(super) fn left_out_cards(&self, p: PlayerId) -> Option<(Vec<Card>, bool)> {
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
    pub(super) fn guessed_plays(&self, player: PlayerId, span: Span, shown: &Shown) -> Vec<StepKind> {
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
    pub(super) fn shown_by(&self, player: PlayerId, block: &[Line]) -> Shown {
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
    pub(super) fn guessed_rare_plays(&self, player: PlayerId, span: Span) -> Vec<StepKind> {
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
    fn guessed_play(
        plays: &mut Vec<StepKind>,
        hand: &crate::engine::zone::Hidden,
        card: Card,
        span: Span,
        shown: &Shown,
    ) {
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
    pub(super) fn ways_to_take(
        &self,
        player: PlayerId,
        cards: &[Card],
        span: Span,
        uses: Uses,
    ) -> Vec<(Vec<StepKind>, bool)> {
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
    pub(super) fn drawn_called(&self, player: PlayerId, ones: bool) -> Vec<Card> {
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
    pub(super) fn fetchers(&self, player: PlayerId, cards: &[Card]) -> Vec<Card> {
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
    pub(super) fn plays_of(&self, player: PlayerId, cards: &[Card], span: Span, uses: Uses) -> Vec<StepKind> {
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
    pub(super) fn held_ways(
        &self,
        player: PlayerId,
        cards: &[Card],
        span: Span,
        draws: bool,
    ) -> [Vec<(Vec<StepKind>, bool)>; 3] {
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

    /// The distinct cards of `p`'s hand, when the referee knows every one of them (at most 12).
    fn whole_hand(&self, p: PlayerId) -> Option<Vec<Card>> {
        let hand = &self.state.player(p).hand;
        if hand.unknown > 0 || hand.unbounded || hand.known.iter().any(|c| !c.power_recorded()) {
            return None;
        }
        let cards = distinct(&hand.known);
        (cards.len() <= 12).then_some(cards)
    }
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
