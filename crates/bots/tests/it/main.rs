//! Integration tests of the bots crate.

mod bots;
mod hidden;
mod solver;
