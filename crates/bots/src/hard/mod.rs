//! Hard: determinized search. It samples the unseen cards consistently with everything public
//! and plays the card whose outcomes over the samples are worth most under the scoring in force,
//! within a time budget.
//!
//! Each card is judged in each sampled layout by playing the hand out with all hands open
//! (`playout.rs`): under the Double Sar heap the collections and the last trick decide (R-HEAP,
//! R-LASTHEAP), in single sar the seven tricks and the court (R-SEVEN, R-COURT); Hokm for two,
//! two open hands racing to seven, is solved exactly in each layout instead (`duel.rs`). Once a hand is
//! won and a team plays on for all thirteen (R-PLAYON), each layout is solved double-dummy
//! instead: whether that team takes every trick left. When every card comes out the same, it
//! plays as Medium does.
//!
//! The trump call plays sampled whole deals out with each suit as trumps; the play-on question
//! solves sampled layouts (`call.rs`).

mod call;
pub(crate) mod playout;
pub(crate) mod stakes;
mod tree;

use std::time::{Duration, Instant};

use courtpiece_rules::{CallView, Card, CardSet, Deal, Intent, Mode, Phase, PlayState, RuleSet, SeatView};

use self::stakes::Stakes;
use crate::bot::Bot;
use crate::choices::{call, decision_rng};
use crate::equity::Worth;
use crate::medium::Medium;
use crate::memory::Memory;
use crate::reads::Reads;
use crate::solver::Solver;

/// The time a decision may take (on one core).
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(50);
const MAX_SAMPLES: u32 = 64;
/// How much more (in courts of my team's) another suit must be worth over the sampled deals than
/// the longest, strongest suit before it is called instead.
const CALL_MARGIN: f32 = 0.05;

pub struct Hard {
    seed: u64,
    medium: Medium,
    budget: Duration,
    /// Whether the layouts sampled follow what the other seats' plays say of their cards
    /// ([`Reads`]): Expert's search reads them, Hard's own does not.
    reads_play: bool,
    /// Whether the layouts sampled follow what another seat's trump call says of its hand
    /// ([`Reads::and_the_call`]): Expert's do, Hard's own lean the trumps toward the caller.
    reads_call: bool,
    /// How the ends of a hand are weighed: Hard's by the points they score.
    worth: Worth,
}

impl Hard {
    pub fn new(seed: u64) -> Hard {
        Hard::within(seed, DEFAULT_BUDGET)
    }

    /// A Hard bot that takes at most `budget` a decision.
    pub fn within(seed: u64, budget: Duration) -> Hard {
        Hard {
            seed: seed ^ 0x4A5D,
            medium: Medium::new(seed),
            budget,
            reads_play: false,
            reads_call: false,
            worth: Worth::default(),
        }
    }

    /// The same bot, sampling layouts as the other seats' plays read ([`Reads`]).
    pub(crate) fn reading_the_play(mut self) -> Hard {
        self.reads_play = true;
        self
    }

    /// The same bot, sampling layouts as another seat's trump call reads ([`Reads::and_the_call`]).
    pub(crate) fn reading_the_call(mut self) -> Hard {
        self.reads_call = true;
        self
    }

    /// The same bot, weighing a hand's ends by the chance of winning the match after them where
    /// it is known ([`Worth::for_the_match`]).
    pub(crate) fn playing_for_the_match(mut self) -> Hard {
        self.worth = Worth::for_the_match();
        self
    }

    /// How this bot weighs the ends of a hand under `rules`.
    pub(crate) fn worth(&mut self, rules: &RuleSet) -> &Worth {
        self.worth.prepare(rules);
        &self.worth
    }

    /// What the other seats' plays say of their cards, if this bot reads them.
    fn reads(&self, view: &SeatView, rules: &RuleSet, memory: &Memory) -> Reads {
        let reads = if self.reads_play {
            Reads::of(view, rules, memory)
        } else {
            Reads::default()
        };
        if self.reads_call {
            reads.and_the_call(view, rules)
        } else {
            reads
        }
    }

    /// The card whose outcomes over at most `layouts` sampled deals are worth most, each card
    /// judged in each layout by `judge`. With `patience`, a first layout that takes longer than
    /// that to judge ends the search when the patience runs out: the deal is too big for the
    /// solver in the time.
    pub(crate) fn search(
        &mut self,
        view: &SeatView,
        rules: &RuleSet,
        judge: &impl Judge,
        layouts: u32,
        patience: Option<Duration>,
    ) -> Verdict {
        let cards = view.playable();
        if cards.len() == 1 {
            return cards.lowest().map_or(Verdict::Alike, Verdict::Card);
        }
        match self.weigh(view, rules, judge, layouts, patience, self.budget) {
            Some(weighed) => self.best(view, rules, &weighed),
            None => Verdict::TooSlow,
        }
    }

