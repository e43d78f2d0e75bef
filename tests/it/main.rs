//! End-to-end tests of the `courtpiece` command line and the table view.

mod cli;
mod lan;
mod view;
