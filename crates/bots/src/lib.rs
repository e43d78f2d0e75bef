//! Bots for Court Piece. They see the table only through a seat's `SeatView` and the rule set,
//! like a remote player. No Bevy, no I/O.

pub mod solver;

pub use solver::{Position, SolveError, Solver};
