//! End-to-end tests of the `courtpiece` command line and the table view.

#![allow(clippy::unwrap_used, reason = "a test fails loudly on what it did not expect")]

mod cli;
mod lan;
mod outside;
mod replay;
mod support;
mod view;
