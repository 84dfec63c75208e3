//! A score keeper's partial record of a full log, made at random (FORMAT.md §1, principle 2): the
//! redaction sweeps of `tests/hidden.rs` and `tests/positions.rs` share it.

use tribbles::model::log::{CardCount, ChoiceKind, LineKind, Log, StepKind};
use tribbles::model::{Card, PowerSpec};

/// A small SplitMix64, so that each redaction is the same on every run.
pub struct Coin(u64);

impl Coin {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// True with probability `percent` in 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// One of the rates a redaction draws its kinds of omission from.
    fn rate(&mut self) -> u64 {
        [0, 10, 30, 60, 100][(self.next() % 5) as usize]
    }
}

/// A score keeper's partial record of a full log (FORMAT.md §1, principle 2): hands and decklists
/// dropped or partly unnamed, drawn cards unnamed, played cards' powers unrecorded, resolution
/// lines left out or their cards unnamed, sheet lines left out. What the table chose (a Stampede play, a card from a hand, a
/// `then` step) stays.
pub fn redacted(log: &Log, seed: u64) -> Log {
    use tribbles::engine::event::{Drawn, Event};
    let mut coin = Coin(seed);
    let (hand_drop, hand_card, deck, draw, res_drop, res_card, sheet) =
        (coin.rate(), coin.rate(), coin.rate(), coin.rate(), coin.rate(), coin.rate(), coin.rate());
    // Played cards' powers left unrecorded (`100 ? use`), more rarely.
    let play = coin.rate() / 3;
    let hide = |cards: &mut [tribbles::model::log::CardCount], rate: u64, coin: &mut Coin| {
        for c in cards {
            if coin.chance(rate) {
                c.card = match c.card.denomination() {
                    Some(denomination) if coin.chance(40) => Card::Known { denomination, power: PowerSpec::Unrecorded },
                    _ => Card::Unknown,
                };
            }
        }
    };
    let mut out = log.clone();
    out.lines.retain_mut(|line| match &mut line.kind {
        LineKind::Hand { cards, .. } => {
            if coin.chance(hand_drop / 2) {
                return false;
            }
            hide(cards, hand_card, &mut coin);
            true
        }
        LineKind::Deck { cards, .. } => match coin.next() % 100 * deck / 100 {
            x if x > 60 => false,
            x if x > 30 => {
                let n: u32 = cards.iter().map(|c| c.count).sum();
                *cards = CardCount { count: n, owner: None, card: Card::Unknown, span: Default::default() }.list();
                true
            }
            x => {
                hide(cards, x * 2, &mut coin);
                true
            }
        },
        LineKind::Resolution(e) => {
            // A card from the hand is the player's choice, often an optional move (an Antidote's
            // hand, a Replicate's extra card): left out, it would not have happened.
            let chosen = match e {
                Event::Plays { .. } => true,
                Event::Puts { from, .. } => from.zone == tribbles::model::log::Zone::Hand && from.owner.is_none(),
                Event::Discards { from, .. } => *from == tribbles::model::log::Zone::Hand,
                _ => false,
            };
            if !chosen && coin.chance(res_drop) {
                return false;
            }
            match e {
                Event::Draws { drawn: Drawn::Cards(cards), .. }
                | Event::Reveals { cards, .. }
                | Event::Discards { cards, .. }
                | Event::Puts { cards, .. } => hide(cards, res_card, &mut coin),
                _ => {}
            }
            true
        }
        LineKind::Turn(turn) => {
            for step in &mut turn.steps {
                match &mut step.kind {
                    StepKind::Draw { card } if coin.chance(draw) => *card = None,
                    StepKind::Play { card, used } if coin.chance(play) => {
                        if let Some(denomination) = card.card.denomination() {
                            card.card = Card::Known { denomination, power: PowerSpec::Unrecorded };
                            // A half named after `use` needs its card: that choice goes too.
                            if let Some(used) = used.as_mut() {
                                let kept: Vec<_> =
                                    used.iter().filter(|c| !matches!(c.kind, ChoiceKind::Half(_))).cloned().collect();
                                *used = kept.into_boxed_slice();
                            }
                        }
                    }
                    _ => {}
                }
            }
            true
        }
        LineKind::Points(_) | LineKind::Totals(_) | LineKind::Winner(_) => !coin.chance(sheet * 7 / 10),
        _ => true,
    });
    out
}
