//! Expert: Hard's sampling, with every card valued by solving each sampled layout double-dummy.
//!
//! Before either team has its seven tricks, the questions that decide the hand are the ones the
//! solver answers exactly: can my team still take the tricks it needs to reach seven (R-SEVEN),
//! and, while the other team has none, can it take them all in a row (a court, R-COURT) — or the
//! other team likewise against us. Under the Double Sar heap the same questions are asked of the
//! tricks collected: seven collected win the hand (R-DSWIN), all thirteen are a court, a sar or a
//! goon court by who called (R-DSKOT). Each candidate card is played in each sampled layout and
//! those questions are asked of the position after it; the card worth most over the layouts, by
//! the scoring in force, is played. After seven, while one team has every trick (R-PLAYON, or
//! under the heap every trick collected, R-DSWIN), each layout is solved for whether it takes
//! them all, as Hard's play-on search does in single sar.
//!
//! Under Mindi the tens decide (RM-WIN, RM-KOT): each layout is solved for how many tens and
//! tricks my team collects in the end, which of six ends that makes, from the other team's
//! mendikot to ours (`expert/tens.rs`), from the first trick on.
//!
//! Where the first layout takes too long to solve (early in a hand, the solver's slowest deals),
//! where trumps lie face down (V-CALL=hidden: the solver must know the trumps), and under the
//! rules the solver does not count ([`solves`]: trumps fixed by the first void, Satat's 2♥,
//! `V-ACE=no-collect`, tables of three and two), Expert plays as Hard does, with Expert's
//! budget.
//!
//! In a race to courts (Court Piece's, and Double Sar's under the heap) the first four tricks'
//! cards are not this search's: in Court Piece, played on both ways against Hard (`arena
//! --diverge`), the search's cards of the first three were worth less than Hard's, and made
//! fewer courts; with the fourth Hard's too, Expert won more hands against Hard on each of four
//! sets of deals ([`OPENING`]). Defending there it plays Hard's
//! cards; in its own team's calls, where courts are made, it searches one tree of the cards the
//! table sees over many layouts (`hard/tree.rs`), which won more hands against Hard than Hard's
//! cards did on five sets of deals of six (`docs/expert-log.md`, "The attack's opening searched as the
//! seat knows it"); card by card it wins more hands and makes fewer courts than Hard's, about even
//! in the match ("The tree's cards against Hard's"). The tree's leads there kept a court that
//! could still be forced less often than Hard's did: at each of my team's leads in those tricks,
//! while the other team has no trick, the layouts are also asked which cards leave a court the
//! solver can still force, and a card that does in more of them than the tree's is led instead
//! ([`CourtOpen`]; `docs/expert-log.md`, "Where the courts are lost" and "The court-open leads
//! without a margin"). Under the Double Sar
//! heap the same opening won more hands against Hard than this search's cards on the same deals
//! (`docs/expert-log.md`, "Double Sar's opening as Court Piece's").
//!
//! Every layout Expert draws where another seat called trumps follows what the call says of the
//! caller's hand: the trumps are the suit its first five cards were longest and strongest in
//! (`reads.rs`, the call read), where Hard's only lean toward it.
//!
//! Whatever it weighs — the race and the courts here, and Hard's trump call, play-on question
//! and playouts where it plays as Hard — Expert weighs a hand's ends by the chance of winning
//! the match after them where that chance is known (`equity.rs`: court counting to a target),
//! and elsewhere by the points they score, as Hard does.

use std::time::{Duration, Instant};

use courtpiece_rules::ending::SEVEN;
use courtpiece_rules::{
    CallView, Card, Count, HandKind, Intent, Mode, PlayState, RuleSet, SeatView, Side, Stop,
};

use crate::bot::Bot;
use crate::equity::{Worth, courts_to_a_target, race_to_courts};
use crate::hard::playout::Ends;
use crate::hard::stakes::{Stakes, all_collected};
use crate::hard::{self, Hard, Judge, Value, Verdict, Weighed, searchable};
use crate::solver::{Solver, solves};

mod tens;

/// The time a decision may take (on one core).
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(250);

