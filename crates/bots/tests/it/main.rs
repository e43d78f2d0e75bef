//! Integration tests of the bots crate.

mod solver;
