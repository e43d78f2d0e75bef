//! Playouts: each card is judged by playing the hand out in every sampled layout, every seat by a
//! quick open-handed policy, and scoring the end as the rules do. This is how Hard plays under
//! the Double Sar heap (R-HEAP, R-COLLECT), where a trick is worth nothing until its team collects
//! it (Expert solves those layouts instead); in the middle of a single sar hand, where
//! no court is open and too many cards are left for the solver in time; and at tables of three
//! and two, where the race for the most tricks decides (R3-END, R3-TIE, R2-SCORE).

use std::time::{Duration, Instant};

use courtpiece_rules::{
    CallView, Card, CardSet, HandKind, MAX_SIDES, PlayState, RuleSet, SeatView, Side, Stop, Suit,
};

use super::Hard;
use crate::choices::{decision_rng, suit_strength};
use crate::duel::Duel;
use crate::equity::Worth;
use crate::memory::Memory;

/// Time kept back from the search for the decision's last step (Medium's tie-break among the
/// cards the search values alike), so that the whole decision keeps to the budget.
const TIE_BREAK: Duration = Duration::from_millis(1);

/// Most layouts sampled for one decision (each plays the hand out once for every card); the
/// time budget usually ends the sampling first early in a hand.
const SAMPLES: u32 = 1000;

/// The ways a hand can end, with what each is worth to my team when either team wins it.
const KINDS: [HandKind; 11] = [
    HandKind::Plain,
    HandKind::Court,
    HandKind::FiftyTwo,
    HandKind::FailedPlayOn,
    HandKind::SarCourt,
    HandKind::GoonCourt,
    HandKind::Mendikot,
    HandKind::EvenTens,
    HandKind::Made,
    HandKind::MadeAll,
    HandKind::Defeated,
];

/// What the ends of the hand are worth to my side.
pub(crate) struct Ends {
    side: Side,
    sides: usize,
    /// By kind (as in `KINDS`) and by the side that wins so: the worth to my side.
    worth: [[f32; MAX_SIDES]; KINDS.len()],
}

impl Ends {
    pub(crate) fn of(view: &SeatView, rules: &RuleSet, worth: &Worth) -> Ends {
        let sides = view.seats.sides();
        Ends {
            side: view.seats.side(view.seat),
            sides,
            worth: KINDS.map(|kind| {
                std::array::from_fn(|i| {
                    Side::from_index(i)
                        .filter(|_| i < sides)
                        .map_or(0.0, |winner| worth.of(view, rules, kind, winner))
                })
            }),
        }
    }

    /// The side whose worth this is.
    pub(super) fn side(&self) -> Side {
        self.side
    }

    /// Plays `card` from `state` (or, with none, whatever the policy plays), then the rest of
    /// the hand until it ends by the rules (the court's team does not play on), and says what
    /// it came to.
    pub(crate) fn value(&self, state: &PlayState, card: Option<Card>) -> f32 {
        let mut state = *state;
        let mut next = card;
        while state.result().is_none()
            && let Some(card) = next.take().or_else(|| policy(&state))
        {
            state.play(card);
        }
        let me = self.side.index();
        let taken = &state.taken()[..self.sides];
        let best_other = (0..self.sides)
            .filter(|&i| i != me)
            .map(|i| taken[i])
            .max()
            .unwrap_or(0);
        // a hair for each trick taken tells apart cards that end the same way
        let edge = (f32::from(taken[me]) - f32::from(best_other)) * 1e-3;
        edge + self.outcome(&state)
    }

    /// What the hand as it ended in `state` is worth to my side (the side with most tricks wins
    /// a hand the rules have not ended yet).
    pub(super) fn outcome(&self, state: &PlayState) -> f32 {
        let me = self.side.index();
        let taken = &state.taken()[..self.sides];
        let (winner, kind) = state.result().unwrap_or_else(|| {
            let leader = (0..self.sides)
                .max_by_key(|&i| (taken[i], i == me))
                .and_then(Side::from_index)
                .unwrap_or(self.side);
            (leader, HandKind::Plain)
        });
        self.worth_of(winner, kind)
    }

    /// What a hand won by `winner` as `kind` is worth to my side. A revoke's end is never
    /// played out or searched for, and has no row.
    pub(crate) fn worth_of(&self, winner: Side, kind: HandKind) -> f32 {
        let k = KINDS.iter().position(|&x| x == kind);
        debug_assert!(k.is_some(), "{kind:?} is not an end the playouts weigh");
        let k = k.unwrap_or(0);
        self.worth[k][winner.index()]
    }

