//! The lines of a `position` block (FORMAT.md §10). The block becomes a permissive setup here;
//! the engine turns it into a state and reports every inconsistency.

use super::token::{Cx, PErr, R, fail, kw, number, sep};
use crate::diagnostics::Code;
use crate::model::log::{ChainSetting, Direction, LineKind, PositionLine};
use nom::Parser;
use nom::character::complete::space1;

impl Cx<'_> {
    pub fn position_line<'a>(&self, i: &'a str) -> R<'a, LineKind> {
        let (r, line) = self.position_inner(i)?;
        Ok((r, LineKind::Position(line)))
    }

    fn position_inner<'a>(&self, i: &'a str) -> R<'a, PositionLine> {
        if let Ok((r, _)) = (kw("round"), space1::<&str, PErr>).parse(i) {
            let (r, n) = number(r)?;
            return match u32::try_from(n) {
                Ok(n) if n >= 1 => Ok((r, PositionLine::Round(n))),
                _ => fail(i, Code::BadNumber, "rounds are numbered from 1"),
            };
        }
        if let Ok((r, _)) = (kw("sitting"), space1, kw("out"), sep(':')).parse(i) {
            let (r, list) = self.player_list(r)?;
            return Ok((r, PositionLine::SittingOut(list)));
        }
        if let Ok((r, _)) = (kw("score"), space1, kw("waiting"), sep(':')).parse(i) {
            let (r, player) = self.player(r)?;
            let (r, _) = (space1, kw("on"), space1)
                .parse(r)
                .or_else(|_: nom::Err<PErr>| fail(r, Code::BadPosition, "expected `on PLAYER`"))?;
            let (r, target) = self.player(r)?;
            return Ok((r, PositionLine::ScoreWaiting { player, target }));
        }
        if let Ok((r, _)) = (kw("pot"), sep(':')).parse(i) {
            if r.is_empty() {
                return Ok((r, PositionLine::Pot(Default::default())));
            }
            let (r, cards) = self.zone_cards(r)?;
            return Ok((r, PositionLine::Pot(cards)));
        }
        if let Ok((r, (tag, _))) = (super::token::word, sep(':')).parse(i) {
            match tag.to_ascii_lowercase().as_str() {
                "ruleset" => {
                    let (r, v) = rest_word(r);
                    return Ok((r, PositionLine::Ruleset(super::ruleset(v)?)));
                }
                "troubles" => {
                    let (r, v) = rest_word(r);
                    return Ok((r, PositionLine::Troubles(super::on_off(v)?)));
                }
                "players" => {
                    return Ok(("", PositionLine::Players(super::declare_players(self, r)?)));
                }
                "direction" => {
                    if let Ok((r, _)) = kw("clockwise")(r) {
                        return Ok((r, PositionLine::Direction(Direction::Clockwise)));
                    }
                    if let Ok((r, _)) = kw("counterclockwise")(r) {
                        return Ok((r, PositionLine::Direction(Direction::Counterclockwise)));
                    }
                    return fail(r, Code::BadPosition, "expected `clockwise` or `counterclockwise`");
                }
                "chain" => {
                    if let Ok((r, _)) = kw("start")(r) {
                        let (r, broken) = match (space1::<&str, PErr>, kw("broken")).parse(r) {
                            Ok((r, _)) => (r, true),
                            Err(_) => (r, false),
                        };
                        return Ok((r, PositionLine::Chain(ChainSetting::Start { broken })));
                    }
                    let (r, denomination) = self.denomination(r)?;
                    let (r, broken) = match (space1::<&str, PErr>, kw("broken")).parse(r) {
                        Ok((r, _)) => (r, true),
                        Err(_) => (r, false),
                    };
                    return Ok((r, PositionLine::Chain(ChainSetting::Last { denomination, broken })));
                }
                "turn" => {
                    let (r, p) = self.player(r)?;
                    return Ok((r, PositionLine::Turn(p)));
                }
                "decked" => {
                    let (r, list) = self.player_list(r)?;
                    return Ok((r, PositionLine::Decked(list)));
                }
                "trouble" => return Ok(("", PositionLine::Trouble(r.to_string()))),
                "frozen" => {
                    let (r, power) = match self.power_spec(r) {
                        Err(nom::Err::Error(_)) => {
                            return fail(r, Code::BadPosition, "expected the frozen power");
                        }
                        other => other?,
                    };
                    let (r, _) = (space1, kw("until"), space1)
                        .parse(r)
                        .or_else(|_: nom::Err<PErr>| fail(r, Code::BadPosition, "expected `until PLAYER`"))?;
                    let (r, until) = self.player(r)?;
                    return Ok((r, PositionLine::Frozen { power, until }));
                }
                _ => {}
            }
        }
        let (r, player) = match self.player(i) {
            Err(nom::Err::Error(_)) => {
                return fail(i, Code::BadPosition, "expected a position line such as `Dan hand: 1 Go, 3x ?`");
            }
            other => other?,
        };
        let (r, _) = space1(r)?;
        if let Ok((r, _)) = (kw("score"), sep(':')).parse(r) {
            let (r, points) = super::token::points(r)?;
            return Ok((r, PositionLine::Score { player, points }));
        }
        let (r, zone) = self
            .zone_word(r)
            .or_else(|_| fail(r, Code::BadPosition, "expected `hand`, `deck`, `pile`, `discard` or `score`"))?;
        let (r, _) = sep(':')(r)?;
        if r.is_empty() {
            return Ok((r, PositionLine::Zone { player, zone, cards: Default::default() }));
        }
        let (r, cards) = self.zone_cards(r)?;
        Ok((r, PositionLine::Zone { player, zone, cards }))
    }

    /// A zone's cards; `0x ?` is an empty zone.
    fn zone_cards<'a>(&self, i: &'a str) -> R<'a, crate::model::log::CardCounts> {
        let (r, mut cards) = self.card_list(i)?;
        cards.retain(|c| c.count > 0);
        Ok((r, cards))
    }
}

/// The rest of the line as one value.
fn rest_word(i: &str) -> (&str, &str) {
    ("", i.trim_end())
}
