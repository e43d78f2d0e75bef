//! The HUD over the table (egui), one concern a file: the bar of trumps, tricks and score; the
//! name plates and the turn clock; the decisions that are not a card (cut, call, redeal, reveal,
//! play on); the last trick on demand; what just happened, big; the hand's result and a look back
//! on the hand; a hint on the player's turn, where they want one; the lobby before the deal; the
//! rail of watchers during a match; refusals and connection events; leaving.

use bevy::prelude::*;
use bevy_egui::egui;
use courtpiece_net::{SeatState, Session};
use courtpiece_rules::{
    Call, Event, HandResult, Intent, MatchScore, Phase, RuleSet, Scoring, Seat, SeatView, Seats, Side, Suit,
};

use super::palette;
use super::screen::Screen;
use super::table::pacing::Shown;
use crate::words;

mod announce;
mod bar;
mod decisions;
#[cfg(test)]
mod fits;
mod hint;
mod last_trick;
mod leave;
mod lobby;
mod notices;
mod plates;
mod rail;
mod result;
pub mod review;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        bar::plugin,
        plates::plugin,
        decisions::plugin,
        hint::plugin,
        last_trick::plugin,
        announce::plugin,
        result::plugin,
        review::plugin,
        lobby::plugin,
        rail::plugin,
        notices::plugin,
        leave::plugin,
    ));
}

/// The HUD's systems run on the table's screen while the table is there to be shown: not once
/// the connection is lost or the host said goodbye before the match ended (then only the
/// notice of it and the way out).
fn table_on(session: Option<Res<Session>>, screen: Res<State<Screen>>) -> bool {
    *screen.get() == Screen::Table && session.is_some_and(|s| gone(&s).is_none())
}

/// The view on the table when it waits for a decision of the player's that is not a card (a
/// cut, a call, a redeal, a reveal, playing on), and the table has caught up with it.
fn deciding<'a>(session: &Session, shown: &'a Shown) -> Option<&'a SeatView> {
    // legal intents come only to the person who acts: for their seat or the dummy they drive
    shown.view.as_ref().filter(|v| {
        shown.caught_up()
            && session.seat.is_some()
            && v.legal.iter().any(|i| !matches!(i, Intent::Play { .. }))
    })
}

/// The hand's result on the table now: from the update that ended the hand until the next deal.
fn hand_result(shown: &Shown) -> Option<HandResult> {
    let view = shown.view.as_ref()?;
    shown
        .events
        .iter()
        .find_map(|e| match e {
            Event::HandOver { result } => Some(*result),
            _ => None,
        })
        .or(view.result.filter(|_| view.phase == Phase::Scoring))
}

/// Why the table is gone, while the match was not over.
fn gone(session: &Session) -> Option<String> {
    if session.summary.is_some() {
        return None;
    }
    session
        .lost
        .clone()
        .or_else(|| session.goodbye.as_ref().map(ToString::to_string))
}

/// A suit's colour on the dark HUD: black suits in white, the others brightened.
fn suit_color(suit: Suit, four: bool) -> egui::Color32 {
    let [r, g, b] = super::art::ink(suit, four).0;
    if u16::from(r) + u16::from(g) + u16::from(b) < 128 {
        return palette::BLACK_SUIT_ON_DARK;
    }
    let light = |v: u8| v.saturating_add(70);
    egui::Color32::from_rgb(light(r), light(g), light(b))
}

/// Who takes the lobby's place `place`: a person's name, a bot's name and level.
fn name(session: &Session, place: Seat) -> String {
    let (name, about) = named_place(session, place);
    match about {
        Some(about) => format!("{name} ({about})"),
        None => name,
    }
}

/// The name of whoever takes the lobby's place `place`, and what to say about them in brackets:
/// a bot's level, "away". A place is a seat, but in Dummy Rang a person who moves round the
/// table from hand to hand.
fn named_place(session: &Session, place: Seat) -> (String, Option<String>) {
    let Some(lobby) = &session.lobby else {
        return (format!("Seat {}", place.index() + 1), None);
    };
    match lobby.seats.get(place.index()).unwrap_or(&SeatState::Open) {
        SeatState::Player { name, away } => (name.clone(), away.then(|| "away".to_owned())),
        SeatState::Program { name } => (name.clone(), Some("program".to_owned())),
        SeatState::Bot(level) => {
            let (name, level) = words::bot(place, *level);
            (name.to_owned(), Some(level))
        }
        SeatState::Open => ("open seat".into(), None),
    }
}

/// Whose hand is at `seat` in the hand `view` shows: the name of the person who plays it, and
/// for Dummy Rang's dummy its driver's ("Asha's dummy").
fn named(session: &Session, view: &SeatView, seat: Seat) -> (String, Option<String>) {
    let place = Seat::ALL[view.people[seat.index()].index()];
    if view.seats.dummy() == Some(seat) {
        if view.plays_too(seat) && session.seat.is_some() {
            return ("your dummy".into(), None);
        }
        return (format!("{}'s dummy", named_place(session, place).0), None);
    }
    named_place(session, place)
}

