//! The room: a round table with green felt and a wooden rim on a dark floor, a warm lamp above
//! it with soft shadows, and the camera where the player sits.

use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;

use crate::desktop::palette;

pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::ROOM))
        .insert_resource(GlobalAmbientLight {
            color: palette::AMBIENT,
            brightness: 260.0,
            ..default()
        })
        .add_systems(Startup, (camera, room))
        .add_systems(PostStartup, spare_a_software_renderer);
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

fn room(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let felt = materials.add(StandardMaterial {
        base_color: palette::FELT,
        perceptual_roughness: 0.95,
        reflectance: 0.1,
        ..default()
    });
    let wood = materials.add(StandardMaterial {
        base_color: palette::WOOD,
        perceptual_roughness: 0.45,
        ..default()
    });
    let floor = materials.add(StandardMaterial {
        base_color: palette::FLOOR,
        perceptual_roughness: 0.8,
        ..default()
    });
    commands.spawn((
        Mesh3d(meshes.add(Cylinder::new(4.35, 0.12))),
        MeshMaterial3d(felt),
        Transform::from_xyz(0.0, -0.06, 0.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Torus::new(4.3, 4.7))),
        MeshMaterial3d(wood.clone()),
        Transform::from_xyz(0.0, -0.02, 0.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cylinder::new(0.5, 2.5))),
        MeshMaterial3d(wood),
        Transform::from_xyz(0.0, -1.4, 0.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(40.0, 40.0))),
        MeshMaterial3d(floor),
        Transform::from_xyz(0.0, -2.6, 0.0),
    ));
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
        Transform::from_xyz(0.4, 7.5, 1.0),
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
