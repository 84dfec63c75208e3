//! The power registry: everything the engine knows of each of the 52 powers, in one exhaustive
//! `match` with no catch-all ([`rule`]), so a power cannot be added or changed without deciding
//! here. Every power has a module of its own (its rule paraphrased with the citation, its
//! resolution, its documentation). Where what a power does depends on something the log leaves
//! open (a card whose power was not recorded), its resolution answers [`Resolved::Pending`]: the
//! engine reports "effects of X not checked" and stops relying on anything it could change, so no
//! legal game is ever called illegal because of it.

mod advance;
mod ante;
mod antidote;
mod assimilate;
mod avalanche;
mod bah;
mod battle;
mod bij;
mod bonus;
mod clone;
mod convert;
mod copy;
mod cycle;
mod dabo;
mod dance;
mod discard;
mod draw;
mod evolve;
mod exchange;
mod famine;
mod fizzbin;
pub mod fold;
mod freeze;
mod go;
pub mod idic;
mod kill;
mod masaka;
mod mutate;
mod party;
mod poison;
mod process;
mod qapla;
pub mod quadruple;
mod recycle;
mod replay;
mod replicate;
mod rescue;
mod reset;
mod reverse;
mod rival;
mod roll;
mod sabotage;
pub mod safety;
mod scan;
mod score;
mod shift;
mod skip;
mod stampede;
pub mod tally;
pub mod time_warp;
pub(crate) mod toxin;
mod utilize;

pub use bij::POINTS as BIJ_POINTS;
pub use bonus::bonus_points;
pub use dance::{POINTS as DANCE_POINTS, dances};

use crate::engine::turn::PowerCx;
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
    /// Every kind of choice (a unit test keeps the list whole).
    pub const ALL: [Choice; 6] =
        [Choice::Player, Choice::Name, Choice::Cards, Choice::Take, Choice::Placement, Choice::Of];

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

/// What resolving a power came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// Its effects were followed (and reported where they went wrong).
    Done,
    /// The power is not followed yet: its effects are unknown.
    Pending,
}

/// A power's own documentation: the paraphrased rule and its citation, for `tribbles explain`.
#[derive(Clone, Copy, Debug)]
pub struct Doc {
    pub rule: &'static str,
    pub text: &'static str,
}

/// Everything the engine knows of one power.
#[derive(Clone, Copy)]
pub struct Rule {
    pub profile: Profile,
    /// Resolves a use of the power (one half of a compound at a time).
    pub(crate) resolve: fn(&mut PowerCx) -> Resolved,
    /// `None` while the power is pending.
    pub doc: Option<Doc>,
}

/// Passive powers act through the engine's hooks and are never used (the engine reports a use
/// before resolving), so resolving one does nothing.
fn never_used(_: &mut PowerCx) -> Resolved {
    Resolved::Done
}

