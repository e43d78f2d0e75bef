//! Making a change of the match known: its events, the phase, and what each person and the rail
//! may see of it.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use courtpiece_rules::{Event, Match, MatchSummary, Person, PlayOn, Seat, SeatView};

use super::PersonOf;
use super::state::{Progress, Record, Score, TableTop};
use crate::messages::TableEvent;
use crate::phase::{Decision, Phase};

/// What a person may know of the match now: the view from the seat they play this hand
/// ([`Match::view_for`]), made again whenever the match moves. The relay sends it to them and a
/// bot playing for them decides on it.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Seen(pub SeatView);

/// What someone watching from the rail may see ([`SeatView::for_spectator`]), made again
/// whenever the match moves.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Rail(pub SeatView);

impl Rail {
    pub fn of(game: &Match) -> Rail {
        Rail(game.view(Seat::ALL[0]).for_spectator())
    }
}

/// What everyone at the table sees: each person's view and the rail's, how far the match has
/// gone, and its summary.
#[derive(SystemParam)]
pub struct Sights<'w, 's> {
    people: Query<'w, 's, (&'static PersonOf, &'static Seen)>,
    rail: Option<Res<'w, Rail>>,
    top: Option<Single<'w, 's, (&'static Progress, &'static Record), With<TableTop>>>,
    score: Res<'w, Score>,
}

impl Sights<'_, '_> {
    /// Intents applied so far, once a match has started.
    pub fn moves(&self) -> Option<usize> {
        self.top.as_ref().map(|top| top.1.0.moves.len())
    }

    /// What the match has come to so far, once one has started.
    pub fn summary(&self) -> Option<MatchSummary> {
        self.top.as_ref().map(|top| top.0.0.summary(&self.score.0))
    }

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
            rail.set_if_neq(Rail::of(game));
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
    pub(super) fn announce(&mut self, game: &Match, events: Vec<Event>) {
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