    /// Every card I may play judged by `judge` in each of at most `layouts` sampled deals, within
    /// `budget` (and `patience` for the first layout, as in [`Hard::search`]); nothing if not one
    /// layout was judged in time.
    pub(crate) fn weigh(
        &mut self,
        view: &SeatView,
        rules: &RuleSet,
        judge: &impl Judge,
        layouts: u32,
        patience: Option<Duration>,
        budget: Duration,
    ) -> Option<Weighed> {
        let cards = view.playable();
        let memory = Memory::read(view, rules);
        let reads = self.reads(view, rules, &memory);
        let start = Instant::now();
        let deadline = start + budget;
        let mut rng = decision_rng(self.seed, view);
        let mut solver = Solver::new();
        // the first layout may take only the patience: the time beyond it is the fallback's
        let mut patient = patience.is_some();
        solver.set_deadline(Some(patience.map_or(deadline, |p| deadline.min(start + p))));
        let twins = runs(view, &memory);
        let mut totals = [Value::default(); 64];
        let mut samples = 0;
        let mut candidates = cards;
        while samples < layouts && Instant::now() < deadline {
            let hands = reads.sample(view, &memory, &mut rng);
            // `open` checks the sampled hands against the trick; the position judged is the
            // view's, with the tricks taken and the heap, which the judges' questions count
            let Ok(pos) = PlayState::open(&Deal::new(hands), &view.trick, rules)
                .map(|_| PlayState::from_view(view, hands, rules))
            else {
                samples += 1;
                continue;
            };
            // under honour play only the cards that follow suit are weighed
            candidates = cards & pos.legal();
            let mut values = [Value::default(); 64];
            // from the top, so that each run's stand-in is valued before its twins
            let mut order: Vec<Card> = candidates.iter().collect();
            order.sort_by_key(|c| std::cmp::Reverse(c.bit()));
            for card in order {
                let stand_in = twins[card.bit() as usize];
                values[card.bit() as usize] = if stand_in == card.bit() {
                    judge.value(&mut solver, &pos, card)
                } else {
                    values[stand_in as usize]
                };
            }
            if patient {
                if solver.out_of_time() {
                    return None;
                }
                patient = false;
                solver.set_deadline(Some(deadline));
            }
            if solver.out_of_time() {
                break;
            }
            for card in candidates {
                totals[card.bit() as usize].add(values[card.bit() as usize]);
            }
            samples += 1;
        }
        (samples > 0).then_some(Weighed { totals, candidates })
    }

    /// The card `weighed` values most: the outcomes decide, and among the cards whose outcomes
    /// add up alike, the edges, and among those Medium's judgement.
    fn best(&mut self, view: &SeatView, rules: &RuleSet, weighed: &Weighed) -> Verdict {
        let good = weighed.best();
        if good == weighed.candidates {
            return Verdict::Alike;
        }
        self.among(view, rules, good)
            .map_or(Verdict::Alike, Verdict::Card)
    }

    /// Of cards the search can not tell apart, Medium's, or else the lowest.
    pub(crate) fn among(&mut self, view: &SeatView, rules: &RuleSet, good: CardSet) -> Option<Card> {
        // a single card is the search's own answer: Medium is asked only to choose among several
        if good.len() <= 1 {
            return good.lowest();
        }
        match self.medium.decide(view, rules) {
            Intent::Play { card } if good.contains(card) => Some(card),
            _ => good.iter().min_by_key(|c| (c.rank(), c.suit())),
        }
    }

    /// Medium's answer, for where the search has nothing to say.
    pub(crate) fn medium(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        self.medium.decide(view, rules)
    }
}

/// Is this a card to play, where the search can weigh the cards (a revoke claim or correction
/// aside, which Medium judges)?
pub(crate) fn searchable(view: &SeatView) -> bool {
    view.phase == Phase::TrickPlay
        && !view.legal.is_empty()
        && view.legal.iter().all(|i| {
            matches!(
                i,
                Intent::Play { .. } | Intent::Claim { .. } | Intent::Correct { .. }
            )
        })
}

