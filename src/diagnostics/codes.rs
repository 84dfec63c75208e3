//! The registry of diagnostic codes: one exhaustive `match` gives each code its stable id,
//! severity, one-line summary, the rule it rests on and the long explanation that
//! `tribbles explain` prints.

use crate::model::log::Severity;

macro_rules! codes {
    ($($variant:ident = $id:literal;)*) => {
        /// Every diagnostic the referee can report. Ids are stable: never renumber or reuse one.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $($variant,)*
        }

        impl Code {
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            pub const fn id(self) -> &'static str {
                match self {
                    $(Code::$variant => $id,)*
                }
            }
        }
    };
}

codes! {
    InvalidUtf8 = "S0001";
    SourceTooLarge = "S0002";
    UnknownLine = "S0101";
    BadNumber = "S0102";
    NotADenomination = "S0103";
    UnknownPower = "S0104";
    BadCard = "S0105";
    UnknownTag = "S0106";
    BadTagValue = "S0107";
    UnknownPlayer = "S0108";
    LatePlayers = "S0109";
    DuplicatePlayer = "S0110";
    BadStep = "S0111";
    BadChoice = "S0112";
    BadResolution = "S0113";
    StrayIndent = "S0114";
    BadExpect = "S0115";
    UnknownCode = "S0116";
    BadPosition = "S0117";
    UnclosedPosition = "S0118";
    UnsupportedVersion = "S0119";
    UnclosedQuote = "S0120";
    MisplacedLine = "S0121";
}

/// What `tribbles explain` prints for a code, besides its id and severity.
pub struct Explanation {
    pub summary: &'static str,
    /// The rule the diagnostic rests on, cited by section; syntax codes cite the format.
    pub rule: &'static str,
    /// What triggers it, a log that does, and the fix.
    pub text: &'static str,
}

