//! The slider for the interface size, which applies while it is dragged.
//!
//! egui's own slider reads the pointer in points, and the size being dragged is what turns pixels
//! into points: the page grows under a still mouse and the value runs away. This one keeps the
//! rail where it was in window pixels when the drag began and reads the mouse from the window,
//! so the value follows the hand alone while the page grows and shrinks around it.

use bevy::math::Vec2;
use bevy_egui::egui;

use crate::desktop::settings::UI_SCALES as RANGE;

/// The step between sizes, which the − and + buttons also take.
pub const STEP: f32 = 0.05;

/// The rail, in window pixels, as it stood when a drag began.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rail {
    left: f32,
    right: f32,
}

/// Draws the slider and moves `size` with the mouse; `cursor` is where the mouse is in the
/// window, in logical pixels.
pub fn size_slider(ui: &mut egui::Ui, size: &mut f32, cursor: Option<Vec2>) -> egui::Response {
    let zoom = ui.ctx().zoom_factor();
    let desired = egui::vec2(ui.spacing().slider_width, ui.spacing().interact_size.y);
    let (rect, _) = ui.allocate_exact_size(desired, egui::Sense::hover());
    let id = ui.id().with("interface size slider");
    let mut response = ui.interact(rect, id, egui::Sense::click_and_drag());
    let reach = handle_reach(ui, rect.height());
    let here = Rail {
        left: (rect.left() + reach) * zoom,
        right: (rect.right() - reach) * zoom,
    };
    let mouse = cursor
        .map(|c| c.x)
        .or_else(|| response.interact_pointer_pos().map(|p| p.x * zoom));
    if response.drag_started() {
        ui.data_mut(|d| d.insert_temp(id, here));
    }
    let rail = if response.dragged() {
        ui.data(|d| d.get_temp::<Rail>(id)).unwrap_or(here)
    } else {
        here
    };
    if response.drag_stopped() {
        ui.data_mut(|d| d.remove::<Rail>(id));
    }
    if (response.dragged() || response.clicked())
        && let Some(x) = mouse
    {
        let value = size_at(rail, x);
        if (value - *size).abs() > f32::EPSILON {
            *size = value;
            response.mark_changed();
        }
    }
    paint(ui, &response, rect, reach, *size);
    ui.label(format!("{size:.2}×"));
    response
}

/// The size under the mouse at `x` window pixels along the rail, on a step.
fn size_at(rail: Rail, x: f32) -> f32 {
    let (low, high) = (*RANGE.start(), *RANGE.end());
    let width = (rail.right - rail.left).max(1.0);
    let t = ((x - rail.left) / width).clamp(0.0, 1.0);
    let raw = low + t * (high - low);
    ((raw / STEP).round() * STEP).clamp(low, high)
}

/// Half the width the handle takes on the rail, as egui's own slider reckons it.
fn handle_reach(ui: &egui::Ui, height: f32) -> f32 {
    let radius = height / 2.5;
    match ui.style().visuals.handle_shape {
        egui::style::HandleShape::Circle => radius,
        egui::style::HandleShape::Rect { aspect_ratio } => radius * aspect_ratio,
    }
}

/// Paints as egui's own slider does, so the two sliders on the page look alike.
fn paint(ui: &egui::Ui, response: &egui::Response, rect: egui::Rect, reach: f32, size: f32) {
    if !ui.is_rect_visible(rect) {
        return;
    }
    let visuals = ui.style().interact(response);
    let corner = ui.visuals().widgets.inactive.corner_radius;
    let rail_radius = (ui.spacing().slider_rail_height / 2.0).max(0.0);
    let rail = egui::Rect::from_min_max(
        egui::pos2(rect.left(), rect.center().y - rail_radius),
        egui::pos2(rect.right(), rect.center().y + rail_radius),
    );
    let painter = ui.painter();
    painter.rect_filled(rail, corner, ui.visuals().widgets.inactive.bg_fill);
    let (low, high) = (*RANGE.start(), *RANGE.end());
    let t = (size - low) / (high - low);
    let x = rect.left() + reach + t * (rect.width() - 2.0 * reach);
    let center = egui::pos2(x, rail.center().y);
    if ui.visuals().slider_trailing_fill {
        let mut filled = rail;
        filled.max.x = x + f32::from(corner.nw);
        painter.rect_filled(filled, corner, ui.visuals().selection.bg_fill);
    }
    let radius = rect.height() / 2.5;
    match ui.style().visuals.handle_shape {
        egui::style::HandleShape::Circle => {
            painter.circle(
                center,
                radius + visuals.expansion,
                visuals.bg_fill,
                visuals.fg_stroke,
            );
        }
        egui::style::HandleShape::Rect { aspect_ratio } => {
            let half = egui::vec2(radius * aspect_ratio, radius) + egui::Vec2::splat(visuals.expansion);
            painter.rect(
                egui::Rect::from_center_size(center, 2.0 * half),
                visuals.corner_radius,
                visuals.bg_fill,
                visuals.fg_stroke,
                egui::StrokeKind::Inside,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_follows_the_mouse_in_window_pixels_on_the_steps_of_the_buttons() {
        let rail = Rail {
            left: 100.0,
            right: 350.0,
        };
        assert_eq!(size_at(rail, 100.0), 0.75);
        assert_eq!(size_at(rail, 350.0), 2.0);
        assert_eq!(size_at(rail, 20.0), 0.75);
        assert_eq!(size_at(rail, 900.0), 2.0);
        // a quarter along: 0.75 + 1.25 / 4 = 1.0625, on the step below
        assert!((size_at(rail, 162.5) - 1.05).abs() < 1e-4);
        for x in 100..=350 {
            let size = size_at(rail, x as f32);
            let steps = size / STEP;
            assert!((steps - steps.round()).abs() < 1e-3, "{size} is not on a step");
        }
    }

    #[test]
    fn a_drag_reads_the_rail_where_it_began_so_a_growing_page_does_not_move_the_value() {
        // the page at size 1.0: the rail at 100..350 px; the drag moves the size to 1.5,
        // the page grows and the rail now stands at 150..525 px, but the held rail decides
        let held = Rail {
            left: 100.0,
            right: 350.0,
        };
        let grown = Rail {
            left: 150.0,
            right: 525.0,
        };
        let x = 250.0;
        let first = size_at(held, x);
        assert!((first - 1.5).abs() < 1e-4);
        assert_eq!(size_at(held, x), first, "a still mouse keeps its size");
        assert_ne!(size_at(grown, x), first, "reading the moved rail would run away");
    }
}
