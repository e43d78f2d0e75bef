//! A record as the table shows it: one update for the start and one for each move, each with
//! the events of that move and the table after it from the first seat, every hand open (a
//! replay hides nothing) and nothing to decide.

use courtpiece_net::Update;
use courtpiece_rules::{CardSet, GameRecord, Match, RecordError, Seat, SeatView};

/// One step of a replay: what the table shows after it, and the hand it belongs to.
#[derive(Clone, Debug)]
pub struct Step {
    pub update: Update,
    pub hand: u32,
    /// Every seat's discards after it (R2-DEAL, R2-DRAW): the view carries only its own.
    pub discards: [CardSet; 4],
}

/// The cards each seat has discarded in the hand in play.
fn discards(m: &Match) -> [CardSet; 4] {
    Seat::ALL.map(|seat| m.round().discards(seat))
}

/// The view a replay shows: the first seat's, with every hand face up, in Hokm for two's draw
/// the card looked at whoever looks at it (R2-DRAW), and the face-down indicator and trumps known
/// as the caller knows them (`V-CALL=hidden`).
fn open_view(m: &Match) -> SeatView {
    let mut view = m.view(Seat::ALL[0]);
    view.shown_hands = Some(m.round().hands());
    view.offer = m.round().offer();
    view.known_trumps = m.round().secret_trumps();
    view.own_indicator = m.round().indicator();
    view.legal.clear();
    view
}

/// Every step of `record`, checked move by move as `replay` does.
pub fn steps(record: &GameRecord) -> Result<Vec<Step>, RecordError> {
    let mut m = record.start()?;
    let events = m.advance();
    let mut steps = vec![Step {
        hand: m.hand_no(),
        discards: discards(&m),
        update: Update {
            moves: 0,
            events,
            tricks_from: 0,
            view: open_view(&m),
        },
    }];
    for (i, mv) in record.moves.iter().enumerate() {
        let index = i + 1;
        let hand = m.hand_no();
        let mut events = mv.replay_on(&mut m, index)?;
        events.extend(m.advance());
        steps.push(Step {
            hand,
            discards: discards(&m),
            update: Update {
                moves: u32::try_from(index).unwrap_or(u32::MAX),
                events,
                tricks_from: 0,
                view: open_view(&m),
            },
        });
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use courtpiece_bots::Level;
    use courtpiece_rules::{CallView, Event, Intent, Preset};

    /// A match of `hands` hands between Medium bots, recorded.
    fn recorded(preset: Preset, hands: u32, seed: u64) -> GameRecord {
        let mut rules = preset.rules();
        rules.max_hands = Some(hands);
        let mut record = GameRecord::new(&rules, seed);
        let mut m = record.start().unwrap();
        let mut bots: Vec<_> = (0..4).map(|i| Level::Medium.bot(seed + i)).collect();
        loop {
            m.advance();
            let Some(seat) = m.to_act() else { break };
            let view = m.view(seat);
            let intent = bots[seat.index()].decide(&view, &rules);
            record.apply(&mut m, seat, intent).unwrap();
        }
        record
    }

    #[test]
    fn a_step_for_the_start_and_one_for_each_move_every_hand_open() {
        for preset in [
            Preset::CourtPiece,
            Preset::HiddenRang,
            Preset::HokmThree,
            Preset::HokmTwo,
            Preset::Dummy,
        ] {
            let record = recorded(preset, 2, 5);
            let steps = steps(&record).unwrap();
            assert_eq!(steps.len(), record.moves.len() + 1, "{preset}");
            let mut hidden = 0;
            for step in &steps {
                let view = &step.update.view;
                assert!(view.legal.is_empty(), "{preset}: nothing to decide in a replay");
                let open = view.shown_hands.unwrap();
                let held: u32 = open.iter().map(|h| h.len()).sum();
                let counted: u32 = view.counts.iter().map(|&c| u32::from(c)).sum();
                assert_eq!(held, counted, "{preset}: every card held is shown");
                for seat in view.seats.all() {
                    let shown = step.discards[seat.index()].len();
                    assert_eq!(shown, u32::from(view.discarded[seat.index()]), "{preset}");
                }
                assert_eq!(step.discards[0], view.discards, "{preset}");
                if view.call.is_some() {
                    assert!(
                        view.known_trumps.is_some(),
                        "{preset}: trumps as the caller knows them"
                    );
                }
                let face_down = view.call == Some(CallView::FaceDown);
                assert_eq!(
                    view.own_indicator.is_some(),
                    face_down,
                    "{preset}: the indicator known while it lies face down"
                );
                hidden += usize::from(face_down);
            }
            // every card looked at in the draw is shown, the second player's too
            let offers = steps.iter().filter(|s| s.update.view.offer.is_some()).count();
            let turns = record
                .moves
                .iter()
                .filter(|mv| matches!(mv.intent, Intent::Keep | Intent::Decline))
                .count();
            assert_eq!(offers, turns, "{preset}");
            assert_eq!(turns > 0, preset == Preset::HokmTwo, "{preset}");
            assert_eq!(hidden > 0, preset == Preset::HiddenRang, "{preset}");
            let discarded = steps.iter().map(|s| s.discards[1].len()).max();
            assert_eq!(discarded > Some(0), preset == Preset::HokmTwo, "{preset}");
            let last = &steps.last().unwrap().update;
            assert!(last.view.match_over, "{preset}");
            assert!(last.events.iter().any(|e| matches!(e, Event::MatchOver { .. })));
            let won = steps
                .iter()
                .flat_map(|s| &s.update.events)
                .filter(|e| matches!(e, Event::TrickWon { .. }))
                .count();
            assert!(won >= 14, "{preset}: {won} tricks won in two hands");
        }
    }

    #[test]
    fn a_bad_record_is_refused_with_its_first_bad_move() {
        let mut record = recorded(Preset::CourtPiece, 1, 3);
        let last = record.moves.len() - 1;
        record.moves[last].seat = record.moves[last].seat.next();
        assert!(matches!(steps(&record), Err(RecordError::IllegalMove { .. })));
    }
}
