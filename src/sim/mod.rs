//! The simulator: plays whole games with seeded randomness and random legal choices, and prints
//! them as table logs, with every card named (`full`) or as a score keeper sees them (`hidden`).
//!
//! Which cards may be played comes from the engine's own enumeration ([`rules::legal_plays`]);
//! everything else (dealing, power effects, scoring) the simulator works out itself, so the engine
//! that checks its logs is checked in turn. The same options give the same log, byte for byte.
//! [`mutant`] makes one realistic mistake at a chosen moment and ends the log there.

mod rng;
mod text;

pub use rng::Rng;
use text::{CardList, Decklist, Form, Put, write_line};

use crate::engine::rules::{self, Verdict, Way};
use crate::engine::state::Chain;
use crate::engine::zone::Pile;
use crate::model::log::Ruleset;
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec};

/// Seat names, in order.
pub const NAMES: [&str; 8] = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal"];

#[derive(Clone, Debug)]
pub struct Options {
    pub players: usize,
    pub seed: u64,
    pub ruleset: Ruleset,
    pub troubles: bool,
    pub rounds: u32,
    /// Decklists to play with instead of random ones, one per player in seat order.
    pub decks: Option<Vec<Vec<Card>>>,
    /// Print what a score keeper sees instead of every card.
    pub hidden: bool,
}

impl Options {
    pub fn new(players: usize, seed: u64) -> Options {
        Options { players, seed, ruleset: Ruleset::Tcc21, troubles: false, rounds: 5, decks: None, hidden: false }
    }
}

/// A kind of mistake a table makes, for checking that the referee catches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// A card of a number the chain does not allow.
    WrongDenomination,
    /// Another player takes the turn.
    WrongPlayer,
    /// A Poison aimed at its own player.
    IllegalTarget,
    /// A card whose power is frozen.
    FrozenPlay,
    /// A Poison's discarded card written wrong.
    WrongResolution,
    /// A Poison's discard written as coming from the wrong zone.
    WrongZone,
    /// A round's points written wrong.
    WrongScore,
    /// A running total written wrong.
    WrongTotal,
    /// Play goes on after a player went out.
    MissedGoOut,
    /// After drawing, another card is played from hand.
    NotTheDrawnCard,
    /// A drawn card the player's decklist does not hold.
    NotInDecklist,
}

impl Mutation {
    pub const ALL: [Mutation; 11] = [
        Mutation::WrongDenomination,
        Mutation::WrongPlayer,
        Mutation::IllegalTarget,
        Mutation::FrozenPlay,
        Mutation::WrongResolution,
        Mutation::WrongZone,
        Mutation::WrongScore,
        Mutation::WrongTotal,
        Mutation::MissedGoOut,
        Mutation::NotTheDrawnCard,
        Mutation::NotInDecklist,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mutation::WrongDenomination => "a play of a number the chain does not allow",
            Mutation::WrongPlayer => "a turn given to the wrong player",
            Mutation::IllegalTarget => "a choice naming an illegal target",
            Mutation::FrozenPlay => "a frozen power played",
            Mutation::WrongResolution => "a resolution line changed (the wrong card)",
            Mutation::WrongZone => "a resolution line changed (the wrong zone)",
            Mutation::WrongScore => "a points figure changed",
            Mutation::WrongTotal => "a totals figure changed",
            Mutation::MissedGoOut => "a go-out missed",
            Mutation::NotTheDrawnCard => "another card played after a draw",
            Mutation::NotInDecklist => "a card the decklist does not hold",
        }
    }
}

/// Plays a whole game and returns its log.
pub fn simulate(o: &Options) -> String {
    let mut s = Sim::new(o, None);
    s.run();
    s.text()
}

/// The same game with one mistake of the given kind, made at the `at`-th chance the game offers
/// (counting from 0); the log ends with the mistake. `None` when the game offers no such chance.
pub fn mutant(o: &Options, mutation: Mutation, at: usize) -> Option<String> {
    let mut s = Sim::new(o, Some((mutation, at)));
    s.run();
    s.mutated.then(|| s.text())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum St {
    In,
    Out,
    Decked,
    Sitting,
}

struct Sim<'o> {
    o: &'o Options,
    r: Rng,
    n: usize,
    lists: Vec<Vec<Card>>,
    /// Index 0 is the top.
    deck: Vec<Vec<Card>>,
    hand: Vec<Vec<Card>>,
    /// Each pile remembers the owners of other players' cards in it (Assimilate, BiJ).
    pile: Vec<Pile>,
    /// The Ante pot: each card with its owner.
    pot: Vec<(Card, usize)>,
    discard: Vec<Vec<Card>>,
    st: Vec<St>,
    totals: Vec<u64>,
    round_pts: Vec<u64>,
    chain: Chain,
    clockwise: bool,
    frozen: Vec<(PowerSpec, PlayerId)>,
    prev_acts: u32,
    prev_player: Option<usize>,
    go_chain: bool,
    /// The log so far, in the form asked for (full or hidden).
    out: String,
    mutation: Option<(Mutation, usize)>,
    mutated: bool,
    /// Freezes made in the turn being played, which do not end with it.
    fresh_freezes: Vec<PowerSpec>,
    /// Scores in force: (who scores, whose next turn), and those aimed this turn at its player.
    awaiting: Vec<(usize, usize)>,
    fresh_awaits: Vec<usize>,
    /// Powers activated this turn through Sabotage (they count for Dabo).
    activated: u32,
    /// Who may mulligan at the next round's start (ROLL).
    may_roll: Vec<usize>,
    /// The trouble cards (the built-in Sickbay first), the face-down pile (indices, top last) and
    /// the active one, when troubles are on.
    troubles: Vec<crate::model::log::TroubleCard>,
    trouble_pile: Vec<usize>,
    active_trouble: Option<usize>,
    /// How many cards fewer each player is dealt next round (TIME WARP).
    warped: Vec<u32>,
    /// The clockwise seating, as player indices (BAH! reseats the table).
    seat: Vec<usize>,
    /// Points paid this round for trouble actions (Lose X), taken off the totals at its end.
    lost: Vec<u64>,
    /// Cards played this turn after its first (a rescued card, a replay, a stampede follow-up), in
    /// order, for the trouble's Power.
    later_plays: Vec<Card>,
    /// The resolution lines' buffer, kept between turns.
    res_buf: String,
    /// What the turn's uses write on its line, kept between turns.
    said: Said,
    /// The cards of the hand that may be played, kept between turns.
    legal_buf: Vec<Card>,
}

/// A turn's resolution lines, written after its turn line, in the form the log is printed in.
struct Res {
    hidden: bool,
    text: String,
}

impl Res {
    fn new(hidden: bool, text: String) -> Res {
        Res { hidden, text }
    }

    /// A line a score keeper sees as it is.
    fn public(&mut self, line: impl Put) {
        write_line(&mut self.text, line);
    }

    /// A line a score keeper does not see (a drawn card).
    fn private(&mut self, line: impl Put) {
        if !self.hidden {
            self.public(line);
        }
    }

    /// A line written as private at byte `at` turns out public: the hidden form gains it there.
    fn reveal_at(&mut self, at: usize, line: impl Put) {
        if self.hidden {
            let mut text = String::new();
            write_line(&mut text, line);
            self.text.insert_str(at, &text);
        }
    }

    /// A line a score keeper sees differently (a face-down card as `?`).
    fn split(&mut self, full: impl Put, hidden: impl Put) {
        self.public(Form { hidden: self.hidden, full, seen: hidden });
    }
}

/// What a turn's uses write on its turn line, in the form the log is printed in: the choices
/// after `use` (each with its leading space) and the steps after the play (each with its leading
/// `; `).
#[derive(Default)]
struct Said {
    hidden: bool,
    choices: String,
    steps: String,
}

impl Said {
    fn new(hidden: bool) -> Said {
        Said { hidden, choices: String::with_capacity(64), steps: String::with_capacity(64) }
    }

    fn clear(&mut self) {
        self.choices.clear();
        self.steps.clear();
    }

    /// A choice the score keeper sees as it is.
    fn both(&mut self, choice: impl Put) {
        self.choices.push(' ');
        choice.put(&mut self.choices);
    }

    /// A choice the score keeper sees differently (a card of the hand as `?`).
    fn split(&mut self, full: impl Put, hidden: impl Put) {
        self.both(Form { hidden: self.hidden, full, seen: hidden });
    }

    /// A choice the hidden form leaves out.
    fn full_only(&mut self, full: impl Put) {
        if !self.hidden {
            self.both(full);
        }
    }

    /// A step after the play, alike in both forms.
    fn step(&mut self, step: impl Put) {
        self.steps.push_str("; ");
        step.put(&mut self.steps);
    }
}

/// Cards as a log writes them: `1 Go, 10 Skip`.
fn card_list(cards: &[Card]) -> CardList<'_> {
    CardList(cards)
}

