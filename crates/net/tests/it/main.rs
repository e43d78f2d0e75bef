mod fuzz;
mod matches;
mod privacy;
mod support;
