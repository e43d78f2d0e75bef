//! The desktop table of `courtpiece`: the window, the menus, the 3D table and the HUD. The view
//! has no game logic: it draws the `SeatView`s the host sends, animates the table's events and
//! sends the player's intents. `words` holds the phrasing the window and the terminal share, `figures` the
//! helpers of the measuring commands, `history` the keeping of matches played, `outside` the seats that outside programs play.

pub mod desktop;
pub mod figures;
pub mod history;
pub mod outside;
pub mod words;
