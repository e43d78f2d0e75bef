//! A compact, copyable position of trick play for search and playouts: no allocation per move.

use rand::Rng;
use thiserror::Error;

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::deck::Deck;
use crate::ending::{Ending, TRICKS, Tally, Verdict};
use crate::heap::{Collect, Heap, Taken, TrumpsAt};
use crate::outcome::HandKind;
use crate::pbn::Deal;
use crate::round::{PlayOn, Round};
use crate::ruleset::{Call, Mode, RuleSet};
use crate::seat::{MAX_SIDES, Seat, Seats, Side};
use crate::trick::Trick;
use crate::trick::{NO_TRUMPS, TWO_OF_HEARTS, beats_bits, top_two_bit};
use crate::view::SeatView;

const NO_SEAT: u8 = 4;
/// Trumps not fixed yet: the first card of a seat that cannot follow fixes them (RB-TRUMP).
/// Like [`NO_TRUMPS`], no card is of this suit number.
const PENDING: u8 = NO_TRUMPS + 1;

/// Why open hands and a trick in progress are not a position of trick play.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("a trick in progress has at most {most} cards")]
    TrickFull { most: usize },
    #[error("{card} is both on the table and in a hand, or in two hands")]
    Twice { card: Card },
    #[error("hand {} holds {} where it should hold {expected}", .seat.compass(), counted_cards(.held))]
    Length { seat: Seat, held: u32, expected: u32 },
    #[error("there is no card left to play")]
    NothingLeft,
    #[error("{card} does not follow the suit led although {} holds it", .seat.compass())]
    DidNotFollow { card: Card, seat: Seat },
}

/// "1 card", "3 cards", for the errors above.
fn counted_cards(n: &u32) -> String {
    match n {
        1 => "1 card".to_owned(),
        n => format!("{n} cards"),
    }
}

/// Trick play with every hand known: the hands of the two to four seats, the trick in progress,
/// trumps, tricks taken, and the Double Sar heap. Trumps are those that count on the table; a hidden indicator is the
/// searcher's assumption to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayState {
    /// The seats of the rules; hands of seats the table does not have stay empty.
    seats: Seats,
    hands: [CardSet; 4],
    /// Cards of the trick in progress, in play order.
    trick: [Card; 4],
    trick_len: u8,
    leader: u8,
    /// The seat to play: the leader and the cards of the trick say it too, but playouts ask it
    /// every card.
    turn: u8,
    trumps: u8,
    /// The suit led, as a mask, or empty when leading.
    led: CardSet,
    /// The bits of the card winning the trick so far: Satat's 2♥ as the highest trump (RS-TWO).
    win_bit: u8,
    win_seat: u8,
    /// Satat: the 2♥ belongs to trumps and beats every card (RS-TWO).
    satat: bool,
    /// Tricks completed, and taken per team (collected from the heap, in Double Sar).
    tally: Tally,
    total_tricks: u8,
    /// The Double Sar heap and its options, `None` in Single Sar (§6).
    heap: Option<(Heap, Collect)>,
    ending: Ending,
    /// The number of the trick in which a void fixed trumps, 0 if none did (RB-HEAP).
    fixed_in: u8,
    /// The suit of a face-down indicator the searcher pictures (`V-CALL=hidden`), `NO_TRUMPS`
    /// for none: trumps count once a seat that cannot follow plays one.
    hidden: u8,
    /// The trump-caller's team (a court in Double Sar is a sar or a goon court by it).
    calling: Side,
    /// Does the court's team play on when it may (R-PLAYON)? The searcher's assumption.
    plays_on: bool,
    /// How the hand ended, once it has (§4, §6); play may still go on to the last trick.
    result: Option<(Side, HandKind)>,
}

