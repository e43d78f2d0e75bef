//! Easy: legal cards with a little sense. It follows cheaply and wins cheaply when it can.

use courtpiece_rules::{Intent, Phase, Rank, RuleSet, SeatView};
use rand::RngExt;

use crate::bot::Bot;
use crate::choices::{bid, call, cut, decision_rng, draw, lay_down, lowest_card, points};

pub struct Easy {
    seed: u64,
}

impl Easy {
    pub fn new(seed: u64) -> Easy {
        Easy { seed }
    }
}

impl Bot for Easy {
    fn decide(&mut self, view: &SeatView, _rules: &RuleSet) -> Intent {
        if view.phase == Phase::Cut
            && let Some(i) = cut(view, &mut decision_rng(self.seed, view))
        {
            return i;
        }
        // seven, with an ace and a king or better among the five
        if let Some(i) = bid(view, |v| {
            if v.hand.iter().map(points).sum::<u32>() >= 7 {
                7
            } else {
                0
            }
        }) {
            return i;
        }
        // the longest suit of the five
        if let Some(i) = call(view, |hand, suit| hand.count_suit(suit)) {
            return i;
        }
        // Hokm for two: lay down the lowest cards, keep a ten or better or a trump
        if let Some(i) = lay_down(view, |c| u32::from(c.rank().index())) {
            return i;
        }
        let trumps = view.known_trumps;
        if let Some(i) = draw(view, |c| c.rank() >= Rank::TEN || Some(c.suit()) == trumps) {
            return i;
        }
        if view.legal.contains(&Intent::Stop) {
            return Intent::Stop;
        }
        let cards = view.playable();
        let Some(lowest) = lowest_card(cards) else {
            return view.legal[decision_rng(self.seed, view).random_range(0..view.legal.len())];
        };
        if view.trick.is_empty() {
            // lead something at random
            let i = decision_rng(self.seed, view).random_range(0..cards.len());
            return Intent::Play {
                card: cards.nth(i).unwrap_or(lowest),
            };
        }
        let partner = view.seats.partner(view.seat);
        let partner_winning = view.trick.winner().is_some_and(|(s, _)| Some(s) == partner);
        let cheapest_winner = cards
            .iter()
            .filter(|&c| view.trick.would_win(c))
            .min_by_key(|c| c.rank());
        match cheapest_winner {
            Some(card) if !partner_winning => Intent::Play { card },
            _ => Intent::Play { card: lowest },
        }
    }
}