/// What a card is worth in one sampled layout, with every hand open.
pub(crate) trait Judge {
    fn value(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> Value;
}

/// A card's worth in one layout: what the hand comes to, and a second opinion that tells apart
/// the cards whose outcomes add up alike over the layouts. The edge is compared on its own
/// scale, not added in at a small weight: a weight small enough never to outweigh an outcome
/// would drown the edge's own differences in the rounding that tells cards alike.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Value {
    pub outcome: f32,
    pub edge: f32,
}

impl Value {
    fn add(&mut self, other: Value) {
        self.outcome += other.outcome;
        self.edge += other.edge;
    }
}

impl From<f32> for Value {
    fn from(outcome: f32) -> Value {
        Value { outcome, edge: 0.0 }
    }
}

/// The cards of a decision as the sampled layouts judged them.
pub(crate) struct Weighed {
    /// Each card's values added up over the layouts, by its bit.
    totals: [Value; 64],
    /// The cards judged in every layout.
    pub candidates: CardSet,
}

impl Weighed {
    /// What `card` came to over the layouts.
    pub fn total(&self, card: Card) -> Value {
        self.totals[card.bit() as usize]
    }

    /// The cards whose outcomes add up to the most, and of those the ones whose edges do.
    pub fn best(&self) -> CardSet {
        let best_of = |cards: CardSet, worth: fn(&Value) -> f32| -> CardSet {
            let worth = |c: Card| worth(&self.total(c));
            let best = cards.iter().map(worth).fold(f32::MIN, f32::max);
            cards.iter().filter(|&c| worth(c) >= best - 1e-3).collect()
        };
        best_of(best_of(self.candidates, |v| v.outcome), |v| v.edge)
    }
}

/// What a search over sampled layouts came to.
pub(crate) enum Verdict {
    /// The card worth most.
    Card(Card),
    /// Every card came out the same.
    Alike,
    /// Not one layout was judged in time.
    TooSlow,
}

impl Bot for Hard {
    fn decide(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        self.worth.prepare(rules);
        if view.legal.contains(&Intent::PlayOn) {
            return self.play_on(view, rules);
        }
        let calls_a_suit = view
            .legal
            .iter()
            .any(|i| matches!(i, Intent::Call { .. } | Intent::Show { .. } | Intent::Hide { .. }));
        // in Hokm for two most of a hand comes from the draw (R2-DRAW): there the call is
        // Medium's, by length and strength
        if view.phase == Phase::TrumpCall
            && calls_a_suit
            && !view.legal.contains(&Intent::Redeal)
            && rules.players != 2
        {
            let best = self.trumps(view, rules);
            if let Some(intent) = call(view, |_, s| u32::from(s == best)) {
                return intent;
            }
        }
        let searchable = searchable(view);
        // the solver seats two teams of two; at other tables every card is judged by playouts
        if searchable
            && view.seats.in_teams()
            && let Some(stakes) = Stakes::of(view, rules, &self.worth)
            && rules.mode == Mode::SingleSar
            && view.call != Some(CallView::FaceDown)
        {
            if let Verdict::Card(card) = self.search(view, rules, &stakes, MAX_SAMPLES, None) {
                return Intent::Play { card };
            }
        } else if searchable && let Some(card) = self.playouts(view, rules) {
            return Intent::Play { card };
        }
        self.medium.decide(view, rules)
    }
}

/// For each card I may play, the stand-in of its run ([`twins`]), by what `memory` says is
/// still live.
pub(crate) fn runs(view: &SeatView, memory: &Memory) -> [u8; 64] {
    let mut twins = twins(view.playable(), memory.unseen | view.trick.cards());
    // Satat's 2♥ wins where the 3♥ loses: it stands for itself (RS-TWO)
    for two in crate::choices::top_two(view) {
        twins[two.bit() as usize] = two.bit();
    }
    twins
}