impl PlayState {
    /// A position at the start of a trick: `leader` to lead, each seat holding `hands`. The
    /// leader's team is taken as the caller's (R-LEAD1): see [`Self::with_caller`]. Under
    /// `V-CALL=first-void`, no `trumps` means that play will fix them (RB-TRUMP).
    pub fn new(hands: [CardSet; 4], trumps: Option<Suit>, leader: Seat, rules: &RuleSet) -> PlayState {
        // A position with fewer cards is the end of a whole hand: trick numbers stay true for
        // the heap options and the end of the hand.
        let total = rules.tricks();
        let most = hands.iter().map(|h| h.count()).max().unwrap_or(0);
        let left = most.min(total);
        let seats = rules.seats();
        let trumps = match trumps {
            Some(suit) => suit as u8,
            None if rules.call == Call::FirstVoid => PENDING,
            None => NO_TRUMPS,
        };
        PlayState {
            seats,
            hands,
            trick: [Card::new(Suit::Spades, crate::Rank::TWO); 4],
            trick_len: 0,
            leader: u8::from(leader),
            turn: u8::from(leader),
            trumps,
            led: CardSet::EMPTY,
            win_bit: 0,
            win_seat: NO_SEAT,
            satat: rules.two_of_hearts,
            tally: Tally {
                tricks: total - left,
                ..Tally::default()
            },
            total_tricks: total,
            heap: (rules.mode == Mode::DoubleSar).then(|| (Heap::default(), Collect::of(rules))),
            fixed_in: 0,
            hidden: NO_TRUMPS,
            ending: Ending::of(rules),
            calling: seats.side(leader),
            plays_on: false,
            result: None,
        }
    }

    /// The same position with `caller` as the trump-caller.
    pub fn with_caller(mut self, caller: Seat) -> PlayState {
        self.calling = self.seats.side(caller);
        self
    }

    /// The same position where the caller's team plays for `tricks` (Dabba Rang, RDB-SCORE).
    pub fn with_contract(mut self, tricks: u8) -> PlayState {
        self.tally.contract = tricks;
        self
    }

    /// The same position after the tricks `tally` counts (a position from the middle of a hand).
    pub fn with_tally(mut self, tally: Tally) -> PlayState {
        self.tally = tally;
        self
    }

    /// Whether the court's team plays on for all thirteen when it may (R-PLAYON): what the
    /// searcher assumes of the question. By default it stops.
    pub fn set_plays_on(&mut self, plays_on: bool) {
        self.plays_on = plays_on;
    }

    /// The position of a hand in trick play, with trumps as they count on the table now.
    pub fn from_round(round: &Round) -> PlayState {
        let table = Table {
            trick: round.trick(),
            tally: round.tally(),
            heap: round.heap(),
            caller: round.caller(),
        };
        PlayState::at(round.hands(), &table, round.rules())
    }

    /// A position with every hand open, as a double-dummy problem states it: the cards each seat
    /// still holds and the trick on the table (its trumps, and who is winning it: R-HIDTRICK).
    /// Refused unless it could arise in play: every card once, hands of the lengths the trick
    /// leaves them, cards on the table that followed suit when they could (R-FOLLOW).
    pub fn open(deal: &Deal, trick: &Trick, rules: &RuleSet) -> Result<PlayState, PositionError> {
        let seats = rules.seats();
        let played: Vec<(Seat, Card)> = trick.plays().collect();
        let most = seats.count() - 1;
        if played.len() > most {
            return Err(PositionError::TrickFull { most });
        }
        let mut seen = CardSet::EMPTY;
        for card in deal
            .hands
            .iter()
            .flat_map(|h| h.iter())
            .chain(played.iter().map(|p| p.1))
        {
            if seen.contains(card) {
                return Err(PositionError::Twice { card });
            }
            seen.insert(card);
        }
        // every seat that has played to this trick holds one card fewer than those still to play
        let left = deal.hand(seats.after(trick.leader, played.len())).len();
        for i in 0..seats.count() {
            let seat = seats.after(trick.leader, i);
            let expected = if i < played.len() {
                left.saturating_sub(1)
            } else {
                left
            };
            let held = deal.hand(seat).len();
            if held != expected {
                return Err(PositionError::Length { seat, held, expected });
            }
        }
        if left == 0 {
            return Err(PositionError::NothingLeft);
        }
        let mut all = deal.hands;
        for &(seat, card) in &played {
            all[seat.index()].insert(card);
        }
        let mut probe = PlayState::new(all, trick.trumps(), trick.leader, rules);
        for &(seat, card) in &played {
            if !probe.legal().contains(card) {
                return Err(PositionError::DidNotFollow { card, seat });
            }
            probe.place(card);
        }
        let table = Table {
            trick,
            tally: Tally::default(),
            heap: Heap::default(),
            caller: trick.leader,
        };
        let mut state = PlayState::at(deal.hands, &table, rules);
        let total = state.total_tricks;
        state.tally.tricks = total - u8::try_from(left).map_or(total, |l| l.min(total));
        Ok(state)
    }

