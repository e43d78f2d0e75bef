//! End-to-end tests of the `courtpiece` command line.

mod cli;
mod lan;
