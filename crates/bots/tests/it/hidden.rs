//! R-HIDTRICK in the bots' positions and memory: in the trick in which hidden trumps are revealed,
//! the search positions decide as the table does, and a caller who had to play the face-down
//! indicator is known to hold no more of its suit.

use courtpiece_bots::Level;
use courtpiece_bots::memory::Memory;
use courtpiece_rules::{Deal, Event, Intent, Match, Phase, PlayState, Preset, Seat};

#[test]
fn r_hidtrick_search_positions_and_memory_agree_with_the_table() {
    let rules = Preset::HiddenRang.rules();
    let (mut checked, mut forced) = (0, 0);
    for seed in 0..60 {
        let mut m = Match::new(&rules, seed).expect("a preset's rules");
        let mut bots: Vec<_> = Seat::ALL
            .map(|s| Level::Easy.bot(seed * 4 + s.index() as u64))
            .into();
        while !m.is_over() && m.score().hands < 4 {
            m.advance();
            let Some(who) = m.to_act() else { break };
            let view = m.view(who);
            let round = m.round();
            let trick = round.trick();
            if view.phase == Phase::TrickPlay
                && trick.revealed_at().is_some()
                && view.legal.iter().all(|i| matches!(i, Intent::Play { .. }))
            {
                checked += 1;
                let pos =
                    PlayState::open(&Deal::new(round.hands()), trick, &rules).expect("the table's position");
                assert_eq!(pos.winning(), trick.winner(), "in {trick:?}");
                let state = PlayState::from_round(round);
                assert_eq!(state.winning(), trick.winner(), "in {trick:?}");
                for intent in &view.legal {
                    let Intent::Play { card } = *intent else { continue };
                    assert_eq!(pos.would_win(card), trick.would_win(card), "{card} to {trick:?}");
                    let mut after = pos;
                    let won = after.play(card);
                    let mut table = m.clone();
                    let events = table.apply(who, *intent).expect("a legal card");
                    let by_table = events.iter().find_map(|e| match e {
                        Event::TrickWon { seat, .. } => Some(*seat),
                        _ => None,
                    });
                    assert_eq!(won, by_table, "{card} to {trick:?}");
                }
            }
            let intent = bots[who.index()].decide(&view, &rules);
            // the caller plays the face-down indicator to follow the suit led
            let caller = round.caller();
            let forced_suit = match intent {
                Intent::Play { card }
                    if round.indicator() == Some(card) && trick.led_suit() == Some(card.suit()) =>
                {
                    Some(card.suit())
                }
                _ => None,
            };
            m.apply(who, intent).expect("a bot plays legally");
            if let Some(suit) = forced_suit
                && m.phase() == Phase::TrickPlay
            {
                forced += 1;
                for seat in Seat::ALL {
                    let memory = Memory::read(&m.view(seat), &rules);
                    assert!(
                        memory.voids[caller.index()][suit.index()],
                        "{seat} knows the caller had no other {suit}"
                    );
                    assert!(!m.round().hand(caller).has_suit(suit));
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} decisions after a reveal");
    assert!(forced > 3, "only {forced} forced indicators");
}
