//! The table: the match (the one truth), the seat and table entities that mirror it, and the
//! systems that start a match, apply intents, deal and score.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use courtpiece_rules::{
    CardSet, Event, GameRecord, Heap, Intent, Match, MatchScore, Person, PlayOn, RuleError, RuleSet, Seat,
    Side, Trick,
};

use courtpiece_bots::Level;

use crate::controller::{BotBrain, Controller, StandIn};
use crate::messages::{Rejected, SeatIntent, TableEvent, ViewUpdate};
use crate::phase::{Decision, Phase};

/// The match in play and its record.
#[derive(Resource)]
pub struct Table {
    pub game: Match,
    pub record: GameRecord,
}

/// Start a match: the rules, the seed of the deals, and who plays; or, with `resume`, go on with
/// the match a record stopped in.
#[derive(Message, Clone, Debug)]
pub struct StartMatch {
    pub rules: RuleSet,
    pub seed: u64,
    /// Who plays for each person, in order: one a seat (`V-PLAYERS`), three in Dummy Rang.
    pub people: Vec<Controller>,
    pub resume: Option<GameRecord>,
}

/// A seat at the table.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatOf(pub Seat);

/// A person at the table, with who plays for them: they play their seat, and in Dummy Rang the
/// dummy too when they drive it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PersonOf(pub Person);

/// The side a seat plays for: its team at a table of four, the seat itself at fewer (§9).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideOf(pub Side);

/// The cards a seat holds.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand(pub CardSet);

/// Tricks a seat has won this hand.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TricksWon(pub u8);

/// The table itself: the trick on it and the Double Sar heap.
#[derive(Component, Debug, Default)]
pub struct TableTop;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CurrentTrick(pub Trick);

#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeapOnTable(pub Heap);

/// The match score and streaks.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score(pub MatchScore);

pub fn plugin(app: &mut App) {
    app.add_message::<StartMatch>()
        .init_resource::<Score>()
        .add_systems(
            Update,
            (start_match, apply_intents.run_if(resource_exists::<Table>)).chain(),
        )
        .add_systems(OnEnter(Phase::FirstDeal), step_match)
        .add_systems(OnEnter(Phase::SecondDeal), step_match)
        .add_systems(OnEnter(Phase::Scoring), step_match);
}

/// Writes what a change of the match means: events, views, components, the phase.
#[derive(SystemParam)]
pub struct Publisher<'w, 's> {
    events: MessageWriter<'w, TableEvent>,
    views: MessageWriter<'w, ViewUpdate>,
    state: Res<'w, State<Phase>>,
    next: ResMut<'w, NextState<Phase>>,
    decision: Option<Res<'w, State<Decision>>>,
    next_decision: ResMut<'w, NextState<Decision>>,
    score: ResMut<'w, Score>,
    seats: Query<'w, 's, (&'static SeatOf, &'static mut Hand, &'static mut TricksWon)>,
    top: Query<'w, 's, (&'static mut CurrentTrick, &'static mut HeapOnTable), With<TableTop>>,
}

impl Publisher<'_, '_> {
    pub fn publish(&mut self, game: &Match, events: Vec<Event>) {
        for e in events {
            self.events.write(TableEvent(e));
        }
        for seat in game.rules().seats().all() {
            self.views.write(ViewUpdate {
                seat,
                view: game.view(seat),
            });
        }
        let round = game.round();
        for (seat, mut hand, mut won) in &mut self.seats {
            hand.0 = round.hand(seat.0);
            won.0 = round.won()[seat.0.index()];
        }
        for (mut trick, mut heap) in &mut self.top {
            trick.0 = *round.trick();
            heap.0 = round.heap();
        }
        self.score.0 = *game.score();
        let target = if game.is_over() {
            Phase::MatchOver
        } else {
            Phase::of(game.phase())
        };
        if *self.state.get() != target {
            self.next.set(target);
        } else if let Some(decision) = &self.decision {
            let wanted = match round.play_on() {
                Some(PlayOn::Asked(_)) => Decision::PlayOn,
                _ => Decision::Card,
            };
            if *decision.get() != wanted {
                self.next_decision.set(wanted);
            }
        }
    }
}

/// The entities a match spawns: its seats, its people and the table top.
type OfTheTable = Or<(With<SeatOf>, With<PersonOf>, With<TableTop>)>;

fn start_match(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch>,
    old: Query<Entity, OfTheTable>,
    mut publisher: Publisher,
) {
    let Some(start) = starts.read().last().cloned() else {
        return;
    };
    let (record, game) = match start.resume {
        Some(record) => match record.replay() {
            Ok(game) => (record, game),
            Err(e) => {
                error!("the saved match could not be resumed: {e}");
                return;
            }
        },
        None => {
            let record = GameRecord::new(&start.rules, start.seed);
            match record.start() {
                Ok(game) => (record, game),
                Err(e) => {
                    error!("the rules of the match were refused: {e}");
                    return;
                }
            }
        }
    };
    let seats = game.rules().seats();
    if start.people.len() != seats.people() {
        error!(
            "a table of {} people needs a controller for each; {} were given",
            seats.people(),
            start.people.len()
        );
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for seat in seats.all() {
        commands.spawn((
            SeatOf(seat),
            SideOf(seats.side(seat)),
            Hand::default(),
            TricksWon::default(),
        ));
    }
    for (person, &controller) in game.seating().all().zip(&start.people) {
        let mut entity = commands.spawn((PersonOf(person), controller));
        let bot_seed = start.seed.wrapping_mul(4).wrapping_add(person.index() as u64);
        match controller {
            Controller::Bot(level) => entity.insert(BotBrain(level.bot(bot_seed))),
            Controller::Local | Controller::Remote(_) => entity.insert(StandIn(Level::Medium.bot(bot_seed))),
        };
    }
    commands.spawn((
        TableTop,
        CurrentTrick(*game.round().trick()),
        HeapOnTable::default(),
    ));
    // a match resumed mid-hand has no opening to announce: its views say where it stands
    let opening = match game.round().phase() {
        courtpiece_rules::Phase::Cut => vec![game.round().opening_event()],
        _ => Vec::new(),
    };
    publisher.publish(&game, opening);
    commands.insert_resource(Table { game, record });
}

/// Applies the intents that seats sent (the local player, the network).
fn apply_intents(
    mut table: ResMut<Table>,
    mut intents: MessageReader<SeatIntent>,
    mut rejected: MessageWriter<Rejected>,
    mut publisher: Publisher,
) {
    for &SeatIntent { person, intent } in intents.read() {
        let seat = table.game.seat_for(person);
        match apply(&mut table, seat, intent) {
            Ok(events) => publisher.publish(&table.game, events),
            Err(error) => {
                rejected.write(Rejected {
                    person,
                    intent,
                    error,
                });
            }
        }
    }
}

/// Applies one intent through the record, so that the record holds every applied intent.
pub fn apply(table: &mut Table, seat: Seat, intent: Intent) -> Result<Vec<Event>, RuleError> {
    let Table { game, record } = table;
    record.apply(game, seat, intent)
}

/// The deals and the scoring: the phases that wait for nobody.
fn step_match(table: Option<ResMut<Table>>, mut publisher: Publisher) {
    let Some(mut table) = table else { return };
    if table.game.needs_step() {
        let events = table.game.step();
        publisher.publish(&table.game, events);
    }
}
