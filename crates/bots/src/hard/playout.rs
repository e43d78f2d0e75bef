//! Playouts: each card is judged by playing the hand out in every sampled layout, all four seats
//! by a quick open-handed policy, and scoring the end as the rules do. This is how Hard plays
//! under the Double Sar heap (R-HEAP, R-COLLECT), where a trick is worth nothing until its team
//! collects it and the solver, which counts tricks, can not help; and in the middle of a single
//! sar hand, where no court is open and too many cards are left for the solver in time.

use std::time::Instant;

use courtpiece_rules::heap::Collect;
use courtpiece_rules::{Card, CardSet, Deal, HandKind, Heap, Intent, Mode, RuleSet, Seat, SeatView, Team};

use super::stakes::worth;
use super::{Hard, SEVEN};
use crate::bot::Bot;
use crate::choices::{decision_rng, playable};
use crate::memory::Memory;
use crate::sample::sample;
use crate::solver::Position;

/// Most layouts sampled for one decision (each plays the hand out once for every card); the
/// time budget usually ends the sampling first early in a hand.
const SAMPLES: u32 = 1000;
/// Tricks in a hand.
const TRICKS: u8 = 13;

/// What the ends of the hand are worth to my team, and the heap as it stands.
pub(super) struct Ends {
    team: Team,
    /// Winning the hand plainly, for my team and for the other.
    plain: [f32; 2],
    /// Collecting all thirteen (a sar or goon court by who called), for my team and the other.
    court: [f32; 2],
    /// The heap and what holds a collection back, under Double Sar.
    heap: Option<(Heap, Collect)>,
    /// Tricks completed so far.
    done: u8,
    taken: [u8; 2],
}

impl Ends {
    pub(super) fn of(view: &SeatView, rules: &RuleSet) -> Ends {
        let team = view.seat.team();
        let court_kind = |t: Team| {
            if rules.mode == Mode::SingleSar {
                HandKind::Court
            } else if t == view.caller.team() {
                HandKind::SarCourt
            } else {
                HandKind::GoonCourt
            }
        };
        let teams = [team, team.other()];
        Ends {
            team,
            plain: teams.map(|t| worth(view, rules, HandKind::Plain, t)),
            court: teams.map(|t| worth(view, rules, court_kind(t), t)),
            heap: (rules.mode == Mode::DoubleSar).then(|| (view.heap, Collect::of(rules))),
            done: view.tricks.len() as u8,
            taken: view.taken,
        }
    }

    /// What a court of my team's is worth to it.
    pub(super) fn court_worth(&self) -> f32 {
        self.court[0]
    }

    /// Plays `card` from `pos` (or, with none, whatever the policy plays), then the rest of the
    /// hand, and says what it came to.
    pub(super) fn value(&self, pos: &Position, card: Option<u8>) -> f32 {
        let mut heap = self.heap;
        let mut taken = self.taken;
        let mut done = self.done;
        // single sar: the team that took the first seven with none against it (R-COURT)
        let mut court = None;
        let mut pos = *pos;
        let mut next = card;
        while let Some(card) = next.take().or_else(|| policy(&pos)) {
            let won_with = if pos.would_win(card) {
                card
            } else {
                pos.winning_play().map_or(card, |(_, c)| c)
            };
            let (after, won) = pos.play(card);
            pos = after;
            let Some(w) = won else { continue };
            done += 1;
            let seat = Seat::ALL[usize::from(w & 3)];
            let team = seat.team().index();
            match heap.as_mut() {
                Some((heap, collect)) => {
                    if let Some(card) = Card::from_bit(won_with)
                        && let Some(n) = heap.add(seat, card, done, *collect)
                    {
                        taken[team] += n;
                    }
                }
                None => {
                    taken[team] += 1;
                    if taken[team] == SEVEN {
                        court = (taken[1 - team] == 0).then_some(team);
                        break;
                    }
                }
            }
            if done >= TRICKS {
                break;
            }
        }
        let me = self.team.index();
        let (mine, theirs) = (taken[me], taken[1 - me]);
        // a hair for each trick taken tells apart cards that end the same way
        let edge = (f32::from(mine) - f32::from(theirs)) * 1e-3;
        let court = match self.heap {
            Some(_) => (theirs == 0).then_some(me).or((mine == 0).then_some(1 - me)),
            None => court,
        };
        edge + match court {
            Some(t) if t == me => self.court[0],
            Some(_) => self.court[1],
            None if mine > theirs => self.plain[0],
            None => self.plain[1],
        }
    }
}

