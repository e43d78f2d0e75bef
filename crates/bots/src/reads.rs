//! Reading the cards played. Players follow habits the cards they hold show through: a seat
//! that lets the other team's card stand when it could have beaten it most likely held nothing
//! to beat it with; a seat with two cards next to each other in a suit (no card left to play
//! between them) plays the lower, so the higher played says the one below is likely elsewhere.
//! Each such play leaves a read, the cards the seat is thought not to hold, and the layouts that
//! give the seat one of them anyway are sampled as much less likely as the habit is strong.
//!
//! Only the other seats' plays are read, and only in tricks whose trumps were known when led
//! (R-WIN): with trumps face down or Satat's 2♥ about (RS-TWO) a card may have had reasons the
//! table could not see.

use courtpiece_rules::round::MAX_REDEALS;
use courtpiece_rules::trick::beats;
use courtpiece_rules::{CallView, Card, CardSet, Mode, RuleSet, Seat, SeatView, Suit, Trick};
use rand::RngExt;
use rand::rngs::SmallRng;

use crate::choices::{points, suit_strength};
use crate::memory::Memory;
use crate::sample::{sample, sample_evenly};

/// How much less likely a play is in a layout that gives the seat a card read from it, by the
/// seat's place in the trick. Counted over matches of four Hard bots (see `docs/expert-log.md`).
struct Odds {
    /// A seat that could beat the other team's card let it stand, by place (second, third,
    /// last) and by how it could have beaten it: following suit higher, trumping a plain card,
    /// trumping over a trump.
    let_go: [[f32; 3]; 3],
    /// A seat played the higher of two cards next to each other in its suit (no card between
    /// them left to play), by place (leader to last): the others play the lower.
    touching: [f32; 4],
}

/// In single sar every trick counts toward seven: the third and last seats seldom let one go.
const SINGLE_SAR: Odds = Odds {
    let_go: [[0.33, 0.49, 0.5], [0.03, 0.15, 0.25], [0.05, 0.18, 0.15]],
    touching: [0.32, 0.08, 0.09, 0.09],
};

/// Under the Double Sar heap a trick won alone collects nothing (R-COLLECT): every seat often
/// lets one go.
const HEAP: Odds = Odds {
    let_go: [[0.23, 0.41, 0.5], [0.26, 0.57, 0.64], [0.34, 0.38, 0.6]],
    touching: [0.33, 0.14, 0.14, 0.22],
};

/// Most layouts drawn for one that agrees with the reads; past it the likeliest drawn is kept.
const DRAWS: u32 = 8;

/// One seat's play read: it likely holds none of `denied`, which it would have played instead; a
/// layout that gives it one of them is `odds` as likely.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Read {
    seat: Seat,
    denied: CardSet,
    odds: f32,
}

/// What the other seats' plays this hand say about the cards they still hold.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reads {
    reads: Vec<Read>,
    call: Option<CallRead>,
}

/// What another seat's trump call says of its hand (R-CALL, R-DEAL1): it chose trumps from its
/// first five cards, which are any five of the thirteen it was dealt, as the suit those five were
/// longest and strongest in (`choices::suit_strength`: Medium's call, and Hard's unless another
/// suit plays clearly better); and where the Under-ten redeal was still open to it (`V-REDEAL`),
/// those five held an honour, or it would have asked for a new deal.
#[derive(Clone, Copy, Debug, PartialEq)]
struct CallRead {
    caller: Seat,
    trumps: Suit,
    /// The caller's cards played this hand, part of its thirteen.
    played: CardSet,
    honour: bool,
}

impl CallRead {
    /// The reading of the call in `view`, where another seat named trumps from its five cards.
    fn of(view: &SeatView, rules: &RuleSet) -> Option<CallRead> {
        let announced = matches!(view.call, Some(CallView::Announced(_) | CallView::Shown(_)));
        let trumps = view
            .known_trumps
            .filter(|_| announced && view.caller != view.seat)?;
        if rules.players != 4 || rules.defer {
            return None;
        }
        let caller = view.caller;
        let played = view
            .tricks
            .iter()
            .chain(std::iter::once(&view.trick))
            .filter_map(|trick| trick.card_of(caller))
            .collect();
        Some(CallRead {
            caller,
            trumps,
            played,
            honour: rules.redeal && view.redeals < MAX_REDEALS,
        })
    }

