//! Hard's answers outside the card play: the trump call, from whole deals sampled around the
//! caller's first cards and played out with every suit as trumps, and whether to play on for all
//! thirteen.

use std::time::Instant;

use courtpiece_rules::{Deal, HandKind, Intent, PlayState, RuleSet, SeatView, Suit, Trick};

use super::playout::Ends;
use super::{CALL_MARGIN, Hard, MAX_SAMPLES};
use crate::bot::Bot;
use crate::choices::{decision_rng, suit_strength};
use crate::memory::Memory;
use crate::sample::{sample, whole_deal};
use crate::solver::Solver;

/// Most deals sampled for the trump call (each played out once for every suit).
const CALL_SAMPLES: u32 = 1000;

/// The suit Medium would call from `hand`: long and strong.
fn best_suit(hand: courtpiece_rules::CardSet) -> Suit {
    Suit::ALL
        .into_iter()
        .max_by_key(|&s| (suit_strength(hand, s), s as u8))
        .unwrap_or(Suit::ALL[0])
}

impl Hard {
    /// The trump suit to call: the one Medium likes (long and strong), unless over whole deals
    /// sampled around my first cards, each played out from the caller's lead (R-LEAD1) with
    /// every suit as trumps, another suit is clearly worth more.
    pub(super) fn trumps(&mut self, view: &SeatView, rules: &RuleSet) -> Suit {
        let ends = Ends::of(view, rules, &self.worth);
        let deadline = Instant::now() + self.budget;
        let mut rng = decision_rng(self.seed, view);
        let mut totals = [0f32; 4];
        let mut samples = 0u32;
        while samples < CALL_SAMPLES && Instant::now() < deadline {
            let hands = whole_deal(view, rules, &mut rng);
            let mut values = [0f32; 4];
            for suit in Suit::ALL {
                // R-LEAD1: the caller leads
                let state = PlayState::new(hands, Some(suit), view.seat, rules)
                    .with_caller(view.seat)
                    .with_contract(view.contract.map_or(0, |(_, tricks)| tricks));
                values[suit.index()] = ends.value(&state, None);
            }
            for (total, value) in totals.iter_mut().zip(values) {
                *total += value;
            }
            samples += 1;
        }
        let usual = best_suit(view.hand);
        if samples == 0 {
            return usual;
        }
        let mean = |s: Suit| totals[s.index()] / samples as f32;
        let margin = CALL_MARGIN * self.worth.court(view, rules);
        Suit::ALL
            .into_iter()
            .filter(|&s| mean(s) > mean(usual) + margin)
            .max_by(|&a, &b| mean(a).total_cmp(&mean(b)))
            .unwrap_or(usual)
    }
}

impl Hard {
    /// Play on for all thirteen (R-PLAYON) when the chance of taking every trick left, over
    /// sampled layouts, makes it worth more than the court in hand.
    pub(super) fn play_on(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        let team = view.seats.side(view.seat);
        let worth = |kind| self.worth.of(view, rules, kind, team);
        let stop = worth(HandKind::Court);
        let done = worth(HandKind::FiftyTwo);
        let failed = worth(HandKind::FailedPlayOn);
        if failed >= stop {
            return Intent::PlayOn;
        }
        let memory = Memory::read(view, rules);
        let deadline = Instant::now() + self.budget;
        let mut rng = decision_rng(self.seed, view);
        let mut solver = Solver::new();
        solver.set_deadline(Some(deadline));
        let (mut samples, mut swept) = (0u32, 0u32);
        while samples < MAX_SAMPLES && Instant::now() < deadline {
            let hands = sample(view, &memory, &mut rng);
            let Ok(pos) = PlayState::open(
                &Deal::new(hands),
                &Trick::new(view.trick.leader, view.trick.trumps()),
                rules,
            ) else {
                break;
            };
            let all = solver.can_take_all(&pos, team);
            if solver.out_of_time() {
                break;
            }
            samples += 1;
            swept += u32::from(all);
        }
        if samples == 0 {
            return self.medium.decide(view, rules);
        }
        let p = swept as f32 / samples as f32;
        if p * done + (1.0 - p) * failed > stop {
            Intent::PlayOn
        } else {
            Intent::Stop
        }
    }
}
