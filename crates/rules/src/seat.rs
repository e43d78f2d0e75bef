//! Seats and teams (R-SEAT, R-DIR).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered in the order of play: seat `s` is followed by `(s + 1) % 4`
/// (R-SEAT). Play goes anticlockwise on the physical table (R-DIR); only the drawing changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    pub const fn new(index: u8) -> Option<Seat> {
        if index < 4 { Some(Seat(index)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat to play (R-SEAT).
    pub const fn next(self) -> Seat {
        Seat((self.0 + 1) & 3)
    }

    /// The seat that played just before this one.
    pub const fn prev(self) -> Seat {
        Seat((self.0 + 3) & 3)
    }

    /// The seat `n` places further in play order: the seat at position `n` of a trick this
    /// seat leads.
    pub const fn after(self, n: usize) -> Seat {
        Seat::ALL[(self.0 as usize + n) & 3]
    }

    /// The partner sits opposite (R-SEAT).
    pub const fn partner(self) -> Seat {
        Seat((self.0 + 2) & 3)
    }

    /// Team = seat % 2 (R-SEAT).
    pub const fn team(self) -> Team {
        Team(self.0 & 1)
    }

    /// Compass name used by PBN and the solver: N E S W for seats 0 1 2 3.
    pub const fn compass(self) -> char {
        b"NESW"[self.0 as usize] as char
    }

    pub fn from_compass(c: char) -> Option<Seat> {
        "NESW".find(c.to_ascii_uppercase()).map(|i| Seat::ALL[i])
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        Seat::new(v).ok_or_else(|| format!("seat {v} is not 0..3"))
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A partnership: seats 0 and 2 are team 0, seats 1 and 3 team 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Team(u8);

impl Team {
    pub const ALL: [Team; 2] = [Team(0), Team(1)];

    pub const fn new(index: u8) -> Option<Team> {
        if index < 2 { Some(Team(index)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn other(self) -> Team {
        Team(self.0 ^ 1)
    }

    pub const fn seats(self) -> [Seat; 2] {
        [Seat(self.0), Seat(self.0 + 2)]
    }
}

impl TryFrom<u8> for Team {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        Team::new(v).ok_or_else(|| format!("team {v} is not 0 or 1"))
    }
}

impl From<Team> for u8 {
    fn from(t: Team) -> u8 {
        t.0
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "team {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_seat_order_and_partners() {
        for s in Seat::ALL {
            assert_eq!(s.next().index(), (s.index() + 1) % 4);
            assert_eq!(s.partner().index(), (s.index() + 2) % 4);
            assert_eq!(s.team().index(), s.index() % 2);
            assert_eq!(s.partner().team(), s.team());
            assert_ne!(s.next().team(), s.team());
            assert_eq!(s.next().prev(), s);
        }
        assert_eq!(Team::new(1).unwrap().seats(), [Seat(1), Seat(3)]);
    }
}