/// The share of the budget the first sampled layout may take: slower than that, fewer than this
/// many layouts would be solved in the time, an average of yes-or-no outcomes too coarse to
/// judge by, and the budget left goes to Hard's playouts, of which it plays hundreds.
const PATIENCE: u32 = 16;

/// Most layouts solved for one decision. Past the first tricks a layout takes a millisecond or
/// less, and an average of yes-or-no outcomes over more layouts tells close cards apart more
/// surely; early on the budget ends the sampling first.
const LAYOUTS: u32 = 256;

/// The tricks of a race to courts, Court Piece's or Double Sar's, whose cards are not the
/// solver's: Hard's as Hard plays for itself when defending, the tree's (`hard/tree.rs`) in
/// Expert's own team's calls. Where Expert's card there differed from Hard's, the hand played
/// on both ways from the two
/// (`courtpiece arena --a expert --b hard --diverge`, `docs/expert-log.md`, "Where Expert and Hard
/// part ways") came out worse from Expert's in the first three tricks, with fewer courts for the
/// calling team, and better from the fourth to the sixth taken together. Likely why: the
/// solver's defence finds every trick that stops a court, where this early, with most cards
/// unseen, a table's does not. With the fourth trick Hard's too, the arena read more hands won
/// on every set of deals it was played on (`docs/expert-log.md`, "Two more sets of deals, the opening
/// by the match odds, and more playouts"); with the fifth and sixth Hard's as well it read no
/// better (the same, "Five tricks, six, and the attack left to Hard longer"). Measured in
/// Court Piece; under the Double Sar heap four tricks so played also won more hands than the
/// solver's cards (the same, "Double Sar's opening as Court Piece's").
const OPENING: usize = 4;

/// The tree of the attack's opening grows for the budget less one part in this many, kept for
/// the clock's slack: the tree only looks at the clock every few passes.
const TREE_SLACK: u32 = 5;

/// What a court its team can still carry to all thirteen (R-PLAYON, a 52-court) adds to a
/// card's edge in one layout. The race's outcome stops at the seventh trick, and so do Hard's
/// playouts: without it, where a court is made either way nothing tells the cards apart, and
/// Medium's choice may throw away the card the thirteenth trick needs. It is more than
/// the playouts' ends can add up to over every layout of a decision (each within a court and a
/// quarter of nothing), so among the cards whose outcomes add up alike the 52-court comes
/// first, then the playouts; it never outweighs an outcome.
const ALL_THIRTEEN: f32 = 1000.0;

pub struct Expert {
    /// Hard as it plays for itself, but reading the call, for the cards of the [`OPENING`]
    /// tricks, and whose tree plays them in the attack.
    opening: Hard,
    hard: Hard,
    patience: Duration,
    /// The time the tree of the attack's opening grows, with the question of the courts open
    /// asked first.
    tree: Duration,
    /// The time the courts open may take.
    sweep: Duration,
}

impl Expert {
    pub fn new(seed: u64) -> Expert {
        Expert::within(seed, DEFAULT_BUDGET)
    }

    /// An Expert that takes at most `budget` a decision.
    pub fn within(seed: u64, budget: Duration) -> Expert {
        let patience = budget / PATIENCE;
        Expert {
            opening: Hard::within(seed, budget.min(hard::DEFAULT_BUDGET)).reading_the_call(),
            hard: Hard::within(seed ^ 0xE4E7, budget.saturating_sub(patience))
                .reading_the_play()
                .reading_the_call()
                .playing_for_the_match(),
            patience,
            tree: budget - budget / TREE_SLACK,
            sweep: budget / 2,
        }
    }
}

impl Expert {
    /// Hard's search over sampled layouts, each card judged by `judge` with the solver, within
    /// Expert's layouts and patience.
    fn solve(&mut self, view: &SeatView, rules: &RuleSet, judge: &impl Judge) -> Verdict {
        self.hard.search(view, rules, judge, LAYOUTS, Some(self.patience))
    }

