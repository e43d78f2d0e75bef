//! Dummy Rang (§9, preset `dummy`): RD-SEATS, RD-OPEN, RD-PLAY, RD-SCORE.

use courtpiece_rules::{CardSet, Event, HandKind, Intent, Match, Person, Phase, Preset, Seat, Seats, Side};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::support::{random_intent, random_match, short};

/// Plays random legal intents until the hand in play reaches `phase`.
fn until(m: &mut Match, phase: Phase, rng: &mut SmallRng) {
    loop {
        m.advance();
        if m.phase() == phase || m.is_over() {
            return;
        }
        let (who, intent) = random_intent(m, rng);
        m.apply(who, intent).unwrap();
    }
}

#[test]
fn rd_seats_the_dummy_and_the_deal_pass_to_the_next_person_each_hand() {
    let rules = short(Preset::Dummy.rules(), 6);
    let mut drivers = Vec::new();
    for seed in 0..12 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut m = Match::new(&rules, seed).unwrap();
        assert_eq!(m.seating().people(), 3);
        drivers.push(m.seating().driver().unwrap());
        // (driver, dealer) of each hand, read from the match as the hand is played
        let mut hands: Vec<(Person, Person)> = Vec::new();
        while !m.is_over() {
            m.advance();
            let round = m.round();
            if hands.len() < round.hand_no() as usize && round.phase() == Phase::Cut {
                let (driver, dealer) = (m.seating().driver().unwrap(), round.dealer());
                assert_eq!(m.seating().seat_of(driver), Seats::DRIVER);
                assert_eq!(m.seating().person_at(Seats::DUMMY), driver);
                assert_ne!(dealer, Seats::DUMMY, "the dummy never deals");
                assert_eq!(round.caller(), Seats::WITH_DUMMY.next(dealer));
                hands.push((driver, m.seating().person_at(dealer)));
            }
            if let Some(who) = m.to_act() {
                let (seat, intent) = random_intent(&m, &mut rng);
                assert_eq!(seat, who);
                m.apply(seat, intent).unwrap();
            }
        }
        assert_eq!(hands.len(), 6);
        for pair in hands.windows(2) {
            let [(d, p), (next_d, next_p)] = [pair[0], pair[1]];
            assert_eq!(next_d.index(), (d.index() + 1) % 3, "the next person drives");
            assert_eq!(next_p.index(), (p.index() + 1) % 3, "the next person deals");
        }
    }
    drivers.sort();
    drivers.dedup();
    assert_eq!(drivers.len(), 3, "the first driver is drawn at random");
}

#[test]
fn rd_open_the_dummy_is_face_down_until_all_cards_are_dealt_then_face_up_for_all() {
    let rules = Preset::Dummy.rules();
    let mut dummy_called = false;
    for seed in 0..16 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut m = Match::new(&rules, seed).unwrap();
        until(&mut m, Phase::TrumpCall, &mut rng);
        let dummy = m.round().hand(Seats::DUMMY);
        let calls = m.round().caller() == Seats::DUMMY;
        dummy_called |= calls;
        for s in [Seat::ALL[1], Seat::ALL[3]] {
            assert!((m.view(s).others_cards() & dummy).is_empty());
        }
        // the driver calls from the dummy's five when the dummy calls (RD-OPEN)
        let driver = m.view(Seats::DRIVER);
        assert_eq!(driver.partner_hand, if calls { dummy } else { CardSet::EMPTY });
        assert_eq!(m.view(Seats::DUMMY).hand.is_empty(), !calls);
        until(&mut m, Phase::TrickPlay, &mut rng);
        let dummy = m.round().hand(Seats::DUMMY);
        assert_eq!(dummy.len(), 13);
        for s in Seat::ALL {
            assert_eq!(m.view(s).exposed[Seats::DUMMY.index()], dummy, "face up for {s}");
        }
        // the dummy plays knowing its driver's cards: one person holds both
        assert_eq!(m.view(Seats::DUMMY).partner_hand, m.round().hand(Seats::DRIVER));
        assert_eq!(m.view(Seat::ALL[1]).partner_hand, CardSet::EMPTY);
    }
    assert!(dummy_called, "some deal has the dummy call");
}

#[test]
fn rd_open_is_an_event_with_the_dummys_cards() {
    let (_, _, events) = random_match(&short(Preset::Dummy.rules(), 2), 3);
    let opened: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::DummyOpened { seat, cards } => Some((*seat, cards.len())),
            _ => None,
        })
        .collect();
    assert_eq!(opened, [(Seats::DUMMY, 13), (Seats::DUMMY, 13)]);
}

