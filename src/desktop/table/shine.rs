//! Light on the cards: the soft shadow each card casts on the felt under the lamp (drawn as a
//! blurred card shape, so that it shows on a software renderer too, whose shadow maps are
//! coarse), and a short golden glow under the card that wins a trick.

use bevy::prelude::*;
use courtpiece_rules::Event;

use super::geometry::{CARD_H, CARD_W};
use super::pacing::Shown;
use super::{CardOf, Place};
use crate::desktop::art::easel;
use crate::desktop::art::paint::Canvas;
use crate::desktop::palette;
use crate::desktop::screen::Screen;

/// The lamp the shadows fall from, as the scene places it.
pub const LAMP: Vec3 = Vec3::new(0.4, 7.5, 1.0);
/// How high the shadows lie over the felt (below the lowest card).
const SHADOW_Y: f32 = 0.004;
/// How dark a shadow is, from a card lying on the felt to one held up high.
const DARKNESS: [f32; 6] = [0.42, 0.36, 0.3, 0.24, 0.18, 0.12];
/// How long the winner of a trick glows, in seconds.
const GLOW_SECS: f32 = 1.2;

/// The shadow of a card.
#[derive(Component)]
pub struct ShadowOf(pub Entity);

/// A card whose shadow has been made.
#[derive(Component)]
struct Shadowed;

/// The glow under a card that just won a trick, and when it started.
#[derive(Component)]
struct Glow {
    since: f32,
}

#[derive(Resource)]
struct Shine {
    mesh: Handle<Mesh>,
    shadows: Vec<Handle<StandardMaterial>>,
    glow: Handle<StandardMaterial>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make).add_systems(
        crate::desktop::cost::TableUpdate,
        (cast, (glow_on_win, fade_glow).chain())
            .after(Place)
            .run_if(resource_exists::<Shine>),
    );
}

/// A soft rectangle: opaque in the middle, fading out over `soft` of each side.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "an alpha worked out in f32 is clamped to 0..=255 before it is cast"
)]
fn soft_rectangle(width: u32, height: u32, soft: f32) -> Canvas {
    let ramp = |t: f32| {
        let t = (t / soft).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    };
    let mut pixels = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let u = (x as f32 + 0.5) / width as f32;
            let v = (y as f32 + 0.5) / height as f32;
            let edge = ramp(u.min(1.0 - u)) * ramp(v.min(1.0 - v));
            let alpha = (edge * 255.0).round().clamp(0.0, 255.0) as u8;
            pixels.extend_from_slice(&[255, 255, 255, alpha]);
        }
    }
    Canvas {
        width,
        height,
        pixels,
    }
}

fn make(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let blur = images.add(easel::image(&soft_rectangle(48, 64, 0.3), false));
    let mesh = meshes.add(Plane3d::default().mesh().size(CARD_W * 1.25, CARD_H * 1.2));
    let shadows = DARKNESS
        .iter()
        .map(|&alpha| {
            materials.add(StandardMaterial {
                base_color: Color::srgba(0.0, 0.0, 0.0, alpha),
                base_color_texture: Some(blur.clone()),
                alpha_mode: AlphaMode::Blend,
                unlit: true,
                ..default()
            })
        })
        .collect();
    let glow = materials.add(StandardMaterial {
        base_color: palette::GLOW,
        base_color_texture: Some(blur),
        alpha_mode: AlphaMode::Add,
        unlit: true,
        ..default()
    });
    commands.insert_resource(Shine { mesh, shadows, glow });
}

type Shadow = (
    Entity,
    &'static ShadowOf,
    &'static mut Transform,
    &'static mut Visibility,
    &'static mut MeshMaterial3d<StandardMaterial>,
);

/// Each card's shadow: the card's middle seen from the lamp, where that line meets the felt;
/// larger and fainter the higher the card is held.
fn cast(
    mut commands: Commands,
    shine: Res<Shine>,
    cards: Query<&Transform, With<CardOf>>,
    new: Query<Entity, (With<CardOf>, Without<Shadowed>)>,
    mut shadows: Query<Shadow, Without<CardOf>>,
) {
    for (entity, of, mut transform, mut visible, mut material) in &mut shadows {
        let Ok(card) = cards.get(of.0) else {
            commands.entity(entity).despawn();
            continue;
        };
        let p = card.translation;
        let show = p.y > 0.0 && p.y < LAMP.y - 0.5;
        let want = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visible != want {
            *visible = want;
        }
        if !show {
            continue;
        }
        let stretch = (LAMP.y - SHADOW_Y) / (LAMP.y - p.y);
        let at = LAMP + (p - LAMP) * stretch;
        let across = card.rotation * Vec3::X;
        let along = card.rotation * Vec3::Z;
        let flat = |v: Vec3| Vec2::new(v.x, v.z).length();
        let goal = Transform {
            translation: Vec3::new(at.x, SHADOW_Y, at.z),
            rotation: Quat::from_rotation_y((-across.z).atan2(across.x)),
            scale: Vec3::new(flat(across) * stretch, 1.0, flat(along) * stretch),
        };
        if *transform != goal {
            *transform = goal;
        }
        // fainter as the card is held higher, in a few steps
        let step = 1.2 / (DARKNESS.len() - 1) as f32;
        let level = (0..DARKNESS.len())
            .find(|&i| p.y < (i as f32 + 0.5) * step)
            .unwrap_or(DARKNESS.len() - 1);
        let wanted = &shine.shadows[level];
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
    }
    for card in &new {
        commands.entity(card).insert(Shadowed);
        commands.spawn((
            ShadowOf(card),
            DespawnOnExit(Screen::Table),
            Mesh3d(shine.mesh.clone()),
            MeshMaterial3d(shine.shadows[0].clone()),
            Transform::default(),
            Visibility::Hidden,
        ));
    }
}

/// The card named by a trick's result glows under it while the result is shown.
fn glow_on_win(
    mut commands: Commands,
    shown: Res<Shown>,
    shine: Res<Shine>,
    time: Res<Time>,
    cards: Query<(Entity, &CardOf)>,
) {
    if !shown.is_changed() {
        return;
    }
    for event in &shown.events {
        if let Event::TrickWon { card, .. } = event
            && let Some((entity, _)) = cards.iter().find(|(_, c)| c.0 == *card)
        {
            commands.entity(entity).with_children(|c| {
                c.spawn((
                    Glow {
                        since: time.elapsed_secs(),
                    },
                    Mesh3d(shine.mesh.clone()),
                    MeshMaterial3d(shine.glow.clone()),
                    Transform::from_xyz(0.0, -0.0022, 0.0).with_scale(Vec3::splat(0.78)),
                ));
            });
        }
    }
}

/// The glow swells, then fades, and goes.
fn fade_glow(mut commands: Commands, time: Res<Time>, mut glows: Query<(Entity, &Glow, &mut Transform)>) {
    for (entity, glow, mut transform) in &mut glows {
        let t = (time.elapsed_secs() - glow.since) / GLOW_SECS;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        // up quickly, then slowly back under the card
        let size = 0.78 + 0.4 * (t * std::f32::consts::PI).sin().powf(0.6) * (1.0 - t * 0.5);
        transform.scale = Vec3::splat(size);
    }
}
