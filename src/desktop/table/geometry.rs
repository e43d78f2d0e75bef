//! Where the places of the layout are in the scene: the seats around the table seen from the
//! player's own at the bottom, and the transform of a card at each spot.

use bevy::prelude::*;
use courtpiece_net::Session;
use courtpiece_rules::{Seat, SeatView, Seats, Side};

use super::layout::Spot;

/// Card size on the table, in metres of the scene.
pub const CARD_W: f32 = 0.63;
pub const CARD_H: f32 = 0.88;

/// The table as the player at `me` sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eye {
    pub me: Seat,
    pub seats: Seats,
    /// Play goes clockwise on the table (R-DIR).
    pub clockwise: bool,
}

impl Eye {
    /// The player's eye on the table of `view`, with the direction of play of the table's rules.
    pub fn of(view: &SeatView, session: Option<&Session>) -> Eye {
        Eye {
            me: view.seat,
            seats: view.seats,
            clockwise: session
                .and_then(|s| s.lobby.as_ref())
                .is_some_and(|l| l.rules.clockwise),
        }
    }

    /// Where a seat sits, seen from `me` at the bottom: 0 bottom, 1 to the side play goes to
    /// next, 2 across, 3 the other side. Three players sit at the bottom and the two sides (the
    /// far side stays free for the card out of play); two face each other.
    pub fn place(self, seat: Seat) -> usize {
        let rel = self.seats.places(self.me, seat);
        let places: &[usize] = match (self.seats.count(), self.clockwise) {
            (4, false) => &[0, 1, 2, 3],
            (4, true) => &[0, 3, 2, 1],
            (3, false) => &[0, 1, 3],
            (3, true) => &[0, 3, 1],
            _ => &[0, 2],
        };
        places[rel % places.len()]
    }

    /// Where a side's won tricks lie: by the player's own hand for their side, across for the
    /// other team at four, and by the seat of each other player at smaller tables.
    fn pile_place(self, side: Side) -> usize {
        if side == self.seats.side(self.me) {
            0
        } else if self.seats.count() == 4 {
            2
        } else {
            Seat::new(u8::try_from(side.index()).unwrap_or(0)).map_or(2, |seat| self.place(seat))
        }
    }
}

/// The top of the player's own hand as it stands fanned toward the camera (a card lifted under
/// the mouse reaches it): what is drawn over the table stays above it.
pub fn hand_top() -> Vec3 {
    let stand = std::f32::consts::FRAC_PI_2 * 0.72;
    Vec3::new(
        0.0,
        0.62 + 0.22 + CARD_H / 2.0 * stand.sin(),
        3.05 - CARD_H / 2.0 * stand.cos(),
    )
}

/// Which way a name plate stands from its point on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlateSide {
    /// Starting at the point, to its right.
    Right,
    /// Ending at the point, to its left.
    Left,
}

/// Where the name plate of the player at a place around the table stands: beside their cards,
/// never on them: outside the hands at the sides (a side hand's cards lie across the table's
/// edge, 2.75 from the centre and a card's height deep), to the left of the hand across, so that
/// the bar along the top of the window does not push it onto the cards. The player's own plate
/// is not on the table: it stands in the window's corner, clear of the hand.
pub fn plate(place: usize) -> Option<(Vec3, PlateSide)> {
    let outside = 2.75 + CARD_H / 2.0 + 0.45;
    match place {
        1 => Some((Vec3::new(outside, 0.0, 0.3), PlateSide::Right)),
        2 => Some((Vec3::new(-1.75, 0.0, -2.75), PlateSide::Left)),
        3 => Some((Vec3::new(-outside, 0.0, 0.3), PlateSide::Left)),
        _ => None,
    }
}

/// The direction from the centre to a place around the table: 0 = toward the camera (+Z), then
/// right (+X), far (-Z), left (-X).
fn toward(place: usize) -> (Vec3, f32) {
    match place {
        0 => (Vec3::Z, 0.0),
        1 => (Vec3::X, std::f32::consts::FRAC_PI_2),
        2 => (Vec3::NEG_Z, std::f32::consts::PI),
        _ => (Vec3::NEG_X, -std::f32::consts::FRAC_PI_2),
    }
}

