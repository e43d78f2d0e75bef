//! §8 Scoring and the end of a match.

use courtpiece_rules::{
    Event, HandKind, HandResult, Match, MatchScore, Preset, RuleSet, Scoring, Side, score::hand_points,
};

use crate::support::{random_match, seat, short};

fn result(winner: u8, kind: HandKind, caller: u8) -> HandResult {
    HandResult {
        winner: Side::new(winner).unwrap(),
        kind,
        tricks: [0, 0, 0, 0],
        tens: [0; 4],
        dealer: seat(caller).prev(),
        caller: seat(caller),
    }
}

#[test]
fn r_c1_a_court_is_one_court_a_fifty_two_court_fifty_two() {
    let rules = Preset::CourtPiece.rules();
    assert_eq!(hand_points(&result(0, HandKind::Court, 1), &rules), [1, 0, 0, 0]);
    assert_eq!(
        hand_points(&result(1, HandKind::FiftyTwo, 1), &rules),
        [0, 52, 0, 0]
    );
    assert_eq!(hand_points(&result(1, HandKind::Plain, 1), &rules), [0, 0, 0, 0]);
    assert_eq!(hand_points(&result(1, HandKind::Revoke, 1), &rules), [0, 1, 0, 0]);
}

#[test]
fn r_c7_seven_plain_wins_in_a_row_score_a_court() {
    let rules = Preset::CourtPiece.rules();
    let mut score = MatchScore::default();
    for i in 0..6 {
        score.add(&result(0, HandKind::Plain, 1), &rules);
        assert_eq!(score.streak, [i + 1, 0, 0, 0]);
    }
    assert_eq!(score.points, [0, 0, 0, 0]);
    score.add(&result(0, HandKind::Plain, 1), &rules);
    assert_eq!(
        (score.points, score.streak),
        ([1, 0, 0, 0], [0, 0, 0, 0]),
        "the seventh scores and resets"
    );
}

#[test]
fn r_c7_a_plain_loss_zeroes_the_streak() {
    let rules = Preset::CourtPiece.rules();
    let mut score = MatchScore::default();
    for _ in 0..6 {
        score.add(&result(0, HandKind::Plain, 1), &rules);
    }
    score.add(&result(1, HandKind::Plain, 1), &rules);
    assert_eq!(score.streak, [0, 1, 0, 0]);
}

#[test]
fn r_c7_seven_hands_in_a_row_after_a_court_reset() {
    let rules = Preset::CourtPiece.rules();
    let mut score = MatchScore::default();
    for _ in 0..5 {
        score.add(&result(0, HandKind::Plain, 1), &rules);
    }
    score.add(&result(1, HandKind::Plain, 1), &rules);
    score.add(&result(1, HandKind::Plain, 1), &rules);
    assert_eq!(score.streak, [0, 2, 0, 0]);
    // a court by either side resets both streaks
    score.add(&result(0, HandKind::Court, 1), &rules);
    assert_eq!((score.points, score.streak), ([1, 0, 0, 0], [0, 0, 0, 0]));
    for i in 1..=6 {
        score.add(&result(1, HandKind::Plain, 1), &rules);
        assert_eq!(score.streak, [0, i, 0, 0]);
    }
    score.add(&result(1, HandKind::Plain, 1), &rules);
    assert_eq!((score.points, score.streak), ([1, 1, 0, 0], [0, 0, 0, 0]));
    assert_eq!(score.hands, 15);
    assert_eq!(score.hands_won, [6, 9, 0, 0]);
}

#[test]
fn v_scoring_hokm_one_two_or_three() {
    let rules = Preset::Hokm.rules();
    assert_eq!(rules.scoring, Scoring::Hokm);
    assert_eq!(hand_points(&result(1, HandKind::Plain, 1), &rules), [0, 1, 0, 0]);
    assert_eq!(
        hand_points(&result(1, HandKind::Court, 1), &rules),
        [0, 2, 0, 0],
        "the hâkem's team"
    );
    assert_eq!(
        hand_points(&result(0, HandKind::Court, 1), &rules),
        [3, 0, 0, 0],
        "a court against the hâkem"
    );
    let mut score = MatchScore::default();
    for _ in 0..7 {
        score.add(&result(1, HandKind::Plain, 1), &rules);
    }
    assert_eq!(
        (score.points, score.streak),
        ([0, 7, 0, 0], [0, 0, 0, 0]),
        "no streak courts in Hokm"
    );
}

