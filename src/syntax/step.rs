//! Turn lines (`Player: step; step`), their steps and the choices after `use` (FORMAT.md §7).

use super::token::{Cx, PErr, R, count_of, fail, kw, number, points, word_end};
use crate::diagnostics::Code;
use crate::model::log::{Choice, ChoiceKind, Step, StepKind};
use crate::model::{Power, PowerSpec};
use nom::Parser;
use nom::character::complete::{space0, space1};

impl Cx<'_> {
    /// One step of a turn; the input is the step's text alone (split on `;`).
    pub fn step<'a>(&self, i: &'a str) -> R<'a, Step> {
        let start = i;
        let (rest, kind) = self.step_kind(i)?;
        Ok((rest, Step { kind, span: self.span(start, rest) }))
    }

    fn step_kind<'a>(&self, i: &'a str) -> R<'a, StepKind> {
        // Most steps are plays, which start with a digit; every keyword starts with a letter.
        // A digit that does not start a card is reported below, as any other unknown step is.
        if i.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            match self.card(i) {
                Ok((rest, card)) => {
                    let (rest, used) = self.use_clause(rest)?;
                    return Ok((rest, StepKind::Play { card, used }));
                }
                Err(nom::Err::Error(_)) => {}
                Err(e) => return Err(e),
            }
        }
        if let Ok((rest, _)) = kw("draw")(i) {
            let (rest, _) = space0(rest)?;
            if rest.is_empty() {
                return Ok((rest, StepKind::Draw { card: None }));
            }
            let (rest, card) = self.card(rest)?;
            return Ok((rest, StepKind::Draw { card: Some(card) }));
        }
        if let Ok((rest, _)) = kw("pass")(i) {
            let (rest, _) = space0(rest)?;
            if rest.is_empty() {
                return Ok((rest, StepKind::Pass { on: None }));
            }
            let (rest, _) = kw("on")(rest).or_else(|_| fail(rest, Code::BadStep, "expected `on N` after `pass`"))?;
            let (rest, _) = space1(rest)?;
            let (rest, d) = self.denomination(rest)?;
            return Ok((rest, StepKind::Pass { on: Some(d) }));
        }
        if let Ok((rest, _)) = kw("action")(i) {
            let (rest, _) = space1(rest)?;
            if let Ok((rest, _)) = kw("draw")(rest) {
                let (at, _) = space1(rest)?;
                let (rest, n) = number(at)?;
                let n = count_of(n, at)?;
                return Ok((rest, StepKind::ActionDraw(n)));
            }
            if let Ok((rest, _)) = kw("lose")(rest) {
                let (rest, _) = space1(rest)?;
                let (rest, p) = points(rest)?;
                return Ok((rest, StepKind::ActionLose(p)));
            }
            return fail(rest, Code::BadStep, "expected `action draw N` or `action lose N`");
        }
        if let Ok((rest, _)) = kw("place")(i) {
            let (rest, _) = space1(rest)?;
            let (rest, card) = self.card(rest)?;
            return Ok((rest, StepKind::Place(card)));
        }
        if let Ok((rest, _)) = kw("activate")(i) {
            let (rest, _) = space0(rest)?;
            let (rest, choices) = self.choices(rest)?;
            return Ok((rest, StepKind::Activate(choices)));
        }
        if let Ok((rest, _)) = kw("replay")(i) {
            let (rest, _) = space1(rest)?;
            let (rest, card) = self.card(rest)?;
            let (rest, used) = self.use_clause(rest)?;
            return Ok((rest, StepKind::Replay { card, used }));
        }
        if let Ok((rest, _)) = kw("skipped")(i) {
            return Ok((rest, StepKind::Skipped));
        }
        match self.card(i) {
            Ok((rest, card)) => {
                let (rest, used) = self.use_clause(rest)?;
                Ok((rest, StepKind::Play { card, used }))
            }
            Err(nom::Err::Error(_)) => {
                let word = super::token::word(i).map(|(_, w)| w).unwrap_or("");
                let steps = ["draw", "pass", "action", "place", "activate", "replay", "skipped"];
                let help = match crate::diagnostics::did_you_mean(word, steps) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => "a step is a card (`1000 Go`, `1000 Go use …`) or one of the step keywords".to_string(),
                };
                super::token::fail_with(
                    i,
                    super::token::token_len(i),
                    Code::BadStep,
                    "expected a card, `draw`, `pass`, `action`, `place`, `activate`, `replay` or `skipped`",
                    "not a step",
                    Some(help),
                )
            }
            Err(e) => Err(e),
        }
    }

    /// ` use CHOICES` after a played card, or nothing.
    fn use_clause<'a>(&self, i: &'a str) -> R<'a, Option<Box<[Choice]>>> {
        // Most steps end with their card.
        if i.is_empty() {
            return Ok((i, None));
        }
        let Ok((rest, _)) = (space1::<&str, PErr>, kw("use")).parse(i) else {
            return Ok((i, None));
        };
        let (rest, _) = space0(rest)?;
        let (rest, choices) = self.choices(rest)?;
        Ok((rest, Some(choices.into_boxed_slice())))
    }

    /// Choices separated by spaces, up to the end of the step.
    pub fn choices<'a>(&self, mut i: &'a str) -> R<'a, Vec<Choice>> {
        let mut out = Vec::new();
        while !i.is_empty() {
            let start = i;
            let (rest, kind) = self.choice(i)?;
            // Most uses make one choice: room for exactly one at first, so that boxing the list
            // does not reallocate.
            out.reserve_exact(usize::from(out.is_empty()));
            out.push(Choice { kind, span: self.span(start, rest) });
            let (rest, _) = space0(rest)?;
            if rest.len() == i.len() {
                break;
            }
            i = rest;
        }
        Ok((i, out))
    }

    fn choice<'a>(&self, i: &'a str) -> R<'a, ChoiceKind> {
        if i.starts_with('@') {
            let (rest, p) = self.at_player(i)?;
            return Ok((rest, ChoiceKind::Player(p)));
        }
        if let Ok((rest, _)) = kw("name")(i) {
            let (rest, _) = space1(rest)?;
            let (rest, p) = match self.power_spec(rest) {
                Err(nom::Err::Error(_)) => {
                    return fail(rest, Code::BadChoice, "expected a power after `name`");
                }
                other => other?,
            };
            return Ok((rest, ChoiceKind::Name(p)));
        }
        if let Ok((rest, _)) = kw("take")(i) {
            let (rest, _) = space1(rest)?;
            let (rest, c) = self.card(rest)?;
            return Ok((rest, ChoiceKind::Take(c)));
        }
        if let Ok((rest, _)) = kw("top")(i) {
            let (rest, _) = space1(rest)?;
            let (rest, c) = self.card_list(rest)?;
            return Ok((rest, ChoiceKind::Top(c)));
        }
        if let Ok((rest, _)) = kw("bottom")(i) {
            let (rest, _) = space1(rest)?;
            let (rest, c) = self.card_list(rest)?;
            return Ok((rest, ChoiceKind::Bottom(c)));
        }
        if let Ok((rest, _)) = kw("of")(i) {
            let (rest, _) = space1(rest)?;
            let (rest, p) = self.player(rest)?;
            return Ok((rest, ChoiceKind::Of(p)));
        }
        if i.starts_with(|c: char| c.is_ascii_digit() || c == '?') {
            let (rest, cards) = self.card_list(i)?;
            return Ok((rest, ChoiceKind::Cards(cards)));
        }
        if let Ok((_, Some(_))) = self.owner_prefix(i) {
            let (rest, cards) = self.card_list(i)?;
            return Ok((rest, ChoiceKind::Cards(cards)));
        }
        if let Ok((rest, PowerSpec::Single(p))) = self.half_name(i) {
            return Ok((rest, ChoiceKind::Half(p)));
        }
        if let Ok((_, w)) = super::token::word(i) {
            if self.find(w).is_some() {
                return super::token::fail_with(
                    i,
                    w.len(),
                    Code::BadChoice,
                    format!("a chosen player is written `@{w}`"),
                    "expected `@` before the name",
                    Some(format!("write `@{w}`")),
                );
            }
        }
        fail(
            i,
            Code::BadChoice,
            "expected a choice: `@Name`, `name POWER`, cards, `take CARD`, `top`, `bottom`, `of Name`",
        )
    }

    /// A bare known power name naming the half of a compound to use, without the unknown-power warning.
    fn half_name<'a>(&self, i: &'a str) -> R<'a, PowerSpec> {
        if let Ok((rest, _)) = (kw("time"), space1, kw("warp")).parse(i) {
            return Ok((rest, PowerSpec::Single(Power::TimeWarp)));
        }
        let (rest, w) = super::token::power_word(i)?;
        let (rest, _) = word_end(rest)?;
        match Power::from_name(w) {
            Some(p) => Ok((rest, PowerSpec::Single(p))),
            None => fail(i, Code::BadChoice, "not a power"),
        }
    }
}
