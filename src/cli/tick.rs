//! A fixed tick for the command line's own loops (the LAN host, `join`, `netbench`): sleep to
//! the next tick, or less when something arrives first; start over from now when a frame ran late
//! rather than rushing to catch up.

use std::time::{Duration, Instant};

/// The least time between two frames, however fast things arrive: a stream of datagrams must not
/// keep a loop from sleeping.
const MIN_GAP: Duration = Duration::from_millis(1);

pub struct Ticker {
    every: Duration,
    next: Instant,
    last: Instant,
}

impl Ticker {
    pub fn new(every: Duration) -> Ticker {
        let now = Instant::now();
        Ticker {
            every,
            next: now,
            last: now,
        }
    }

    /// Sleeps until the next tick.
    pub fn wait(&mut self) {
        self.wait_or(std::thread::sleep);
    }

    /// Waits until the next tick with `wait`, given the time left; `wait` may return sooner (a
    /// datagram came in), and the tick stays where it was.
    pub fn wait_or(&mut self, wait: impl FnOnce(Duration)) {
        if let Some(rest) = (self.last + MIN_GAP).checked_duration_since(Instant::now()) {
            std::thread::sleep(rest);
        }
        if let Some(left) = self.next.checked_duration_since(Instant::now())
            && !left.is_zero()
        {
            wait(left);
        }
        let now = Instant::now();
        if now >= self.next {
            let on_time = self.next + self.every;
            self.next = if on_time > now { on_time } else { now + self.every };
        }
        self.last = now;
    }
}
