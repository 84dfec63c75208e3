//! Cards: the six denominations, the 52 powers of TCC 2.1 with their aliases, compound powers,
//! and cards whose denomination or power the log did not record.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

/// One of the six numbers a tribble card can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Denomination {
    One,
    Ten,
    Hundred,
    Thousand,
    TenThousand,
    HundredThousand,
}

impl Denomination {
    pub const ALL: [Denomination; 6] = [
        Denomination::One,
        Denomination::Ten,
        Denomination::Hundred,
        Denomination::Thousand,
        Denomination::TenThousand,
        Denomination::HundredThousand,
    ];

    /// The number of tribbles on the card.
    pub const fn value(self) -> u64 {
        match self {
            Denomination::One => 1,
            Denomination::Ten => 10,
            Denomination::Hundred => 100,
            Denomination::Thousand => 1_000,
            Denomination::TenThousand => 10_000,
            Denomination::HundredThousand => 100_000,
        }
    }

    pub fn from_value(value: u64) -> Option<Denomination> {
        Denomination::ALL.into_iter().find(|d| d.value() == value)
    }

    /// The denomination that follows this one in the chain; 100,000 wraps to 1 (TCC 2.1, How to Play).
    pub const fn next(self) -> Denomination {
        match self {
            Denomination::One => Denomination::Ten,
            Denomination::Ten => Denomination::Hundred,
            Denomination::Hundred => Denomination::Thousand,
            Denomination::Thousand => Denomination::TenThousand,
            Denomination::TenThousand => Denomination::HundredThousand,
            Denomination::HundredThousand => Denomination::One,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The denomination written exactly as [`Denomination::digits`] writes it; `None` for any other
    /// spelling (leading zeros, grouping), which a number reader must judge.
    pub fn from_digits(digits: &[u8]) -> Option<Denomination> {
        Some(match digits {
            b"1" => Denomination::One,
            b"10" => Denomination::Ten,
            b"100" => Denomination::Hundred,
            b"1000" => Denomination::Thousand,
            b"10000" => Denomination::TenThousand,
            b"100000" => Denomination::HundredThousand,
            _ => return None,
        })
    }

    /// The number as a log writes it (`1000`).
    pub const fn digits(self) -> &'static str {
        match self {
            Denomination::One => "1",
            Denomination::Ten => "10",
            Denomination::Hundred => "100",
            Denomination::Thousand => "1000",
            Denomination::TenThousand => "10000",
            Denomination::HundredThousand => "100000",
        }
    }
}

impl fmt::Display for Denomination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.digits())
    }
}

macro_rules! powers {
    ($($variant:ident => $name:literal $(| $alias:literal)*;)*) => {
        /// A tribble power as printed on the cards (TCC 2.1, Tribble Powers).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum Power {
            $($variant,)*
        }

        impl Power {
            /// Every power, in alphabetical order (but for Reset, declared before Rescue).
            pub const ALL: &'static [Power] = &[$(Power::$variant,)*];

            /// The canonical spelling, as `fmt` writes it.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Power::$variant => $name,)*
                }
            }

            /// Other spellings the format accepts (FORMAT.md §3).
            pub const fn aliases(self) -> &'static [&'static str] {
                match self {
                    $(Power::$variant => &[$($alias),*],)*
                }
            }
        }
    };
}

impl Power {
    /// Every spelling of every power the format accepts, canonical ones first: the words a
    /// misspelt power's name is matched against.
    pub fn spellings() -> impl Iterator<Item = &'static str> {
        Power::ALL.iter().map(|p| p.name()).chain(Power::ALL.iter().flat_map(|p| p.aliases().iter().copied()))
    }
}

powers! {
    Advance => "Advance";
    Ante => "Ante";
    Antidote => "Antidote";
    Assimilate => "Assimilate";
    Avalanche => "Avalanche";
    Bah => "BaH!" | "Bah";
    Battle => "Battle";
    Bij => "BiJ" | "BJ";
    Bonus => "Bonus";
    Clone => "Clone";
    Convert => "Convert";
    Copy => "Copy";
    Cycle => "Cycle";
    Dabo => "Dabo";
    Dance => "Dance";
    Discard => "Discard";
    Draw => "Draw";
    Evolve => "Evolve";
    Exchange => "Exchange";
    Famine => "Famine";
    Fizzbin => "Fizzbin";
    Fold => "Fold";
    Freeze => "Freeze";
    Go => "Go";
    Idic => "IDIC";
    Kill => "Kill";
    Masaka => "Masaka";
    Mutate => "Mutate";
    Party => "Party";
    Poison => "Poison";
    Process => "Process";
    Qapla => "Qapla'" | "Qapla";
    Quadruple => "Quadruple";
    Recycle => "Recycle";
    Replay => "Replay";
    Replicate => "Replicate";
    Reset => "Reset";
    Rescue => "Rescue";
    Reverse => "Reverse";
    Rival => "Rival";
    Roll => "Roll";
    Sabotage => "Sabotage";
    Safety => "Safety";
    Scan => "Scan";
    Score => "Score";
    Shift => "Shift";
    Skip => "Skip";
    Stampede => "Stampede";
    Tally => "Tally";
    TimeWarp => "Time Warp";
    Toxin => "Toxin";
    Utilize => "Utilize";
}