    /// At my team's lead in the opening, while the other team has no trick: in how many sampled
    /// layouts each card leaves my team a court it can still force (R-COURT).
    fn courts_open(&mut self, view: &SeatView, rules: &RuleSet) -> Option<Weighed> {
        let team = view.seat.team();
        let leads = view.trick.plays().next().is_none();
        let single_sar = rules.mode == Mode::SingleSar && view.call != Some(CallView::FaceDown);
        if !leads || !single_sar || view.taken[team.other().index()] > 0 {
            return None;
        }
        self.hard.weigh(
            view,
            rules,
            &CourtOpen { team },
            COURT_LAYOUTS,
            Some(self.patience),
            self.sweep,
        )
    }

    /// The tree's `card`, unless another keeps a court open in more of the layouts of `open`:
    /// then the one of those Medium would play. Even one layout more is heeded: asked the same
    /// leads, that kept more of the courts the deal held than a margin of one layout in 32 did,
    /// and no fewer sevens beyond the noise (`docs/expert-log.md`, "The court-open leads without
    /// a margin").
    fn rather_than(&mut self, view: &SeatView, rules: &RuleSet, open: &Weighed, card: Card) -> Card {
        // the cards that keep the most courts open, as many as each other
        let good = open.best();
        if good.contains(card) {
            return card;
        }
        self.hard.among(view, rules, good).unwrap_or(card)
    }
}

/// Most layouts asked whether a court stays open.
const COURT_LAYOUTS: u32 = 64;

/// Is a court still open to my team after the card: every trick to its seventh, the other team
/// on none (R-COURT)?
struct CourtOpen {
    team: Side,
}