    /// The hand a seat sees, with every seat's cards as `hands` says (a layout the seat has
    /// sampled, say): the trick in play, the tricks taken, the heap and the play-on choice as the
    /// view has them. `hands` hold the cards not yet played.
    pub fn from_view(view: &SeatView, hands: [CardSet; 4], rules: &RuleSet) -> PlayState {
        // R-COURT: whether one team took each of the first seven tricks
        let mut firsts = view
            .tricks
            .iter()
            .take(7)
            .filter_map(Trick::winner)
            .map(|(s, _)| view.seats.side(s));
        let first = firsts.next();
        let first_seven = first.filter(|&t| view.tricks.len() >= 7 && firsts.all(|x| x == t));
        let table = Table {
            trick: &view.trick,
            tally: Tally {
                tricks: u8::try_from(view.tricks.len()).unwrap_or(TRICKS),
                taken: view.taken,
                first_seven,
                playing_on: view.play_on == Some(PlayOn::Playing),
                tens: view.tens.unwrap_or_default(),
                doubles: view.doubles,
                contract: view.contract.map_or(0, |(_, tricks)| tricks),
            },
            heap: view.heap,
            caller: view.caller,
        };
        PlayState::at(hands, &table, rules)
    }

    /// The position at `table`, each seat holding `hands` besides what it has played to the trick.
    fn at(hands: [CardSet; 4], table: &Table, rules: &RuleSet) -> PlayState {
        let trick = table.trick;
        let mut all = hands;
        for (seat, card) in trick.plays() {
            all[seat.index()].insert(card);
        }
        let mut state = PlayState::new(all, trick.trumps(), trick.leader, rules).with_caller(table.caller);
        state.tally = table.tally;
        if let Some((heap, _)) = &mut state.heap {
            *heap = table.heap;
        }
        for (_, card) in trick.plays() {
            state.place(card);
        }
        if rules.call == Call::FirstVoid && trick.revealed_at().is_some() {
            // RB-HEAP: trumps were fixed in this trick
            state.fixed_in = state.tally.tricks + 1;
        }
        // R-HIDTRICK: after a reveal in this trick the cards before it do not count as trumps
        if let Some((seat, card)) = trick.winner() {
            state.win_bit = state.bit(card);
            state.win_seat = u8::from(seat);
        }
        state
    }

    /// A random deal of 13 cards to each of four seats, `leader` to lead.
    pub fn random<R: Rng + ?Sized>(
        rng: &mut R,
        trumps: Option<Suit>,
        leader: Seat,
        rules: &RuleSet,
    ) -> PlayState {
        PlayState::new(Deck::random_hands(rng), trumps, leader, rules)
    }

    pub fn seats(&self) -> Seats {
        self.seats
    }

    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    pub fn trumps(&self) -> Option<Suit> {
        (self.trumps < NO_TRUMPS).then(|| Suit::from_index(self.trumps as usize))
    }

    /// The Double Sar heap (§6), `None` in Single Sar.
    pub fn heap(&self) -> Option<Heap> {
        self.heap.map(|(heap, _)| heap)
    }

    /// The heap's options (V-FIRSTCOLLECT, V-ACE, V-FIRSTTWO, RB-HEAP, RDB-HEAP), `None` in
    /// Single Sar.
    pub fn collect(&self) -> Option<Collect> {
        self.heap.map(|(_, collect)| collect)
    }

    /// Do the tens in the tricks decide the hand (Mindi, RM-WIN)?
    pub fn counts_tens(&self) -> bool {
        self.ending.counts_tens()
    }

