//! The client's own pace: updates from the host wait in a queue and are shown one at a time,
//! each held long enough to be seen (a played card, the full trick before it is swept away, the
//! hand's result). The host never waits for this.

use std::collections::VecDeque;

use bevy::prelude::*;
use courtpiece_net::{FromHost, HostMessage, Update};
use courtpiece_rules::{Event, Seat, SeatView};

use super::layout::Anonymous;

/// How fast the table moves: 1 is the normal pace; `f32::INFINITY` shows every update at once.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Speed(pub f32);

/// Whether the table stops at each hand's result until the player goes on.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaitAtResult(pub bool);

impl Default for Speed {
    fn default() -> Self {
        Speed(1.0)
    }
}

/// The update on the table now, and the ones waiting to be shown.
#[derive(Resource, Default)]
pub struct Shown {
    pub view: Option<SeatView>,
    /// The events of the update on the table now (for the HUD's messages).
    pub events: Vec<Event>,
    pub moves: u32,
    /// When the update on the table now was put there (`Time::elapsed_secs`), and for how long
    /// it is held: the animations of its events run in that time.
    pub since: f32,
    pub hold: f32,
    queue: VecDeque<Update>,
    /// The last update received, with its completed tricks filled in.
    latest: Option<SeatView>,
    until: f32,
    /// Holds the table still (for a screenshot).
    pub paused: bool,
    /// A hand's result is on the table and waits for the player to go on.
    pub at_result: bool,
    /// Who acts in the latest update and when their turn began here (the host's turn timer
    /// starts when it sends the update, a moment earlier on a LAN).
    pub turn: Option<Turn>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turn {
    pub seat: Seat,
    /// The move the turn began after.
    pub moves: u32,
    /// `Time::elapsed_secs` when the update arrived.
    pub since: f32,
}

impl Shown {
    /// Whether the table shows the latest update (nothing waits to be animated).
    pub fn caught_up(&self) -> bool {
        self.queue.is_empty()
    }

    /// Forgets what waits to be shown, so that the next update is shown at once, as if it were
    /// the first (a replay that jumps).
    pub fn restart(&mut self) {
        self.queue.clear();
        self.latest = None;
        self.until = 0.0;
        self.at_result = false;
        self.turn = None;
    }
}

/// Where the next update is put on the table; the layout runs after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShowNext;

pub fn plugin(app: &mut App) {
    app.add_message::<FromHost>()
        .init_resource::<Shown>()
        .init_resource::<Speed>()
        .init_resource::<WaitAtResult>()
        .add_systems(
            crate::desktop::cost::TableUpdate,
            (queue, show_next).chain().in_set(ShowNext),
        );
}

fn queue(mut from_host: MessageReader<FromHost>, mut shown: ResMut<Shown>, time: Res<Time>) {
    for message in from_host.read() {
        let HostMessage::Update(update) = &message.0 else {
            continue;
        };
        let known = match &shown.latest {
            Some(v) if v.hand_no == update.view.hand_no => v.tricks.clone(),
            _ => Vec::new(),
        };
        let Ok(tricks) = update.merge_tricks(&known) else {
            warn!("an update out of step with the host; showing it as sent");
            continue;
        };
        shown.turn = match update.view.to_act {
            Some(seat)
                if shown
                    .turn
                    .is_some_and(|t| t.seat == seat && t.moves == update.moves) =>
            {
                shown.turn
            }
            Some(seat) => Some(Turn {
                seat,
                moves: update.moves,
                since: time.elapsed_secs(),
            }),
            None => None,
        };
        let mut full = update.clone();
        full.view.tricks = tricks;
        shown.latest = Some(full.view.clone());
        shown.queue.push_back(full);
    }
}

/// How long an update stays on the table before the next, at normal speed, in seconds.
fn hold(events: &[Event]) -> f32 {
    events
        .iter()
        .map(|e| match e {
            Event::Shuffled { .. } => 0.8,
            Event::Cut { .. } => 0.6,
            Event::Dealt { .. } => 0.18,
            Event::TrumpsCalled { .. } | Event::TrumpShown { .. } | Event::TrumpsRevealed { .. } => 1.2,
            Event::IndicatorLaid { .. } | Event::Deferred { .. } | Event::Redeal { .. } => 0.9,
            Event::Announced { .. } | Event::Passed { .. } => 0.7,
            Event::Contract { .. } => 1.2,
            Event::Played { .. } => 0.45,
            Event::TrickWon { .. } => 1.1,
            Event::HeapCollected { .. } => 0.9,
            Event::PlayOnAsked { .. } | Event::PlayedOn { .. } | Event::Stopped { .. } => 0.8,
            Event::HandOver { .. } | Event::HandsShown { .. } => 2.5,
            Event::HandScored { .. } => 1.5,
            Event::MatchOver { .. } => 3.0,
            _ => 0.2,
        })
        .sum::<f32>()
        .min(4.0)
}

fn show_next(
    mut shown: ResMut<Shown>,
    time: Res<Time>,
    speed: Res<Speed>,
    wait: Res<WaitAtResult>,
    mut anonymous: ResMut<Anonymous>,
) {
    let now = time.elapsed_secs();
    while now >= shown.until && !shown.paused && !shown.at_result {
        let Some(update) = shown.queue.pop_front() else {
            return;
        };
        let new_hand = shown
            .view
            .as_ref()
            .is_none_or(|v| v.hand_no != update.view.hand_no);
        if new_hand {
            anonymous.clear();
        }
        for e in &update.events {
            if let Event::Played { seat, card } = e {
                anonymous.played_from(*seat, *card);
            }
        }
        let held = hold(&update.events) / speed.0.max(0.05);
        let held = if held.is_finite() { held } else { 0.0 };
        shown.until = now + held;
        shown.since = now;
        shown.hold = held;
        shown.moves = update.moves;
        // the match's last result stays anyway: nothing comes after it
        shown.at_result = wait.0
            && !update.view.match_over
            && update.events.iter().any(|e| matches!(e, Event::HandOver { .. }));
        shown.events = update.events;
        shown.view = Some(update.view);
        if speed.0.is_finite() {
            return;
        }
    }
}
