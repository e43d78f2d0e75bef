//! The HUD fits the window at every size CI pictures and at interface sizes 1 and 1.3: the bar,
//! the corner and the plates drawn as they are in the game (egui run headless), the cards
//! projected through the table's camera.

use bevy::camera::{CameraProjection, PerspectiveProjection};
use bevy::prelude::*;
use bevy_egui::egui;
use courtpiece_bots::Level;
use courtpiece_net::Session;
use courtpiece_net::protocol::{LobbyState, SeatState};
use courtpiece_rules::{Match, Preset, RuleSet, Seat, SeatView};

use super::{bar, leave, plates};
use crate::desktop::settings::Settings;
use crate::desktop::table::geometry::{self, CARD_H, CARD_W, Eye};
use crate::desktop::table::layout::Spot;
use crate::desktop::table::scene;

const WINDOWS: [(f32, f32); 3] = [(1280.0, 800.0), (1000.0, 700.0), (800.0, 600.0)];
const ZOOMS: [f32; 2] = [1.0, 1.3];

/// Where a point of the table is drawn in a window of `size` logical pixels.
fn project(size: Vec2, point: Vec3) -> Vec2 {
    let projection = PerspectiveProjection {
        aspect_ratio: size.x / size.y,
        ..Default::default()
    };
    let clip = projection.get_clip_from_view() * scene::eye().to_matrix().inverse() * point.extend(1.0);
    let ndc = clip.truncate() / clip.w;
    Vec2::new((ndc.x + 1.0) / 2.0 * size.x, (1.0 - ndc.y) / 2.0 * size.y)
}

/// A hand of `of` cards of `seat` seen from the first seat at a table of four, in points.
fn hand(size: Vec2, zoom: f32, seat: Seat, of: u8) -> egui::Rect {
    let eye = Eye {
        me: Seat::ALL[0],
        seats: courtpiece_rules::Seats::FOUR,
        clockwise: false,
    };
    let mut rect = egui::Rect::NOTHING;
    for index in 0..of {
        let spot = Spot::Hand {
            seat,
            index,
            of,
            face_up: seat == eye.me,
        };
        let t = geometry::transform(spot, eye, false);
        for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let corner = t.transform_point(Vec3::new(x * CARD_W / 2.0, 0.0, z * CARD_H / 2.0));
            let p = project(size, corner) / zoom;
            rect.extend_with(egui::pos2(p.x, p.y));
        }
    }
    rect
}

/// A session of `name` in the first place of a started table of `rules`, with these bots in
/// the other places.
pub(super) fn seated(name: &str, rules: RuleSet, bots: &[Level]) -> Session {
    let mut session = Session::new(name.into(), None);
    session.seat = Some(Seat::ALL[0]);
    let person = SeatState::Player {
        name: name.into(),
        away: false,
    };
    session.lobby = Some(LobbyState {
        table: "test".into(),
        rules,
        seats: std::iter::once(person)
            .chain(bots.iter().map(|&l| SeatState::Bot(l)))
            .collect(),
        spectators: Vec::new(),
        arriving: Vec::new(),
        started: true,
        turn_timer: None,
        you: Some(Seat::ALL[0]),
    });
    session
}

/// A table at its widest bar: bots with names, the trump suit known, late in a long match with a
/// heap, the tens of Mindi, two-digit scores and streaks.
fn busy_table() -> (Session, SeatView) {
    let rules = Preset::Mindi.rules();
    let mut game = Match::new(&rules, 3).expect("the preset's rules are valid");
    while game.view(Seat::ALL[0]).trumps.is_none() {
        game.advance();
        let who = game.to_act().expect("someone calls trumps");
        let intent = game.round().legal_intents(who)[0];
        game.apply(who, intent).expect("a legal intent");
    }
    let mut view = game.view(Seat::ALL[0]);
    view.hand_no = 24;
    view.heap.tricks = 6;
    view.taken = [12, 11, 0, 0];
    view.tens = Some([2, 1, 0, 0]);
    view.score.points = [17, 18, 0, 0];
    view.score.streak = [3, 4, 0, 0];
    let bots = [Level::Hard, Level::Medium, Level::Hard];
    let session = seated("Player", rules, &bots);
    (session, view)
}