#[test]
fn rd_play_every_trick_is_played_and_the_driver_collects_for_the_dummy() {
    for seed in 0..10 {
        let (m, _, events) = random_match(&short(Preset::Dummy.rules(), 4), seed);
        for r in m.results() {
            assert_eq!(r.tricks.iter().map(|&t| u32::from(t)).sum::<u32>(), 13);
            assert_eq!(r.kind, HandKind::Plain);
        }
        let tricks = events
            .iter()
            .filter(|e| matches!(e, Event::TrickWon { .. }))
            .count();
        assert_eq!(tricks, 13 * m.results().len());
        // only the driver and the dummy are partners: the people at seats 1 and 3 play alone
        let seats = m.rules().seats();
        assert_eq!(seats.side(Seats::DRIVER), seats.side(Seats::DUMMY));
        assert_eq!(seats.opponents(Seat::ALL[1]).count(), 3);
    }
}

#[test]
fn rd_score_each_person_scores_what_they_collected_to_104() {
    let rules = Preset::Dummy.rules();
    for seed in 0..6 {
        let (m, record, events) = random_match(&rules, seed);
        let summary = m.summary();
        assert!(summary.finished && summary.dummy);
        assert_eq!(summary.score.len(), 3);
        assert_eq!(summary.score.iter().sum::<u32>(), 13 * summary.hands);
        assert!(summary.score.iter().any(|&s| s >= 104));
        let best = *summary.score.iter().max().unwrap();
        let leaders: Vec<usize> = (0..3).filter(|&i| summary.score[i] == best).collect();
        assert_eq!(
            summary.winner,
            (leaders.len() == 1).then(|| Side::ALL[leaders[0]]),
            "the highest score wins"
        );
        // the score after each hand adds each person's collected tricks, the dummy's to its
        // driver
        let mut seating = *Match::new(&rules, seed).unwrap().seating();
        let mut expected = [0u32; 4];
        let mut results = m.results().iter();
        for e in &events {
            match e {
                Event::HandScored { score } => {
                    let r = results.next().unwrap();
                    for side in Side::ALL.into_iter().take(3) {
                        expected[seating.person_of_side(side)] += u32::from(r.tricks[side.index()]);
                    }
                    assert_eq!(score.points, expected);
                }
                Event::NextDealer { .. } => seating = seating.next_hand(),
                _ => {}
            }
        }
        assert_eq!(record.replay().unwrap().summary(), summary);
        assert!(summary.to_text().contains("player"));
    }
}

#[test]
fn rd_play_the_dummys_cards_are_played_by_intents_of_the_dummy_seat() {
    let mut rng = SmallRng::seed_from_u64(9);
    let mut m = Match::new(&Preset::Dummy.rules(), 9).unwrap();
    until(&mut m, Phase::TrickPlay, &mut rng);
    while m.to_act() != Some(Seats::DUMMY) {
        let (who, intent) = random_intent(&m, &mut rng);
        m.apply(who, intent).unwrap();
        m.advance();
    }
    let view = m.view(Seats::DUMMY);
    let card = view.playable().lowest().unwrap();
    assert!(m.apply(Seats::DRIVER, Intent::Play { card }).is_err());
    m.apply(Seats::DUMMY, Intent::Play { card }).unwrap();
}

#[test]
fn rd_seats_a_person_sees_from_their_seat_and_acts_for_the_dummy_they_drive() {
    let rules = short(Preset::Dummy.rules(), 3);
    let mut dummy_turns = 0;
    for seed in 0..6 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut m = Match::new(&rules, seed).unwrap();
        loop {
            m.advance();
            let Some(who) = m.to_act() else { break };
            let driver = m.seating().driver().unwrap();
            for person in m.seating().all() {
                let view = m.view_for(person);
                assert_eq!(view.seat, m.seating().seat_of(person));
                assert_eq!(view.people[view.seat.index()], person);
                if m.seating().person_at(who) == person {
                    assert_eq!(m.seat_for(person), who);
                    assert_eq!(view.acting(), m.view(who), "{person} acts for {who}");
                } else {
                    assert_eq!(view, m.view(view.seat));
                    assert!(view.legal.is_empty());
                }
            }
            if who == Seats::DUMMY {
                dummy_turns += 1;
                let view = m.view_for(driver);
                if let Some(Intent::Play { card }) = view.legal.first() {
                    assert_eq!(view.why_not_play(*card), None);
                }
            }
            let (seat, intent) = random_intent(&m, &mut rng);
            m.apply(seat, intent).unwrap();
        }
    }
    assert!(dummy_turns > 50);
}
