//! Medium: rules of thumb with card memory. It counts trumps and voids, does not overtake a
//! partner who is winning, draws trumps when long in them, cashes its winners, leads from a short
//! suit to ruff it later, covers an honour, ruffs no higher than it must, and calls trumps by
//! length and strength. Under the Double Sar heap it plays for collections: it keeps its top trump
//! for a trick that collects and takes the lead only when it can follow up. Alone at a table of
//! three or two, it draws trumps whenever it holds the top one, leads into an opponent's void to
//! make them spend a trump, and leads or plays second the top of a sequence. Where the first seat
//! that cannot follow fixes trumps (RB-TRUMP), it keeps its high cards until then, plays out its
//! shortest suit to be that seat, and makes its longest suit trumps. Where tens count (Mindi) it
//! gives them to partner's tricks and keeps them from the opponents'. In Dabba Rang it announces
//! what its five cards are worth, leaves the reveal to the other side when its side calls, and
//! until the reveal wins tricks from the opponents as cheaply as it can.

use courtpiece_rules::{
    CallView, Card, CardSet, Count, Intent, Mode, Phase, Rank, RuleSet, Seat, SeatView, Suit, TWO_OF_HEARTS,
};

use crate::bot::Bot;
use crate::choices::{
    bid, call, cut, decision_rng, draw, expected_tricks, give, lay_down, lowest_card, suit_strength, top_two,
};
use crate::memory::Memory;

pub struct Medium {
    seed: u64,
}

impl Medium {
    pub fn new(seed: u64) -> Medium {
        Medium { seed }
    }
}

impl Bot for Medium {
    fn decide(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        if view.phase == Phase::Cut
            && let Some(i) = cut(view, &mut decision_rng(self.seed, view))
        {
            return i;
        }
        if let Some(i) = bid(view, expected_tricks) {
            return i;
        }
        if let Some(i) = call(view, suit_strength) {
            return i;
        }
        if let Some(i) = give(view) {
            return i;
        }
        let memory = Memory::read(view, rules);
        if let Some(i) = lay_down(view, |c| worth(c, memory.trumps)) {
            return i;
        }
        if let Some(i) = draw(view, |c| keeps(c, &memory)) {
            return i;
        }
        if view.legal.contains(&Intent::PlayOn) {
            return if sure_tricks(view, &memory) >= u32::from(view.counts[view.seat.index()]) {
                Intent::PlayOn
            } else {
                Intent::Stop
            };
        }
        let mut cards = view.playable();
        // RS-TWO: the 2♥ wins whatever trick it goes to; it is kept for one that would be lost
        let two = top_two(view) & cards;
        if !two.is_empty() && cards.len() > 1 {
            if spends_two(view, cards - two) {
                return Intent::Play { card: TWO_OF_HEARTS };
            }
            cards -= two;
        }
        let defending = view
            .contract
            .is_some_and(|(caller, _)| view.seats.side(caller) != view.seats.side(view.seat));
        if view.legal.contains(&Intent::Reveal) && !partner_winning(view) && (!rules.bidding || defending) {
            // unable to follow, and the trick is the opponents': we want to trump it. In Dabba
            // Rang the caller's side waits for the others to ask: until then only the caller
            // knows trumps and nothing is collected (RDB-HEAP)
            return Intent::Reveal;
        }
        if rules.bidding
            && view.trumps.is_none()
            && !view.trick.is_empty()
            && let Some(card) = before_reveal(view, cards)
        {
            return Intent::Play { card };
        }
        // Double Sar: the player who won the last trick collects the heap with the next one
        let heap = rules.mode == Mode::DoubleSar;
        let run = view.heap.run.filter(|_| heap);
        if heap
            && run != Some(view.seat)
            && let Some(keeper) = keeper(view, &memory, cards)
        {
            // a trick won without collecting only goes onto the heap; the top trump is kept for
            // one that collects, the thirteenth at the latest (R-LASTHEAP), which also makes
            // sure the other team can not collect all thirteen (R-DSKOT)
            cards.remove(keeper);
        }
        let pending = view.call == Some(CallView::FirstVoid(None));
        let tens = rules.count == Count::Tens;
        let card = if pending {
            before_trumps(view.trick.led_suit(), cards)
        } else if view.trick.is_empty() {
            lead(view, &memory, cards, run, (heap, tens))
        } else {
            follow(view, &memory, cards, run, (heap, tens))
        };
        match card {
            Some(card) => Intent::Play { card },
            None => view.legal[0],
        }
    }
}

