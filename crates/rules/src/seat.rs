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

    /// Side = seat % 2 (R-SEAT).
    pub const fn team(self) -> Side {
        Side(self.0 & 1)
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

/// A side: the players who win or lose a hand together. At a table of four it is a team of two
/// partners, seats 0 and 2 against 1 and 3 (R-SEAT); with fewer players every seat is a side of
/// its own (§9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Side(u8);

/// The most sides a table has (three players, or two).
pub const MAX_SIDES: usize = 4;

impl Side {
    /// The two teams of a table of four.
    pub const TEAMS: [Side; 2] = [Side(0), Side(1)];
    /// Every side a table may have.
    pub const ALL: [Side; MAX_SIDES] = [Side(0), Side(1), Side(2), Side(3)];

    /// The side at `index`, if a table may have it.
    pub fn from_index(index: usize) -> Option<Side> {
        Side::ALL.get(index).copied()
    }

    pub const fn new(index: u8) -> Option<Side> {
        if (index as usize) < MAX_SIDES {
            Some(Side(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other side, at a table with two sides (four players in teams, or two players).
    pub const fn other(self) -> Side {
        Side(self.0 ^ 1)
    }

    /// The seats of a team at a table of four.
    pub const fn seats(self) -> [Seat; 2] {
        [Seat(self.0), Seat(self.0 + 2)]
    }
}

/// The seats at a table: two, three or four players (`V-PLAYERS`), numbered in the order of
/// play (R-SEAT, §9). Every "next seat" of the rules is counted here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seats(u8);

impl Default for Seats {
    fn default() -> Seats {
        Seats::FOUR
    }
}

impl TryFrom<u8> for Seats {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        Seats::new(v).ok_or_else(|| format!("a table of {v} is not 2 to 4 players"))
    }
}

impl From<Seats> for u8 {
    fn from(s: Seats) -> u8 {
        s.0
    }
}

impl Seats {
    pub const FOUR: Seats = Seats(4);

    /// A table of `players`, 2 to 4.
    pub const fn new(players: u8) -> Option<Seats> {
        if players >= 2 && players <= 4 {
            Some(Seats(players))
        } else {
            None
        }
    }

    pub const fn count(self) -> usize {
        self.0 as usize
    }

    /// The number of players (`V-PLAYERS`).
    pub const fn players(self) -> u8 {
        self.0
    }

    /// The seats in play order.
    pub fn all(self) -> impl DoubleEndedIterator<Item = Seat> + Clone {
        Seat::ALL.into_iter().take(self.count())
    }

    /// The next seat to play (R-SEAT).
    pub const fn next(self, seat: Seat) -> Seat {
        self.after(seat, 1)
    }

    /// The seat that played just before this one.
    pub const fn prev(self, seat: Seat) -> Seat {
        self.after(seat, self.count() - 1)
    }

    /// The seat `n` places after `seat` in play order: the seat at position `n` of a trick it
    /// leads.
    pub const fn after(self, seat: Seat, n: usize) -> Seat {
        Seat::ALL[(seat.0 as usize + n) % self.count()]
    }

    /// How many places after `from` the seat `to` plays.
    pub const fn places(self, from: Seat, to: Seat) -> usize {
        (to.index() + self.count() - from.index()) % self.count()
    }

    /// The side a seat plays for: its team at a table of four, itself otherwise (R-SEAT, §9).
    pub const fn side(self, seat: Seat) -> Side {
        if self.0 == 4 { seat.team() } else { Side(seat.0) }
    }

    /// How many sides the table has.
    pub const fn sides(self) -> usize {
        if self.0 == 4 { 2 } else { self.count() }
    }

    /// The partner opposite, at a table of four; nobody's otherwise (§9).
    pub const fn partner(self, seat: Seat) -> Option<Seat> {
        if self.0 == 4 { Some(seat.partner()) } else { None }
    }

    /// The seats that play against `seat`, in play order after it.
    pub fn opponents(self, seat: Seat) -> impl Iterator<Item = Seat> + Clone {
        (1..self.count())
            .map(move |n| self.after(seat, n))
            .filter(move |&s| self.side(s) != self.side(seat))
    }
}

impl TryFrom<u8> for Side {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        Side::new(v).ok_or_else(|| format!("side {v} is not 0..3"))
    }
}

impl From<Side> for u8 {
    fn from(t: Side) -> u8 {
        t.0
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "side {}", self.0)
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
        assert_eq!(Side::new(1).unwrap().seats(), [Seat(1), Seat(3)]);
    }

    #[test]
    fn v_players_seats_and_sides_follow_the_table() {
        for players in 2..=4u8 {
            let seats = Seats::new(players).unwrap();
            let all: Vec<Seat> = seats.all().collect();
            assert_eq!(all.len(), players as usize);
            for &s in &all {
                assert_eq!(seats.next(s).index(), (s.index() + 1) % players as usize);
                assert_eq!(seats.prev(seats.next(s)), s);
                assert_eq!(seats.after(s, players as usize), s);
                assert_eq!(seats.places(s, seats.after(s, 1)), 1);
            }
            let sides: Vec<Side> = all.iter().map(|&s| seats.side(s)).collect();
            let distinct: std::collections::BTreeSet<Side> = sides.iter().copied().collect();
            assert_eq!(distinct.len(), seats.sides());
        }
        assert_eq!(Seats::FOUR.side(Seat(2)), Seats::FOUR.side(Seat(0)));
        assert_ne!(
            Seats::new(3).unwrap().side(Seat(2)),
            Seats::new(3).unwrap().side(Seat(0))
        );
        assert!(Seats::new(1).is_none() && Seats::new(5).is_none());
        assert_eq!(Seats::FOUR.partner(Seat(1)), Some(Seat(3)));
        assert_eq!(
            Seats::FOUR.opponents(Seat(1)).collect::<Vec<_>>(),
            [Seat(2), Seat(0)]
        );
        let three = Seats::new(3).unwrap();
        assert_eq!(three.partner(Seat(1)), None);
        assert_eq!(three.opponents(Seat(1)).collect::<Vec<_>>(), [Seat(2), Seat(0)]);
        let two = Seats::new(2).unwrap();
        assert_eq!(two.opponents(Seat(1)).collect::<Vec<_>>(), [Seat(0)]);
        // a table read from a peer or a file is checked like any other
        assert_eq!(
            serde_json::from_str::<Seats>("3").unwrap(),
            Seats::new(3).unwrap()
        );
        assert!(serde_json::from_str::<Seats>("5").is_err());
    }
}