impl Judge for CourtOpen {
    fn value(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> Value {
        let mut child = *pos;
        child.play(card);
        let ours = child.taken()[self.team.index()];
        let open = child.taken()[self.team.other().index()] == 0
            && (ours >= SEVEN || solver.can_sweep(&child, self.team, SEVEN - ours));
        Value::from(if open { 1.0 } else { 0.0 })
    }
}

impl Bot for Expert {
    fn decide(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        if hard_opening(view, rules) {
            let attack = view.caller.team() == view.seat.team();
            if attack {
                let start = Instant::now();
                let open = self.courts_open(view, rules);
                let left = self.tree.saturating_sub(start.elapsed());
                if let Some(card) = self.opening.tree(view, rules, left) {
                    let card = match open {
                        Some(open) => self.rather_than(view, rules, &open, card),
                        None => card,
                    };
                    return Intent::Play { card };
                }
            }
            return self.opening.decide(view, rules);
        }
        let solvable = searchable(view) && solves(rules) && view.call != Some(CallView::FaceDown);
        if solvable {
            let worth = self.hard.worth(rules);
            let verdict = if let Some(tens) = tens::Tens::of(view, rules, worth) {
                Some(self.solve(view, rules, &tens))
            } else if let Some(race) = Race::of(view, rules, worth) {
                Some(self.solve(view, rules, &race))
            } else {
                Stakes::of(view, rules, worth).map(|stakes| self.solve(view, rules, &stakes))
            };
            match verdict {
                Some(Verdict::Card(card)) => return Intent::Play { card },
                Some(Verdict::Alike) => return self.hard.medium(view, rules),
                Some(Verdict::TooSlow) | None => {}
            }
        }
        self.hard.decide(view, rules)
    }
}

/// Is this a card of the [`OPENING`] tricks of a race to courts, Hard's or the tree's to play?
fn hard_opening(view: &SeatView, rules: &RuleSet) -> bool {
    view.tricks.len() < OPENING
        && (race_to_courts(rules) || heap_race(rules))
        && view.legal.iter().any(|i| matches!(i, Intent::Play { .. }))
}

/// A race to courts in four seats under the Double Sar heap (R-DSWIN, R-DSKOT), where the solver
/// counts the hand: the match odds of [`race_to_courts`] are single sar's, but the opening's
/// question, which cards keep a court in reach while most cards are unseen, is the same.
fn heap_race(rules: &RuleSet) -> bool {
    rules.mode == Mode::DoubleSar
        && rules.count == Count::Tricks
        && courts_to_a_target(rules)
        && solves(rules)
}

/// The race to seven tricks, or seven collected under the heap, judged in a layout by the solver with Hard's playout
/// as the tie-break.
struct Race {
    outcome: Outcome,
    /// Hard's playouts, which tell apart the cards the solver values alike.
    ends: Ends,
    /// Does a court played on for all thirteen score more than the court (R-PLAYON)?
    all_thirteen: bool,
}

impl Race {
    /// The race in `view`, its ends weighed by `worth`.
    fn of(view: &SeatView, rules: &RuleSet, worth: &Worth) -> Option<Race> {
        let team = view.seat.team();
        let other = team.other();
        let taken = [view.taken[team.index()], view.taken[other.index()]];
        if taken.iter().any(|&t| t >= SEVEN) {
            return None;
        }
        let heap = rules.mode == Mode::DoubleSar;
        let court = |side: Side| {
            if heap {
                all_collected(view, side)
            } else {
                HandKind::Court
            }
        };
        let ends = Ends::of(view, rules, worth);
        let all_thirteen = !heap
            && (rules.play_on_offered() || rules.stop == Stop::All)
            && ends.worth_of(team, HandKind::FiftyTwo) > ends.worth_of(team, HandKind::Court);
        let worth = [
            ends.worth_of(team, court(team)),
            ends.worth_of(team, HandKind::Plain),
            ends.worth_of(other, HandKind::Plain),
            ends.worth_of(other, court(other)),
        ];
        Some(Race {
            outcome: Outcome {
                team,
                taken,
                worth,
                heap,
            },
            ends,
            all_thirteen,
        })
    }
}

impl Judge for Race {
    fn value(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> Value {
        let end = self.outcome.after(solver, pos, card);
        let mut edge = self.ends.value(pos, Some(card));
        if self.all_thirteen {
            edge += self.outcome.all_thirteen(solver, &end);
        }
        Value {
            outcome: end.worth,
            edge,
        }
    }
}

/// Before either team has seven: what winning the race, and a court for either team, are worth
/// to my team.
struct Outcome {
    team: Side,
    /// Tricks taken (collected, under the heap) so far: my team's, then the other's.
    taken: [u8; 2],
    /// My team's worth of: our court, our plain win, their plain win, their court.
    worth: [f32; 4],
    /// Under the Double Sar heap a court is every trick collected (R-DSKOT), not the first
    /// seven won (R-COURT).
    heap: bool,
}

/// How the hand comes out after a card, with best play by everyone.
struct End {
    /// What it is worth to my team.
    worth: f32,
    /// The team that makes a court in it, if one does.
    court: Option<Side>,
    /// The position after the card.
    child: PlayState,
}

impl Outcome {
    /// What the hand comes to after `card` with best play by everyone.
    fn after(&self, solver: &mut Solver, pos: &PlayState, card: Card) -> End {
        let mut child = *pos;
        child.play(card);
        let other = self.team.other();
        let gained = |side: Side| child.taken()[side.index()] - pos.taken()[side.index()];
        let ours = self.taken[0] + gained(self.team);
        let theirs = self.taken[1] + gained(other);
        let [our_court, our_win, their_win, their_court] = self.worth;
        let end = solver.race_end(&child, self.team, [ours, theirs], self.heap);
        let worth = match (end.winner == self.team, end.court) {
            (true, true) => our_court,
            (true, false) => our_win,
            (false, false) => their_win,
            (false, true) => their_court,
        };
        End {
            worth,
            court: end.court.then_some(end.winner),
            child,
        }
    }

    /// The court of `end`, carried on to all thirteen (R-PLAYON): [`ALL_THIRTEEN`] if its team
    /// can still take every trick left, for my team or against it, else nothing.
    fn all_thirteen(&self, solver: &mut Solver, end: &End) -> f32 {
        let Some(side) = end.court else {
            return 0.0;
        };
        match solver.can_take_all(&end.child, side) {
            false => 0.0,
            true if side == self.team => ALL_THIRTEEN,
            true => -ALL_THIRTEEN,
        }
    }
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Deal, Preset, Seat, Suit, Trick};

    use super::*;

    const WORTH: [f32; 4] = [1.25, 0.25, -0.25, -1.25];

    /// The race for `team` on `taken` (its tricks, then the other team's), single sar.
    fn race_of(team: Side, taken: [u8; 2]) -> Outcome {
        Outcome {
            team,
            taken,
            worth: WORTH,
            heap: false,
        }
    }

