//! A hand looked back on double-dummy: for every card played, the most tricks the playing side
//! could still take before it and after it (under the Double Sar heap, collect: R-COLLECT), with
//! best play by everyone and every hand open. A card after which the side can take fewer cost
//! that many tricks; the review names a card that would have kept them.
//!
//! Tricks are not what a hand scores: it scores who reaches seven first and whether that is a
//! court. So while the race is open each card is also valued by how the hand ends for its side
//! ([`Outcome`]), and a card that makes that worse cost its side the hand or a court, whatever it
//! did to the count of tricks. A card that loses tricks the race no longer needs costs nothing
//! the hand scores; once the race is over (a side playing on for all thirteen, R-PLAYON, or
//! every trick played out, `V-STOP=all`) the tricks are what is left to lose.
//!
//! Under Mindi the hand is played for tens (RM-WIN, RM-KOT): every card is valued by how the hand
//! ends, and what a side could still collect is counted in tens.
//!
//! At a table of four the [`Solver`] answers; at a table of two (Hokm for two, R2-SCORE), where
//! a side is one player and a court the first seven tricks, the [`Duel`].

use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::{
    Call, Card, Count, GameRecord, Intent, Mode, Phase, PlayState, RecordError, RuleSet, Scoring, Seat,
    SeatView, Side, Trick,
};

use crate::duel::{Duel, duels};
use crate::solver::{Solver, solves};

/// How a hand ends for a side with best play by everyone from a position, as the scoring asks:
/// the race to seven tricks (R-SEVEN; seven collected under the heap, R-DSWIN), whether its
/// winner takes it as a court (R-COURT; under the heap every trick collected, R-DSKOT), and in
/// Single Sar, where the scoring rewards them (R-PLAYON), all thirteen. Worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The other side takes all thirteen tricks.
    FiftyTwoAgainst,
    /// The other side wins the hand as a court.
    CourtAgainst,
    Lost,
    Won,
    /// The side wins the hand as a court.
    Court,
    /// The side takes all thirteen tricks.
    FiftyTwo,
}

/// What a review counts a side could still take, in [`CardReview::before`] and `after`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Tricks,
    /// Tricks collected from the Double Sar heap (R-COLLECT).
    Collected,
    /// Tens collected (Mindi, RM-HEAP).
    Tens,
}

impl Unit {
    pub fn of(rules: &RuleSet) -> Unit {
        match (rules.count, rules.mode) {
            (Count::Tens, _) => Unit::Tens,
            (Count::Tricks, Mode::DoubleSar) => Unit::Collected,
            (Count::Tricks, Mode::SingleSar) => Unit::Tricks,
        }
    }
}

impl Outcome {
    /// The same end, for the other side.
    pub fn for_the_other_side(self) -> Outcome {
        match self {
            Outcome::FiftyTwoAgainst => Outcome::FiftyTwo,
            Outcome::CourtAgainst => Outcome::Court,
            Outcome::Lost => Outcome::Won,
            Outcome::Won => Outcome::Lost,
            Outcome::Court => Outcome::CourtAgainst,
            Outcome::FiftyTwo => Outcome::FiftyTwoAgainst,
        }
    }

    /// The end for a side that `won` the hand or lost it, as a `court` or not, and that court
    /// carried to all thirteen tricks (`fifty_two`) or not.
    pub fn new(won: bool, court: bool, fifty_two: bool) -> Outcome {
        match (fifty_two, court, won) {
            (true, _, true) => Outcome::FiftyTwo,
            (true, _, false) => Outcome::FiftyTwoAgainst,
            (false, true, true) => Outcome::Court,
            (false, true, false) => Outcome::CourtAgainst,
            (false, false, true) => Outcome::Won,
            (false, false, false) => Outcome::Lost,
        }
    }
}

/// The exact search that answers a review's questions at the table's seats.
enum Search<'a> {
    /// Four seats in two teams.
    Teams(&'a mut Solver),
    /// A table of two (Hokm for two).
    Two(Duel),
}

impl Search<'_> {
    /// The most tricks `side` can still take from `pos` (under the heap, collect: those on it
    /// included), every trick played; under Mindi the most tens.
    fn most(&mut self, pos: &PlayState, side: Side) -> u8 {
        match self {
            Search::Teams(solver) if pos.counts_tens() => solver.max_tens(pos, side),
            Search::Teams(solver) => solver.max_tricks(pos, side),
            Search::Two(duel) => duel.max_tricks(pos, side),
        }
    }

    /// How `side`'s hand ends from `pos`, the tricks counted so far included; `all_thirteen`:
    /// the scoring rewards a court carried to all thirteen tricks.
    fn end(&mut self, pos: &PlayState, side: Side, all_thirteen: bool) -> Outcome {
        let (end, heap) = match self {
            Search::Teams(solver) if pos.counts_tens() => (solver.tens_end(pos, side), true),
            Search::Teams(solver) => {
                let taken = pos.taken();
                let counted = [taken[side.index()], taken[side.other().index()]];
                let heap = pos.heap().is_some();
                (solver.race_end(pos, side, counted, heap), heap)
            }
            Search::Two(duel) => (duel.race_end(pos, side), false),
        };
        let fifty_two = end.court && all_thirteen && !heap && self.can_take_all(pos, end.winner);
        Outcome::new(end.winner == side, end.court, fifty_two)
    }

    /// Can `side` take every trick left?
    fn can_take_all(&mut self, pos: &PlayState, side: Side) -> bool {
        match self {
            Search::Teams(solver) => solver.can_take_all(pos, side),
            Search::Two(duel) => duel.can_take_all(pos, side),
        }
    }
}