/// Dabba Rang before the reveal, following: nothing is collected yet (RDB-HEAP), so the trick
/// is only worth the lead it gives. Win it as cheaply as possible from the opponents, else
/// throw the lowest card.
fn before_reveal(view: &SeatView, cards: CardSet) -> Option<Card> {
    let cheapest = cards
        .iter()
        .filter(|&c| view.trick.would_win(c))
        .min_by_key(|c| c.rank());
    match cheapest {
        Some(card) if !partner_winning(view) => Some(card),
        _ => lowest_card(cards),
    }
}

/// How much a card is worth keeping in Hokm for two: any trump over any side card, then rank.
fn worth(card: Card, trumps: Option<Suit>) -> u32 {
    u32::from(card.rank().index()) + if Some(card.suit()) == trumps { 13 } else { 0 }
}

/// Keep the card looked at from the stock (R2-DRAW) when it is worth at least what the next card
/// is worth on average: the next is any card I have not seen.
fn keeps(offer: Card, memory: &Memory) -> bool {
    let others = memory.unseen - CardSet::single(offer);
    if others.is_empty() {
        return true;
    }
    let total: u32 = others.iter().map(|c| worth(c, memory.trumps)).sum();
    worth(offer, memory.trumps) * others.len() >= total
}

/// Is this the trick for Satat's 2♥ (RS-TWO)? One the opponents take unless I play it: they win
/// it so far, none of my `other` cards would beat them, and partner has played to it already or
/// nobody plays after me.
fn spends_two(view: &SeatView, other: CardSet) -> bool {
    let trick = &view.trick;
    if trick.is_empty() || partner_winning(view) {
        return false;
    }
    let seats = view.seats;
    let last = trick.len() + 1 == seats.count();
    let partner_played = seats
        .partner(view.seat)
        .is_none_or(|p| trick.card_of(p).is_some());
    (last || partner_played) && !other.iter().any(|c| trick.would_win(c))
}

fn partner_winning(view: &SeatView) -> bool {
    let partner = view.seats.partner(view.seat);
    view.trick.winner().is_some_and(|(s, _)| Some(s) == partner)
}

/// My cards that win a trick whatever the others hold: bosses of a suit that the opponents can
/// not trump, and bosses of trumps.
fn sure_tricks(view: &SeatView, memory: &Memory) -> u32 {
    let no_ruff = memory.trumps.is_none() || memory.trumps_out() == 0;
    view.hand
        .iter()
        .filter(|&c| memory.is_boss(c, view.hand) && (no_ruff || Some(c.suit()) == memory.trumps))
        .collect::<CardSet>()
        .len()
}

/// My highest trump while it is the highest left, if I have another card I may play.
fn keeper(view: &SeatView, memory: &Memory, cards: CardSet) -> Option<Card> {
    let top = cards.of_suit(memory.trumps?).highest()?;
    (memory.is_boss(top, view.hand) && cards.len() > 1).then_some(top)
}