    /// The same position where trumps lie face down as `suit` (`V-CALL=hidden`, RDB-HIDE): no
    /// suit is trumps until a seat that cannot follow plays one, which stands for asking to see
    /// them and trumping; nothing is collected until then (RDB-HEAP). A seat that asks must
    /// trump if it can, so a seat that could and did not has not asked. Only where trumps do
    /// not count yet.
    pub fn with_hidden_trumps(mut self, suit: Suit) -> PlayState {
        if self.trumps == NO_TRUMPS {
            self.hidden = suit as u8;
        }
        self
    }

    /// Does `card`, played now by a seat that cannot follow, make trumps count with itself as
    /// one: under `V-CALL=first-void` any card (RB-TRUMP), under a pictured face-down indicator
    /// a card of its suit (not after a 2♥ that freed the trick, RS-TWO).
    #[inline]
    fn makes_trumps(&self, card: Card) -> bool {
        !self.led.contains(card)
            && (self.trumps == PENDING || (card.suit() as u8 == self.hidden && !self.led.is_empty()))
    }

    /// Will the first card of a seat that cannot follow fix trumps (RB-TRUMP)?
    pub fn trumps_pending(&self) -> bool {
        self.trumps == PENDING
    }

    /// Tricks each side has taken (collected, in Double Sar).
    pub fn taken(&self) -> [u8; MAX_SIDES] {
        self.tally.taken
    }

    /// Tens in the tricks each side has taken (RM-HEAP), counted only where the rules count
    /// them: random play elsewhere does not pay for it.
    pub fn tens(&self) -> [u8; MAX_SIDES] {
        self.tally.tens
    }

    pub fn tricks_played(&self) -> u8 {
        self.tally.tricks
    }

