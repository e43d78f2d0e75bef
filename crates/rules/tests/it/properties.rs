//! Property tests over random seeds and random legal play in every preset.

use courtpiece_rules::{
    Batches, Card, CardSet, Event, Failed52, HandKind, HandResult, Match, Mode, Phase, Preset, Revoke,
    RuleSet, Scoring, Seat, Stop, TWO_OF_HEARTS, Trick,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::support::random_intent;

/// Every preset, and a few option sets off the presets' paths.
fn rule_sets() -> Vec<RuleSet> {
    let mut all: Vec<RuleSet> = Preset::ALL.iter().map(|p| p.rules()).collect();
    let base = Preset::CourtPiece.rules();
    all.push(RuleSet {
        revoke: Revoke::Penalty,
        stop: Stop::All,
        batches: Batches::FiveThreeThreeTwo,
        ..base.clone()
    });
    all.push(RuleSet {
        call: courtpiece_rules::Call::Show,
        defer: true,
        failed_52: Failed52::Simple,
        batches: Batches::FiveEight,
        ..base.clone()
    });
    all.push(RuleSet {
        mode: Mode::DoubleSar,
        first_collect: 3,
        ace: courtpiece_rules::AceCollect::NoCollect,
        first_two: courtpiece_rules::FirstTwo::NoCollect,
        call: courtpiece_rules::Call::Hidden,
        ..base
    });
    // Mindi without a caller (§10), and Mindi with every trick played
    let mindi = Preset::Mindi.rules();
    all.push(RuleSet {
        call: courtpiece_rules::Call::FirstVoid,
        ..mindi.clone()
    });
    all.push(RuleSet {
        stop: Stop::All,
        call: courtpiece_rules::Call::Hidden,
        ..mindi
    });
    // Dabba Rang with the aces rule and every trick played
    all.push(RuleSet {
        dabba_aces: true,
        stop: Stop::All,
        ..Preset::Dabba.rules()
    });
    // Trup kasiet (Satat with the hidden call), and Satat with the trump shown
    let satat = Preset::Satat.rules();
    all.push(RuleSet {
        call: courtpiece_rules::Call::Hidden,
        ..satat.clone()
    });
    all.push(RuleSet {
        call: courtpiece_rules::Call::Show,
        stop: Stop::All,
        ..satat
    });
    all
}

/// R-WIN, R-HIDTRICK and RS-TWO, written again from the rule book as an oracle: the 2♥ of Satat
/// wins the trick it is played to; otherwise a trump counts only if it did not follow the suit
/// led and was played once trumps were known.
fn oracle_winner(t: &Trick) -> Seat {
    let plays: Vec<(usize, Seat, Card)> = t.plays().enumerate().map(|(i, (s, c))| (i, s, c)).collect();
    if t.has_top_two()
        && let Some((_, seat, _)) = plays.iter().find(|p| p.2 == TWO_OF_HEARTS)
    {
        return *seat;
    }
    let led = plays[0].2.suit();
    let trumps: Vec<&(usize, Seat, Card)> = plays
        .iter()
        .filter(|(i, _, c)| Some(c.suit()) == t.trumps() && *i >= t.trump_from() && c.suit() != led)
        .collect();
    let pool: Vec<&(usize, Seat, Card)> = if trumps.is_empty() {
        plays.iter().filter(|(_, _, c)| c.suit() == led).collect()
    } else {
        trumps
    };
    pool.iter()
        .max_by_key(|(_, _, c)| c.rank())
        .map(|(_, s, _)| *s)
        .unwrap()
}

/// §8 as an oracle: what a hand is worth to the winning side.
fn oracle_points(r: &HandResult, rules: &RuleSet) -> u32 {
    let court = match r.kind {
        HandKind::Plain | HandKind::EvenTens | HandKind::FalseClaim => false,
        HandKind::FailedPlayOn => rules.failed_52 == Failed52::Keep,
        _ => true,
    };
    match rules.scoring {
        Scoring::Courts => match r.kind {
            HandKind::FiftyTwo => 52,
            HandKind::GoonCourt => rules.goon,
            // RDB-SCORE: thirteen announced and taken
            HandKind::MadeAll => 2,
            _ => u32::from(court),
        },
        Scoring::Hokm if court && r.winner != rules.seats().side(r.caller) => 3,
        Scoring::Hokm if court => 2,
        Scoring::Hokm => 1,
        Scoring::Troefcall => match r.kind {
            HandKind::FiftyTwo | HandKind::SarCourt | HandKind::GoonCourt => 15,
            _ if court => 5,
            _ => 2,
        },
        Scoring::Sars => u32::from(r.tricks[r.winner.index()]),
    }
}

/// §7 as an oracle.
fn oracle_next_dealer(r: &HandResult, rules: &RuleSet) -> Seat {
    let court = match r.kind {
        HandKind::Plain | HandKind::EvenTens | HandKind::FalseClaim => false,
        HandKind::FailedPlayOn => rules.failed_52 == Failed52::Keep,
        _ => true,
    };
    if rules.scoring == Scoring::Hokm {
        return if r.winner == rules.seats().side(r.caller) {
            r.dealer
        } else {
            r.caller
        };
    }
    if r.winner == r.dealer.team() {
        r.dealer.next()
    } else if court {
        r.dealer.partner()
    } else {
        r.dealer
    }
}

/// Checks every invariant on the state after each step.
fn check_state(m: &Match) {
    let round = m.round();
    // tricks: at most 13 (17 at three), a different card from each seat in order, the winner by
    // R-WIN
    let seats = round.seats();
    assert!(round.tricks().len() <= usize::from(round.rules().tricks()));
    let mut played = CardSet::EMPTY;
    for t in round.tricks() {
        assert!(t.is_complete());
        for (i, (s, c)) in t.plays().enumerate() {
            assert_eq!(s, seats.after(t.leader, i));
            assert!(!played.contains(c), "{c} played twice");
            played.insert(c);
        }
    }
    for (_, c) in round.trick().plays() {
        assert!(!played.contains(c));
        played.insert(c);
    }
    let won: u8 = round.won().iter().sum();
    assert_eq!(won as usize, round.tricks().len());
    // the cards of the game (52, or 51 at a table of three) are conserved once dealt, the
    // discards of Hokm for two with them
    if round.phase() >= Phase::TrickPlay {
        let mut all = played;
        let mut count = played.len();
        for h in round
            .hands()
            .into_iter()
            .chain(Seat::ALL.map(|s| round.discards(s)))
        {
            assert!((all & h).is_empty(), "a card in two places");
            all |= h;
            count += h.len();
        }
        if let Some(ind) = round.indicator() {
            assert!(!all.contains(ind));
            all.insert(ind);
            count += 1;
        }
        let deck = CardSet::DECK - round.rules().removed;
        assert_eq!((all, count), (deck, deck.len()));
    }
    // SeatView: no card of another seat that is not played or public
    for s in seats.all() {
        let v = m.view(s);
        assert_eq!(v.seat, s);
        if round.sees_own_cards(s) {
            assert_eq!(v.hand, round.hand(s));
        } else {
            assert!(v.hand.is_empty());
        }
        let public = round.exposed()
            | v.shown_hands
                .map_or(CardSet::EMPTY, |h| h.iter().fold(CardSet::EMPTY, |a, x| a | *x));
        // Dummy Rang: the one person who plays the driver and the dummy sees both hands
        let same_player = seats.also_plays(s).map_or(CardSet::EMPTY, |p| round.hand(p));
        // RS-PASS: the cards a seat passed are known to it in its neighbour's hand
        let passed = v.exchange.map_or(CardSet::EMPTY, |e| e.gave);
        assert!((v.others_cards() - public - same_player - passed).is_empty());
        for other in Seat::ALL.into_iter().filter(|o| *o != s) {
            let leaked = v.hand & round.hand(other);
            assert!(leaked.is_empty(), "{s} sees {other}'s {leaked}");
            let exposed_wrong = v.exposed[other.index()] - round.exposed();
            assert!(exposed_wrong.is_empty());
        }
        if s != round.caller() {
            assert_eq!(v.own_indicator, None);
        }
        // Hokm for two: own discards only, the stock's top card only in one's own draw turn
        // (R2-DEAL, R2-DRAW)
        assert_eq!(v.discards, round.discards(s));
        let stock: CardSet = round.stock().iter().copied().collect();
        assert_eq!(usize::from(v.stock), round.stock().len());
        match v.offer {
            Some(card) => {
                assert_eq!(round.to_act(), Some(s));
                assert_eq!(round.stock().first(), Some(&card));
            }
            None => assert!(round.to_act() != Some(s) || round.phase() != Phase::Draw),
        }
        let sees = v.hand
            | v.discards
            | v.others_cards()
            | v.played()
            | v.offer.map_or(CardSet::EMPTY, CardSet::single);
        let hidden = Seat::ALL
            .into_iter()
            .filter(|o| *o != s)
            .fold(stock - v.offer.map_or(CardSet::EMPTY, CardSet::single), |a, o| {
                a | round.discards(o)
            });
        assert!(
            (sees & hidden).is_empty(),
            "{s} sees hidden cards {}",
            sees & hidden
        );
        assert!((v.played() - played).is_empty());
    }
}

/// Hands per match: enough for streaks of seven to happen now and then.
const HANDS: u32 = 12;

fn run(rules: &RuleSet, seed: u64) {
    let mut rules = rules.clone();
    rules.max_hands = Some(HANDS);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut m = Match::new(&rules, seed).unwrap();
    let mut points = [0u32; 4];
    let mut streak = [0u8; 4];
    loop {
        check_state(&m);
        if m.needs_step() {
            let before = m.round().result().copied();
            let events = m.step();
            for e in &events {
                match e {
                    Event::TrickWon { seat, number, .. } => {
                        let t = m.round().tricks()[*number as usize - 1];
                        assert_eq!(oracle_winner(&t), *seat, "R-WIN in {t:?}");
                    }
                    // Dummy Rang scores people, not sides, and moves them: tests/it/dummy.rs
                    Event::HandScored { .. } | Event::NextDealer { .. } if rules.dummy => {}
                    Event::HandScored { score } => {
                        let r = before.expect("a scored hand has a result");
                        let w = r.winner.index();
                        points[w] += oracle_points(&r, &rules);
                        if r.kind == HandKind::FailedPlayOn && rules.failed_52 == Failed52::Concede {
                            points[1 - w] += oracle_points(
                                &HandResult {
                                    kind: HandKind::Plain,
                                    winner: r.loser(),
                                    ..r
                                },
                                &rules,
                            );
                        }
                        if rules.scoring == Scoring::Courts {
                            // R-C7, kept by the oracle's own streak count; in Mindi a win on two
                            // tens each makes no streak (RM-KOT)
                            if oracle_points(&r, &rules) > 0 || r.kind == HandKind::EvenTens {
                                streak = [0, 0, 0, 0];
                            } else {
                                streak[1 - w] = 0;
                                streak[w] += 1;
                                if streak[w] == 7 {
                                    streak[w] = 0;
                                    points[w] += 1;
                                }
                            }
                            assert_eq!(score.streak, streak);
                        }
                        assert_eq!(score.points, points, "{r:?}");
                    }
                    Event::NextDealer { dealer, .. } => {
                        let r = before.expect("a result before the next dealer");
                        assert_eq!(*dealer, oracle_next_dealer(&r, &rules), "{r:?}");
                    }
                    _ => {}
                }
            }
            continue;
        }
        if m.is_over() {
            break;
        }
        let (who, intent) = random_intent(&m, &mut rng);
        let events = m.apply(who, intent).expect("a listed intent is legal");
        for e in &events {
            if let Event::TrickWon { seat, number, .. } = e {
                let t = m.round().tricks()[*number as usize - 1];
                assert_eq!(oracle_winner(&t), *seat, "R-WIN in {t:?}");
            }
        }
    }
    // all the hands, or fewer when the target was reached first
    assert!(m.is_over() && m.score().hands <= HANDS);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_play_keeps_every_rule(set in 0usize..64, seed in any::<u64>()) {
        let sets = rule_sets();
        run(&sets[set % sets.len()], seed);
    }
}

#[test]
fn every_rule_set_plays_many_hands() {
    for (i, rules) in rule_sets().iter().enumerate() {
        for seed in 0..6 {
            run(rules, seed * 31 + i as u64);
        }
    }
}

/// `PlayState`, the search position, follows the hand exactly in every rule set: same legal
/// cards, same trick winners, same tricks taken and heap collections, and the same end of the
/// hand (R-SEVEN, R-COURT, R-PLAYON, R-DSWIN, R-DSKOT, R3-END, R3-TIE, R3-KOT, R2-SCORE, RM-WIN,
/// RM-KOT), from the
/// first position where trumps are known to all, at tables of four, three and two.
#[test]
fn play_state_agrees_with_the_hand() {
    use courtpiece_rules::{Intent, PlayOn, PlayState};
    let mut ends = std::collections::HashSet::new();
    let mut tables = std::collections::HashSet::new();
    for (i, rules) in rule_sets()
        .into_iter()
        .filter(|r| r.revoke == Revoke::Prevent)
        .enumerate()
    {
        for seed in 0..300u64 {
            let mut rng = SmallRng::seed_from_u64(seed + 1000 * i as u64);
            let mut m = Match::new(&rules, seed).unwrap();
            let plays_on = seed % 2 == 0;
            m.advance();
            while m.phase() != Phase::TrickPlay || m.round().trumps().is_none() {
                let (who, intent) = random_intent(&m, &mut rng);
                m.apply(who, intent).unwrap();
                m.advance();
            }
            let mut state = PlayState::from_round(m.round());
            state.set_plays_on(plays_on);
            while m.phase() == Phase::TrickPlay {
                let who = m.to_act().unwrap();
                if let Some(PlayOn::Asked(_)) = m.round().play_on() {
                    let answer = if plays_on { Intent::PlayOn } else { Intent::Stop };
                    m.apply(who, answer).unwrap();
                    continue;
                }
                assert_eq!(state.to_play(), who);
                if m.round().must_trump() != Some(who) {
                    assert_eq!(state.legal(), m.round().legal_cards(who), "{rules:?}");
                }
                let (_, Intent::Play { card }) = random_intent(&m, &mut rng) else {
                    unreachable!("only cards are played once trumps are known");
                };
                let events = m.apply(who, Intent::Play { card }).unwrap();
                let would_win = state.would_win(card);
                let won = state.play(card);
                let by_table = events.iter().find_map(|e| match e {
                    Event::TrickWon { seat, .. } => Some(*seat),
                    _ => None,
                });
                assert_eq!(won, by_table, "R-WIN in {rules:?}");
                if won.is_some() {
                    assert_eq!(would_win, won == Some(who));
                }
                assert_eq!(state.taken(), m.round().taken(), "R-COLLECT in {rules:?}");
                if rules.count == courtpiece_rules::Count::Tens {
                    assert_eq!(state.tens(), m.round().tally().tens, "RM-HEAP in {rules:?}");
                }
                if m.phase() == Phase::TrickPlay {
                    // the court's team, asked, stops when it does not play on
                    let asked = matches!(m.round().play_on(), Some(PlayOn::Asked(_)));
                    assert_eq!(state.result().is_some(), asked && !plays_on);
                    // a position taken afresh equals the one played along
                    assert_eq!(PlayState::from_round(m.round()).taken(), state.taken());
                }
            }
            let result = m.round().result().unwrap();
            assert_eq!(state.result(), Some((result.winner, result.kind)), "{rules:?}");
            ends.insert(result.kind);
            tables.insert(rules.players);
        }
    }
    for kind in [
        HandKind::Plain,
        HandKind::Court,
        HandKind::FailedPlayOn,
        HandKind::SarCourt,
        HandKind::Mendikot,
        HandKind::EvenTens,
        HandKind::Made,
        HandKind::Defeated,
    ] {
        assert!(ends.contains(&kind), "no hand ended {kind:?}: {ends:?}");
    }
    assert_eq!(tables.len(), 3, "tables of four, three and two: {tables:?}");
}

/// A seat's view says why a card may not be played in the words the hand refuses it with:
/// every card of the deck, at every card play of random hands in every rule set.
#[test]
fn the_view_explains_a_refused_card_as_the_hand_refuses_it() {
    use courtpiece_rules::Intent;
    let mut refusals = std::collections::HashSet::new();
    for (i, rules) in rule_sets().iter().enumerate() {
        for seed in 0..12u64 {
            let mut rng = SmallRng::seed_from_u64(seed + 100 * i as u64);
            let mut m = Match::new(rules, seed).unwrap();
            m.advance();
            while m.hand_no() <= 2 && !m.is_over() {
                let Some(who) = m.to_act() else { break };
                let view = m.view(who);
                if view.legal.iter().any(|i| matches!(i, Intent::Play { .. })) {
                    for card in CardSet::DECK.iter() {
                        let told = view.why_not_play(card);
                        let refused = m.round().clone().apply(who, Intent::Play { card }).err();
                        assert_eq!(told, refused, "{card} in {rules:?}");
                        if let Some(why) = told {
                            refusals.insert(std::mem::discriminant(&why));
                        }
                    }
                }
                let (who, intent) = random_intent(&m, &mut rng);
                m.apply(who, intent).unwrap();
                m.advance();
            }
        }
    }
    // not held, must follow, must trump after a reveal, the indicator held back
    assert_eq!(refusals.len(), 4, "kinds of refusal met");
}