/// Is `seat` the partner of the player at the view's seat? Only someone seated has one, and only
/// at a table of four in two teams (Dummy Rang's dummy is its driver's second hand).
fn partner_of_player(session: &Session, view: &SeatView, seat: Seat) -> bool {
    session.seat.is_some() && view.seats.in_teams() && view.seats.partner(view.seat) == Some(seat)
}

/// Who plays `seat`, as the player of `view` sees them: "you", or the name with "partner".
fn who(session: &Session, view: &SeatView, seat: Seat) -> String {
    let me = view.seat;
    if seat == me && session.seat.is_some() {
        return "you".into();
    }
    let (name, about) = named(session, view, seat);
    let partner = partner_of_player(session, view, seat).then(|| "partner".to_owned());
    match (about, partner) {
        (Some(a), Some(p)) => format!("{name} ({a}, {p})"),
        (Some(x), None) | (None, Some(x)) => format!("{name} ({x})"),
        (None, None) => name,
    }
}

/// The match score with `hand` counted: while the table is at the hand's end the match has not
/// counted it yet (unless the hand ended the match).
fn score_after(view: &SeatView, hand: &HandResult, rules: &RuleSet) -> MatchScore {
    let mut score = view.score;
    if view.phase == Phase::Scoring && score.hands < view.hand_no {
        score.add(&view.seating().scored(hand), rules);
    }
    score
}

/// The match score as the table shows it: at a hand's end, with that hand counted.
fn shown_score(session: &Session, view: &SeatView) -> MatchScore {
    match (&session.lobby, &view.result) {
        (Some(lobby), Some(hand)) => score_after(view, hand, &lobby.rules),
        _ => view.score,
    }
}

/// What `view.caller` does in these rules: it calls trumps, or, where play fixes them
/// (RB-DEAL), it leads; in Dabba Rang, until the bidding settles who calls, it opens the
/// bidding (RDB-BID).
fn caller_verb(session: &Session, view: &SeatView) -> &'static str {
    let rules = session.lobby.as_ref().map(|l| &l.rules);
    if rules.is_some_and(|r| r.call == Call::FirstVoid) {
        "lead"
    } else if view.auction.is_some() && view.contract.is_none() {
        "open"
    } else {
        "call"
    }
}

/// Whether the table scores in courts (the score is then courts, with streaks) or in points.
fn scores_courts(session: &Session) -> bool {
    session
        .lobby
        .as_ref()
        .is_none_or(|l| l.rules.scoring == Scoring::Courts)
}

/// A seat's colour: its side's.
fn side(seats: Seats, seat: Seat) -> egui::Color32 {
    palette::SIDES[seats.side(seat).index()]
}

/// A side of the hand as the HUD shows it.
struct SideLabel {
    side: Side,
    /// Where the side stands in the match score: the side, or in Dummy Rang its person.
    scorer: usize,
    name: String,
    colour: egui::Color32,
}

