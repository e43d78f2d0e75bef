//! A fixed tick for the command line's own loops (the LAN host, `join`, `netbench`): sleep to
//! the next tick, and start over from now when a frame ran late rather than rushing to catch up.

use std::time::{Duration, Instant};

pub struct Ticker {
    every: Duration,
    next: Instant,
}

impl Ticker {
    pub fn new(every: Duration) -> Ticker {
        Ticker {
            every,
            next: Instant::now(),
        }
    }

    /// Sleeps until the next tick.
    pub fn wait(&mut self) {
        self.next += self.every;
        let now = Instant::now();
        if self.next > now {
            std::thread::sleep(self.next - now);
        } else {
            self.next = now;
        }
    }
}