    /// Tricks still to be played, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        self.total_tricks - self.tally.tricks
    }

    /// How the hand ended, once it has (R-SEVEN, R-COURT, R-PLAYON, R-DSWIN, R-DSKOT): the
    /// winning team and the kind of win. Cards may still be played to the last trick.
    pub fn result(&self) -> Option<(Side, HandKind)> {
        self.result
    }

    pub fn trick_len(&self) -> u8 {
        self.trick_len
    }

    /// The seat that led the trick in progress, or leads the next one.
    pub fn leader(&self) -> Seat {
        Seat::ALL[self.leader as usize]
    }

    /// The cards of the trick in progress, in play order, and its leader.
    pub fn trick(&self) -> (Seat, &[Card]) {
        (
            Seat::ALL[self.leader as usize],
            &self.trick[..self.trick_len as usize],
        )
    }

    /// The seat to play, and the seat winning the trick so far.
    pub fn to_play(&self) -> Seat {
        Seat::ALL[self.seat_to_play() as usize]
    }

    #[inline]
    fn seat_to_play(&self) -> u8 {
        self.turn
    }

    pub fn winning(&self) -> Option<(Seat, Card)> {
        (self.trick_len > 0).then(|| (Seat::ALL[self.win_seat as usize], self.win_card()))
    }

    /// The seat still holding Satat's 2♥, the highest trump (RS-TWO).
    #[inline]
    pub fn top_two_holder(&self) -> Option<Seat> {
        if !self.satat {
            return None;
        }
        self.seats
            .all()
            .find(|s| !(self.hands[s.index()] & self.two()).is_empty())
    }

    /// Is `card` Satat's 2♥, which wins any trick it is played to (RS-TWO)?
    #[inline]
    pub fn is_top_two(&self, card: Card) -> bool {
        self.satat && card == TWO_OF_HEARTS
    }

    /// Has every trick been played?
    pub fn is_over(&self) -> bool {
        self.tally.tricks >= self.total_tricks
    }

    /// Would `card`, played now by the seat to play, take the trick so far? (R-WIN)
    #[inline]
    pub fn would_win(&self, card: Card) -> bool {
        self.trick_len == 0
            || beats_bits(self.bit(card), self.win_bit, self.trumps)
            || (self.trumps >= NO_TRUMPS && self.makes_trumps(card))
    }

    /// The legal cards of the seat to play (R-FOLLOW). The 2♥ of Satat may always be played,
    /// and alone it does not oblige its holder to follow trumps (RS-TWO).
    #[inline]
    pub fn legal(&self) -> CardSet {
        if self.satat {
            self.legal_with::<true>()
        } else {
            self.legal_with::<false>()
        }
    }

    /// [`Self::legal`] for a table where the 2♥ is the highest trump (`TWO`) or is not: random
    /// play decides that once a hand, not once a card.
    #[inline(always)]
    fn legal_with<const TWO: bool>(&self) -> CardSet {
        let hand = self.hands[self.seat_to_play() as usize];
        // the suit led never holds the 2♥, which may always go
        let follow = hand & self.led;
        if follow.is_empty() {
            hand
        } else if TWO {
            follow | (hand & CardSet::single(TWO_OF_HEARTS))
        } else {
            follow
        }
    }

    /// The 2♥ where it is the highest trump, as a set: empty elsewhere.
    #[inline(always)]
    fn two(&self) -> CardSet {
        CardSet::from_bits(CardSet::single(TWO_OF_HEARTS).bits() & u64::from(self.satat).wrapping_neg())
    }

    /// The bits the 2♥ compares by: validation keeps it from tables where play fixes trumps.
    fn top(&self) -> u8 {
        top_two_bit(self.trumps.min(NO_TRUMPS))
    }

    /// The bits `card` compares by (RS-TWO).
    #[inline(always)]
    fn bit(&self, card: Card) -> u8 {
        if self.is_top_two(card) {
            self.top()
        } else {
            card.bit()
        }
    }

    /// The card winning the trick so far.
    fn win_card(&self) -> Card {
        card_of_bits(self.win_bit)
    }

    /// Plays a legal card of the seat to play. Returns the winner when it completes a trick.
    #[inline]
    pub fn play(&mut self, card: Card) -> Option<Seat> {
        debug_assert!(self.legal().contains(card), "{card} is not legal here");
        self.place(card)
    }

    /// Plays a card of the seat to play, legal or not: a revoke already on the table under
    /// `V-REVOKE=penalty` stands until it is corrected or claimed.
    #[inline]
    fn place(&mut self, card: Card) -> Option<Seat> {
        if self.satat {
            self.place_with::<true>(card)
        } else {
            self.place_with::<false>(card)
        }
    }

    #[inline(always)]
    fn place_with<const TWO: bool>(&mut self, card: Card) -> Option<Seat> {
        let seat = self.seat_to_play();
        self.hands[seat as usize].remove(card);
        self.trick[self.trick_len as usize] = card;
        if TWO && self.two().contains(card) {
            // RS-TWO: the 2♥ takes the trick; played before trumps are known, it leaves every
            // later card of the trick free
            if self.trick_len == 0 {
                self.led = if self.trumps < NO_TRUMPS {
                    CardSet::suit_mask(Suit::from_index(usize::from(self.trumps)))
                } else {
                    CardSet::EMPTY
                };
            } else if self.trumps >= NO_TRUMPS {
                self.led = CardSet::EMPTY;
            }
            self.win_bit = self.top();
            self.win_seat = seat;
        } else if self.trick_len == 0 {
            // the 2♥ never has to follow
            self.led = if TWO {
                CardSet::suit_mask(card.suit()) - self.two()
            } else {
                CardSet::suit_mask(card.suit())
            };
            self.win_bit = card.bit();
            self.win_seat = seat;
        } else {
            if self.trumps >= NO_TRUMPS && self.makes_trumps(card) {
                // RB-TRUMP: a seat that cannot follow fixes trumps with this card; or it shows
                // the face-down ones and trumps
                self.trumps = card.suit() as u8;
                self.hidden = NO_TRUMPS;
                self.fixed_in = self.tally.tricks + 1;
            }
            // branch-free, so that random play does not pay for mispredicted branches
            let bit = card.bit();
            let beats = beats_bits(bit, self.win_bit, self.trumps);
            self.win_bit = std::hint::select_unpredictable(beats, bit, self.win_bit);
            self.win_seat = std::hint::select_unpredictable(beats, seat, self.win_seat);
        }
        self.trick_len += 1;
        let players = self.seats.players();
        if self.trick_len < players {
            // the next seat, `% players` without a division
            self.turn = if seat + 1 == players { 0 } else { seat + 1 };
            return None;
        }
        let winner = self.win_seat;
        self.end_trick(winner);
        Some(Seat::ALL[winner as usize])
    }

    fn end_trick(&mut self, winner: u8) {
        let side = self.seats.side(Seat::ALL[winner as usize]);
        let trick = if self.ending.counts_cards() {
            Taken::trick(self.trick[..usize::from(self.trick_len)].iter().copied())
        } else {
            Taken {
                tricks: 1,
                ..Taken::NOTHING
            }
        };
        let win_bit = self.win_bit;
        let taken = match &mut self.heap {
            // Double Sar: the trick goes to the heap, which the winner's team may collect (§6)
            Some((heap, collect)) => {
                let number = self.tally.tricks + 1;
                let trumps = if self.fixed_in == number {
                    TrumpsAt::FixedIn
                } else if self.trumps == PENDING || self.hidden < NO_TRUMPS {
                    TrumpsAt::NotYet
                } else {
                    TrumpsAt::Led
                };
                heap.add(
                    Seat::ALL[winner as usize],
                    card_of_bits(win_bit),
                    number,
                    trick,
                    *collect,
                    trumps,
                )
                .unwrap_or(Taken::NOTHING)
            }
            None => trick,
        };
        self.count_trick(side, taken);
        self.leader = winner;
        self.turn = winner;
        self.trick_len = 0;
        self.led = CardSet::EMPTY;
    }

    /// Counts a trick and judges the end of the hand by the rules' one statement of it.
    #[inline]
    fn count_trick(&mut self, team: Side, taken: Taken) {
        self.tally.add(team, taken);
        if self.result.is_some() {
            return;
        }
        match self.ending.after_trick(&self.tally, self.calling) {
            Verdict::GoesOn => {}
            Verdict::AskPlayOn if self.plays_on => self.tally.playing_on = true,
            Verdict::AskPlayOn => self.result = Some((team, HandKind::Court)),
            Verdict::Over(team, kind) => self.result = Some((team, kind)),
        }
    }

    /// Plays random legal cards to the end of the hand (all tricks) and returns tricks per side,
    /// by the rules of [`Self::legal`] and [`Self::play`] as every search does. Each legal card is
    /// equally likely, up to the tiny bias of [`CardSet::pick`].
    #[inline]
    pub fn playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> [u8; MAX_SIDES] {
        if self.satat {
            self.playout_with::<true, R>(rng)
        } else {
            self.playout_with::<false, R>(rng)
        }
    }

    #[inline(always)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "each half of a 64-bit draw chooses a card"
    )]
    fn playout_with<const TWO: bool, R: Rng + ?Sized>(&mut self, rng: &mut R) -> [u8; MAX_SIDES] {
        // one 64-bit draw chooses two cards: half the work of the generator
        while !self.is_over() {
            let r = rng.next_u64();
            let Some(card) = self.legal_with::<TWO>().pick(r as u32) else {
                break;
            };
            self.place_with::<TWO>(card);
            if self.is_over() {
                break;
            }
            let Some(card) = self.legal_with::<TWO>().pick((r >> 32) as u32) else {
                break;
            };
            self.place_with::<TWO>(card);
        }
        self.taken()
    }
}

