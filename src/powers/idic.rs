//! IDIC (TCC 2.1, Tribble Powers): passive. A player who goes out with an IDIC in the play pile
//! scores 10,000 for each different power in the pile, the IDIC's own included; a compound is a
//! power of its own (Advanced Rules: Compound Tribble Powers). IDICs of one denomination score
//! once together; IDICs of different denominations each score.

use super::Doc;
use crate::model::{Card, Power, PowerSpec};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: IDIC",
    text: "A player who goes out with an IDIC in the play pile scores 10,000 for each different power in \
           the pile, on top of the cards' values. IDIC counts itself, and a compound is a power of its own \
           (`Recycle & Reverse` is neither Recycle nor Reverse): a pile of 1 IDIC, 100 Recycle & Reverse, \
           1,000 Recycle and 10,000 Reverse holds four powers and scores 40,000 for the IDIC. Two IDICs of \
           the same number score once; IDICs of different numbers each score. IDIC is never used (R0313). \
           A pile card whose power was not recorded leaves the count open: the sheet decides.\n\n\
           Checked: `points:` and `totals:` include it (R0501, R0502), with the breakdown in the help.",
};

/// What a player who went out scores for IDIC: `None` when a card whose power is not known could
/// change the count (or be an IDIC).
pub fn points(pile: &[Card]) -> Option<u64> {
    // The denominations of the pile's IDICs, as bits.
    let mut idics = 0u32;
    for c in pile {
        match c.power() {
            Some(p) if p.is_known() => {
                if p.has(Power::Idic) {
                    idics |= c.denomination().map_or(0, |d| 1 << d.index());
                }
            }
            // An unknown card may be an IDIC, or another power: certain only with no IDIC possible.
            _ => return None,
        }
    }
    if idics == 0 {
        return Some(0);
    }
    let mut powers: Vec<&PowerSpec> = Vec::new();
    for p in pile.iter().filter_map(Card::power) {
        if !powers.contains(&p) {
            powers.push(p);
        }
    }
    Some(u64::from(idics.count_ones()) * powers.len() as u64 * 10_000)
}

#[cfg(test)]
mod tests {
    use super::points;
    use crate::model::{Card, Power, PowerSpec};
    use crate::powers::test_card as card;

    #[test]
    fn the_rulebook_pile_scores_forty_thousand() {
        let pile = [
            card(1, PowerSpec::Single(Power::Idic)),
            card(100, PowerSpec::Compound(Power::Recycle, Power::Reverse)),
            card(1000, PowerSpec::Single(Power::Recycle)),
            card(10000, PowerSpec::Single(Power::Reverse)),
        ];
        assert_eq!(points(&pile), Some(40_000));
        // Another IDIC of the same number adds nothing; of another number, it scores again.
        let mut same = pile.to_vec();
        same.push(card(1, PowerSpec::Single(Power::Idic)));
        assert_eq!(points(&same), Some(40_000));
        let mut other = pile.to_vec();
        other.push(card(10, PowerSpec::Single(Power::Idic)));
        assert_eq!(points(&other), Some(80_000));
        assert_eq!(points(&[card(1, PowerSpec::Single(Power::Go))]), Some(0));
        assert_eq!(points(&[card(1, PowerSpec::Single(Power::Idic)), Card::Unknown]), None);
    }
}
