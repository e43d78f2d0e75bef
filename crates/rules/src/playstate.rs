//! A compact, copyable position of trick play for search and playouts: no allocation per move.

use rand::Rng;

use crate::card::{Card, Suit};
use crate::cardset::{CardSet, count_table, scale, select_table};
use crate::deck::{Deck, bounded};
use crate::ending::{Ending, TRICKS, Tally, Verdict};
use crate::heap::{Collect, Heap};
use crate::outcome::HandKind;
use crate::round::{PlayOn, Round};
use crate::ruleset::{Mode, RuleSet};
use crate::seat::{Seat, Team};
use crate::trick::Trick;
use crate::trick::{NO_TRUMPS, beats_bits};
use crate::view::SeatView;

const NO_SEAT: u8 = 4;

/// Trick play with every hand known: the four hands, the trick in progress, trumps, tricks taken,
/// and the Double Sar heap. Trumps are those that count on the table; a hidden indicator is the
/// searcher's assumption to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayState {
    hands: [CardSet; 4],
    /// Cards of the trick in progress, in play order.
    trick: [Card; 4],
    trick_len: u8,
    leader: u8,
    trumps: u8,
    /// The suit led, as a mask, or empty when leading.
    led: CardSet,
    win_card: Card,
    win_seat: u8,
    /// Tricks completed, and taken per team (collected from the heap, in Double Sar).
    tally: Tally,
    total_tricks: u8,
    /// The Double Sar heap and its options, `None` in Single Sar (§6).
    heap: Option<(Heap, Collect)>,
    ending: Ending,
    /// The trump-caller's team (a court in Double Sar is a sar or a goon court by it).
    calling: Team,
    /// Does the court's team play on when it may (R-PLAYON)? The searcher's assumption.
    plays_on: bool,
    /// How the hand ended, once it has (§4, §6); play may still go on to the last trick.
    result: Option<(Team, HandKind)>,
}

impl PlayState {
    /// A position at the start of a trick: `leader` to lead, each seat holding `hands`. The
    /// leader's team is taken as the caller's (R-LEAD1): see [`Self::with_caller`].
    pub fn new(hands: [CardSet; 4], trumps: Option<Suit>, leader: Seat, rules: &RuleSet) -> PlayState {
        // A position with fewer cards is the end of a 13-trick hand: trick numbers stay true for
        // the heap options.
        let left = hands.iter().map(|h| h.len()).max().unwrap_or(0).min(13) as u8;
        PlayState {
            hands,
            trick: [Card::new(Suit::Spades, crate::Rank::TWO); 4],
            trick_len: 0,
            leader: u8::from(leader),
            trumps: trumps.map_or(NO_TRUMPS, |s| s as u8),
            led: CardSet::EMPTY,
            win_card: Card::new(Suit::Spades, crate::Rank::TWO),
            win_seat: NO_SEAT,
            tally: Tally {
                tricks: TRICKS - left,
                ..Tally::default()
            },
            total_tricks: TRICKS,
            heap: (rules.mode == Mode::DoubleSar).then(|| (Heap::default(), Collect::of(rules))),
            ending: Ending::of(rules),
            calling: leader.team(),
            plays_on: false,
            result: None,
        }
    }

