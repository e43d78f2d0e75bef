//! What a seat can work out from its `SeatView`: the cards still out, who is void where, which
//! cards are the highest left.

use courtpiece_rules::{Card, CardSet, Revoke, RuleSet, Seat, SeatView, Suit, TWO_OF_HEARTS, Trick};

/// A seat's reading of the table, from its view alone.
#[derive(Clone, Debug)]
pub struct Memory {
    pub me: Seat,
    /// Cards of the game not in my hand, not played and not laid down by me: held by the others,
    /// or lying face down (the indicator, the stock and the other's discards of Hokm for two).
    pub unseen: CardSet,
    /// Suits each seat has shown it does not hold (it failed to follow).
    pub voids: [[bool; 4]; 4],
    /// Trumps as I know them.
    pub trumps: Option<Suit>,
    /// Cards played this hand.
    pub played: CardSet,
    /// Satat's 2♥ where it is the highest trump (RS-TWO), else nothing.
    pub two: CardSet,
}

impl Memory {
    pub fn read(view: &SeatView, rules: &RuleSet) -> Memory {
        let played = view.played();
        let mut mine = view.hand;
        if let Some(card) = view.own_indicator {
            mine.insert(card);
        }
        let mut voids = [[false; 4]; 4];
        // under honour play a failure to follow may be a revoke, so it proves nothing
        if rules.revoke == Revoke::Prevent {
            for trick in view.tricks.iter().chain(std::iter::once(&view.trick)) {
                note_voids(trick, &mut voids);
            }
        }
        for trick in view.tricks.iter().chain(std::iter::once(&view.trick)) {
            note_forced_indicator(trick, view.caller, &mut voids);
        }
        Memory {
            me: view.seat,
            // the cards out of the game (R3-DECK) and my own discards (R2-DEAL) are nobody's
            unseen: !(mine | played | view.discards | rules.removed),
            voids,
            trumps: view.known_trumps,
            played,
            two: if rules.two_of_hearts {
                CardSet::single(TWO_OF_HEARTS)
            } else {
                CardSet::EMPTY
            },
        }
    }

    /// Is `card` the highest card of its suit still in play (mine or unseen)? Satat's 2♥ always
    /// is, and no other trump is while another seat may hold it (RS-TWO).
    pub fn is_boss(&self, card: Card, hand: CardSet) -> bool {
        if self.two.contains(card) {
            return true;
        }
        let higher = CardSet::above(card) & (self.unseen | hand);
        let two_out = Some(card.suit()) == self.trumps && !(self.two & self.unseen).is_empty();
        (higher & self.unseen).is_empty() && !two_out
    }

    /// Trumps still held by the other seats (or face down), Satat's 2♥ among them (RS-TWO).
    pub fn trumps_out(&self) -> u32 {
        let two_elsewhere = self.trumps != Some(Suit::Hearts) && !(self.two & self.unseen).is_empty();
        self.trumps
            .map_or(0, |t| self.unseen.count_suit(t) + u32::from(two_elsewhere))
    }

    /// Could `seat` hold a card of `suit`, as far as I know?
    pub fn may_hold(&self, seat: Seat, suit: Suit) -> bool {
        !self.voids[seat.index()][suit.index()] && self.unseen.has_suit(suit)
    }
}

fn note_voids(trick: &Trick, voids: &mut [[bool; 4]; 4]) {
    let Some(led) = trick.led_suit() else { return };
    for (seat, card) in trick.plays().skip(1) {
        if trick.has_top_two() && card == TWO_OF_HEARTS {
            // RS-TWO: the 2♥ may go to any trick, and before trumps are known it frees the
            // cards after it
            if trick.trumps().is_none() {
                return;
            }
            continue;
        }
        if card.suit() != led {
            voids[seat.index()][led.index()] = true;
        }
    }
}

/// The caller plays the face-down indicator to a trick only when it is its only card of the
/// suit led (`V-CALL=hidden`, R-HIDTRICK): after it, the caller holds none of that suit.
fn note_forced_indicator(trick: &Trick, caller: Seat, voids: &mut [[bool; 4]; 4]) {
    let (Some(at), Some(led)) = (trick.revealed_at(), trick.led_suit()) else {
        return;
    };
    if let Some((seat, card)) = trick.plays().nth(at)
        && seat == caller
        && card.suit() == led
    {
        voids[caller.index()][led.index()] = true;
    }
}
