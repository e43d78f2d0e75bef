//! Pictures painted from the SVG files of `assets/` with resvg: the 52 faces (paper, corner
//! indices, pips or a court figure in its frame), the card backs, and the textures of the table
//! and the room. No Bevy here: the window hands over the files' texts and takes the pixels.

use std::collections::HashMap;

use courtpiece_rules::{Card, Rank, Suit};
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::files::FILES;

/// The size of a face and of a back in pixels (the card's own proportions, 0.63 by 0.88).
pub const CARD_PX: (u32, u32) = (300, 420);
/// The size of the tiling textures of the table and the room.
pub const TEXTURE_PX: u32 = 256;

/// An RGBA picture in sRGB bytes, not premultiplied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

/// A colour of ink, in sRGB bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ink(pub [u8; 3]);

impl Ink {
    fn hex(self) -> String {
        let [r, g, b] = self.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

const INK_BLACK: Ink = Ink([22, 21, 27]);
const INK_RED: Ink = Ink([198, 20, 30]);
const INK_BLUE: Ink = Ink([16, 66, 176]);
const INK_GREEN: Ink = Ink([14, 124, 52]);
const PAPER: &str = "#fbf7ee";
const EDGE: &str = "#cfc8b8";

/// The ink of a suit: two colours, or four (spades black, hearts red, diamonds blue, clubs
/// green) for players who like to tell the suits apart at a glance.
pub fn ink(suit: Suit, four_colours: bool) -> Ink {
    match (suit, four_colours) {
        (Suit::Spades, _) => INK_BLACK,
        (Suit::Hearts, _) => INK_RED,
        (Suit::Diamonds, true) => INK_BLUE,
        (Suit::Clubs, true) => INK_GREEN,
        (Suit::Diamonds, false) => INK_RED,
        (Suit::Clubs, false) => INK_BLACK,
    }
}

/// The card backs on offer, each an SVG of `assets/cards/backs/`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardBack {
    #[default]
    Lattice,
    Rosette,
    Tiles,
}

impl CardBack {
    pub const ALL: [CardBack; 3] = [CardBack::Lattice, CardBack::Rosette, CardBack::Tiles];

    pub const fn title(self) -> &'static str {
        match self {
            CardBack::Lattice => "Red lattice",
            CardBack::Rosette => "Blue rosette",
            CardBack::Tiles => "Green tiles",
        }
    }

    const fn file(self) -> &'static str {
        match self {
            CardBack::Lattice => "cards/backs/lattice.svg",
            CardBack::Rosette => "cards/backs/rosette.svg",
            CardBack::Tiles => "cards/backs/tiles.svg",
        }
    }
}

/// The tiling textures of the table and the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Texture {
    /// Near white, tinted by the table colour the player chose.
    Felt,
    Wood,
    Floor,
    Wall,
}

impl Texture {
    pub const ALL: [Texture; 4] = [Texture::Felt, Texture::Wood, Texture::Floor, Texture::Wall];

    const fn file(self) -> &'static str {
        match self {
            Texture::Felt => "table/felt.svg",
            Texture::Wood => "table/wood.svg",
            Texture::Floor => "room/floor.svg",
            Texture::Wall => "room/wall.svg",
        }
    }
}

/// Why a picture could not be painted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArtError {
    #[error("assets/{0} is missing")]
    Missing(String),
    #[error("assets/{file} can not be drawn: {why}")]
    Svg { file: String, why: String },
}

/// The texts of the SVG files, by their path under `assets/`.
#[derive(Clone, Debug, Default)]
pub struct Art {
    files: HashMap<String, String>,
}

impl Art {
    pub fn new(files: impl IntoIterator<Item = (String, String)>) -> Art {
        Art {
            files: files.into_iter().collect(),
        }
    }

    /// The files compiled into the binary, read without the asset server (for tests).
    pub fn embedded() -> Art {
        Art::new(
            FILES
                .iter()
                .map(|(path, bytes)| ((*path).to_owned(), String::from_utf8_lossy(bytes).into_owned())),
        )
    }
}

/// Paints pictures from the art, parsing each file once for each ink it is drawn in.
pub struct Painter {
    art: Art,
    trees: HashMap<(String, Option<Ink>), usvg::Tree>,
}

/// A box on a canvas, in pixels: left, top, width, height.
#[derive(Clone, Copy)]
struct Place(f32, f32, f32, f32);

impl Painter {
    pub fn new(art: Art) -> Painter {
        Painter {
            art,
            trees: HashMap::new(),
        }
    }

