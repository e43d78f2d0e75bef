//! The history of matches: what is kept and counted, and what happens when the database can not
//! be used.

mod failures;
mod kept;
mod support;
