//! `courtpiece bench`: random full hands on one core, hands per second, played through
//! `PlayState::play`: the code every search and playout of the bots runs.

use std::time::{Duration, Instant};

use courtpiece_rules::{PlayState, Preset, Seat, Suit};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use super::CliError;

/// Hands between two looks at the clock.
const BATCH: u64 = 4096;

#[derive(Serialize)]
struct Figures {
    random_hands_per_sec: f64,
    hands: u64,
    seconds: f64,
}

pub fn run(seconds: f64, seed: u64, json: bool) -> Result<(), CliError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0) {
        return Err(CliError::Usage(format!(
            "--seconds {seconds}: give a time above 0 and at most 3600 seconds"
        )));
    }
    let budget = Duration::from_secs_f64(seconds);
    let rules = Preset::CourtPiece.rules();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut hands = 0u64;
    // Every hand's tricks feed a checksum so the work can not be optimised away.
    let mut checksum = 0u64;
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..BATCH {
            let trumps = Suit::ALL[(rng.next_u32() & 3) as usize];
            let leader = Seat::ALL[(rng.next_u32() & 3) as usize];
            let mut state = PlayState::random(&mut rng, Some(trumps), leader, &rules);
            checksum = checksum.wrapping_add(u64::from(state.playout(&mut rng)[0]));
        }
        hands += BATCH;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let figures = Figures {
        random_hands_per_sec: hands as f64 / elapsed,
        hands,
        seconds: elapsed,
    };
    std::hint::black_box(checksum);
    if json {
        say!("{}", serde_json::to_string(&figures).unwrap_or_default());
    } else {
        say!(
            "{} random full hands in {:.2} s on one core: {:.0} hands per second",
            figures.hands,
            figures.seconds,
            figures.random_hands_per_sec
        );
    }
    Ok(())
}
