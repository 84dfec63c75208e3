//! The power registry keeps its promises: every followed power has its example file under
//! examples/powers/ (with a legal use, an illegal one and a mis-resolution) and its `explain` entry;
//! the powers still pending are named here until their issue lands.

mod support;

use tribbles::model::Power;
use tribbles::powers::{self, Status};

/// Powers whose issues have not landed yet (Powers II and III). Remove a name when its module lands.
const PENDING: &[&str] = &[];

fn example_file(p: Power) -> std::path::PathBuf {
    let slug = p.name().to_lowercase().replace([' ', '\''], "-").replace('!', "");
    support::root().join(format!("examples/powers/{}.tlog", slug.trim_end_matches('-')))
}

#[test]
fn every_followed_power_has_an_example_with_legal_illegal_and_misresolved_uses() {
    for p in Power::ALL {
        let pending = PENDING.contains(&p.name());
        assert_eq!(
            powers::profile(*p).status == Status::Pending,
            pending,
            "{p}: the registry and the PENDING list disagree"
        );
        if pending {
            assert!(powers::doc(*p).is_none(), "{p} is pending but documented");
            continue;
        }
        let path = example_file(*p);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{p} has no {}", path.display()));
        let uses = text.lines().filter(|l| l.contains(p.name())).count();
        assert!(uses >= 2, "{}: {p} appears only {uses} times", path.display());
        assert!(text.contains("expect error"), "{}: no illegal use", path.display());
        let passive = powers::profile(*p).kind == powers::Kind::Passive;
        assert!(
            passive || text.contains("expect error R0601") || text.contains("expect error R0323"),
            "{}: no mis-resolution",
            path.display()
        );
        let doc = powers::doc(*p).unwrap_or_else(|| panic!("{p} has no explain entry"));
        assert!(doc.rule.starts_with("TCC 2.1") && doc.text.contains("Checked"), "{p}: thin documentation");
    }
}

#[test]
fn explain_prints_a_powers_entry() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tribbles"))
        .args(["explain", "poison"])
        .output()
        .expect("the binary runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("Poison (TCC 2.1, Tribble Powers: POISON"), "{out}");
    // Every power has its entry: the registry test above checks each one's documentation.
    let shift = std::process::Command::new(env!("CARGO_BIN_EXE_tribbles"))
        .args(["explain", "Shift"])
        .output()
        .expect("the binary runs");
    assert!(String::from_utf8_lossy(&shift.stdout).starts_with("Shift (TCC 2.1, Tribble Powers: SHIFT"));
}