/// The transform of a card at `spot`, for the player at `eye`.
pub fn transform(spot: Spot, eye: Eye, lifted: bool) -> Transform {
    let flat = |pos: Vec3, yaw: f32, face_up: bool| {
        let flip = if face_up {
            Quat::IDENTITY
        } else {
            Quat::from_rotation_z(std::f32::consts::PI)
        };
        Transform::from_translation(pos).with_rotation(Quat::from_rotation_y(yaw) * flip)
    };
    // across the place's edge of the table, to its right as its player sees it
    let along = |dir: Vec3| Vec3::new(dir.z, 0.0, -dir.x);
    match spot {
        Spot::Hand {
            seat,
            index,
            of,
            face_up,
        } => {
            let place = eye.place(seat);
            let (dir, yaw) = toward(place);
            let n = f32::from(of.max(1));
            let i = f32::from(index);
            if place == 0 && seat == eye.me {
                // the player's own hand: a fan standing up toward the camera, as wide for 17
                // cards (Hokm for three) as for 13
                let spread = (0.42f32).min(5.5 / n);
                let x = (i - (n - 1.0) / 2.0) * spread;
                let arc = -(x * x) * 0.03;
                let fan = -x * 0.06;
                let lift = if lifted { 0.22 } else { 0.0 };
                let pos = Vec3::new(x, 0.62 + arc + lift, 3.05 + i * 0.004);
                let stand = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2 * 0.72);
                let flip = if face_up {
                    Quat::IDENTITY
                } else {
                    Quat::from_rotation_z(std::f32::consts::PI)
                };
                Transform::from_translation(pos).with_rotation(Quat::from_rotation_z(fan) * stand * flip)
            } else {
                let spread = 0.22f32.min(3.2 / n);
                let pos =
                    dir * 2.75 + along(dir) * ((i - (n - 1.0) / 2.0) * spread) + Vec3::Y * (0.01 + i * 0.003);
                flat(pos, yaw, face_up)
            }
        }
        Spot::Trick { seat, order } => {
            let (dir, yaw) = toward(eye.place(seat));
            let twist = (f32::from(order) - 1.5) * 0.12;
            flat(
                dir * 0.62 + Vec3::Y * (0.02 + f32::from(order) * 0.004),
                yaw + twist,
                true,
            )
        }
        Spot::Pile { side, trick, order } => {
            let base = match eye.pile_place(side) {
                0 => Vec3::new(-2.55, 0.0, 1.75),
                1 => Vec3::new(2.3, 0.0, -2.3),
                2 => Vec3::new(2.55, 0.0, -1.75),
                _ => Vec3::new(-2.3, 0.0, -2.3),
            };
            let pos =
                base + Vec3::new(
                    0.0,
                    0.01 + f32::from(trick) * 0.012 + f32::from(order) * 0.002,
                    0.0,
                ) + Vec3::new(f32::from(trick) * 0.03, 0.0, 0.0);
            flat(pos, 0.3 + f32::from(trick % 3) * 0.05, false)
        }
        Spot::Heap { trick, order } => {
            let pos = Vec3::new(
                -1.6,
                0.01 + f32::from(trick) * 0.012 + f32::from(order) * 0.002,
                -0.4,
            );
            flat(pos, -0.4 + f32::from(trick) * 0.15, false)
        }
        Spot::Indicator { seat, face_up } => {
            let (dir, yaw) = toward(eye.place(seat));
            let side = -along(dir) * 0.9;
            flat(dir * 1.7 + side + Vec3::Y * 0.012, yaw + 0.5, face_up)
        }
        Spot::Deck { dealer, index } => {
            let (dir, yaw) = toward(eye.place(dealer));
            flat(
                dir * 1.9 + along(dir) * 1.2 + Vec3::Y * (0.01 + f32::from(index) * 0.004),
                yaw,
                false,
            )
        }
        Spot::Offer { dealer } => {
            // beside the stock, turned to the player who looks at it
            let (dir, _) = toward(eye.place(dealer));
            flat(dir * 1.9 + along(dir) * 0.4 + Vec3::Y * 0.2, 0.0, true)
        }
        Spot::Discard { seat, index, face_up } => {
            // a column along the table's edge to the seat's left (a side nobody sits at, at a
            // table of two), each card a little nearer the seat and over the one before, so the
            // player reads the corner of each of their own
            let (dir, yaw) = toward(eye.place(seat));
            let i = f32::from(index);
            let pos = -along(dir) * 2.9 + dir * (-1.8 + i * 0.2) + Vec3::Y * (0.01 + i * 0.003);
            flat(pos, if face_up { 0.0 } else { yaw }, face_up)
        }
        Spot::Passed { seat, index, face_up } => {
            // put down between the seat and the middle, on the side of the seat it goes to
            let (dir, yaw) = toward(eye.place(seat));
            let i = f32::from(index);
            let pos = dir * 1.45 + along(dir) * (0.55 + i * 0.32) + Vec3::Y * (0.01 + i * 0.003);
            flat(pos, if face_up { 0.0 } else { yaw }, face_up)
        }
        Spot::Aside { index } => {
            // out of play, face up where nobody sits
            let i = f32::from(index);
            flat(Vec3::new(i * 0.3, 0.01, -2.45), 0.15, true)
        }
    }
}
