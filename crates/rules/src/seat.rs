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
/// play (R-SEAT, §9). Every "next seat" of the rules is counted here. Dummy Rang has four seats
/// and three people: the dummy always sits at [`Seats::DUMMY`], opposite its driver at
/// [`Seats::DRIVER`], and the people move round it from hand to hand (RD-SEATS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SeatsRepr", into = "SeatsRepr")]
pub struct Seats {
    players: u8,
    dummy: bool,
}

/// How a table's seats travel: `{"players":3}`, `{"players":4,"dummy":true}`.
#[derive(Serialize, Deserialize)]
struct SeatsRepr {
    players: u8,
    #[serde(default)]
    dummy: bool,
}

impl Default for Seats {
    fn default() -> Seats {
        Seats::FOUR
    }
}

impl TryFrom<SeatsRepr> for Seats {
    type Error = String;
    fn try_from(r: SeatsRepr) -> Result<Self, String> {
        let seats =
            Seats::new(r.players).ok_or_else(|| format!("a table of {} is not 2 to 4 players", r.players))?;
        match (r.dummy, seats.players) {
            (false, _) => Ok(seats),
            (true, 4) => Ok(Seats::WITH_DUMMY),
            (true, n) => Err(format!("a dummy sits at a table of four, not {n}")),
        }
    }
}

impl From<Seats> for SeatsRepr {
    fn from(s: Seats) -> SeatsRepr {
        SeatsRepr {
            players: s.players,
            dummy: s.dummy,
        }
    }
}

impl Seats {
    pub const FOUR: Seats = Seats {
        players: 4,
        dummy: false,
    };
    /// Dummy Rang: four hands, three people, the dummy opposite its driver (RD-SEATS).
    pub const WITH_DUMMY: Seats = Seats {
        players: 4,
        dummy: true,
    };
    /// Where the dummy sits in Dummy Rang.
    pub const DUMMY: Seat = Seat(2);
    /// Where the dummy's driver sits in Dummy Rang, opposite the dummy.
    pub const DRIVER: Seat = Seat(0);

    /// A table of `players`, 2 to 4, every seat a person.
    pub const fn new(players: u8) -> Option<Seats> {
        if players >= 2 && players <= 4 {
            Some(Seats {
                players,
                dummy: false,
            })
        } else {
            None
        }
    }

    pub const fn count(self) -> usize {
        self.players as usize
    }

    /// The number of hands in play (`V-PLAYERS`); the dummy's counts.
    pub const fn players(self) -> u8 {
        self.players
    }

    /// The number of people at the table: the dummy is not one (RD-SEATS).
    pub const fn people(self) -> usize {
        if self.dummy { 3 } else { self.count() }
    }

    /// The dummy's seat, in Dummy Rang.
    pub const fn dummy(self) -> Option<Seat> {
        if self.dummy { Some(Seats::DUMMY) } else { None }
    }

    /// The other seat whose cards the player of `seat` plays too: the dummy for its driver and
    /// the driver for the dummy (RD-SEATS); none at other tables.
    pub const fn also_plays(self, seat: Seat) -> Option<Seat> {
        match (self.dummy, seat.0) {
            (true, s) if s == Seats::DRIVER.0 => Some(Seats::DUMMY),
            (true, s) if s == Seats::DUMMY.0 => Some(Seats::DRIVER),
            _ => None,
        }
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
    /// In Dummy Rang the driver and the dummy are side 0 and the two others sides 1 and 2
    /// (RD-PLAY).
    pub const fn side(self, seat: Seat) -> Side {
        match (self.players, self.dummy) {
            (4, false) => seat.team(),
            (4, true) => Side([0, 1, 0, 2][seat.0 as usize]),
            _ => Side(seat.0),
        }
    }

    /// How many sides the table has.
    pub const fn sides(self) -> usize {
        match (self.players, self.dummy) {
            (4, false) => 2,
            (4, true) => 3,
            (n, _) => n as usize,
        }
    }

    /// Do the sides play as two teams of partners (a table of four without a dummy)?
    pub const fn in_teams(self) -> bool {
        self.players == 4 && !self.dummy
    }

    /// The partner opposite: at a table of four, and for the driver and the dummy of Dummy Rang;
    /// nobody's otherwise (§9, RD-PLAY).
    pub const fn partner(self, seat: Seat) -> Option<Seat> {
        match (self.players, self.dummy) {
            (4, false) => Some(seat.partner()),
            (4, true) if seat.0.is_multiple_of(2) => Some(seat.partner()),
            _ => None,
        }
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
    fn rd_seats_the_dummy_opposite_its_driver_the_others_alone() {
        let d = Seats::WITH_DUMMY;
        assert_eq!((d.count(), d.people(), d.sides()), (4, 3, 3));
        assert_eq!(d.dummy(), Some(Seats::DUMMY));
        assert_eq!(d.partner(Seats::DRIVER), Some(Seats::DUMMY));
        assert_eq!(d.partner(Seats::DUMMY), Some(Seats::DRIVER));
        assert_eq!(d.partner(Seat(1)), None);
        assert_eq!(d.side(Seats::DRIVER), d.side(Seats::DUMMY));
        assert_ne!(d.side(Seat(1)), d.side(Seat(3)));
        assert_eq!(
            d.opponents(Seat(1)).collect::<Vec<_>>(),
            [Seat(2), Seat(3), Seat(0)]
        );
        assert_eq!(d.also_plays(Seats::DUMMY), Some(Seats::DRIVER));
        assert_eq!(d.also_plays(Seats::DRIVER), Some(Seats::DUMMY));
        assert_eq!(d.also_plays(Seat(3)), None);
        assert_eq!(Seats::FOUR.also_plays(Seat(0)), None);
        assert!(!d.in_teams() && Seats::FOUR.in_teams());
        assert_eq!(Seats::FOUR.people(), 4);
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
            assert_eq!(seats.people(), seats.count());
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
            serde_json::from_str::<Seats>(r#"{"players":3}"#).unwrap(),
            Seats::new(3).unwrap()
        );
        assert!(serde_json::from_str::<Seats>(r#"{"players":5}"#).is_err());
        assert!(serde_json::from_str::<Seats>(r#"{"players":3,"dummy":true}"#).is_err());
        let text = serde_json::to_string(&Seats::WITH_DUMMY).unwrap();
        assert_eq!(serde_json::from_str::<Seats>(&text).unwrap(), Seats::WITH_DUMMY);
    }
}