/// The card to lead. `(heap, tens)`: the Double Sar heap is in play, and the tens in the tricks
/// count (Mindi).
fn lead(
    view: &SeatView,
    memory: &Memory,
    cards: CardSet,
    run: Option<Seat>,
    (heap, tens): (bool, bool),
) -> Option<Card> {
    let trumps = view.trumps.and(memory.trumps);
    let hand = view.hand;
    // in Mindi a ten is led only when nothing can take it
    let spare = |c: Card| !tens || c.rank() != Rank::TEN || memory.is_boss(c, hand);
    // at a table of three or two nobody has a partner: a lost lead is an opponent's trick, and
    // there is nobody to ruff for
    let alone = view.seats.partner(view.seat).is_none();
    // my second trick in a row collects the heap: cash a winner now
    if run == Some(view.seat)
        && let Some(card) = cards
            .iter()
            .filter(|&c| memory.is_boss(c, hand))
            .max_by_key(|c| c.rank())
    {
        return Some(card);
    }
    let opps = view.seats.opponents(view.seat);
    let opps_may_ruff = |suit: Suit| {
        trumps.is_some_and(|t| t != suit)
            && opps
                .clone()
                .any(|o| memory.voids[o.index()][suit.index()] && memory.may_hold(o, trumps.unwrap_or(suit)))
    };
    // draw trumps when long in them and the opponents may still hold some (alone, whenever the top
    // trump is mine: nobody else draws them for me)
    if let Some(t) = trumps {
        let mine = cards.count_suit(t);
        let out = memory.trumps_out();
        let opps_have = opps.clone().any(|o| memory.may_hold(o, t));
        let top = cards.of_suit(t).highest();
        if let Some(top) = top
            && ((mine >= 3 && mine > out / 2) || alone)
            && opps_have
            && run.is_none()
            && memory.is_boss(top, hand)
        {
            return Some(top);
        }
    }
    // cash a winner the opponents can not trump
    if let Some(card) = cards
        .iter()
        .filter(|&c| memory.is_boss(c, hand) && !opps_may_ruff(c.suit()))
        .max_by_key(|c| (Some(c.suit()) != trumps, hand.count_suit(c.suit())))
    {
        return Some(card);
    }
    // give partner a ruff in a suit it has shown it lacks
    if let (Some(t), Some(partner)) = (trumps, view.seats.partner(view.seat))
        && memory.may_hold(partner, t)
        && let Some(card) = cards
            .iter()
            .filter(|c| {
                c.suit() != t && memory.voids[partner.index()][c.suit().index()] && !opps_may_ruff(c.suit())
            })
            .min_by_key(|c| c.rank())
    {
        return Some(card);
    }
    // under the heap a lost lead hands the opponents the start of a run: lead high instead
    if heap
        && let Some(card) = cards
            .iter()
            .filter(|&c| Some(c.suit()) != trumps && spare(c))
            .max_by_key(|c| (c.rank(), hand.count_suit(c.suit())))
    {
        return Some(card);
    }
    // from a short side suit, so as to ruff it when it comes round again (alone, the low lead
    // gives the trick away for a ruff that may never come)
    if let Some(t) = trumps
        && !alone
        && cards.has_suit(t)
        && let Some(card) = cards
            .iter()
            .filter(|&c| {
                c.suit() != t
                    && hand.count_suit(c.suit()) <= 2
                    && c.rank() <= Rank::TEN
                    && !memory.is_boss(c, hand)
                    && spare(c)
            })
            .min_by_key(|c| c.rank())
    {
        return Some(card);
    }
    // alone: a suit an opponent lacks makes them spend a trump on a small card of mine
    if alone
        && let Some(card) = cards
            .iter()
            .filter(|&c| Some(c.suit()) != trumps && opps_may_ruff(c.suit()))
            .min_by_key(|c| c.rank())
    {
        return Some(card);
    }
    // alone: the top of a sequence drives out the card over it
    if alone
        && let Some(card) = cards
            .iter()
            .filter(|&c| Some(c.suit()) != trumps && c.rank() >= Rank::TEN && backed(c, hand, memory.played))
            .max_by_key(|c| (hand.count_suit(c.suit()), c.rank()))
    {
        return Some(card);
    }
    // otherwise low from the longest side suit
    cards
        .iter()
        .filter(|c| Some(c.suit()) != trumps)
        .max_by_key(|&c| (spare(c), hand.count_suit(c.suit()), std::cmp::Reverse(c.rank())))
        .or_else(|| lowest_card(cards))
}

/// Does a card of mine have another of mine right below it, the cards played between them aside?
/// Leading the higher then knocks out the card over it and leaves the lower one good.
fn backed(card: Card, hand: CardSet, played: CardSet) -> bool {
    (0..card.rank().index())
        .rev()
        .filter_map(Rank::new)
        .map(|r| Card::new(card.suit(), r))
        .find(|&c| !played.contains(c))
        .is_some_and(|c| hand.contains(c))
}

