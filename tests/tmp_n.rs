mod support;
fn notes(text: &str) -> Vec<String> {
    let (_, diags) = tribbles::check_bytes("log", text.as_bytes());
    diags
        .iter()
        .filter(|d| d.severity() == tribbles::diagnostics::Severity::Note && d.code.id() != "R0901")
        .map(|d| format!("{}: {}", d.code.id(), d.message))
        .collect()
}
#[test]
fn notes_sweep() {
    use support::written::{Style, written_out_as};
    let range: Vec<u64> = std::env::var("R").unwrap().split("..").map(|x| x.parse().unwrap()).collect();
    let mut worse = 0;
    for k in range[0]..range[1] {
        let mut o = tribbles::sim::Options::new(2 + (k % 7) as usize, k);
        o.troubles = k % 2 == 0;
        o.rounds = 1 + (k * 7 % 8) as u32;
        if k % 3 == 0 {
            o.ruleset = tribbles::model::log::Ruleset::Decipher2000;
        }
        let text = tribbles::sim::simulate(&o);
        let log = tribbles::syntax::parse(&text).0;
        let base = notes(&text);
        for style in [Style::Lines, Style::Steps] {
            let w = tribbles::syntax::print::format(&written_out_as(&log, style));
            let n = notes(&w);
            if n.len() > base.len() {
                worse += 1;
                if worse <= 12 {
                    std::fs::write(format!("/tmp/nw_{k}_{style:?}.tlog"), &w).unwrap();
                    std::fs::write(format!("/tmp/nw_{k}.tlog"), &text).unwrap();
                    let extra: Vec<_> = n.iter().filter(|x| !base.contains(x)).take(3).collect();
                    println!("{k} {style:?} {} > {}: {extra:?}", n.len(), base.len());
                }
            }
        }
    }
    println!("worse {worse}");
}