    /// The same position with `caller` as the trump-caller.
    pub fn with_caller(mut self, caller: Seat) -> PlayState {
        self.calling = caller.team();
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
            .map(|(s, _)| s.team());
        let first = firsts.next();
        let first_seven = first.filter(|&t| view.tricks.len() >= 7 && firsts.all(|x| x == t));
        let table = Table {
            trick: &view.trick,
            tally: Tally {
                tricks: u8::try_from(view.tricks.len()).unwrap_or(TRICKS),
                taken: view.taken,
                first_seven,
                playing_on: view.play_on == Some(PlayOn::Playing),
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
        // R-HIDTRICK: after a reveal in this trick the cards before it do not count as trumps
        if let Some((seat, card)) = trick.winner() {
            state.win_card = card;
            state.win_seat = u8::from(seat);
        }
        state
    }

    /// A random deal of 13 cards a seat, `leader` to lead.
    pub fn random<R: Rng + ?Sized>(
        rng: &mut R,
        trumps: Option<Suit>,
        leader: Seat,
        rules: &RuleSet,
    ) -> PlayState {
        PlayState::new(Deck::random_hands(rng), trumps, leader, rules)
    }

    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    pub fn trumps(&self) -> Option<Suit> {
        (self.trumps != NO_TRUMPS).then(|| Suit::from_index(self.trumps as usize))
    }

    /// Tricks each team has taken (collected, in Double Sar).
    pub fn taken(&self) -> [u8; 2] {
        self.tally.taken
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
    pub fn result(&self) -> Option<(Team, HandKind)> {
        self.result
    }

    pub fn trick_len(&self) -> u8 {
        self.trick_len
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
        Seat::ALL[((self.leader + self.trick_len) & 3) as usize]
    }

    pub fn winning(&self) -> Option<(Seat, Card)> {
        (self.trick_len > 0).then(|| (Seat::ALL[self.win_seat as usize], self.win_card))
    }

    /// Has every trick been played?
    pub fn is_over(&self) -> bool {
        self.tally.tricks >= self.total_tricks
    }

    /// Would `card`, played now by the seat to play, take the trick so far? (R-WIN)
    pub fn would_win(&self, card: Card) -> bool {
        self.trick_len == 0 || beats_bits(card.bit(), self.win_card.bit(), self.trumps)
    }

    /// The legal cards of the seat to play (R-FOLLOW).
    #[inline]
    pub fn legal(&self) -> CardSet {
        let hand = self.hands[((self.leader + self.trick_len) & 3) as usize];
        let follow = hand & self.led;
        if follow.is_empty() { hand } else { follow }
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
        let seat = (self.leader + self.trick_len) & 3;
        self.hands[seat as usize].remove(card);
        self.trick[self.trick_len as usize] = card;
        if self.trick_len == 0 {
            self.led = CardSet::suit_mask(card.suit());
            self.win_card = card;
            self.win_seat = seat;
        } else {
            // branch-free, so that random play does not pay for mispredicted branches
            let beats = beats_bits(card.bit(), self.win_card.bit(), self.trumps);
            self.win_card = std::hint::select_unpredictable(beats, card, self.win_card);
            self.win_seat = std::hint::select_unpredictable(beats, seat, self.win_seat);
        }
        self.trick_len += 1;
        if self.trick_len < 4 {
            return None;
        }
        let winner = self.win_seat;
        self.end_trick(winner);
        Some(Seat::ALL[winner as usize])
    }

    fn end_trick(&mut self, winner: u8) {
        let team = Team::ALL[(winner & 1) as usize];
        let taken = match &mut self.heap {
            // Double Sar: the trick goes to the heap, which the winner's team may collect (§6)
            Some((heap, collect)) => heap
                .add(
                    Seat::ALL[winner as usize],
                    self.win_card,
                    self.tally.tricks + 1,
                    *collect,
                )
                .unwrap_or(0),
            None => 1,
        };
        self.count_trick(team, taken);
        self.leader = winner;
        self.trick_len = 0;
        self.led = CardSet::EMPTY;
    }

    /// Counts a trick and judges the end of the hand by the rules' one statement of it.
    #[inline]
    fn count_trick(&mut self, team: Team, taken: u8) {
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

    /// Plays random legal cards to the end of the hand (all tricks) and returns tricks per team.
    /// Each legal card is equally likely, up to the tiny bias of [`CardSet::pick`].
    #[inline]
    pub fn playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> [u8; 2] {
        // The trick in progress, and Double Sar's heap, take the general path; whole Single Sar
        // tricks take the fast one, with the position in registers.
        while !self.is_over() && (self.trick_len != 0 || self.heap.is_some()) {
            match self.random_card(rng.next_u32()) {
                Some(card) => {
                    self.play(card);
                }
                None => return self.tally.taken,
            }
        }
        let mut lanes = Lanes::new(self.hands);
        let mut leader = (self.leader & 3) as usize;
        let mut draws = Draws::new(rng.next_u64());
        let trumps = usize::from(self.trumps);
        while !self.is_over() {
            let Some(winner) = lanes.trick(leader, trumps, &mut draws) else {
                break;
            };
            self.count_trick(Team::ALL[winner & 1], 1);
            leader = winner;
        }
        self.hands = lanes.hands();
        self.leader = u8::from(Seat::ALL[leader & 3]);
        self.tally.taken
    }

    /// Plays out `N` positions at once, as [`Self::playout`] does one: their tricks are
    /// interleaved so that the processor works on one while waiting on another. Positions that
    /// are not at the start of a Single Sar trick with the same tricks left are played one by one.
    pub fn playout_batch<const N: usize, R: Rng + ?Sized>(states: &mut [PlayState; N], rng: &mut R) {
        let tricks_left = states[0].tricks_left();
        let lockstep = states
            .iter()
            .all(|s| s.trick_len == 0 && s.heap.is_none() && s.tricks_left() == tricks_left);
        if !lockstep {
            for state in states.iter_mut() {
                state.playout(rng);
            }
            return;
        }
        let mut lanes: [Lanes; N] = std::array::from_fn(|i| Lanes::new(states[i].hands));
        let mut draws: [Draws; N] = std::array::from_fn(|_| Draws::new(rng.next_u64()));
        let mut leaders: [usize; N] = std::array::from_fn(|i| usize::from(states[i].leader & 3));
        let mut live = [true; N];
        for _ in 0..tricks_left {
            for i in 0..N {
                match lanes[i].trick(leaders[i], usize::from(states[i].trumps), &mut draws[i]) {
                    Some(winner) if live[i] => {
                        states[i].count_trick(Team::ALL[winner & 1], 1);
                        leaders[i] = winner;
                    }
                    _ => live[i] = false,
                }
            }
        }
        for i in 0..N {
            states[i].hands = lanes[i].hands();
            states[i].leader = u8::from(Seat::ALL[leaders[i] & 3]);
        }
    }

    /// A legal card of the seat to play, chosen by the random number `r`.
    #[inline]
    fn random_card(&self, r: u32) -> Option<Card> {
        let hand = self.hands[((self.leader + self.trick_len) & 3) as usize];
        if self.trick_len == 0 {
            hand.pick(r)
        } else {
            hand.pick_in_suit(self.trick[0].suit(), r)
                .or_else(|| hand.pick(r))
        }
    }

    /// A uniformly random legal card (unbiased), for callers that need exact uniformity.
    pub fn random_legal<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Card> {
        let legal = self.legal();
        if legal.is_empty() {
            return None;
        }
        legal.nth(bounded(rng, legal.len()))
    }

    pub fn team_tricks(&self, team: Team) -> u8 {
        self.tally.taken[team.index()]
    }
}

/// What a position is built from besides the hands.
struct Table<'a> {
    trick: &'a Trick,
    tally: Tally,
    heap: Heap,
    caller: Seat,
}

/// `SELECT_IN_SUIT[lane][k]`: the rank of the `k`-th card (lowest first) of a suit holding the
/// ranks `lane`. 128 KiB, so that choosing a card of a suit is one lookup.
static SELECT_IN_SUIT: [[u8; 16]; 8192] = select_table::<8192, 16>();

/// `SUIT_COUNT[lane]`: cards in a suit holding the ranks `lane`.
static SUIT_COUNT: [u8; 8192] = count_table::<8192>();

/// Hands as one 13-bit lane per suit, with the four suit counts of each seat packed in bytes: the
/// layout of the random playout, where choosing the k-th legal card is a table lookup.
struct Lanes {
    lanes: [[u16; 4]; 4],
    counts: [u32; 4],
}

impl Lanes {
    fn new(hands: [CardSet; 4]) -> Lanes {
        let lanes = hands.map(|h| Suit::ALL.map(|s| h.suit_bits(s)));
        let counts = lanes.map(|l| {
            (0..4).fold(0u32, |acc, s| {
                acc | u32::from(SUIT_COUNT[usize::from(l[s] & 0x1FFF)]) << (8 * s)
            })
        });
        Lanes { lanes, counts }
    }

    fn hands(&self) -> [CardSet; 4] {
        self.lanes.map(|l| {
            Suit::ALL.into_iter().fold(CardSet::EMPTY, |acc, s| {
                acc | CardSet::from_suit_bits(s, l[s.index()])
            })
        })
    }

    /// Plays one whole trick from `leader` at random (R-FOLLOW, R-WIN); returns the winner.
    #[inline(always)]
    fn trick(&mut self, leader: usize, trumps: usize, draws: &mut Draws) -> Option<usize> {
        let (led, rank) = self.take_any(leader, draws.next())?;
        // R-WIN as one comparison: a card's key is its rank, plus 16 in the suit led, plus 32
        // in trumps; a card of a third suit keeps its bare rank and can never lead the trick.
        let mut bonus = [0u32; 5];
        bonus[led] = 16;
        bonus[trumps.min(4)] = 32;
        let (mut win_key, mut win_seat) = (bonus[led] + rank, leader);
        for i in 1..4 {
            let seat = (leader + i) & 3;
            let (suit, rank) = self.take_following(seat, led, draws.next())?;
            let key = bonus[suit & 3] + rank;
            let beats = key > win_key;
            win_key = std::hint::select_unpredictable(beats, key, win_key);
            win_seat = std::hint::select_unpredictable(beats, seat, win_seat);
        }
        Some(win_seat)
    }

    /// Takes a card of the led suit if the seat has one (R-FOLLOW), else any card.
    #[inline(always)]
    fn take_following(&mut self, seat: usize, led: usize, r: u32) -> Option<(usize, u32)> {
        let count = (self.counts[seat] >> (8 * led)) & 0xFF;
        if count > 0 {
            Some((led, self.take_in(seat, led, scale(r, count))))
        } else {
            self.take_any(seat, r)
        }
    }

    /// Takes one of the seat's cards, each equally likely; returns (suit, rank).
    #[inline(always)]
    fn take_any(&mut self, seat: usize, r: u32) -> Option<(usize, u32)> {
        const L8: u32 = 0x0101_0101;
        const H8: u32 = 0x8080_8080;
        // byte s: cards in suits 0..=s
        let running = self.counts[seat].wrapping_mul(L8);
        let n = running >> 24;
        if n == 0 {
            return None;
        }
        let k = scale(r, n);
        // high bit of byte s set where running_s <= k: their number is the suit of the k-th card
        let at_most_k = ((k.wrapping_mul(L8) | H8) - running) & H8;
        let suit = ((at_most_k >> 7).wrapping_mul(L8) >> 24) as usize;
        let before = ((running << 8) >> (8 * suit)) & 0xFF;
        Some((suit, self.take_in(seat, suit, k - before)))
    }

    /// Takes the `k`-th card (lowest first) of one suit of the seat; returns its rank.
    #[inline(always)]
    fn take_in(&mut self, seat: usize, suit: usize, k: u32) -> u32 {
        let suit = suit & 3;
        let lane = &mut self.lanes[seat][suit];
        let rank = SELECT_IN_SUIT[usize::from(*lane & 0x1FFF)][(k & 15) as usize];
        *lane &= !(1 << rank);
        self.counts[seat] -= 1 << (8 * suit);
        u32::from(rank)
    }
}

/// The random numbers of one playout: wyrand seeded from the caller's generator. A local generator stays in registers, where a `&mut` generator would be written
/// back to memory at every card, and is four times cheaper than the general-purpose one.
struct Draws(u64);

impl Draws {
    fn new(seed: u64) -> Draws {
        Draws(seed)
    }

    #[inline(always)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "wyrand folds the two halves of the product into 32 bits"
    )]
    fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xE703_7ED1_A0B4_28DB);
        ((t >> 64) as u64 ^ t as u64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Preset;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn playout_plays_all_tricks_and_conserves_cards() {
        let mut rng = SmallRng::seed_from_u64(3);
        for preset in [Preset::CourtPiece, Preset::DoubleSar] {
            let rules = preset.rules();
            for _ in 0..200 {
                let mut s = PlayState::random(&mut rng, Some(Suit::Hearts), Seat::ALL[1], &rules);
                let [a, b] = s.playout(&mut rng);
                assert_eq!(a + b, 13);
                assert!(s.hands().iter().all(|h| h.is_empty()));
            }
        }
    }
}