impl Power {
    /// Looks a power up by any of its spellings, ignoring case, through [`Power::from_padded`]'s
    /// table, which is built from the names and aliases themselves.
    pub fn from_name(text: &str) -> Option<Power> {
        let mut buf = [0u8; 16];
        let bytes = text.as_bytes();
        let lower = buf.get_mut(..bytes.len())?;
        lower.copy_from_slice(bytes);
        lower.make_ascii_lowercase();
        Power::from_padded(&buf, bytes.len())
    }

    /// [`Power::from_name`] for a name already in ASCII lower case.
    pub fn from_lower(lower: &[u8]) -> Option<Power> {
        let mut buf = [0u8; 16];
        buf.get_mut(..lower.len())?.copy_from_slice(lower);
        Power::from_padded(&buf, lower.len())
    }

    /// [`Power::from_lower`] for a name of `len` bytes at the start of `buf`, the rest zeros (the
    /// parser's buffer). One multiplication picks the only spelling the name can be, and one
    /// 16-byte comparison tells whether it is: the parser looks up every card's power.
    pub fn from_padded(buf: &[u8; 16], len: usize) -> Option<Power> {
        let slot = SPELLING_SLOTS[spelling_slot(buf, len)];
        let (spelling, spelling_len, power) = SPELLINGS.get(usize::from(slot).checked_sub(1)?)?;
        (u128::from_le_bytes(*buf) == *spelling && len == *spelling_len).then_some(*power)
    }
}

/// Every spelling of every power (name and aliases), lower-cased and zero-padded to 16 bytes as a
/// little-endian number, with its length (a name with a zero byte inside is none of them) and its
/// power.
const SPELLINGS: [(u128, usize, Power); spelling_count()] = {
    let mut all = [(0u128, 0, Power::Advance); spelling_count()];
    let mut n = 0;
    let mut i = 0;
    while i < Power::ALL.len() {
        let p = Power::ALL[i];
        all[n] = (padded(p.name()), p.name().len(), p);
        n += 1;
        let mut a = 0;
        while a < p.aliases().len() {
            all[n] = (padded(p.aliases()[a]), p.aliases()[a].len(), p);
            n += 1;
            a += 1;
        }
        i += 1;
    }
    all
};

/// For each of the 128 slots [`spelling_slot`] gives, one more than the index in [`SPELLINGS`]
/// of the spelling there, or 0. Building it fails the compilation if two spellings share a slot
/// (a new alias needs a new multiplier in [`spelling_slot`]).
const SPELLING_SLOTS: [u8; 128] = {
    let mut slots = [0u8; 128];
    let mut i = 0;
    while i < SPELLINGS.len() {
        let s = spelling_slot(&SPELLINGS[i].0.to_le_bytes(), SPELLINGS[i].1);
        assert!(slots[s] == 0, "two power spellings share a slot: change the multiplier");
        slots[s] = i as u8 + 1;
        i += 1;
    }
    slots
};

const fn spelling_count() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < Power::ALL.len() {
        n += 1 + Power::ALL[i].aliases().len();
        i += 1;
    }
    n
}

/// A name lower-cased and zero-padded, as a number.
const fn padded(name: &str) -> u128 {
    let b = name.as_bytes();
    assert!(b.len() <= 16, "power names fit in 16 bytes");
    let mut buf = [0u8; 16];
    let mut i = 0;
    while i < b.len() {
        buf[i] = b[i].to_ascii_lowercase();
        i += 1;
    }
    u128::from_le_bytes(buf)
}