/// Does the scoring reward all thirteen tricks above a court: Single Sar, but not Hokm's
/// scoring, which stops at a court (R-PLAYON, `V-SCORING`)?
fn rewards_all_thirteen(rules: &RuleSet) -> bool {
    rules.mode == Mode::SingleSar && rules.scoring != Scoring::Hokm
}

/// Is the race to seven still open at `pos`: neither side has counted its seventh trick?
fn race_open(pos: &PlayState) -> bool {
    pos.taken().iter().all(|&t| t < SEVEN)
}

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
    /// heap included); under Mindi, tens ([`Unit`]).
    pub before: u8,
    pub after: u8,
    /// A card that would have kept `before`, when this one did not.
    pub better: Option<Card>,
    /// While the race to seven is open (under Mindi, to the end), how the hand ends for the
    /// seat's side before the card and after it.
    pub outcome_before: Option<Outcome>,
    pub outcome_after: Option<Outcome>,
    /// A card that would have kept `outcome_before`, when this one did not.
    pub keeps: Option<Card>,
}

impl CardReview {
    /// Tricks the card cost its side.
    pub fn cost(&self) -> u8 {
        self.before.saturating_sub(self.after)
    }

    /// Did the card make the hand end worse for its side?
    pub fn worse_end(&self) -> bool {
        matches!((self.outcome_before, self.outcome_after), (Some(b), Some(a)) if a < b)
    }

    /// Did the card cost its side what the hand scores: a worse end while the race is open,
    /// or tricks once it is over?
    pub fn costly(&self) -> bool {
        self.worse_end() || (self.outcome_before.is_none() && self.cost() > 0)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error("the record does not replay: {0}")]
    Record(#[from] RecordError),
    #[error(
        "a review counts tricks, or tricks collected from the Double Sar heap, at a table of four in two teams or a table of two, with trumps called in the open and no 2♥ above the trumps (Satat); under the heap aces collect as other cards (V-ACE) and trumps hold no collection back; these rules are not reviewed yet"
    )]
    Rules,
    #[error("the hand is not over: its cards are not all known yet")]
    NotOver,
}

/// The first trick a review looks at unless asked for earlier ones: the first, but under Mindi
/// the fifth. Where the tens count, a ten is never equivalent to its neighbours and the table
/// keeps answers only for positions whose tens stand alike, so the first tricks of a whole deal
/// take the solver minutes (measured 2026-12-07: one hand's first trick about 160 s, the second
/// 11 s, the third 3 s, the fourth on about 1 s, dev build), where from the fifth a hand takes a
/// fraction of a second.
pub fn first_trick(rules: &RuleSet) -> u8 {
    if rules.count == Count::Tens { 5 } else { 1 }
}

/// Which cards of a record a review looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scope {
    /// Each hand from this trick on (1 for all: the first tricks of a full deal take the solver
    /// longest).
    pub from_trick: u8,
    /// Only this hand (numbered from 1), or every hand.
    pub hand: Option<u32>,
}

impl Scope {
    /// Every card of every hand.
    pub const ALL: Scope = Scope {
        from_trick: 1,
        hand: None,
    };

    /// Every hand from trick `from_trick` on.
    pub fn from_trick(from_trick: u8) -> Scope {
        Scope {
            from_trick,
            ..Scope::ALL
        }
    }

    fn takes(&self, hand: u32, pos: &PlayState) -> bool {
        self.hand.is_none_or(|h| h == hand) && pos.tricks_played() + 1 >= self.from_trick
    }
}

