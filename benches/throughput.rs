//! Throughput of the referee over fixed corpora made by the simulator: parsing, checking,
//! formatting and simulating, with a baseline (serde_json merely reading the same games' events),
//! the cost of a 100-round game against a 5-round one, and `tribbles check` on a directory on one
//! thread and on every core. `cargo bench` prints criterion's figures, then a summary table in
//! MB/s, games/s and turns/s.

use clap::Parser;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Instant;
use tribbles::engine::event::Event;
use tribbles::model::log::Ruleset;
use tribbles::sim::{Options, simulate};

/// The allocator the `tribbles` binary uses (`src/main.rs`), so that the figures are the CLI's.
#[global_allocator]
static GLOBAL: tribbles::alloc::Allocator = tribbles::alloc::Allocator;

struct Corpus {
    name: &'static str,
    logs: Vec<String>,
    bytes: u64,
    turns: u64,
}

fn corpus(name: &'static str, games: u64, players: usize, troubles: bool, hidden: bool) -> Corpus {
    let logs: Vec<String> = (0..games)
        .map(|seed| {
            let mut o = Options::new(players, 10_000 + seed);
            o.troubles = troubles;
            o.hidden = hidden;
            o.ruleset = Ruleset::Tcc21;
            simulate(&o)
        })
        .collect();
    let bytes = logs.iter().map(|l| l.len() as u64).sum();
    let turns = logs.iter().map(|l| l.lines().filter(|x| is_turn(x)).count() as u64).sum();
    Corpus { name, logs, bytes, turns }
}

fn is_turn(line: &str) -> bool {
    !line.starts_with(' ')
        && line.split_once(':').is_some_and(|(head, _)| tribbles::model::is_bare_name(head) && !head.contains(' '))
        && !["points", "totals", "winner", "first", "players", "event", "ruleset", "troubles", "rounds"]
            .iter()
            .any(|k| line.starts_with(k))
}

fn corpora() -> Vec<Corpus> {
    vec![
        corpus("small (4 players)", 200, 4, false, false),
        corpus("large (8 players, troubles)", 60, 8, true, false),
        corpus("small, hidden", 200, 4, false, true),
        corpus("large, hidden", 60, 8, true, true),
    ]
}

fn benches(c: &mut Criterion) {
    for corpus in corpora() {
        let mut g = c.benchmark_group(corpus.name);
        g.throughput(Throughput::Bytes(corpus.bytes));
        g.sample_size(10);
        g.bench_function("parse", |b| {
            b.iter(|| {
                for l in &corpus.logs {
                    black_box(tribbles::syntax::parse(l));
                }
            })
        });
        g.bench_function("check", |b| {
            b.iter(|| {
                for l in &corpus.logs {
                    black_box(tribbles::check_bytes("bench", l.as_bytes()));
                }
            })
        });
        g.bench_function("fmt", |b| {
            b.iter(|| {
                for l in &corpus.logs {
                    let (log, _) = tribbles::syntax::parse(l);
                    black_box(tribbles::syntax::print::format(&log));
                }
            })
        });
        g.finish();
    }
    let mut g = c.benchmark_group("simulate");
    g.throughput(Throughput::Elements(100));
    g.sample_size(10);
    g.bench_function("100 five-player games", |b| {
        b.iter(|| {
            for seed in 0..100 {
                black_box(simulate(&Options::new(5, seed)));
            }
        })
    });
    g.finish();
    summary();
}

/// Runs `f` over the corpus until a second has passed; returns seconds per pass.
fn per_pass(mut f: impl FnMut()) -> f64 {
    let started = Instant::now();
    let mut passes = 0u32;
    while started.elapsed().as_secs_f64() < 1.0 || passes < 3 {
        f();
        passes += 1;
    }
    started.elapsed().as_secs_f64() / f64::from(passes)
}