/// The powers the simulator uses through another card (Sabotage, Copy): those that need no step
/// of their own and do not act through their own card.
const BORROWABLE: [Power; 17] = [
    Power::Dance,
    Power::Ante,
    Power::Assimilate,
    Power::Go,
    Power::Skip,
    Power::Reverse,
    Power::Famine,
    Power::Draw,
    Power::Kill,
    Power::Poison,
    Power::Recycle,
    Power::Masaka,
    Power::Utilize,
    Power::Qapla,
    Power::Score,
    Power::Toxin,
    Power::Battle,
];

/// The powers the engine follows, in `Power::ALL` order (the first `.1` of `.0`).
const FOLLOWED: ([Power; 52], usize) = {
    let mut out = [Power::Go; 52];
    let (mut k, mut n) = (0, 0);
    while k < Power::ALL.len() {
        if matches!(crate::powers::profile(Power::ALL[k]).status, crate::powers::Status::Implemented) {
            out[n] = Power::ALL[k];
            n += 1;
        }
        k += 1;
    }
    (out, n)
};

/// The powers the simulator knows how to use (those the engine follows).
const USABLE: [Power; 37] = [
    Power::Shift,
    Power::Reset,
    Power::Dance,
    Power::Ante,
    Power::Assimilate,
    Power::Bij,
    Power::Rival,
    Power::Copy,
    Power::Sabotage,
    Power::Battle,
    Power::Toxin,
    Power::Score,
    Power::Qapla,
    Power::Scan,
    Power::Mutate,
    Power::Avalanche,
    Power::Party,
    Power::Cycle,
    Power::Exchange,
    Power::Convert,
    Power::Process,
    Power::Masaka,
    Power::Utilize,
    Power::Draw,
    Power::Kill,
    Power::Recycle,
    Power::Evolve,
    Power::Go,
    Power::Skip,
    Power::Reverse,
    Power::Famine,
    Power::Freeze,
    Power::Discard,
    Power::Poison,
    Power::Rescue,
    Power::Replay,
    Power::Stampede,
];

impl<'o> Sim<'o> {
    fn new(o: &'o Options, mutation: Option<(Mutation, usize)>) -> Sim<'o> {
        let n = o.players.clamp(2, NAMES.len());
        Sim {
            o,
            r: Rng::new(o.seed),
            n,
            lists: Vec::new(),
            deck: vec![Vec::new(); n],
            hand: (0..n).map(|_| Vec::with_capacity(16)).collect(),
            pile: (0..n).map(|_| Pile::with_capacity(16)).collect(),
            pot: Vec::new(),
            discard: (0..n).map(|_| Vec::with_capacity(16)).collect(),
            st: vec![St::In; n],
            totals: vec![0; n],
            round_pts: vec![0; n],
            chain: Chain::default(),
            clockwise: true,
            frozen: Vec::new(),
            prev_acts: 0,
            prev_player: None,
            go_chain: false,
            // About 650 bytes a player a round on average and seldom over 1,000: room for 1,200,
            // so that the text seldom grows (each growth copies all of it).
            out: String::with_capacity((n * 1200).saturating_mul(o.rounds as usize).min(1 << 20)),
            mutation,
            mutated: false,
            fresh_freezes: Vec::new(),
            awaiting: Vec::new(),
            fresh_awaits: Vec::new(),
            activated: 0,
            may_roll: Vec::new(),
            // The built-in trouble and two more, when troubles are on.
            troubles: if o.troubles {
                vec![
                    crate::engine::trouble::sickbay(),
                    crate::model::log::TroubleCard {
                        name: "... in the Brig".into(),
                        miss: Some(Denomination::Hundred),
                        power: Some(PowerSpec::Single(Power::Go)),
                        action: Some(crate::model::log::TroubleAction::Draw(2)),
                    },
                    crate::model::log::TroubleCard {
                        name: "... on the Bridge".into(),
                        miss: Some(Denomination::Thousand),
                        power: Some(PowerSpec::Single(Power::Famine)),
                        action: Some(crate::model::log::TroubleAction::Lose(crate::model::Points(1000))),
                    },
                ]
            } else {
                Vec::new()
            },
            trouble_pile: Vec::new(),
            active_trouble: None,
            warped: vec![0; n],
            seat: (0..n).collect(),
            lost: vec![0; n],
            later_plays: Vec::new(),
            // Room for a long turn's text, so that these buffers seldom grow.
            res_buf: String::with_capacity(256),
            said: Said::new(o.hidden),
            legal_buf: Vec::with_capacity(16),
        }
    }

    fn text(self) -> String {
        self.out
    }

    /// A line both forms print alike.
    fn both(&mut self, line: impl Put) {
        write_line(&mut self.out, line);
    }

    /// A line in its full and its hidden form.
    fn line(&mut self, full: impl Put, hidden: impl Put) {
        self.both(Form { hidden: self.o.hidden, full, seen: hidden });
    }

    fn name(&self, p: usize) -> &'static str {
        NAMES[p]
    }

    /// Whether this is the chance at which the mutation is to be made (and counts it).
    fn chance_for(&mut self, m: Mutation) -> bool {
        match &mut self.mutation {
            Some((kind, at)) if *kind == m && !self.mutated => {
                if *at == 0 {
                    return true;
                }
                *at -= 1;
                false
            }
            _ => false,
        }
    }

    fn run(&mut self) {
        let o = self.o;
        self.both("tribbles-log 1");
        self.both(("event: Simulated game, seed ", o.seed));
        self.both(("ruleset: ", o.ruleset.keyword()));
        if o.troubles {
            self.both("troubles: on");
            // Two troubles besides the built-in one, with shift lines and no effect the referee knows.
            for k in 1..self.troubles.len() {
                let line = crate::syntax::print::trouble_card(&self.troubles[k]);
                self.both(line);
            }
            let mut pile: Vec<usize> = (0..self.troubles.len()).collect();
            self.r.shuffle(&mut pile);
            self.trouble_pile = pile;
            self.shift_trouble_quietly();
        }
        if o.rounds != 5 {
            self.both(("rounds: ", o.rounds));
        }
        let names: Vec<&str> = (0..self.n).map(|p| self.name(p)).collect();
        self.both(("players: ", names.join(", ")));
        self.lists = match &o.decks {
            Some(d) => d.iter().take(self.n).cloned().collect(),
            None => (0..self.n).map(|_| self.random_deck()).collect(),
        };
        for p in 0..self.n {
            let name = self.name(p);
            if self.o.hidden {
                self.both(("deck ", name, ": ", self.lists[p].len(), "x ?"));
            } else {
                write_line(&mut self.out, ("deck ", name, ": ", Decklist(&self.lists[p])));
            }
            // Room for the deck to take back its cards and others' (ASSIMILATE) without growing.
            let mut d = Vec::with_capacity(self.lists[p].len() * 2);
            d.extend_from_slice(&self.lists[p]);
            self.r.shuffle(&mut d);
            self.deck[p] = d;
        }
        let mut first = self.r.below(self.n);
        let mut sitting: Vec<usize> = Vec::new();
        for round in 1..=o.rounds {
            self.both(String::new());
            self.both(("round ", round));
            self.both(("first: ", self.name(first)));
            if o.troubles {
                // The trouble shifts at every round's end (TCC 2.1, Troubles - Shifting).
                if round > 1 {
                    self.shift_trouble_quietly();
                }
                if let Some(t) = self.active_trouble {
                    ("trouble: ", &self.troubles[t].name, "\n").put(&mut self.out);
                }
            }
            self.deal(&sitting);
            let went = self.play_round(first);
            if self.mutated {
                return;
            }
            let pts = self.score_round(&went, round == o.rounds);
            if self.mutated {
                return;
            }
            sitting.clear();
            // ROLL: a player who did not go out, with it in the pile, may mulligan next round.
            self.may_roll = (0..self.n)
                .filter(|&p| self.st[p] != St::Out)
                .filter(|&p| self.pile[p].iter().any(|c| c.power().is_some_and(|x| x.has(Power::Roll))))
                .collect();
            // TIME WARP: one card fewer next round per denomination, for a player not gone out.
            self.warped = (0..self.n)
                .map(|p| if self.st[p] == St::Out { 0 } else { crate::powers::time_warp::fewer(&self.pile[p]) })
                .collect();
            // Piles go back into the decks: other players' cards into their owners' (ASSIMILATE, BJ).
            for p in 0..self.n {
                for (c, owner) in self.pile[p].drain() {
                    self.deck[owner.map_or(p, PlayerId::index)].push(c);
                }
            }
            for p in 0..self.n {
                let mut d = std::mem::take(&mut self.deck[p]);
                self.r.shuffle(&mut d);
                self.deck[p] = d;
                if o.ruleset == Ruleset::Tcc21 && self.st[p] == St::Decked && self.deck[p].len() < 7 {
                    sitting.push(p);
                }
            }
            if let Some(least) = went.iter().map(|p| pts[*p]).min() {
                first = went.iter().copied().find(|p| pts[*p] == least).unwrap_or(first);
            }
            if sitting.contains(&first) {
                first = (0..self.n).find(|p| !sitting.contains(p)).unwrap_or(first);
            }
        }
        let best = self.totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<&str> = (0..self.n).filter(|p| self.totals[*p] == best).map(|p| self.name(p)).collect();
        self.both(String::new());
        self.both(("winner: ", winners.join(", ")));
    }

