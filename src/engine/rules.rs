//! The rules as pure functions of the state, shared by validation (which reports what they say)
//! and the simulator's enumeration of legal actions (which offers what they allow), so the two
//! cannot disagree (TCC 2.1, How to Play; Tribble Powers: CLONE, ADVANCE, DABO, FREEZE).

use super::state::Chain;
use crate::model::{Card, Denomination, PlayerId, Power, PowerSpec};

/// How a card may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    InSequence,
    AsClone,
    AsAdvance,
    AsDabo,
}

/// Whether a card may be played on the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Legal(Way),
    /// The card's number or power was not recorded: it may be legal.
    Unverifiable,
    Illegal,
}

/// The number the chain calls for next (1 at a new chain).
#[inline]
pub fn next_number(chain: &Chain) -> Denomination {
    chain.last.map_or(Denomination::One, Denomination::next)
}

/// Judges a play against the chain. `previous_activations` is how many powers the player of the
/// previous turn activated in it (for Dabo).
#[inline]
pub fn play_verdict(chain: &Chain, previous_activations: u32, card: &Card) -> Verdict {
    let Card::Known { denomination: d, power } = card else { return Verdict::Unverifiable };
    let d = *d;
    if d == next_number(chain) || (d == Denomination::One && (chain.broken || chain.last.is_none())) {
        return Verdict::Legal(Way::InSequence);
    }
    // The power's halves (a single power is both); a card whose power was not recorded (or is
    // not known) could be any of them.
    let (a, b) = match power {
        PowerSpec::Single(p) => (*p, *p),
        PowerSpec::Compound(a, b) => (*a, *b),
        PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => return Verdict::Unverifiable,
    };
    let has = |x: Power| a == x || b == x;
    // Clone: the same number as the last card played.
    if has(Power::Clone) && chain.last == Some(d) {
        return Verdict::Legal(Way::AsClone);
    }
    // Advance: in place of a 1 when the chain is broken.
    if has(Power::Advance) && chain.broken {
        return Verdict::Legal(Way::AsAdvance);
    }
    // Dabo: any number after a previous turn that activated two or more powers.
    if has(Power::Dabo) && previous_activations >= 2 {
        return Verdict::Legal(Way::AsDabo);
    }
    Verdict::Illegal
}

/// Judges a play against the chain as `turns` turns the log leaves out may have left it, each a
/// draw (the chain breaks) or a card played in sequence: the way the card is legal on one of those
/// chains, if any. The turn of a player who jumped the queue is judged so (ruling R4), as the
/// players passed over may have drawn or played on the way.
pub fn verdict_after_missing_turns(chain: &Chain, previous_activations: u32, card: &Card, turns: u32) -> Option<Way> {
    // Chains reachable after the missing turns, at most two a turn (a draw or a play): the
    // number of turns is at most the table's, so the list stays short.
    let mut chains = vec![*chain];
    // Each turn grows only the chains the turn before found: the older ones were grown already.
    let mut newest = 0;
    for _ in 0..turns.min(8) {
        let mut next = Vec::with_capacity((chains.len() - newest) * 2);
        for c in &chains[newest..] {
            let drew = Chain { broken: true, ..*c };
            let played = |d| Chain { last: Some(d), by: c.by, broken: false };
            let restart = (c.broken || c.last.is_none()).then(|| played(Denomination::One));
            for n in [Some(drew), Some(played(next_number(c))), restart].into_iter().flatten() {
                if !next.contains(&n) && !chains.contains(&n) {
                    next.push(n);
                }
            }
        }
        newest = chains.len();
        chains.extend(next);
    }
    chains.iter().find_map(|c| match play_verdict(c, previous_activations, card) {
        Verdict::Legal(way) => Some(way),
        _ => None,
    })
}

/// Whether a freeze in force forbids the card (a compound is a power of its own: ruling R14).
#[inline]
pub fn is_frozen(frozen: &[(PowerSpec, PlayerId)], card: &Card) -> bool {
    card.power().is_some_and(|p| frozen.iter().any(|(f, _)| f == p))
}

/// Whether the card may be played now: legal against the chain and not frozen.
#[inline]
pub fn may_play(chain: &Chain, previous_activations: u32, frozen: &[(PowerSpec, PlayerId)], card: &Card) -> bool {
    Plays::new(chain, previous_activations, frozen).allows(card)
}

/// [`may_play`] worked out once for a whole hand: the number that follows the chain, whether a 1
/// starts a new one, and the powers that let another number be played now (as bits of a mask, so
/// that each card costs a few comparisons). It agrees with [`play_verdict`] card for card.
#[derive(Clone, Copy, Debug)]
pub struct Plays<'f> {
    next: Denomination,
    restart: bool,
    last: Option<Denomination>,
    /// Advance when the chain is broken, Dabo after two activations or more.
    any_number: u64,
    frozen: &'f [(PowerSpec, PlayerId)],
}

