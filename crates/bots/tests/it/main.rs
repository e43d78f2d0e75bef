//! Integration tests of the bots crate.

#![allow(clippy::unwrap_used, reason = "a test fails loudly on what it did not expect")]

mod bots;
mod divergence;
mod hidden;
mod review;
mod solver;