    /// The file at `path`, its `currentColor` set to `ink`.
    fn tree(&mut self, path: &str, ink: Option<Ink>) -> Result<&usvg::Tree, ArtError> {
        let key = (path.to_owned(), ink);
        if !self.trees.contains_key(&key) {
            let text = self
                .art
                .files
                .get(path)
                .ok_or_else(|| ArtError::Missing(path.to_owned()))?;
            // `currentColor` is whatever the root's `color` says
            let text = match ink {
                Some(ink) => text.replacen("<svg ", &format!("<svg color=\"{}\" ", ink.hex()), 1),
                None => text.clone(),
            };
            let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).map_err(|e| ArtError::Svg {
                file: path.to_owned(),
                why: e.to_string(),
            })?;
            self.trees.insert(key.clone(), tree);
        }
        self.trees
            .get(&key)
            .ok_or_else(|| ArtError::Missing(path.to_owned()))
    }

    /// Draws the file at `path` into `place`, stretched to fill it, turned half round if
    /// `upside_down` (the lower half of a card reads from the other end).
    fn draw(
        &mut self,
        pixmap: &mut Pixmap,
        path: &str,
        ink: Option<Ink>,
        place: Place,
        upside_down: bool,
    ) -> Result<(), ArtError> {
        let tree = self.tree(path, ink)?;
        let size = tree.size();
        let Place(x, y, w, h) = place;
        let mut at = Transform::from_row(w / size.width(), 0.0, 0.0, h / size.height(), x, y);
        if upside_down {
            at = at.post_concat(Transform::from_rotate_at(180.0, x + w / 2.0, y + h / 2.0));
        }
        resvg::render(tree, at, &mut pixmap.as_mut());
        Ok(())
    }

    /// The face of `card`.
    pub fn face(&mut self, card: Card, four_colours: bool) -> Result<Canvas, ArtError> {
        let (w, h) = CARD_PX;
        let mut pixmap = blank(w, h);
        let (w, h) = (w as f32, h as f32);
        self.paper(&mut pixmap, w, h)?;
        let ink = Some(ink(card.suit(), four_colours));
        let suit = suit_file(card.suit());
        // the corners: the rank over its suit, and the same turned round
        let rank = rank_file(card.rank());
        let glyph_h: f32 = 60.0;
        let glyph_w = glyph_h * if card.rank() == Rank::TEN { 86.0 } else { 60.0 } / 82.0;
        let pip: f32 = 36.0;
        let column = 10.0 + glyph_w.max(pip) / 2.0;
        for upside_down in [false, true] {
            let flip = |p: Place| {
                if upside_down {
                    Place(w - p.0 - p.2, h - p.1 - p.3, p.2, p.3)
                } else {
                    p
                }
            };
            self.draw(
                &mut pixmap,
                &rank,
                ink,
                flip(Place(column - glyph_w / 2.0, 13.0, glyph_w, glyph_h)),
                upside_down,
            )?;
            self.draw(
                &mut pixmap,
                suit,
                ink,
                flip(Place(column - pip / 2.0, 80.0, pip, pip)),
                upside_down,
            )?;
        }
        let rank = card.rank();
        if rank >= Rank::JACK && rank < Rank::ACE {
            self.court(&mut pixmap, card, w, h, ink)?;
        } else if rank == Rank::ACE {
            let size = if card.suit() == Suit::Spades { 150.0 } else { 120.0 };
            self.draw(
                &mut pixmap,
                suit,
                ink,
                Place((w - size) / 2.0, (h - size) / 2.0, size, size),
                false,
            )?;
        } else {
            let size = 50.0;
            for (u, v) in pips(usize::from(rank.index()) + 2) {
                let (cx, cy) = (100.0 + u * 100.0, 88.0 + v * 244.0);
                let place = Place(cx - size / 2.0, cy - size / 2.0, size, size);
                self.draw(&mut pixmap, suit, ink, place, v > 0.5)?;
            }
        }
        Ok(canvas(pixmap))
    }

    /// A court card's figure in its frame, with the suit at the frame's two free corners.
    fn court(
        &mut self,
        pixmap: &mut Pixmap,
        card: Card,
        w: f32,
        h: f32,
        ink: Option<Ink>,
    ) -> Result<(), ArtError> {
        let figure = format!(
            "cards/court/{}-{}.svg",
            match card.rank() {
                Rank::JACK => "jack",
                Rank::QUEEN => "queen",
                _ => "king",
            },
            card.suit().name()
        );
        let frame = Place(58.0, 48.0, w - 116.0, h - 96.0);
        self.draw(pixmap, &figure, None, frame, false)?;
        let border = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}"><rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="2.5"/></svg>"#,
            frame.0,
            frame.1,
            frame.2,
            frame.3,
            ink.map_or_else(|| INK_BLACK.hex(), Ink::hex)
        );
        draw_text(pixmap, &border)?;
        let pip = 28.0;
        let suit = suit_file(card.suit());
        self.draw(
            pixmap,
            suit,
            ink,
            Place(frame.0 + 6.0, frame.1 + 6.0, pip, pip),
            false,
        )?;
        let far = Place(
            frame.0 + frame.2 - 6.0 - pip,
            frame.1 + frame.3 - 6.0 - pip,
            pip,
            pip,
        );
        self.draw(pixmap, suit, ink, far, true)
    }

    /// The card's paper: a rounded rectangle with a fine edge.
    fn paper(&mut self, pixmap: &mut Pixmap, w: f32, h: f32) -> Result<(), ArtError> {
        let paper = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}"><rect x="1.5" y="1.5" width="{}" height="{}" rx="18" fill="{PAPER}" stroke="{EDGE}" stroke-width="3"/></svg>"#,
            w - 3.0,
            h - 3.0
        );
        draw_text(pixmap, &paper)
    }

    /// The back of every card.
    pub fn back(&mut self, back: CardBack) -> Result<Canvas, ArtError> {
        let (w, h) = CARD_PX;
        let mut pixmap = blank(w, h);
        self.draw(
            &mut pixmap,
            back.file(),
            None,
            Place(0.0, 0.0, w as f32, h as f32),
            false,
        )?;
        round_corners(&mut pixmap, 18.0);
        Ok(canvas(pixmap))
    }

    /// A tiling texture.
    pub fn texture(&mut self, texture: Texture) -> Result<Canvas, ArtError> {
        let mut pixmap = blank(TEXTURE_PX, TEXTURE_PX);
        let side = TEXTURE_PX as f32;
        self.draw(
            &mut pixmap,
            texture.file(),
            None,
            Place(0.0, 0.0, side, side),
            false,
        )?;
        Ok(canvas(pixmap))
    }
}

