//! The review of a hand against a search that tries every card: for every card of the last
//! tricks of real hands, the tricks before and after it, its cost, and the better card named.

use std::collections::HashMap;

use courtpiece_bots::Level;
use courtpiece_bots::review::{
    CardReview, Outcome, ReviewError, Scope, first_trick, review, review_hand, reviewable,
};
use courtpiece_bots::{Solver, TEN, counted};
use courtpiece_rules::{
    Call, Card, GameRecord, Intent, Mode, PlayState, Preset, RuleSet, Scoring, Seat, SeatView, Side, Stop,
};

use crate::solver::{brute, brute_run};

/// How the hand ends for `team` from `pos` by brute force: the race to seven (counted), a court
/// where the loser has none and the winner takes every trick to its seventh, or under the heap
/// collects every trick left, and where the scoring rewards them (`all_thirteen`: Single Sar
/// counting courts) all thirteen where it takes every trick left too.
fn brute_end(pos: &PlayState, team: Side, all_thirteen: bool) -> Outcome {
    let taken = pos.taken();
    let (ours, theirs) = (taken[team.index()], taken[team.other().index()]);
    let won = ours >= 7 || (theirs < 7 && ours + brute(pos, team, &mut HashMap::new()) >= 7);
    let (winner, w, l) = if won {
        (team, ours, theirs)
    } else {
        (team.other(), theirs, ours)
    };
    let court = l == 0
        && match pos.heap() {
            Some(heap) => brute(pos, winner, &mut HashMap::new()) == pos.tricks_left() + heap.tricks,
            None => w >= 7 || brute_run(pos, winner) >= 7 - w,
        };
    let fifty_two = court && all_thirteen && brute_run(pos, winner) == pos.tricks_left();
    Outcome::new(won, court, fifty_two)
}

/// The position after `card` is played at `pos`.
fn after(pos: &PlayState, card: Card) -> PlayState {
    let mut next = *pos;
    next.play(card);
    next
}

/// Four hands of `preset`, each played to its last trick.
fn four_hands(preset: Preset) -> RuleSet {
    let mut rules = preset.rules();
    rules.stop = Stop::All;
    rules.max_hands = Some(4);
    rules.target = None;
    rules
}

/// A match of Medium bots against Easy ones, recorded.
fn recorded(rules: &RuleSet, seed: u64) -> GameRecord {
    let mut record = GameRecord::new(rules, seed);
    let mut m = record.start().unwrap();
    let mut bots = [
        Level::Medium.bot(1),
        Level::Easy.bot(2),
        Level::Medium.bot(3),
        Level::Easy.bot(4),
    ];
    loop {
        m.advance();
        let Some(who) = m.to_act() else { break };
        let view = m.view(who);
        let intent = bots[who.index()].decide(&view, rules);
        record.apply(&mut m, who, intent).unwrap();
    }
    record
}

/// Walks the positions of `record` where a card of trick play was played from trick `from` on,
/// each with its review, in order: every card of `reviewed` is met once, with its position.
fn each_reviewed(
    record: &GameRecord,
    reviewed: &[CardReview],
    from: u8,
    mut check: impl FnMut(&PlayState, &CardReview),
) {
    let mut m = record.start().unwrap();
    let mut i = 0;
    for mv in &record.moves {
        m.advance();
        if let Intent::Play { card } = mv.intent {
            let pos = PlayState::from_round(m.round());
            if pos.tricks_played() + 1 >= from {
                let r = &reviewed[i];
                i += 1;
                assert_eq!((r.hand, r.seat, r.card), (mv.hand, mv.seat, card));
                check(&pos, r);
            }
        }
        m.apply(mv.seat, mv.intent).unwrap();
    }
    assert_eq!(i, reviewed.len());
}

#[test]
fn every_card_of_the_last_tricks_is_valued_as_a_full_search_values_it() {
    let rules = four_hands(Preset::CourtPiece);
    reviews_as_a_full_search(&rules, 10);
}

/// At a table of two a side is one player, the hand a race to seven and the court its first
/// seven tricks (R2-SCORE): the duel's answers, from the eighth trick, against brute force.
#[test]
fn at_a_table_of_two_every_card_is_valued_as_a_full_search_values_it() {
    let rules = four_hands(Preset::HokmTwo);
    reviews_as_a_full_search(&rules, 8);
}