    /// A random deck: TCC 2.1's recommended spread (35 cards or more) with every power the
    /// engine follows, compounds included; or a Decipher 2000 boxed-set-sized deck of its icons.
    fn random_deck(&mut self) -> Vec<Card> {
        let tcc = self.o.ruleset == Ruleset::Tcc21;
        let followed = &FOLLOWED.0[..FOLLOWED.1];
        let decipher =
            [Power::Go, Power::Skip, Power::Reverse, Power::Discard, Power::Poison, Power::Rescue, Power::Clone];
        let spread: [(Denomination, usize, usize); 6] = if tcc {
            [
                (Denomination::One, 8, 9),
                (Denomination::Ten, 8, 9),
                (Denomination::Hundred, 7, 8),
                (Denomination::Thousand, 6, 7),
                (Denomination::TenThousand, 4, 5),
                (Denomination::HundredThousand, 3, 4),
            ]
        } else {
            [
                (Denomination::One, 6, 7),
                (Denomination::Ten, 5, 6),
                (Denomination::Hundred, 5, 6),
                (Denomination::Thousand, 4, 5),
                (Denomination::TenThousand, 3, 3),
                (Denomination::HundredThousand, 2, 3),
            ]
        };
        let compounds = [
            (Power::Clone, Power::Skip),
            (Power::Skip, Power::Clone),
            (Power::Clone, Power::Reverse),
            (Power::Poison, Power::Freeze),
        ];
        let mut cards = Vec::with_capacity(48);
        for (d, lo, hi) in spread {
            let count = lo + self.r.below(hi - lo + 1);
            for _ in 0..count {
                let pool: &[Power] = if tcc { followed } else { &decipher };
                let mut p = *self.r.pick(pool).unwrap_or(&Power::Go);
                if p == Power::Bonus && d > Denomination::Thousand {
                    p = Power::Go;
                }
                let power = if tcc && self.r.chance(8) {
                    let (a, b) = compounds[self.r.below(compounds.len())];
                    PowerSpec::Compound(a, b)
                } else {
                    PowerSpec::Single(p)
                };
                cards.push(Card::Known { denomination: d, power });
            }
        }
        // Bonus runs are worth collecting: both rulesets know Bonus.
        for d in [Denomination::One, Denomination::Ten, Denomination::Hundred, Denomination::Thousand] {
            if self.r.chance(50) {
                cards.push(Card::new(d, Power::Bonus));
            }
        }
        if !tcc {
            // The boxed set's four decks hold 26, 27, 29 and 30 cards (Decipher 2000, Setup).
            let size = [26, 27, 29, 30][self.r.below(4)];
            self.r.shuffle(&mut cards);
            cards.truncate(size);
            while cards.len() < size {
                cards.push(Card::new(Denomination::One, Power::Go));
            }
        }
        cards
    }

    fn deal(&mut self, sitting: &[usize]) {
        for p in 0..self.n {
            self.pile[p].clear();
            self.round_pts[p] = 0;
            if sitting.contains(&p) {
                self.st[p] = St::Sitting;
                continue;
            }
            self.st[p] = St::In;
            let size = 7usize.saturating_sub(self.warped[p] as usize);
            let short = self.deck[p].len() < size;
            let k = self.deck[p].len().min(size);
            let (hand, deck) = (&mut self.hand[p], &mut self.deck[p]);
            hand.clear();
            hand.extend(deck.drain(..k));
            if k > 0 && !self.o.hidden {
                // A score keeper does not see the opening hands.
                ("hand ", self.name(p), ": ", card_list(&self.hand[p]), "\n").put(&mut self.out);
            }
            if short {
                self.discard[p].append(&mut self.hand[p]);
                self.st[p] = St::Decked;
            } else if self.may_roll.contains(&p) && self.r.chance(50) {
                // The hand goes back and as many cards are drawn again.
                self.both(("mulligan ", self.name(p)));
                let n = self.hand[p].len();
                let h = std::mem::take(&mut self.hand[p]);
                self.deck[p].extend(h);
                let mut d = std::mem::take(&mut self.deck[p]);
                self.r.shuffle(&mut d);
                self.hand[p] = d.drain(..n).collect();
                self.deck[p] = d;
            }
        }
        self.may_roll.clear();
    }

    fn next_in_turn(&self, p: usize) -> Option<usize> {
        let n = self.n;
        let mut at = self.seat.iter().position(|&q| q == p)?;
        // Round the table in the direction of play, once, back to `p` last.
        for _ in 0..n {
            at = match (self.clockwise, at) {
                (true, _) if at + 1 == n => 0,
                (true, _) => at + 1,
                (false, 0) => n - 1,
                (false, _) => at - 1,
            };
            if self.st[self.seat[at]] == St::In {
                return Some(self.seat[at]);
            }
        }
        None
    }

    fn legal(&self, p: usize) -> Vec<Card> {
        let mut legal = Vec::new();
        self.legal_in_hand(p, &mut legal);
        legal
    }

    /// The cards of `p`'s hand that may be played now, in hand order, added to `legal`.
    fn legal_in_hand(&self, p: usize, legal: &mut Vec<Card>) {
        let plays = rules::Plays::new(&self.chain, self.prev_acts, &self.frozen);
        for c in &self.hand[p] {
            if plays.allows(c) {
                legal.push(*c);
            }
        }
    }

    /// Plays a round from `first`; returns who went out.
    fn play_round(&mut self, first: usize) -> Vec<usize> {
        self.awaiting.clear();
        self.chain = Chain::default();
        self.clockwise = true;
        self.frozen.clear();
        self.prev_acts = 0;
        self.prev_player = None;
        self.go_chain = false;
        let mut cur = first;
        if self.st[cur] != St::In {
            match self.next_in_turn(cur) {
                Some(q) => cur = q,
                None => return Vec::new(),
            }
        }
        let ins: Vec<usize> = (0..self.n).filter(|p| self.st[*p] == St::In).collect();
        if ins.len() == 1 {
            let p = ins[0];
            let h = std::mem::take(&mut self.hand[p]);
            for c in h {
                self.pile[p].push(c, None);
            }
            self.st[p] = St::Out;
            return vec![p];
        }
        for _ in 0..5000 {
            if self.mistake_before_turn(cur) {
                return Vec::new();
            }
            let outcome = self.turn(cur);
            if self.mutated {
                return Vec::new();
            }
            // Going out: every player still in with an empty hand (Decipher 2000: one only).
            let goes_out = |p: &usize| self.st[*p] == St::In && self.hand[*p].is_empty();
            if (0..self.n).any(|p| goes_out(&p)) {
                let mut outs: Vec<usize> = (0..self.n).filter(goes_out).collect();
                if self.o.ruleset == Ruleset::Decipher2000 && outs.len() > 1 {
                    outs = vec![if outs.contains(&cur) { cur } else { outs[0] }];
                }
                for p in &outs {
                    self.st[*p] = St::Out;
                }
                if self.chance_for(Mutation::MissedGoOut) {
                    if let Some(q) = self.next_in_turn(cur) {
                        self.both((self.name(q), ": draw"));
                        self.mutated = true;
                    }
                }
                return outs;
            }
            let ins = self.st.iter().filter(|s| **s == St::In).count();
            let first_in = self.st.iter().position(|s| *s == St::In);
            if let (1, Some(p)) = (ins, first_in)
                && self.st.contains(&St::Decked)
            {
                let h = std::mem::take(&mut self.hand[p]);
                for c in h {
                    self.pile[p].push(c, None);
                }
                self.st[p] = St::Out;
                self.both(("  ", self.name(p), " goes out"));
                return vec![p];
            }
            if ins == 0 {
                return Vec::new();
            }
            if outcome.extra && self.st[cur] == St::In {
                continue;
            }
            let mut next = self.next_in_turn(cur);
            for _ in 0..outcome.skips {
                // A skipped turn is the next turn: a Score aimed at it lapses (ruling R22).
                if let Some(q) = next {
                    self.awaiting.retain(|(_, t)| *t != q);
                    if outcome.skips == 1 {
                        self.place_bah(q);
                    }
                }
                next = next.and_then(|q| self.next_in_turn(q));
            }
            match next {
                Some(q) => cur = q,
                None => return Vec::new(),
            }
        }
        Vec::new()
    }

