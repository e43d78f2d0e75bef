//! Painting off the frame: a thread of its own paints what is asked of it (a face, a back, a
//! texture) once the art files are loaded, and each finished picture is hung in the image that
//! waits for it, so the window never stalls while 52 faces and four textures are painted.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, Sender};

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureUsages};
use courtpiece_rules::Card;

use super::paint::{Art, ArtError, Canvas, CardBack, Painter, Texture};

/// A picture to paint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Job {
    Face { card: Card, four_colours: bool },
    Back(CardBack),
    Texture(Texture),
}

enum Order {
    Art(Box<Art>),
    Paint(u64, Job),
}

type Done = (u64, Job, Result<Canvas, ArtError>);

/// Where a finished picture goes: its image, and the materials that show it (a material is
/// prepared again, with the new picture, only when it is marked as changed itself).
struct Hook {
    image: Handle<Image>,
    materials: Vec<Handle<StandardMaterial>>,
}

#[derive(Resource)]
pub struct Easel {
    orders: Sender<Order>,
    done: Mutex<Receiver<Done>>,
    next: u64,
    hooks: HashMap<u64, Hook>,
    /// Jobs asked and not yet hung.
    pub waiting: usize,
}

impl Easel {
    /// Asks for `job` to be painted into `image` (which keeps its handle, so every user of it
    /// follows), then `materials` to be prepared again.
    pub fn paint(&mut self, job: Job, image: Handle<Image>, materials: Vec<Handle<StandardMaterial>>) {
        self.next += 1;
        if self.orders.send(Order::Paint(self.next, job)).is_ok() {
            self.hooks.insert(self.next, Hook { image, materials });
            self.waiting += 1;
        } else {
            error!("the painting thread has stopped: {job:?} is not painted");
        }
    }

    /// Hands the loaded art to the painter, which starts on the jobs asked so far.
    pub fn start(&self, art: Art) {
        if self.orders.send(Order::Art(Box::new(art))).is_err() {
            error!("the painting thread has stopped");
        }
    }
}

pub fn plugin(app: &mut App) {
    let (orders, jobs) = mpsc::channel::<Order>();
    let (finished, done) = mpsc::channel::<Done>();
    let spawned = std::thread::Builder::new()
        .name("painter".into())
        .spawn(move || paint_forever(&jobs, &finished));
    if let Err(e) = spawned {
        error!("could not start the painting thread: {e}");
    }
    app.insert_resource(Easel {
        orders,
        done: Mutex::new(done),
        next: 0,
        hooks: HashMap::new(),
        waiting: 0,
    })
    .add_systems(First, hang);
}

/// Paints each job in the order asked; the jobs asked before the art arrives wait for it.
fn paint_forever(jobs: &Receiver<Order>, finished: &Sender<Done>) {
    let mut painter = None;
    let mut early = Vec::new();
    while let Ok(order) = jobs.recv() {
        match order {
            Order::Art(art) => {
                let mut p = Painter::new(*art);
                for (id, job) in early.drain(..) {
                    if finished.send((id, job, paint(&mut p, job))).is_err() {
                        return;
                    }
                }
                painter = Some(p);
            }
            Order::Paint(id, job) => match painter.as_mut() {
                Some(p) => {
                    if finished.send((id, job, paint(p, job))).is_err() {
                        return;
                    }
                }
                None => early.push((id, job)),
            },
        }
    }
}

fn paint(painter: &mut Painter, job: Job) -> Result<Canvas, ArtError> {
    match job {
        Job::Face { card, four_colours } => painter.face(card, four_colours),
        Job::Back(back) => painter.back(back),
        Job::Texture(texture) => painter.texture(texture),
    }
}

/// Hangs every finished picture in its image.
fn hang(
    mut easel: ResMut<Easel>,
    mut images: ResMut<Assets<Image>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let finished: Vec<Done> = match easel.done.lock() {
        Ok(done) => done.try_iter().collect(),
        Err(_) => return,
    };
    for (id, job, result) in finished {
        let Some(hook) = easel.hooks.remove(&id) else {
            continue;
        };
        easel.waiting = easel.waiting.saturating_sub(1);
        let canvas = match result {
            Ok(canvas) => canvas,
            Err(e) => {
                error!("{job:?} could not be painted: {e}");
                continue;
            }
        };
        let tiles = matches!(job, Job::Texture(_));
        if let Err(e) = images.insert(hook.image.id(), image(&canvas, tiles)) {
            warn!("{job:?} could not be hung: {e}");
        }
        for handle in &hook.materials {
            // only a change through the material marks it for preparing again
            if let Some(material) = materials.get_mut(handle) {
                material.into_inner();
            }
        }
    }
}

/// A picture as a texture with its mipmaps, so that it stays smooth when it is drawn small or
/// seen at a slant; a tiling texture repeats.
pub fn image(canvas: &Canvas, tiles: bool) -> Image {
    let (data, levels) = mipmaps(canvas);
    let mut image = Image::new_uninit(
        Extent3d {
            width: canvas.width,
            height: canvas.height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    // without COPY_DST a repainted picture gets a texture of its own: Bevy would otherwise copy
    // the new pixels into the old texture's first level only, and a card drawn small would go
    // on showing the old picture's smaller levels
    image.texture_descriptor.usage = TextureUsages::TEXTURE_BINDING;
    let address = if tiles {
        ImageAddressMode::Repeat
    } else {
        ImageAddressMode::ClampToEdge
    };
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: address,
        address_mode_v: address,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: 8,
        ..default()
    });
    image
}

/// The picture and each half-size level below it down to one pixel, averaged over 2x2 pixels
/// (the edge pixel stands in for a missing one), one after the other as the texture expects.
fn mipmaps(canvas: &Canvas) -> (Vec<u8>, u32) {
    let mut data = canvas.pixels.clone();
    let (mut w, mut h) = (canvas.width as usize, canvas.height as usize);
    let mut level = canvas.pixels.clone();
    let mut levels = 1;
    while w > 1 || h > 1 {
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let mut next = vec![0u8; nw * nh * 4];
        for y in 0..nh {
            for x in 0..nw {
                for c in 0..4 {
                    let at =
                        |xx: usize, yy: usize| u32::from(level[(yy.min(h - 1) * w + xx.min(w - 1)) * 4 + c]);
                    let sum = at(2 * x, 2 * y)
                        + at(2 * x + 1, 2 * y)
                        + at(2 * x, 2 * y + 1)
                        + at(2 * x + 1, 2 * y + 1);
                    next[(y * nw + x) * 4 + c] = u8::try_from((sum + 2) / 4).unwrap_or(u8::MAX);
                }
            }
        }
        data.extend_from_slice(&next);
        level = next;
        (w, h) = (nw, nh);
        levels += 1;
    }
    (data, levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mipmaps_go_down_to_one_pixel() {
        let canvas = Canvas {
            width: 5,
            height: 3,
            pixels: (0..60).map(|i| u8::try_from(i * 4).unwrap()).collect(),
        };
        let (data, levels) = mipmaps(&canvas);
        // 5x3, 2x1, 1x1
        assert_eq!(levels, 3);
        assert_eq!(data.len(), (15 + 2 + 1) * 4);
    }
}