fn summary() {
    println!("\nsummary (one thread, release build)");
    println!("{:<30} {:>10} {:>12} {:>12} {:>12}", "corpus / operation", "MB/s", "games/s", "turns/s", "vs JSON");
    for corpus in corpora() {
        let games = corpus.logs.len() as f64;
        let mb = corpus.bytes as f64 / 1e6;
        let turns = corpus.turns as f64;
        // The baseline: the same games' event streams as JSON, only deserialised.
        let json: Vec<String> = corpus
            .logs
            .iter()
            .map(|l| {
                let (log, _) = tribbles::syntax::parse(l);
                let events: Vec<Event> =
                    tribbles::engine::replay::replay(&log).events.into_iter().map(|e| e.event).collect();
                serde_json::to_string(&events).unwrap_or_default()
            })
            .collect();
        let json_time = per_pass(|| {
            for j in &json {
                black_box(serde_json::from_str::<Vec<Event>>(j).ok());
            }
        });
        for (op, time) in [
            ("parse", per_pass(|| corpus.logs.iter().for_each(|l| drop(black_box(tribbles::syntax::parse(l)))))),
            (
                "check",
                per_pass(|| corpus.logs.iter().for_each(|l| drop(black_box(tribbles::check_bytes("b", l.as_bytes()))))),
            ),
            (
                "fmt",
                per_pass(|| {
                    corpus
                        .logs
                        .iter()
                        .for_each(|l| drop(black_box(tribbles::syntax::print::format(&tribbles::syntax::parse(l).0))))
                }),
            ),
        ] {
            println!(
                "{:<30} {:>10.1} {:>12.0} {:>12.0} {:>11.2}x",
                format!("{} / {op}", corpus.name),
                mb / time,
                games / time,
                turns / time,
                time / json_time
            );
        }
        println!(
            "{:<30} {:>10.1} {:>12.0}",
            format!("{} / JSON events, read", corpus.name),
            json.iter().map(String::len).sum::<usize>() as f64 / 1e6 / json_time,
            games / json_time
        );
    }
    let sim = per_pass(|| {
        for seed in 0..100 {
            black_box(simulate(&Options::new(5, seed)));
        }
    });
    println!("{:<30} {:>10} {:>12.0}", "simulate (5 players, 5 rounds)", "", 100.0 / sim);
    // Scaling: the same table over 100 rounds against 5. A round's end discards the hands, so a
    // 35-card deck lasts about ten full rounds; each player's random deck is taken 20 times over,
    // so that the long game's rounds are as full as the short game's.
    let (sample, _) = tribbles::syntax::parse(&simulate(&Options::new(5, 42)));
    let decks: Vec<_> = (sample.lines.iter())
        .filter_map(|line| match &line.kind {
            tribbles::model::log::LineKind::Deck { cards, .. } => {
                Some(tribbles::engine::state::expand(cards).repeat(20))
            }
            _ => None,
        })
        .collect();
    let mut short = Options::new(5, 42);
    short.decks = Some(decks);
    let mut long = short.clone();
    long.rounds = 100;
    let long_log = simulate(&long);
    let short_log = simulate(&short);
    for log in [&long_log, &short_log] {
        let (_, reports) = tribbles::check_bytes("b", log.as_bytes());
        assert!(reports.is_empty(), "the scaling games check clean: {reports:?}");
    }
    let t_long = per_pass(|| drop(black_box(tribbles::check_bytes("b", long_log.as_bytes()))));
    let t_short = per_pass(|| drop(black_box(tribbles::check_bytes("b", short_log.as_bytes()))));
    println!(
        "scaling: a 100-round game ({} KB) costs {:.1}x a 5-round one ({} KB): {:.1}x its length",
        long_log.len() / 1000,
        t_long / t_short,
        short_log.len() / 1000,
        long_log.len() as f64 / short_log.len() as f64
    );
    // Doubling probes: each input of size 2n against size n should cost about 2x (4x would be a
    // quadratic path). Reports are rendered too, as `check` prints them.
    const HEAD: &str = "tribbles-log 1\nplayers: Ann, Bob, Cyd, Dee\n";
    /// A probe: what it measures, the input of size n, and n.
    type Probe = (&'static str, fn(usize) -> String, usize);
    let probes: [Probe; 6] = [
        (
            "one turn of n steps (2n reports)",
            |n| format!("{HEAD}\nround 1\nfirst: Ann\nAnn: {}\n", vec!["1 Go"; n].join("; ")),
            5_000,
        ),
        (
            "one turn of n steps and n resolution lines none of which happened (3n reports)",
            |n| {
                let claims = "  Bob discards 1 Go from deck\n".repeat(n);
                format!("{HEAD}\nround 1\nfirst: Ann\nAnn: {}\n{claims}", vec!["1 Go"; n].join("; "))
            },
            // The turn line is over 16 KiB at n too, so that its reports are drawn alike at both
            // sizes (a longer line's are not drawn).
            5_000,
        ),
        (
            "n turn lines, one report each",
            |n| format!("{HEAD}\nround 1\nfirst: Ann\n{}", "Ann: 1 Go\n".repeat(n)),
            2_000,
        ),
        (
            "a decklist of n cards",
            |n| format!("{HEAD}deck Ann: {}\n\nround 1\nfirst: Ann\nAnn: 1 Go\n", vec!["10 Go"; n].join(", ")),
            20_000,
        ),
        (
            "n turns each with an `expect` line naming a report, after n warnings of the syntax stage",
            |n| {
                let deck = vec!["1 Kindness"; n].join(", ");
                let turns = "Ann: draw ?\nexpect warning S0104\n".repeat(n);
                format!("{HEAD}deck Ann: {deck}\n\nround 1\nfirst: Ann\n{turns}")
            },
            4_000,
        ),
        (
            "n turns out of turn, each followed by `expect clean`",
            |n| format!("{HEAD}\nround 1\nfirst: Ann\n{}", "Bob: draw ?\nexpect clean\n".repeat(n)),
            4_000,
        ),
    ];
    for (what, make, n) in probes {
        let (small, large) = (make(n), make(2 * n));
        let cost = |text: &str| {
            per_pass(|| {
                let (file, diagnostics) = tribbles::check_bytes("b", text.as_bytes());
                let style = tribbles::diagnostics::render::HumanStyle { color: false, width: 100 };
                for d in &diagnostics {
                    black_box(tribbles::diagnostics::render::human(&file, d, style));
                }
            })
        };
        println!("scaling: {what}, n = {n}: 2n costs {:.1}x n", cost(&large) / cost(&small));
    }
    batch();
}

/// `tribbles check DIR` over the four-player corpus written out as files, the CLI's own path
/// (files checked in parallel, output in path order), on one thread and on every core.
fn batch() {
    let small = corpus("small (4 players)", 200, 4, false, false);
    let dir = std::env::temp_dir().join(format!("tribbles-bench-batch-{}", std::process::id()));
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        small.logs.iter().enumerate().try_for_each(|(k, l)| std::fs::write(dir.join(format!("g{k:03}.tlog")), l))
    });
    if let Err(e) = written {
        println!("batch: not measured ({e})");
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let on = |threads: usize| {
        let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else { return f64::NAN };
        per_pass(|| {
            pool.install(|| {
                // JSON: no progress bar, whatever stderr is.
                let args = ["tribbles", "check", "--format", "json", &dir.to_string_lossy()];
                if let Ok(cli) = tribbles::cli::Cli::try_parse_from(args) {
                    black_box(tribbles::cli::run_to(cli, &mut std::io::sink()));
                }
            })
        })
    };
    let (one, all) = (on(1), on(cores));
    let files = small.logs.len() as f64;
    println!(
        "batch: `tribbles check` on {} files: {:.0} files/s on one thread, {:.0} on {cores} cores ({:.2}x)",
        small.logs.len(),
        files / one,
        files / all,
        one / all
    );
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(throughput, benches);
criterion_main!(throughput);