/// The card to play to a trick someone else led; `(heap, tens)` as for [`lead`].
fn follow(
    view: &SeatView,
    memory: &Memory,
    cards: CardSet,
    run: Option<Seat>,
    (heap, tens): (bool, bool),
) -> Option<Card> {
    let trick = &view.trick;
    let hand = view.hand;
    let seats = view.seats;
    let partner = seats.partner(view.seat);
    let last = trick.len() + 1 == seats.count();
    let winners: Vec<Card> = cards.iter().filter(|&c| trick.would_win(c)).collect();
    let trumps = trick.trumps();
    let led = trick.led_suit()?;
    // would a card of mine stand against the players still to come?
    let still_to_play: Vec<Seat> = (trick.len() + 1..seats.count())
        .map(|i| seats.after(trick.leader, i))
        .collect();
    // an opponent still to play who lacks the led suit may hold trumps: to ruff, or overruff
    let may_ruff = trumps.is_some_and(|t| {
        still_to_play
            .iter()
            .any(|&s| Some(s) != partner && memory.voids[s.index()][led.index()] && memory.may_hold(s, t))
    });
    let holds =
        |card: Card| last || (memory.is_boss(card, hand) && (Some(card.suit()) == trumps || !may_ruff));
    let current = trick.winner().map(|(s, _)| s);
    let cheapest = |pool: &[Card]| {
        pool.iter()
            .copied()
            .min_by_key(|c| (Some(c.suit()) == trumps, c.rank()))
    };
    if let Some(collector) = run
        && !winners.is_empty()
    {
        let holding: Vec<Card> = winners.iter().copied().filter(|&c| holds(c)).collect();
        if collector == view.seat {
            // winning this trick collects the heap for us
            return cheapest(&holding).or_else(|| winners.iter().copied().max_by_key(|c| c.rank()));
        }
        if seats.side(collector) != seats.side(view.seat) && current == Some(collector) {
            // the opponent is about to collect: take the trick from them at any price
            return cheapest(&holding).or_else(|| cheapest(&winners));
        }
    }
    // Mindi: a ten goes to partner's trick and is kept from the opponents'
    let (given, kept) = if tens {
        (Tens::Given, Tens::Kept)
    } else {
        (Tens::Ignored, Tens::Ignored)
    };
    if heap && run.is_none() && view.heap.tricks == 0 && trumps.is_some() && !last && !partner_winning(view) {
        // a fresh count: winning only starts a run, worth it with a second winner to lead
        let bosses = hand.iter().filter(|&c| memory.is_boss(c, hand)).count();
        if bosses < 2 {
            return discard(cards, memory, trumps, hand, kept);
        }
    }
    if run.is_some() && run == partner && partner_winning(view) {
        // partner is about to collect the heap: overtaking would only start a run of my own
        return discard(cards, memory, trumps, hand, given);
    }
    if partner_winning(view) {
        let partner_card = trick.winner().map(|(_, c)| c)?;
        if holds(partner_card) || still_to_play.is_empty() {
            return discard(cards, memory, trumps, hand, given);
        }
        if let Some(&card) = winners.iter().filter(|&&c| holds(c)).min_by_key(|c| c.rank()) {
            return Some(card);
        }
        return discard(cards, memory, trumps, hand, kept);
    }
    if winners.is_empty() {
        return discard(cards, memory, trumps, hand, kept);
    }
    if last {
        return winners
            .iter()
            .copied()
            .min_by_key(|c| (Some(c.suit()) == trumps, c.rank()));
    }
    if let Some(&card) = winners
        .iter()
        .filter(|&&c| holds(c))
        .min_by_key(|c| (Some(c.suit()) == trumps, c.rank()))
    {
        return Some(card);
    }
    if trick.len() == 1 && run.is_none() && view.heap.tricks == 0 {
        // second hand low, unless an honour is led (a ten or better: cover it cheaply in its
        // suit) or trumping is the way to win
        if trick
            .winner()
            .is_some_and(|(_, c)| c.suit() == led && c.rank() >= Rank::TEN)
            && let Some(&cover) = winners
                .iter()
                .filter(|c| c.suit() == led)
                .min_by_key(|c| c.rank())
        {
            return Some(cover);
        }
        // alone, the top of a sequence: it drives out the card over it from the last hand
        if partner.is_none()
            && let Some(&cover) = winners
                .iter()
                .filter(|&&c| c.suit() == led && c.rank() >= Rank::TEN && backed(c, hand, memory.played))
                .min_by_key(|c| c.rank())
        {
            return Some(cover);
        }
        if let Some(&ruff) = winners
            .iter()
            // alone, nobody covers my ruff: a small one that the last hand overruffs is wasted
            .filter(|c| Some(c.suit()) == trumps && led != c.suit() && (partner.is_some() || !may_ruff))
            .min_by_key(|c| c.rank())
        {
            return Some(ruff);
        }
        return discard(cards, memory, trumps, hand, kept);
    }
    if Some(led) != trumps && winners.iter().all(|c| Some(c.suit()) == trumps) && !may_ruff {
        // a ruff nobody behind can overruff: the lowest trump does
        return winners.iter().copied().min_by_key(|c| c.rank());
    }
    // third hand high
    winners
        .iter()
        .copied()
        .max_by_key(|c| (Some(c.suit()) != trumps, c.rank()))
}

