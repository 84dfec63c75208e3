//! The command line: argument definitions (clap derive) and one module per command. Commands
//! return an exit code: 0 nothing wrong, 1 an error diagnostic (or a file `fmt --check` would
//! change), 2 could not run.

mod check;
mod explain;
mod fmt;
mod input;
mod replay;
mod score;
mod simulate;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(name = "tribbles", version, about = "A rules referee and game-log validator for the Tribbles CCG")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check table logs and report every problem.
    Check(CheckArgs),
    /// Print logs in canonical form (in place; `-` prints to stdout).
    Fmt(FmtArgs),
    /// Explain a diagnostic code, or list them all.
    Explain(ExplainArgs),
    /// Print the scoreboard: the referee's points beside the score keeper's.
    Score(ScoreArgs),
    /// Print the event stream, or the state at a point of the game.
    Replay(ReplayArgs),
    /// Play a whole game with random legal choices and print its log.
    Simulate(SimulateArgs),
}

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// How many players (2 to 8; TCC 2.1 seats 4 to 8, and another number warns).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    /// The seed: the same seed gives the same log, byte for byte.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[arg(long, value_enum, default_value_t = RulesetArg::Tcc21)]
    pub ruleset: RulesetArg,
    /// Play with the trouble pile (`on` or `off`).
    #[arg(long, default_value = "off", value_parser = ["on", "off"])]
    pub troubles: String,
    /// How many rounds.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// A log whose `deck` lines give the players' decklists (in seat order); a decklist the
    /// ruleset does not allow is refused.
    #[arg(long)]
    pub decks: Option<PathBuf>,
    /// Print what a score keeper sees: drawn and hidden cards as `?`.
    #[arg(long)]
    pub hidden: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesetArg {
    #[value(name = "tcc-2.1")]
    Tcc21,
    #[value(name = "decipher-2000")]
    Decipher2000,
}

#[derive(Debug, clap::Args)]
pub struct ScoreArgs {
    /// The log (`-` for standard input).
    pub path: PathBuf,
    /// `human` (a table) or `json` (one object).
    #[arg(long, value_enum, default_value_t = ScoreFormat::Human)]
    pub format: ScoreFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScoreFormat {
    Human,
    Json,
}

#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// The log (`-` for standard input).
    pub path: PathBuf,
    /// Show the state after this turn: `2.5` is the fifth turn of round 2, `2.0` the start of round 2.
    #[arg(long, value_name = "ROUND.TURN")]
    pub at: Option<String>,
    /// Print the events (the default when `--at` is not given); with `--at`, up to that point.
    #[arg(long)]
    pub events: bool,
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files, directories (searched for *.tlog) or `-` for standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(Debug, clap::Args)]
pub struct OutputArgs {
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// When to use colour; `NO_COLOR` set in the environment means never, unless `always`.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// The width of human-readable reports (40 to 1000 columns).
    #[arg(long, default_value_t = 100, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(40..=1000))]
    pub width: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// miette's graphical reports.
    Human,
    /// `file:line:col: severity[code]: message`, one line each.
    Short,
    /// JSON Lines: one object per diagnostic, then a summary.
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Debug, clap::Args)]
pub struct FmtArgs {
    /// Files, directories (searched for *.tlog) or `-` for standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Change nothing; list the files that are not in canonical form and exit 1 if any.
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The code, such as S0104, or a power's name, such as Poison or `Recycle & Freeze`.
    #[arg(required_unless_present = "list")]
    pub code: Option<String>,
    /// List every code with its severity and summary.
    #[arg(long, conflicts_with = "code")]
    pub list: bool,
}

pub fn run(cli: Cli) -> u8 {
    let stdout = io::stdout();
    run_to(cli, &mut io::BufWriter::new(stdout.lock()))
}

/// [`run`], printing to `out` (the bench checks a batch into a sink).
pub fn run_to(cli: Cli, out: &mut impl Write) -> u8 {
    let result = match cli.command {
        Command::Check(args) => check::run(&args, out),
        Command::Fmt(args) => fmt::run(&args, out),
        Command::Explain(args) => explain::run(&args, out),
        Command::Score(args) => score::run(&args, out),
        Command::Replay(args) => replay::run(&args, out),
        Command::Simulate(args) => simulate::run(&args, out),
    };
    let flushed = out.flush();
    match result.and_then(|code| flushed.map(|()| code)) {
        Ok(code) => code,
        // A reader that stops early (`tribbles check logs | head`) is not a failure.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("tribbles: {e}");
            2
        }
    }
}

/// Returns an exit code, or an I/O error on the output itself.
pub type CmdResult = io::Result<u8>;

pub(crate) fn use_color(choice: Color) -> bool {
    use std::io::IsTerminal;
    match choice {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && io::stdout().is_terminal(),
    }
}
