//! Seats of people who dropped: a bot plays for them once the grace time has passed, and gives
//! the seat back the moment they return.

use bevy::prelude::*;
use courtpiece_bots::Level;
use courtpiece_game::PersonOf;
use courtpiece_game::controller::BotBrain;
use courtpiece_rules::Seat;

use super::Host;

/// The level of the bot that plays for someone away.
const STAND_IN: Level = Level::Medium;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, stand_in.run_if(resource_exists::<Host>));
}

fn stand_in(
    mut host: ResMut<Host>,
    people: Query<(Entity, &PersonOf, Option<&BotBrain>, &courtpiece_game::Controller)>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    if !host.started {
        return;
    }
    let now = time.elapsed();
    let grace = host.grace;
    let seed = host.seed;
    let mut changed = false;
    for (entity, person, brain, controller) in &people {
        if !controller.is_person() {
            continue;
        }
        let place = person.0.index();
        let Some(player) = host
            .players
            .iter()
            .find(|p| p.seat.map(Seat::index) == Some(place))
        else {
            continue;
        };
        let away = player
            .away_since
            .is_some_and(|since| now.saturating_sub(since) >= grace);
        match (away, brain.is_some()) {
            (true, false) => {
                info!("{} is away: a {STAND_IN} bot plays for them", player.name);
                let bot_seed = seed.wrapping_mul(4).wrapping_add(place as u64);
                commands.entity(entity).insert(BotBrain(STAND_IN.bot(bot_seed)));
                changed = true;
            }
            (false, true) => {
                info!("{} is back", player.name);
                let client = player.client.unwrap_or_default();
                commands
                    .entity(entity)
                    .remove::<BotBrain>()
                    .insert(courtpiece_game::Controller::Remote(client));
                changed = true;
            }
            _ => {}
        }
    }
    host.lobby_changed |= changed;
}
