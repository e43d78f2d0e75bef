//! The table: the match (the one truth, with its record) and the people at it, each holding what
//! they may see of it; the systems that start a match, apply intents, deal and score.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use courtpiece_rules::{
    Event, GameRecord, Intent, Match, Person, PlayOn, RuleError, RuleSet, Seat, SeatView,
};

use courtpiece_bots::Level;

use crate::controller::{BotBrain, Controller, StandIn};
use crate::messages::{Rejected, SeatIntent, TableEvent};
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

/// A person at the table, with who plays for them: they play their seat, and in Dummy Rang the
/// dummy too when they drive it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PersonOf(pub Person);

/// What a person may know of the match now: the view from the seat they play this hand
/// ([`Match::view_for`]), made again whenever the match moves. The relay sends it to them and a
/// bot playing for them decides on it; nothing else about the table is kept per person.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Seen(pub SeatView);

/// What someone watching from the rail may see ([`SeatView::for_spectator`]), made again
/// whenever the match moves.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Rail(pub SeatView);

/// What everyone at the table sees: each person's view and the rail's.
#[derive(SystemParam)]
pub struct Sights<'w, 's> {
    people: Query<'w, 's, (&'static PersonOf, &'static Seen)>,
    rail: Option<Res<'w, Rail>>,
}

impl Sights<'_, '_> {
    /// What `person` sees, or with `None` what the rail sees; nothing before a match starts.
    pub fn of(&self, person: Option<Person>) -> Option<&SeatView> {
        match person {
            Some(person) => self
                .people
                .iter()
                .find(|(p, _)| p.0 == person)
                .map(|(_, seen)| &seen.0),
            None => self.rail.as_deref().map(|rail| &rail.0),
        }
    }
}

pub fn plugin(app: &mut App) {
    app.add_message::<StartMatch>()
        .add_systems(
            Update,
            (start_match, apply_intents.run_if(resource_exists::<Table>)).chain(),
        )
        .add_systems(OnEnter(Phase::FirstDeal), step_match)
        .add_systems(OnEnter(Phase::SecondDeal), step_match)
        .add_systems(OnEnter(Phase::Scoring), step_match);
}

/// Makes a change of the match known: the events, what each person and the rail see, the phase.
#[derive(SystemParam)]
pub struct Publisher<'w, 's> {
    events: MessageWriter<'w, TableEvent>,
    state: Res<'w, State<Phase>>,
    next: ResMut<'w, NextState<Phase>>,
    decision: Option<Res<'w, State<Decision>>>,
    next_decision: ResMut<'w, NextState<Decision>>,
    people: Query<'w, 's, (&'static PersonOf, &'static mut Seen)>,
    rail: Option<ResMut<'w, Rail>>,
}

impl Publisher<'_, '_> {
    pub fn publish(&mut self, game: &Match, events: Vec<Event>) {
        for (person, mut seen) in &mut self.people {
            seen.set_if_neq(Seen(game.view_for(person.0)));
        }
        if let Some(rail) = &mut self.rail {
            rail.set_if_neq(Rail(rail_view(game)));
        }
        self.announce(game, events);
    }

    /// What `person` sees now.
    pub fn seen(&self, person: Person) -> Option<&SeatView> {
        self.people
            .iter()
            .find(|(p, _)| p.0 == person)
            .map(|(_, seen)| &seen.0)
    }

    /// The events and the phase, for views made elsewhere (a match's first).
    fn announce(&mut self, game: &Match, events: Vec<Event>) {
        for e in events {
            self.events.write(TableEvent(e));
        }
        let target = if game.is_over() {
            Phase::MatchOver
        } else {
            Phase::of(game.phase())
        };
        if *self.state.get() != target {
            self.next.set(target);
        } else if let Some(decision) = &self.decision {
            let wanted = match game.round().play_on() {
                Some(PlayOn::Asked(_)) => Decision::PlayOn,
                _ => Decision::Card,
            };
            if *decision.get() != wanted {
                self.next_decision.set(wanted);
            }
        }
    }
}

fn rail_view(game: &Match) -> SeatView {
    game.view(Seat::ALL[0]).for_spectator()
}

fn start_match(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch>,
    old: Query<Entity, With<PersonOf>>,
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
            Controller::Local | Controller::Remote(_) => entity.insert(StandIn(Level::Medium.bot(bot_seed))),
        };
    }
    commands.insert_resource(Rail(rail_view(&game)));
    // a match resumed mid-hand has no opening to announce: its views say where it stands
    let opening = match game.round().phase() {
        courtpiece_rules::Phase::Cut => vec![game.round().opening_event()],
        _ => Vec::new(),
    };
    publisher.announce(&game, opening);
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