    /// Mistakes made in place of a turn; true when one was made (the log ends).
    fn mistake_before_turn(&mut self, p: usize) -> bool {
        if self.mutation.is_none() {
            return false;
        }
        let legal = self.legal(p);
        if self.chance_for(Mutation::WrongPlayer) {
            let other = (1..self.n).map(|k| (p + k) % self.n).find(|q| self.st[*q] == St::In);
            if let Some(q) = other {
                self.both((self.name(q), ": draw"));
                self.mutated = true;
                return true;
            }
        }
        let wrong = self.hand[p]
            .iter()
            .find(|c| rules::play_verdict(&self.chain, self.prev_acts, c) == Verdict::Illegal)
            .cloned();
        if let Some(c) = wrong {
            if self.chance_for(Mutation::WrongDenomination) {
                self.both((self.name(p), ": ", c));
                self.mutated = true;
                return true;
            }
        }
        let poison = legal.iter().find(|c| c.power() == Some(&PowerSpec::Single(Power::Poison))).cloned();
        if let Some(c) = poison {
            if self.chance_for(Mutation::IllegalTarget) {
                self.both((self.name(p), ": ", c, " use @", self.name(p)));
                self.mutated = true;
                return true;
            }
        }
        if let Some((frozen, _)) = self.frozen.first().cloned() {
            if self.chance_for(Mutation::FrozenPlay) {
                let d = rules::next_number(&self.chain);
                let card = Card::Known { denomination: d, power: frozen };
                self.both((self.name(p), ": ", card));
                self.mutated = true;
                return true;
            }
        }
        if let (Some(c), Some(top)) = (legal.first().cloned(), self.deck[p].first().cloned()) {
            if top != c && self.chance_for(Mutation::NotTheDrawnCard) {
                self.line((self.name(p), ": draw ", top, "; ", c), (self.name(p), ": draw; ", c));
                self.mutated = true;
                return true;
            }
        }
        if !self.deck[p].is_empty() && self.chance_for(Mutation::NotInDecklist) {
            // A card this player's decklist does not hold.
            let outside = Denomination::ALL
                .iter()
                .rev()
                .flat_map(|d| Power::ALL.iter().rev().map(move |x| Card::new(*d, *x)))
                .find(|c| !self.lists[p].contains(c));
            let Some(outside) = outside else { return false };
            self.line((self.name(p), ": draw ", outside), (self.name(p), ": draw"));
            self.mutated = true;
            return true;
        }
        false
    }

    /// One ordinary turn.
    fn turn(&mut self, p: usize) -> Outcome {
        let mut out = Outcome::default();
        let name = self.name(p);
        // Resolution lines, each with whether a score keeper sees it.
        let mut res = Res::new(self.o.hidden, std::mem::take(&mut self.res_buf));
        let called_for = rules::next_number(&self.chain);
        self.later_plays.clear();
        // The turn line goes straight into the log; its resolution lines follow it.
        (name, ": ").put(&mut self.out);
        // A trouble action opens the turn, now and then; it shifts the trouble.
        self.trouble_action(p, &mut res);
        let mut legal = std::mem::take(&mut self.legal_buf);
        legal.clear();
        self.legal_in_hand(p, &mut legal);
        let pick = if !legal.is_empty() && self.r.chance(95) { Some(legal[self.r.below(legal.len())]) } else { None };
        self.legal_buf = legal;
        let played: Card;
        if let Some(c) = pick {
            // The first copy of it leaves the hand.
            if let Some(k) = self.hand[p].iter().position(|x| *x == c) {
                self.hand[p].remove(k);
            }
            c.put(&mut self.out);
            played = c;
        } else if self.deck[p].is_empty() {
            self.both("draw");
            self.both(("  ", name, " is decked"));
            self.flush_res(res);
            self.deck_out(p);
            self.chain.broken = true;
            self.trouble_after_miss(called_for);
            self.end_turn(p, 0, false);
            return out;
        } else {
            let c = self.deck[p].remove(0);
            let playable = rules::may_play(&self.chain, self.prev_acts, &self.frozen, &c);
            if playable && self.r.chance(90) {
                Form { hidden: self.o.hidden, full: ("draw ", c, "; ", c), seen: ("draw; ", c) }.put(&mut self.out);
                played = c;
            } else {
                self.line(("draw ", c), "draw");
                self.flush_res(res);
                self.hand[p].push(c);
                self.chain.broken = true;
                self.trouble_after_miss(called_for);
                self.end_turn(p, 0, false);
                return out;
            }
        }
        // Scores awaiting this player's first play.
        while let Some(k) = self.awaiting.iter().position(|(by, t)| *t == p && !self.fresh_awaits.contains(by)) {
            let (by, _) = self.awaiting.remove(k);
            if self.st[by] != St::Decked {
                self.score_from(by, p, &played, &mut res);
            }
        }
        // The play: how, then its power.
        let way = match rules::play_verdict(&self.chain, self.prev_acts, &played) {
            Verdict::Legal(w) => w,
            Verdict::Unverifiable | Verdict::Illegal => Way::InSequence,
        };
        let mut acts = u32::from(matches!(way, Way::AsClone | Way::AsAdvance));
        self.pile[p].push(played, None);
        self.chain = Chain { last: played.denomination(), by: None, broken: false };
        self.pot_on_play(p, &played, &mut res);
        let both_halves;
        let halves: &[Power] = match played.power() {
            Some(PowerSpec::Single(x)) => std::slice::from_ref(x),
            Some(PowerSpec::Compound(a, b)) => {
                both_halves = [*a, *b];
                &both_halves
            }
            _ => &[],
        };
        let usable = !halves.is_empty() && halves.iter().all(|h| USABLE.contains(h) || *h == Power::Clone);
        let must = rules::requires_use(way, &played);
        let feasible = halves.iter().all(|h| self.feasible(p, *h));
        if usable && feasible && (must || (halves.iter().any(|h| *h != Power::Clone) && self.r.chance(75))) {
            let mut said = std::mem::take(&mut self.said);
            said.clear();
            for h in halves {
                if *h == Power::Clone && way == Way::AsClone {
                    continue;
                }
                acts += 1;
                self.resolve(p, *h, &mut out, &mut said, &mut res);
            }
            (" use", &said.choices, &said.steps).put(&mut self.out);
            self.said = said;
        } else if must {
            // A Clone compound played as a clone must use both halves; the simulator does not
            // play it this way when it cannot.
            self.out.push_str(" use");
        }
        // A trouble's Power: after the play resolves, then after each later play of the turn.
        self.trouble_after_play(&played, &mut res);
        for c in std::mem::take(&mut self.later_plays) {
            self.trouble_after_play(&c, &mut res);
        }
        self.out.push('\n');
        self.flush_res(res);
        if self.mutated {
            // The mistake was in this turn's resolution: the log ends with it.
            return out;
        }
        acts += std::mem::take(&mut self.activated);
        self.end_turn(p, acts, out.extra);
        out
    }

    /// `q` is decked: the hand goes to the discard pile, and `q` is out for the round.
    fn deck_out(&mut self, q: usize) {
        let held = std::mem::take(&mut self.hand[q]);
        self.discard[q].extend(held);
        self.st[q] = St::Decked;
    }

    /// A random card out of the hand of `q`, when `q` is still in the round and holds one
    /// (AVALANCHE, ANTE).
    fn random_hand_card(&mut self, q: usize) -> Option<Card> {
        if self.st[q] != St::In || self.hand[q].is_empty() {
            return None;
        }
        let k = self.r.below(self.hand[q].len());
        Some(self.hand[q].remove(k))
    }

    /// Whether the simulator can use this power now.
    fn feasible(&self, p: usize, h: Power) -> bool {
        // "... in Sickbay": no Poison may be used.
        if h == Power::Poison && self.sickbay() {
            return false;
        }
        match h {
            Power::Discard => self.hand[p].len() > 1,
            Power::Draw
            | Power::Kill
            | Power::Recycle
            | Power::Sabotage
            | Power::Battle
            | Power::Score
            | Power::Utilize
            | Power::Poison
            | Power::Assimilate
            | Power::Bij => self.target_iter(p, h).next().is_some(),
            Power::Cycle | Power::Exchange => !self.hand[p].is_empty(),
            Power::Avalanche => self.hand[p].len() >= 4,
            Power::Party => self.hand[p].len() >= 2,
            Power::Process => self.hand[p].len() + self.deck[p].len().min(3) >= 2,
            Power::Copy => self.copyable(p).next().is_some(),
            Power::Rescue => !self.discard[p].is_empty(),
            _ => true,
        }
    }

