//! A search of the hand as the seat knows it: one tree of the cards the table will see played,
//! grown over many sampled layouts (single-observer information-set Monte Carlo tree search,
//! after Cowling, Powley and Whitehouse, 2012).
//!
//! Hard's playouts judge each card of mine in each layout on its own: after it, every seat plays
//! by the open-handed policy, knowing that layout. Here each pass draws a fresh layout and walks
//! one tree down from the table as it stands: at each turn the seat to play chooses among the
//! cards it holds in that layout by how they have done for its team so far (UCB1, counting a
//! card's chances only in the passes where it was held), the first card not yet tried is tried,
//! and from there the playout policy finishes the hand. A card of mine is thus weighed against
//! the answers the other seats found best over every layout, not each layout's own, and my later
//! cards in the tree are one choice over all the layouts the table can not tell apart.

use std::time::{Duration, Instant};

use courtpiece_rules::{Card, CardSet, PlayState, RuleSet, SeatView, Side};
use rand::RngExt;
use rand::rngs::SmallRng;

use super::Hard;
use super::playout::{Ends, pictured};
use crate::choices::decision_rng;
use crate::memory::Memory;

/// How far a card's count of passes outweighs its average: UCB1's constant, on the scale of
/// the ends' worth (a plain win a quarter of a court, `stakes::worth`).
const EXPLORATION: f32 = 0.7;

/// Passes between two looks at the clock.
const CLOCK_EVERY: u64 = 16;

impl Hard {
    /// The card the tree grown over the layouts sampled within `budget` tried most, if there
    /// is a choice.
    pub(crate) fn tree(&mut self, view: &SeatView, rules: &RuleSet, budget: Duration) -> Option<Card> {
        let cards = view.playable();
        if cards.len() < 2 {
            return cards.lowest();
        }
        let ends = Ends::of(view, rules, self.worth(rules));
        let memory = Memory::read(view, rules);
        let reads = self.reads(view, rules, &memory);
        let mut rng = decision_rng(self.seed ^ 0x7EE5, view);
        let mut tree = Tree::new(ends.side());
        tree.grow(
            cards,
            Until::Clock(Instant::now() + budget),
            &mut rng,
            |rng| pictured(view, reads.sample(view, &memory, rng), rules),
            |state| ends.value(state, None),
        )
    }
}

/// When the tree stops growing.
#[derive(Clone, Copy)]
enum Until {
    Clock(Instant),
    #[cfg(test)]
    Passes(u64),
}

/// One card tried from a node: by whom it was held, how often, and how it did.
struct Edge {
    card: Card,
    /// The node after it, once a pass has gone through it twice.
    child: Option<usize>,
    /// Passes that played it.
    visits: u32,
    /// Passes in which the seat held it (UCB1's count of chances).
    held: u32,
    /// The worth of those passes' ends to the team of the seat that played it.
    total: f32,
}

impl Edge {
    fn score(&self) -> f32 {
        let visits = self.visits as f32;
        self.total / visits + EXPLORATION * ((self.held as f32).ln() / visits).sqrt()
    }
}

#[derive(Default)]
struct Node {
    edges: Vec<Edge>,
}

struct Tree {
    /// The team whose worth the rollouts give.
    me: Side,
    nodes: Vec<Node>,
}

impl Tree {
    fn new(me: Side) -> Tree {
        Tree {
            me,
            nodes: vec![Node::default()],
        }
    }

    /// Grows the tree from my turn, where I may play `cards`, one pass per layout that `layout`
    /// draws, each pass's end worth `rollout` to my team; the card of mine tried most.
    fn grow(
        &mut self,
        cards: CardSet,
        until: Until,
        rng: &mut SmallRng,
        mut layout: impl FnMut(&mut SmallRng) -> PlayState,
        rollout: impl Fn(&PlayState) -> f32,
    ) -> Option<Card> {
        let mut path: Vec<(usize, usize, bool)> = Vec::new();
        let mut passes = 0u64;
        loop {
            let done = match until {
                Until::Clock(deadline) => passes.is_multiple_of(CLOCK_EVERY) && Instant::now() >= deadline,
                #[cfg(test)]
                Until::Passes(n) => passes >= n,
            };
            if done {
                break;
            }
            passes += 1;
            let mut state = layout(rng);
            path.clear();
            self.descend(&mut state, cards, &mut path, rng);
            let worth = rollout(&state);
            for &(node, edge, mine) in &path {
                let edge = &mut self.nodes[node].edges[edge];
                edge.visits += 1;
                edge.total += if mine { worth } else { -worth };
            }
        }
        self.nodes[0]
            .edges
            .iter()
            .filter(|e| cards.contains(e.card))
            .max_by_key(|e| e.visits)
            .map(|e| e.card)
    }

