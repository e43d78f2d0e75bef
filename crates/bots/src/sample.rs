//! Sampling the hidden cards: deals of the unseen cards to the other seats that agree with
//! everything the table has shown (counts, shown cards, voids), with the unseen trumps leaning
//! toward the seat that called them.

use courtpiece_rules::{CallView, CardSet, RuleSet, Seat, SeatView, Suit};
use rand::RngExt;
use rand::rngs::SmallRng;

use crate::memory::Memory;

/// The weight of a seat's free places when a card is dealt, and of the caller's when the card
/// is a trump (about how much likelier a caller is to hold a given unseen trump).
const WEIGHT: u32 = 5;
const CALLER_TRUMPS: u32 = 7;

/// The four hands of one possible layout: mine as it is, the others' made up. A face-down trump
/// indicator is counted in its caller's hand, as it is for following suit.
pub fn sample(view: &SeatView, memory: &Memory, rng: &mut SmallRng) -> [CardSet; 4] {
    layout(view, memory, true, rng)
}

/// A layout as [`sample`] deals it, but every unseen card as likely in one free place as in
/// another: for a reading of the call that weighs the caller's hand itself.
pub fn sample_evenly(view: &SeatView, memory: &Memory, rng: &mut SmallRng) -> [CardSet; 4] {
    layout(view, memory, false, rng)
}

fn layout(view: &SeatView, memory: &Memory, lean_to_caller: bool, rng: &mut SmallRng) -> [CardSet; 4] {
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
        let known = view.known(s) & pool;
        hands[s.index()] |= known;
        pool -= known;
        need[s.index()] = need[s.index()].saturating_sub(known.len());
    }
    // Satat's 2♥ never shows a void: it may go to any trick (RS-TWO). It is dealt first, to
    // any seat with room that leaves the rest a layout.
    let two = memory.two & pool;
    pool -= two;
    let cards: Vec<_> = pool.iter().collect();
    // the caller chose trumps from its first five cards, so it more likely holds trumps than
    // the cards it was dealt later alone would say (R-CALL)
    let lean = Lean {
        caller: view
            .known_trumps
            .filter(|_| lean_to_caller && view.caller != view.seat)
            .map(|t| (view.caller.index(), t)),
        trumps: view.known_trumps,
    };
    let mut left = [0u32; 4];
    for card in &cards {
        left[card.suit().index()] += 1;
    }
    // cards lying face down (Hokm for two's discards and stock) are nobody's: they take the
    // places the hands leave over
    let spare = u32::try_from(cards.len())
        .unwrap_or(u32::MAX)
        .saturating_sub(need.iter().sum());
    // the voids can not all be honoured if a revoke slipped by; then they are let go
    let shown = Voids::new(memory.voids);
    let voids = if shown.fit(left, need, spare) {
        shown
    } else {
        Voids::new([[false; 4]; 4])
    };
    for card in two {
        let weights: [u32; 4] = std::array::from_fn(|s| {
            let mut rest = need;
            if need[s] == 0 {
                return 0;
            }
            rest[s] -= 1;
            if voids.fit(left, rest, spare) { need[s] } else { 0 }
        });
        let total: u32 = weights.iter().sum();
        let mut pick = rng.random_range(0..total.max(1));
        if let Some(seat) = (0..4).find(|&s| {
            let here = pick < weights[s];
            pick = pick.saturating_sub(weights[s]);
            here && weights[s] > 0
        }) {
            hands[seat].insert(card);
            need[seat] -= 1;
        }
    }
    deal(&cards, hands, Places { need, spare }, left, &voids, lean, rng)
}

/// The weight of a card going face down rather than to a hand that chose what it kept (R2-DRAW).
const FACE_DOWN: u32 = 10;

/// The weight of `card` going to a hand that chose what it kept, against [`FACE_DOWN`]: the odds
/// of an unseen card being in the other hand rather than face down, as the draw leaves them (a
/// player keeps trumps and the top honours, takes the next card blind for a small one, and so
/// lays small side cards down). Read off 3,000 matches between Medium bots at the start of play:
/// an unseen trump is held five times in six, an unseen small side card one time in four. The
/// caller's trumps lean less and by rank: it had trumps among its first five whatever the draw.
fn kept(card: courtpiece_rules::Card, trumps: Option<Suit>, caller: bool) -> u32 {
    const SIDE: [u32; 13] = [3, 3, 3, 4, 4, 4, 5, 5, 6, 10, 32, 46, 49];
    const CALLER_SIDE: [u32; 13] = [3, 3, 3, 3, 3, 3, 3, 3, 4, 10, 21, 23, 26];
    const CALLER_TRUMP: [u32; 13] = [22, 26, 28, 32, 35, 38, 43, 46, 49, 57, 61, 67, 73];
    let rank = usize::from(card.rank().index());
    match (Some(card.suit()) == trumps, caller) {
        (true, false) => 52,
        (true, true) => CALLER_TRUMP[rank],
        (false, false) => SIDE[rank],
        (false, true) => CALLER_SIDE[rank],
    }
}

