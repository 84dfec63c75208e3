//! The power registry: what the engine needs to know of each of the 52 powers, in one exhaustive
//! `match` with no catch-all, so a power cannot be added or changed without deciding here.
//!
//! Until a power's own module lands (the three power issues), its entry says `Pending`: the
//! engine then reports "effects of X not checked" and stops relying on anything the power could
//! change, so no legal game is ever called illegal because of it.

use crate::model::{Power, PowerSpec};

/// How a power acts, for the engine's hooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    pub kind: Kind,
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
        plays_out_of_sequence: false,
        scores_at_round_end: false,
        acts_at_round_end: false,
        status: Status::Pending,
    }
}

const fn passive() -> Profile {
    Profile { kind: Kind::Passive, ..activated() }
}

/// The registry: one arm per power.
pub const fn profile(power: Power) -> Profile {
    match power {
        Power::Advance => Profile { plays_out_of_sequence: true, ..activated() },
        Power::Ante => activated(),
        Power::Antidote => activated(),
        Power::Assimilate => Profile { acts_at_round_end: true, ..activated() },
        Power::Avalanche => activated(),
        Power::Bah => Profile { acts_at_round_end: true, ..passive() },
        Power::Battle => activated(),
        Power::Bij => Profile { scores_at_round_end: true, acts_at_round_end: true, ..activated() },
        Power::Bonus => Profile { scores_at_round_end: true, ..passive() },
        Power::Clone => Profile { plays_out_of_sequence: true, ..activated() },
        Power::Convert => activated(),
        Power::Copy => activated(),
        Power::Cycle => activated(),
        Power::Dabo => Profile { plays_out_of_sequence: true, ..passive() },
        Power::Dance => activated(),
        Power::Discard => activated(),
        Power::Draw => activated(),
        Power::Evolve => activated(),
        Power::Exchange => activated(),
        Power::Famine => activated(),
        Power::Fizzbin => passive(),
        Power::Fold => passive(),
        Power::Freeze => activated(),
        Power::Go => activated(),
        Power::Idic => Profile { scores_at_round_end: true, ..passive() },
        Power::Kill => activated(),
        Power::Masaka => activated(),
        Power::Mutate => activated(),
        Power::Party => activated(),
        Power::Poison => activated(),
        Power::Process => activated(),
        Power::Qapla => activated(),
        Power::Quadruple => Profile { scores_at_round_end: true, ..passive() },
        Power::Recycle => activated(),
        Power::Replay => activated(),
        Power::Replicate => passive(),
        Power::Reset => activated(),
        Power::Rescue => activated(),
        Power::Reverse => activated(),
        Power::Rival => activated(),
        Power::Roll => Profile { acts_at_round_end: true, ..passive() },
        Power::Sabotage => activated(),
        Power::Safety => Profile { acts_at_round_end: true, ..passive() },
        Power::Scan => activated(),
        Power::Score => activated(),
        Power::Shift => activated(),
        Power::Skip => activated(),
        Power::Stampede => activated(),
        Power::Tally => Profile { scores_at_round_end: true, ..passive() },
        Power::TimeWarp => Profile { acts_at_round_end: true, ..passive() },
        Power::Toxin => activated(),
        Power::Utilize => activated(),
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
