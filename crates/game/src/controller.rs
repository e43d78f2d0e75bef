//! Who plays for each person: the local player (intents from the view), a remote player (intents
//! from the network), or a bot that sees only the acting seat's `SeatView`.

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use courtpiece_bots::{Bot, Entrant, Level};
use courtpiece_rules::SeatView;

use crate::phase::Phase;
use crate::table::{PersonOf, Publisher, TableMut};

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    Local,
    Remote(u64),
    Bot(Level),
    /// A bot the app brings: the entrant of this number in [`Programs`] makes it.
    Program(u8),
}

impl Controller {
    /// Is a person playing, rather than a bot of ours or a program?
    pub fn is_person(self) -> bool {
        matches!(self, Controller::Local | Controller::Remote(_))
    }
}

/// The bots the app brings, such as outside programs that speak the bot protocol; a seat whose
/// controller is `Program(i)` is played by a bot the `i`-th of them makes.
#[derive(Resource, Clone, Default)]
pub struct Programs(pub Vec<Arc<dyn Entrant>>);

impl std::fmt::Debug for Programs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter().map(|p| p.label())).finish()
    }
}

/// A bot seat's player.
#[derive(Component)]
pub struct BotBrain(pub Box<dyn Bot>);

/// Who plays a person's turn when their turn timer runs out.
#[derive(Component)]
pub struct StandIn(pub Box<dyn Bot>);

/// How long bots think before they act (zero headless, a pace a person can follow in the
/// window), and an optional turn timer for people: when it runs out a bot plays that turn.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pacing {
    pub think: Duration,
    pub turn_timer: Option<Duration>,
}

/// A person's turn was played by the stand-in bot because their timer ran out.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnTimedOut {
    pub seat: courtpiece_rules::Seat,
}

/// Which turn is running (the seat, and how many intents the match had when it started) and
/// since when.
#[derive(Resource, Default)]
struct Turn {
    key: Option<(courtpiece_rules::Seat, usize)>,
    since: Duration,
}

/// Bot moves applied in one frame at most (a trick), so that each trick is its own frame to save
/// and to watch; the phases that deal and score need a frame each.
const MOVES_PER_FRAME: usize = 4;

pub fn plugin(app: &mut App) {
    app.init_resource::<Pacing>()
        .init_resource::<Turn>()
        .add_message::<TurnTimedOut>()
        .add_systems(
            Update,
            bots_play.run_if(
                in_state(Phase::Cut)
                    .or_else(in_state(Phase::Bidding))
                    .or_else(in_state(Phase::TrumpCall))
                    .or_else(in_state(Phase::Discard))
                    .or_else(in_state(Phase::Draw))
                    .or_else(in_state(Phase::Passing))
                    .or_else(in_state(Phase::TrickPlay)),
            ),
        );
}

/// Plays the turns of bots once they have thought for the think time, and the turns of people
/// whose turn timer ran out. A bot driving the dummy plays its turns too.
fn bots_play(
    mut table: TableMut,
    mut people: Query<(&PersonOf, Option<&mut BotBrain>, Option<&mut StandIn>)>,
    pacing: Res<Pacing>,
    time: Res<Time>,
    mut turn: ResMut<Turn>,
    mut timed_out: MessageWriter<TurnTimedOut>,
    mut publisher: Publisher,
) {
    let mut game = table.take();
    let before = table.record().moves.len();
    for _ in 0..MOVES_PER_FRAME {
        let Some(seat) = game.to_act() else { break };
        let person = game.seating().person_at(seat);
        let Some((_, brain, stand_in)) = people.iter_mut().find(|(p, _, _)| p.0 == person) else {
            break;
        };
        let key = (seat, table.record().moves.len());
        if turn.key != Some(key) {
            *turn = Turn {
                key: Some(key),
                since: time.elapsed(),
            };
        }
        let waited = time.elapsed() - turn.since;
        // the person's view, as the seat to act (their own, or the dummy they drive)
        let Some(view) = publisher.seen(person).map(SeatView::acting) else {
            break;
        };
        let intent = match (brain, stand_in, pacing.turn_timer) {
            (Some(mut brain), _, _) if waited >= pacing.think => brain.0.decide(&view, game.rules()),
            (None, Some(mut stand_in), Some(timer)) if waited >= timer => {
                timed_out.write(TurnTimedOut { seat });
                stand_in.0.decide(&view, game.rules())
            }
            _ => break,
        };
        let phase = game.phase();
        let events = match table.apply(&mut game, seat, intent) {
            Ok(events) => events,
            Err(error) => {
                // a bot's mistake must not stall the table: the first legal intent instead
                warn!("{seat} bot chose {intent}: {error}");
                match view.legal.first().map(|&i| table.apply(&mut game, seat, i)) {
                    Some(Ok(events)) => events,
                    _ => break,
                }
            }
        };
        publisher.publish(&game, events);
        // a new phase, or the play-on question (the `Decision` sub-state), starts in a new frame
        let asked = matches!(game.round().play_on(), Some(courtpiece_rules::PlayOn::Asked(_)));
        if game.phase() != phase || game.needs_step() || game.is_over() || asked {
            break;
        }
    }
    if table.record().moves.len() != before {
        table.put(game);
    }
}
