//! Stacked decks, scripted play and random legal play.

use courtpiece_rules::{Card, Deck, Event, GameRecord, Intent, Match, Phase, Round, RuleSet, Seat};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The cut every scripted hand uses.
pub const CUT: u8 = 10;

pub fn seat(i: u8) -> Seat {
    Seat::new(i).expect("seat 0..3")
}

pub fn card(text: &str) -> Card {
    text.parse().expect("a card name")
}

pub fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

/// A deck that, cut at [`CUT`], deals each seat the cards listed for it, in the listed order:
/// the first five in the first batch, and so on (`V-BATCHES`).
pub fn deck_for(rules: &RuleSet, dealer: Seat, hands: [&str; 4]) -> Deck {
    let lists = hands.map(cards);
    for (i, l) in lists.iter().enumerate() {
        assert_eq!(l.len(), 13, "seat {i} must get 13 cards");
    }
    let caller = dealer.next();
    let mut order = Vec::with_capacity(52);
    let mut taken = [0usize; 4];
    for &size in rules.batches.sizes() {
        for i in 0..4 {
            let s = caller.after(i).index();
            order.extend_from_slice(&lists[s][taken[s]..taken[s] + size as usize]);
            taken[s] += size as usize;
        }
    }
    // the cut moves the top CUT cards to the bottom; stack them so that it restores this order
    order.rotate_right(CUT as usize);
    Deck::stacked(&order).expect("the four hands hold the 52 cards once")
}

/// A hand from a stacked deck, cut and first-dealt: waiting for the trump call.
pub fn round_with(rules: &RuleSet, dealer: u8, hands: [&str; 4]) -> Round {
    let dealer = seat(dealer);
    let mut r = Round::with_deck(rules, 1, deck_for(rules, dealer, hands), 1, dealer);
    r.apply(r.caller(), Intent::Cut { at: CUT }).expect("cut");
    r.step();
    assert_eq!(r.phase(), Phase::TrumpCall);
    r
}

/// A hand from a stacked deck with trumps called: waiting for the first lead.
pub fn ready(rules: &RuleSet, dealer: u8, hands: [&str; 4], call: Intent) -> Round {
    let mut r = round_with(rules, dealer, hands);
    r.apply(r.caller(), call).expect("the call");
    r.step();
    assert_eq!(r.phase(), Phase::TrickPlay);
    r
}

/// Plays the listed cards, each by the seat whose turn it is.
pub fn play(r: &mut Round, list: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for c in cards(list) {
        let who = r.to_act().expect("someone to play");
        match r.apply(who, Intent::Play { card: c }) {
            Ok(e) => events.extend(e),
            Err(e) => panic!("{who} could not play {c}: {e}"),
        }
    }
    events
}

/// Double Sar: who collected the heap in `events` (seat number) and how many tricks.
pub fn collections(events: &[Event]) -> Vec<(usize, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::HeapCollected { seat, tricks, .. } => Some((seat.index(), *tricks)),
            _ => None,
        })
        .collect()
}

/// A random legal intent of the seat to act.
pub fn random_intent(m: &Match, rng: &mut SmallRng) -> (Seat, Intent) {
    let who = m.to_act().expect("someone to act");
    let legal = m.round().legal_intents(who);
    assert!(
        !legal.is_empty(),
        "{who} to act with no legal intent in {:?}",
        m.phase()
    );
    let i = rng.random_range(0..legal.len());
    (who, legal[i])
}

/// Plays a whole match with random legal intents, recording it. Returns every event too.
pub fn random_match(rules: &RuleSet, seed: u64) -> (Match, GameRecord, Vec<Event>) {
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x5EED);
    let mut record = GameRecord::new(rules, seed);
    let mut m = record.start().expect("valid rules");
    let mut events = vec![m.round().opening_event()];
    loop {
        events.extend(m.advance());
        if m.is_over() {
            break;
        }
        let (who, intent) = random_intent(&m, &mut rng);
        events.extend(
            record
                .apply(&mut m, who, intent)
                .expect("a legal intent is accepted"),
        );
    }
    (m, record, events)
}

/// Rules with a bound on the match length, so random matches stay short.
pub fn short(mut rules: RuleSet, hands: u32) -> RuleSet {
    rules.max_hands = Some(hands);
    rules
}
