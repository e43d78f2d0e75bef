//! Integration tests of the rules crate, one module per part of the rule book. Each test names
//! the rule ids (`R-…`, `V-…`) it checks.

#![allow(clippy::unwrap_used, reason = "a test fails loudly on what it did not expect")]

mod be_ranga;
mod calling;
mod dabba;
mod double_sar;
mod dummy;
mod mindi;
mod properties;
mod records;
mod rotation;
mod satat;
mod scoring;
mod support;
mod table;
mod three;
mod trick_play;
mod two;
mod view;
mod winning;
