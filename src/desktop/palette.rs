//! Every colour of the window in one place: the room and the HUD agree on what gold, a side and a
//! warning look like.

use bevy::prelude::Color;
use bevy_egui::egui::Color32;
use courtpiece_rules::MAX_SIDES;

use super::settings::TableColour;

/// The sides: at four the first team (seats 0 and 2) in blue, the other in orange; at smaller
/// tables each player's own, the third in green.
pub const SIDES: [Color32; MAX_SIDES] = [
    Color32::from_rgb(90, 150, 230),
    Color32::from_rgb(230, 150, 70),
    Color32::from_rgb(120, 200, 120),
    Color32::from_rgb(200, 130, 220),
];
/// Whose turn it is, and what needs the eye.
pub const TURN: Color32 = Color32::GOLD;
/// A clock about to run out.
pub const HURRY: Color32 = Color32::from_rgb(255, 110, 90);
/// A refusal or a connection event.
pub const NOTICE: Color32 = Color32::from_rgb(255, 170, 120);
/// An error in a form, or why a table could not be opened.
pub const ERROR: Color32 = Color32::from_rgb(240, 110, 100);
/// Big words over the felt.
pub const OVER_FELT: Color32 = Color32::WHITE;
/// A black suit on the dark HUD.
pub const BLACK_SUIT_ON_DARK: Color32 = Color32::from_rgb(240, 240, 240);

/// The room behind the table.
pub const ROOM: Color = Color::srgb(0.06, 0.05, 0.045);
/// The light that is everywhere, warm.
pub const AMBIENT: Color = Color::srgb(1.0, 0.9, 0.78);
/// The felt of each table colour, over its near-white texture.
pub const fn felt(colour: TableColour) -> Color {
    match colour {
        TableColour::Green => Color::srgb(0.1, 0.4, 0.22),
        TableColour::Blue => Color::srgb(0.09, 0.24, 0.46),
        TableColour::Wine => Color::srgb(0.42, 0.08, 0.13),
        TableColour::Slate => Color::srgb(0.24, 0.28, 0.31),
    }
}
/// Over the floor's and the walls' textures: the room stays darker than the table under the
/// lamp.
pub const FLOOR: Color = Color::srgb(0.36, 0.32, 0.3);
pub const WALL: Color = Color::srgb(0.7, 0.64, 0.6);
/// The lamp over the table.
pub const LAMP: Color = Color::srgb(1.0, 0.85, 0.62);
/// The cool daylight from the side.
pub const DAYLIGHT: Color = Color::srgb(0.9, 0.92, 1.0);
/// The glow under the card that wins a trick, added to what is under it.
pub const GLOW: Color = Color::srgb(1.0, 0.72, 0.25);
/// A card's face as it is, and dimmed when it may not be played.
pub const CARD: Color = Color::WHITE;
pub const CARD_DIMMED: Color = Color::srgb(0.55, 0.55, 0.58);