    /// The players `p` may name for a targeted power `h`: those it can act on, less any other
    /// player whose pile shows a Fold (FOLD).
    fn target_iter(&self, p: usize, h: Power) -> impl Iterator<Item = usize> {
        let st = &self.st;
        let fits = move |q: usize| match h {
            // A decked player is a valid target (TCC 2.1, Advanced Rules: "Decked"): a Poison at
            // one whose deck a Recycle refilled discards its top card and scores nothing.
            Power::Poison => q != p && matches!(st[q], St::In | St::Decked) && !self.deck[q].is_empty(),
            // A Draw aimed at another player whose deck is empty decks them (TCC 2.1, Advanced
            // Rules: "Decked"). A decked player draws a card, if the deck holds one (a Recycle
            // refilled it), and stays out.
            Power::Draw => match st[q] {
                St::In => !self.deck[q].is_empty() || q != p,
                St::Decked => true,
                _ => false,
            },
            // Any player, decked or not; an empty deck gives nothing.
            Power::Sabotage | Power::Assimilate => matches!(st[q], St::In | St::Decked),
            Power::Kill => !self.pile[q].is_empty(),
            Power::Recycle => true,
            // A decked player is a valid target (TCC 2.1, Advanced Rules: "Decked"): a Battle
            // reveals what the deck holds, if anything.
            Power::Battle => q != p && matches!(st[q], St::In | St::Decked),
            Power::Bij => q != p && matches!(st[q], St::In | St::Decked),
            // A decked player plays no more this round: the Score lapses.
            Power::Score => matches!(st[q], St::In | St::Decked),
            // A decked player may hold cards again, drawn by a Draw aimed at them (ruling R12).
            Power::Utilize => q != p && matches!(st[q], St::In | St::Decked) && self.hand[q].len() >= 2,
            _ => false,
        };
        let folded =
            move |q: usize| q != p && self.pile[q].last().and_then(Card::power).is_some_and(|x| x.has(Power::Fold));
        (0..self.n).filter(move |&q| fits(q) && !folded(q))
    }