/// The slot of a zero-padded name of `len` bytes: its first four bytes, last byte and length,
/// mixed by a multiplier found by search to give each of the spellings a slot of its own.
const fn spelling_slot(buf: &[u8; 16], len: usize) -> usize {
    let last = if len == 0 { 0 } else { buf[(len - 1) & 15] };
    let key = u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]) ^ ((len as u32) << 29) ^ ((last as u32) << 3);
    (key.wrapping_mul(0x5a3d_9721) >> 25) as usize
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name of a power from a later set, as the log wrote it. Names are interned (each distinct
/// text is stored once for the life of the process), so that cards stay small and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PowerName(u32);

/// The interned names: each text's number, and the texts by number.
#[derive(Default)]
struct Names {
    ids: HashMap<&'static str, u32>,
    texts: Vec<&'static str>,
}

static NAMES: LazyLock<Mutex<Names>> = LazyLock::new(Mutex::default);

fn names() -> MutexGuard<'static, Names> {
    // The table stays consistent whatever panicked while holding it: a name is pushed before its
    // number is recorded.
    NAMES.lock().unwrap_or_else(PoisonError::into_inner)
}

impl PowerName {
    pub fn new(text: &str) -> PowerName {
        let mut names = names();
        if let Some(&id) = names.ids.get(text) {
            return PowerName(id);
        }
        let id = u32::try_from(names.texts.len()).unwrap_or(u32::MAX);
        let text: &'static str = Box::leak(text.into());
        names.texts.push(text);
        names.ids.insert(text, id);
        PowerName(id)
    }

    pub fn as_str(self) -> &'static str {
        names().texts.get(self.0 as usize).copied().unwrap_or("?")
    }
}

impl fmt::Display for PowerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for PowerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for PowerName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for PowerName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PowerName, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Ok(PowerName::new(&text))
    }
}

/// What a card's power is, as far as the log says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PowerSpec {
    /// The log did not record the power (`100 ?`, `100 Tribbles`, or a bare `100`).
    Unrecorded,
    Single(Power),
    /// Two powers on one card (TCC 2.1, Advanced Rules: Compound Tribble Powers).
    Compound(Power, Power),
    /// A power from a later set whose rules are not known; the name is kept as written.
    Unrecognised(PowerName),
}

impl PowerSpec {
    /// True when the card carries this power, alone or as half of a compound.
    pub fn has(&self, power: Power) -> bool {
        match self {
            PowerSpec::Single(p) => *p == power,
            PowerSpec::Compound(a, b) => *a == power || *b == power,
            PowerSpec::Unrecorded | PowerSpec::Unrecognised(_) => false,
        }
    }

    /// Whether the power is known: a single power or a compound, not unrecorded and not one
    /// from a later set.
    pub fn is_known(&self) -> bool {
        matches!(self, PowerSpec::Single(_) | PowerSpec::Compound(..))
    }
}

impl PowerSpec {
    /// The text as a log writes it, in up to three pieces (`Clone`, ` & `, `Skip`; unused pieces
    /// are empty), for printers that write pieces rather than format.
    pub fn pieces(&self) -> [&'static str; 3] {
        match self {
            PowerSpec::Unrecorded => ["?", "", ""],
            PowerSpec::Single(p) => [p.name(), "", ""],
            PowerSpec::Compound(a, b) => [a.name(), " & ", b.name()],
            PowerSpec::Unrecognised(name) => [name.as_str(), "", ""],
        }
    }
}

impl fmt::Display for PowerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pieces().iter().try_for_each(|piece| f.write_str(piece))
    }
}

/// A card as the log records it: fully unknown (`?`), or a denomination with a power that may be
/// unrecorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Card {
    Unknown,
    Known { denomination: Denomination, power: PowerSpec },
}

impl Card {
    pub fn new(denomination: Denomination, power: Power) -> Card {
        Card::Known { denomination, power: PowerSpec::Single(power) }
    }

    pub fn denomination(&self) -> Option<Denomination> {
        match self {
            Card::Unknown => None,
            Card::Known { denomination, .. } => Some(*denomination),
        }
    }

    pub fn power(&self) -> Option<&PowerSpec> {
        match self {
            Card::Unknown => None,
            Card::Known { power, .. } => Some(power),
        }
    }

    /// Whether the log recorded the card's power (a known or unrecognised one, not `?`).
    pub fn power_recorded(&self) -> bool {
        self.power().is_some_and(|p| !matches!(p, PowerSpec::Unrecorded))
    }