    fn position(deal: &str, leader: char) -> (PlayState, Seat) {
        let deal: Deal = deal.parse().expect("a deal");
        let leader = Seat::from_compass(leader).expect("a seat");
        let pos = PlayState::open(&deal, &Trick::new(leader, None), &Preset::CourtPiece.rules())
            .expect("a position");
        (pos, leader)
    }

    fn card(name: &str) -> Card {
        name.parse().expect("a card")
    }

    /// In a race to courts, Court Piece's or Double Sar's, the cards of the first four tricks are
    /// not the solver's (Hard's, or the tree's in the attack); the trump call and the fifth trick
    /// on are. Hokm, won on hands, is the solver's from the first card.
    #[test]
    fn hard_plays_the_opening_of_a_race_to_courts() {
        for (preset, hard_s) in [
            (Preset::CourtPiece, true),
            (Preset::DoubleSar, true),
            (Preset::Hokm, false),
        ] {
            let rules = preset.rules();
            let mut m = courtpiece_rules::Match::new(&rules, 5).expect("a match");
            let mut seen = Vec::new();
            while m.results().is_empty() {
                m.advance();
                let Some(who) = m.to_act() else { break };
                let view = m.view(who);
                let card = matches!(view.legal[0], Intent::Play { .. });
                let opening = hard_opening(&view, &rules);
                if card {
                    seen.push((view.tricks.len(), opening));
                } else {
                    assert!(!opening, "{preset}: {:?}", view.legal[0]);
                }
                m.apply(who, view.legal[0]).expect("a legal intent");
            }
            assert!(
                seen.iter().any(|&(tricks, _)| tricks >= OPENING),
                "{preset}: {seen:?}"
            );
            for (tricks, opening) in seen {
                assert_eq!(
                    opening,
                    hard_s && tricks < OPENING,
                    "{preset}, trick {}",
                    tricks + 1
                );
            }
        }
    }

    /// Two tricks left, no trumps, South's side one trick from seven: the ace of spades takes it,
    /// the two of hearts gives both tricks and the hand away.
    #[test]
    fn the_card_that_reaches_seven_wins_the_race() {
        let (pos, south) = position("N:3.3.. .AK.. A.2.. .QJ..", 'S');
        let race = race_of(south.team(), [6, 5]);
        let mut solver = Solver::new();
        assert_eq!(race.after(&mut solver, &pos, card("AS")).worth, WORTH[1]);
        assert_eq!(race.after(&mut solver, &pos, card("2H")).worth, WORTH[2]);
    }

    /// With the other team on none, the same ace is a court; behind with none, the two of hearts
    /// lets the other team's court through.
    #[test]
    fn courts_are_told_from_plain_wins() {
        let (pos, south) = position("N:3.3.. .AK.. A.2.. .QJ..", 'S');
        let mut solver = Solver::new();
        let ours = race_of(south.team(), [6, 0]);
        assert_eq!(ours.after(&mut solver, &pos, card("AS")).worth, WORTH[0]);
        let theirs = race_of(south.team(), [0, 5]);
        assert_eq!(theirs.after(&mut solver, &pos, card("2H")).worth, WORTH[3]);
        assert_eq!(theirs.after(&mut solver, &pos, card("AS")).worth, WORTH[2]);
    }

