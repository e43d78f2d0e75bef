//! The people at the table and the seats they take each hand. At most tables a person keeps one
//! seat for the whole match. In Dummy Rang three people play four hands: the dummy sits opposite
//! its driver, the driver's role passes to the next person each hand, and the people move round
//! the table so that the dummy is always at [`Seats::DUMMY`] and its driver at
//! [`Seats::DRIVER`] (RD-SEATS).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::outcome::HandResult;
use crate::seat::{MAX_SIDES, Seat, Seats, Side};

/// A person at the table, numbered in play order from 0. At a table without a dummy person `n`
/// always sits at seat `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Person(u8);

impl Person {
    /// Every person a table may have.
    pub const ALL: [Person; 4] = [Person(0), Person(1), Person(2), Person(3)];

    pub const fn new(index: u8) -> Option<Person> {
        if index < 4 { Some(Person(index)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl TryFrom<u8> for Person {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        Person::new(v).ok_or_else(|| format!("person {v} is not 0..3"))
    }
}

impl From<Person> for u8 {
    fn from(p: Person) -> u8 {
        p.0
    }
}

impl fmt::Display for Person {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// Who sits where for one hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seating {
    seats: Seats,
    /// The person driving the dummy this hand, in Dummy Rang.
    driver: Option<Person>,
}

/// Dummy Rang's seats of the people 0, 1 and 2 places after the driver.
const PEOPLE_SEATS: [Seat; 3] = [Seat::ALL[0], Seat::ALL[1], Seat::ALL[3]];

impl Seating {
    /// Every person in their own seat, for the match.
    pub fn fixed(seats: Seats) -> Seating {
        Seating { seats, driver: None }
    }

    /// Dummy Rang's seating with `driver` opposite the dummy (RD-SEATS).
    pub fn with_driver(driver: Person) -> Seating {
        Seating {
            seats: Seats::WITH_DUMMY,
            driver: Some(Person(driver.0 % 3)),
        }
    }

    /// The seating at the table of `seats` for the hand `driver` drives (ignored without a
    /// dummy).
    pub fn of(seats: Seats, driver: Person) -> Seating {
        if seats.dummy().is_some() {
            Seating::with_driver(driver)
        } else {
            Seating::fixed(seats)
        }
    }

    /// The number of people at the table.
    pub fn people(&self) -> usize {
        self.seats.people()
    }

    /// The people in play order.
    pub fn all(&self) -> impl Iterator<Item = Person> + Clone {
        Person::ALL.into_iter().take(self.people())
    }

    /// The dummy's driver this hand, in Dummy Rang.
    pub fn driver(&self) -> Option<Person> {
        self.driver
    }

    /// The seat `person` plays from this hand (their own; the dummy's driver also plays the
    /// dummy's).
    pub fn seat_of(&self, person: Person) -> Seat {
        match self.driver {
            Some(d) => PEOPLE_SEATS[(person.index() + 3 - d.index()) % 3],
            None => Seat::ALL[person.index() % 4],
        }
    }

    /// The person who plays `seat`'s cards this hand: the one of its side (in Dummy Rang the
    /// driver for the dummy).
    pub fn person_at(&self, seat: Seat) -> Person {
        match self.driver {
            Some(_) => Person::ALL[self.person_of_side(self.seats.side(seat))],
            None => Person::ALL[seat.index()],
        }
    }

    /// The person a side plays for, and whose score its tricks go to: in Dummy Rang side 0 is
    /// the driver's (with the dummy's tricks, RD-SCORE) and sides 1 and 2 the people after it in
    /// play order; elsewhere the side.
    pub fn person_of_side(&self, side: Side) -> usize {
        match self.driver {
            Some(d) => (d.index() + side.index()) % 3,
            None => side.index(),
        }
    }

    /// A hand's result as the match scores it: in Dummy Rang each side's tricks and the win
    /// go to the person they belong to (RD-SCORE); elsewhere the result as it is.
    pub fn scored(&self, result: &HandResult) -> HandResult {
        if self.driver.is_none() {
            return *result;
        }
        let (mut tricks, mut tens) = ([0; MAX_SIDES], [0; MAX_SIDES]);
        for side in Side::ALL.into_iter().take(self.seats.sides()) {
            tricks[self.person_of_side(side)] = result.tricks[side.index()];
            tens[self.person_of_side(side)] = result.tens[side.index()];
        }
        HandResult {
            winner: Side::ALL[self.person_of_side(result.winner)],
            tricks,
            tens,
            ..*result
        }
    }

    /// The seating of the next hand: the driver's role passes to the next person (RD-SEATS).
    pub fn next_hand(&self) -> Seating {
        match self.driver {
            Some(d) => Seating::with_driver(Person((d.0 + 1) % 3)),
            None => *self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rd_seats_the_people_move_round_the_dummy() {
        for d in 0..3 {
            let seating = Seating::with_driver(Person(d));
            assert_eq!(seating.seat_of(Person(d)), Seats::DRIVER);
            assert_eq!(seating.person_at(Seats::DUMMY), Person(d));
            let plays: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|&s| seating.person_at(s) == Person(d))
                .collect();
            assert_eq!(plays, [Seats::DRIVER, Seats::DUMMY]);
            for p in seating.all() {
                assert_eq!(seating.person_at(seating.seat_of(p)), p);
                // the people keep their order of play round the table
                let next = Person((p.0 + 1) % 3);
                let (a, b) = (seating.seat_of(p), seating.seat_of(next));
                let between = Seats::WITH_DUMMY.places(a, b);
                assert!(between == 1 || (between == 2 && Seats::WITH_DUMMY.next(a) == Seats::DUMMY));
                let side = Seats::WITH_DUMMY.side(seating.seat_of(p));
                assert_eq!(seating.person_of_side(side), p.index());
            }
            assert_eq!(seating.next_hand().driver(), Some(Person((d + 1) % 3)));
        }
    }

    #[test]
    fn without_a_dummy_a_person_is_a_seat() {
        let seating = Seating::fixed(Seats::FOUR);
        for s in Seat::ALL {
            assert_eq!(seating.seat_of(seating.person_at(s)), s);
        }
        assert_eq!(seating.people(), 4);
        assert_eq!(seating.next_hand(), seating);
        assert_eq!(Seating::of(Seats::new(3).unwrap(), Person(2)).driver(), None);
    }
}
