//! The power registry: what the engine needs to know of each of the 52 powers, in one exhaustive
//! `match` with no catch-all, so a power cannot be added or changed without deciding here.
//!
//! Until a power's own module lands (the three power issues), its entry says `Pending`: the
//! engine then reports "effects of X not checked" and stops relying on anything the power could
//! change, so no legal game is ever called illegal because of it.

use crate::model::{Power, PowerSpec};

/// A kind of choice made after `use` (FORMAT.md §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// `@Name`
    Player,
    /// `name POWER`
    Name,
    /// Cards from one's own hand (or discard pile, for Rescue).
    Cards,
    /// `take CARD`
    Take,
    /// `top CARDS bottom CARDS`
    Placement,
    /// `of Name`, then the copied power's own choices.
    Of,
}

impl Choice {
    pub fn describe(self) -> &'static str {
        match self {
            Choice::Player => "`@Name`",
            Choice::Name => "`name POWER`",
            Choice::Cards => "cards",
            Choice::Take => "`take CARD`",
            Choice::Placement => "`top CARDS bottom CARDS`",
            Choice::Of => "`of Name`",
        }
    }
}

/// How a power acts, for the engine's hooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    pub kind: Kind,
    /// The choices its use may carry, and those it cannot do without.
    pub accepts: &'static [Choice],
    pub requires: &'static [Choice],
    /// It can make a play legal that the chain alone would not (Clone, Advance, Dabo).
    pub plays_out_of_sequence: bool,
    /// Having it in a play pile can change a round's score (IDIC, Quadruple, Tally, Bonus, BiJ).
    pub scores_at_round_end: bool,
    /// Having it in a play pile can change how the next round starts (Time Warp, Roll, Safety,
    /// BaH!, and cards that return to their owners: Assimilate, BiJ).
    pub acts_at_round_end: bool,
    pub status: Status,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Used when played, with its choices.
    Activated,
    /// Never activated; acts by itself.
    Passive,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Its effects are checked.
    Implemented,
    /// Its effects are not followed yet: the engine treats them as unknown.
    Pending,
}

const fn activated() -> Profile {
    Profile {
        kind: Kind::Activated,
        accepts: &[],
        requires: &[],
        plays_out_of_sequence: false,
        scores_at_round_end: false,
        acts_at_round_end: false,
        status: Status::Pending,
    }
}

const fn passive() -> Profile {
    Profile { kind: Kind::Passive, ..activated() }
}

/// An activated power whose use names a player.
const fn targets() -> Profile {
    Profile { accepts: &[Choice::Player], requires: &[Choice::Player], ..activated() }
}

/// An activated power whose use names cards from the player's own hand (or discard pile).
const fn picks() -> Profile {
    Profile { accepts: &[Choice::Cards], requires: &[Choice::Cards], ..activated() }
}

/// The registry: one arm per power.
pub const fn profile(power: Power) -> Profile {
    match power {
        Power::Advance => Profile { plays_out_of_sequence: true, ..activated() },
        Power::Ante => activated(),
        Power::Antidote => activated(),
        Power::Assimilate => Profile { acts_at_round_end: true, ..targets() },
        Power::Avalanche => Profile { accepts: &[Choice::Cards], ..activated() },
        Power::Bah => Profile { acts_at_round_end: true, ..passive() },
        Power::Battle => targets(),
        Power::Bij => Profile { scores_at_round_end: true, acts_at_round_end: true, ..targets() },
        Power::Bonus => Profile { scores_at_round_end: true, ..passive() },
        Power::Clone => Profile { plays_out_of_sequence: true, ..activated() },
        Power::Convert => activated(),
        Power::Copy => Profile {
            // The copied power's own choices follow `of Name`.
            accepts: &[Choice::Of, Choice::Player, Choice::Name, Choice::Cards, Choice::Take, Choice::Placement],
            requires: &[Choice::Of],
            ..activated()
        },
        Power::Cycle => picks(),
        Power::Dabo => Profile { plays_out_of_sequence: true, ..passive() },
        Power::Dance => activated(),
        Power::Discard => picks(),
        Power::Draw => targets(),
        Power::Evolve => activated(),
        Power::Exchange => {
            Profile { accepts: &[Choice::Cards, Choice::Take], requires: &[Choice::Cards], ..activated() }
        }
        Power::Famine => activated(),
        Power::Fizzbin => passive(),
        Power::Fold => passive(),
        Power::Freeze => Profile { accepts: &[Choice::Name], requires: &[Choice::Name], ..activated() },
        Power::Go => activated(),
        Power::Idic => Profile { scores_at_round_end: true, ..passive() },
        Power::Kill => targets(),
        Power::Masaka => activated(),
        Power::Mutate => activated(),
        Power::Party => activated(),
        Power::Poison => targets(),
        Power::Process => picks(),
        Power::Qapla => activated(),
        Power::Quadruple => Profile { scores_at_round_end: true, ..passive() },
        Power::Recycle => targets(),
        Power::Replay => activated(),
        Power::Replicate => passive(),
        Power::Reset => activated(),
        Power::Rescue => picks(),
        Power::Reverse => activated(),
        Power::Rival => Profile { accepts: &[Choice::Name], requires: &[Choice::Name], ..activated() },
        Power::Roll => Profile { acts_at_round_end: true, ..passive() },
        Power::Sabotage => targets(),
        Power::Safety => Profile { acts_at_round_end: true, ..passive() },
        Power::Scan => Profile { accepts: &[Choice::Placement], ..activated() },
        Power::Score => targets(),
        Power::Shift => activated(),
        Power::Skip => activated(),
        Power::Stampede => activated(),
        Power::Tally => Profile { scores_at_round_end: true, ..passive() },
        Power::TimeWarp => Profile { acts_at_round_end: true, ..passive() },
        Power::Toxin => Profile { accepts: &[Choice::Take], ..activated() },
        Power::Utilize => targets(),
    }
}

