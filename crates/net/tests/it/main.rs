mod access;
mod fuzz;
mod intents;
mod lobby;
mod matches;
mod privacy;
mod rejoin;
mod support;
