//! Card faces and the back, drawn at start-up: anti-aliased shapes from distance functions
//! (the four suits, the strokes of each rank), so they are crisp at any table distance and need
//! no files. Pips for the spot cards, a framed letter for the court cards, the rank and suit in
//! two corners.
#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "pixel coordinates and channel values are worked out in f32 and clamped to the canvas and to 0..=255 before they are cast"
)]

use courtpiece_rules::{Card, Rank, Suit};

pub const WIDTH: usize = 240;
pub const HEIGHT: usize = 336;

/// An RGBA picture in sRGB bytes.
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgb(pub f32, pub f32, pub f32);

const PAPER: Rgb = Rgb(0.98, 0.965, 0.93);
const INK_BLACK: Rgb = Rgb(0.08, 0.08, 0.1);
const INK_RED: Rgb = Rgb(0.78, 0.07, 0.1);
const INK_BLUE: Rgb = Rgb(0.05, 0.25, 0.7);
const INK_GREEN: Rgb = Rgb(0.05, 0.5, 0.18);
const GOLD: Rgb = Rgb(0.85, 0.65, 0.2);

/// The ink of a suit: two colours, or four (spades black, hearts red, diamonds blue, clubs
/// green) for players who like to tell the suits apart at a glance.
pub fn ink(suit: Suit, four_colours: bool) -> Rgb {
    match (suit, four_colours) {
        (Suit::Spades, _) => INK_BLACK,
        (Suit::Hearts, _) => INK_RED,
        (Suit::Diamonds, true) => INK_BLUE,
        (Suit::Clubs, true) => INK_GREEN,
        (Suit::Diamonds, false) => INK_RED,
        (Suit::Clubs, false) => INK_BLACK,
    }
}

impl Canvas {
    pub fn new(width: usize, height: usize, fill: Rgb) -> Canvas {
        let mut c = Canvas {
            width,
            height,
            pixels: vec![0; width * height * 4],
        };
        for px in c.pixels.chunks_exact_mut(4) {
            px.copy_from_slice(&[to_byte(fill.0), to_byte(fill.1), to_byte(fill.2), 255]);
        }
        c
    }

    /// Paints `color` where `sdf` (a signed distance in pixels, negative inside) is inside,
    /// blending over one pixel at the edge; only within the box `(x0, y0)..(x1, y1)`.
    fn fill(&mut self, bounds: [f32; 4], color: Rgb, sdf: impl Fn(f32, f32) -> f32) {
        let [x0, y0, x1, y1] = bounds;
        let xs = (x0.floor().max(0.0) as usize)..(x1.ceil().min(self.width as f32) as usize);
        let ys = (y0.floor().max(0.0) as usize)..(y1.ceil().min(self.height as f32) as usize);
        for y in ys {
            for x in xs.clone() {
                let d = sdf(x as f32 + 0.5, y as f32 + 0.5);
                let cover = (0.5 - d).clamp(0.0, 1.0);
                if cover <= 0.0 {
                    continue;
                }
                let i = (y * self.width + x) * 4;
                for (k, c) in [color.0, color.1, color.2].into_iter().enumerate() {
                    let old = f32::from(self.pixels[i + k]) / 255.0;
                    self.pixels[i + k] = to_byte(old + (c - old) * cover);
                }
            }
        }
    }

    /// Clears to transparent outside a rounded rectangle: the card's corners.
    fn round_corners(&mut self, radius: f32) {
        let (w, h) = (self.width as f32, self.height as f32);
        for y in 0..self.height {
            for x in 0..self.width {
                let d = rounded_rect(
                    x as f32 + 0.5,
                    y as f32 + 0.5,
                    w / 2.0,
                    h / 2.0,
                    w / 2.0,
                    h / 2.0,
                    radius,
                );
                let alpha = (0.5 - d).clamp(0.0, 1.0);
                let i = (y * self.width + x) * 4 + 3;
                self.pixels[i] = to_byte(alpha);
            }
        }
    }
}

