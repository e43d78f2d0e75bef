//! Coming back after a drop. A client the host had welcomed keeps its seat token; when its
//! connection times out (the Wi-Fi dropped, the host's laptop slept, the host was restarted
//! from its save) it tries the table again with backoff for a while, and the host gives it its
//! seat back with a full view.

use std::net::SocketAddr;
use std::time::Duration;

use bevy::prelude::*;
use bevy_renet::RenetClient;

use super::{ClientTransport, Session, open_link};
use crate::code::Access;

/// How long a dropped client keeps trying before it gives up.
pub const RECONNECT_FOR: Duration = Duration::from_secs(150);

/// The longest wait between two tries.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Where the client connects, kept to connect again.
#[derive(Resource, Clone, Copy, Debug)]
pub(super) struct Link {
    pub addr: SocketAddr,
    pub access: Access,
}

/// A dropped connection being tried again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reconnecting {
    /// Why the connection dropped, for a person.
    pub why: String,
    /// When it dropped (`Time<Real>::elapsed`).
    pub since: Duration,
    /// Tries made so far.
    pub tries: u32,
    /// When the next try starts; `None` while one is under way.
    pub next_try: Option<Duration>,
}

impl Reconnecting {
    /// Words for a person at `now`: "reconnecting… 3 s" while waiting to try again.
    pub fn describe(&self, now: Duration) -> String {
        match self.next_try {
            Some(at) => {
                let wait = at.saturating_sub(now).as_secs_f32().ceil();
                format!("{}: reconnecting… {wait:.0} s", self.why)
            }
            None => format!("{}: reconnecting…", self.why),
        }
    }
}

/// Waits 1, 2, 4, then 5 seconds between tries: quick for a short drop, and gentle on a host
/// that is still starting.
fn backoff(tries: u32) -> Duration {
    Duration::from_secs(1u64 << tries.min(3)).min(MAX_BACKOFF)
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        reconnect.run_if(resource_exists::<Link>.and_then(resource_exists::<Session>)),
    );
}

fn reconnect(world: &mut World) {
    let now = world.resource::<Time<Real>>().elapsed();
    let Some(link) = world.get_resource::<Link>().copied() else {
        return;
    };
    let mut session = world.resource_mut::<Session>();
    if let Some(why) = session.dropped.take() {
        let trying = session.reconnecting.get_or_insert(Reconnecting {
            why,
            since: now,
            tries: 0,
            next_try: None,
        });
        if now.saturating_sub(trying.since) >= RECONNECT_FOR {
            let given_up = format!(
                "{}, and the table did not answer for {} s",
                trying.why,
                RECONNECT_FOR.as_secs()
            );
            session.reconnecting = None;
            session.lost = Some(given_up);
        } else {
            let wait = backoff(trying.tries);
            trying.next_try = Some(now + wait);
            info!("{}", trying.describe(now));
        }
        // what is left of the old connection goes: the next try is a new one
        world.remove_resource::<RenetClient>();
        world.remove_resource::<ClientTransport>();
        return;
    }
    let due = session
        .reconnecting
        .as_ref()
        .and_then(|r| r.next_try)
        .is_some_and(|at| now >= at);
    if !due {
        return;
    }
    let token = session.token;
    session.said_hello = false;
    if let Some(trying) = &mut session.reconnecting {
        trying.tries += 1;
        trying.next_try = None;
    }
    if let Err(e) = open_link(world, link, token) {
        let mut session = world.resource_mut::<Session>();
        session.dropped = Some(format!("could not reconnect: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tries_come_quickly_then_every_few_seconds() {
        let waits: Vec<u64> = (0..6).map(|t| backoff(t).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 5, 5, 5]);
        // at least two minutes of tries
        let tries = (0..)
            .scan(Duration::ZERO, |spent, t| {
                *spent += backoff(t);
                Some(*spent)
            })
            .take_while(|spent| *spent < RECONNECT_FOR)
            .count();
        assert!(tries >= 24, "{tries} tries");
    }

    #[test]
    fn a_person_is_told_when_the_next_try_comes() {
        let mut trying = Reconnecting {
            why: "the connection to the table was lost".into(),
            since: Duration::from_secs(10),
            tries: 2,
            next_try: Some(Duration::from_millis(13_200)),
        };
        assert_eq!(
            trying.describe(Duration::from_secs(10)),
            "the connection to the table was lost: reconnecting… 4 s"
        );
        trying.next_try = None;
        assert_eq!(
            trying.describe(Duration::from_secs(14)),
            "the connection to the table was lost: reconnecting…"
        );
    }
}