/// Under the Double Sar heap the review counts what is collected: the heap and the run that may
/// collect it come with every position.
#[test]
fn under_the_heap_every_card_is_valued_by_what_its_side_collects() {
    let rules = four_hands(Preset::DoubleSar);
    reviews_as_a_full_search(&rules, 10);
}

/// How a hand of Mindi ends for `team` from `pos` by brute force: three tens or more win, two
/// each seven tricks (RM-WIN), all four tens are a mendikot (RM-KOT).
fn brute_tens_end(pos: &PlayState, team: Side) -> Outcome {
    let most = |side: Side| counted(pos, side) + brute(pos, side, &mut HashMap::new());
    let won = most(team) >= 2 * TEN + 7;
    let winner = if won { team } else { team.other() };
    Outcome::new(won, most(winner) >= 4 * TEN, false)
}

/// Under Mindi the review values every card by how the hand ends, and counts what a side could
/// still collect in tens: against brute force on the last tricks of recorded hands.
#[test]
fn under_mindi_every_card_is_valued_by_the_tens_its_side_collects() {
    let rules = four_hands(Preset::Mindi);
    let from = 10;
    let (mut costly, mut lost_tens, mut cards) = (0, 0, 0);
    for seed in 1..=3 {
        let record = recorded(&rules, seed);
        let reviewed = review(&record, &mut Solver::new(), Scope::from_trick(from)).unwrap();
        assert_eq!(reviewed.len(), 4 * 4 * 4, "the last four tricks of four hands");
        each_reviewed(&record, &reviewed, from, |pos, r| {
            let (pos, card) = (*pos, r.card);
            let team = pos.seats().side(r.seat);
            let after = |c| after(&pos, c);
            let tens = |c| {
                let next = after(c);
                let now = next.tens()[team.index()] - pos.tens()[team.index()];
                now + brute(&next, team, &mut HashMap::new()) / TEN
            };
            assert_eq!(r.before, brute(&pos, team, &mut HashMap::new()) / TEN, "{r:?}");
            assert_eq!(r.after, tens(card), "{r:?}");
            if let Some(better) = r.better {
                assert_eq!(tens(better), r.before, "{r:?}");
                lost_tens += 1;
            }
            assert_eq!(r.outcome_before, Some(brute_tens_end(&pos, team)), "{r:?}");
            assert_eq!(r.outcome_after, Some(brute_tens_end(&after(card), team)), "{r:?}");
            if let Some(keeps) = r.keeps {
                assert_eq!(Some(brute_tens_end(&after(keeps), team)), r.outcome_before);
            }
            assert_eq!(r.costly(), r.worse_end(), "{r:?}");
            costly += usize::from(r.costly());
            cards += 1;
        });
    }
    assert!(costly > 0, "of {cards} cards, some made the end worse");
    assert!(lost_tens > 0, "of {cards} cards, some gave a ten away");
}

/// Reviews four hands of three recorded matches under `rules` from trick `from`, and checks
/// every figure against brute force.
fn reviews_as_a_full_search(rules: &RuleSet, from: u8) {
    let (mut costly, mut races, mut worse) = (0, 0, 0);
    let seats = rules.seats().count();
    let all_thirteen = rules.mode == Mode::SingleSar && rules.scoring != Scoring::Hokm;
    for seed in 1..=3 {
        let record = recorded(rules, seed);
        let reviewed = review(&record, &mut Solver::new(), Scope::from_trick(from)).unwrap();
        assert_eq!(
            reviewed.len(),
            4 * usize::from(14 - from) * seats,
            "the last tricks of four hands"
        );
        // the same positions again, through the record
        each_reviewed(&record, &reviewed, from, |pos, r| {
            let (pos, card) = (*pos, r.card);
            let team = pos.seats().side(r.seat);
            let value = |c| {
                let next = after(&pos, c);
                let now = next.taken()[team.index()] - pos.taken()[team.index()];
                now + brute(&next, team, &mut HashMap::new())
            };
            assert_eq!(r.before, brute(&pos, team, &mut HashMap::new()), "{r:?}");
            assert_eq!(r.after, value(card), "{r:?}");
            assert!(r.after <= r.before);
            match r.better {
                Some(better) => {
                    assert!(r.cost() > 0);
                    assert!(pos.legal().contains(better));
                    assert_eq!(value(better), r.before, "{r:?}");
                    costly += 1;
                }
                None => assert_eq!(r.cost(), 0, "{r:?}"),
            }
            // how the hand ends, while the race is open
            let ends = |c| brute_end(&after(&pos, c), team, all_thirteen);
            if pos.taken().iter().all(|&t| t < 7) {
                assert_eq!(
                    r.outcome_before,
                    Some(brute_end(&pos, team, all_thirteen)),
                    "{r:?}"
                );
                assert_eq!(r.outcome_after, Some(ends(card)), "{r:?}");
                races += 1;
                match r.keeps {
                    Some(keeps) => {
                        assert!(r.worse_end() && r.costly(), "{r:?}");
                        assert_eq!(Some(ends(keeps)), r.outcome_before, "{r:?}");
                        worse += 1;
                    }
                    None => assert!(!r.worse_end(), "{r:?}"),
                }
            } else {
                assert_eq!((r.outcome_before, r.outcome_after, r.keeps), (None, None, None));
                assert_eq!(r.costly(), r.cost() > 0, "{r:?}");
            }
        });
    }
    assert!(costly > 0, "bots of these levels give tricks away now and then");
    assert!(races > 0, "some hands' races are still open at trick {from}");
    assert!(
        worse > 0,
        "of {races} cards with the race open, some make the end worse"
    );
}