    /// One pass down the tree in the layout of `state`, to the first card not tried before
    /// (or the end of the hand); `path` gets each node, edge and whether it was my team's card.
    fn descend(
        &mut self,
        state: &mut PlayState,
        mine_now: CardSet,
        path: &mut Vec<(usize, usize, bool)>,
        rng: &mut SmallRng,
    ) {
        let mut node = 0;
        while state.result().is_none() {
            let legal = if node == 0 {
                mine_now & state.legal()
            } else {
                state.legal()
            };
            if legal.is_empty() {
                return;
            }
            let mine = state.seats().side(state.to_play()) == self.me;
            let edges = &mut self.nodes[node].edges;
            let mut untried = legal;
            for edge in edges.iter_mut().filter(|e| legal.contains(e.card)) {
                edge.held += 1;
                untried.remove(edge.card);
            }
            let fresh = match untried.len() {
                0 => None,
                n => untried.nth(rng.random_range(0..n)),
            };
            let pick = match fresh {
                Some(card) => {
                    edges.push(Edge {
                        card,
                        child: None,
                        visits: 0,
                        held: 1,
                        total: 0.0,
                    });
                    edges.len() - 1
                }
                None => {
                    let scored = edges.iter().enumerate().filter(|(_, e)| legal.contains(e.card));
                    match scored.max_by(|(_, a), (_, b)| a.score().total_cmp(&b.score())) {
                        Some((i, _)) => i,
                        None => return,
                    }
                }
            };
            let (card, fresh, child) = {
                let edge = &edges[pick];
                (edge.card, edge.visits == 0, edge.child)
            };
            path.push((node, pick, mine));
            state.play(card);
            if fresh {
                return;
            }
            node = match child {
                Some(child) => child,
                None => {
                    self.nodes.push(Node::default());
                    let child = self.nodes.len() - 1;
                    self.nodes[node].edges[pick].child = Some(child);
                    child
                }
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use courtpiece_rules::{CallView, Deal, Preset, Seat, Trick};
    use rand::SeedableRng;

    use super::*;

    /// No trumps, South to lead two tricks: the ace of spades takes one, the two of hearts none.
    fn two_tricks_left() -> PlayState {
        let deal: Deal = "N:3.3.. .AK.. A.2.. .QJ..".parse().expect("a deal");
        let south = Seat::from_compass('S').expect("a seat");
        PlayState::open(&deal, &Trick::new(south, None), &Preset::CourtPiece.rules()).expect("a position")
    }

    fn card(name: &str) -> Card {
        name.parse().expect("a card")
    }

    /// Plays the hand out with every seat's lowest card, and counts my team's tricks.
    fn tricks_of(me: Side) -> impl Fn(&PlayState) -> f32 {
        move |state| {
            let mut state = *state;
            while state.result().is_none()
                && let Some(card) = state.legal().lowest()
            {
                state.play(card);
            }
            f32::from(state.taken()[me.index()])
        }
    }

    #[test]
    fn in_one_layout_the_tree_finds_the_card_that_takes_a_trick() {
        let pos = two_tricks_left();
        let me = Seat::from_compass('S').expect("a seat").team();
        let mut tree = Tree::new(me);
        let mut rng = SmallRng::seed_from_u64(1);
        let best = tree.grow(pos.legal(), Until::Passes(200), &mut rng, |_| pos, tricks_of(me));
        assert_eq!(best, Some(card("AS")));
    }

    /// The card best over the layouts is played, not the card best in one of them: the ace is
    /// worth 1 in one layout and nothing in the other, the two 0.6 in both.
    #[test]
    fn the_tree_weighs_every_layout() {
        let pos = two_tricks_left();
        let me = Seat::from_compass('S').expect("a seat").team();
        let south = Seat::from_compass('S').expect("a seat");
        let first = Cell::new(false);
        let layout = |_: &mut SmallRng| {
            first.set(!first.get());
            pos
        };
        let rollout = |state: &PlayState| {
            let ace_played = !state.hands()[south.index()].contains(card("AS"));
            match (ace_played, first.get()) {
                (true, true) => 1.0,
                (true, false) => 0.0,
                (false, _) => 0.6,
            }
        };
        let mut tree = Tree::new(me);
        let mut rng = SmallRng::seed_from_u64(2);
        let best = tree.grow(pos.legal(), Until::Passes(2_000), &mut rng, layout, rollout);
        assert_eq!(best, Some(card("2H")));
    }

    /// In Hidden Rang the caller's partner, who does not know trumps, plays a card it may from
    /// layouts that picture them.
    #[test]
    fn with_trumps_face_down_the_tree_plays_a_card_it_may() {
        let (view, rules) = super::super::tests::hidden_rang_partners_turn();
        assert_eq!(view.call, Some(CallView::FaceDown));
        assert_eq!(view.known_trumps, None);
        let mut hard = Hard::within(5, Duration::from_millis(50));
        let card = hard
            .tree(&view, &rules, Duration::from_millis(40))
            .expect("a card");
        assert!(view.playable().contains(card), "{card} is not playable");
    }

    /// From the first lead of a match the tree plays a card the seat may play.
    #[test]
    fn the_tree_plays_a_card_it_may() {
        let (view, rules) = super::super::tests::first_lead();
        let mut hard = Hard::within(5, Duration::from_millis(50));
        let card = hard
            .tree(&view, &rules, Duration::from_millis(40))
            .expect("a card");
        assert!(view.playable().contains(card), "{card} is not playable");
    }
}