fn to_byte(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

fn rounded_rect(x: f32, y: f32, cx: f32, cy: f32, hw: f32, hh: f32, r: f32) -> f32 {
    let qx = (x - cx).abs() - (hw - r);
    let qy = (y - cy).abs() - (hh - r);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - r
}

fn segment(px: f32, py: f32, a: (f32, f32), b: (f32, f32)) -> f32 {
    let (bax, bay) = (b.0 - a.0, b.1 - a.1);
    let (pax, pay) = (px - a.0, py - a.1);
    let t = ((pax * bax + pay * bay) / (bax * bax + bay * bay).max(1e-6)).clamp(0.0, 1.0);
    ((pax - bax * t).powi(2) + (pay - bay * t).powi(2)).sqrt()
}

fn circle(px: f32, py: f32, c: (f32, f32), r: f32) -> f32 {
    ((px - c.0).powi(2) + (py - c.1).powi(2)).sqrt() - r
}

/// The heart of unit size: point at (0, 0), lobes up to y = 1 (y up); after Inigo Quilez.
fn heart(x: f32, y: f32) -> f32 {
    let x = x.abs();
    if y + x > 1.0 {
        return ((x - 0.25).powi(2) + (y - 0.75).powi(2)).sqrt() - std::f32::consts::SQRT_2 / 4.0;
    }
    let a = x * x + (y - 1.0).powi(2);
    let m = 0.5 * (x + y).max(0.0);
    let b = (x - m).powi(2) + (y - m).powi(2);
    a.min(b).sqrt() * (x - y).signum()
}

/// A suit symbol's distance at `(x, y)` in a unit box centred on the origin, y down.
fn suit_shape(suit: Suit, x: f32, y: f32) -> f32 {
    match suit {
        Suit::Hearts => heart(x / 0.95, (0.5 - y) / 0.95 + 0.02) * 0.95,
        Suit::Diamonds => (x.abs() / 0.36 + y.abs() / 0.5 - 1.0) * 0.3,
        Suit::Spades => {
            let body = heart(x / 0.9, (y + 0.3) / 0.9) * 0.9;
            let stem = stem(x, y);
            body.min(stem)
        }
        Suit::Clubs => {
            let top = circle(x, y, (0.0, -0.24), 0.22);
            let left = circle(x, y, (-0.22, 0.1), 0.22);
            let right = circle(x, y, (0.22, 0.1), 0.22);
            let middle = circle(x, y, (0.0, 0.05), 0.12);
            top.min(left).min(right).min(middle).min(stem(x, y))
        }
    }
}

/// The foot of a spade or a club: a small trapezoid.
fn stem(x: f32, y: f32) -> f32 {
    let half = 0.05 + (y - 0.15).max(0.0) * 0.45;
    let inside_y = (y - 0.32).abs() - 0.18;
    (x.abs() - half).max(inside_y)
}

/// Draws a suit symbol of height `size` pixels centred at `(cx, cy)`, upside down if `flip`.
fn draw_suit(c: &mut Canvas, suit: Suit, cx: f32, cy: f32, size: f32, flip: bool, color: Rgb) {
    let bounds = [cx - size * 0.6, cy - size * 0.6, cx + size * 0.6, cy + size * 0.6];
    c.fill(bounds, color, |px, py| {
        let (x, y) = ((px - cx) / size, (py - cy) / size);
        let y = if flip { -y } else { y };
        suit_shape(suit, x, y) * size
    });
}

/// The strokes of a rank in a unit box (x right, y down).
fn strokes(rank: Rank) -> Vec<Vec<(f32, f32)>> {
    let arc = |cx: f32, cy: f32, rx: f32, ry: f32, from: f32, to: f32| -> Vec<(f32, f32)> {
        (0..=16)
            .map(|i| {
                let a = (from + (to - from) * i as f32 / 16.0).to_radians();
                (cx + rx * a.cos(), cy + ry * a.sin())
            })
            .collect()
    };
    match rank.letter() {
        'A' => vec![
            vec![(0.0, 1.0), (0.5, 0.0), (1.0, 1.0)],
            vec![(0.22, 0.62), (0.78, 0.62)],
        ],
        'K' => vec![
            vec![(0.05, 0.0), (0.05, 1.0)],
            vec![(0.95, 0.0), (0.05, 0.6)],
            vec![(0.35, 0.4), (0.95, 1.0)],
        ],
        'Q' => vec![
            arc(0.5, 0.48, 0.45, 0.48, 0.0, 360.0),
            vec![(0.58, 0.72), (0.98, 1.05)],
        ],
        'J' => {
            let mut hook = vec![(0.3, 0.0), (0.85, 0.0), (0.85, 0.0), (0.7, 0.0), (0.7, 0.7)];
            hook.extend(arc(0.4, 0.7, 0.3, 0.3, 0.0, 180.0));
            vec![hook]
        }
        'T' => vec![
            vec![(0.0, 0.18), (0.2, 0.0), (0.2, 1.0)],
            arc(0.72, 0.5, 0.26, 0.5, 0.0, 360.0),
        ],
        '9' => {
            let mut tail = arc(0.5, 0.3, 0.34, 0.3, 0.0, 360.0);
            tail.extend([(0.84, 0.3), (0.84, 0.65)]);
            tail.extend(arc(0.5, 0.65, 0.34, 0.35, 0.0, 140.0));
            vec![tail]
        }
        '8' => vec![
            arc(0.5, 0.25, 0.3, 0.25, 0.0, 360.0),
            arc(0.5, 0.72, 0.38, 0.28, 0.0, 360.0),
        ],
        '7' => vec![vec![(0.0, 0.0), (1.0, 0.0), (0.35, 1.0)]],
        '6' => {
            let mut body = vec![(0.8, 0.05)];
            body.extend(arc(0.5, 0.35, 0.34, 0.35, 270.0, 180.0));
            body.push((0.16, 0.68));
            vec![body, arc(0.5, 0.68, 0.34, 0.32, 0.0, 360.0)]
        }
        '5' => {
            let mut s = vec![(0.9, 0.0), (0.15, 0.0), (0.12, 0.45)];
            s.extend(arc(0.5, 0.66, 0.38, 0.34, 220.0, 500.0));
            vec![s]
        }
        '4' => vec![vec![(0.72, 1.0), (0.72, 0.0), (0.0, 0.7), (1.0, 0.7)]],
        '3' => vec![
            arc(0.5, 0.26, 0.34, 0.26, 200.0, 450.0),
            arc(0.5, 0.73, 0.38, 0.27, 270.0, 520.0),
        ],
        _ => {
            let mut s = arc(0.5, 0.3, 0.36, 0.3, 190.0, 380.0);
            s.extend([(0.0, 1.0), (1.0, 1.0)]);
            vec![s]
        }
    }
}

/// Draws a rank `height` pixels tall with its top-left at `(x, y)`, upside down if `flip`.
fn draw_rank(c: &mut Canvas, rank: Rank, x: f32, y: f32, height: f32, flip: bool, color: Rgb) {
    let width = height * if rank.letter() == 'T' { 0.95 } else { 0.62 };
    let weight = height * 0.085;
    let lines: Vec<Vec<(f32, f32)>> = strokes(rank)
        .into_iter()
        .map(|line| {
            line.into_iter()
                .map(|(u, v)| {
                    let (u, v) = if flip { (1.0 - u, 1.0 - v) } else { (u, v) };
                    (x + u * width, y + v * height)
                })
                .collect()
        })
        .collect();
    let pad = weight + 2.0;
    let bounds = [x - pad, y - pad, x + width + pad, y + height * 1.08 + pad];
    c.fill(bounds, color, |px, py| {
        let mut d = f32::MAX;
        for line in &lines {
            for pair in line.windows(2) {
                d = d.min(segment(px, py, pair[0], pair[1]));
            }
        }
        d - weight
    });
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

/// The face of `card`.
pub fn face(card: Card, four_colours: bool) -> Canvas {
    let (w, h) = (WIDTH as f32, HEIGHT as f32);
    let mut c = Canvas::new(WIDTH, HEIGHT, PAPER);
    let color = ink(card.suit(), four_colours);
    let frame = Rgb(0.8, 0.78, 0.72);
    c.fill([0.0, 0.0, w, h], frame, |x, y| {
        -rounded_rect(x, y, w / 2.0, h / 2.0, w / 2.0 - 3.0, h / 2.0 - 3.0, 14.0)
    });
    // two corners: rank over suit, the second turned round
    let corner = 34.0;
    draw_rank(&mut c, card.rank(), 12.0, 12.0, corner, false, color);
    draw_suit(
        &mut c,
        card.suit(),
        12.0 + corner * 0.33,
        12.0 + corner * 1.7,
        26.0,
        false,
        color,
    );
    let rank_w = corner * if card.rank().letter() == 'T' { 0.95 } else { 0.62 };
    draw_rank(
        &mut c,
        card.rank(),
        w - 12.0 - rank_w,
        h - 12.0 - corner,
        corner,
        true,
        color,
    );
    draw_suit(
        &mut c,
        card.suit(),
        w - 12.0 - corner * 0.33,
        h - 12.0 - corner * 1.7,
        26.0,
        true,
        color,
    );

    let rank = card.rank();
    if rank.is_face_or_ace() && rank.letter() != 'A' {
        // a framed court: gold border, the letter big, the suit above and below
        let (bx0, by0, bx1, by1) = (56.0, 62.0, w - 56.0, h - 62.0);
        c.fill([bx0 - 4.0, by0 - 4.0, bx1 + 4.0, by1 + 4.0], GOLD, |x, y| {
            let d = rounded_rect(x, y, w / 2.0, h / 2.0, (bx1 - bx0) / 2.0, (by1 - by0) / 2.0, 10.0);
            d.abs() - 3.0
        });
        c.fill([bx0, by0, bx1, by1], Rgb(0.97, 0.93, 0.84), |x, y| {
            rounded_rect(
                x,
                y,
                w / 2.0,
                h / 2.0,
                (bx1 - bx0) / 2.0 - 3.0,
                (by1 - by0) / 2.0 - 3.0,
                8.0,
            )
        });
        let big = 92.0;
        draw_rank(
            &mut c,
            rank,
            w / 2.0 - big * 0.31,
            h / 2.0 - big / 2.0,
            big,
            false,
            color,
        );
        draw_suit(&mut c, card.suit(), w / 2.0, by0 + 30.0, 38.0, false, color);
        draw_suit(&mut c, card.suit(), w / 2.0, by1 - 30.0, 38.0, true, color);
    } else if rank.letter() == 'A' {
        draw_suit(&mut c, card.suit(), w / 2.0, h / 2.0, 120.0, false, color);
    } else {
        let n = usize::from(rank.index()) + 2;
        let (x0, y0, x1, y1) = (78.0, 70.0, w - 78.0, h - 70.0);
        for (u, v) in pips(n) {
            let (x, y) = (x0 + u * (x1 - x0), y0 + v * (y1 - y0));
            draw_suit(&mut c, card.suit(), x, y, 44.0, v > 0.5, color);
        }
    }
    c.round_corners(14.0);
    c
}

/// The back: a deep red lattice inside a white border.
pub fn back() -> Canvas {
    let (w, h) = (WIDTH as f32, HEIGHT as f32);
    let mut c = Canvas::new(WIDTH, HEIGHT, PAPER);
    let red = Rgb(0.55, 0.06, 0.1);
    let light = Rgb(0.72, 0.2, 0.22);
    c.fill([0.0, 0.0, w, h], red, |x, y| {
        rounded_rect(x, y, w / 2.0, h / 2.0, w / 2.0 - 14.0, h / 2.0 - 14.0, 8.0)
    });
    c.fill([14.0, 14.0, w - 14.0, h - 14.0], light, |x, y| {
        let inside = rounded_rect(x, y, w / 2.0, h / 2.0, w / 2.0 - 22.0, h / 2.0 - 22.0, 6.0);
        let cell = 20.0;
        let (u, v) = ((x + y) / cell, (x - y) / cell);
        let line = ((u - u.round()).abs().min((v - v.round()).abs())) * cell - 1.2;
        line.max(inside)
    });
    c.fill(
        [w / 2.0 - 40.0, h / 2.0 - 40.0, w / 2.0 + 40.0, h / 2.0 + 40.0],
        GOLD,
        |x, y| (((x - w / 2.0).abs() + (y - h / 2.0).abs()) - 34.0).abs() - 3.0,
    );
    c.round_corners(14.0);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inked(c: &Canvas) -> usize {
        c.pixels
            .chunks_exact(4)
            .filter(|p| {
                p[3] > 0 && (p[0] as i32 - p[1] as i32).abs() + (p[1] as i32 - p[2] as i32).abs() > 60
            })
            .count()
    }

    #[test]
    fn every_face_has_ink_and_the_faces_differ() {
        let mut seen = std::collections::HashSet::new();
        for card in Card::all() {
            let c = face(card, false);
            assert_eq!(c.pixels.len(), WIDTH * HEIGHT * 4);
            assert!(
                c.pixels.chunks_exact(4).any(|p| p[0] < 60 || p[1] < 60),
                "{card} has ink"
            );
            assert!(seen.insert(c.pixels), "{card} looks like another card");
        }
        assert!(inked(&back()) > 1000);
    }
}