impl Code {
    pub fn from_id(id: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.id().eq_ignore_ascii_case(id))
    }

    pub fn severity(self) -> Severity {
        match self {
            Code::UnknownPower | Code::UnknownTag => Severity::Warning,
            Code::InvalidUtf8
            | Code::SourceTooLarge
            | Code::UnknownLine
            | Code::BadNumber
            | Code::NotADenomination
            | Code::BadCard
            | Code::BadTagValue
            | Code::UnknownPlayer
            | Code::LatePlayers
            | Code::DuplicatePlayer
            | Code::BadStep
            | Code::BadChoice
            | Code::BadResolution
            | Code::StrayIndent
            | Code::BadExpect
            | Code::UnknownCode
            | Code::BadPosition
            | Code::UnclosedPosition
            | Code::UnsupportedVersion
            | Code::UnclosedQuote
            | Code::MisplacedLine => Severity::Error,
        }
    }

    pub fn rule(self) -> &'static str {
        self.explanation().rule
    }

    pub fn explanation(self) -> Explanation {
        let (summary, rule, text) = match self {
            Code::InvalidUtf8 => (
                "the file is not valid UTF-8",
                "FORMAT.md §2, Lexical rules",
                "A table log is UTF-8 text. The first byte that is not valid UTF-8 is marked; the rest of \
                 the file is still checked with each bad byte read as U+FFFD.\n\n\
                 Fix: save the file as UTF-8 (most editors offer it under \"Save with encoding\").",
            ),
            Code::SourceTooLarge => (
                "the file is too large to check",
                "FORMAT.md §2, Lexical rules",
                "Logs of up to 1 GiB are checked; a larger file is refused rather than half-read.\n\n\
                 Fix: split the file into one log per game.",
            ),
            Code::UnknownLine => (
                "the line is neither a keyword line nor a turn",
                "FORMAT.md §4-§12",
                "Every line of a log starts with a keyword (`round`, `hand`, `deck`, `expect`, a header tag \
                 such as `players:`) or is a turn: a player's name, a colon, and steps.\n\n\
                 Example:\n    round 1\n    Dan plays 1 Go        # a turn needs the colon\n\n\
                 Fix: write the turn as `Dan: 1 Go`.",
            ),
            Code::BadNumber => (
                "a number is malformed or too large",
                "FORMAT.md §2, Lexical rules",
                "Numbers are digits, optionally grouped by three with commas or underscores (`1,000`, \
                 `1_000`). A group of another length, or a number too large to be a score, is refused.\n\n\
                 Example:\n    points: Dan 1,00\n\nFix: write `points: Dan 100` or `points: Dan 1,000`.",
            ),
            Code::NotADenomination => (
                "a card's number is not one of 1, 10, 100, 1,000, 10,000, 100,000",
                "TCC 2.1, How to Play (the chain of denominations)",
                "Tribble cards come in six denominations. A number before a card that is not one of them is \
                 an error; if it was meant as a count of cards, write it with `x`.\n\n\
                 Example:\n    hand Dan: 7 ?\n\nFix: `hand Dan: 7x ?` (seven unknown cards).",
            ),
            Code::UnknownPower => (
                "the power name is not one of the 52 powers of TCC 2.1",
                "TCC 2.1, Tribble Powers",
                "A power the referee does not know is kept as an unrecognised power, so logs using later \
                 sets still check: the denomination rules apply, and what the power did is not verified. \
                 When the name is close to a known power, the help suggests it.\n\n\
                 Example:\n    Rogue: 100 Poisen use @Matt\n\nFix: `Rogue: 100 Poison use @Matt`.",
            ),
            Code::BadCard => (
                "a card is malformed",
                "FORMAT.md §3, Cards",
                "A card is a denomination and a power (`1,000 Discard`, `10 Recycle & Freeze`), a \
                 denomination alone (`100`, `100 ?`), or `?`. A count comes first with an `x`: `3x ?`, \
                 `9x 1 Go`.\n\n\
                 Example:\n    hand Dan: Go 1\n\nFix: `hand Dan: 1 Go`.",
            ),
            Code::UnknownTag => (
                "the header tag is not defined by the format",
                "FORMAT.md §4, Header",
                "The header knows `tribbles-log`, `event`, `date`, `site`, `table`, `note`, `ruleset`, \
                 `troubles`, `rounds`, `players` and `scorekeeper`. Another tag is kept (and printed by \
                 `fmt`) but means nothing to the referee.\n\n\
                 Example:\n    venue: Springfield\n\nFix: use `site: Springfield`, or ignore the warning.",
            ),
            Code::BadTagValue => (
                "a header value is not one the format allows",
                "FORMAT.md §4, Header",
                "`ruleset` is `tcc-2.1` or `decipher-2000`; `troubles` is `on` or `off`; `rounds` is a \
                 positive number; `players` is a comma-separated list of at least one name (at most 32).\n\n\
                 Example:\n    ruleset: tcc 2.1\n\nFix: `ruleset: tcc-2.1`.",
            ),
            Code::UnknownPlayer => (
                "the name is not one of the declared players",
                "FORMAT.md §2, Lexical rules",
                "Every player named in a log must be declared by `players:` (or a position block). Names are \
                 case-sensitive; a name that differs only in case, or is one letter off, gets a \
                 \"did you mean\".\n\n\
                 Example:\n    players: Dan, Rogue\n    round 1\n    dan: 1 Go\n\nFix: `Dan: 1 Go`.",
            ),
            Code::LatePlayers => (
                "`players:` comes after lines that name players",
                "FORMAT.md §4, Header",
                "The seating must be declared before any line names a player. (A fragment with no `players:` \
                 line at all is read with the names in the order they appear, for rules examples and \
                 disputes.)\n\n\
                 Example:\n    deck Dan: 40x ?\n    players: Dan, Rogue\n\nFix: move `players:` above the \
                 decklists.",
            ),
            Code::DuplicatePlayer => (
                "a player is declared twice",
                "FORMAT.md §4, Header",
                "Each seat holds one player; a name may appear once in `players:` and once in `reseat`. A \
                 second `players:` line with other names is refused too.\n\n\
                 Example:\n    players: Dan, Rogue, Dan\n\nFix: give each player a distinct name.",
            ),
            Code::BadStep => (
                "a step of a turn is malformed",
                "FORMAT.md §7, Turns",
                "A turn's steps are separated by `;`. A step is a card (optionally with `use` and \
                 choices), `draw [CARD]`, `pass [on N]`, `action draw N`, `action lose N`, `place CARD`, \
                 `activate CHOICES`, `replay CARD [use CHOICES]` or `skipped`.\n\n\
                 Example:\n    Matt: drew 1000 Go\n\nFix: `Matt: draw 1000 Go`.",
            ),
            Code::BadChoice => (
                "a choice after `use` is malformed",
                "FORMAT.md §7, Turns (choices)",
                "Choices are `@Name`, `name POWER`, cards, `take CARD`, `top CARDS bottom CARDS`, \
                 `of Name`, or a bare power name to use only one half of a compound.\n\n\
                 Example:\n    Rogue: 100 Poison use Matt\n\nFix: `Rogue: 100 Poison use @Matt`.",
            ),
            Code::BadResolution => (
                "an indented line is not a resolution line",
                "FORMAT.md §8, Resolution lines",
                "Lines indented under a turn say what happened, as a subject and a verb: `Matt draws 2`, \
                 `Matt discards 1000 Go from deck`, `Dan puts 100 Go under pile`, `Dan scores 1000`, \
                 `direction reverses`, `then STEP`, ….\n\n\
                 Example:\n    Dan: 100 Poison use @Matt\n      Matt loses his top card\n\n\
                 Fix: `  Matt discards ? from deck`.",
            ),
            Code::StrayIndent => (
                "an indented line has nothing above it to belong to",
                "FORMAT.md §2 and §8",
                "Indentation says that a line belongs to the line above: resolution lines to a turn, \
                 continuation lines to a `deck` line, block lines to `position`. An indented line after \
                 anything else is refused.\n\n\
                 Example:\n    round 1\n      Dan scores 10\n\nFix: remove the indentation or move the line \
                 under its turn.",
            ),
            Code::BadExpect => (
                "an `expect` line is malformed",
                "FORMAT.md §12, Expectations",
                "`expect` takes `next: P`, `chain: N`, an event (`Dan scores 40000`), `points:`/`totals:` \
                 lists, `winner: P`, `hand P: N`, `error|warning|note [CODE]` or `clean`.\n\n\
                 Example:\n    expect Dan to score 40000\n\nFix: `expect Dan scores 40000`.",
            ),
            Code::UnknownCode => (
                "`expect` names a diagnostic code that does not exist",
                "FORMAT.md §12, Expectations",
                "The code after `expect error` must be one `tribbles explain --list` shows.\n\n\
                 Example:\n    expect error X9999\n\nFix: look the code up with `tribbles explain --list`.",
            ),
            Code::BadPosition => (
                "a line of a `position` block is malformed",
                "FORMAT.md §10, Positions",
                "A position block holds `ruleset:`, `players:`, `round N`, `direction:`, `chain:`, `turn:`, \
                 `trouble:`, `frozen: POWER until P`, `pot:` and zone lines `P hand|deck|pile|discard: \
                 CARDS` and `P score: N`, and ends with `end`.\n\n\
                 Example:\n    position\n      chain: 100 broke\n    end\n\nFix: `chain: 100 broken`.",
            ),
            Code::UnclosedPosition => (
                "a `position` block has no `end`",
                "FORMAT.md §10, Positions",
                "A position block runs from `position` to a line `end`. Without `end` the turns after it \
                 would be read as part of the block.\n\n\
                 Example:\n    position\n      players: Dan, Rogue\n    Rogue: 1 Go\n\nFix: add `end` \
                 before the first turn.",
            ),
            Code::UnsupportedVersion => (
                "the log declares a format version this referee does not read",
                "FORMAT.md §4, Header",
                "This referee reads format 1 (`tribbles-log 1`).\n\n\
                 Example:\n    tribbles-log 2\n\nFix: check the log with a referee that knows that version, \
                 or write `tribbles-log 1` if the log is in format 1.",
            ),
            Code::UnclosedQuote => (
                "a quoted player name has no closing quote",
                "FORMAT.md §2, Lexical rules",
                "A name with spaces or a keyword's spelling is written in double quotes, which must close on \
                 the same line.\n\n\
                 Example:\n    players: \"Mary Ann, Dan\n\nFix: `players: \"Mary Ann\", Dan`.",
            ),
            Code::MisplacedLine => (
                "the line is in the wrong part of the log",
                "FORMAT.md §4-§9",
                "Header tags and decklists come before the first `round`; `first:`, `hand`, `mulligan` and \
                 `trouble:` belong to a round's preamble; `end` closes a `position` block.\n\n\
                 Example:\n    round 1\n    ruleset: decipher-2000\n\nFix: move the line into the header.",
            ),
        };
        Explanation { summary, rule, text }
    }
}
