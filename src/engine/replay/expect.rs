//! `expect` lines (FORMAT.md §12): each assertion evaluated against the state where it stands;
//! an expected report (`expect error CODE`) claims the turn's reports of that code, which are then
//! not failures, and `expect clean` holds when nothing unclaimed was flagged so far.

use super::{ExpectAnswers, Flagged, LISTED, Referee, counted, event_listing, is_claimed, listed, listing, same_event};
use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::model::Denomination;
use crate::model::log::{Expectation, Line};

/// [`listing`] of `total` items of which `first` yields the first (or as many as are to be shown).
fn listing_of(first: impl Iterator<Item = impl std::fmt::Display>, total: usize, sep: &str) -> String {
    let (mut text, shown) = listed(first, sep);
    counted(&mut text, total.saturating_sub(shown), sep);
    text
}
impl<'a> Referee<'a> {
    /// Evaluates an `expect` line.
    pub(super) fn expect(&mut self, e: &Expectation, line: &Line) {
        let span = line.span;
        let unverifiable = |r: &mut Self, why: &str| {
            r.report(
                Diagnostic::new(Code::ExpectationUnverified, span, "the expectation cannot be checked")
                    .label(why.to_string()),
            );
        };
        let fail = |r: &mut Self, label: String, help: Option<String>| {
            let mut d = Diagnostic::new(Code::ExpectationFailed, span, "the expectation does not hold").label(label);
            d.help = help;
            r.report(d);
        };
        match e {
            Expectation::Next(p) => {
                if self.state.fog.turn_order {
                    return unverifiable(self, "the turn order is not followed here");
                }
                if self.state.next != Some(*p) {
                    let actual =
                        self.state.next.map_or("nobody (the round is over)".to_string(), |q| self.name(q).to_string());
                    fail(self, format!("it is {actual}'s turn"), None);
                }
            }
            Expectation::Chain(d) => {
                if self.state.fog.next_play {
                    return unverifiable(self, "the chain is not followed here");
                }
                let next = self.state.chain.last.map_or(Denomination::One, Denomination::next);
                if next != *d {
                    fail(self, format!("the chain continues with {next}"), None);
                }
            }
            Expectation::Hand { player, count } => match self.state.player(*player).hand.len() {
                Some(n) if n != *count => fail(self, format!("{} holds {n}", self.name(*player)), None),
                Some(_) => {}
                None => unverifiable(self, "the hand's size is not known here"),
            },
            Expectation::Event(ev) => {
                let group = (self.group_start, self.events.len());
                if self.expect_answers.as_ref().is_none_or(|a| a.group != group) {
                    let happened =
                        event_listing(self.events[self.group_events..].iter().map(|l| &l.event), &self.log.names);
                    let help = if happened.is_empty() {
                        "nothing happened".to_string()
                    } else {
                        format!("what happened: {happened}")
                    };
                    self.expect_answers =
                        Some(ExpectAnswers { group, answers: std::collections::HashMap::new(), help });
                }
                let text = ev.display(&self.log.names).to_string();
                let known = self.expect_answers.as_ref().and_then(|a| a.answers.get(&text).copied());
                let happened = || self.events[self.group_events..].iter().any(|l| same_event(&l.event, ev));
                let found = known.unwrap_or_else(happened);
                debug_assert_eq!(found, happened(), "the kept answer of {ev:?} no longer holds");
                let help = self.expect_answers.as_mut().map(|a| {
                    a.answers.insert(text, found);
                    a.help.clone()
                });
                if !found {
                    fail(self, "this did not happen in the turn above".to_string(), help);
                }
            }
            Expectation::Points(list) | Expectation::Totals(list) => {
                if self.state.fog.scores {
                    return unverifiable(self, "the scores are not followed here");
                }
                let round = matches!(e, Expectation::Points(_));
                for c in list {
                    let pl = self.state.player(c.player);
                    let got = if round { pl.round_points } else { pl.score };
                    let more = pl.may_add.filter(|(r, _)| !round || *r == self.state.round).map_or(0, |(_, v)| v.0);
                    if got != c.points && got.0.saturating_add(more) != c.points.0 {
                        let who = self.name(c.player);
                        let label = if round {
                            format!("{who} scored {got} this round")
                        } else {
                            format!("{who}'s total is {got}")
                        };
                        fail(self, label, None);
                    }
                }
            }
            Expectation::Winner(list) => {
                let best = self.state.players.iter().map(|p| p.score).max().unwrap_or_default();
                let ok = list.iter().all(|q| self.state.player(*q).score == best)
                    && self.state.seating.iter().filter(|q| self.state.player(**q).score == best).count() == list.len();
                if !ok && !self.state.fog.scores && !self.state.scores_open() {
                    fail(self, format!("the highest total is {best}"), None);
                }
            }
            Expectation::Diagnostic { severity, code } => {
                // "The line above": what was flagged from the group's first line up to here. Only
                // the reports from before the groups (the syntax stage's, and the setup's on a
                // header line) and the rules' since the group began can be there.
                let in_group = |d: &Diagnostic| d.span.start >= self.group_start && d.span.start < span.start;
                let early = self.setup_diags;
                let rules = early.max(self.group_diags)..self.diags.len();
                debug_assert!(
                    (early..self.group_diags).all(|i| !in_group(&self.diags[i])),
                    "a report of the rules on the group's lines came before the group began"
                );
                let diags = &self.diags;
                let starts = self.early_starts.get_or_insert_with(|| {
                    let mut starts: Vec<(u32, usize)> =
                        diags[..early].iter().enumerate().map(|(i, d)| (d.span.start, i)).collect();
                    starts.sort_unstable();
                    starts
                });
                let from = starts.partition_point(|(s, _)| *s < self.group_start);
                let to = starts.partition_point(|(s, _)| *s < span.start).max(from);
                let mut candidates: Vec<usize> = starts[from..to].iter().map(|(_, i)| *i).collect();
                candidates.sort_unstable();
                candidates.extend(rules.clone().filter(|&i| in_group(&self.diags[i])));
                debug_assert_eq!(
                    candidates,
                    (0..self.diags.len())
                        .filter(|&i| (i < early || i >= self.group_diags) && in_group(&self.diags[i]))
                        .collect::<Vec<_>>(),
                    "the index of the reports from before the groups missed one"
                );
                // A report the group's lines raised about an earlier line, with a label on one of
                // them (a turn out of turn, found when a later line withdraws the reading that
                // had explained it: ruling F5), is flagged on the line above too.
                let related_here =
                    |d: &Diagnostic| d.related.iter().any(|(s, _)| s.start >= self.group_start && s.start < span.start);
                candidates.extend(rules.filter(|&i| !in_group(&self.diags[i]) && related_here(&self.diags[i])));
                let matching: Vec<usize> = candidates
                    .iter()
                    .copied()
                    .filter(|&i| !is_claimed(&self.claimed, i))
                    .filter(|&i| {
                        let d = &self.diags[i];
                        d.severity() == *severity && code.as_deref().is_none_or(|c| d.code.id() == c)
                    })
                    .collect();
                if matching.is_empty() {
                    let found = listing(candidates.iter().map(|&i| Flagged(&self.diags[i])), ", ");
                    let what = code
                        .as_deref()
                        .map_or(severity.keyword().to_string(), |c| format!("{} {c}", severity.keyword()));
                    let mut d = Diagnostic::new(
                        Code::ExpectedDiagnosticMissing,
                        span,
                        format!("expected {what} on the line above"),
                    )
                    .label("not reported");
                    if !found.is_empty() {
                        d = d.help(format!("reported there: {found}"));
                    }
                    self.report(d);
                } else {
                    for i in matching {
                        if self.claimed.len() <= i {
                            self.claimed.resize(i + 1, false);
                        }
                        self.claimed[i] = true;
                        if *severity != Severity::Note {
                            self.flags.unclaimed -= 1;
                        }
                    }
                }
            }
            Expectation::Clean => {
                let first = self.flags.first_unclaimed(&self.claimed);
                debug_assert_eq!(
                    first,
                    (0..self.diags.len())
                        .filter(|&i| !is_claimed(&self.claimed, i) && self.diags[i].severity() != Severity::Note)
                        .take(LISTED)
                        .collect::<Vec<_>>(),
                    "the list of flags lost one"
                );
                if !first.is_empty() {
                    let flagged =
                        listing_of(first.iter().map(|&i| self.diags[i].code.id()), self.flags.unclaimed, ", ");
                    fail(self, "the log has been flagged".to_string(), Some(format!("flagged so far: {flagged}")));
                }
            }
        }
    }
}
