//! The match as the ECS keeps it: the table entity holds the match's progress, its record and the
//! board of the hand in play (the trick, the tricks played, the heap, the call and so trumps);
//! each seat entity holds its cards and tricks; the score is a resource. The rules crate's
//! [`Match`] is those parts put together: a system that changes the match takes it whole, lets
//! the rules change it, and puts each part back where it belongs.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use courtpiece_rules::{self as rules, GameRecord, Match, MatchParts, MatchScore, Seat};

/// The table itself: the entity that holds the match's [`Progress`], [`Record`] and [`Board`].
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableTop;

/// The match apart from its score and the hand in play (the rules, the seed, who sits where,
/// the hands played, whether it is over).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Progress(pub rules::Progress);

/// The table's part of the hand in play: the deal, the call, the trick on the table, the tricks
/// played, the heap.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Board(pub rules::Board);

/// Every intent applied so far: what the saves write and a resumed host replays.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Record(pub GameRecord);

/// A seat at the table.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatOf(pub Seat);

/// What a seat holds: its cards, its discards in Hokm for two, the tricks it won.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Holding(pub rules::Holding);

/// The match score and streaks.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score(pub MatchScore);

/// The match for the systems that change it.
#[derive(SystemParam)]
pub struct TableMut<'w, 's> {
    top: Single<'w, 's, (&'static mut Progress, &'static mut Board, &'static mut Record), With<TableTop>>,
    seats: Query<'w, 's, (&'static SeatOf, &'static mut Holding)>,
    score: ResMut<'w, Score>,
}

impl TableMut<'_, '_> {
    /// The match, whole, to change and [`Self::put`] back.
    pub fn take(&self) -> Match {
        let (progress, board, _) = &*self.top;
        Match::from_parts(MatchParts {
            progress: progress.0.clone(),
            score: self.score.0,
            board: board.0.clone(),
            holdings: holdings(self.seats.iter().map(|(seat, holding)| (seat, *holding))),
        })
    }

    /// Keeps `game` in the components, each part where it belongs.
    pub fn put(&mut self, game: Match) {
        let parts = game.into_parts();
        let (progress, board, _) = &mut *self.top;
        progress.0 = parts.progress;
        board.0 = parts.board;
        for (seat, mut holding) in &mut self.seats {
            holding.set_if_neq(Holding(parts.holdings[seat.0.index()]));
        }
        self.score.set_if_neq(Score(parts.score));
    }

    pub fn record(&self) -> &GameRecord {
        &self.top.2.0
    }

    /// Applies `seat`'s intent to `game` through the record, so that the record holds every
    /// applied intent.
    pub fn apply(
        &mut self,
        game: &mut Match,
        seat: Seat,
        intent: rules::Intent,
    ) -> Result<Vec<rules::Event>, rules::RuleError> {
        self.top.2.0.apply(game, seat, intent)
    }
}

/// Each seat's holding, in seat order, from the seat entities.
fn holdings<'a>(seats: impl Iterator<Item = (&'a SeatOf, Holding)>) -> [rules::Holding; 4] {
    let mut out = [rules::Holding::default(); 4];
    for (seat, holding) in seats {
        out[seat.0.index()] = holding.0;
    }
    out
}

/// The match and its record as the table's components hold them now, copied out, for those who
/// read them from outside the schedule: a command's last summary, tests.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub game: Match,
    pub record: GameRecord,
}

/// The match at the table in `world`, if one has started.
pub fn snapshot(world: &World) -> Option<Snapshot> {
    let mut top = world.try_query_filtered::<(&Progress, &Board, &Record), With<TableTop>>()?;
    let (progress, board, record) = top.single(world).ok()?;
    let mut seats = world.try_query::<(&SeatOf, &Holding)>()?;
    let parts = MatchParts {
        progress: progress.0.clone(),
        score: world.get_resource::<Score>()?.0,
        board: board.0.clone(),
        holdings: holdings(seats.iter(world).map(|(seat, holding)| (seat, *holding))),
    };
    Some(Snapshot {
        game: Match::from_parts(parts),
        record: record.0.clone(),
    })
}

/// Is a match at the table over? False before one starts.
pub fn match_over(world: &World) -> bool {
    world
        .try_query_filtered::<&Progress, With<TableTop>>()
        .and_then(|mut q| q.single(world).ok().map(|p| p.0.is_over()))
        .unwrap_or(false)
}