/// While trumps wait for the first seat that cannot follow (RB-TRUMP), every trick goes onto a
/// heap nobody can collect yet (RB-HEAP): high cards are kept for later, a short suit is played
/// out to become that seat, and once unable to follow the longest suit is made trumps.
pub(crate) fn before_trumps(led: Option<Suit>, cards: CardSet) -> Option<Card> {
    match led {
        None => {
            let shortest = Suit::ALL
                .into_iter()
                .filter(|&s| cards.has_suit(s))
                .min_by_key(|&s| cards.count_suit(s))?;
            cards.of_suit(shortest).iter().min_by_key(|c| c.rank())
        }
        Some(led) if cards.has_suit(led) => cards.of_suit(led).iter().min_by_key(|c| c.rank()),
        Some(_) => fixing_card(cards),
    }
}

/// Unable to follow while trumps wait for the first void (RB-TRUMP): whatever is played fixes
/// trumps and takes the trick so far. The lowest card of the longest suit (the strongest of
/// equally long ones) makes it trumps.
fn fixing_card(cards: CardSet) -> Option<Card> {
    let suit = Suit::ALL.into_iter().max_by_key(|&s| {
        let of_suit = cards.of_suit(s);
        let strength: u32 = of_suit.iter().map(|c| u32::from(c.rank().index())).sum();
        (of_suit.len(), strength)
    })?;
    cards.of_suit(suit).iter().min_by_key(|c| c.rank())
}

/// What a ten thrown to a trick does (RM-HEAP).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tens {
    /// Tens count for nothing more than their rank.
    Ignored,
    /// Partner takes the trick: a ten is the card to give it.
    Given,
    /// An opponent may take the trick: a ten is the last card to throw.
    Kept,
}

/// The card to throw away: no trump, no winner, the lowest; in Mindi, a ten to partner and none
/// to the opponents.
fn discard(cards: CardSet, memory: &Memory, trumps: Option<Suit>, hand: CardSet, tens: Tens) -> Option<Card> {
    cards.iter().min_by_key(|&c| {
        let ten = c.rank() == Rank::TEN;
        (
            match tens {
                Tens::Ignored => false,
                Tens::Given => !ten,
                Tens::Kept => ten,
            },
            Some(c.suit()) == trumps,
            memory.is_boss(c, hand),
            c.rank(),
            hand.count_suit(c.suit()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cards: &str) -> CardSet {
        cards
            .split_whitespace()
            .map(|c| c.parse::<Card>().expect("a card"))
            .collect()
    }

    #[test]
    fn rb_trump_a_void_makes_the_longest_suit_trumps_with_its_lowest_card() {
        let card = |c: &str| c.parse::<Card>().ok();
        assert_eq!(fixing_card(set("AS KH 9D 7D 3D QC")), card("3D"));
        // equally long: the stronger suit
        assert_eq!(fixing_card(set("AS 2S KH QH 9D 3D")), card("QH"));
        assert_eq!(fixing_card(CardSet::EMPTY), None);
    }
}
