//! The `tribbles` binary: parses the command line and hands over to [`tribbles::cli::run`].

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = tribbles::cli::Cli::parse();
    ExitCode::from(tribbles::cli::run(cli))
}
