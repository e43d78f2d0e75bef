//! Which screen is up: the menus, or the table.

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Menu,
    Table,
}

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}