/// A followed power.
const fn followed(profile: Profile, resolve: fn(&mut PowerCx) -> Resolved, doc: Doc) -> Rule {
    Rule { profile: Profile { status: Status::Implemented, ..profile }, resolve, doc: Some(doc) }
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
pub const fn rule(power: Power) -> Rule {
    match power {
        Power::Advance => {
            followed(Profile { plays_out_of_sequence: true, ..activated() }, advance::resolve, advance::DOC)
        }
        Power::Ante => followed(activated(), ante::resolve, ante::DOC),
        Power::Antidote => followed(activated(), antidote::resolve, antidote::DOC),
        Power::Assimilate => {
            followed(Profile { acts_at_round_end: true, ..targets() }, assimilate::resolve, assimilate::DOC)
        }
        Power::Avalanche => {
            followed(Profile { accepts: &[Choice::Cards], ..activated() }, avalanche::resolve, avalanche::DOC)
        }
        Power::Bah => followed(Profile { acts_at_round_end: true, ..passive() }, never_used, bah::DOC),
        Power::Battle => followed(targets(), battle::resolve, battle::DOC),
        Power::Bij => followed(
            Profile { scores_at_round_end: true, acts_at_round_end: true, ..targets() },
            bij::resolve,
            bij::DOC,
        ),
        Power::Bonus => followed(Profile { scores_at_round_end: true, ..passive() }, never_used, bonus::DOC),
        Power::Clone => followed(Profile { plays_out_of_sequence: true, ..activated() }, clone::resolve, clone::DOC),
        Power::Convert => followed(activated(), convert::resolve, convert::DOC),
        Power::Copy => followed(
            Profile {
                // The copied power's own choices follow `of Name`.
                accepts: &[Choice::Of, Choice::Player, Choice::Name, Choice::Cards, Choice::Take, Choice::Placement],
                requires: &[Choice::Of],
                ..activated()
            },
            copy::resolve,
            copy::DOC,
        ),
        Power::Cycle => followed(picks(), cycle::resolve, cycle::DOC),
        Power::Dabo => followed(Profile { plays_out_of_sequence: true, ..passive() }, never_used, dabo::DOC),
        Power::Dance => followed(activated(), dance::resolve, dance::DOC),
        Power::Discard => followed(picks(), discard::resolve, discard::DOC),
        Power::Draw => followed(targets(), draw::resolve, draw::DOC),
        Power::Evolve => followed(activated(), evolve::resolve, evolve::DOC),
        Power::Exchange => followed(
            Profile { accepts: &[Choice::Cards, Choice::Take], requires: &[Choice::Cards], ..activated() },
            exchange::resolve,
            exchange::DOC,
        ),
        Power::Famine => followed(activated(), famine::resolve, famine::DOC),
        Power::Fizzbin => followed(passive(), never_used, fizzbin::DOC),
        Power::Fold => followed(passive(), never_used, fold::DOC),
        Power::Freeze => followed(
            Profile { accepts: &[Choice::Name], requires: &[Choice::Name], ..activated() },
            freeze::resolve,
            freeze::DOC,
        ),
        Power::Go => followed(activated(), go::resolve, go::DOC),
        Power::Idic => followed(Profile { scores_at_round_end: true, ..passive() }, never_used, idic::DOC),
        Power::Kill => followed(targets(), kill::resolve, kill::DOC),
        Power::Masaka => followed(activated(), masaka::resolve, masaka::DOC),
        Power::Mutate => followed(activated(), mutate::resolve, mutate::DOC),
        Power::Party => followed(activated(), party::resolve, party::DOC),
        Power::Poison => followed(targets(), poison::resolve, poison::DOC),
        Power::Process => followed(picks(), process::resolve, process::DOC),
        Power::Qapla => followed(activated(), qapla::resolve, qapla::DOC),
        Power::Quadruple => followed(Profile { scores_at_round_end: true, ..passive() }, never_used, quadruple::DOC),
        Power::Recycle => followed(targets(), recycle::resolve, recycle::DOC),
        Power::Replay => followed(activated(), replay::resolve, replay::DOC),
        Power::Replicate => followed(passive(), never_used, replicate::DOC),
        Power::Reset => followed(activated(), reset::resolve, reset::DOC),
        Power::Rescue => followed(picks(), rescue::resolve, rescue::DOC),
        Power::Reverse => followed(activated(), reverse::resolve, reverse::DOC),
        Power::Rival => followed(
            Profile { accepts: &[Choice::Name], requires: &[Choice::Name], ..activated() },
            rival::resolve,
            rival::DOC,
        ),
        Power::Roll => followed(Profile { acts_at_round_end: true, ..passive() }, never_used, roll::DOC),
        Power::Sabotage => followed(targets(), sabotage::resolve, sabotage::DOC),
        Power::Safety => followed(Profile { acts_at_round_end: true, ..passive() }, never_used, safety::DOC),
        Power::Scan => followed(Profile { accepts: &[Choice::Placement], ..activated() }, scan::resolve, scan::DOC),
        Power::Score => followed(targets(), score::resolve, score::DOC),
        Power::Shift => followed(activated(), shift::resolve, shift::DOC),
        Power::Skip => followed(activated(), skip::resolve, skip::DOC),
        Power::Stampede => followed(activated(), stampede::resolve, stampede::DOC),
        Power::Tally => followed(passive(), never_used, tally::DOC),
        Power::TimeWarp => followed(Profile { acts_at_round_end: true, ..passive() }, never_used, time_warp::DOC),
        Power::Toxin => followed(Profile { accepts: &[Choice::Take], ..activated() }, toxin::resolve, toxin::DOC),
        Power::Utilize => followed(targets(), utilize::resolve, utilize::DOC),
    }
}

/// The registry as a table by `Power as usize`, built once at compile time: reading `rule` at run
/// time built the whole entry (its documentation included) at each call.
const RULES: [Rule; Power::ALL.len()] = {
    let mut table = [rule(Power::Go); Power::ALL.len()];
    let mut k = 0;
    while k < Power::ALL.len() {
        let p = Power::ALL[k];
        table[p as usize] = rule(p);
        k += 1;
    }
    table
};

/// The engine's hooks for a power.
pub const fn profile(power: Power) -> Profile {
    RULES[power as usize].profile
}

/// Resolves a used power (one half of a compound at a time).
pub(crate) fn resolve(power: Power, cx: &mut PowerCx) -> Resolved {
    (RULES[power as usize].resolve)(cx)
}

/// The rule a finding about the power rests on: its own section of the rules.
pub fn cited(power: Power) -> &'static str {
    RULES[power as usize].doc.map_or("TCC 2.1, Tribble Powers", |doc| doc.rule)
}

