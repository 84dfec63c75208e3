//! The header's seating read again (ruling R4): where the turns of a game keep going out of turn
//! and another seating, two neighbours in each other's places or the whole table the other way
//! round, makes them follow, the `players:` line gave that seating wrong.

use super::Referee;
use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::model::PlayerId;
use crate::model::log::LineKind;

impl<'a> Referee<'a> {
    /// Whether a report from `mark` on is of a turn out of turn.
    pub(super) fn out_of_turn_since(&self, mark: usize) -> bool {
        self.diags.get(mark..).unwrap_or_default().iter().any(|d| d.code == Code::OutOfTurn)
    }

    /// The game read with the seating the turns follow, where the log as written drew a turn out
    /// of turn (R0301), its `players:` line (not a `position` block's) gave the seating, and one
    /// seating of those a slip of the pen makes of it (two neighbours swapped, the order
    /// reversed) draws no turn out of turn and, with the one report of the seating, fewer errors
    /// than as written, no other such seating tying it. `None` otherwise.
    #[cold]
    pub(super) fn seating_slip(&self) -> Option<Referee<'a>> {
        let standing = |r: &Referee<'a>, code: Option<Code>| {
            let reports = r.diags.iter().enumerate().skip(r.syntax_diags);
            reports
                .filter(|(i, d)| {
                    d.severity() == Severity::Error
                        && code.is_none_or(|c| d.code == c)
                        && !super::is_claimed(&r.claimed, *i)
                })
                .count()
        };
        let out_of_turn = standing(self, Some(Code::OutOfTurn));
        let written = standing(self, None);
        if self.speculating || out_of_turn == 0 || written < 2 || self.seat_override.is_some() {
            return None;
        }
        let lines = &self.log.lines;
        lines.iter().find(|l| matches!(l.kind, LineKind::Players(_)))?;
        if lines.iter().any(|l| matches!(l.kind, LineKind::PositionStart)) {
            return None;
        }
        let seating: Vec<PlayerId> = self.log.names.ids().collect();
        let mut best: Option<(usize, Referee<'a>, Vec<PlayerId>)> = None;
        let mut tied = false;
        for other in slips_of(&seating) {
            let mut r = Referee::new(self.log, self.diags.get(..self.syntax_diags)?.to_vec());
            r.keep_events = self.keep_events;
            r.seat_override = Some(other.clone());
            r.seating_tried = true;
            r.run();
            // Past the header, whose report of the seating is one.
            if r.seating_failed || r.out_of_turn_since(r.setup_diags) {
                continue;
            }
            let errors = standing(&r, None);
            match &best {
                Some((e, ..)) if *e < errors => {}
                Some((e, ..)) if *e == errors => tied = true,
                _ => {
                    tied = false;
                    best = Some((errors, r, other));
                }
            }
        }
        let (errors, mut r, _) = best?;
        r.seating_tried = false;
        (!tied && errors < written).then_some(r)
    }

    /// The report of the seating read in place of the `players:` line's (made as the header is
    /// read, so that an `expect` line after it may claim it).
    pub(super) fn seating_report(&mut self, other: &[PlayerId]) {
        let lines = &self.log.lines;
        let Some(header) = lines.iter().find(|l| matches!(l.kind, LineKind::Players(_))) else { return };
        let names: Vec<&str> = other.iter().map(|q| self.name(*q)).collect();
        let seating = self.log.names.ids();
        let swapped: Vec<&str> =
            seating.zip(other).filter(|(a, b)| a != *b).map(|(a, _)| self.log.names.get(a)).collect();
        let how = match swapped.as_slice() {
            [a, b] => format!("{a} and {b} seem to be written in each other's places"),
            _ => "the seating seems to be written the other way round".to_string(),
        };
        let d =
            Diagnostic::new(Code::OutOfTurn, header.span, format!("the turns follow the seating {}", names.join(", ")))
                .label("not the seating the turns show")
                .help(format!("read with `players: {}`, every turn comes in order: {how}", names.join(", ")));
        self.report(d);
    }
}

/// The seatings a slip of the pen makes of `seating` (clockwise from its first): each two
/// neighbours round the table swapped, and the order reversed, each table once (a seating and its
/// turn by one seat are the same table).
fn slips_of(seating: &[PlayerId]) -> Vec<Vec<PlayerId>> {
    let n = seating.len();
    if n < 3 {
        return Vec::new();
    }
    let mut reversed = seating.to_vec();
    reversed[1..].reverse();
    let swaps = (0..n).map(|i| {
        let mut s = seating.to_vec();
        s.swap(i, (i + 1) % n);
        s
    });
    let mut seen: Vec<Vec<PlayerId>> = vec![table(seating)];
    let mut slips = Vec::new();
    for s in swaps.chain(std::iter::once(reversed)) {
        let t = table(&s);
        if !seen.contains(&t) {
            seen.push(t);
            slips.push(s);
        }
    }
    slips
}

/// `seating` turned to start from its lowest player: one form for one table.
fn table(seating: &[PlayerId]) -> Vec<PlayerId> {
    let start = seating.iter().enumerate().min_by_key(|(_, q)| **q).map_or(0, |(i, _)| i);
    seating[start..].iter().chain(&seating[..start]).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[usize]) -> Vec<PlayerId> {
        v.iter().map(|&i| PlayerId(i as u8)).collect()
    }

    #[test]
    fn the_slips_of_a_table_are_each_other_table_once() {
        // Three players: every swap is the table the other way round.
        assert_eq!(slips_of(&ids(&[0, 1, 2])), vec![ids(&[1, 0, 2])]);
        // Four: four swaps (the last the first and fourth seats) and the reversal.
        let four = slips_of(&ids(&[0, 1, 2, 3]));
        assert_eq!(four.len(), 5);
        assert!(four.contains(&ids(&[0, 3, 2, 1])));
        assert!(four.contains(&ids(&[3, 1, 2, 0])));
        assert!(slips_of(&ids(&[0, 1])).is_empty());
    }
}