    /// Spades trumps, two tricks left, South's team on six to none: either of South's cards wins
    /// the seventh trick, a court. The two of trumps draws East's king and West's queen under
    /// North's ace, and North's ace of diamonds takes the last trick too; after the ace of hearts
    /// North ruffs with the ace of trumps, and East ruffs the diamond.
    #[test]
    fn of_two_courts_the_one_that_keeps_all_thirteen_comes_first() {
        let deal: Deal = "N:A..A. K.2.. 2.A.. Q..2.".parse().expect("a deal");
        let south = Seat::from_compass('S').expect("a seat");
        let trick = Trick::new(south, Some(courtpiece_rules::Suit::Spades));
        let pos = PlayState::open(&deal, &trick, &Preset::CourtPiece.rules()).expect("a position");
        let mut solver = Solver::new();
        let ours = race_of(south.team(), [6, 0]);
        let theirs = race_of(south.team().other(), [0, 6]);
        for (name, all) in [("2S", ALL_THIRTEEN), ("AH", 0.0)] {
            let end = ours.after(&mut solver, &pos, card(name));
            assert_eq!((end.worth, end.court), (WORTH[0], Some(south.team())), "{name}");
            assert_eq!(ours.all_thirteen(&mut solver, &end), all, "{name}");
            let end = theirs.after(&mut solver, &pos, card(name));
            assert_eq!(end.worth, WORTH[3], "{name}");
            assert_eq!(theirs.all_thirteen(&mut solver, &end), -all, "{name}");
        }
        // a plain win is no court to carry on
        let plain = race_of(south.team(), [6, 1]);
        let end = plain.after(&mut solver, &pos, card("2S"));
        assert_eq!((end.worth, end.court), (WORTH[1], None));
        assert_eq!(plain.all_thirteen(&mut solver, &end), 0.0);
    }

    /// The 52-court is asked for only where a court may be played on for all thirteen and that
    /// scores more than the court: Court Piece and Troefcall (R-PLAYON), not Hokm, whose hand
    /// ends at seven, nor Double Sar, whose court is every trick collected (R-DSKOT).
    #[test]
    fn all_thirteen_is_asked_for_only_where_it_scores_more_than_the_court() {
        for (preset, asked) in [
            (Preset::CourtPiece, true),
            (Preset::Troefcall, true),
            (Preset::Hokm, false),
            (Preset::DoubleSar, false),
        ] {
            let (view, rules) = crate::hard::tests::first_turn(preset, 5, |_| true);
            let mut expert = Expert::new(5);
            let race = Race::of(&view, &rules, expert.hard.worth(&rules)).expect("a race");
            assert_eq!(race.all_thirteen, asked, "{preset}");
        }
    }

    /// Double Sar, two tricks left: the ace of hearts collects the heap and the last trick, the
    /// two of clubs lets West collect everything (`two_heap_tricks_left`).
    #[test]
    fn under_the_heap_the_race_counts_what_is_collected() {
        let (pos, south) = crate::hard::stakes::two_heap_tricks_left();
        assert_eq!(pos.heap().map(|h| (h.tricks, h.run)), Some((1, Some(south))));
        let mut solver = Solver::new();
        let race = |taken| Outcome {
            heap: true,
            ..race_of(south.team(), taken)
        };
        assert_eq!(race([5, 5]).after(&mut solver, &pos, card("AH")).worth, WORTH[1]);
        assert_eq!(race([5, 5]).after(&mut solver, &pos, card("2C")).worth, WORTH[2]);
        // on ten collected to none, the ace collects every trick still to come: a court; the
        // two lets West collect the last three
        assert_eq!(race([10, 0]).after(&mut solver, &pos, card("AH")).worth, WORTH[0]);
        assert_eq!(race([10, 0]).after(&mut solver, &pos, card("2C")).worth, WORTH[1]);
    }

    /// No trumps, two tricks left, South's team on six to none: the ace of spades is the seventh
    /// trick in a row, a court; the two of hearts lets East's ace take a trick.
    #[test]
    fn a_court_stays_open_only_after_the_card_that_takes_every_trick() {
        let (pos, south) = position("N:3.3.. .AK.. A.2.. .QJ..", 'S');
        let mut taken = [0; courtpiece_rules::MAX_SIDES];
        taken[south.team().index()] = 6;
        let pos = pos.with_tally(courtpiece_rules::Tally {
            tricks: 11,
            taken,
            ..Default::default()
        });
        let open = CourtOpen { team: south.team() };
        let mut solver = Solver::new();
        assert_eq!(open.value(&mut solver, &pos, card("AS")).outcome, 1.0);
        assert_eq!(open.value(&mut solver, &pos, card("2H")).outcome, 0.0);
        // on five to none the ace is one more trick, and the two of hearts after it is not
        taken[south.team().index()] = 5;
        let five = pos.with_tally(courtpiece_rules::Tally {
            tricks: 11,
            taken,
            ..Default::default()
        });
        assert_eq!(open.value(&mut solver, &five, card("AS")).outcome, 0.0);
    }