/// Whether any power on the card has this property; `None` when the card's power is not known
/// (unrecorded or unrecognised), so it could.
pub fn any(spec: &PowerSpec, test: impl Fn(Profile) -> bool) -> Option<bool> {
    match spec {
        PowerSpec::Single(p) => Some(test(profile(*p))),
        PowerSpec::Compound(a, b) => Some(test(profile(*a)) || test(profile(*b))),
        PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => None,
    }
}

/// Checks the kinds of a use's choices against the card's powers (FORMAT.md §7): a choice no half
/// accepts, or a choice a power cannot do without, is returned as `(choice, missing)`. A compound
/// used by one half (`use Skip`) is judged by that half. Cards whose power is not known accept
/// anything.
pub fn check_choices(spec: &PowerSpec, given: &[Choice], half: Option<Power>) -> Result<(), (Choice, bool)> {
    let halves: Vec<Power> = match (spec, half) {
        (_, Some(h)) => vec![h],
        (PowerSpec::Single(p), None) => vec![*p],
        (PowerSpec::Compound(a, b), None) => vec![*a, *b],
        (PowerSpec::Unrecorded | PowerSpec::Unrecognised(_), None) => return Ok(()),
    };
    for c in given {
        if !halves.iter().any(|h| profile(*h).accepts.contains(c)) {
            return Err((*c, false));
        }
    }
    for h in &halves {
        for r in profile(*h).requires {
            if !given.contains(r) {
                return Err((*r, true));
            }
        }
    }
    Ok(())
}

/// A card whose every power is passive cannot be used.
pub fn is_passive(spec: &PowerSpec) -> bool {
    match spec {
        PowerSpec::Single(p) => profile(*p).kind == Kind::Passive,
        PowerSpec::Compound(a, b) => profile(*a).kind == Kind::Passive && profile(*b).kind == Kind::Passive,
        PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_checked_against_the_powers_halves() {
        let go = PowerSpec::Single(Power::Go);
        assert_eq!(check_choices(&go, &[], None), Ok(()));
        assert_eq!(check_choices(&go, &[Choice::Player], None), Err((Choice::Player, false)));
        let poison = PowerSpec::Single(Power::Poison);
        assert_eq!(check_choices(&poison, &[], None), Err((Choice::Player, true)));
        let recycle_freeze = PowerSpec::Compound(Power::Recycle, Power::Freeze);
        assert_eq!(check_choices(&recycle_freeze, &[Choice::Player, Choice::Name], None), Ok(()));
        assert_eq!(check_choices(&recycle_freeze, &[Choice::Player], None), Err((Choice::Name, true)));
        let clone_skip = PowerSpec::Compound(Power::Clone, Power::Skip);
        assert_eq!(check_choices(&clone_skip, &[], Some(Power::Skip)), Ok(()));
        assert_eq!(check_choices(&PowerSpec::Unrecorded, &[Choice::Player], None), Ok(()));
    }

    #[test]
    fn the_twelve_passive_powers_are_passive() {
        let passive: Vec<&str> =
            Power::ALL.iter().filter(|p| profile(**p).kind == Kind::Passive).map(|p| p.name()).collect();
        assert_eq!(
            passive,
            [
                "BaH!",
                "Bonus",
                "Dabo",
                "Fizzbin",
                "Fold",
                "IDIC",
                "Quadruple",
                "Replicate",
                "Roll",
                "Safety",
                "Tally",
                "Time Warp"
            ]
        );
    }
}