    /// The players whose top card `p` can copy and the simulator can use: a decked player's pile
    /// stays in play for others to copy (TCC 2.1, Advanced Rules: "Decked").
    fn copyable(&self, p: usize) -> impl Iterator<Item = usize> {
        (0..self.n).filter(move |&q| q != p && matches!(self.st[q], St::In | St::Decked)).filter(move |&q| {
            match self.pile[q].last().and_then(Card::power) {
                Some(PowerSpec::Single(h)) => BORROWABLE.contains(h) && self.feasible(p, *h),
                _ => false,
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn resolve(&mut self, p: usize, h: Power, out: &mut Outcome, said: &mut Said, res: &mut Res) {
        match h {
            Power::Go => out.extra = true,
            Power::Skip => out.skips += 1,
            Power::Reverse => self.clockwise = !self.clockwise,
            Power::Famine => self.chain = Chain::default(),
            Power::Freeze => {
                let names = [Power::Go, Power::Poison, Power::Skip, Power::Clone, Power::Discard, Power::Reverse];
                let f = PowerSpec::Single(names[self.r.below(names.len())]);
                said.both(("name ", f));
                self.frozen.push((f, PlayerId(p as u8)));
                self.fresh_freezes.push(f);
            }
            Power::Discard => self.discard_chosen(p, said),
            Power::Poison => {
                let q = self.choose_target(p, h, said);
                let x = self.deck[q].remove(0);
                let v = x.denomination().map_or(0, Denomination::value);
                let shown = if self.chance_for(Mutation::WrongResolution) {
                    self.mutated = true;
                    // Another card, and none the deck could still hold: the mistake is certain.
                    let other =
                        if x.denomination() == Some(Denomination::One) { Denomination::Ten } else { Denomination::One };
                    Power::ALL
                        .iter()
                        .map(|w| Card::new(other, *w))
                        .find(|c| !self.deck[q].contains(c))
                        .unwrap_or_else(|| Card::new(other, Power::Go))
                } else {
                    x
                };
                let zone = if !self.mutated && self.chance_for(Mutation::WrongZone) {
                    self.mutated = true;
                    "hand"
                } else {
                    "deck"
                };
                res.public(("  ", self.name(q), " discards ", shown, " from ", zone));
                let antidote = x.power().is_some_and(|w| w.has(Power::Antidote) && !w.has(Power::Tally));
                self.discard[q].push(x);
                self.replicate(p, q, &x, Spot::Discard, res);
                if self.st[q] == St::Decked {
                    // Nobody scores from a decked player, an Antidote's owner included.
                    return;
                }
                if antidote {
                    // ANTIDOTE: its owner scores instead, and may put the whole hand under the deck.
                    res.public(("  ", self.name(q), " scores ", v));
                    self.round_pts[q] += v;
                    if !self.hand[q].is_empty() && self.r.chance(50) {
                        let hand = std::mem::take(&mut self.hand[q]);
                        let list = card_list(&hand);
                        let who = self.name(q);
                        res.split(
                            ("  ", who, " puts ", list, " under deck"),
                            ("  ", who, " puts ", hand.len(), "x ? under deck"),
                        );
                        self.deck[q].extend(hand);
                    }
                } else {
                    self.score_from(p, q, &x, res);
                }
            }
            Power::Draw => {
                let q = self.choose_target(p, h, said);
                if self.deck[q].is_empty() && self.st[q] == St::Decked {
                    return;
                }
                if self.deck[q].is_empty() {
                    res.public(("  ", self.name(q), " is decked"));
                    self.deck_out(q);
                    return;
                }
                let x = self.deck[q].remove(0);
                res.private(("  ", self.name(q), " draws ", x));
                self.hand[q].push(x);
            }
            Power::Kill => {
                // A player's own Kill tops their pile: aimed at themselves, it kills itself (R19).
                let q = self.choose_target(p, h, said);
                // A Fizzbin on top never leaves: the Kill does nothing.
                if self.pile[q].last().and_then(Card::power).is_some_and(|x| x.has(Power::Fizzbin)) {
                    return;
                }
                let Some((x, owner)) = self.pile[q].pop() else { return };
                match owner {
                    Some(o) => self.send_home(q, o, x, res),
                    None => {
                        res.public(("  ", self.name(q), " discards ", x, " from pile"));
                        self.discard[q].push(x);
                        self.replicate(p, q, &x, Spot::Discard, res);
                    }
                }
            }
            Power::Recycle => {
                let q = self.choose_target(p, h, said);
                let d = std::mem::take(&mut self.discard[q]);
                self.deck[q].extend(d);
                let mut deck = std::mem::take(&mut self.deck[q]);
                self.r.shuffle(&mut deck);
                self.deck[q] = deck;
            }
            Power::Evolve => {
                let held = std::mem::take(&mut self.hand[p]);
                let n = held.len();
                self.discard[p].extend(held);
                let k = n.min(self.deck[p].len());
                let drawn: Vec<Card> = self.deck[p].drain(..k).collect();
                if !drawn.is_empty() {
                    let list = card_list(&drawn);
                    res.private(("  ", self.name(p), " draws ", list));
                }
                self.hand[p] = drawn;
                if k < n {
                    res.public(("  ", self.name(p), " is decked"));
                    self.deck_out(p);
                }
            }
            Power::Rival => {
                // Name a power some discard pile holds, when there is one.
                let held: Vec<PowerSpec> = self.discard.iter().flatten().filter_map(|c| c.power().cloned()).collect();
                let named = if held.is_empty() { PowerSpec::Single(Power::Go) } else { held[self.r.below(held.len())] };
                said.both(("name ", named));
                // The Rival leaves the game.
                self.pile[p].pop();
                for q in 0..self.n {
                    let of_it: Vec<usize> =
                        (0..self.discard[q].len()).filter(|&k| self.discard[q][k].power() == Some(&named)).collect();
                    if of_it.is_empty() {
                        continue;
                    }
                    let k = of_it[self.r.below(of_it.len())];
                    let x = self.discard[q].remove(k);
                    res.public(("  ", self.name(q), " puts ", x, " out of game from discard"));
                }
            }
            Power::Copy => {
                let from: Seats = self.copyable(p).collect();
                // `feasible` has found one to copy.
                let q = self.r.pick(from.as_slice()).copied().unwrap_or(p);
                said.both(("of ", self.name(q)));
                if let Some(PowerSpec::Single(h)) = self.pile[q].last().and_then(Card::power).cloned() {
                    self.activated += 1;
                    self.resolve(p, h, out, said, res);
                }
            }
            Power::Sabotage => {
                let q = self.choose_target(p, h, said);
                if self.deck[q].is_empty() {
                    return;
                }
                let x = self.deck[q].remove(0);
                res.public(("  ", self.name(q), " discards ", x, " from deck"));
                self.discard[q].push(x);
                self.replicate(p, q, &x, Spot::Discard, res);
                // Activate its power when the simulator can use it on its own.
                if let Some(PowerSpec::Single(h)) = x.power() {
                    if BORROWABLE.contains(h) && self.feasible(p, *h) && self.r.chance(70) {
                        // The activated power's choices go on its own step, after any step it adds.
                        let from = said.choices.len();
                        self.activated += 1;
                        self.resolve(p, *h, out, said, res);
                        said.steps.push_str("; activate");
                        said.steps.push_str(&said.choices[from..]);
                        said.choices.truncate(from);
                    }
                }
            }
            Power::Battle => {
                let q = self.choose_target(p, h, said);
                let mut sides = Vec::new();
                for x in [p, q] {
                    let k = self.deck[x].len().min(3);
                    let shown: Vec<Card> = self.deck[x].drain(..k).collect();
                    if !shown.is_empty() {
                        res.public(("  ", self.name(x), " reveals ", card_list(&shown)));
                    }
                    let total: u64 = shown.iter().filter_map(Card::denomination).map(Denomination::value).sum();
                    sides.push((x, shown, total));
                }
                let best = sides.iter().map(|s| s.2).max().unwrap_or(0);
                for (x, shown, total) in sides {
                    if shown.is_empty() {
                        continue;
                    }
                    if total == best {
                        res.public(("  ", self.name(x), " puts ", card_list(&shown), " under pile from deck"));
                        let replicate =
                            shown.iter().find(|c| c.power().is_some_and(|w| w.has(Power::Replicate))).cloned();
                        for (i, c) in shown.into_iter().enumerate() {
                            self.pile[x].insert(i, c, None);
                        }
                        if let Some(r) = replicate {
                            self.replicate(p, x, &r, Spot::UnderPile, res);
                        }
                    } else {
                        res.public(("  ", self.name(x), " discards ", card_list(&shown), " from deck"));
                        if let Some(r) = shown.iter().find(|c| c.power().is_some_and(|w| w.has(Power::Replicate))) {
                            let r = *r;
                            self.replicate(p, x, &r, Spot::Discard, res);
                        }
                        self.discard[x].extend(shown);
                    }
                }
            }
            Power::Toxin => {
                let mut revealed = Vec::new();
                for q in 0..self.n {
                    if q == p || self.st[q] != St::In {
                        continue;
                    }
                    let discards =
                        self.pile[q].iter().filter(|c| c.power().is_some_and(|x| x.has(Power::Discard))).count();
                    let k = discards.min(self.deck[q].len());
                    if k == 0 {
                        continue;
                    }
                    let shown: Vec<Card> = self.deck[q].drain(..k).collect();
                    let list = card_list(&shown);
                    res.public(("  ", self.name(q), " reveals ", list));
                    revealed.extend(shown.iter().map(|c| (*c, q)));
                    self.hand[q].extend(shown);
                }
                if !revealed.is_empty() {
                    let (x, owner) = revealed[self.r.below(revealed.len())];
                    said.both(("take ", x));
                    self.score_from(p, owner, &x, res);
                }
            }
            Power::Score => {
                let q = self.choose_target(p, h, said);
                if q == p {
                    self.fresh_awaits.push(p);
                }
                self.awaiting.push((p, q));
            }
            Power::Qapla => {
                let mut shown = Vec::new();
                for q in 0..self.n {
                    if self.st[q] != St::In || self.deck[q].is_empty() {
                        continue;
                    }
                    let x = self.deck[q].remove(0);
                    res.public(("  ", self.name(q), " puts ", x, " under pile from deck"));
                    self.pile[q].insert(0, x, None);
                    self.replicate(p, q, &x, Spot::UnderPile, res);
                    shown.push(x);
                }
                let same_number = shown.windows(2).all(|w| w[0].denomination() == w[1].denomination());
                let same_power = shown.windows(2).all(|w| w[0].power() == w[1].power());
                if same_number || same_power {
                    let v = 7 * shown.iter().filter_map(Card::denomination).map(Denomination::value).max().unwrap_or(0);
                    if v > 0 {
                        res.public(("  ", self.name(p), " scores ", v));
                        self.round_pts[p] += v;
                    }
                }
            }
            Power::Scan => {
                let k = self.deck[p].len().min(3);
                let mut looked: Vec<Card> = self.deck[p].drain(..k).collect();
                self.r.shuffle(&mut looked);
                let on_top = self.r.below(k + 1);
                let under = looked.split_off(on_top);
                // The cards are private to their player: the hidden log does not say.
                if !looked.is_empty() {
                    said.full_only(("top ", card_list(&looked)));
                }
                if !under.is_empty() {
                    said.full_only(("bottom ", card_list(&under)));
                }
                looked.append(&mut self.deck[p]);
                looked.extend(under);
                self.deck[p] = looked;
            }
            Power::Mutate => {
                let n = self.pile[p].len();
                // A Fizzbin stays, under the new cards (FIZZBIN).
                let mut stays = Pile::default();
                for (c, owner) in self.pile[p].take_all() {
                    if c.power().is_some_and(|x| x.has(Power::Fizzbin)) {
                        stays.push(c, owner);
                        continue;
                    }
                    match owner {
                        Some(o) => self.send_home(p, o, c, res),
                        None => self.deck[p].push(c),
                    }
                }
                let mut deck = std::mem::take(&mut self.deck[p]);
                self.r.shuffle(&mut deck);
                self.deck[p] = deck;
                let k = n.min(self.deck[p].len());
                let new: Vec<Card> = self.deck[p].drain(..k).collect();
                let list = card_list(&new);
                if !new.is_empty() {
                    res.public(("  ", self.name(p), " puts ", list, " on pile from deck"));
                }
                for c in new {
                    stays.push(c, None);
                }
                self.pile[p] = stays;
            }
            Power::Avalanche => {
                for q in 0..self.n {
                    let Some(c) = self.random_hand_card(q) else { continue };
                    let at = res.text.len();
                    res.private(("  ", self.name(q), " discards ", c));
                    self.discard[q].push(c);
                    if self.replicate(p, q, &c, Spot::Discard, res) {
                        // The Replicate, face up in the discard pile, is written in both forms.
                        res.reveal_at(at, ("  ", self.name(q), " discards ", c));
                    }
                }
                if !self.hand[p].is_empty() && self.r.chance(50) {
                    self.discard_chosen(p, said);
                }
            }
            Power::Party => {
                let mut order = Vec::new();
                let mut q = self.next_in_turn(p);
                while let Some(x) = q {
                    if x == p || order.contains(&x) {
                        break;
                    }
                    order.push(x);
                    q = self.next_in_turn(x);
                }
                order.push(p);
                for q in order {
                    if self.hand[q].is_empty() {
                        continue;
                    }
                    let k = self.r.below(self.hand[q].len());
                    let c = self.hand[q].remove(k);
                    res.public(("  ", self.name(q), " puts ", c, " under pile"));
                    self.pile[q].insert(0, c, None);
                    self.replicate(p, q, &c, Spot::UnderPile, res);
                }
            }
            Power::Cycle => {
                let k = self.r.below(self.hand[p].len());
                let x = self.hand[p].remove(k);
                said.split(x, "?");
                self.deck[p].push(x);
                let y = self.deck[p].remove(0);
                res.private(("  ", self.name(p), " draws ", y));
                self.hand[p].push(y);
            }
            Power::Exchange => {
                let k = self.r.below(self.hand[p].len());
                let given = self.hand[p].remove(k);
                self.discard[p].push(given);
                let t = self.r.below(self.discard[p].len());
                let taken = self.discard[p].remove(t);
                said.split((given, " take ", taken), "? take ?");
                self.hand[p].push(taken);
            }
            Power::Convert => {
                if let Some((convert, _)) = self.pile[p].pop() {
                    self.deck[p].push(convert);
                }
                let x = self.deck[p].remove(0);
                res.public(("  ", self.name(p), " puts ", x, " on pile from deck"));
                self.pile[p].push(x, None);
            }
            Power::Process => {
                let k = self.deck[p].len().min(3);
                let drawn: Vec<Card> = self.deck[p].drain(..k).collect();
                let list = card_list(&drawn);
                if !drawn.is_empty() {
                    res.private(("  ", self.name(p), " draws ", list));
                }
                self.hand[p].extend(drawn);
                if k < 3 {
                    // Decked by the draws: the choice of two cards is never made.
                    said.both("?, ?");
                    res.public(("  ", self.name(p), " is decked"));
                    self.deck_out(p);
                } else {
                    let mut put = Vec::new();
                    for _ in 0..2 {
                        let j = self.r.below(self.hand[p].len());
                        put.push(self.hand[p].remove(j));
                    }
                    said.split((put[0], ", ", put[1]), "?, ?");
                    self.deck[p].extend(put);
                }
            }
            Power::Masaka => {
                for q in 0..self.n {
                    if self.st[q] != St::In {
                        continue;
                    }
                    let mut h = std::mem::take(&mut self.hand[q]);
                    self.r.shuffle(&mut h);
                    self.deck[q].extend(h);
                    let k = self.deck[q].len().min(3);
                    let drawn: Vec<Card> = self.deck[q].drain(..k).collect();
                    if !drawn.is_empty() {
                        let list = card_list(&drawn);
                        res.private(("  ", self.name(q), " draws ", list));
                    }
                    self.hand[q] = drawn;
                    if k < 3 {
                        res.public(("  ", self.name(q), " is decked"));
                        self.deck_out(q);
                    }
                }
            }
            Power::Utilize => {
                let q = self.choose_target(p, h, said);
                let k = self.r.below(self.hand[q].len());
                let x = self.hand[q].remove(k);
                res.public(("  ", self.name(q), " puts ", x, " on pile"));
                // Nobody scores from a decked player.
                if self.st[q] != St::Decked {
                    self.score_from(p, q, &x, res);
                }
                self.pile[q].push(x, None);
                self.replicate(p, q, &x, Spot::OnPile, res);
            }
            Power::Rescue => {
                let k = self.r.below(self.discard[p].len());
                let x = self.discard[p].remove(k);
                let next = rules::next_number(&self.chain);
                let play = x.denomination() == Some(next) && !rules::is_frozen(&self.frozen, &x) && self.r.chance(70);
                if play {
                    said.both(x);
                    said.step(x);
                    self.later_plays.push(x);
                    self.pile[p].push(x, None);
                    self.chain = Chain { last: x.denomination(), by: None, broken: false };
                    self.pot_on_play(p, &x, res);
                } else {
                    said.split(x, "?");
                    self.deck[p].insert(0, x);
                }
            }
            Power::Replay => {
                let next = rules::next_number(&self.chain);
                let top = self.pile[p].len().saturating_sub(1);
                if let Some(k) = self.pile[p][..top].iter().rposition(|c| c.denomination() == Some(next)) {
                    let (x, owner) = self.pile[p].remove(k);
                    said.step(("replay ", x));
                    self.later_plays.push(x);
                    self.pile[p].push(x, owner);
                    self.chain = Chain { last: Some(next), by: None, broken: false };
                    self.pot_on_play(p, &x, res);
                }
            }
            Power::Dance if crate::powers::dances(&self.pile[p]) == Some(true) => {
                let v = crate::powers::DANCE_POINTS.0;
                res.public(("  ", self.name(p), " scores ", v));
                self.round_pts[p] += v;
            }
            Power::Shift if self.o.troubles => self.shift_trouble(res),
            Power::Reset if self.o.troubles => {
                // Every trouble, face up or down, is shuffled back; the top one is revealed.
                self.trouble_pile.clear();
                self.shift_trouble(res);
            }
            Power::Ante => {
                for q in 0..self.n {
                    let Some(c) = self.random_hand_card(q) else { continue };
                    // Face down: a score keeper does not see which card.
                    let who = self.name(q);
                    res.split(("  ", who, " puts ", c, " in pot"), ("  ", who, " puts ? in pot"));
                    self.pot.push((c, q));
                }
            }
            Power::Assimilate => {
                let q = self.choose_target(p, h, said);
                if self.deck[q].is_empty() {
                    return;
                }
                let x = self.deck[q].remove(0);
                if q == p {
                    res.public(("  ", self.name(p), " puts ", x, " on pile from deck"));
                } else {
                    let whose = self.name(q);
                    res.public((("  ", self.name(p), " puts ", whose), ("'s ", x, " on pile from ", whose, "'s deck")));
                }
                self.pile[p].push(x, (q != p).then_some(PlayerId(q as u8)));
            }
            Power::Bij => {
                let q = self.choose_target(p, h, said);
                // The BiJ just played tops its player's pile.
                if let Some((x, owner)) = self.pile[p].pop() {
                    res.public(("  ", self.name(p), " puts ", x, " under ", self.name(q), "'s pile from pile"));
                    let owner = owner.map_or(p, PlayerId::index);
                    self.pile[q].insert(0, x, (owner != q).then_some(PlayerId(owner as u8)));
                }
            }
            Power::Stampede => {
                let next = rules::next_number(&self.chain);
                let mut q = self.next_in_turn(p);
                let mut seen = Vec::new();
                while let Some(x) = q {
                    if x == p || seen.contains(&x) {
                        break;
                    }
                    seen.push(x);
                    let pick = self.hand[x]
                        .iter()
                        .position(|c| c.denomination() == Some(next) && !rules::is_frozen(&self.frozen, c));
                    if let Some(k) = pick.filter(|_| self.r.chance(60)) {
                        let c = self.hand[x].remove(k);
                        res.public(("  ", self.name(x), " plays ", c));
                        self.pile[x].push(c, None);
                        self.pot_on_play(x, &c, res);
                        self.trouble_after_play(&c, res);
                    }
                    q = self.next_in_turn(x);
                }
                let mine = self.hand[p]
                    .iter()
                    .position(|c| c.denomination() == Some(next) && !rules::is_frozen(&self.frozen, c));
                if let Some(k) = mine.filter(|_| self.r.chance(80)) {
                    let c = self.hand[p].remove(k);
                    res.public(("  then ", c));
                    self.later_plays.push(c);
                    self.pile[p].push(c, None);
                    self.pot_on_play(p, &c, res);
                    self.chain = Chain { last: Some(next), by: None, broken: false };
                }
            }
            _ => {}
        }
    }

    /// One of the players `p` may name for `h`, at random, written as the use's `@Name` choice.
    fn choose_target(&mut self, p: usize, h: Power, said: &mut Said) -> usize {
        let candidates: Seats = self.target_iter(p, h).collect();
        // `feasible` has found that there is one.
        let q = self.r.pick(candidates.as_slice()).copied().unwrap_or(p);
        said.both(("@", self.name(q)));
        q
    }

    /// `scorer` scores `card`, which is `owner`'s: a Tally of another player's is split (TALLY).
    fn score_from(&mut self, scorer: usize, owner: usize, card: &Card, res: &mut Res) {
        let v = card.denomination().map_or(0, Denomination::value);
        if owner != scorer && card.power().is_some_and(|x| x.has(Power::Tally)) {
            let h = crate::powers::tally::half(v);
            if h > 0 {
                res.public(("  ", self.name(scorer), " scores ", h));
                res.public(("  ", self.name(owner), " scores ", h));
                self.round_pts[scorer] += h;
                self.round_pts[owner] += h;
            }
        } else {
            res.public(("  ", self.name(scorer), " scores ", v));
            self.round_pts[scorer] += v;
        }
    }

    /// REPLICATE: `user`'s power put `q`'s `card` in `q`'s discard pile or play pile; if it is a
    /// Replicate (and `q` is another player), `q` may put one more card from hand in the same place.
    /// True when `q` did.
    fn replicate(&mut self, user: usize, q: usize, card: &Card, spot: Spot, res: &mut Res) -> bool {
        let is = card.power().is_some_and(|x| x.has(Power::Replicate));
        if q == user || !is || self.hand[q].is_empty() || !self.r.chance(50) {
            return false;
        }
        let k = self.r.below(self.hand[q].len());
        let c = self.hand[q].remove(k);
        let who = self.name(q);
        match spot {
            Spot::Discard => {
                res.split(("  ", who, " discards ", c), ("  ", who, " discards ?"));
                self.discard[q].push(c);
            }
            Spot::OnPile => {
                res.public(("  ", who, " puts ", c, " on pile"));
                self.pile[q].push(c, None);
            }
            Spot::UnderPile => {
                res.public(("  ", who, " puts ", c, " under pile"));
                self.pile[q].insert(0, c, None);
            }
        }
        true
    }

    /// Another player's card leaves `host`'s pile during the round: on top of its owner's deck
    /// (ASSIMILATE, BJ).
    fn send_home(&mut self, host: usize, owner: PlayerId, card: Card, res: &mut Res) {
        let o = owner.index();
        let (who, whose) = (self.name(host), self.name(o));
        res.public((("  ", who, " puts ", whose), ("'s ", card, " on ", whose, "'s deck from pile")));
        self.deck[o].insert(0, card);
    }

    /// The player discards a card of their choice from hand, named after `use` (unseen in the
    /// hidden log).
    fn discard_chosen(&mut self, p: usize, said: &mut Said) {
        let k = self.r.below(self.hand[p].len());
        let x = self.hand[p].remove(k);
        said.split(x, "?");
        self.discard[p].push(x);
    }

    /// Writes a turn's resolution lines after its turn line, and keeps the buffer for the next.
    fn flush_res(&mut self, mut res: Res) {
        self.out.push_str(&res.text);
        res.text.clear();
        self.res_buf = res.text;
    }

    /// A trouble action at the start of `p`'s turn, sometimes: the active trouble's Draw X (when
    /// the deck holds more) or Lose X (when the player has the points). Its step (`action draw 2; `)
    /// goes on the turn line being written, the shift into `res`.
    fn trouble_action(&mut self, p: usize, res: &mut Res) {
        use crate::model::log::TroubleAction;
        let Some(t) = self.active_trouble else { return };
        match self.troubles[t].action {
            Some(TroubleAction::Draw(x)) if self.deck[p].len() > x as usize + 1 && self.r.chance(8) => {
                let drawn: Vec<Card> = self.deck[p].drain(..x as usize).collect();
                // The drawn cards are the player's secret: the full log names them.
                res.private(("  ", self.name(p), " draws ", card_list(&drawn)));
                self.hand[p].extend(drawn);
                ("action draw ", x, "; ").put(&mut self.out);
            }
            Some(TroubleAction::Lose(x))
                if self.totals[p] + self.round_pts[p] >= self.lost[p] + x.0 && self.r.chance(10) =>
            {
                self.lost[p] += x.0;
                ("action lose ", x.0, "; ").put(&mut self.out);
            }
            _ => return,
        }
        self.shift_trouble(res);
    }

    /// BAH!: a skipped player may, on the skipped turn, put a BaH! from hand beneath the pile.
    fn place_bah(&mut self, q: usize) {
        if self.hand[q].len() < 2 || !self.r.chance(70) {
            return;
        }
        let Some(k) = self.hand[q].iter().position(|c| c.power().is_some_and(|x| x.has(Power::Bah))) else { return };
        let c = self.hand[q].remove(k);
        self.both((self.name(q), ": skipped; place ", c));
        self.pile[q].insert(0, c, None);
    }

    /// The next trouble becomes the active one; an empty face-down pile is first made of every
    /// trouble again, shuffled (TCC 2.1, Troubles - Shifting).
    fn shift_trouble_quietly(&mut self) {
        if self.trouble_pile.is_empty() {
            let mut pile: Vec<usize> = (0..self.troubles.len()).collect();
            self.r.shuffle(&mut pile);
            self.trouble_pile = pile;
        }
        self.active_trouble = self.trouble_pile.pop();
    }

    /// The trouble shifts during a turn, and the log says to which.
    fn shift_trouble(&mut self, res: &mut Res) {
        self.shift_trouble_quietly();
        if let Some(t) = self.active_trouble {
            res.public(("  trouble shifts to ", &self.troubles[t].name));
        }
    }

    /// The active trouble forbids using Poison ("... in Sickbay").
    fn sickbay(&self) -> bool {
        self.active_trouble == Some(0)
    }

    /// A trouble's Power: a card of that power, played and resolved, shifts it.
    fn trouble_after_play(&mut self, card: &Card, res: &mut Res) {
        let Some(t) = self.active_trouble else { return };
        if self.troubles[t].power.as_ref().is_some_and(|p| card.power() == Some(p)) {
            self.shift_trouble(res);
        }
    }

    /// A trouble's Miss: a turn without a play on its number shifts it.
    fn trouble_after_miss(&mut self, called_for: Denomination) {
        let Some(t) = self.active_trouble else { return };
        if self.troubles[t].miss == Some(called_for) {
            let mut res = Res::new(self.o.hidden, std::mem::take(&mut self.res_buf));
            self.shift_trouble(&mut res);
            self.flush_res(res);
        }
    }

    /// Playing a Qapla' scores the pot's highest card and sends the pot's cards to their owners'
    /// discard piles (ANTE).
    fn pot_on_play(&mut self, p: usize, card: &Card, res: &mut Res) {
        if self.pot.is_empty() || !card.power().is_some_and(|x| x.has(Power::Qapla)) {
            return;
        }
        let v = self.pot.iter().filter_map(|(c, _)| c.denomination().map(Denomination::value)).max().unwrap_or(0);
        if v > 0 {
            res.public(("  ", self.name(p), " scores ", v));
            self.round_pts[p] += v;
        }
        res.public("  pot empties");
        for (c, owner) in std::mem::take(&mut self.pot) {
            self.discard[owner].push(c);
        }
    }

    fn end_turn(&mut self, p: usize, acts: u32, extra: bool) {
        // A freeze ends with its freezer's next turn: not the turn that made it.
        self.frozen.retain(|(f, by)| by.index() != p || self.fresh_freezes.contains(f));
        self.fresh_freezes.clear();
        // A Score lapses with its target's next turn.
        let fresh = std::mem::take(&mut self.fresh_awaits);
        self.awaiting.retain(|(by, t)| *t != p || fresh.contains(by));
        self.prev_acts = if self.prev_player == Some(p) && self.go_chain { self.prev_acts + acts } else { acts };
        self.prev_player = Some(p);
        self.go_chain = extra;
    }

    /// A `points:` or `totals:` line: `Ann 100, Bob 0`.
    fn scores(&mut self, head: &str, entries: impl Iterator<Item = (usize, u64)>) {
        self.out.push_str(head);
        for (k, (p, points)) in entries.enumerate() {
            if k > 0 {
                self.out.push_str(", ");
            }
            (NAMES[p], " ", points).put(&mut self.out);
        }
        self.out.push('\n');
    }

    /// Scores the round and writes its lines; returns each player's points.
    fn score_round(&mut self, went: &[usize], last: bool) -> Vec<u64> {
        for p in 0..self.n {
            // SAFETY: a Safety in the pile lets the hand go into the deck instead.
            let safe = self.pile[p].iter().any(|c| c.power().is_some_and(|x| x.has(Power::Safety)));
            if safe && !self.hand[p].is_empty() && self.r.chance(60) {
                self.both(("safety ", self.name(p)));
                self.deck[p].append(&mut self.hand[p]);
            } else {
                self.discard[p].append(&mut self.hand[p]);
            }
        }
        // BAH!: a player who did not go out with one in the pile may have the table reseated.
        let bah = (0..self.n)
            .any(|p| !went.contains(&p) && self.pile[p].iter().any(|c| c.power().is_some_and(|x| x.has(Power::Bah))));
        if bah && !last && self.r.chance(50) {
            let mut seat = self.seat.clone();
            self.r.shuffle(&mut seat);
            let names: Vec<&str> = seat.iter().map(|&q| self.name(q)).collect();
            self.both(("reseat ", names.join(", ")));
            self.seat = seat;
        }
        let mut pts = self.round_pts.clone();
        for (p, points) in pts.iter_mut().enumerate() {
            if went.contains(&p) {
                let pile = &self.pile[p];
                *points += pile.iter().filter_map(|c| c.denomination().map(Denomination::value)).sum::<u64>();
                *points += crate::powers::quadruple::extra(pile).unwrap_or(0);
                *points += crate::powers::idic::points(pile).unwrap_or(0);
            }
            let bonus_counts = match self.o.ruleset {
                Ruleset::Tcc21 => went.contains(&p),
                Ruleset::Decipher2000 => matches!(self.st[p], St::In | St::Out),
            };
            if bonus_counts && crate::powers::bonus_points(&self.pile[p]) == Some(100_000) {
                *points += 100_000;
            }
        }
        // BiJ: a player out with another player's BiJ in the pile scores its owner 50,000.
        for &q in went {
            for (c, owner) in self.pile[q].guests() {
                let o = owner.index();
                if c.power().is_some_and(|x| x.has(Power::Bij)) && self.st[o] != St::Decked {
                    pts[o] += crate::powers::BIJ_POINTS.0;
                }
            }
        }
        for (p, points) in pts.iter().enumerate() {
            self.totals[p] += *points;
            self.totals[p] -= std::mem::take(&mut self.lost[p]);
        }
        let named: Vec<usize> = (0..self.n).filter(|p| pts[*p] > 0 || went.contains(p)).collect();
        if !named.is_empty() {
            let wrong = self.chance_for(Mutation::WrongScore);
            let list = named.iter().enumerate().map(|(k, &p)| (p, pts[p] + if wrong && k == 0 { 10 } else { 0 }));
            self.scores("points: ", list);
            if wrong {
                self.mutated = true;
                return pts;
            }
        }
        let wrong = self.chance_for(Mutation::WrongTotal);
        let totals: Vec<(usize, u64)> =
            (0..self.n).map(|p| (p, self.totals[p] + if wrong && p == 0 { 1000 } else { 0 })).collect();
        self.scores("totals: ", totals.into_iter());
        if wrong {
            self.mutated = true;
        }
        pts
    }
}

/// Where a Replicate went, and its extra card goes (REPLICATE).
#[derive(Clone, Copy)]
enum Spot {
    Discard,
    OnPile,
    UnderPile,
}

/// Some of the table's players, gathered without a heap allocation (at most one per seat).
struct Seats {
    players: [usize; NAMES.len()],
    len: usize,
}

impl Seats {
    fn as_slice(&self) -> &[usize] {
        &self.players[..self.len]
    }
}

impl FromIterator<usize> for Seats {
    fn from_iter<I: IntoIterator<Item = usize>>(players: I) -> Seats {
        let mut seats = Seats { players: [0; NAMES.len()], len: 0 };
        for (slot, p) in seats.players.iter_mut().zip(players) {
            *slot = p;
            seats.len += 1;
        }
        seats
    }
}

/// What a turn's powers leave for the turn order.
#[derive(Default)]
struct Outcome {
    extra: bool,
    skips: u32,
}