    /// The courts open are weighed at my team's lead while the other team has no trick, over
    /// layouts of which no card is open in more than all.
    #[test]
    fn courts_open_are_weighed_at_my_teams_lead_while_the_other_team_has_none() {
        let (view, rules) = crate::hard::tests::first_turn(Preset::CourtPiece, 7, |_| true);
        assert!(view.trick.plays().next().is_none(), "the first lead");
        let mut expert = Expert::new(7);
        let open = expert.courts_open(&view, &rules).expect("weighed");
        for c in open.candidates {
            let total = open.total(c).outcome;
            assert!((0.0..=COURT_LAYOUTS as f32).contains(&total), "{c}: {total}");
        }
        let mut stopped = view.clone();
        stopped.taken[view.seat.team().other().index()] = 1;
        assert!(expert.courts_open(&stopped, &rules).is_none());
        let (second, rules) =
            crate::hard::tests::first_turn(Preset::CourtPiece, 7, |v| v.trick.plays().next().is_some());
        assert!(expert.courts_open(&second, &rules).is_none());
    }

    /// A court open after a card of `suit` in every layout, and after any other card in all but
    /// the first `short` layouts. By suit, as `hard`'s tests judge, so that the cards of a run,
    /// judged once, agree.
    struct Opens {
        suit: Suit,
        short: u32,
        /// The layout last judged, and how many layouts came before it.
        layout: std::cell::Cell<Option<(PlayState, u32)>>,
    }

    impl Opens {
        fn new(suit: Suit, short: u32) -> Opens {
            Opens {
                suit,
                short,
                layout: None.into(),
            }
        }
    }

    impl Judge for Opens {
        fn value(&self, _: &mut Solver, pos: &PlayState, card: Card) -> Value {
            // every card of a layout is judged in the same position
            let before = match self.layout.get() {
                Some((last, before)) if last == *pos => before,
                Some((_, before)) => before + 1,
                None => 0,
            };
            self.layout.set(Some((*pos, before)));
            let open = card.suit() == self.suit || before >= self.short;
            Value::from(if open { 1.0 } else { 0.0 })
        }
    }

    /// The tree's card stands unless another keeps a court open in more layouts; then even one
    /// layout more is enough.
    #[test]
    fn a_card_that_keeps_a_court_open_in_more_layouts_than_the_trees_is_led() {
        let (view, rules) = crate::hard::tests::first_turn(Preset::CourtPiece, 7, |_| true);
        let mut expert = Expert::new(7);
        // the tree's card is the one Medium leads, so that a choice among every card, not only
        // those open longest, would not pass for the right one
        let Intent::Play { card: tree } = expert.hard.medium(&view, &rules) else {
            panic!("Medium leads a card");
        };
        let other = Suit::ALL
            .into_iter()
            .filter(|&suit| suit != tree.suit())
            .find_map(|suit| view.playable().iter().find(|c| c.suit() == suit))
            .expect("a card of another suit");
        let mut weigh = |judge: Opens| {
            let weighed = expert
                .hard
                .weigh(&view, &rules, &judge, 8, None, Duration::from_secs(60));
            weighed.expect("layouts weighed")
        };
        let (all, one_more, the_trees) = (
            weigh(Opens::new(other.suit(), 0)),
            weigh(Opens::new(other.suit(), 1)),
            weigh(Opens::new(tree.suit(), 3)),
        );
        // open in every layout after every card: the tree's card stands
        assert_eq!((all.total(tree).outcome, all.total(other).outcome), (8.0, 8.0));
        assert_eq!(expert.rather_than(&view, &rules, &all, tree), tree);
        // open after `other`'s suit in one layout more than after the tree's card
        assert_eq!(
            (one_more.total(other).outcome, one_more.total(tree).outcome),
            (8.0, 7.0)
        );
        let led = expert.rather_than(&view, &rules, &one_more, tree);
        assert_eq!(one_more.total(led).outcome, 8.0, "{led}");
        assert_eq!(led.suit(), other.suit());
        // the tree's own card is among those open longest
        assert_eq!(expert.rather_than(&view, &rules, &the_trees, tree), tree);
    }
}
