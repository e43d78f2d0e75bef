//! Who plays each seat: the local player (intents from the view), a remote player (intents from
//! the network), or a bot that sees only the seat's `SeatView`.

use std::time::Duration;

use bevy::prelude::*;
use courtpiece_bots::{Bot, Level};

use crate::phase::Phase;
use crate::table::{Publisher, SeatOf, Table, apply};

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    Local,
    Remote(u64),
    Bot(Level),
}

/// A bot seat's player.
#[derive(Component)]
pub struct BotBrain(pub Box<dyn Bot>);

/// How long bots think before they act: zero headless, a pace a person can follow in the window.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pacing {
    pub think: Duration,
}

/// When the seat to act started thinking.
#[derive(Resource, Default)]
struct Thinking {
    seat: Option<courtpiece_rules::Seat>,
    since: Duration,
}

/// Bot moves applied in one frame at most (a trick), so that each trick is its own frame to save
/// and to watch; the phases that deal and score need a frame each.
const MOVES_PER_FRAME: usize = 4;

pub fn plugin(app: &mut App) {
    app.init_resource::<Pacing>()
        .init_resource::<Thinking>()
        .add_systems(
            Update,
            bots_play.run_if(resource_exists::<Table>).run_if(
                in_state(Phase::Cut)
                    .or_else(in_state(Phase::TrumpCall))
                    .or_else(in_state(Phase::TrickPlay)),
            ),
        );
}

fn bots_play(
    mut table: ResMut<Table>,
    mut bots: Query<(&SeatOf, &mut BotBrain)>,
    pacing: Res<Pacing>,
    time: Res<Time>,
    mut thinking: ResMut<Thinking>,
    mut publisher: Publisher,
) {
    for _ in 0..MOVES_PER_FRAME {
        let Some(seat) = table.game.to_act() else { return };
        let Some((_, mut brain)) = bots.iter_mut().find(|(s, _)| s.0 == seat) else {
            return;
        };
        if !pacing.think.is_zero() {
            if thinking.seat != Some(seat) {
                *thinking = Thinking {
                    seat: Some(seat),
                    since: time.elapsed(),
                };
                return;
            }
            if time.elapsed() - thinking.since < pacing.think {
                return;
            }
            thinking.seat = None;
        }
        let view = table.game.view(seat);
        let intent = brain.0.decide(&view, table.game.rules());
        let phase = table.game.phase();
        let events = match apply(&mut table, seat, intent) {
            Ok(events) => events,
            Err(error) => {
                // a bot's mistake must not stall the table: the first legal intent instead
                warn!("{seat} bot chose {intent}: {error}");
                match view.legal.first().map(|&i| apply(&mut table, seat, i)) {
                    Some(Ok(events)) => events,
                    _ => return,
                }
            }
        };
        publisher.publish(&table.game, events);
        if table.game.phase() != phase || table.game.needs_step() || table.game.is_over() {
            return;
        }
    }
}
