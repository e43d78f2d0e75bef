//! Bots for Court Piece. They see the table only through a seat's `SeatView` and the rule set,
//! like a remote player. No Bevy, no I/O.

pub mod arena;
pub mod bot;
mod choices;
pub mod duel;
mod easy;
mod equity;
mod expert;
mod hard;
mod medium;
pub mod memory;
pub mod reads;
pub mod review;
pub mod sample;
pub mod solver;

pub use bot::{Bot, Entrant, Level, UnknownLevel};
pub use solver::{RaceEnd, Solver, TEN, at_stake, counted};