    /// Would the caller, dealt `hand` of what it holds now, have called these trumps from five
    /// of its thirteen drawn at random? Over the draws, as likely as the call is with that hand.
    fn calls(&self, hand: CardSet, rng: &mut SmallRng) -> bool {
        let mut thirteen: Vec<Card> = (hand | self.played).iter().collect();
        if thirteen.len() < FIRST_FIVE {
            return true;
        }
        for i in 0..FIRST_FIVE {
            let j = rng.random_range(i..thirteen.len());
            thirteen.swap(i, j);
        }
        let five: CardSet = thirteen[..FIRST_FIVE].iter().copied().collect();
        if self.honour && five.iter().all(|c| points(c) == 0) {
            return false;
        }
        let best = Suit::ALL
            .into_iter()
            .max_by_key(|&s| (suit_strength(five, s), s as u8));
        best == Some(self.trumps)
    }
}

/// The cards the trump caller chooses from (R-DEAL1).
const FIRST_FIVE: usize = 5;

/// Most layouts drawn for one that agrees with the reads and the call: a call is kept by about
/// one layout in three drawn evenly.
const CALL_DRAWS: u32 = 32;

impl Reads {
    /// The reads of every play by another seat this hand, the trick in progress included, of
    /// cards still unseen by me.
    pub fn of(view: &SeatView, rules: &RuleSet, memory: &Memory) -> Reads {
        let odds = if rules.mode == Mode::DoubleSar {
            &HEAP
        } else {
            &SINGLE_SAR
        };
        let tricks = || view.tricks.iter().chain(std::iter::once(&view.trick));
        let played_by: [CardSet; 4] =
            std::array::from_fn(|i| tricks().filter_map(|trick| trick.card_of(Seat::ALL[i])).collect());
        let mut reads = Vec::new();
        let mut gone = CardSet::EMPTY;
        for trick in tricks() {
            reads.extend(
                read_trick(trick, gone, odds)
                    .into_iter()
                    .filter(|read| read.seat != view.seat)
                    // a seat seen to play a card it was read not to hold had its reasons: the
                    // read says nothing
                    .filter(|read| (read.denied & played_by[read.seat.index()]).is_empty())
                    .map(|read| Read {
                        denied: read.denied & memory.unseen,
                        ..read
                    })
                    .filter(|read| !read.denied.is_empty()),
            );
            gone |= trick.cards();
        }
        Reads { reads, call: None }
    }

    /// The same reads, and what another seat's trump call says of its hand ([`CallRead`]).
    pub fn and_the_call(mut self, view: &SeatView, rules: &RuleSet) -> Reads {
        self.call = CallRead::of(view, rules);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.reads.is_empty() && self.call.is_none()
    }

    /// How likely the plays read are with these hands, against hands that agree with every read.
    pub fn likelihood(&self, hands: &[CardSet; 4]) -> f32 {
        self.reads
            .iter()
            .filter(|read| !(hands[read.seat.index()] & read.denied).is_empty())
            .map(|read| read.odds)
            .product()
    }

    /// A layout of the unseen cards as [`sample`] deals them, drawn again with the odds of the
    /// plays read in it: kept with the chance [`Reads::likelihood`] gives it, so that the layouts
    /// kept follow how likely the plays made them.
    pub fn sample(&self, view: &SeatView, memory: &Memory, rng: &mut SmallRng) -> [CardSet; 4] {
        if self.is_empty() {
            return sample(view, memory, rng);
        }
        let mut likeliest = (f32::MIN, [CardSet::EMPTY; 4]);
        let draws = if self.call.is_some() { CALL_DRAWS } else { DRAWS };
        for _ in 0..draws {
            // the call read weighs the caller's trumps itself, in place of the sampler's lean
            let hands = match self.call {
                Some(_) => sample_evenly(view, memory, rng),
                None => sample(view, memory, rng),
            };
            let called = self
                .call
                .is_none_or(|call| call.calls(hands[call.caller.index()], rng));
            let odds = if called { self.likelihood(&hands) } else { 0.0 };
            if rng.random::<f32>() < odds {
                return hands;
            }
            if odds > likeliest.0 {
                likeliest = (odds, hands);
            }
        }
        likeliest.1
    }
}

/// The reads of one trick's plays, `gone` the cards played before it. Only tricks whose trumps
/// were known when led are read. The caller narrows the reads to the cards still unseen.
fn read_trick(trick: &Trick, gone: CardSet, odds: &Odds) -> Vec<Read> {
    match trick.trumps() {
        Some(trumps) if trick.trumps_known_when_led() && !trick.has_top_two() => {
            read_plays(trumps, trick.plays(), gone, odds).collect()
        }
        _ => Vec::new(),
    }
}