// Every power has a bit of a `u64`.
const _: () = assert!(Power::ALL.len() <= 64);

#[inline]
const fn bit(p: Power) -> u64 {
    1 << (p as u32)
}

impl<'f> Plays<'f> {
    #[inline]
    pub fn new(chain: &Chain, previous_activations: u32, frozen: &'f [(PowerSpec, PlayerId)]) -> Plays<'f> {
        let mut any_number = 0;
        if chain.broken {
            any_number |= bit(Power::Advance);
        }
        if previous_activations >= 2 {
            any_number |= bit(Power::Dabo);
        }
        Plays {
            next: next_number(chain),
            restart: chain.broken || chain.last.is_none(),
            last: chain.last,
            any_number,
            frozen,
        }
    }

    /// Whether the card may be played now (see [`may_play`]).
    #[inline]
    pub fn allows(&self, card: &Card) -> bool {
        let Card::Known { denomination: d, power } = card else { return false };
        let d = *d;
        let legal = d == self.next || (d == Denomination::One && self.restart) || {
            let powers = match power {
                PowerSpec::Single(p) => bit(*p),
                PowerSpec::Compound(a, b) => bit(*a) | bit(*b),
                PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => 0,
            };
            let clone = if self.last == Some(d) { bit(Power::Clone) } else { 0 };
            powers & (self.any_number | clone) != 0
        };
        legal && !is_frozen(self.frozen, card)
    }
}

/// The cards of a hand that may be played now: the engine's enumeration of legal plays.
pub fn legal_plays<'a>(
    hand: impl IntoIterator<Item = &'a Card>,
    chain: &Chain,
    previous_activations: u32,
    frozen: &[(PowerSpec, PlayerId)],
) -> Vec<&'a Card> {
    let plays = Plays::new(chain, previous_activations, frozen);
    hand.into_iter().filter(|c| plays.allows(c)).collect()
}

/// Whether a play made this way must use the card's power: a compound with Clone played as a
/// clone uses both halves (TCC 2.1, Advanced Rules: Compound Tribble Powers).
pub fn requires_use(way: Way, card: &Card) -> bool {
    way == Way::AsClone && matches!(card.power(), Some(PowerSpec::Compound(..)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_s_plays_agree_with_the_verdict_card_for_card() {
        let mut cards = vec![Card::Unknown];
        for d in Denomination::ALL {
            cards.push(Card::Known { denomination: d, power: PowerSpec::Unrecorded });
            for a in Power::ALL {
                cards.push(Card::new(d, *a));
                for b in [Power::Clone, Power::Advance, Power::Dabo, Power::Skip] {
                    cards.push(Card::Known { denomination: d, power: PowerSpec::Compound(*a, b) });
                }
            }
        }
        let freezes = [vec![], vec![(PowerSpec::Single(Power::Advance), PlayerId(0))]];
        let lasts = std::iter::once(None).chain(Denomination::ALL.map(Some));
        let mut legal = 0;
        for last in lasts {
            for broken in [false, true] {
                let chain = Chain { last, by: None, broken };
                for acts in 0..3 {
                    for frozen in &freezes {
                        let plays = Plays::new(&chain, acts, frozen);
                        for c in &cards {
                            let verdict = matches!(play_verdict(&chain, acts, c), Verdict::Legal(_));
                            let expected = verdict && !is_frozen(frozen, c);
                            assert_eq!(plays.allows(c), expected, "{c:?} on {chain:?} after {acts}");
                            legal += usize::from(expected);
                        }
                    }
                }
            }
        }
        // Each way of playing was met: a test of agreement on illegal cards alone would prove little.
        assert!(legal > 1000, "{legal}");
    }

    #[test]
    fn missing_turns_may_have_broken_or_carried_on_the_chain() {
        let chain = Chain { last: Some(Denomination::Ten), by: None, broken: false };
        let go = |d| Card::new(d, Power::Go);
        let judge = |d, turns| verdict_after_missing_turns(&chain, 0, &go(d), turns);
        // No turn left out: only what follows the chain.
        assert_eq!(judge(Denomination::One, 0), None);
        assert_eq!(judge(Denomination::Hundred, 0), Some(Way::InSequence));
        // One turn: a draw (then 1, or 100 still) or a play of 100 (then 1,000).
        assert_eq!(judge(Denomination::One, 1), Some(Way::InSequence));
        assert_eq!(judge(Denomination::Thousand, 1), Some(Way::InSequence));
        assert_eq!(judge(Denomination::TenThousand, 1), None);
        assert_eq!(judge(Denomination::Ten, 1), None);
        // Two turns: two plays, or a draw and a new chain's 1.
        assert_eq!(judge(Denomination::TenThousand, 2), Some(Way::InSequence));
        assert_eq!(judge(Denomination::Ten, 2), Some(Way::InSequence));
        assert_eq!(judge(Denomination::HundredThousand, 2), None);
    }
}