/// Which way a card leans: toward the caller's seat if it is of the trumps it called (R-CALL),
/// and toward a hand that chose what to keep if it is a trump or an honour (R2-DRAW).
#[derive(Clone, Copy)]
struct Lean {
    caller: Option<(usize, Suit)>,
    trumps: Option<Suit>,
}

/// The free places a layout deals to: each seat's, and those face down.
struct Places {
    need: [u32; 4],
    spare: u32,
}

fn deal(
    cards: &[courtpiece_rules::Card],
    mut hands: [CardSet; 4],
    places: Places,
    mut left: [u32; 4],
    voids: &Voids,
    lean: Lean,
    rng: &mut SmallRng,
) -> [CardSet; 4] {
    let mut order = cards.to_vec();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let Places { mut need, mut spare } = places;
    for card in order {
        let suit = card.suit().index();
        left[suit] -= 1;
        // a seat may take the card only if the cards still to come can then be dealt too, so a
        // layout is always found when one exists
        let weights: [u32; 4] = std::array::from_fn(|s| {
            let mut rest = need;
            if need[s] == 0 || voids.lacks[s][suit] || {
                rest[s] -= 1;
                !voids.fit(left, rest, spare)
            } {
                return 0;
            }
            if spare > 0 {
                return need[s] * kept(card, lean.trumps, lean.caller.is_some_and(|(c, _)| c == s));
            }
            let leaning = lean.caller == Some((s, card.suit()));
            need[s] * if leaning { CALLER_TRUMPS } else { WEIGHT }
        });
        let face_down = if spare > 0 && voids.fit(left, need, spare - 1) {
            spare * FACE_DOWN
        } else {
            0
        };
        let total: u32 = weights.iter().sum::<u32>() + face_down;
        let mut pick = rng.random_range(0..total.max(1));
        if pick < face_down {
            spare -= 1;
            continue;
        }
        pick -= face_down;
        let chosen = (0..4).find(|&s| {
            if pick < weights[s] {
                true
            } else {
                pick -= weights[s];
                false
            }
        });
        // none only when the places do not add up to the cards
        let Some(seat) = chosen.or_else(|| (0..4).find(|&s| need[s] > 0)) else {
            break;
        };
        hands[seat].insert(card);
        need[seat] -= 1;
    }
    hands
}

/// The suits each seat is known to lack, with what Hall's condition asks of them: the cards of
/// every set of suits must fit in the places of the seats that may take one of those suits. With
/// as many places as cards, a set holding a suit nobody lacks always fits, so only the sets of
/// lacked suits are checked.
struct Voids {
    lacks: [[bool; 4]; 4],
    /// Each set of lacked suits (a bit per suit) with the seats that may take a suit of it (a
    /// bit per seat); the first `sets` are in use. A fixed array: a layout is sampled a thousand
    /// times a decision.
    checks: [(u8, u8); 15],
    sets: usize,
}

impl Voids {
    fn new(lacks: [[bool; 4]; 4]) -> Voids {
        let lacked = (0..4)
            .filter(|&suit| lacks.iter().any(|seat| seat[suit]))
            .fold(0u8, |set, suit| set | 1 << suit);
        let mut voids = Voids {
            lacks,
            checks: [(0, 0); 15],
            sets: 0,
        };
        let mut set = lacked;
        while set != 0 {
            let seats = (0..4)
                .filter(|&s| (0..4).any(|suit| set >> suit & 1 == 1 && !lacks[s][suit]))
                .fold(0u8, |seats, s| seats | 1 << s);
            voids.checks[voids.sets] = (set, seats);
            voids.sets += 1;
            set = (set - 1) & lacked;
        }
        voids
    }

    /// Whether `left` cards of each suit can go to seats with `need` free places each and to
    /// `spare` places face down.
    fn fit(&self, left: [u32; 4], need: [u32; 4], spare: u32) -> bool {
        let within = |bits: u8, counts: [u32; 4]| {
            (0..4)
                .filter(|&i| bits >> i & 1 == 1)
                .map(|i| counts[i])
                .sum::<u32>()
        };
        self.checks[..self.sets]
            .iter()
            .all(|&(set, seats)| within(set, left) <= within(seats, need) + spare)
    }
}

/// The whole hands of one possible deal, as the trump caller may picture them with only its
/// first cards seen (R-DEAL1, R3-DEAL): the caller's hand completed to a full hand, each other
/// seat dealt a full hand from what is left, the cards out of the game (R3-DECK) aside.
pub fn whole_deal(view: &SeatView, rules: &RuleSet, rng: &mut SmallRng) -> [CardSet; 4] {
    let mut hands = [CardSet::EMPTY; 4];
    hands[view.seat.index()] = view.hand;
    for s in view.seats.all().filter(|&s| s != view.seat) {
        hands[s.index()] = view.known(s);
    }
    let taken = hands.iter().fold(rules.removed, |acc, &h| acc | h);
    let mut pool: Vec<_> = (!taken).iter().collect();
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.random_range(0..=i));
    }
    let mut cards = pool.into_iter();
    let full = u32::from(rules.tricks());
    for seat in view.seats.all() {
        let hand = &mut hands[seat.index()];
        while hand.len() < full
            && let Some(card) = cards.next()
        {
            hand.insert(card);
        }
    }
    hands
}
