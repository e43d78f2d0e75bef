//! Sound effects (the `sound` cargo feature): each update shown on the table plays the sounds of
//! its events, and a bell rings when it becomes the player's turn.

use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use courtpiece_net::Session;
use courtpiece_rules::{Event, RuleSet};

use super::settings::Settings;
use super::sounds::Clip;
use super::table::pacing::Shown;

/// The clips as audio assets, in the order of `Clip::ALL`.
#[derive(Resource)]
struct Clips(Vec<Handle<AudioSource>>);

impl Clips {
    fn get(&self, clip: Clip) -> Option<Handle<AudioSource>> {
        let i = Clip::ALL.iter().position(|c| *c == clip)?;
        self.0.get(i).cloned()
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_clips).add_systems(
        crate::desktop::cost::TableUpdate,
        play.run_if(resource_exists::<Clips>)
            .after(super::table::pacing::ShowNext),
    );
}

fn make_clips(mut sources: ResMut<Assets<AudioSource>>, mut commands: Commands) {
    let handles = Clip::ALL
        .iter()
        .map(|clip| {
            sources.add(AudioSource {
                bytes: Arc::from(clip.wav()),
            })
        })
        .collect();
    commands.insert_resource(Clips(handles));
}

/// What an event sounds like, if anything.
fn sound_of(event: &Event, rules: Option<&RuleSet>) -> Option<Clip> {
    match event {
        Event::Shuffled { .. } => Some(Clip::Shuffle),
        Event::Played { .. } | Event::Cut { .. } => Some(Clip::Card),
        Event::TrickWon { .. } | Event::HeapCollected { .. } => Some(Clip::Sweep),
        Event::HandOver { result } if rules.is_some_and(|r| result.is_court(r)) => Some(Clip::Court),
        _ => None,
    }
}

fn play(
    shown: Res<Shown>,
    clips: Res<Clips>,
    settings: Res<Settings>,
    session: Option<Res<Session>>,
    mut heard: Local<Option<u32>>,
    mut commands: Commands,
) {
    if !shown.is_changed() || *heard == Some(shown.moves) || settings.volume <= 0.0 {
        return;
    }
    *heard = Some(shown.moves);
    let rules = session.as_ref().and_then(|s| s.lobby.as_ref()).map(|l| &l.rules);
    let mut wanted: Vec<Clip> = shown.events.iter().filter_map(|e| sound_of(e, rules)).collect();
    let my_turn = session
        .as_ref()
        .zip(shown.view.as_ref())
        .is_some_and(|(s, v)| s.seat.is_some() && v.to_act == s.seat && shown.caught_up());
    if my_turn {
        wanted.push(Clip::YourTurn);
    }
    wanted.dedup();
    for clip in wanted {
        if let Some(handle) = clips.get(clip) {
            commands.spawn((
                AudioPlayer(handle),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
            ));
        }
    }
}
