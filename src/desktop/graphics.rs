//! What the window draws with, asked before it opens: Vulkan where a driver for it is installed,
//! OpenGL (through EGL) where none is, as on older laptops and in virtual machines. Where neither
//! can draw, one line says what to install, instead of a panic deep in the renderer.

use std::panic::PanicHookInfo;

use bevy::render::settings::Backends;
use bevy::tasks::block_on;

/// What to do when nothing draws, for a person.
const WHAT_TO_DO: &str = "install your system's Mesa drivers (on Debian or Ubuntu: sudo apt install mesa-vulkan-drivers libegl1 libgl1-mesa-dri), or play in the terminal with `courtpiece play`";

/// Nothing on this machine can draw the table.
#[derive(Debug, thiserror::Error)]
#[error("no graphics driver can draw the table (neither Vulkan nor OpenGL answered): {WHAT_TO_DO}")]
pub struct NoGraphics;

/// The backends to draw with: those a person named in `WGPU_BACKEND`, or else the first of
/// Vulkan, OpenGL, Metal and DirectX 12 that has an adapter here.
pub fn backends() -> Result<Backends, NoGraphics> {
    if let Some(named) = Backends::from_env() {
        return Ok(named);
    }
    let found = [Backends::VULKAN, Backends::GL, Backends::METAL, Backends::DX12]
        .into_iter()
        .find(|&backend| has_adapter(backend))
        .ok_or(NoGraphics)?;
    if found == Backends::GL {
        // slower, and worth knowing when the table feels slow
        eprintln!("courtpiece: no Vulkan driver found; drawing through OpenGL");
    }
    Ok(found)
}

fn has_adapter(backends: Backends) -> bool {
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    descriptor.backends = backends;
    let instance = wgpu::Instance::new(descriptor);
    !block_on(instance.enumerate_adapters(backends)).is_empty()
}

/// Turns a renderer that fails to start into one line and an exit, instead of a backtrace. An
/// adapter can be found and still not draw to the window: Bevy 0.19's OpenGL surfaces on X11
/// get no present mode where EGL cannot reach the display (bevyengine/bevy#24756; the display
/// handle reaches wgpu's instance only from wgpu 30), and that ends in a panic in the renderer.
pub fn explain_render_failures() {
    let earlier = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if is_render_failure(info) {
            eprintln!(
                "courtpiece: the graphics driver could not draw the window ({}): {WHAT_TO_DO}",
                message(info)
            );
            std::process::exit(1);
        }
        earlier(info);
    }));
}

fn is_render_failure(info: &PanicHookInfo) -> bool {
    let in_renderer = info
        .location()
        .is_some_and(|l| ["bevy_render", "wgpu"].iter().any(|c| l.file().contains(c)));
    let text = message(info);
    in_renderer
        && ["present mode", "GPU", "surface", "adapter", "Surface"]
            .iter()
            .any(|m| text.contains(m))
}

fn message<'a>(info: &'a PanicHookInfo) -> &'a str {
    let payload = info.payload();
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("")
}