#[test]
fn v_scoring_troefcall_two_five_fifteen() {
    let rules = Preset::Troefcall.rules();
    assert_eq!(hand_points(&result(0, HandKind::Plain, 1), &rules), [2, 0, 0, 0]);
    assert_eq!(hand_points(&result(0, HandKind::Court, 1), &rules), [5, 0, 0, 0]);
    assert_eq!(
        hand_points(&result(0, HandKind::FiftyTwo, 1), &rules),
        [15, 0, 0, 0]
    );
}

#[test]
fn v_scoring_double_sar_uses_court_counting() {
    let rules = Preset::DoubleSar.rules();
    assert_eq!(
        hand_points(&result(1, HandKind::SarCourt, 1), &rules),
        [0, 1, 0, 0]
    );
    assert_eq!(
        hand_points(&result(0, HandKind::GoonCourt, 1), &rules),
        [3, 0, 0, 0]
    );
    let mut score = MatchScore::default();
    for _ in 0..7 {
        score.add(&result(0, HandKind::Plain, 1), &rules);
    }
    assert_eq!(
        score.points,
        [1, 0, 0, 0],
        "seven plain wins in a row count in Double Sar too"
    );
}

#[test]
fn v_target_the_match_ends_at_the_target() {
    for preset in Preset::ALL {
        let rules = preset.rules();
        let target = rules.target.unwrap();
        let (m, _, events) = random_match(&rules, 77);
        assert!(m.is_over());
        let score = m.score();
        assert!(score.points.iter().any(|&p| p >= target), "{preset}: {score:?}");
        // it ended at the first hand that reached the target
        let last = m.results().len();
        assert_eq!(u32::try_from(last).unwrap(), score.hands);
        let Some(Event::MatchOver { winner, .. }) = events.last() else {
            panic!("{preset}: the match should end with MatchOver");
        };
        assert_eq!(*winner, score.leader());
    }
}

#[test]
fn match_ends_after_a_set_number_of_hands() {
    let (m, _, _) = random_match(&short(Preset::CourtPiece.rules(), 5), 3);
    assert_eq!(m.score().hands, 5);
    assert!(m.is_over());
}

#[test]
fn match_ends_when_time_is_called_after_the_hand_in_progress() {
    let rules = RuleSet {
        target: None,
        ..Preset::CourtPiece.rules()
    };
    let mut m = Match::new(&rules, 4).unwrap();
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(4);
    let mut called = false;
    while !m.is_over() {
        m.advance();
        if m.is_over() {
            break;
        }
        if m.score().hands == 2 && !called {
            m.call_time();
            called = true;
        }
        let (who, intent) = crate::support::random_intent(&m, &mut rng);
        m.apply(who, intent).unwrap();
    }
    assert_eq!(m.score().hands, 3, "the hand in progress is finished");
}

#[test]
fn equal_courts_is_a_draw() {
    let score = MatchScore {
        points: [2, 2, 0, 0],
        ..MatchScore::default()
    };
    assert_eq!(score.leader(), None);
}

/// R-RULE-END
#[test]
fn r_rule_end_a_match_stopped_in_a_hand_is_unfinished_and_equal_scores_are_a_draw() {
    // a record stopped in the middle of a hand, whoever leads then, has no winner
    let rules = RuleSet {
        target: None,
        ..Preset::Hokm.rules()
    };
    let (_, record, _) = random_match(&short(rules.clone(), 4), 21);
    let mut partial = record.clone();
    let last_hand = record.moves.last().map_or(1, |m| m.hand);
    partial.moves.retain(|m| m.hand < last_hand);
    partial
        .moves
        .extend(record.moves.iter().filter(|m| m.hand == last_hand).take(6));
    let stopped = partial.replay().expect("a prefix of a record replays");
    let summary = stopped.summary();
    assert!(
        summary.score.iter().any(|&p| p > 0),
        "somebody leads: {summary:?}"
    );
    assert_eq!((summary.finished, summary.winner), (false, None));
    assert!(summary.to_text().ends_with("result: not finished"));
    // a finished match with equal scores is a draw
    let draw = (0..200)
        .map(|seed| random_match(&short(Preset::CourtPiece.rules(), 1), seed).0)
        .find(|m| m.score().points[0] == m.score().points[1])
        .expect("a one-hand match without a court");
    let summary = draw.summary();
    assert_eq!((summary.finished, summary.winner), (true, None));
    assert!(summary.to_text().ends_with("result: a draw"));
    let [a, b] = [summary.hands_won[0], summary.hands_won[1]];
    assert!(
        summary.to_text().contains(&format!(
            "score: team 0 has {p}, team 1 has {p}\nhands won: team 0 has {a}, team 1 has {b}",
            p = summary.score[0]
        )),
        "{}",
        summary.to_text()
    );
}
