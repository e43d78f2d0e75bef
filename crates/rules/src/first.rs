//! Choosing the first dealer (R-FIRST, `V-FIRST`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank};
use crate::deck::{Deck, bounded};
use crate::ruleset::FirstDealer;
use crate::seat::Seat;

/// The stream of the match's generator kept for the first-dealer draw; deals use 0, 1, 2, …
const FIRST_DEALER_STREAM: u64 = u64::MAX;

/// How the first dealer was found: the cards drawn face up, in order, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstDraw {
    pub dealer: Seat,
    pub draws: Vec<(Seat, Card)>,
}

impl FirstDraw {
    /// Draws the first dealer of the match with this seed.
    pub fn new(how: FirstDealer, seed: u64) -> FirstDraw {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(FIRST_DEALER_STREAM);
        let mut deck = Deck::ordered();
        deck.shuffle_with(&mut rng);
        let cards = *deck.cards();
        match how {
            FirstDealer::Random => FirstDraw {
                dealer: Seat::ALL[bounded(&mut rng, 4) as usize],
                draws: Vec::new(),
            },
            FirstDealer::DrawLow => draw_low(&cards),
            FirstDealer::HokmAce => deal_until(&cards, |c| c.rank() == Rank::ACE),
            FirstDealer::Ekka(suit) => deal_until(&cards, |c| c == Card::new(suit, Rank::ACE)),
        }
    }
}

/// Each seat draws a card; the lowest deals. Seats tied for lowest draw again.
fn draw_low(cards: &[Card; 52]) -> FirstDraw {
    let mut draws = Vec::new();
    let mut next = cards.iter().copied();
    let mut drawing: Vec<Seat> = Seat::ALL.to_vec();
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
            };
        }
    }
}

/// Cards are dealt face up from seat 0 until `stop` matches: that seat is the first trump-caller,
/// and the dealer is the seat before it.
fn deal_until(cards: &[Card; 52], stop: impl Fn(Card) -> bool) -> FirstDraw {
    let mut draws = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        let seat = Seat::ALL[i % 4];
        draws.push((seat, card));
        if stop(card) {
            return FirstDraw {
                dealer: seat.prev(),
                draws,
            };
        }
    }
    FirstDraw {
        dealer: Seat::ALL[3],
        draws,
    }
}
