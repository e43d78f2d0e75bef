//! The room: a round table with felt (in the table colour of the settings) and a wooden rim on
//! an oak floor between papered walls, a warm lamp above it with soft shadows, and the camera
//! where the player sits. The textures are painted from `assets/`.

use bevy::light::CascadeShadowConfigBuilder;
use bevy::math::Affine2;
use bevy::prelude::*;

use crate::desktop::art::paint::Canvas;
use crate::desktop::art::{Easel, Job, Texture, easel};
use crate::desktop::palette;
use crate::desktop::settings::Settings;

pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::ROOM))
        .insert_resource(GlobalAmbientLight {
            color: palette::AMBIENT,
            brightness: 260.0,
            ..default()
        })
        .add_systems(Startup, (camera, room))
        .add_systems(PostStartup, spare_a_software_renderer)
        .add_systems(
            Update,
            recolour_felt
                .run_if(resource_exists::<Room>)
                .run_if(resource_changed::<Settings>),
        );
}

/// The felt takes the table colour of the settings at once.
fn recolour_felt(settings: Res<Settings>, room: Res<Room>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let colour = palette::felt(settings.table);
    if let Some(felt) = materials.get(&room.felt)
        && felt.base_color != colour
        && let Some(mut felt) = materials.get_mut(&room.felt)
    {
        felt.base_color = colour;
    }
}

/// On a machine drawing in software (no GPU, or a virtual display) the full light is far too
/// slow: no multisampling, no lamp shadows, one smaller cascade for the daylight.
fn spare_a_software_renderer(
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut commands: Commands,
    cameras: Query<Entity, With<Camera3d>>,
    mut lamps: Query<&mut PointLight>,
    suns: Query<Entity, With<DirectionalLight>>,
) {
    let software = adapter.is_some_and(|a| a.0.device_type == wgpu_types::DeviceType::Cpu);
    if !software {
        return;
    }
    info!("software rendering: lighter shadows and no multisampling");
    for camera in &cameras {
        commands.entity(camera).insert(Msaa::Off);
    }
    for mut lamp in &mut lamps {
        lamp.shadow_maps_enabled = false;
    }
    commands.insert_resource(bevy::light::DirectionalLightShadowMap { size: 1024 });
    for sun in &suns {
        commands.entity(sun).insert(
            CascadeShadowConfigBuilder {
                num_cascades: 1,
                maximum_distance: 14.0,
                ..default()
            }
            .build(),
        );
    }
}

/// The player's eyes: above their edge of the table, looking down at it.
pub fn eye() -> Transform {
    Transform::from_xyz(0.0, 6.4, 6.1).looking_at(Vec3::new(0.0, 0.0, 0.55), Vec3::Y)
}

fn camera(mut commands: Commands) {
    commands.spawn((Camera3d::default(), eye()));
}

/// The materials the art paints: the felt (tinted by the table colour of the settings), the
/// wood of the table, the floor and the walls.
#[derive(Resource)]
pub struct Room {
    felt: Handle<StandardMaterial>,
}

/// A plain white picture until the painter hangs the texture.
fn unpainted(images: &mut Assets<Image>) -> Handle<Image> {
    images.add(easel::image(
        &Canvas {
            width: 4,
            height: 4,
            pixels: [255; 64].to_vec(),
        },
        true,
    ))
}

/// A material showing `texture` repeated `repeat` times each way, `tint` over it.
fn textured(
    texture: Texture,
    tint: Color,
    repeat: Vec2,
    roughness: f32,
    images: &mut Assets<Image>,
    materials: &mut Assets<StandardMaterial>,
    easel: &mut Easel,
) -> Handle<StandardMaterial> {
    let image = unpainted(images);
    let material = materials.add(StandardMaterial {
        base_color: tint,
        base_color_texture: Some(image.clone()),
        perceptual_roughness: roughness,
        reflectance: 0.15,
        uv_transform: Affine2::from_scale(repeat),
        ..default()
    });
    easel.paint(Job::Texture(texture), image, vec![material.clone()]);
    material
}

fn room(
    mut commands: Commands,
    settings: Res<Settings>,
    mut easel: ResMut<Easel>,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (images, materials, easel) = (&mut *images, &mut *materials, &mut *easel);
    let felt = textured(
        Texture::Felt,
        palette::felt(settings.table),
        Vec2::splat(7.0),
        0.95,
        images,
        materials,
        easel,
    );
    let wood = textured(
        Texture::Wood,
        Color::WHITE,
        Vec2::new(10.0, 1.0),
        0.4,
        images,
        materials,
        easel,
    );
    let floor = textured(
        Texture::Floor,
        palette::FLOOR,
        Vec2::splat(6.0),
        0.7,
        images,
        materials,
        easel,
    );
    let wall = textured(
        Texture::Wall,
        palette::WALL,
        Vec2::new(6.0, 2.0),
        0.9,
        images,
        materials,
        easel,
    );
    // enough segments that the round table shows no facets at 2560x1440
    commands.spawn((
        Mesh3d(meshes.add(Cylinder::new(4.35, 0.12).mesh().resolution(256))),
        MeshMaterial3d(felt.clone()),
        Transform::from_xyz(0.0, -0.06, 0.0),
    ));
    commands.spawn((
        Mesh3d(
            meshes.add(
                Torus::new(4.3, 4.7)
                    .mesh()
                    .major_resolution(256)
                    .minor_resolution(32),
            ),
        ),
        MeshMaterial3d(wood.clone()),
        Transform::from_xyz(0.0, -0.02, 0.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cylinder::new(0.5, 2.5).mesh().resolution(64))),
        MeshMaterial3d(wood),
        Transform::from_xyz(0.0, -1.4, 0.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(40.0, 40.0))),
        MeshMaterial3d(floor),
        Transform::from_xyz(0.0, -2.6, 0.0),
    ));
    // four walls round the room, papered
    for turn in 0..4u8 {
        let angle = f32::from(turn) * std::f32::consts::FRAC_PI_2;
        let facing = Quat::from_rotation_y(angle);
        commands.spawn((
            Mesh3d(meshes.add(Plane3d::new(Vec3::Z, Vec2::new(20.0, 7.0)).mesh())),
            MeshMaterial3d(wall.clone()),
            Transform::from_translation(facing * Vec3::new(0.0, 4.4, -16.0)).with_rotation(facing),
        ));
    }
    commands.insert_resource(Room { felt });
    // the lamp over the table: warm, soft shadows from the cards
    commands.spawn((
        PointLight {
            color: palette::LAMP,
            intensity: 2_600_000.0,
            range: 30.0,
            radius: 0.4,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_translation(super::shine::LAMP),
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 2_500.0,
            shadow_maps_enabled: true,
            color: palette::DAYLIGHT,
            ..default()
        },
        Transform::from_xyz(-3.0, 8.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
        CascadeShadowConfigBuilder {
            first_cascade_far_bound: 6.0,
            maximum_distance: 18.0,
            ..default()
        }
        .build(),
    ));
}
