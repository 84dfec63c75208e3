//! `tribbles explain`: the long explanation of a diagnostic code or of a followed power, or the
//! list of all codes.

use super::{CmdResult, ExplainArgs};
use crate::diagnostics::{Code, did_you_mean};
use crate::model::Power;
use crate::powers;
use std::io::Write;

pub fn run(args: &ExplainArgs, out: &mut impl Write) -> CmdResult {
    if args.list {
        for c in Code::ALL {
            writeln!(out, "{}  {:<7}  {}", c.id(), c.severity().keyword(), c.explanation().summary)?;
        }
        let followed: Vec<&str> = Power::ALL.iter().filter(|p| powers::doc(**p).is_some()).map(|p| p.name()).collect();
        writeln!(out, "\npowers (`tribbles explain POWER`): {}", followed.join(", "))?;
        return Ok(0);
    }
    let Some(id) = args.code.as_deref() else {
        return Ok(2);
    };
    if let Some(power) = Power::from_name(id) {
        explain_power(power, out)?;
        return Ok(0);
    }
    // A compound card, as printed on it: `Recycle & Freeze`.
    if let Some((a, b)) = id.split_once('&')
        && let (Some(a), Some(b)) = (Power::from_name(a.trim()), Power::from_name(b.trim()))
    {
        writeln!(
            out,
            "{a} & {b} is a compound power: one card with both powers. IDIC, Qapla' and Freeze take it as a \
             power of its own, Dance and Dabo see its halves (FORMAT.md §3). The halves:\n"
        )?;
        explain_power(a, out)?;
        writeln!(out)?;
        explain_power(b, out)?;
        return Ok(0);
    }
    let Some(code) = Code::from_id(id) else {
        let hint = did_you_mean(id, Code::ALL.iter().map(|c| c.id()).chain(Power::ALL.iter().map(|p| p.name())))
            .map(|s| format!(" (did you mean {s}?)"))
            .unwrap_or_default();
        eprintln!(
            "tribbles: no diagnostic code or power `{}`{hint}; `tribbles explain --list` lists them",
            crate::diagnostics::visible::visible(id)
        );
        return Ok(2);
    };
    write!(out, "{}", explain(code))?;
    Ok(0)
}

fn explain_power(power: Power, out: &mut impl Write) -> std::io::Result<()> {
    match powers::doc(power) {
        Some(doc) => write!(out, "{power} ({})\n\n{}\n", doc.rule, doc.text),
        None => writeln!(
            out,
            "{power}: not followed yet. Using it gives a note (R0701), and nothing it could change is held \
             against the table."
        ),
    }
}

/// The text `tribbles explain CODE` prints.
pub fn explain(code: Code) -> String {
    let e = code.explanation();
    format!("{} ({}): {}\nrule: {}\n\n{}\n", code.id(), code.severity().keyword(), e.summary, e.rule, e.text)
}
