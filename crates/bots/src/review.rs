//! A hand looked back on double-dummy: for every card played, the most tricks the playing side
//! could still take before it and after it, with best play by everyone and every hand open. A
//! card after which the side can take fewer cost that many tricks; the review names a card that
//! would have kept them.

use courtpiece_rules::{Call, Card, GameRecord, Intent, Mode, Phase, PlayState, RecordError, Seat, Side};

use crate::solver::Solver;

/// One card of a reviewed hand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CardReview {
    pub hand: u32,
    /// The trick it was played to, from 1.
    pub trick: u8,
    pub seat: Seat,
    pub card: Card,
    /// The most tricks the seat's side could still take before the card (the trick on the table
    /// included), and after it.
    pub before: u8,
    pub after: u8,
    /// A card that would have kept `before`, when this one did not.
    pub better: Option<Card>,
}

impl CardReview {
    /// Tricks the card cost its side.
    pub fn cost(&self) -> u8 {
        self.before.saturating_sub(self.after)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error("the record does not replay: {0}")]
    Record(#[from] RecordError),
    #[error(
        "a review counts tricks at a table of four in two teams, Single Sar, with trumps called in the open and no 2♥ above the trumps (Satat); these rules are not reviewed yet"
    )]
    Rules,
}

/// Reviews every card of trick play in `record` from trick `from_trick` of each hand on (1 for
/// all: the first tricks of a full deal take the solver longest).
pub fn review(
    record: &GameRecord,
    solver: &mut Solver,
    from_trick: u8,
) -> Result<Vec<CardReview>, ReviewError> {
    let rules = &record.rules;
    if !rules.seats().in_teams()
        || rules.mode != Mode::SingleSar
        || rules.call == Call::Hidden
        || rules.two_of_hearts
    {
        return Err(ReviewError::Rules);
    }
    // replayed first, so that a bad record is refused before any solving
    record.replay()?;
    let mut m = record.start()?;
    let mut out = Vec::new();
    // the value of the last position after a card, which is the next card's position before it
    // when the same side plays it (a trick's winner leading again)
    let mut known: Option<(PlayState, Side, u8)> = None;
    for (i, mv) in record.moves.iter().enumerate() {
        m.advance();
        if let Intent::Play { card } = mv.intent
            && m.round().phase() == Phase::TrickPlay
        {
            let pos = PlayState::from_round(m.round());
            let trick = pos.tricks_played() + 1;
            if trick >= from_trick && pos.legal().contains(card) && pos.to_play() == mv.seat {
                let team = pos.seats().side(mv.seat);
                let before = match known {
                    Some((p, t, v)) if p == pos && t == team => v,
                    _ => solver.max_tricks(&pos, team),
                };
                // the position after `card`, and the tricks the side takes from there: the
                // trick it may have completed, then the rest
                let value = |solver: &mut Solver, card: Card| {
                    let mut next = pos;
                    let won = next.play(card).is_some_and(|w| pos.seats().side(w) == team);
                    let rest = solver.max_tricks(&next, team);
                    (next, rest, u8::from(won) + rest)
                };
                let (next, rest, after) = value(solver, card);
                let better = (after < before)
                    .then(|| pos.legal().iter().find(|&c| value(solver, c).2 == before))
                    .flatten();
                known = Some((next, team, rest));
                out.push(CardReview {
                    hand: mv.hand,
                    trick,
                    seat: mv.seat,
                    card,
                    before,
                    after,
                    better,
                });
            }
        }
        m.apply(mv.seat, mv.intent).map_err(|error| {
            ReviewError::Record(RecordError::IllegalMove {
                index: i + 1,
                hand: mv.hand,
                seat: mv.seat,
                intent: mv.intent,
                error,
            })
        })?;
    }
    Ok(out)
}