    /// What playing `card` from `state` is worth to my side with best play by both after it, at
    /// a table of two: the race to seven and the kot of R2-SCORE solved exactly.
    pub(super) fn solved(&self, duel: &mut Duel, state: &PlayState, card: Card) -> f32 {
        let mut child = *state;
        child.play(card);
        if child.result().is_some() || child.legal().is_empty() {
            return self.outcome(&child);
        }
        let end = duel.race_end(&child, self.side);
        let kind = if end.court {
            HandKind::Court
        } else {
            HandKind::Plain
        };
        self.worth_of(end.winner, kind)
    }
}

/// The open-handed policy every seat plays by in the playouts: lead a card no opponent can beat if
/// there is one, else low from the longest side suit; follow by winning as cheaply as possible
/// unless partner already wins, else throw the lowest. Until a void fixes trumps (RB-TRUMP), as
/// Medium plays then. Where tens count (RM-HEAP), a ten goes to partner's trick and is the last
/// card thrown to an opponent's.
fn policy(state: &PlayState) -> Option<Card> {
    let legal = state.legal();
    if legal.is_empty() {
        return None;
    }
    if state.trumps_pending() {
        let (_, trick) = state.trick();
        return crate::medium::before_trumps(trick.first().map(|c| c.suit()), legal);
    }
    let me = state.to_play();
    let seats = state.seats();
    let hands = state.hands();
    let trumps = state.trumps();
    // Satat's 2♥ wins any trick: it is the last card spent (RS-TWO)
    let two = |c: &Card| state.is_top_two(*c);
    let low = |set: CardSet| {
        set.iter()
            .min_by_key(|c| (two(c), Some(c.suit()) == trumps, c.rank()))
    };
    let tens = state.counts_tens();
    let is_ten = |c: &Card| tens && c.rank() == courtpiece_rules::Rank::TEN;
    let spare = |set: CardSet| {
        set.iter()
            .min_by_key(|c| (two(c), is_ten(c), Some(c.suit()) == trumps, c.rank()))
    };
    let two_against = state
        .top_two_holder()
        .is_some_and(|h| seats.side(h) != seats.side(me));
    match state.winning() {
        None => {
            let sure = legal.iter().filter(|&c| {
                !two_against
                    && !two(&c)
                    && seats.opponents(me).all(|o| {
                        let h = hands[o.index()];
                        let higher = !(CardSet::above(c) & h).is_empty();
                        let ruff =
                            !h.has_suit(c.suit()) && trumps.is_some_and(|t| t != c.suit() && h.has_suit(t));
                        !higher && !ruff
                    })
            });
            if let Some(card) = sure.max_by_key(|c| c.rank()) {
                return Some(card);
            }
            let long = legal
                .iter()
                .filter(|c| Some(c.suit()) != trumps && !two(c))
                .max_by_key(|c| (legal.count_suit(c.suit()), std::cmp::Reverse(c.rank())));
            long.or_else(|| low(legal))
        }
        Some((seat, _)) if Some(seat) == seats.partner(me) => {
            legal.iter().find(is_ten).or_else(|| low(legal))
        }
        Some(_) => {
            let winners: CardSet = legal.iter().filter(|&c| state.would_win(c)).collect();
            low(winners).or_else(|| spare(legal))
        }
    }
}

/// The table as a sampled layout pictures it: the view's position with `hands`, and where trumps
/// lie face down, the trumps as the caller knows them, or else the suit the caller's pictured
/// hand is longest and strongest in, as it chose trumps by.
pub(super) fn pictured(view: &SeatView, hands: [CardSet; 4], rules: &RuleSet) -> PlayState {
    let state = PlayState::from_view(view, hands, rules);
    if view.call != Some(CallView::FaceDown) {
        return state;
    }
    state.with_hidden_trumps(view.known_trumps.unwrap_or_else(|| {
        let hand = hands[view.caller.index()];
        Suit::ALL
            .into_iter()
            .max_by_key(|&s| suit_strength(hand, s))
            .unwrap_or(Suit::Spades)
    }))
}