fn suit_file(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "cards/suits/spades.svg",
        Suit::Hearts => "cards/suits/hearts.svg",
        Suit::Diamonds => "cards/suits/diamonds.svg",
        Suit::Clubs => "cards/suits/clubs.svg",
    }
}

fn rank_file(rank: Rank) -> String {
    format!("cards/ranks/{rank}.svg")
}

fn blank(w: u32, h: u32) -> Pixmap {
    // both sizes are constants of this file, never zero
    Pixmap::new(w.max(1), h.max(1)).unwrap_or_else(|| unreachable!("a picture of {w}x{h}"))
}

/// Draws an SVG written here (not a file), at the pixmap's own size.
fn draw_text(pixmap: &mut Pixmap, svg: &str) -> Result<(), ArtError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| ArtError::Svg {
        file: "(drawn in code)".to_owned(),
        why: e.to_string(),
    })?;
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    Ok(())
}

/// Clears the pixmap outside a rounded rectangle: a card's corners.
fn round_corners(pixmap: &mut Pixmap, radius: f32) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let mut mask = blank(pixmap.width(), pixmap.height());
    let shape = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}"><rect width="{w}" height="{h}" rx="{radius}"/></svg>"#
    );
    if draw_text(&mut mask, &shape).is_err() {
        return;
    }
    let mask = resvg::tiny_skia::Mask::from_pixmap(mask.as_ref(), resvg::tiny_skia::MaskType::Alpha);
    pixmap.apply_mask(&mask);
}

fn canvas(pixmap: Pixmap) -> Canvas {
    Canvas {
        width: pixmap.width(),
        height: pixmap.height(),
        pixels: pixmap.take_demultiplied(),
    }
}