/// Reviews the cards of trick play in `record` that `scope` takes. `solver` answers at a table
/// of four; a table of two is searched by a duel of its own.
pub fn review(
    record: &GameRecord,
    solver: &mut Solver,
    scope: Scope,
) -> Result<Vec<CardReview>, ReviewError> {
    reviewable(&record.rules)?;
    // replayed first, so that a bad record is refused before any solving
    record.replay()?;
    let mut m = record.start()?;
    let mut reviewer = Reviewer::new(solver, &record.rules);
    for (i, mv) in record.moves.iter().enumerate() {
        m.advance();
        if let Intent::Play { card } = mv.intent
            && m.round().phase() == Phase::TrickPlay
        {
            let pos = PlayState::from_round(m.round());
            if scope.takes(mv.hand, &pos) && pos.legal().contains(card) && pos.to_play() == mv.seat {
                reviewer.card(&pos, mv.hand, card);
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
    Ok(reviewer.out)
}

/// Reviews the hand a seat's view shows once it is over: the tricks played and the cards every
/// seat still held, shown at the end (R-ENDSEEN), make the whole deal. A card that did not
/// follow and stood (`V-REVOKE=penalty`) ends the review there. The cards before
/// [`first_trick`] are not looked at.
pub fn review_hand(
    view: &SeatView,
    rules: &RuleSet,
    solver: &mut Solver,
) -> Result<Vec<CardReview>, ReviewError> {
    reviewable(rules)?;
    let (Some(shown), Some(first)) = (view.shown_hands, view.tricks.first()) else {
        return Err(ReviewError::NotOver);
    };
    let mut hands = shown;
    for trick in &view.tricks {
        for (seat, card) in trick.plays() {
            hands[seat.index()].insert(card);
        }
    }
    let mut pos = PlayState::new(hands, first.trumps(), first.leader, rules).with_caller(view.caller);
    let mut reviewer = Reviewer::new(solver, rules);
    let from = first_trick(rules);
    for (seat, card) in view.tricks.iter().flat_map(Trick::plays) {
        if pos.to_play() != seat || !pos.legal().contains(card) {
            break;
        }
        if pos.tricks_played() + 1 >= from {
            reviewer.card(&pos, view.hand_no, card);
        }
        pos.play(card);
    }
    Ok(reviewer.out)
}

/// Are these rules ones the solver counts ([`solves`]) or, at a table of two, the duel
/// ([`duels`]), with trumps called in the open? (A record does not say which suit a face-down
/// indicator was until it is shown.)
pub fn reviewable(rules: &RuleSet) -> Result<(), ReviewError> {
    if (solves(rules) || duels(rules)) && rules.call != Call::Hidden {
        Ok(())
    } else {
        Err(ReviewError::Rules)
    }
}

/// Values each card in turn.
struct Reviewer<'a> {
    search: Search<'a>,
    /// The value of the last position after a card, which is the next card's position before
    /// it when the same side plays it (a trick's winner leading again).
    known: Option<(PlayState, Side, u8)>,
    /// How the hand ends from the last position after a card, for the side that played it: the
    /// next card's position before it, for either side.
    known_end: Option<(PlayState, Side, Outcome)>,
    all_thirteen: bool,
    out: Vec<CardReview>,
}

impl<'a> Reviewer<'a> {
    fn new(solver: &'a mut Solver, rules: &RuleSet) -> Reviewer<'a> {
        let search = if duels(rules) {
            Search::Two(Duel::new())
        } else {
            Search::Teams(solver)
        };
        Reviewer {
            search,
            known: None,
            known_end: None,
            all_thirteen: rewards_all_thirteen(rules),
            out: Vec::new(),
        }
    }

    /// How the hand ends for `team` from `pos`, while the race is open (under Mindi, the tens
    /// decide to the end).
    fn end_before(&mut self, pos: &PlayState, team: Side) -> Option<Outcome> {
        if !race_open(pos) && !pos.counts_tens() {
            return None;
        }
        Some(match self.known_end {
            Some((p, t, end)) if p == *pos && t == team => end,
            Some((p, _, end)) if p == *pos => end.for_the_other_side(),
            _ => self.search.end(pos, team, self.all_thirteen),
        })
    }

    /// Reviews `card`, legal for the seat to play at `pos`.
    fn card(&mut self, pos: &PlayState, hand: u32, card: Card) {
        let seat = pos.to_play();
        let team = pos.seats().side(seat);
        let before = match self.known {
            Some((p, t, v)) if p == *pos && t == team => v,
            _ => self.search.most(pos, team),
        };
        // the position after `card`, and the tricks (tens) the side takes from there: what the
        // trick it may have completed gave it, then the rest
        let value = |search: &mut Search, card: Card| {
            let mut next = *pos;
            next.play(card);
            let gained = if pos.counts_tens() {
                next.tens()[team.index()] - pos.tens()[team.index()]
            } else {
                next.taken()[team.index()] - pos.taken()[team.index()]
            };
            let rest = search.most(&next, team);
            (next, rest, gained + rest)
        };
        let (next, rest, after) = value(&mut self.search, card);
        let better = (after < before)
            .then(|| {
                pos.legal()
                    .iter()
                    .find(|&c| value(&mut self.search, c).2 == before)
            })
            .flatten();
        self.known = Some((next, team, rest));
        let outcome_before = self.end_before(pos, team);
        let all_thirteen = self.all_thirteen;
        let mut ends = |card: Card| {
            let mut next = *pos;
            next.play(card);
            self.search.end(&next, team, all_thirteen)
        };
        let outcome_after = outcome_before.map(|_| ends(card));
        let keeps = match (outcome_before, outcome_after) {
            (Some(b), Some(a)) if a < b => pos.legal().iter().find(|&c| ends(c) == b),
            _ => None,
        };
        self.known_end = outcome_after.map(|end| (next, team, end));
        self.out.push(CardReview {
            hand,
            trick: pos.tricks_played() + 1,
            seat,
            card,
            before,
            after,
            better,
            outcome_before,
            outcome_after,
            keeps,
        });
    }
}