/// The window reviews the hand just played from the view at its end: the tricks and the cards
/// shown make the deal, and every card is valued as the record's review values it.
#[test]
fn a_hand_is_reviewed_from_the_view_at_its_end_as_from_the_record() {
    for preset in [
        Preset::CourtPiece,
        Preset::DoubleSar,
        Preset::HokmTwo,
        Preset::Mindi,
    ] {
        let mut rules = preset.rules();
        rules.max_hands = Some(2);
        rules.target = None;
        let record = recorded(&rules, 5);
        let mut m = record.start().unwrap();
        let mut ends = Vec::new();
        for mv in &record.moves {
            m.advance();
            m.apply(mv.seat, mv.intent).unwrap();
            let view = m.view(Seat::ALL[1]);
            let hand = view.hand_no;
            if view.shown_hands.is_some() && ends.last().is_none_or(|v: &SeatView| v.hand_no != hand) {
                ends.push(view);
            }
        }
        assert_eq!(ends.len(), 2, "{preset}: a view at the end of each hand");
        // the window looks from the rules' first trick on: the fifth under Mindi
        let all = Scope::from_trick(first_trick(&rules));
        assert_eq!(all.from_trick == 5, preset == Preset::Mindi);
        let from_record = review(&record, &mut Solver::new(), all).unwrap();
        let mut solver = Solver::new();
        let mut from_views = Vec::new();
        for view in &ends {
            from_views.extend(review_hand(view, &rules, &mut solver).unwrap());
        }
        assert_eq!(from_views, from_record, "{preset}");
        // one hand alone is that hand's part of the whole
        let second = Scope { hand: Some(2), ..all };
        let alone = review(&record, &mut Solver::new(), second).unwrap();
        assert!(!alone.is_empty());
        let part: Vec<_> = from_record.into_iter().filter(|r| r.hand == 2).collect();
        assert_eq!(alone, part, "{preset}");
    }
    // mid-hand the other hands are not known
    let rules = Preset::CourtPiece.rules();
    let mut m = GameRecord::new(&rules, 1).start().unwrap();
    m.advance();
    assert!(matches!(
        review_hand(&m.view(Seat::ALL[0]), &rules, &mut Solver::new()),
        Err(ReviewError::NotOver)
    ));
}

#[test]
fn rules_the_review_does_not_count_are_refused() {
    for preset in [
        Preset::HiddenRang,
        Preset::HokmThree,
        Preset::BeRanga,
        Preset::Dabba,
        Preset::Satat,
    ] {
        let mut rules = preset.rules();
        rules.max_hands = Some(1);
        rules.target = None;
        let record = GameRecord::new(&rules, 1);
        assert!(
            matches!(
                review(&record, &mut Solver::new(), Scope::ALL),
                Err(ReviewError::Rules)
            ),
            "{preset}"
        );
    }
    // at a table of two too, a face-down indicator is not known to the record
    let mut rules = Preset::HokmTwo.rules();
    rules.call = Call::Hidden;
    assert!(matches!(reviewable(&rules), Err(ReviewError::Rules)));
    assert!(reviewable(&Preset::HokmTwo.rules()).is_ok());
}
