//! Choosing the first dealer (R-FIRST, `V-FIRST`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank};
use crate::deck::{Deck, bounded};
use crate::people::{Person, Seating};
use crate::ruleset::FirstDealer;
use crate::seat::{Seat, Seats};

/// The stream of the match's generator kept for the first-dealer draw; deals use 0, 1, 2, …
const FIRST_DEALER_STREAM: u64 = u64::MAX;

/// How the first dealer was found: the cards drawn face up, in order, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstDraw {
    pub dealer: Seat,
    pub draws: Vec<(Seat, Card)>,
    /// Dummy Rang's first driver, drawn at random (RD-SEATS); the dealer's seat is where the
    /// dealer sits in that first hand.
    #[serde(default)]
    pub driver: Option<Person>,
}

impl FirstDraw {
    /// Draws the first dealer of the match with this seed, at a table of `seats`.
    pub fn new(how: FirstDealer, seats: Seats, seed: u64) -> FirstDraw {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(FIRST_DEALER_STREAM);
        let mut deck = Deck::ordered();
        deck.shuffle_with(&mut rng);
        let cards = deck.cards();
        if seats.dummy().is_some() {
            // RD-SEATS: the people draw the first driver and the first dealer; the dummy
            // never deals
            let driver = Person::ALL[bounded(&mut rng, 3) as usize];
            let dealer = Person::ALL[bounded(&mut rng, 3) as usize];
            return FirstDraw {
                dealer: Seating::with_driver(driver).seat_of(dealer),
                draws: Vec::new(),
                driver: Some(driver),
            };
        }
        match how {
            FirstDealer::Random => FirstDraw {
                dealer: Seat::ALL[bounded(&mut rng, u32::from(seats.players())) as usize],
                draws: Vec::new(),
                driver: None,
            },
            FirstDealer::DrawLow => draw_low(cards, seats),
            FirstDealer::HokmAce => deal_until(cards, seats, |c| c.rank() == Rank::ACE),
            FirstDealer::Ekka(suit) => deal_until(cards, seats, |c| c == Card::new(suit, Rank::ACE)),
        }
    }
}

/// Each seat draws a card; the lowest deals. Seats tied for lowest draw again.
fn draw_low(cards: &[Card], seats: Seats) -> FirstDraw {
    let mut draws = Vec::new();
    let mut next = cards.iter().copied();
    let mut drawing: Vec<Seat> = seats.all().collect();
    loop {
        let round: Vec<(Seat, Card)> = drawing
            .iter()
            .filter_map(|&s| next.next().map(|c| (s, c)))
            .collect();
        draws.extend(&round);
        let Some(low) = round.iter().map(|(_, c)| c.rank()).min() else {
            // 52 cards always settle four seats; keep a dealer should a draw ever run dry
            return FirstDraw {
                dealer: Seat::ALL[0],
                draws,
                driver: None,
            };
        };
        drawing = round
            .iter()
            .filter(|(_, c)| c.rank() == low)
            .map(|(s, _)| *s)
            .collect();
        if drawing.len() == 1 {
            return FirstDraw {
                dealer: drawing[0],
                draws,
                driver: None,
            };
        }
    }
}

/// Cards are dealt face up from seat 0 in play order until `stop` matches: that seat is the
/// first trump-caller (the hâkem), and the dealer is the seat before it (R-FIRST, R3-FIRST,
/// R2-FIRST).
fn deal_until(cards: &[Card], seats: Seats, stop: impl Fn(Card) -> bool) -> FirstDraw {
    let mut draws = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        let seat = seats.after(Seat::ALL[0], i);
        draws.push((seat, card));
        if stop(card) {
            return FirstDraw {
                dealer: seats.prev(seat),
                draws,
                driver: None,
            };
        }
    }
    FirstDraw {
        dealer: seats.prev(Seat::ALL[0]),
        draws,
        driver: None,
    }
}
