//! The art of `assets/`: SVG files we drew, compiled into the binary, loaded through Bevy's asset
//! server from its `embedded://` source and painted with resvg on a thread of their own
//! ([`easel`]). `assets/README.md` says how each was made.

use std::path::{Path, PathBuf};

use bevy::asset::io::Reader;
use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::asset::{AssetLoader, LoadContext, LoadState};
use bevy::prelude::*;
use resvg::usvg;

pub mod easel;
pub mod files;
pub mod paint;

pub use easel::{Easel, Job};
pub use paint::{CardBack, Texture, ink};

/// An SVG file's text, checked to be one resvg can draw.
#[derive(Asset, TypePath, Debug)]
pub struct Svg(pub String);

#[derive(Default, TypePath)]
struct SvgLoader;

#[derive(Debug, thiserror::Error)]
enum SvgError {
    #[error("could not read it: {0}")]
    Io(#[from] std::io::Error),
    #[error("it is not UTF-8 text")]
    Text(#[from] std::string::FromUtf8Error),
    #[error("it is not an SVG resvg can draw: {0}")]
    Svg(#[from] usvg::Error),
}

impl AssetLoader for SvgLoader {
    type Asset = Svg;
    type Settings = ();
    type Error = SvgError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _context: &mut LoadContext<'_>,
    ) -> Result<Svg, SvgError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let text = String::from_utf8(bytes)?;
        usvg::Tree::from_str(&text, &usvg::Options::default())?;
        Ok(Svg(text))
    }

    fn extensions(&self) -> &[&str] {
        &["svg"]
    }
}

/// The art files on their way from the asset server, by their path under `assets/`.
#[derive(Resource)]
struct Loading(Vec<(&'static str, Handle<Svg>)>);

/// Set once the painter has the art.
#[derive(Resource)]
pub struct ArtReady;

pub fn plugin(app: &mut App) {
    if let Some(registry) = app.world().get_resource::<EmbeddedAssetRegistry>() {
        for (path, bytes) in files::FILES {
            registry.insert_asset(PathBuf::new(), &Path::new("courtpiece").join(path), *bytes);
        }
    }
    app.init_asset::<Svg>()
        .init_asset_loader::<SvgLoader>()
        .add_plugins(easel::plugin)
        .add_systems(Startup, load)
        .add_systems(PreUpdate, hand_over.run_if(resource_exists::<Loading>));
}

fn load(server: Res<AssetServer>, mut commands: Commands) {
    let handles = files::FILES
        .iter()
        .map(|(path, _)| (*path, server.load(format!("embedded://courtpiece/{path}"))))
        .collect();
    commands.insert_resource(Loading(handles));
}

/// Once every file has loaded (or failed, which is said), the painter gets the art.
fn hand_over(
    loading: Res<Loading>,
    server: Res<AssetServer>,
    svgs: Res<Assets<Svg>>,
    easel: Res<Easel>,
    mut commands: Commands,
) {
    let settled = loading
        .0
        .iter()
        .all(|(_, h)| matches!(server.load_state(h), LoadState::Loaded | LoadState::Failed(_)));
    if !settled {
        return;
    }
    let mut texts = Vec::new();
    for (path, handle) in &loading.0 {
        match (svgs.get(handle), server.load_state(handle)) {
            (Some(svg), _) => texts.push(((*path).to_owned(), svg.0.clone())),
            (None, LoadState::Failed(e)) => error!("assets/{path}: {e}"),
            (None, _) => error!("assets/{path} did not load"),
        }
    }
    easel.start(paint::Art::new(texts));
    commands.remove_resource::<Loading>();
    commands.insert_resource(ArtReady);
}