/// The bar and the corner as drawn in a window of `size` logical pixels at `zoom`; the bar's
/// rectangle in points.
fn top_bar(size: Vec2, zoom: f32, session: &Session, view: &SeatView) -> egui::Rect {
    let ctx = egui::Context::default();
    ctx.set_zoom_factor(zoom);
    let settings = Settings::default();
    // what the player sees once the frames settle: the bar keeps clear of the corner as it was
    // drawn the frame before, and egui sizes an area anew over its first frames
    let area = || ctx.memory(|m| m.area_rect(egui::Id::new(bar::AREA)));
    let mut last = None;
    for _ in 0..10 {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(size.x, size.y) / zoom,
            )),
            ..Default::default()
        };
        ctx.begin_pass(input);
        leave::buttons(&ctx, Some(&mut false));
        bar::draw(&ctx, session, Some(view), &settings);
        ctx.end_pass().drop_without_applying_deltas();
        if last.is_some() && area() == last {
            break;
        }
        last = area();
    }
    last.expect("the bar was drawn")
}

#[test]
fn the_top_bar_leaves_the_far_players_cards_in_sight_and_stays_in_the_window() {
    let (session, view) = busy_table();
    for (w, h) in WINDOWS {
        for zoom in ZOOMS {
            let size = Vec2::new(w, h);
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h) / zoom);
            let bar = top_bar(size, zoom, &session, &view);
            let far = hand(size, zoom, Seat::ALL[2], 13);
            let at = format!("{w}x{h} at {zoom}: bar {bar:?}, far hand {far:?}");
            assert!(window.contains_rect(bar), "leaves the window: {at}");
            // a card's corner index is what must show: its top fifth
            assert!(
                bar.bottom() < far.top() + far.height() / 5.0,
                "hides the far cards: {at}"
            );
        }
    }
}

#[test]
fn no_name_plate_covers_the_hand_another_plate_or_leaves_the_window() {
    let (session, view) = busy_table();
    for (w, h) in WINDOWS {
        for zoom in ZOOMS {
            let size = Vec2::new(w, h);
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h) / zoom);
            // seventeen cards in Hokm for three
            let hand = hand(size, zoom, Seat::ALL[0], 13).union(hand(size, zoom, Seat::ALL[0], 17));
            // what stands above the hand (the decision box) ends at its top
            let top_of_hand = project(size, geometry::hand_top()).y / zoom;
            assert!(
                top_of_hand <= hand.top(),
                "{top_of_hand} is below the hand {hand:?}"
            );
            let top = top_bar(size, zoom, &session, &view).bottom() + 6.0;
            // the player's own plate is two lines
            let mut plates = vec![plates::own(window, egui::vec2(220.0, 52.0))];
            for place in 1..4 {
                let (at, side) = geometry::plate(place).expect("three other places");
                let p = project(size, at) / zoom;
                plates.push(plates::on_table(
                    egui::pos2(p.x, p.y),
                    side,
                    plates::PLATE,
                    top,
                    window,
                ));
            }
            // the other hands: thirteen cards at every place, seventeen at the sides (Hokm for
            // three seats nobody across). The side plates stand outside the side hands where the
            // window has room for the widest plate there (1280x800 at interface size 1);
            // narrower, the window's edge pushes them in over the cards' outer ends
            let others: Vec<egui::Rect> = (1..4)
                .map(|place| {
                    let seat = Seat::ALL[place];
                    let most = if place == 2 { 13 } else { 17 };
                    self::hand(size, zoom, seat, 13).union(self::hand(size, zoom, seat, most))
                })
                .collect();
            for (i, plate) in plates.iter().enumerate() {
                let at = format!("plate {i} in {w}x{h} at {zoom}: {plate:?}, hand {hand:?}");
                assert!(!plate.intersects(hand), "covers the hand: {at}");
                if (w, h, zoom) == (1280.0, 800.0, 1.0) {
                    for other in &others {
                        assert!(!plate.intersects(*other), "covers a hand at {other:?}: {at}");
                    }
                }
                assert!(window.contains_rect(*plate), "leaves the window: {at}");
                for (j, other) in plates.iter().enumerate().skip(i + 1) {
                    assert!(!plate.intersects(*other), "covers plate {j} ({other:?}): {at}");
                }
            }
        }
    }
}
