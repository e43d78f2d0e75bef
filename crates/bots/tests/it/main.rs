//! Integration tests of the bots crate.

mod bots;
mod solver;
