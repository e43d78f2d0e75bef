//! What the cards look like: a thin card of two faces (the face texture drawn at start-up and
//! the back), attached to every card entity of the view.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use courtpiece_rules::Card;

use super::faces::{self, Canvas};
use super::geometry::{CARD_H, CARD_W};
use super::{CardOf, Target};
use crate::desktop::palette;
use crate::desktop::settings::Settings;

/// The materials of the faces (by card bit) and of the back, and the card mesh.
#[derive(Resource)]
pub struct Deck {
    pub faces: Vec<Handle<StandardMaterial>>,
    pub back: Handle<StandardMaterial>,
    pub mesh: Handle<Mesh>,
    /// The material a card you may not play gets: the face, dimmed.
    pub dimmed: Vec<Handle<StandardMaterial>>,
    /// The face pictures (by card bit) and the back's, for the rules page.
    pub images: Vec<Handle<Image>>,
    pub back_image: Handle<Image>,
    /// Whether the faces are drawn with four suit colours.
    four_colours: bool,
}

/// The face side of a card entity.
#[derive(Component)]
pub struct FaceSide;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, build_deck).add_systems(
        crate::desktop::cost::TableUpdate,
        (dress_cards, recolour.run_if(resource_changed::<Settings>)).run_if(resource_exists::<Deck>),
    );
}

fn image(canvas: Canvas) -> Image {
    Image::new(
        Extent3d {
            width: u32::try_from(canvas.width).unwrap_or(u32::MAX),
            height: u32::try_from(canvas.height).unwrap_or(u32::MAX),
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        canvas.pixels,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

fn material(texture: Handle<Image>, tint: Color) -> StandardMaterial {
    StandardMaterial {
        base_color: tint,
        base_color_texture: Some(texture),
        alpha_mode: AlphaMode::Mask(0.5),
        perceptual_roughness: 0.55,
        reflectance: 0.3,
        ..default()
    }
}

pub fn build_deck(
    mut commands: Commands,
    settings: Res<Settings>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let mut faces = vec![Handle::default(); 64];
    let mut dimmed = vec![Handle::default(); 64];
    let mut pictures = vec![Handle::default(); 64];
    for card in Card::all() {
        let texture = images.add(image(faces::face(card, settings.four_colours)));
        pictures[usize::from(card.bit())] = texture.clone();
        faces[usize::from(card.bit())] = materials.add(material(texture.clone(), palette::CARD));
        dimmed[usize::from(card.bit())] = materials.add(material(texture, palette::CARD_DIMMED));
    }
    let back_image = images.add(image(faces::back()));
    let back = materials.add(material(back_image.clone(), palette::CARD));
    let mesh = meshes.add(Plane3d::default().mesh().size(CARD_W, CARD_H));
    commands.insert_resource(Deck {
        faces,
        back,
        mesh,
        dimmed,
        images: pictures,
        back_image,
        four_colours: settings.four_colours,
    });
}

/// Redraws the faces when the four-colour setting changes, in the same images, so every card
/// on the table and every picture of the rules page follows at once.
fn recolour(
    settings: Res<Settings>,
    mut deck: ResMut<Deck>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if deck.four_colours == settings.four_colours {
        return;
    }
    deck.four_colours = settings.four_colours;
    for card in Card::all() {
        let bit = usize::from(card.bit());
        if let Err(e) = images.insert(
            deck.images[bit].id(),
            image(faces::face(card, settings.four_colours)),
        ) {
            warn!("could not redraw {card}: {e}");
        }
        // a material is prepared again only when it changes itself
        for handle in [&deck.faces[bit], &deck.dimmed[bit]] {
            materials.get_mut(handle);
        }
    }
}

/// Gives each new card entity its two sides.
fn dress_cards(mut commands: Commands, deck: Res<Deck>, cards: Query<(Entity, &CardOf), Without<Children>>) {
    for (entity, card) in &cards {
        let face = deck.faces[usize::from(card.0.bit())].clone();
        commands.entity(entity).with_children(|c| {
            c.spawn((
                FaceSide,
                Mesh3d(deck.mesh.clone()),
                MeshMaterial3d(face),
                Transform::from_xyz(0.0, 0.0015, 0.0),
            ));
            c.spawn((
                Mesh3d(deck.mesh.clone()),
                MeshMaterial3d(deck.back.clone()),
                Transform::from_xyz(0.0, -0.0015, 0.0)
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::PI)),
            ));
        });
    }
}

/// Dims the cards of the player's hand that may not be played now.
pub fn dim(
    deck: Res<Deck>,
    cards: Query<(&CardOf, &Target, &Children)>,
    mut sides: Query<&mut MeshMaterial3d<StandardMaterial>, With<FaceSide>>,
    playable: Res<super::input::Playable>,
) {
    if !playable.is_changed() {
        return;
    }
    for (card, target, children) in &cards {
        let in_hand = matches!(target.spot, super::layout::Spot::Hand { face_up: true, .. });
        let dark = in_hand && playable.active && !playable.cards.contains(card.0);
        let bit = usize::from(card.0.bit());
        let want = if dark { &deck.dimmed[bit] } else { &deck.faces[bit] };
        for child in children.iter() {
            if let Ok(mut side) = sides.get_mut(child)
                && side.0 != *want
            {
                side.0 = want.clone();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use courtpiece_rules::{Rank, Suit};

    fn app(four_colours: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>()
            .init_asset::<StandardMaterial>()
            .init_asset::<Mesh>()
            .insert_resource(Settings {
                four_colours,
                ..Settings::default()
            })
            .add_systems(Startup, build_deck)
            .add_systems(Update, recolour.run_if(resource_changed::<Settings>));
        app.update();
        app
    }

    fn picture(app: &App, card: Card) -> Vec<u8> {
        let deck = app.world().resource::<Deck>();
        let images = app.world().resource::<Assets<Image>>();
        let image = images.get(&deck.images[usize::from(card.bit())]).unwrap();
        image.data.clone().unwrap_or_default()
    }

    #[test]
    fn the_four_colour_setting_redraws_the_faces_at_once() {
        let diamond = Card::new(Suit::Diamonds, Rank::KING);
        let spade = Card::new(Suit::Spades, Rank::KING);
        let mut app = app(false);
        let (two_diamond, two_spade) = (picture(&app, diamond), picture(&app, spade));
        let handles = app.world().resource::<Deck>().faces.clone();

        app.world_mut().resource_mut::<Settings>().four_colours = true;
        app.update();
        let four = picture(&app, diamond);
        assert_ne!(four, two_diamond, "the king of diamonds is redrawn in blue");
        assert_eq!(
            four,
            picture(&self::app(true), diamond),
            "as a four-colour start draws it"
        );
        assert_eq!(picture(&app, spade), two_spade, "spades stay black");
        assert_eq!(
            app.world().resource::<Deck>().faces,
            handles,
            "the cards keep their materials: the same images change"
        );

        app.world_mut().resource_mut::<Settings>().four_colours = false;
        app.update();
        assert_eq!(picture(&app, diamond), two_diamond);
    }
}
