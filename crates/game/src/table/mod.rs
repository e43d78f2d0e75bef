//! The table: the match kept in components (see [`state`]), the people at it with what each may
//! see of it (see [`publish`]), and the systems that start a match, apply intents, deal and score.

mod publish;
mod state;

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_rules::{self as rules, GameRecord, Person, RuleSet};

use crate::controller::{BotBrain, Controller, Programs, StandIn};
use crate::messages::{Rejected, SeatIntent};
use crate::phase::Phase;

pub use publish::{Publisher, Rail, Seen, Sights};
pub use state::{
    Board, Holding, Progress, Record, Score, SeatOf, Snapshot, TableMut, TableTop, match_over, snapshot,
};

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

/// A person at the table, with who plays for them: they play their seat, and in Dummy Rang the
/// dummy too when they drive it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PersonOf(pub Person);

/// The entities of a match: the table, its seats, its people.
type OfTheTable = Or<(With<TableTop>, With<SeatOf>, With<PersonOf>)>;

pub fn plugin(app: &mut App) {
    app.add_message::<StartMatch>()
        .init_resource::<Score>()
        .add_systems(Update, (start_match, apply_intents).chain())
        .add_systems(OnEnter(Phase::FirstDeal), step_match)
        .add_systems(OnEnter(Phase::SecondDeal), step_match)
        .add_systems(OnEnter(Phase::Scoring), step_match);
}

/// Is there a match at the table? A run condition.
pub fn table_set(top: Query<(), With<TableTop>>) -> bool {
    !top.is_empty()
}

fn start_match(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch>,
    old: Query<Entity, OfTheTable>,
    programs: Option<Res<Programs>>,
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
    for (person, &controller) in game.seating().all().zip(&start.people) {
        let mut entity = commands.spawn((PersonOf(person), controller, Seen(game.view_for(person))));
        let bot_seed = start.seed.wrapping_mul(4).wrapping_add(person.index() as u64);
        match controller {
            Controller::Bot(level) => entity.insert(BotBrain(level.bot(bot_seed))),
            Controller::Program(i) => {
                let program = programs.as_ref().and_then(|p| p.0.get(usize::from(i)));
                let brain = match program {
                    Some(program) => program.bot(bot_seed),
                    None => {
                        error!("no program {i} to play {person:?}: a Medium bot plays it");
                        Level::Medium.bot(bot_seed)
                    }
                };
                entity.insert(BotBrain(brain))
            }
            Controller::Local | Controller::Remote(_) => entity.insert(StandIn(Level::Medium.bot(bot_seed))),
        };
    }
    commands.insert_resource(Rail::of(&game));
    // a match resumed mid-hand has no opening to announce: its views say where it stands
    let opening = match game.round().phase() {
        rules::Phase::Cut => vec![game.round().opening_event()],
        _ => Vec::new(),
    };
    publisher.announce(&game, opening);
    let parts = game.into_parts();
    for seat in seats.all() {
        commands.spawn((SeatOf(seat), Holding(parts.holdings[seat.index()])));
    }
    commands.spawn((
        TableTop,
        Progress(parts.progress),
        Board(parts.board),
        Record(record),
    ));
    commands.insert_resource(Score(parts.score));
}

/// Applies the intents that seats sent (the local player, the network).
fn apply_intents(
    mut table: TableMut,
    mut intents: MessageReader<SeatIntent>,
    mut rejected: MessageWriter<Rejected>,
    mut publisher: Publisher,
) {
    if intents.is_empty() {
        return;
    }
    let mut game = table.take();
    for &SeatIntent { person, intent } in intents.read() {
        let seat = game.seat_for(person);
        match table.apply(&mut game, seat, intent) {
            Ok(events) => publisher.publish(&game, events),
            Err(error) => {
                rejected.write(Rejected {
                    person,
                    intent,
                    error,
                });
            }
        }
    }
    table.put(game);
}

/// The deals and the scoring: the phases that wait for nobody.
fn step_match(mut table: TableMut, mut publisher: Publisher) {
    let mut game = table.take();
    if game.needs_step() {
        let events = game.step();
        publisher.publish(&game, events);
        table.put(game);
    }
}

/// Takes the match off the table: its entities and its score (the window, leaving a table).
pub fn clear(world: &mut World) {
    let mut of_the_table = world.query_filtered::<Entity, OfTheTable>();
    let entities: Vec<Entity> = of_the_table.iter(world).collect();
    for entity in entities {
        world.despawn(entity);
    }
    world.insert_resource(Score::default());
    world.remove_resource::<Rail>();
}
