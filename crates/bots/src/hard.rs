//! Hard: determinized search. It samples the unseen cards consistently with everything public,
//! solves each sample double-dummy and plays the card with the most tricks on average, within a
//! time budget. Searched: the card play of Single Sar once seven tricks or fewer are left, where
//! the solver answers in well under a millisecond; the rest is played as Medium plays it.

use std::time::{Duration, Instant};

use courtpiece_rules::{CallView, Card, Deal, Intent, Mode, Phase, RuleSet, SeatView};

use crate::bot::Bot;
use crate::choices::{decision_rng, playable};
use crate::medium::Medium;
use crate::memory::Memory;
use crate::sample::sample;
use crate::solver::{Position, Solver};

/// The time a decision may take (on one core).
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(40);
/// Cards left in hand from which the play is searched.
const ENDGAME: u32 = 7;
const MIN_SAMPLES: u32 = 4;
const MAX_SAMPLES: u32 = 48;

pub struct Hard {
    seed: u64,
    medium: Medium,
    budget: Duration,
}

impl Hard {
    pub fn new(seed: u64) -> Hard {
        Hard {
            seed: seed ^ 0x4A5D,
            medium: Medium::new(seed),
            budget: DEFAULT_BUDGET,
        }
    }

    fn search(&mut self, view: &SeatView, rules: &RuleSet) -> Option<Card> {
        let memory = Memory::read(view, rules);
        let cards = playable(view);
        if cards.len() == 1 {
            return cards.lowest();
        }
        let team = view.seat.team();
        let played: Vec<Card> = view.trick.plays().map(|(_, c)| c).collect();
        let start = Instant::now();
        let mut rng = decision_rng(self.seed, view);
        let mut solver = Solver::new();
        let mut totals = [0u32; 64];
        let mut samples = 0;
        let mut candidates = cards;
        while samples < MAX_SAMPLES && (samples < MIN_SAMPLES || start.elapsed() < self.budget) {
            samples += 1;
            let hands = sample(view, &memory, &mut rng);
            let Ok(pos) =
                Position::with_trick(&Deal::new(hands), view.trick.trumps(), view.trick.leader, &played)
            else {
                continue;
            };
            // under honour play only the cards that follow suit are weighed
            candidates = cards & pos.legal();
            for card in candidates {
                let (child, won) = pos.play(card.bit());
                let now = u32::from(won.is_some_and(|w| w & 1 == team.index() as u8));
                let later = if child.tricks_left() == 0 {
                    0
                } else {
                    u32::from(solver.max_tricks(&child, team))
                };
                totals[card.bit() as usize] += now + later;
            }
        }
        candidates
            .iter()
            .max_by_key(|c| (totals[c.bit() as usize], std::cmp::Reverse(c.rank())))
    }
}

impl Bot for Hard {
    fn decide(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        let searchable = view.phase == Phase::TrickPlay
            && rules.mode == Mode::SingleSar
            && view.call != Some(CallView::FaceDown)
            && view.legal.iter().all(|i| {
                matches!(
                    i,
                    Intent::Play { .. } | Intent::Claim { .. } | Intent::Correct { .. }
                )
            })
            && view.hand.len() <= ENDGAME
            && !view.legal.is_empty();
        if searchable && let Some(card) = self.search(view, rules) {
            return Intent::Play { card };
        }
        self.medium.decide(view, rules)
    }
}