/// The sides as the player at the view's seat names them, their own first: "us" and "them" at
/// four, "you" and each other player's name at smaller tables and in Dummy Rang. Someone who
/// watches (from the rail, or a replay) has no side: every side goes by its players' names,
/// the one of the seat they watch from first.
fn sides(session: &Session, view: &SeatView) -> Vec<SideLabel> {
    let seats = view.seats;
    let label = |side: Side, name: String| SideLabel {
        side,
        scorer: view.scorer(side),
        name,
        colour: palette::SIDES[side.index()],
    };
    let us = seats.side(view.seat);
    let mut out = Vec::with_capacity(seats.sides());
    let seated = session.seat.is_some();
    if seats.in_teams() {
        let team = |side: Side| {
            let names: Vec<String> = seats
                .all()
                .filter(|&s| seats.side(s) == side)
                .map(|s| named(session, view, s).0)
                .collect();
            names.join(" & ")
        };
        let (ours, theirs) = if seated {
            ("us".to_owned(), "them".to_owned())
        } else {
            (team(us), team(us.other()))
        };
        out.push(label(us, ours));
        out.push(label(us.other(), theirs));
    } else {
        let ours = if seated {
            "you".to_owned()
        } else {
            named(session, view, view.seat).0
        };
        out.push(label(us, ours));
        // the dummy's tricks are its driver's: one entry for their side
        for seat in seats.opponents(view.seat).filter(|&s| Some(s) != seats.dummy()) {
            out.push(label(seats.side(seat), named(session, view, seat).0));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use courtpiece_bots::Level;
    use courtpiece_rules::{Match, Person, Preset};

    use super::*;

    /// The result has the middle from the update that ends the hand, which in Double Sar also
    /// collects the last of the heap: the announcement of that collection steps aside for it.
    #[test]
    fn the_hand_result_is_on_the_table_from_the_update_that_ends_the_hand() {
        let rules = Preset::DoubleSar.rules();
        let mut game = Match::new(&rules, 6).expect("the preset's rules are valid");
        let mut bots: Vec<_> = (0..4).map(|i| Level::Medium.bot(i)).collect();
        let (mut ends, mut collected_at_end, mut during) = (0, 0, 0);
        let mut events = game.advance();
        while game.hand_no() <= 3 {
            let mut shown = Shown::default();
            shown.view = Some(game.view(Seat::ALL[0]));
            shown.events = events.clone();
            let over = events.iter().any(|e| matches!(e, Event::HandOver { .. }));
            assert_eq!(hand_result(&shown).is_some(), over);
            if over {
                ends += 1;
                collected_at_end +=
                    usize::from(events.iter().any(|e| matches!(e, Event::HeapCollected { .. })));
            } else if game.round().phase() == Phase::TrickPlay {
                during += 1;
            }
            let Some(seat) = game.to_act() else { break };
            let intent = bots[seat.index()].decide(&game.view(seat), &rules);
            events = game.apply(seat, intent).expect("a bot's intent is legal");
            events.extend(game.advance());
        }
        assert!(
            ends >= 2 && during > 0,
            "{ends} ends, {during} updates in trick play"
        );
        assert!(collected_at_end > 0, "a hand ended with a collection");
    }

    /// Dummy Rang: the HUD names each seat by the person who plays it this hand, the dummy by
    /// its driver, and reads the score per person.
    #[test]
    fn dummy_rang_seats_are_named_by_who_plays_them_this_hand() {
        let rules = Preset::Dummy.rules();
        let game = Match::new(&rules, 4).expect("the preset's rules are valid");
        let me = Person::ALL[0];
        let session = fits::seated("Asha", rules, &[Level::Hard, Level::Easy]);
        let mut view = game.view_for(me);
        let dummy = Seats::DUMMY;
        let driver = view.people[dummy.index()];
        assert_eq!(who(&session, &view, view.seat), "you");
        let expected = if driver == me {
            "your dummy".to_owned()
        } else {
            format!("{}'s dummy", named_place(&session, Seat::ALL[driver.index()]).0)
        };
        assert_eq!(named(&session, &view, dummy).0, expected);
        for seat in view.seats.all().filter(|&s| s != dummy) {
            let place = Seat::ALL[view.people[seat.index()].index()];
            assert_eq!(named(&session, &view, seat).0, named_place(&session, place).0);
        }
        // three entries, the dummy's tricks counted with its driver's, the score per person
        view.score.points = [10, 20, 30, 0];
        let labels = sides(&session, &view);
        assert_eq!(labels.len(), 3);
        assert_eq!(labels[0].name, "you");
        assert_eq!(view.score.points[labels[0].scorer], 10);
        for label in &labels[1..] {
            assert_ne!(label.scorer, me.index());
        }
    }

    /// Someone watching (from the rail, or a replay) sees the table from a seat that is not
    /// theirs: no "you", "us" or "partner", every side by its players' names.
    #[test]
    fn a_watcher_has_no_side_and_sees_every_side_named() {
        let rules = Preset::CourtPiece.rules();
        let game = Match::new(&rules, 4).expect("the preset's rules are valid");
        let mut session = fits::seated("Asha", rules, &[Level::Hard, Level::Easy, Level::Medium]);
        let view = game.view(Seat::ALL[0]);
        let partner = view
            .seats
            .partner(view.seat)
            .expect("a table of four in two teams");
        let seated = sides(&session, &view);
        assert_eq!((seated[0].name.as_str(), seated[1].name.as_str()), ("us", "them"));
        assert!(who(&session, &view, partner).ends_with(", partner)"));

        session.seat = None;
        let watched = sides(&session, &view);
        let name = |seat: Seat| named(&session, &view, seat).0;
        let team = |seats: [Seat; 2]| format!("{} & {}", name(seats[0]), name(seats[1]));
        assert_eq!(watched[0].name, team([Seat::ALL[0], Seat::ALL[2]]));
        assert_eq!(watched[1].name, team([Seat::ALL[1], Seat::ALL[3]]));
        assert_eq!(who(&session, &view, view.seat), "Asha");
        assert!(!who(&session, &view, partner).contains("partner"));

        // at a table of three the watched seat goes by its name too
        let rules = Preset::HokmThree.rules();
        let game = Match::new(&rules, 4).expect("the preset's rules are valid");
        let mut session = fits::seated("Asha", rules, &[Level::Hard, Level::Easy]);
        session.seat = None;
        let view = game.view(Seat::ALL[0]);
        let names: Vec<String> = sides(&session, &view).into_iter().map(|l| l.name).collect();
        assert_eq!(names.len(), 3);
        assert_eq!(names[0], "Asha");
        assert!(!names.iter().any(|n| n == "you"), "{names:?}");
    }
}
