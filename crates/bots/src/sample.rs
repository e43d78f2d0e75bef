//! Sampling the hidden cards: deals of the unseen cards to the other seats that agree with
//! everything the table has shown (counts, shown cards, voids).

use courtpiece_rules::{CallView, CardSet, Seat, SeatView};
use rand::RngExt;
use rand::rngs::SmallRng;

use crate::memory::Memory;

/// Cards in a whole hand.
const HAND: u32 = 13;

/// Tries before the voids are given up on (they can not all be honoured if a revoke slipped by).
const TRIES: usize = 24;

/// The four hands of one possible layout: mine as it is, the others' made up. A face-down trump
/// indicator is counted in its caller's hand, as it is for following suit.
pub fn sample(view: &SeatView, memory: &Memory, rng: &mut SmallRng) -> [CardSet; 4] {
    let mut need = view.counts.map(u32::from);
    let mut hands = [CardSet::EMPTY; 4];
    hands[view.seat.index()] = view.hand;
    if let Some(card) = view.own_indicator {
        hands[view.seat.index()].insert(card);
    }
    need[view.seat.index()] = 0;
    if view.call == Some(CallView::FaceDown) && view.seat != view.caller {
        need[view.caller.index()] += 1;
    }
    let mut pool = memory.unseen;
    for s in Seat::ALL.into_iter().filter(|&s| s != view.seat) {
        let known = view.exposed[s.index()] & pool;
        hands[s.index()] |= known;
        pool -= known;
        need[s.index()] = need[s.index()].saturating_sub(known.len());
    }
    let cards: Vec<_> = pool.iter().collect();
    for attempt in 0..=TRIES {
        let honour_voids = attempt < TRIES;
        if let Some(dealt) = deal(&cards, hands, need, memory, honour_voids, rng) {
            return dealt;
        }
    }
    hands
}

fn deal(
    cards: &[courtpiece_rules::Card],
    mut hands: [CardSet; 4],
    mut need: [u32; 4],
    memory: &Memory,
    honour_voids: bool,
    rng: &mut SmallRng,
) -> Option<[CardSet; 4]> {
    let mut order = cards.to_vec();
    // most constrained first: cards of suits that more seats are known to lack
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    order.sort_by_key(|c| std::cmp::Reverse(memory.voids.iter().filter(|v| v[c.suit().index()]).count()));
    for card in order {
        let eligible = |s: usize| need[s] > 0 && !(honour_voids && memory.voids[s][card.suit().index()]);
        let total: u32 = (0..4).filter(|&s| eligible(s)).map(|s| need[s]).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        let seat = (0..4).filter(|&s| eligible(s)).find(|&s| {
            if pick < need[s] {
                true
            } else {
                pick -= need[s];
                false
            }
        })?;
        hands[seat].insert(card);
        need[seat] -= 1;
    }
    Some(hands)
}

/// The four whole hands of one possible deal, as the trump caller may picture them with only
/// its first cards seen (R-DEAL1): the caller's hand completed to thirteen, the others dealt
/// thirteen each from what is left.
pub fn whole_deal(view: &SeatView, rng: &mut SmallRng) -> [CardSet; 4] {
    let mut hands = [CardSet::EMPTY; 4];
    hands[view.seat.index()] = view.hand;
    for s in Seat::ALL.into_iter().filter(|&s| s != view.seat) {
        hands[s.index()] = view.exposed[s.index()];
    }
    let taken = hands.iter().fold(CardSet::EMPTY, |acc, &h| acc | h);
    let mut pool: Vec<_> = (!taken).iter().collect();
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.random_range(0..=i));
    }
    let mut cards = pool.into_iter();
    for hand in &mut hands {
        while hand.len() < HAND
            && let Some(card) = cards.next()
        {
            hand.insert(card);
        }
    }
    hands
}