/// The documentation of a followed power; `None` while it is pending.
pub fn doc(power: Power) -> Option<Doc> {
    RULES[power as usize].doc
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
    let one;
    let two;
    let halves: &[Power] = match (spec, half) {
        (_, Some(h)) => {
            one = [h];
            &one
        }
        (PowerSpec::Single(p), None) => std::slice::from_ref(p),
        (PowerSpec::Compound(a, b), None) => {
            two = [*a, *b];
            &two
        }
        (PowerSpec::Unrecorded | PowerSpec::Unrecognised(_), None) => return Ok(()),
    };
    for c in given {
        if !halves.iter().any(|h| profile(*h).accepts.contains(c)) {
            return Err((*c, false));
        }
    }
    for h in halves {
        for r in profile(*h).requires {
            if !given.contains(r) {
                return Err((*r, true));
            }
        }
    }
    Ok(())
}

/// Whether a resolution line's owner of a zone (`under Matt's pile`; none for the line's player's
/// own) is `player`.
pub(crate) fn owns(player: crate::model::PlayerId, owner: Option<crate::model::PlayerId>) -> bool {
    owner.is_none_or(|o| o == player)
}

/// A card whose every power is passive cannot be used.
pub fn is_passive(spec: &PowerSpec) -> bool {
    match spec {
        PowerSpec::Single(p) => profile(*p).kind == Kind::Passive,
        PowerSpec::Compound(a, b) => profile(*a).kind == Kind::Passive && profile(*b).kind == Kind::Passive,
        PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => false,
    }
}

/// A card for the powers' unit tests: its number and its power.
#[cfg(test)]
pub(crate) fn test_card(v: u64, p: PowerSpec) -> crate::model::Card {
    crate::model::Card::Known { denomination: crate::model::Denomination::from_value(v).expect("a number"), power: p }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_table_holds_each_power_s_own_entry() {
        for p in Power::ALL.iter().copied() {
            let (table, built) = (RULES[p as usize], rule(p));
            assert_eq!(table.profile, built.profile, "{p:?}");
            assert_eq!(table.doc.map(|d| (d.rule, d.text)), built.doc.map(|d| (d.rule, d.text)), "{p:?}");
            assert!(std::ptr::fn_addr_eq(table.resolve, built.resolve), "{p:?}");
        }
    }

    #[test]
    fn every_choice_kind_is_listed() {
        for kind in Choice::ALL {
            // A new kind fails to compile here until it is listed in `Choice::ALL` too.
            match kind {
                Choice::Player | Choice::Name | Choice::Cards | Choice::Take | Choice::Placement | Choice::Of => {}
            }
        }
        let distinct: std::collections::HashSet<&str> = Choice::ALL.iter().map(|c| c.describe()).collect();
        assert_eq!(distinct.len(), Choice::ALL.len());
    }

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