impl Hard {
    /// The card whose playouts over the sampled layouts are worth most, if they tell the cards
    /// apart.
    pub(super) fn playouts(&mut self, view: &SeatView, rules: &RuleSet) -> Option<Card> {
        let cards = view.playable();
        if cards.len() == 1 {
            return cards.lowest();
        }
        let ends = Ends::of(view, rules, &self.worth);
        let memory = Memory::read(view, rules);
        let reads = self.reads(view, rules, &memory);
        let deadline = Instant::now() + self.budget.saturating_sub(TIE_BREAK);
        let mut rng = decision_rng(self.seed, view);
        let mut totals = [0f32; 64];
        let mut samples = 0;
        // Hokm for two is a race of two open hands in each layout: solved exactly rather than
        // played out (the race to seven and the kot of R2-SCORE)
        let exact = view.seats.count() == 2 && rules.stop == Stop::Seven && !rules.play_on_offered();
        while samples < SAMPLES && Instant::now() < deadline {
            let hands = reads.sample(view, &memory, &mut rng);
            samples += 1;
            let state = pictured(view, hands, rules);
            let mut duel = Duel::until(deadline);
            let mut values = [0f32; 64];
            for card in cards & state.legal() {
                values[card.bit() as usize] = if exact {
                    ends.solved(&mut duel, &state, card)
                } else {
                    ends.value(&state, Some(card))
                };
            }
            if duel.out_of_time() {
                // a layout left half solved is not counted
                break;
            }
            for card in cards & state.legal() {
                totals[card.bit() as usize] += values[card.bit() as usize];
            }
        }
        let worth = |c: Card| totals[c.bit() as usize];
        let best = cards.iter().map(worth).fold(f32::MIN, f32::max);
        let good: CardSet = cards.iter().filter(|&c| worth(c) >= best - 1e-3).collect();
        if good == cards {
            return None;
        }
        self.among(view, rules, good)
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{
        CallView, Card, Deal, HandKind, Match, PlayState, Preset, Seat, Side, Suit, Tally,
    };
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::{Ends, KINDS, pictured, policy};
    use crate::choices::suit_strength;
    use crate::equity::Worth;
    use crate::memory::Memory;
    use crate::reads::Reads;

    /// Two sides' ends from `side`'s seat: a plain win ±1, any other ±`court`.
    fn two_sides(side: Side, court: f32) -> Ends {
        let mine = side.index();
        let worth = KINDS.map(|kind| {
            let w = if kind == HandKind::Plain { 1.0 } else { court };
            std::array::from_fn(|i| match i {
                _ if i == mine => w,
                0 | 1 => -w,
                _ => 0.0,
            })
        });
        Ends {
            side,
            sides: 2,
            worth,
        }
    }

    /// Single sar ends worth ±1 for a plain win and ±4 for a court.
    fn single_sar(side: Side) -> Ends {
        two_sides(side, 4.0)
    }

    /// The table of ends holds what the bot's `Worth` says of each end, for either winner:
    /// Expert's race reads its four ends from it.
    #[test]
    fn the_table_of_ends_is_what_the_worth_says() {
        for (preset, worth) in [
            (Preset::CourtPiece, Worth::for_the_match()),
            (Preset::CourtPiece, Worth::default()),
            (Preset::DoubleSar, Worth::for_the_match()),
        ] {
            let rules = preset.rules();
            let mut worth = worth;
            worth.prepare(&rules);
            let mut game = Match::new(&rules, 9).expect("a match");
            game.advance();
            let seat = game.to_act().expect("someone to act");
            let view = game.view(seat);
            let ends = Ends::of(&view, &rules, &worth);
            let me = view.seats.side(seat);
            for kind in KINDS {
                for winner in [me, me.other()] {
                    assert_eq!(
                        ends.worth_of(winner, kind),
                        worth.of(&view, &rules, kind, winner),
                        "{preset:?}: {kind:?} won by {winner:?}"
                    );
                }
            }
        }
    }

    /// North to lead with these hands, after `taken` tricks.
    fn position(pbn: &str, taken: [u8; 2]) -> PlayState {
        let deal: Deal = pbn.parse().expect("a deal");
        let state = PlayState::new(deal.hands, None, Seat::ALL[0], &Preset::CourtPiece.rules());
        state.with_tally(Tally {
            tricks: taken[0] + taken[1],
            taken: [taken[0], taken[1], 0, 0],
            ..Tally::default()
        })
    }

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    #[test]
    fn the_policy_leads_a_card_nobody_can_beat() {
        let state = position("N:AK2... QJ3... T94... 876...", [0, 0]);
        assert_eq!(policy(&state), Some(card("AS")));
    }

    #[test]
    fn the_policy_wins_cheaply_and_leaves_a_winning_partner_alone() {
        // north leads the two of spades, east has only a jack and a queen above it
        let mut state = position("N:2.A.. QJ... K3... T9...", [0, 0]);
        state.play(card("2S"));
        assert_eq!(policy(&state), Some(card("JS")));
        state.play(card("JS"));
        assert_eq!(policy(&state), Some(card("KS")), "south beats the jack");
        state.play(card("KS"));
        assert_eq!(
            policy(&state),
            Some(card("9S")),
            "west can not win: it throws its lowest"
        );
    }

    #[test]
    fn the_end_of_a_close_hand_is_settled_by_who_reaches_seven() {
        // two tricks left, north-south need one: the ace of spades takes it, the heart gives
        // east both
        let state = position("N:A.2.. .KQ.. 43... 65...", [6, 5]);
        let ends = single_sar(Side::TEAMS[0]);
        assert!(ends.value(&state, Some(card("AS"))) > 0.9);
        assert!(ends.value(&state, Some(card("2H"))) < -0.9);
        // for east-west the same cards are worth the opposite
        let theirs = single_sar(Side::TEAMS[1]);
        assert!(theirs.value(&state, Some(card("2H"))) > 0.9);
    }

    /// Best play by both, every card tried, nothing remembered: what the exact search must find.
    fn brute(ends: &Ends, state: &PlayState) -> f32 {
        let legal = state.legal();
        if state.result().is_some() || legal.is_empty() {
            return ends.outcome(state);
        }
        let mine = state.seats().side(state.to_play()) == ends.side();
        let values = legal.iter().map(|card| {
            let mut child = *state;
            child.play(card);
            brute(ends, &child)
        });
        if mine {
            values.fold(f32::MIN, f32::max)
        } else {
            values.fold(f32::MAX, f32::min)
        }
    }

    #[test]
    fn hokm_for_two_is_valued_as_best_play_values_it() {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        use rand::seq::SliceRandom;

        use crate::duel::Duel;

        let rules = Preset::HokmTwo.rules();
        let mut rng = SmallRng::seed_from_u64(9);
        let mut deck: Vec<Card> = courtpiece_rules::CardSet::DECK.iter().collect();
        let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
        let mut kots = 0;
        for round in 0..300 {
            deck.shuffle(&mut rng);
            let n = 3 + round % 5;
            let hands = [
                deck[..n].iter().copied().collect(),
                deck[n..2 * n].iter().copied().collect(),
                courtpiece_rules::CardSet::EMPTY,
                courtpiece_rules::CardSet::EMPTY,
            ];
            let trumps = Some(deck[2 * n].suit());
            let leader = Seat::ALL[round % 2];
            // 13 - n tricks played: shared so that the race is still open, or all to one
            // player, who may still take the first seven (a kot, R2-SCORE)
            let played = u8::try_from(13 - n).unwrap();
            let taken = match round % 3 {
                0 if played < 7 => [played, 0],
                1 if played < 7 => [0, played],
                _ => [6.min(played), played - 6.min(played)],
            };
            let state = PlayState::new(hands, trumps, leader, &rules).with_tally(Tally {
                tricks: played,
                taken: [taken[0], taken[1], 0, 0],
                ..Tally::default()
            });
            for me in Side::ALL.into_iter().take(2) {
                let ends = hokm_for_two(me);
                let mut duel = Duel::until(far);
                for card in state.legal() {
                    let mut child = state;
                    child.play(card);
                    let exact = brute(&ends, &child);
                    assert_eq!(
                        ends.solved(&mut duel, &state, card),
                        exact,
                        "{card} in round {round}"
                    );
                    kots += usize::from(exact.abs() > 1.5);
                }
            }
        }
        assert!(kots > 0, "some positions end in a kot");
    }

    /// Hokm for two's ends: a plain win ±1, the first seven ±2.
    fn hokm_for_two(side: Side) -> Ends {
        two_sides(side, 2.0)
    }

    #[test]
    fn a_first_seven_without_a_trick_against_is_a_court() {
        // north-south have the first six, and the ace wins the seventh
        let state = position("N:A.2.5432.2 .KQ.AKQ.AK 5432...543 9876...876", [6, 0]);
        let ends = single_sar(Side::TEAMS[0]);
        assert!(ends.value(&state, Some(card("AS"))) > 3.9);
        assert!(ends.value(&state, Some(card("2H"))) < 1.1);
    }

    /// The caller's partner in Hidden Rang does not know trumps: each layout pictures them as
    /// the suit the caller's hand there is strongest in, as a caller chooses trumps.
    #[test]
    fn face_down_trumps_are_pictured_as_the_callers_strongest_suit() {
        let (view, rules) = crate::hard::tests::hidden_rang_partners_turn();
        assert_eq!(view.call, Some(CallView::FaceDown));
        assert_eq!(view.known_trumps, None);
        let memory = Memory::read(&view, &rules);
        let mut rng = SmallRng::seed_from_u64(4);
        for _ in 0..20 {
            let hands = Reads::default().sample(&view, &memory, &mut rng);
            let plain = PlayState::from_view(&view, hands, &rules);
            let state = pictured(&view, hands, &rules);
            assert_ne!(state, plain, "trumps pictured");
            let suits: Vec<Suit> = Suit::ALL
                .into_iter()
                .filter(|&s| plain.with_hidden_trumps(s) == state)
                .collect();
            let [suit] = suits[..] else {
                panic!("one suit pictured, not {suits:?}");
            };
            let caller = hands[view.caller.index()];
            for other in Suit::ALL {
                assert!(suit_strength(caller, suit) >= suit_strength(caller, other));
            }
        }
    }
}