/// The open-handed policy every seat plays by in the playouts: lead a card nobody can beat if
/// there is one, else low from the longest side suit; follow by winning as cheaply as possible
/// unless partner already wins, else throw the lowest.
fn policy(pos: &Position) -> Option<u8> {
    let legal = pos.legal();
    if legal.is_empty() {
        return None;
    }
    let me = pos.to_play();
    let hands = pos.hands();
    let trumps = pos.trumps();
    let low = |set: CardSet| {
        set.iter()
            .min_by_key(|c| (Some(c.suit()) == trumps, c.rank()))
            .map(Card::bit)
    };
    match pos.winning_play() {
        None => {
            let opps = [me.next(), me.prev()];
            let sure = legal.iter().filter(|&c| {
                opps.iter().all(|o| {
                    let h = hands[o.index()];
                    let higher = !(CardSet::above(c) & h).is_empty();
                    let ruff =
                        !h.has_suit(c.suit()) && trumps.is_some_and(|t| t != c.suit() && h.has_suit(t));
                    !higher && !ruff
                })
            });
            if let Some(card) = sure.max_by_key(|c| c.rank()) {
                return Some(card.bit());
            }
            let long = legal
                .iter()
                .filter(|c| Some(c.suit()) != trumps)
                .max_by_key(|c| (legal.count_suit(c.suit()), std::cmp::Reverse(c.rank())));
            long.map(Card::bit).or_else(|| low(legal))
        }
        Some((seat, _)) if seat == me.partner() => low(legal),
        Some(_) => {
            let winners: CardSet = legal.iter().filter(|c| pos.would_win(c.bit())).collect();
            low(winners).or_else(|| low(legal))
        }
    }
}

impl Hard {
    /// The card whose playouts over the sampled layouts are worth most, if they tell the cards
    /// apart.
    pub(super) fn playouts(&mut self, view: &SeatView, rules: &RuleSet) -> Option<Card> {
        let cards = playable(view);
        if cards.len() == 1 {
            return cards.lowest();
        }
        let ends = Ends::of(view, rules);
        let memory = Memory::read(view, rules);
        let deadline = Instant::now() + self.budget;
        let mut rng = decision_rng(self.seed, view);
        let mut totals = [0f32; 64];
        let mut samples = 0;
        while samples < SAMPLES && Instant::now() < deadline {
            let hands = sample(view, &memory, &mut rng);
            samples += 1;
            let Ok(pos) = Position::with_trick(&Deal::new(hands), &view.trick) else {
                continue;
            };
            for card in cards & pos.legal() {
                totals[card.bit() as usize] += ends.value(&pos, Some(card.bit()));
            }
        }
        let worth = |c: Card| totals[c.bit() as usize];
        let best = cards.iter().map(worth).fold(f32::MIN, f32::max);
        let good: CardSet = cards.iter().filter(|&c| worth(c) >= best - 1e-3).collect();
        if good == cards {
            return None;
        }
        match self.medium.decide(view, rules) {
            Intent::Play { card } if good.contains(card) => Some(card),
            _ => good.iter().min_by_key(|c| (c.rank(), c.suit())),
        }
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Card, Deal, Seat, Team};

    use super::{Ends, policy};
    use crate::solver::Position;

    /// Single sar ends worth ±1 for a plain win and ±4 for a court, with `taken` tricks so far.
    fn single_sar(team: Team, taken: [u8; 2]) -> Ends {
        Ends {
            team,
            plain: [1.0, -1.0],
            court: [4.0, -4.0],
            heap: None,
            done: taken[0] + taken[1],
            taken,
        }
    }

    fn position(pbn: &str) -> Position {
        let deal: Deal = pbn.parse().expect("a deal");
        Position::new(&deal, None, Seat::ALL[0]).expect("a position")
    }

    fn bit(card: &str) -> u8 {
        card.parse::<Card>().expect("a card").bit()
    }

    #[test]
    fn the_policy_leads_a_card_nobody_can_beat() {
        let pos = position("N:AK2... QJ3... T94... 876...");
        assert_eq!(policy(&pos), Some(bit("AS")));
    }

    #[test]
    fn the_policy_wins_cheaply_and_leaves_a_winning_partner_alone() {
        // north leads the two of spades, east has only a jack and a queen above it
        let (pos, _) = position("N:2.A.. QJ... K3... T9...").play(bit("2S"));
        assert_eq!(policy(&pos), Some(bit("JS")));
        let (pos, _) = pos.play(bit("JS"));
        assert_eq!(policy(&pos), Some(bit("KS")), "south beats the jack");
        let (pos, _) = pos.play(bit("KS"));
        assert_eq!(
            policy(&pos),
            Some(bit("9S")),
            "west can not win: it throws its lowest"
        );
    }

    #[test]
    fn the_end_of_a_close_hand_is_settled_by_who_reaches_seven() {
        // two tricks left, north-south need one: the ace of spades takes it, the heart gives
        // east both
        let pos = position("N:A.2.. .KQ.. 43... 65...");
        let ends = single_sar(Team::ALL[0], [6, 5]);
        assert!(ends.value(&pos, Some(bit("AS"))) > 0.9);
        assert!(ends.value(&pos, Some(bit("2H"))) < -0.9);
        // for east-west the same cards are worth the opposite
        let theirs = single_sar(Team::ALL[1], [6, 5]);
        assert!(theirs.value(&pos, Some(bit("2H"))) > 0.9);
    }

    #[test]
    fn a_first_seven_without_a_trick_against_is_a_court() {
        // north-south have the first six, and the ace wins the seventh
        let pos = position("N:A.2.5432.2 .KQ.AKQ.AK 5432...543 9876...876");
        let ends = single_sar(Team::ALL[0], [6, 0]);
        assert!(ends.value(&pos, Some(bit("AS"))) > 3.9);
        assert!(ends.value(&pos, Some(bit("2H"))) < 1.1);
    }
}