/// The card that compares by `bits`: no card has the rank above the ace but the 2♥ (RS-TWO).
fn card_of_bits(bits: u8) -> Card {
    if bits & 15 == 15 {
        TWO_OF_HEARTS
    } else {
        Card::from_bit_unchecked(u32::from(bits))
    }
}

/// What a position is built from besides the hands.
struct Table<'a> {
    trick: &'a Trick,
    tally: Tally,
    heap: Heap,
    caller: Seat,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Preset;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    fn deal(text: &str) -> Deal {
        text.parse().expect("a PBN deal")
    }

    fn trick(leader: usize, cards: &[&str]) -> Trick {
        let mut t = Trick::new(Seat::ALL[leader], Some(Suit::Spades));
        for c in cards {
            t.push(c.parse().expect("a card"));
        }
        t
    }

    #[test]
    fn an_open_position_is_refused_unless_play_could_reach_it() {
        let rules = Preset::CourtPiece.rules();
        let open = |d: &str, t: &Trick| PlayState::open(&deal(d), t, &rules);
        let ok = open("N:AK... QJ... T9... 87...", &trick(0, &[])).expect("two cards each");
        assert_eq!((ok.tricks_left(), ok.tricks_played()), (2, 11));
        let short = open("N:AK... QJ... T9... 8...", &trick(0, &[]));
        assert!(matches!(
            short,
            Err(PositionError::Length {
                held: 1,
                expected: 2,
                ..
            })
        ));
        assert_eq!(
            short.map(|_| ()).map_err(|e| e.to_string()),
            Err("hand W holds 1 card where it should hold 2".to_owned())
        );
        assert!(matches!(
            open("N:- - - -", &trick(0, &[])),
            Err(PositionError::NothingLeft)
        ));
        assert!(matches!(
            open("N:AK... QJ... T9... 87...", &trick(0, &["AS"])),
            Err(PositionError::Twice { .. })
        ));
        // North led the king of spades; East threw a heart holding a spade
        let e = open("N:A... Q... T9... 87...", &trick(0, &["KS", "2H"]));
        assert!(matches!(e, Err(PositionError::DidNotFollow { .. })), "{e:?}");
        let e = open("N:A... QJ... T... 8...", &trick(1, &["KS", "2S", "3S", "4S"]));
        assert!(matches!(e, Err(PositionError::TrickFull { most: 3 })), "{e:?}");
        // mid-trick: East led, South followed; West and North still hold one card more
        let mid = open("N:A2... Q... T... 87...", &trick(1, &["KS", "3S"])).expect("mid-trick");
        assert_eq!(mid.to_play(), Seat::ALL[3]);
        assert_eq!(mid.winning(), Some((Seat::ALL[1], "KS".parse().expect("a card"))));
    }

    /// A face-down indicator pictured by the searcher (RDB-HIDE, RDB-HEAP): no trumps until a
    /// seat that cannot follow plays one, which then counts as a trump; nothing collected before.
    #[test]
    fn pictured_hidden_trumps_count_once_a_seat_that_cannot_follow_plays_one() {
        let rules = Preset::Dabba.rules();
        let hands = ["2C 3C 4C 5C", "2H 3H 4H 5H", "AH KH QH JH", "AS KS QS JS"].map(|h| {
            h.split_whitespace()
                .map(|c| c.parse::<Card>().expect("a card"))
                .collect::<CardSet>()
        });
        let mut state = PlayState::new(hands, None, Seat::ALL[2], &rules).with_hidden_trumps(Suit::Clubs);
        assert_eq!(state.trumps(), None);
        // seat 2 leads the ace of hearts; seat 3, void, throws a spade: no trump, no reveal
        state.play("AH".parse().expect("a card"));
        state.play("AS".parse().expect("a card"));
        assert_eq!(state.trumps(), None);
        // seat 0, void, plays a club: trumps are clubs, and it takes the trick
        let club: Card = "2C".parse().expect("a card");
        assert!(state.would_win(club));
        state.play(club);
        assert_eq!(state.trumps(), Some(Suit::Clubs));
        assert_eq!(state.play("2H".parse().expect("a card")), Some(Seat::ALL[0]));
        // the trick of the reveal may collect, but one trick alone does not
        assert_eq!(state.taken(), [0; MAX_SIDES]);
    }

    #[test]
    fn an_open_position_seats_the_players_of_the_rules() {
        let rules = Preset::HokmThree.rules();
        let state = PlayState::open(&deal("N:AK... QJ... T9... -"), &trick(2, &[]), &rules)
            .expect("three players, two cards each");
        assert_eq!(state.to_play(), Seat::ALL[2]);
        assert_eq!(state.tricks_left(), 2);
    }

    #[test]
    fn playout_plays_all_tricks_and_conserves_cards() {
        let mut rng = SmallRng::seed_from_u64(3);
        for preset in [Preset::CourtPiece, Preset::DoubleSar] {
            let rules = preset.rules();
            for _ in 0..200 {
                let mut s = PlayState::random(&mut rng, Some(Suit::Hearts), Seat::ALL[1], &rules);
                let [a, b, ..] = s.playout(&mut rng);
                assert_eq!(a + b, 13);
                assert!(s.hands().iter().all(|h| h.is_empty()));
            }
        }
    }
}