/// Where the pips of a spot card go, in a unit box of the card's middle (x right, y down);
/// pips below the middle are drawn upside down, as on printed cards.
fn pips(n: usize) -> Vec<(f32, f32)> {
    let (l, m, r) = (0.0, 0.5, 1.0);
    match n {
        2 => vec![(m, 0.0), (m, 1.0)],
        3 => vec![(m, 0.0), (m, 0.5), (m, 1.0)],
        4 => vec![(l, 0.0), (r, 0.0), (l, 1.0), (r, 1.0)],
        5 => vec![(l, 0.0), (r, 0.0), (m, 0.5), (l, 1.0), (r, 1.0)],
        6 => vec![(l, 0.0), (r, 0.0), (l, 0.5), (r, 0.5), (l, 1.0), (r, 1.0)],
        7 => vec![
            (l, 0.0),
            (r, 0.0),
            (m, 0.25),
            (l, 0.5),
            (r, 0.5),
            (l, 1.0),
            (r, 1.0),
        ],
        8 => vec![
            (l, 0.0),
            (r, 0.0),
            (m, 0.25),
            (l, 0.5),
            (r, 0.5),
            (m, 0.75),
            (l, 1.0),
            (r, 1.0),
        ],
        9 => vec![
            (l, 0.0),
            (r, 0.0),
            (l, 0.333),
            (r, 0.333),
            (m, 0.5),
            (l, 0.667),
            (r, 0.667),
            (l, 1.0),
            (r, 1.0),
        ],
        _ => vec![
            (l, 0.0),
            (r, 0.0),
            (m, 0.167),
            (l, 0.333),
            (r, 0.333),
            (l, 0.667),
            (r, 0.667),
            (m, 0.833),
            (l, 1.0),
            (r, 1.0),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_is_painted_and_no_two_are_alike() {
        let mut painter = Painter::new(Art::embedded());
        let mut seen = std::collections::HashSet::new();
        for card in Card::all() {
            let face = painter.face(card, false).unwrap();
            assert_eq!((face.width, face.height), CARD_PX);
            // the corners are clear, the middle of the paper is not
            assert_eq!(face.pixels[3], 0, "{card}: a corner");
            let inked = face
                .pixels
                .chunks_exact(4)
                .filter(|p| p[3] == 255 && p[0].min(p[1]).min(p[2]) < 120)
                .count();
            assert!(inked > 2_000, "{card}: only {inked} pixels of ink");
            assert!(seen.insert(face.pixels), "{card} looks like another card");
        }
    }

    #[test]
    fn four_colours_change_diamonds_and_clubs_only() {
        let mut painter = Painter::new(Art::embedded());
        for card in Card::all() {
            let two = painter.face(card, false).unwrap();
            let four = painter.face(card, true).unwrap();
            let changes = matches!(card.suit(), Suit::Diamonds | Suit::Clubs);
            assert_eq!(two != four, changes, "{card}");
        }
    }

    #[test]
    fn the_court_figures_are_twelve_different_pictures() {
        let mut painter = Painter::new(Art::embedded());
        let mut seen = std::collections::HashSet::new();
        for rank in ["jack", "queen", "king"] {
            for suit in Suit::ALL {
                let mut pixmap = blank(160, 250);
                let path = format!("cards/court/{rank}-{}.svg", suit.name());
                painter
                    .draw(&mut pixmap, &path, None, Place(0.0, 0.0, 160.0, 250.0), false)
                    .unwrap();
                let picture = canvas(pixmap).pixels;
                let painted = picture.chunks_exact(4).filter(|p| p[3] > 0).count();
                assert!(painted > 160 * 250 / 3, "{path}: mostly empty ({painted} pixels)");
                assert!(seen.insert(picture), "{path} is drawn like another figure");
            }
        }
    }

    #[test]
    fn every_back_and_texture_is_painted() {
        let mut painter = Painter::new(Art::embedded());
        let mut backs = std::collections::HashSet::new();
        for back in CardBack::ALL {
            let canvas = painter.back(back).unwrap();
            assert_eq!(canvas.pixels[3], 0, "{back:?}: the corner is round");
            assert!(backs.insert(canvas.pixels), "{back:?}");
        }
        for texture in Texture::ALL {
            let canvas = painter.texture(texture).unwrap();
            let distinct: std::collections::HashSet<&[u8]> = canvas.pixels.chunks_exact(4).collect();
            assert!(
                distinct.len() > 8,
                "{texture:?} is flat: {} colours",
                distinct.len()
            );
            assert!(
                canvas.pixels.chunks_exact(4).all(|p| p[3] == 255),
                "{texture:?} is opaque"
            );
        }
    }

    #[test]
    fn a_broken_file_is_an_error_not_a_panic() {
        let mut art = Art::embedded();
        art.files
            .insert("cards/suits/hearts.svg".into(), "<svg oops".into());
        art.files.remove("cards/backs/tiles.svg");
        let mut painter = Painter::new(art);
        let heart = Card::new(Suit::Hearts, Rank::ACE);
        assert!(matches!(painter.face(heart, false), Err(ArtError::Svg { .. })));
        assert_eq!(
            painter.back(CardBack::Tiles),
            Err(ArtError::Missing("cards/backs/tiles.svg".into()))
        );
        assert!(painter.face(Card::new(Suit::Spades, Rank::ACE), false).is_ok());
    }
}
