//! Answers shared by the levels: the cut, the trump call, reading the trick on the table.

use courtpiece_rules::{Card, CardSet, Intent, Phase, Rank, SeatView, Suit, TWO_OF_HEARTS};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The generator of one decision: a function of the bot's seed and where the table stands, so
/// that a bot decides the same way in a match replayed or resumed from its record.
pub fn decision_rng(seed: u64, view: &SeatView) -> SmallRng {
    let place = (u64::from(view.hand_no) << 32)
        ^ (u64::from(view.redeals) << 24)
        ^ ((view.phase as u64) << 16)
        ^ u64::from(view.played().len())
        ^ (u64::from(u8::from(view.seat)) << 8);
    SmallRng::seed_from_u64(seed ^ place.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// A cut anywhere the rules allow (R-CUT: bots cut at random).
pub fn cut(view: &SeatView, rng: &mut SmallRng) -> Option<Intent> {
    let cuts: Vec<Intent> = view
        .legal
        .iter()
        .copied()
        .filter(|i| matches!(i, Intent::Cut { .. }))
        .collect();
    (!cuts.is_empty()).then(|| cuts[rng.random_range(0..cuts.len())])
}

/// High-card points of a card: A 4, K 3, Q 2, J 1.
pub fn points(card: Card) -> u32 {
    u32::from(card.rank().index().saturating_sub(Rank::TEN.index()))
}

/// How good a suit looks as trumps from a hand: length first, then high cards.
pub fn suit_strength(hand: CardSet, suit: Suit) -> u32 {
    let cards = hand.of_suit(suit);
    cards.len() * 4 + cards.iter().map(points).sum::<u32>()
}

/// The trump call: the suit that `score` likes best among the five cards, made in whatever way
/// `V-CALL` asks; a redeal when the rules allow one.
pub fn call(view: &SeatView, score: impl Fn(CardSet, Suit) -> u32) -> Option<Intent> {
    if view.phase != Phase::TrumpCall {
        return None;
    }
    if view.legal.contains(&Intent::Redeal) {
        return Some(Intent::Redeal);
    }
    let best = Suit::ALL
        .into_iter()
        .max_by_key(|&s| (score(view.hand, s), s as u8))?;
    // Satat's 2♥ names no suit (RS-TWO)
    let in_suit = view.hand.of_suit(best) - top_two(view);
    view.legal
        .iter()
        .copied()
        .find(|i| match i {
            Intent::Call { suit } => *suit == best,
            // showing gives the card away: show the lowest; a hidden card can not be drawn out
            // before the reveal, when it comes back to the hand: hide the highest, kept for
            // the tricks that count after it
            Intent::Show { card } => Some(*card) == in_suit.lowest(),
            Intent::Hide { card } => Some(*card) == in_suit.highest(),
            _ => false,
        })
        .or_else(|| view.legal.first().copied())
}

/// Satat's 2♥ where it is the highest trump, else nothing (RS-TWO).
pub fn top_two(view: &SeatView) -> CardSet {
    if view.trick.has_top_two() {
        CardSet::single(TWO_OF_HEARTS)
    } else {
        CardSet::EMPTY
    }
}

/// Satat's card passing after a court (RS-PASS): the legal cards to pass that are worth least to
/// keep. A loser's cards are all but fixed by the rule; a winner passes back a low card of a
/// short plain suit, on the way to a void to trump in, and keeps its trumps and the 2♥.
pub fn give(view: &SeatView) -> Option<Intent> {
    if view.phase != Phase::Passing {
        return None;
    }
    let hand = view.hand;
    let trumps = view.known_trumps;
    let two = top_two(view);
    let worth = |c: Card| {
        let trump = Some(c.suit()) == trumps || two.contains(c);
        u32::from(two.contains(c)) * 1000
            + u32::from(trump) * 100
            + u32::from(c.rank().index()) * 4
            + hand.count_suit(c.suit())
    };
    view.legal
        .iter()
        .copied()
        .filter(|i| matches!(i, Intent::Give { .. }))
        .min_by_key(|i| match i {
            Intent::Give { cards } => cards.iter().map(worth).sum::<u32>(),
            _ => u32::MAX,
        })
}

/// Dabba Rang's bidding (RDB-BID): the least announcement the rules allow now, if my team may
/// expect to collect that many tricks (`expect`), else a pass. A partner's announcement is left
/// standing; when everyone passed, the seat after the dealer announces the 7 it must.
pub fn bid(view: &SeatView, expect: impl Fn(&SeatView) -> u8) -> Option<Intent> {
    if view.phase != Phase::Bidding {
        return None;
    }
    let least = view
        .legal
        .iter()
        .filter_map(|i| match i {
            Intent::Bid { tricks } => Some(*tricks),
            _ => None,
        })
        .min();
    let may_pass = view.legal.contains(&Intent::Pass);
    let partners = view
        .auction
        .and_then(|a| a.high)
        .is_some_and(|(holder, _)| view.seats.side(holder) == view.seats.side(view.seat));
    match least {
        Some(least) if !may_pass || (!partners && least <= expect(view)) => {
            Some(Intent::Bid { tricks: least })
        }
        _ if may_pass => Some(Intent::Pass),
        _ => view.legal.first().copied(),
    }
}

/// The tricks my team may expect to collect as callers, judged from my first five: eight and a
/// half, and three tenths of a trick for each high-card point and half a trick for each card of
/// the longest suit (trumps to be) above what five cards hold on average (3.85 points, two). The
/// caller's side is strong in Dabba Rang: it alone knows trumps, leads, and nothing is collected
/// before the reveal; between Medium bots it made seven, eight and nine about two times in three.
pub fn expected_tricks(view: &SeatView) -> u8 {
    let hand = view.hand;
    let high: u32 = hand.iter().map(points).sum();
    let longest = Suit::ALL
        .into_iter()
        .map(|s| hand.count_suit(s))
        .max()
        .unwrap_or(0);
    // in tenths of a trick: 85 - 3 * 3.85 - 5 * 2 = 63
    let tenths = 63 + 3 * high + 5 * longest;
    u8::try_from(tenths / 10).unwrap_or(u8::MAX)
}

/// Hokm for two's discard (R2-DEAL): the legal set of cards that `worth` values least.
pub fn lay_down(view: &SeatView, worth: impl Fn(Card) -> u32) -> Option<Intent> {
    view.legal
        .iter()
        .copied()
        .filter(|i| matches!(i, Intent::Discard { .. }))
        .min_by_key(|i| match i {
            Intent::Discard { cards } => cards.iter().map(&worth).sum::<u32>(),
            _ => u32::MAX,
        })
}

/// Hokm for two's draw (R2-DRAW): keep the card looked at when `keep` says so, else take the
/// next one.
pub fn draw(view: &SeatView, keep: impl Fn(Card) -> bool) -> Option<Intent> {
    let offer = view.offer?;
    if !view.legal.contains(&Intent::Keep) {
        return None;
    }
    Some(if keep(offer) {
        Intent::Keep
    } else {
        Intent::Decline
    })
}

/// The lowest-ranked card of a set, whatever its suit.
pub fn lowest_card(cards: CardSet) -> Option<Card> {
    cards.iter().min_by_key(|c| (c.rank(), c.suit()))
}