/// For each of my cards, the highest card of its run: cards of one suit with no live card
/// (unseen, or on the table now) between them win and lose the same tricks, so one stands for
/// all. Runs are walked from the top, so a stand-in is always searched before its twins.
fn twins(mine: CardSet, live: CardSet) -> [u8; 64] {
    let mut out = [0u8; 64];
    let mut cards: Vec<Card> = mine.iter().collect();
    cards.sort_by_key(|c| std::cmp::Reverse(c.bit()));
    let mut above: Option<Card> = None;
    for card in cards {
        let stand_in = match above {
            Some(a)
                if a.suit() == card.suit()
                    && (CardSet::above(card) - CardSet::above(a) - CardSet::single(a)) & live
                        == CardSet::EMPTY =>
            {
                out[a.bit() as usize]
            }
            _ => card.bit(),
        };
        out[card.bit() as usize] = stand_in;
        above = Some(card);
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use courtpiece_rules::{Match, Preset, Suit};

    use super::*;

    /// The first lead of a Court Piece match, the trump call made by Medium.
    pub(super) fn first_lead() -> (SeatView, RuleSet) {
        first_turn(Preset::CourtPiece, 7, |_| true)
    }

    #[test]
    fn among_alike_cards_medium_chooses_but_a_single_card_is_the_searchs_own() {
        let (view, rules) = first_lead();
        let mut hard = Hard::new(5);
        let Intent::Play { card: medium } = hard.medium.decide(&view, &rules) else {
            panic!("Medium plays a card at the first lead");
        };
        let other = (view.playable() - CardSet::from(medium))
            .lowest()
            .expect("another card to lead");
        assert_eq!(
            hard.among(&view, &rules, CardSet::from(medium) | CardSet::from(other)),
            Some(medium)
        );
        assert_eq!(hard.among(&view, &rules, CardSet::from(other)), Some(other));
        assert_eq!(hard.among(&view, &rules, CardSet::EMPTY), None);
    }

    /// The first turn in trick play of the Hidden Rang caller's partner, who does not know
    /// trumps.
    pub(super) fn hidden_rang_partners_turn() -> (SeatView, RuleSet) {
        first_turn(Preset::HiddenRang, 3, |view| {
            view.seat != view.caller && view.seat.team() == view.caller.team()
        })
    }

    /// The first view in trick play that `wanted` accepts, of a match of `preset` dealt from
    /// `seed`, every card and call before it Medium's.
    pub(crate) fn first_turn(
        preset: Preset,
        seed: u64,
        wanted: impl Fn(&SeatView) -> bool,
    ) -> (SeatView, RuleSet) {
        let rules = preset.rules();
        let mut table = Match::new(&rules, seed).expect("a match");
        let mut medium = Medium::new(1);
        loop {
            table.advance();
            let who = table.to_act().expect("someone to act before the first hand ends");
            let view = table.view(who);
            if view.phase == Phase::TrickPlay && wanted(&view) {
                return (view, rules);
            }
            let intent = match view.legal.first() {
                Some(&cut @ Intent::Cut { .. }) => cut,
                _ => medium.decide(&view, &rules),
            };
            table.apply(who, intent).expect("a legal intent");
        }
    }

    /// Judges a card by its suit alone, so that the cards of a run, judged once, agree.
    struct BySuit(fn(Suit) -> Value);

    impl Judge for BySuit {
        fn value(&self, _: &mut Solver, _: &PlayState, card: Card) -> Value {
            (self.0)(card.suit())
        }
    }

    fn searched(view: &SeatView, rules: &RuleSet, judge: &BySuit) -> Suit {
        let mut hard = Hard::within(3, Duration::from_secs(5));
        match hard.search(view, rules, judge, MAX_SAMPLES, None) {
            Verdict::Card(card) => card.suit(),
            Verdict::Alike => panic!("the suits were judged alike"),
            Verdict::TooSlow => panic!("no layout was judged"),
        }
    }

    /// An edge far smaller than any outcome's step still tells the cards apart where the
    /// outcomes are equal: it is compared on its own, not added in and rounded away.
    #[test]
    fn a_small_edge_decides_between_equal_outcomes() {
        let by_edge = BySuit(|suit| Value {
            outcome: 1.0,
            edge: 1e-4 * suit.index() as f32,
        });
        let (view, rules) = first_lead();
        let top = view.hand.iter().map(|c| c.suit()).max_by_key(|s| s.index());
        assert_eq!(Some(searched(&view, &rules, &by_edge)), top);
    }

    /// The outcome comes first: the edge only chooses among the cards whose outcomes are best.
    #[test]
    fn the_edge_never_outweighs_an_outcome() {
        let (view, rules) = first_lead();
        let held = |i: usize| view.hand.iter().any(|c| c.suit().index() == i);
        assert!(
            held(0) && held(1) && (held(2) || held(3)),
            "the test hand holds three suits"
        );
        // the two lowest suits have the best outcome, the lowest of all the worst edge and the
        // others by far the best
        let judge = BySuit(|suit| Value {
            outcome: if suit.index() <= 1 { 1.0 } else { 0.0 },
            edge: if suit.index() == 0 {
                -1.0
            } else {
                suit.index() as f32
            },
        });
        assert_eq!(searched(&view, &rules, &judge).index(), 1);
    }
}
