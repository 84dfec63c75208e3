//! The `tribbles` binary: parses the command line and hands over to [`tribbles::cli::run`].

use clap::Parser;
use std::process::ExitCode;

/// mimalloc instead of the system allocator: a check makes hundreds of small allocations a game
/// (lists of cards, events), and mimalloc serves them in a fraction of glibc's instructions
/// (checking ran about 10% faster, 4.7% fewer instructions; the benches use it too). Built
/// without transparent huge pages (`no_thp` in Cargo.toml): with them, a batch's resident memory
/// went from 7 MB to 55 MB, and a crafted log with thousands of cards a line took 2.3 times as
/// long, most of it spent by the kernel clearing fresh huge pages. [`tribbles::alloc`] says how
/// it is asked.
#[global_allocator]
static GLOBAL: tribbles::alloc::Allocator = tribbles::alloc::Allocator;

fn main() -> ExitCode {
    let cli = tribbles::cli::Cli::parse();
    ExitCode::from(tribbles::cli::run(cli))
}