    /// Whether the card has one of these powers, or may have (its power is not known).
    pub fn may_have(&self, powers: &[Power]) -> bool {
        self.power().is_none_or(|p| !p.is_known() || powers.iter().any(|h| p.has(*h)))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Unknown => f.write_str("?"),
            Card::Known { denomination, power } => {
                f.write_str(denomination.digits())?;
                f.write_str(" ")?;
                fmt::Display::fmt(power, f)
            }
        }
    }
}

/// Points on the score sheet. Always whole numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Points(pub u64);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_52_powers_with_distinct_names() {
        assert_eq!(Power::ALL.len(), 52);
        for p in Power::ALL {
            assert_eq!(Power::from_name(p.name()), Some(*p));
            assert_eq!(Power::from_name(&p.name().to_uppercase()), Some(*p));
            for a in p.aliases() {
                assert_eq!(Power::from_name(a), Some(*p));
            }
        }
    }

    /// The hashed look-up against a plain search of the spellings: every spelling, each with a
    /// byte changed, cut short, lengthened or given a zero byte, and every word of up to two
    /// letters.
    #[test]
    fn the_power_lookup_finds_exactly_the_spellings() {
        let search = |t: &[u8]| {
            Power::ALL.iter().copied().find(|p| {
                p.name().as_bytes().eq_ignore_ascii_case(t)
                    || p.aliases().iter().any(|a| a.as_bytes().eq_ignore_ascii_case(t))
            })
        };
        let mut words: Vec<Vec<u8>> = Vec::new();
        for p in Power::ALL {
            for s in std::iter::once(p.name()).chain(p.aliases().iter().copied()) {
                let s = s.as_bytes();
                words.push(s.to_vec());
                for i in 0..s.len() {
                    words.push(s[..i].to_vec());
                    for b in [b'a', b'e', b's', b'!', b'\'', b'\0', b' '] {
                        let mut w = s.to_vec();
                        w[i] = b;
                        words.push(w);
                    }
                }
                for tail in [&b"s"[..], b"\0", b"!", b"ssssssssssssssss"] {
                    words.push([s, tail].concat());
                }
            }
        }
        for a in b'a'..=b'z' {
            words.push(vec![a]);
            for b in b'a'..=b'z' {
                words.push(vec![a, b]);
            }
        }
        for w in &words {
            assert_eq!(Power::from_lower(&w.to_ascii_lowercase()), search(w), "{:?}", String::from_utf8_lossy(w));
            if let Ok(text) = std::str::from_utf8(w) {
                assert_eq!(Power::from_name(text), search(w), "{text:?}");
            }
        }
    }

    #[test]
    fn digits_read_back() {
        for d in Denomination::ALL {
            assert_eq!(Denomination::from_digits(d.digits().as_bytes()), Some(d));
        }
        assert_eq!(Denomination::from_digits(b"0100"), None);
    }

    #[test]
    fn the_chain_wraps_from_100000_to_1() {
        let mut d = Denomination::One;
        for _ in 0..6 {
            d = d.next();
        }
        assert_eq!(d, Denomination::One);
        assert_eq!(Denomination::HundredThousand.next(), Denomination::One);
    }

    #[test]
    fn a_denomination_is_written_as_its_value() {
        for d in Denomination::ALL {
            assert_eq!(d.digits(), d.value().to_string());
            assert_eq!(Denomination::from_value(d.digits().parse().unwrap_or(0)), Some(d));
        }
        let compound =
            Card::Known { denomination: Denomination::Ten, power: PowerSpec::Compound(Power::Clone, Power::Skip) };
        assert_eq!(compound.to_string(), "10 Clone & Skip");
        assert_eq!(Card::new(Denomination::HundredThousand, Power::TimeWarp).to_string(), "100000 Time Warp");
        assert_eq!(Card::Unknown.to_string(), "?");
    }

    #[test]
    fn an_unrecognised_name_is_kept_as_written() {
        let a = PowerName::new("Warp Core");
        assert_eq!(a, PowerName::new("Warp Core"));
        assert_ne!(a, PowerName::new("warp core"));
        assert_eq!(a.as_str(), "Warp Core");
        let card = Card::Known { denomination: Denomination::Ten, power: PowerSpec::Unrecognised(a) };
        assert_eq!(card.to_string(), "10 Warp Core");
        let json = serde_json::to_string(&card).unwrap_or_default();
        assert_eq!(json, r#"{"Known":{"denomination":"Ten","power":{"Unrecognised":"Warp Core"}}}"#);
        assert_eq!(serde_json::from_str::<Card>(&json).ok(), Some(card));
    }
}