/// The reads of the plays of a trick, in play order, under `trumps`, `gone` the cards played
/// before it: each seat after the leader that let the other team's card stand, with the cards it
/// would have beaten it by (R-FOLLOW, R-WIN), and each seat with the card next below the one it
/// played, which it would have played instead.
fn read_plays<'a>(
    trumps: Suit,
    plays: impl Iterator<Item = (Seat, Card)> + 'a,
    gone: CardSet,
    odds: &'a Odds,
) -> impl Iterator<Item = Read> + 'a {
    let mut led = None;
    let mut best: Option<(Seat, Card)> = None;
    let mut table = CardSet::EMPTY;
    plays.enumerate().flat_map(move |(place, (seat, card))| {
        // a card on the table between two of a seat's cards makes them differ in this trick
        let below = (CardSet::suit_mask(card.suit()) - CardSet::above(card) - CardSet::single(card) - gone)
            .highest()
            .filter(|&next| !table.contains(next))
            .map(|next| Read {
                seat,
                denied: CardSet::single(next),
                odds: odds.touching[place],
            });
        table.insert(card);
        let before = best;
        let led = *led.get_or_insert(card.suit());
        if before.is_none_or(|(_, top)| beats(card, top, Some(trumps))) {
            best = Some((seat, card));
        }
        let let_go = before
            .filter(|&(winner, _)| winner.team() != seat.team() && best == before)
            .and_then(|(_, top)| {
                let (way, denied) = if card.suit() == led {
                    // a card that follows beats only a card of the suit led (R-WIN)
                    (top.suit() == led).then(|| (0, CardSet::above(top)))?
                } else if top.suit() != trumps {
                    (1, CardSet::suit_mask(trumps))
                } else {
                    (2, CardSet::above(top))
                };
                (!denied.is_empty()).then(|| Read {
                    seat,
                    denied,
                    odds: odds.let_go[place - 1][way],
                })
            });
        below.into_iter().chain(let_go)
    })
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Match, Phase, Preset};
    use rand::SeedableRng;

    use super::*;
    use crate::bot::Bot;
    use crate::medium::Medium;

    fn seat(c: char) -> Seat {
        Seat::from_compass(c).expect("a seat")
    }

    fn card(name: &str) -> Card {
        name.parse().expect("a card")
    }

    fn cards(names: &str) -> CardSet {
        names.split_whitespace().map(card).collect()
    }

    /// The reads of a trick led by North with spades trumps, each card a seat's in turn, the
    /// cards of `gone` played before: what each seat is read not to hold, at what odds.
    fn reads_of(plays: [&str; 4], gone: &str) -> Vec<(char, CardSet, f32)> {
        let plays = "NESW".chars().map(seat).zip(plays.map(card));
        read_plays(Suit::Spades, plays, cards(gone), &SINGLE_SAR)
            .map(|read| (read.seat.compass(), read.denied, read.odds))
            .collect()
    }

    const T: [f32; 4] = SINGLE_SAR.touching;
    const L: [[f32; 3]; 3] = SINGLE_SAR.let_go;

    #[test]
    fn a_card_that_follows_under_the_other_teams_card_denies_the_cards_above_it() {
        // South plays low under East's king; West's partner wins, so West lets nothing go
        let reads = reads_of(["5H", "KH", "2H", "3H"], "4H QH");
        let south = ('S', cards("AH"), L[1][0]);
        assert_eq!(
            reads,
            vec![('N', cards("3H"), T[0]), ('E', cards("JH"), T[1]), south]
        );
    }

    #[test]
    fn a_discard_under_a_plain_card_denies_every_trump_and_under_a_trump_the_higher_trumps() {
        let reads = reads_of(["5H", "KH", "2C", "3H"], "4H QH");
        let south = ('S', CardSet::suit_mask(Suit::Spades), L[1][1]);
        assert_eq!(reads[2], south);
        // East trumps: South's heart can not beat it, and West's partner wins
        let reads = reads_of(["5H", "7S", "9H", "2C"], "4H 6S 8H");
        assert_eq!(
            reads,
            vec![
                ('N', cards("3H"), T[0]),
                ('E', cards("5S"), T[1]),
                ('S', cards("7H"), T[2])
            ]
        );
        // South's discard could have overtrumped
        let reads = reads_of(["5H", "7S", "2C", "3C"], "4H 6S");
        assert_eq!(reads[2], ('S', cards("8S 9S TS JS QS KS AS"), L[1][2]));
        assert_eq!(reads.len(), 3);
    }

    #[test]
    fn a_card_that_wins_a_partner_winning_or_a_card_none_beats_lets_nothing_go() {
        let reads = reads_of(["5H", "KH", "AH", "2H"], "4H QH");
        assert_eq!(reads, vec![('N', cards("3H"), T[0]), ('E', cards("JH"), T[1])]);
        assert_eq!(
            reads_of(["AH", "2H", "3H", "4H"], "KH"),
            vec![('N', cards("QH"), T[0])]
        );
        // second hand low is read; its partner's card and the winner's are not
        let reads = reads_of(["5H", "2H", "3H", "6H"], "4H");
        let east = ('E', cards("6H 7H 8H 9H TH JH QH KH AH"), L[0][0]);
        assert_eq!(reads, vec![('N', cards("3H"), T[0]), east]);
    }

    #[test]
    fn the_higher_of_two_cards_next_to_each_other_denies_the_lower() {
        // the next card below left to play: the eight below the ten with the nine gone
        let reads = reads_of(["5H", "TH", "QH", "8H"], "9H 7H 4H");
        let expected = vec![
            ('N', cards("3H"), T[0]),
            ('E', cards("8H"), T[1]),
            ('S', cards("JH"), T[2]),
            ('W', cards("6H"), T[3]),
            ('W', cards("KH AH"), L[2][0]),
        ];
        assert_eq!(reads, expected);
        // South's ace and the jack below it differ here: East's king lies between them
        let reads = reads_of(["5H", "KH", "AH", "2H"], "4H QH");
        assert!(reads.iter().all(|read| read.0 != 'S'), "{reads:?}");
    }

    /// A view at the first card of a hand of Court Piece, the hands dealt from `seed`.
    fn first_card_view(seed: u64) -> SeatView {
        let rules = Preset::CourtPiece.rules();
        let mut m = Match::new(&rules, seed).expect("a match");
        let mut bot = Medium::new(seed);
        loop {
            m.advance();
            let who = m.to_act().expect("a seat to act");
            let view = m.view(who);
            if view.phase == Phase::TrickPlay {
                return view;
            }
            let intent = bot.decide(&view, &rules);
            m.apply(who, intent).expect("a legal intent");
        }
    }

    #[test]
    fn layouts_against_a_read_are_sampled_as_much_less_likely_as_its_odds() {
        let view = first_card_view(11);
        let rules = Preset::CourtPiece.rules();
        let memory = Memory::read(&view, &rules);
        let next = view.seat.next();
        let card = memory.unseen.highest().expect("an unseen card");
        let odds = 0.1;
        let reads = Reads {
            reads: vec![Read {
                seat: next,
                denied: CardSet::single(card),
                odds,
            }],
            call: None,
        };
        let mut rng = SmallRng::seed_from_u64(5);
        let share = |reads: &Reads, rng: &mut SmallRng| {
            let n = 4000;
            let held = (0..n)
                .filter(|_| reads.sample(&view, &memory, rng)[next.index()].contains(card))
                .count();
            held as f64 / f64::from(n)
        };
        let prior = share(&Reads::default(), &mut rng);
        let read = share(&reads, &mut rng);
        let odds = f64::from(odds);
        let expected = prior * odds / (prior * odds + 1.0 - prior);
        assert!((0.2..0.5).contains(&prior), "prior {prior}");
        assert!((read - expected).abs() < 0.02, "read {read}, expected {expected}");
    }

    #[test]
    fn reads_are_of_other_seats_and_cards_still_unseen() {
        let rules = Preset::CourtPiece.rules();
        let mut seen = 0;
        for seed in 0..6 {
            let mut m = Match::new(&rules, seed).expect("a match");
            let mut bot = Medium::new(seed);
            for _ in 0..200 {
                m.advance();
                let Some(who) = m.to_act() else { break };
                let view = m.view(who);
                if view.phase == Phase::TrickPlay {
                    let memory = Memory::read(&view, &rules);
                    for read in Reads::of(&view, &rules, &memory).reads {
                        assert_ne!(read.seat, view.seat);
                        assert!(!read.denied.is_empty());
                        assert!((read.denied - memory.unseen).is_empty());
                        seen += 1;
                    }
                }
                let intent = bot.decide(&view, &rules);
                m.apply(who, intent).expect("a legal intent");
            }
        }
        assert!(seen > 100, "only {seen} reads in six hands");
    }

    /// A caller dealt these thirteen (spades trumps, its five drawn from them) calls spades: always
    /// with every card a spade (the redeal aside), never with none, and never from five without
    /// an honour while it could still have asked for a new deal (V-REDEAL).
    #[test]
    fn a_call_is_read_as_the_callers_five_would_make_it() {
        let read = |honour| CallRead {
            caller: seat('N'),
            trumps: Suit::Spades,
            played: CardSet::EMPTY,
            honour,
        };
        let mut rng = SmallRng::seed_from_u64(3);
        let spades = CardSet::suit_mask(Suit::Spades);
        let hearts = CardSet::suit_mask(Suit::Hearts);
        let small = cards("2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 2D 3D 4D");
        for _ in 0..200 {
            assert!(read(false).calls(spades, &mut rng));
            assert!(!read(false).calls(hearts, &mut rng));
            assert!(!read(true).calls(small, &mut rng));
        }
        // the cards it has played are part of its thirteen
        let played = CallRead {
            played: cards("AS KS QS JS TS 9S 8S 7S"),
            ..read(true)
        };
        assert!(played.calls(cards("6S 5S 4S 3S 2S"), &mut rng));
        // with the redeal spent, five small cards call as well
        let calls = (0..400).filter(|_| read(false).calls(small, &mut rng)).count();
        assert!((40..360).contains(&calls), "{calls} of 400");
    }

    /// Read as its call says, the caller holds more trumps in the layouts than the cards dealt
    /// evenly would give it, and about as many as the callers of these deals held.
    #[test]
    fn a_read_call_gives_the_caller_the_trumps_it_called_from() {
        let rules = Preset::CourtPiece.rules();
        let mut rng = SmallRng::seed_from_u64(8);
        let (mut evenly, mut read, mut held, mut views) = (0.0, 0.0, 0.0, 0.0);
        for seed in 0..40 {
            let lead = first_card_view(seed);
            let mut m = Match::new(&rules, seed).expect("a match");
            let mut bot = Medium::new(seed);
            // the first view in trick play of the seat after the caller, who has seen one card
            let (view, caller_hand) = loop {
                m.advance();
                let who = m.to_act().expect("a seat to act");
                let v = m.view(who);
                if v.phase == Phase::TrickPlay && who == lead.caller.next() {
                    break (v, m.view(lead.caller).hand);
                }
                let intent = bot.decide(&v, &rules);
                m.apply(who, intent).expect("a legal intent");
            };
            let trumps = view.known_trumps.expect("trumps called");
            let reads = Reads::default().and_the_call(&view, &rules);
            assert!(reads.call.is_some(), "the call of another seat is read");
            let memory = Memory::read(&view, &rules);
            let caller = view.caller.index();
            let n = 200;
            for _ in 0..n {
                evenly += f64::from(sample_evenly(&view, &memory, &mut rng)[caller].count_suit(trumps));
                read += f64::from(reads.sample(&view, &memory, &mut rng)[caller].count_suit(trumps));
            }
            held += f64::from(caller_hand.count_suit(trumps)) * f64::from(n);
            views += f64::from(n);
        }
        let (evenly, read, held) = (evenly / views, read / views, held / views);
        assert!(read > evenly + 0.6, "read {read:.2}, evenly {evenly:.2}");
        assert!((read - held).abs() < 0.4, "read {read:.2}, held {held:.2}");
    }

    /// My own call, and trumps face down, are not read; another seat's is, under the heap too.
    #[test]
    fn only_another_seats_call_in_the_open_is_read() {
        let rules = Preset::CourtPiece.rules();
        let view = first_card_view(4);
        assert_eq!(view.seat, view.caller, "the caller leads");
        assert_eq!(CallRead::of(&view, &rules), None);
        let mut other = view.clone();
        other.caller = view.seat.next();
        assert!(CallRead::of(&other, &rules).is_some());
        assert!(
            CallRead::of(&other, &Preset::DoubleSar.rules()).is_some(),
            "under the heap too"
        );
        other.call = Some(CallView::FaceDown);
        assert_eq!(CallRead::of(&other, &rules), None);
    }
}
