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
    RepeatedLine = "S0122";
    InvisibleInName = "S0123";
    PlayerCount = "R0101";
    DeckTooSmall = "R0102";
    HandTooLarge = "R0103";
    NoSeating = "R0104";
    InconsistentPosition = "R0105";
    RulesSkipped = "R0106";
    EmptyLog = "R0107";
    RulesetLeftOut = "R0108";
    PlayerMisspelt = "R0109";
    PlayerLeftOut = "R0110";
    NameMisspelt = "R0111";
    WrongFirst = "R0201";
    FirstTie = "R0202";
    OutOfTurn = "R0301";
    NotInRound = "R0302";
    RoundOver = "R0303";
    OutOfSequence = "R0304";
    SecondPlay = "R0305";
    NotTheDrawnCard = "R0306";
    NoPlayNoDraw = "R0307";
    NotInHand = "R0308";
    DrawFromEmptyDeck = "R0309";
    NotDecked = "R0310";
    WrongPassNumber = "R0311";
    NotOut = "R0312";
    PassivePowerUsed = "R0313";
    TroublesOff = "R0314";
    ActionNotFirst = "R0315";
    NotSkipped = "R0316";
    BadChoices = "R0317";
    CloneHalves = "R0318";
    FrozenPower = "R0319";
    PoisonTarget = "R0320";
    NotInDiscard = "R0321";
    BadReplay = "R0322";
    BadStampedePlay = "R0323";
    PowerNeedsCards = "R0324";
    NotDeckTop = "R0325";
    NotInPile = "R0326";
    TroubleForbids = "R0327";
    WrongAction = "R0328";
    ActionUnaffordable = "R0329";
    NotInDecklist = "R0401";
    PointsMismatch = "R0501";
    TotalsMismatch = "R0502";
    WinnerMismatch = "R0503";
    RoundWithoutGoOut = "R0504";
    WrongRoundNumber = "R0505";
    Misresolved = "R0601";
    PowerUnverified = "R0701";
    TurnOrderUnverified = "R0702";
    DeckedAtDeal = "R0705";
    TroubleUnknown = "R0706";
    DeckedUnseen = "R0707";
    ReplicateUnnamed = "R0708";
    PlayUnverified = "R0703";
    ScoringUnverified = "R0704";
    ExpectationFailed = "R0801";
    ExpectedDiagnosticMissing = "R0802";
    ExpectationUnverified = "R0803";
    LogEnds = "R0901";
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
            Code::UnknownPower | Code::UnknownTag | Code::PlayerCount | Code::EmptyLog | Code::InvisibleInName => {
                Severity::Warning
            }
            Code::NoSeating
            | Code::RulesSkipped
            | Code::FirstTie
            | Code::PowerUnverified
            | Code::TurnOrderUnverified
            | Code::PlayUnverified
            | Code::ScoringUnverified
            | Code::ExpectationUnverified
            | Code::DeckedAtDeal
            | Code::DeckedUnseen
            | Code::ReplicateUnnamed
            | Code::TroubleUnknown
            | Code::LogEnds => Severity::Note,
            Code::DeckTooSmall
            | Code::RulesetLeftOut
            | Code::PlayerMisspelt
            | Code::PlayerLeftOut
            | Code::NameMisspelt
            | Code::HandTooLarge
            | Code::InconsistentPosition
            | Code::WrongFirst
            | Code::OutOfTurn
            | Code::NotInRound
            | Code::RoundOver
            | Code::OutOfSequence
            | Code::SecondPlay
            | Code::NotTheDrawnCard
            | Code::NoPlayNoDraw
            | Code::NotInHand
            | Code::DrawFromEmptyDeck
            | Code::NotDecked
            | Code::WrongPassNumber
            | Code::NotOut
            | Code::PassivePowerUsed
            | Code::TroublesOff
            | Code::ActionNotFirst
            | Code::NotSkipped
            | Code::BadChoices
            | Code::CloneHalves
            | Code::FrozenPower
            | Code::PoisonTarget
            | Code::NotInDiscard
            | Code::BadReplay
            | Code::BadStampedePlay
            | Code::PowerNeedsCards
            | Code::NotDeckTop
            | Code::NotInPile
            | Code::TroubleForbids
            | Code::WrongAction
            | Code::ActionUnaffordable
            | Code::NotInDecklist
            | Code::PointsMismatch
            | Code::TotalsMismatch
            | Code::WinnerMismatch
            | Code::RoundWithoutGoOut
            | Code::WrongRoundNumber
            | Code::Misresolved
            | Code::ExpectationFailed
            | Code::ExpectedDiagnosticMissing => Severity::Error,
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
            | Code::MisplacedLine
            | Code::RepeatedLine => Severity::Error,
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
                 `1_000`). A group of another length, a number too large to be a score, or a count of more than \
                 1,000 cards (docs/rulings.md, F9) is refused.\n\n\
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
                "a player is declared or named twice",
                "FORMAT.md §4, Header",
                "Each seat holds one player; a name may appear once in `players:` and once in `reseat`. A \
                 second `players:` line with other names is refused too, and so is a `points:` or `totals:` \
                 line that gives one player's figure twice.\n\n\
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
                 anything else is refused. Resolution lines with no turn above them (most often a round's \
                 first turn line left out, so that they follow its `hand` lines) are reported once for \
                 the run.\n\n\
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
                 `trouble:` belong to a round's preamble; `end` closes a `position` block. A round's \
                 preamble or turn after a round has ended, with no `round` line before it, is reported \
                 once as that line left out, and read as the next round's; where the round's `round` line \
                 follows such preamble lines, it is read as the start of the round begun above it, the \
                 first of them the one report; and a round's `points:` or `totals:` line written above \
                 its last turns, while nobody is known to have gone out, is read below them, where the \
                 round ends; and a round's scoring lines written right below the next `round` line, the \
                 round having none yet, are read as its score, the `round` line the one report (ruling \
                 R4).\n\n\
                 Example:\n    round 1\n    ruleset: decipher-2000\n\nFix: move the line into the header.",
            ),
            Code::InvisibleInName => (
                "a player's name holds a character drawn as nothing",
                "FORMAT.md §2, Lexical rules; ruling F18",
                "A name in `players:` holds a soft hyphen, a zero-width space, a word joiner, an invisible \
                 operator or a zero-width no-break space (U+00AD, U+200B, U+2060 to U+2064, U+FEFF). Such a \
                 name looks like the name without it but is another name: a turn written with the plain \
                 name is then no turn of this player's. Names copied from a web page or a chat often bring \
                 one along. Reports show the character as `\u{fffd}`; the name is kept as declared.\n\n\
                 Example:\n    players: \"Ann\u{fffd}\", Bob, Cyd, Dee   (a zero-width space after Ann)\n\n\
                 Fix: type the name again, without the character.",
            ),
            Code::RepeatedLine => (
                "a line that is given once is given again, differently",
                "FORMAT.md §4-§6; ruling F14",
                "The header's `ruleset:`, `rounds:` and `troubles:`, a player's decklist, and a round's \
                 `first:`, `trouble:` and each player's `hand` line are given once. Given again with something else, \
                 the first one holds and the later one is reported, rather than one of the two being \
                 dropped without a word. (`players:` given again is S0110.) A `round` line written again \
                 under itself, nothing of its round between, is reported too, even the same: read as a \
                 new round it would end one nobody played; the round goes on from the first (ruling \
                 R4). A player's `hand` line given twice where another player's is not given, one of the two \
                 fitting the other player's decklist and the other the named player's, is read as the \
                 other player's hand, and reported at that line (ruling R4).\n\n\
                 Example:\n    round 2\n    first: Dan\n    first: Rogue\n\nFix: keep the line that is right.",
            ),
            Code::PlayerCount => (
                "the table has more or fewer players than the ruleset plays with",
                "TCC 2.1, Number of Players; Decipher 2000, Setup",
                "TCC 2.1 is a game for four to eight players; the Decipher boxed set for two to eight. Another \
                 number is checked all the same, with this warning.\n\n\
                 Example:\n    players: Dan, Rogue, Matt\n\nFix: nothing, if the table agreed to it; split larger \
                 groups into pods.",
            ),
            Code::DeckTooSmall => (
                "a decklist is below the ruleset's minimum",
                "TCC 2.1, Customizing Your Deck",
                "Under TCC 2.1 a deck has at least 35 cards (the Decipher 2000 preconstructed decks of 26-30 \
                 cards are legal under `ruleset: decipher-2000`).\n\n\
                 Example:\n    deck Dan: 30x ?\n\nFix: correct the decklist, or set the ruleset the table used.",
            ),
            Code::RulesetLeftOut => (
                "the game follows a ruleset the header does not give",
                "FORMAT.md §4, Header",
                "A header without `ruleset:` is read as TCC 2.1. Where such a game draws two errors or more \
                 and, read as a Decipher 2000 game, draws fewer (this report counted), the line seems left \
                 out: it is reported once, at the `players:` line, and the game is judged under Decipher \
                 2000 (ruling R4).\n\n\
                 Example:\n    players: Dan, Rogue, Matt, Johnny\n    deck Dan: 9x 1 Go, …   # 27 cards\n    \
                 deck Rogue: …                # 28 cards\n\nFix: add `ruleset: decipher-2000`.",
            ),
            Code::PlayerMisspelt => (
                "the `players:` line misspells a name the log uses throughout",
                "FORMAT.md §2, Lexical rules",
                "Every name the log uses must be declared by `players:`. Where the log names a player the \
                 line does not declare twice or more, one letter, a case or two swapped letters off a declared \
                 name, and the log read with the line spelling it so names nobody undeclared and has fewer \
                 errors, the line misspelt it: the name is reported once, at the line, and the log read with \
                 it (ruling R4).\n\n\
                 Example:\n    players: Dan, Rgoue, Matt\n    round 1\n    Dan: 1 Go\n    Rogue: 10 Go\n\n\
                 Fix: `players: Dan, Rogue, Matt`.",
            ),
            Code::PlayerLeftOut => (
                "the `players:` line leaves out a player the log names throughout",
                "FORMAT.md §4, Header",
                "Every name the log uses must be declared by `players:`, in the seating. Where the log names \
                 one player the line does not declare twice or more, a name that is no slip of a declared \
                 one, who takes a turn, and the log read with the line declaring the player has fewer errors and names nobody \
                 undeclared, the line left the player out: it is reported once, and the player is seated \
                 where the turns show (last, unless there the turns go out of turn and one other seat alone \
                 puts every turn in order), the help naming the seat (ruling R4).\n\n\
                 Example:\n    players: Dan, Matt\n    round 1\n    Dan: 1 Go\n    Rogue: 10 Go\n    Matt: 100 Go\n    \
                 Dan: 1000 Go\n    Rogue: 10000 Go\n\n\
                 Fix: `players: Dan, Rogue, Matt`.",
            ),
            Code::NameMisspelt => (
                "a line misspells a declared player's name",
                "FORMAT.md §2, Lexical rules",
                "Names are case-sensitive, and every name a line uses must be declared by `players:`. \
                 Where a name the line does not declare is named on one or two lines and misspells one \
                 declared name alone (its case, two letters swapped, or one letter off), and neither \
                 reading of the `players:` line (R0109, R0110) takes it, the name is read as that player's \
                 where it stands: each place is reported, and the rules are checked with the lines read \
                 so (ruling R4). A name no declared one is so close to stays a syntax error (S0108).\n\n\
                 Example:\n    players: Dan, Rogue, Matt\n    Dan: 1 Go\n    rogue: 10 Go\n\n\
                 Fix: `Rogue: 10 Go`.",
            ),
            Code::HandTooLarge => (
                "a `hand` line lists more cards than the player was dealt",
                "TCC 2.1, Setup",
                "Each player draws a hand of seven cards at the start of a round (fewer after Time Warp; \
                 none for a player sitting the round out under TCC 2.1). A `hand` line may list fewer (the \
                 rest are unknown), never more. A line one card over, a card of which it lists one copy \
                 more than the decklist holds (or, where the list does not show it, its one repeated \
                 card), is read without that card's last copy, written twice (ruling R4).\n\n\
                 Example:\n    hand Dan: 8x ?\n\nFix: list the cards actually dealt.",
            ),
            Code::NoSeating => (
                "the log declares no players, so only its syntax is checked",
                "FORMAT.md §4, Header",
                "A fragment without `players:` has no seating, so the referee cannot follow turns or score. \
                 Its syntax is still checked.\n\n\
                 Example:\n    Dan: 1 Go\n    Rogue: 10 Go\n\nFix: add `players:` (and `round 1`) to check the \
                 rules.",
            ),
            Code::EmptyLog => (
                "the log records nothing of a game",
                "FORMAT.md §4, Header",
                "The log holds no `players:` line, position, decklist, hand, round or turn: nothing but \
                 comments, the version line and text tags, so the referee has nothing to check. Most often \
                 the file was saved empty or cut short.\n\n\
                 Example:\n    tribbles-log 1\n    event: Club night\n\nFix: check that the file holds the \
                 whole log.",
            ),
            Code::RulesSkipped => (
                "the rules are not checked until the syntax errors are fixed",
                "FORMAT.md §1, Principles",
                "A line with a syntax error is not understood, so replaying the rest would judge turns out of \
                 their context and accuse the table falsely. Fix the syntax errors and check again.\n\n\
                 Fix: correct the lines marked with S codes.",
            ),
            Code::InconsistentPosition => (
                "a position block is inconsistent",
                "FORMAT.md §10, Positions",
                "A position block sets the state a disputed turn starts from. Every inconsistency is reported \
                 together: a `turn:` player who is not seated, a chain in a round that has not started, a \
                 zone or a line such as `chain:` or `turn:` given twice, more cards than a decklist allows, \
                 another player's card in a hand, deck \
                 or discard pile (such a card lies only on a play pile or in the pot), a hand or the turn \
                 given to a player who is decked or sits the round out, a player sitting out round 1 or \
                 under Decipher 2000, a Score waiting on a player decked or sitting out.\n\n\
                 Example:\n    position\n      players: Dan, Rogue\n      Dan hand: 1 Go\n      Dan hand: 10 Go\n    end\n\n\
                 Fix: give each zone once and keep the block consistent.",
            ),
            Code::WrongFirst => (
                "the wrong player takes the first turn of a round",
                "TCC 2.1, Ending the Round",
                "The player who went out takes the first turn of the next round; if several went out, the one \
                 who scored fewest this round. Under Decipher 2000 only one player goes out. A `first:` line \
                 that names another player than the one whose turn comes first, where the rules allow that \
                 player to start and the round follows from there, is reported here once, and the round goes \
                 on from the turn (ruling R4).\n\n\
                 Example:\n    points: Dan 11111, Matt 100000\n    round 2\n    first: Matt\n\n\
                 Fix: Dan scored fewer, so `first: Dan`.",
            ),
            Code::FirstTie => (
                "several players could take the first turn; the table's choice is accepted",
                "TCC 2.1, Ending the Round",
                "When several players went out with the same, lowest score, the rules do not say which of them \
                 starts; the referee accepts any of them.\n\nFix: nothing.",
            ),
            Code::OutOfTurn => (
                "a turn is taken by the wrong player",
                "TCC 2.1, How to Play (turn order)",
                "Play goes clockwise (counter-clockwise after a Reverse), passing over players who are decked, \
                 out or sitting out. The label names whose turn it was; the referee then follows the table. \
                 Where one slip of the pen explains the turn and more that follows it (ruling R4), the help \
                 says which: a turn line left out above (in a log with the hands hidden, a turn the hand \
                 may have taken), two turn lines in the wrong order, the name miswritten (a skipped turn \
                 written down under the name of another player than the one the Skip passed over too), or a \
                 `reseat` line left out after a round whose end let a BaH! reseat the table (the round is \
                 then read with \
                 a seating that keeps the neighbours its plain turns show, the one that follows best); a \
                 card before it written with the wrong power (a Go for a Skip) is reported at that card \
                 instead. Where the turns keep following another seating \
                 (two neighbours swapped, or the table the other way round), the `players:` line is the one \
                 report and the game is read with that seating.\n\n\
                 Example:\n    players: Dan, Rogue, Matt\n    round 1\n    first: Dan\n    Dan: 1 Go\n    Matt: 10 Go\n\n\
                 Fix: it was Rogue's turn.",
            ),
            Code::NotInRound => (
                "a player who is out of the round takes a turn",
                "TCC 2.1, Advanced Rules: \"Decked\"",
                "A decked player cannot continue in the round, and a player sitting out a round takes no \
                 turns in it. The turn is not applied.\n\n\
                 Example:\n    Matt: draw\n      Matt is decked\n    …\n    Matt: 100 Go\n\n\
                 Fix: remove the turn, or correct the line that decked the player.",
            ),
            Code::RoundOver => (
                "a turn follows the end of the round: a player had gone out",
                "TCC 2.1, Ending the Round",
                "A round ends as soon as, at the end of a turn, a player has no cards in hand. A turn logged \
                 after that means the table missed the go-out, or, where the player's last card was one \
                 nobody saw, that the log's count of the hand was short (a draw left out): then the \
                 player is taken to be back in at once, and the table is followed (ruling R4).\n\n\
                 Example:\n    Dan: 1000 Go          # Dan's last card\n    Rogue: 10000 Go\n\n\
                 Fix: end the round after Dan's turn and score it.",
            ),
            Code::OutOfSequence => (
                "a card is played out of sequence",
                "TCC 2.1, How to Play (the chain)",
                "Each card must be the next number in the chain: 1, 10, 100, 1,000, 10,000, 100,000, then 1 \
                 again. After a player fails to play (the chain is broken) the next player may also restart \
                 with a 1; a new round starts at 1. Powers such as Clone, Advance and Dabo allow other plays; \
                 where such a power could explain the play the referee adds a note instead.\n\n\
                 Example:\n    Dan: 1 Go\n    Rogue: 100 Go\n\nFix: Rogue needed a 10 (or had to draw).",
            ),
            Code::SecondPlay => (
                "a turn plays or draws more than once",
                "TCC 2.1, How to Play",
                "A turn is one card played from hand, or one card drawn and then either played or kept. More \
                 plays in a turn need a power such as Go. A card whose power's name misspells the card a \
                 power allows (`100 Rescue use 1000 Skip; 1000 Ski`) is reported once and read as that card \
                 (ruling R4).\n\n\
                 Example:\n    Dan: 1 Go; 10 Go\n\nFix: `Dan: 1 Go use` then `Dan: 10 Go` as Go's extra turn.",
            ),
            Code::NotTheDrawnCard => (
                "after drawing, a different card is played",
                "TCC 2.1, How to Play",
                "A player who draws may play only the card drawn (if it is the right number), never another \
                 card from hand. Where only one of the two cards could have been drawn and played, or only \
                 the played card's power could have been used with the play's choices, the other is read \
                 as it, miswritten (ruling R4), and reported once; so is a played card whose power's name \
                 misspells the drawn card's (`draw 10 Skip; 10 Ski`).\n\n\
                 Example:\n    Dan: draw 1000 Go; 10 Go\n\nFix: Dan could only play the 1000 Go, or pass.",
            ),
            Code::NoPlayNoDraw => (
                "a turn neither plays nor draws",
                "TCC 2.1, How to Play",
                "A player without a card to play must draw; a pass comes after the draw.\n\n\
                 Example:\n    Matt: pass\n\nFix: `Matt: draw` (the pass is implied).",
            ),
            Code::NotInHand => (
                "the card cannot be in the player's hand",
                "FORMAT.md §11, Hidden information",
                "Every way of filling in the unknown cards leaves the hand without this card: the hand is \
                 known card by card, and this card is not among them. So too for another player's card in \
                 a `hand` line: a player is dealt from the own deck only. Where a card one word off (its \
                 number, or its power) may be in the hand and makes the turn and the next ones happen, the \
                 label names it and the game goes on from it; where several powers of the number do alike, \
                 the card is read with its number alone (ruling R4). Where the player could mulligan (a Roll) \
                 and no `mulligan` line was written, the round is read with one; where its turns then follow, \
                 the help gives the line that seems left out. Where the round's preamble has the player's \
                 `hand` line and others, the round is read with two of them in each other's places; where \
                 its turns then follow, the earlier of the two is the one report (this code, or R0401 where \
                 a decklist showed it).\n\n\
                 Example:\n    hand Dan: 1 Go, 10 Go, 100 Go, 1000 Go, 10000 Go, 100000 Go, 1 Skip\n    Dan: 1 Poison\n\n\
                 Fix: correct the card played or the hand line.",
            ),
            Code::DrawFromEmptyDeck => (
                "a card is drawn from an empty deck",
                "TCC 2.1, Advanced Rules: \"Decked\"",
                "A player who must draw from an empty deck is decked: the hand is discarded and the player is \
                 out for the round. The deck's size is known from a decklist or a size line. Where a deck of \
                 unseen cards runs out a card early by its `deck` line's count, the table plays on, and the \
                 game read with one card more draws fewer reports, that line is reported once instead \
                 (ruling R4).\n\n\
                 Example:\n    deck Dan: 35x ?\n    …\n    Dan: draw 1 Go     # the 36th card\n\n\
                 Fix: `Dan: draw` with `  Dan is decked` under it.",
            ),
            Code::NotDecked => (
                "a player is said to be decked whose deck still has cards",
                "TCC 2.1, Advanced Rules: \"Decked\"",
                "Only a draw from an empty deck decks a player. Where the turns after pass over the player, as \
                 they would a decked one, the table is followed (ruling R4): the cards left are taken as \
                 drawn in turns whose draws the log leaves out, and the player as decked there.\n\n\
                 Example:\n    deck Dan: 40x ?\n    …\n    Dan: draw\n      Dan is decked\n\n\
                 Fix: remove the line, or correct the deck size.",
            ),
            Code::WrongPassNumber => (
                "`pass on N` names another number than the last one played",
                "Decipher 2000, How to Play",
                "In the Decipher wording a player who draws and cannot play says \"pass\" and the last number \
                 played.\n\n\
                 Example:\n    Dan: 100 Go\n    Rogue: draw; pass on 1000\n\nFix: `pass on 100`.",
            ),
            Code::NotOut => (
                "a player is said to go out who still holds cards",
                "TCC 2.1, Ending the Round",
                "A player goes out by ending a turn with no cards in hand.\n\n\
                 Example:\n    Dan: 1 Go\n      Dan goes out     # Dan still holds six cards\n\n\
                 Fix: remove the line, or correct the hand.",
            ),
            Code::PassivePowerUsed => (
                "a passive power is used",
                "TCC 2.1, Tribble Powers",
                "Passive powers (Bonus, Dabo, Fizzbin, Fold, IDIC, Quadruple, Replicate, Roll, Safety, Tally, \
                 Time Warp, BaH!) act by themselves and are never activated.\n\n\
                 Example:\n    Dan: 10 Bonus use\n\nFix: `Dan: 10 Bonus`.",
            ),
            Code::TroublesOff => (
                "a trouble action in a game without troubles",
                "TCC 2.1, Troubles",
                "`action draw N` and `action lose N` shift the trouble; they exist only with `troubles: on`. \
                 Where a header without a `troubles:` line draws two errors or more and the game, read with \
                 troubles on, draws fewer (this report counted), the line seems left out: it is reported once, \
                 at the log's first trouble, and the game is judged with troubles (ruling R4).\n\n\
                 Example:\n    Dan: action draw 2; 1 Go\n\nFix: set `troubles: on` in the header if the table \
                 played with troubles.",
            ),
            Code::ActionNotFirst => (
                "a trouble action after a play",
                "TCC 2.1, Troubles - Shifting",
                "An action comes at the start of a turn, before any tribble is played, at most once.\n\n\
                 Example:\n    Dan: 1 Go; action draw 2\n\nFix: `Dan: action draw 2; 1 Go`.",
            ),
            Code::NotSkipped => (
                "a turn is logged as skipped, but nobody skipped the player",
                "TCC 2.1, Tribble Powers: SKIP",
                "`skipped` records that a Skip took the player's turn; without one, the player had a turn. \
                 Where the turn above played a Skip without `use`, the report points at it: `use` may have \
                 been left out (where that reading explains more, the slip is reported at the Skip \
                 instead, R0601). Where the player's own turn is the next line and comes when the turn \
                 order calls for it, the `skipped` line is read as written in error, the one report \
                 (ruling R4).\n\n\
                 Example:\n    Dan: 1 Go\n    Rogue: skipped\n\nFix: log what Rogue did.",
            ),
            Code::BadChoices => (
                "a power is used with choices it does not take, or without one it needs",
                "FORMAT.md §7, Turns (choices); TCC 2.1, Tribble Powers",
                "Each power takes certain choices: Poison, Kill, Draw and others name a player (`@Matt`), \
                 Freeze and Rival name a power, Discard, Cycle and Rescue name cards, Copy names whose \
                 tribble it copies (`of Matt`). A choice the power does not take, or a missing one it \
                 needs, is an error; the help shows the syntax, and the report cites the rule of the \
                 power used. A compound uses both halves' choices, or only the half named after `use`. A \
                 Sabotage written with a second `@Name` whose lines follow the discarded card activated at \
                 it is read with `; activate` before that name, the one report (ruling R4). A Copy of a top card \
                 that cannot be copied, or of an empty pile, whose lines (or the turns after it) are what \
                 copying another player's top card makes happen is read as copying that one, this the one \
                 report too.\n\n\
                 Example:\n    Rogue: 100 Poison use\n\nFix: `Rogue: 100 Poison use @Matt`.",
            ),
            Code::CloneHalves => (
                "a compound played as a clone does not use both halves",
                "TCC 2.1, Advanced Rules: Compound Tribble Powers",
                "A compound with Clone may be played in sequence and use its other half alone, but played as \
                 a clone (the same number as the last card) it must use both halves.\n\n\
                 Example:\n    Dan: 100 Clone & Skip use Skip\n    Rogue: 100 Clone & Skip\n\n\
                 Fix: `Rogue: 100 Clone & Skip use`.",
            ),
            Code::FrozenPower => (
                "a card whose power is frozen is played",
                "TCC 2.1, Tribble Powers: FREEZE",
                "After a Freeze names a power, nobody may play a card with that power until the end of the \
                 freezer's next turn in the round, whether the power would be used or not. A compound is a \
                 power of its own: freezing Skip leaves Clone & Skip playable.\n\n\
                 Example:\n    Dan: 1000 Freeze use name Poison\n    Rogue: 10000 Poison\n\n\
                 Fix: Rogue must play another card or draw.",
            ),
            Code::PoisonTarget => (
                "a power chooses a player it cannot",
                "TCC 2.1, Tribble Powers: POISON",
                "Poison chooses an opponent who still has cards in the draw deck; Battle, Copy, Utilize and \
                 the other powers that choose an opponent choose another player, whom a Fold on top of the \
                 pile shields. The report cites the rule of the power used. A Copy of its own player's top card \
                 whose lines (or the turns after it) are what copying one other player's makes happen is \
                 read so, this the one report (ruling R4).\n\n\
                 Example:\n    Dan: 100 Poison use @Dan\n\nFix: name an opponent with a deck: `use @Matt`.",
            ),
            Code::NotInDiscard => (
                "the card cannot be in the player's discard pile",
                "TCC 2.1, Tribble Powers: RESCUE",
                "Rescue recovers a card from the player's own discard pile (and Exchange and Rival take \
                 from discard piles); every way of filling in the unknown cards leaves the pile without \
                 this one. The report cites the rule of the power used. A card one word off a card the \
                 pile holds (its number, or its power's name misspelt) is read as that card.\n\n\
                 Example:\n    Dan: 100 Rescue use 1 Go     # Dan's discard pile is empty\n\nFix: name a card \
                 from the discard pile.",
            ),
            Code::BadReplay => (
                "a Replay does not replay what it must",
                "TCC 2.1, Tribble Powers: REPLAY",
                "A Replay plays again a card of the next number from its player's play pile, and must when \
                 the pile holds one; a replayed card must be in the pile and be the next number. A card \
                 whose power's name is misspelt (`replay 100 Ski`), or whose number is not the next one \
                 (`replay 100 Go` where a 10 Go is due and in the pile), is reported once and read as the \
                 card the pile holds.\n\n\
                 Example:\n    Dan: 1 Replay use; replay 100 Go\n\nFix: replay a 10 from the pile, or none if \
                 the pile holds no 10.",
            ),
            Code::BadStampedePlay => (
                "a stampede play that the rules do not allow",
                "TCC 2.1, Tribble Powers: STAMPEDE",
                "During a Stampede each other player may put one card of the next number onto their pile. \
                 A play by the Stampede's own player, a second play by one player, a card of another \
                 number, or a card the hand cannot hold is refused. A card whose power's name is misspelt \
                 (`1000 Bonu`) is reported once and read as the card meant where the hand may hold it.\n\n\
                 Example:\n    Rogue: 100 Stampede use\n      Dan plays 10000 Go\n\nFix: Dan could only \
                 play a 1,000.",
            ),
            Code::PowerNeedsCards => (
                "a power is used without the cards in hand it needs",
                "TCC 2.1, Tribble Powers: AVALANCHE, PARTY",
                "Avalanche may be used only while its player holds at least four other cards, Party at least \
                 two. The hand's size is always known.\n\n\
                 Example:\n    Dan: 10 Avalanche use     # Dan holds two other cards\n\nFix: play the card \
                 without `use`.",
            ),
            Code::NotDeckTop => (
                "a drawn card that cannot be the top of the deck",
                "TCC 2.1, Tribble Powers: SCAN, RESCUE",
                "Some cards' places in a draw deck are known: the top cards of a position block, a card a \
                 Rescue put back face down, the cards a Scan put on top. A draw that names another card is \
                 reported, and not again as a card its decklist cannot hold; one of the top's power and \
                 another number is read as the top, its number taken to be miswritten (ruling R4). A lone \
                 draw of a card the hand holds, where the turn read as that card played (`Dan: 10 Go` for \
                 `Dan: draw 10 Go`) lets the turns after it follow, is read so, `draw` taken to be written \
                 for the play; the same holds for a drawn card its decklist holds no more of (R0401).\n\n\
                 Example:\n    Dan: 10 Scan use top 10 Skip bottom 1 Go, 100 Go\n    ...\n    Dan: draw 1 Go     \
                 # 10 Skip is on top\n\nFix: name the card that was drawn.",
            ),
            Code::NotInPile => (
                "a round-end power claimed without its card in the play pile",
                "TCC 2.1, Tribble Powers: SAFETY, ROLL",
                "Some passive powers act at the end of a round for a player whose play pile holds them: \
                 Safety lets that player shuffle the hand into the deck instead of discarding it \
                 (`safety Dan`); Roll lets a player who did not go out mulligan once at the next round's \
                 start (`mulligan Dan`). A player whose pile cannot hold such a card cannot claim it. A \
                 `mulligan` line naming such a player, where a later play shows that the one who could \
                 mulligan did, is read as that player's, this the one report (ruling R4); so is a \
                 `safety` line naming such a player, where a later draw shows the hand of one with a \
                 Safety saved.\n\n\
                 Example:\n    safety Matt     # Matt's pile holds no Safety\n\nFix: discard the hand \
                 (remove the line).",
            ),
            Code::TroubleForbids => (
                "a power the active trouble forbids",
                "TCC 2.1, Troubles - During the Game",
                "The active trouble's effect applies to every player. \"... in Sickbay\", the one trouble whose \
                 text is known, forbids using a Poison's power: the card may still be played, without `use`. \
                 A trouble the log declares has no known effect and forbids nothing here.\n\n\
                 Example:\n    trouble: ... in Sickbay\n    Dan: 10 Poison use @Matt\n\nFix: play the Poison without \
                 `use`.",
            ),
            Code::WrongAction => (
                "a trouble action that is not the active trouble's",
                "TCC 2.1, Troubles - Shifting",
                "A player may shift the trouble at the start of a turn by paying the action on the active \
                 trouble's shift line: \"... in Sickbay\" offers Lose 100,000 (`action lose 100000`). Another \
                 action, or another amount, is not on offer.\n\n\
                 Example:\n    trouble: ... in Sickbay\n    Dan: action draw 2; 1 Go\n\nFix: take the trouble's own \
                 action, or none.",
            ),
            Code::ActionUnaffordable => (
                "a Lose action by a player without the points to pay it",
                "TCC 2.1, Troubles - Shifting",
                "The Lose X action shifts the trouble for X points, and only a player who has at least X \
                 points may take it.\n\n\
                 Example:\n    trouble: ... in Sickbay\n    Dan: action lose 100000; 1 Go     # Dan has 20,000\n\n\
                 Fix: the player cannot take the action; log the turn without it.",
            ),
            Code::NotInDecklist => (
                "a card the player cannot have",
                "FORMAT.md §11; TCC 2.1, Customizing Your Deck",
                "With a decklist, every card seen must be one of the player's: the list must hold it, and not \
                 every copy may already be somewhere else. Without a decklist this is never checked. Where more \
                 cards of a number are seen than the list holds and one of them is a card the list holds fewer \
                 copies of (or none), that card is the one named, at its place in the line. A card drawn that \
                 the hand a `hand` line dealt still holds may show a mulligan left out, and one the hand a \
                 round's end discarded held, with a Safety in the pile, a `safety` line left out (ruling R4). \
                 A card drawn whose power's name is misspelt (`1000 Ski`) is read as the card meant, where \
                 the deck may give it and the list holds it (ruling R4). Where two players each show cards \
                 their own list cannot hold and the game follows with each list as the other's, the two \
                 `deck` lines are the one report; where a player shows a card the list cannot hold and the \
                 game draws fewer reports with one of the list's groups one word off it read as that card \
                 (`2x 1 Kill` for `2x 1 Skip`), that group is; and where a player's list is given twice, \
                 differently, and another player's not at all, and the game draws fewer reports with one of \
                 the two as the other player's, that line is (ruling R4).\n\n\
                 Example:\n    deck Dan: 35x 1 Go\n    …\n    Dan: 10 Go\n\nFix: correct the card or the decklist.",
            ),
            Code::PointsMismatch => (
                "a round's points differ from what the rules score",
                "TCC 2.1, Ending the Round",
                "Players who go out score the total number of tribbles in their play piles, plus what powers \
                 scored during the round. The help shows the referee's breakdown. The sheet's figure is then \
                 added on into the running total, as the sheet adds it (ruling R4), so a total that carries it \
                 is not reported again.\n\n\
                 Example:\n    points: Dan 11110     # Dan's pile holds 1, 10, 100, 1000, 10000\n\n\
                 Fix: `points: Dan 11111`.",
            ),
            Code::TotalsMismatch => (
                "a running total differs from the sum of the rounds",
                "TCC 2.1, Ending the Game",
                "Each total is the sum of the player's points so far. The help shows the referee's figures. \
                 The sheet's figure is followed from then on (ruling R4); a later total that is the rules' own \
                 shows the slip was not carried on, and is taken too. Two players' totals written in each \
                 other's places are reported once, naming both, and the rules' totals are kept.\n\n\
                 Example:\n    totals: Dan 12111     # rounds of 11111 and 1000\n\nFix: `totals: Dan 12111` \
                 is right; check the arithmetic of the line.",
            ),
            Code::WinnerMismatch => (
                "the winner is not the player with the highest total",
                "TCC 2.1, Ending the Game",
                "After the last round the highest total wins; equal highest totals are a tie, written with \
                 every tied player.\n\n\
                 Example:\n    winner: Rogue      # Dan has the highest total\n\nFix: `winner: Dan`.",
            ),
            Code::RoundWithoutGoOut => (
                "a round ends although nobody went out",
                "TCC 2.1, Ending the Round",
                "A round ends only when a player goes out (or every opponent of the last player is decked). \
                 Scores or a new round before that mean a turn is missing or mis-recorded. Where the \
                 player due held one card and one way of playing it lets the round's end and the turns \
                 after follow, the help names that turn as left out, and the scores are checked as if \
                 it had been written (ruling R4).\n\n\
                 Example:\n    Dan: 1 Go         # Dan still holds cards\n    points: Dan 1\n\n\
                 Fix: log the rest of the round.",
            ),
            Code::WrongRoundNumber => (
                "a round is numbered out of order, or beyond the game's rounds",
                "TCC 2.1, How to Win",
                "Rounds are numbered from 1 in order; a game has five rounds unless `rounds:` says otherwise. \
                 A round numbered wrong is reported once and counted as played; the next `round` line may \
                 go on from the count or from the figure written, as a log that left a round out would; \
                 a log that plays on past the game's rounds is reported at the first round too many and \
                 read on to its last round (ruling R4).\n\n\
                 Example:\n    round 1\n    …\n    round 3\n\nFix: `round 2`.",
            ),
            Code::Misresolved => (
                "a resolution line contradicts what the rules make happen",
                "FORMAT.md §8, Resolution lines",
                "Resolution lines say what happened while a turn resolved. When the rules make something else \
                 happen, the line is a mis-resolution. Where the line stands for something a power did \
                 otherwise, the report names the power, shows under the line what it made happen, and \
                 rests on that power's rule; the help lists all the referee derived for the turn. Each \
                 line stands for one event: a line written again under the same turn, where the rules \
                 make its event happen fewer times than it is written, is reported at the repeat. A \
                 turn that goes wrong, and follows with one card of a line (a Stampede's `then` line too) \
                 read with another number (or \
                 another power of its player's decklist, or its number alone where several powers fit), \
                 is reported once at that card and read so (ruling R4); so is a card played that its \
                 hand may hold, where it broke the chain or its power could not be used so and a card \
                 one word off it that the hand may hold makes the turn and the turns after it happen \
                 (where the decklist does not show its number, any other power, where one fits best, or \
                 where several fit and the game goes on alike from each, the first, the report naming \
                 them all), or where the turn after it was out of turn (or written as skipped where \
                 nothing skipped its player) and another power of its number sends the turns to the \
                 players written, or broke the chain and the card one digit off (a Clone of the number \
                 last played) lets it follow; lines the turn above does not make happen, where the \
                 player due could have made them in a turn left out above them (a play, a draw, a power \
                 used with the choices the lines show, the trouble's action), are reported once at the \
                 first and read as that turn's (where powers nobody saw tie, as its card's number alone, \
                 `10 ? use @Matt`, the help naming the powers); a turn aimed at one player (or a \
                 Sabotage's activation) whose lines are what aiming it at exactly one other player makes \
                 happen is reported once at the \
                 target and read as aimed there, and so is a Score (or an activated one) whose points \
                 are written under the next turn of another player than its target, where the rules \
                 give none there, and a Recycle whose turns after it find the cards in the piles of \
                 another player than its target (R0321, R0401 or R0302 there as written); a power named \
                 (`name Skip`) whose lines are what naming \
                 another power they show makes happen is reported once at the name and read so; a Copy \
                 whose lines (or the turns after it) are what copying another player's top card makes \
                 happen is reported once at the name after `of` and read so (where the name as written is \
                 already an error there, R0320 or R0317, that code is the one report); a card \
                 written without `use` whose lines (or the turn \
                 after it: a Skip's player written `skipped`, a Go's extra turn) are what using it \
                 makes happen is reported once at the card and read as used; a Stampede whose player's \
                 own play of the next number the log leaves out, the next card played breaking the chain \
                 (or the round ending with nobody out, the player left with that one card), is reported \
                 once at the Stampede and read with the card of that number the hand is known to hold; \
                 a draw whose card was played at once, the play left out (its lines, the turn after it \
                 or the round's end showing it), is reported once at the drawn card and read with the \
                 play (`draw; 10 ? use @Matt` where powers nobody saw fit as well), and a lone draw the \
                 turn after it or the round's end shows to be the card's play from a hand that may hold \
                 it (`draw 10 Go` for `10 Go`) the same way, read as that play; a score line that \
                 gives another figure than the rules is reported once and followed, and the round's \
                 points on the sheet may then be either.\n\n\
                 Example:\n    Dan: 1 Go\n      Dan goes out\n\nFix: correct or remove the line.",
            ),
            Code::PowerUnverified => (
                "the effects of a power are not checked",
                "TCC 2.1, Tribble Powers",
                "The referee does not yet follow this power (or it comes from a set whose rules it does not \
                 know). Nothing it could have changed is held against the table afterwards: hands, decks, \
                 turn order and scores are taken from the log until they can be checked again.\n\n\
                 Fix: nothing; the log is not at fault.",
            ),
            Code::TurnOrderUnverified => (
                "the turn order could not be checked",
                "TCC 2.1, How to Play (turn order)",
                "After a power whose effects are not followed, whose turn it is cannot be verified until the \
                 round ends; the referee follows the log.\n\nFix: nothing.",
            ),
            Code::PlayUnverified => (
                "a play could be legal through a power, or its card was not recorded",
                "TCC 2.1, Tribble Powers: CLONE, ADVANCE, DABO",
                "The play is out of sequence, but its card's power (or an unrecorded power) could allow it, \
                 or the log does not say what was played.\n\nFix: nothing; record the power to have it \
                 checked.",
            ),
            Code::ScoringUnverified => (
                "a score could not be verified",
                "TCC 2.1, Ending the Round",
                "A power whose effects are not followed, a pile card whose number was not recorded, a \
                 passive scoring power the referee does not yet follow, or not knowing who went out (a \
                 hand it cannot count may have been empty when another player's was) stands between the \
                 log and the score. The sheet's totals are adopted from here on.\n\nFix: nothing.",
            ),
            Code::ExpectationFailed => (
                "an `expect` line does not hold",
                "FORMAT.md §12, Expectations",
                "The log states an expectation (whose turn it is, the chain, a card count, a score, an event) \
                 and the rules make it otherwise. The label says what the referee found.\n\n\
                 Example:\n    Dan: 1 Go\n    expect next: Matt     # it is Rogue's turn\n\nFix: correct the \
                 expectation or the log.",
            ),
            Code::ExpectedDiagnosticMissing => (
                "an expected diagnostic was not reported",
                "FORMAT.md §12, Expectations",
                "`expect error [CODE]` (or `warning`, `note`) says the line above is flagged; the referee \
                 found nothing of that kind there.\n\n\
                 Example:\n    Dan: 1 Go\n    expect error R0304\n\nFix: correct the expectation or the log.",
            ),
            Code::ExpectationUnverified => (
                "an `expect` line cannot be checked",
                "FORMAT.md §12, Expectations",
                "What the expectation is about (the turn order, the chain, a hand's size, the scores) is not \
                 followed at this point, after a power whose effects are not checked.\n\nFix: nothing.",
            ),
            Code::TroubleUnknown => (
                "a check that depends on the active trouble, which the log has not named",
                "TCC 2.1, Troubles - Shifting",
                "The trouble shifts at each round's end and whenever a shift line is met; the log names the \
                 new trouble (`trouble shifts to ... in Sickbay`, or the round's `trouble:` line). Until it \
                 does, the referee does not know which trouble is active, and what that trouble would forbid \
                 or offer (a Poison's use under Sickbay, a trouble action) is not checked.\n\n\
                 Fix: nothing; name the trouble to have it checked.",
            ),
            Code::DeckedAtDeal => (
                "a player takes no turn this round and is taken to have been decked at the deal",
                "TCC 2.1, Advanced Rules: \"Decked\"; ruling R2",
                "A player whose deck could not supply the opening hand is decked before the first turn, and \
                 the log has no line for it. When the log's deck sizes are unknown and a player's first turn \
                 of the round is passed over, the referee takes the player to have been decked at the deal \
                 rather than accuse the table.\n\nFix: nothing; give deck sizes (`deck Dan: 40x ?`) to have \
                 it checked.",
            ),
            Code::DeckedUnseen => (
                "a player's turn is passed over and is taken to have been decked by a draw the log left unexplained",
                "TCC 2.1, Advanced Rules: \"Decked\"; FORMAT.md §8, Resolution lines",
                "A player who must draw from an empty deck is decked, and a log may leave that line out. When \
                 a player drew without the card being named, from a deck whose size the referee does not know \
                 and which may have been empty, and the player's next turn is passed over (or everyone else \
                 goes out around them), the referee takes the player to have been decked by that draw rather \
                 than accuse the table. If the player plays later, the inference is withdrawn and the turn that \
                 passed them over is reported.\n\nFix: nothing; write `  Dan is decked`, or give deck sizes, \
                 to have it checked.",
            ),
            Code::ReplicateUnnamed => (
                "a move is read as a Replicate's extra card after a card the log did not name",
                "TCC 2.1, Tribble Powers: REPLICATE; ruling F8",
                "When another player's power puts a player's Replicate in that player's discard or play pile, \
                 the player may put one more card from hand there. A card the log leaves unnamed (`?`, or a \
                 number alone) may have been a Replicate, so a line left over at the end of the turn that puts \
                 one card from that player's hand in the same place is read as the Replicate's extra card \
                 rather than reported.\n\nExample:\n    Dan: 100 Poison use @Matt\n      Matt discards 100 ? \
                 from deck\n      Matt discards 10 Go\n\nFix: nothing; name the card (`100 Replicate`) to have \
                 it checked.",
            ),
            Code::LogEnds => (
                "the log ends before the game does",
                "FORMAT.md §1, Principles",
                "A log may stop anywhere (a dispute fragment, an unfinished game); what it holds is checked.\n\n\
                 Fix: nothing.",
            ),
        };
        Explanation { summary, rule, text }
    }
}
