//! What the cards look like: a thin card of two faces (the face painted from the art of
//! `assets/` and the back the player chose), attached to every card entity of the view.

use bevy::prelude::*;
use courtpiece_rules::Card;

use super::geometry::{CARD_H, CARD_W};
use super::{CardOf, Target};
use crate::desktop::art::paint::{CARD_PX, Canvas};
use crate::desktop::art::{CardBack, Easel, Job, easel};
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
    /// How the faces and the back are painted now.
    four_colours: bool,
    card_back: CardBack,
}

/// The face side of a card entity.
#[derive(Component)]
pub struct FaceSide;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, build_deck).add_systems(
        crate::desktop::cost::TableUpdate,
        (dress_cards, repaint.run_if(resource_changed::<Settings>)).run_if(resource_exists::<Deck>),
    );
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

/// Plain paper until the painter hangs the picture.
fn paper() -> Image {
    let (width, height) = CARD_PX;
    let pixel = [251, 247, 238, 255];
    easel::image(
        &Canvas {
            width,
            height,
            pixels: pixel.repeat(usize::try_from(width * height).unwrap_or(0)),
        },
        false,
    )
}

/// The cards' materials and images, and the faces and the back asked of the painter.
pub fn build_deck(
    mut commands: Commands,
    settings: Res<Settings>,
    mut easel: ResMut<Easel>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let blank = paper();
    let mut faces = vec![Handle::default(); 64];
    let mut dimmed = vec![Handle::default(); 64];
    let mut pictures = vec![Handle::default(); 64];
    for card in Card::all() {
        let bit = usize::from(card.bit());
        let texture = images.add(blank.clone());
        pictures[bit] = texture.clone();
        faces[bit] = materials.add(material(texture.clone(), palette::CARD));
        dimmed[bit] = materials.add(material(texture.clone(), palette::CARD_DIMMED));
        let job = Job::Face {
            card,
            four_colours: settings.four_colours,
        };
        easel.paint(job, texture, vec![faces[bit].clone(), dimmed[bit].clone()]);
    }
    let back_image = images.add(blank);
    let back = materials.add(material(back_image.clone(), palette::CARD));
    easel.paint(
        Job::Back(settings.card_back),
        back_image.clone(),
        vec![back.clone()],
    );
    let mesh = meshes.add(Plane3d::default().mesh().size(CARD_W, CARD_H));
    commands.insert_resource(Deck {
        faces,
        back,
        mesh,
        dimmed,
        images: pictures,
        back_image,
        four_colours: settings.four_colours,
        card_back: settings.card_back,
    });
}

/// Paints the faces again when the four-colour setting changes, and the back when another is
/// chosen, in the same images, so every card on the table and every picture of the rules page
/// follows.
fn repaint(settings: Res<Settings>, mut deck: ResMut<Deck>, mut easel: ResMut<Easel>) {
    if deck.four_colours != settings.four_colours {
        deck.four_colours = settings.four_colours;
        for card in Card::all() {
            let bit = usize::from(card.bit());
            let job = Job::Face {
                card,
                four_colours: settings.four_colours,
            };
            easel.paint(
                job,
                deck.images[bit].clone(),
                vec![deck.faces[bit].clone(), deck.dimmed[bit].clone()],
            );
        }
    }
    if deck.card_back != settings.card_back {
        deck.card_back = settings.card_back;
        easel.paint(
            Job::Back(settings.card_back),
            deck.back_image.clone(),
            vec![deck.back.clone()],
        );
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
    use std::time::{Duration, Instant};

    use super::*;
    use courtpiece_rules::{Rank, Suit};

    fn app(four_colours: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>()
            .init_asset::<StandardMaterial>()
            .init_asset::<Mesh>()
            .add_plugins(crate::desktop::art::plugin)
            .insert_resource(Settings {
                four_colours,
                ..Settings::default()
            })
            .add_systems(Startup, build_deck)
            .add_systems(Update, repaint.run_if(resource_changed::<Settings>));
        settle(&mut app);
        app
    }

    /// Runs the app until the painter has hung everything asked of it.
    fn settle(app: &mut App) {
        let start = Instant::now();
        loop {
            app.update();
            if app.world().resource::<Easel>().waiting == 0
                && app
                    .world()
                    .get_resource::<crate::desktop::art::ArtReady>()
                    .is_some()
            {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the painter never finished"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn picture(app: &App, handle: &Handle<Image>) -> Vec<u8> {
        let images = app.world().resource::<Assets<Image>>();
        images.get(handle).unwrap().data.clone().unwrap_or_default()
    }

    fn face(app: &App, card: Card) -> Vec<u8> {
        picture(
            app,
            &app.world().resource::<Deck>().images[usize::from(card.bit())],
        )
    }

    #[test]
    fn the_four_colour_setting_repaints_the_faces_in_the_same_images() {
        let diamond = Card::new(Suit::Diamonds, Rank::KING);
        let spade = Card::new(Suit::Spades, Rank::KING);
        let mut app = app(false);
        let (two_diamond, two_spade) = (face(&app, diamond), face(&app, spade));
        assert_ne!(two_diamond, face(&app, spade), "the faces are painted");
        let handles = app.world().resource::<Deck>().faces.clone();

        app.world_mut().resource_mut::<Settings>().four_colours = true;
        settle(&mut app);
        let four = face(&app, diamond);
        assert_ne!(four, two_diamond, "the king of diamonds is painted in blue");
        assert_eq!(
            four,
            face(&self::app(true), diamond),
            "as a four-colour start paints it"
        );
        assert_eq!(face(&app, spade), two_spade, "spades stay black");
        assert_eq!(
            app.world().resource::<Deck>().faces,
            handles,
            "the cards keep their materials: the same images change"
        );

        app.world_mut().resource_mut::<Settings>().four_colours = false;
        settle(&mut app);
        assert_eq!(face(&app, diamond), two_diamond);
    }

    #[test]
    fn another_card_back_is_painted_in_the_same_image() {
        let mut app = app(false);
        let back = app.world().resource::<Deck>().back_image.clone();
        let lattice = picture(&app, &back);
        app.world_mut().resource_mut::<Settings>().card_back = CardBack::Rosette;
        settle(&mut app);
        let rosette = picture(&app, &back);
        assert_ne!(rosette, lattice);
        assert_eq!(app.world().resource::<Deck>().back_image, back);
    }
}
