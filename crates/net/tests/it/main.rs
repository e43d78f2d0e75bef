#![allow(clippy::unwrap_used, reason = "a test fails loudly on what it did not expect")]
mod access;
mod fuzz;
mod intents;
mod lobby;
mod lossy;
mod matches;
mod privacy;
mod rejoin;
mod restart;
mod support;
mod timer;
mod watchers;
