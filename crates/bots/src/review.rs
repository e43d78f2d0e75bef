//! A hand looked back on double-dummy: for every card played, the most tricks the playing side
//! could still take before it and after it (under the Double Sar heap, collect: R-COLLECT), with
//! best play by everyone and every hand open. A card after which the side can take fewer cost
//! that many tricks; the review names a card that would have kept them.

use courtpiece_rules::{
    Call, Card, Collect, Count, GameRecord, Intent, Mode, Phase, PlayState, RecordError, Seat, Side, Waits,
};

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
    /// included), and after it; under the heap, the most it could still collect (those on the
    /// heap included).
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
        "a review counts tricks, or tricks collected from the Double Sar heap, at a table of four in two teams with trumps called in the open, no 2♥ above the trumps (Satat) and no tens counted (Mindi); under the heap aces collect as other cards (V-ACE) and trumps hold no collection back; these rules are not reviewed yet"
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
    let heap = Collect::of(rules);
    if !rules.seats().in_teams()
        || (rules.mode == Mode::DoubleSar && (heap.ace_blocks || heap.waits != Waits::Never))
        || rules.count != Count::Tricks
        || matches!(rules.call, Call::Hidden | Call::FirstVoid)
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
                // the position after `card`, and the tricks the side takes from there: what
                // the trick it may have completed gave it, then the rest
                let value = |solver: &mut Solver, card: Card| {
                    let mut next = pos;
                    next.play(card);
                    let now = next.taken()[team.index()] - pos.taken()[team.index()];
                    let rest = solver.max_tricks(&next, team);
                    (next, rest, now + rest)
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
