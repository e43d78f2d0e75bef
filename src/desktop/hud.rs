//! The HUD over the table (egui): trumps, tricks, the heap, the score, who deals and calls and
//! whose turn it is, name plates at the seats, the last trick on demand, the decisions that are
//! not a card (cut, call, redeal, reveal, play on), every refusal and connection event, the
//! lobby before the deal and the result after each hand.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use courtpiece_net::{ClientMessage, Host, LobbyAction, SeatState, Session, ToHost};
use courtpiece_rules::{CallView, Event, HandKind, Intent, Phase, Scoring, Seat, SeatView, Suit, Team};

use super::screen::Screen;
use super::settings::Settings;
use super::start::leave;
use super::table::flourish::CutPreview;
use super::table::layout;
use super::table::pacing::Shown;
use crate::words;

/// What the HUD remembers between frames.
#[derive(Resource, Default)]
pub struct Hud {
    show_last_trick: bool,
    cut_at: u8,
    /// Messages for a few seconds: refusals and connection events.
    toasts: Vec<(String, f32)>,
    rejections_seen: usize,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Hud>()
        .add_systems(
            EguiPrimaryContextPass,
            hud.run_if(in_state(Screen::Table)).in_set(super::cost::OurEgui),
        )
        .add_systems(OnEnter(Screen::Table), |mut hud: ResMut<Hud>| {
            *hud = Hud::default()
        });
}

/// A suit's colour on the dark HUD: black suits in white, the others brightened.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "ink channels are in 0..=1, so a brightened channel is clamped to 70..=255"
)]
fn suit_color(suit: Suit, four: bool) -> egui::Color32 {
    let c = super::table::faces::ink(suit, four);
    if c.0 + c.1 + c.2 < 0.5 {
        return egui::Color32::from_rgb(240, 240, 240);
    }
    let light = |v: f32| (v * 255.0 + 70.0).clamp(0.0, 255.0) as u8;
    egui::Color32::from_rgb(light(c.0), light(c.1), light(c.2))
}

fn seat_name(session: &Session, seat: Seat) -> String {
    let Some(lobby) = &session.lobby else {
        return format!("Seat {}", seat.index());
    };
    match &lobby.seats[seat.index()] {
        SeatState::Player { name, away: false } => name.clone(),
        SeatState::Player { name, away: true } => format!("{name} (away)"),
        SeatState::Bot(level) => format!("{} bot", capitalised(level.name())),
        SeatState::Open => "open seat".into(),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

#[allow(clippy::too_many_arguments)]
fn hud(
    mut contexts: EguiContexts,
    mut state: ResMut<Hud>,
    session: Option<Res<Session>>,
    host: Option<Res<Host>>,
    shown: Res<Shown>,
    settings: Res<Settings>,
    time: Res<Time>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
    mut cut_preview: ResMut<CutPreview>,
    mut out: MessageWriter<ToHost>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    ctx.set_zoom_factor(settings.ui_scale);
    let now = time.elapsed_secs();
    let Some(session) = session else {
        return Ok(());
    };
    // refusals and connection events, for a few seconds each
    for reason in session.rejections.iter().skip(state.rejections_seen) {
        state.toasts.push((format!("Refused: {reason}"), now + 5.0));
    }
    state.rejections_seen = session.rejections.len();
    state.toasts.retain(|(_, until)| *until > now);

    // a lost connection ends the table, unless the match was over anyway
    if let Some(why) = session
        .lost
        .clone()
        .or_else(|| session.goodbye.as_ref().map(|g| g.to_string()))
        && session.summary.is_none()
    {
        egui::Window::new("Connection")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(why);
                if ui.button("Back to the menu").clicked() {
                    leave(&mut commands);
                }
            });
        return Ok(());
    }

    top_bar(ctx, &session, &shown, &settings, &mut state, &mut commands);
    let Some(view) = shown.view.clone() else {
        lobby(ctx, &session, host.as_deref(), &mut out);
        return Ok(());
    };
    if session.lobby.as_ref().is_some_and(|l| !l.started) {
        lobby(ctx, &session, host.as_deref(), &mut out);
    }
    let clock = turn_clock(&session, &shown, now);
    if let Some(camera) = camera {
        name_plates(ctx, &session, &view, clock, &camera);
    }
    if let Some((seat, left)) = clock
        && session.seat == Some(seat)
    {
        egui::Area::new(egui::Id::new("your clock"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 72.0])
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(format!("Your turn: {left:.0} s, then a bot plays it"))
                            .size(18.0)
                            .color(clock_color(left)),
                    );
                });
            });
    }
    if state.show_last_trick {
        last_trick(ctx, &view, &session, &settings);
    }
    announce(ctx, &session, &shown, &settings);
    result(ctx, &session, &shown, &view);
    if shown.caught_up() {
        decisions(ctx, &session, &view, &mut state, &mut out);
    }
    let cutting = shown.caught_up()
        && session.seat == Some(view.seat)
        && view.to_act == Some(view.seat)
        && view.legal.iter().any(|i| matches!(i, Intent::Cut { .. }));
    cut_preview.set_if_neq(CutPreview(cutting.then_some(state.cut_at)));
    if !state.toasts.is_empty() {
        egui::Area::new(egui::Id::new("toasts"))
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -250.0])
            .show(ctx, |ui| {
                for (text, _) in &state.toasts {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.colored_label(egui::Color32::from_rgb(255, 170, 120), text);
                    });
                }
            });
    }
    Ok(())
}

fn top_bar(
    ctx: &egui::Context,
    session: &Session,
    shown: &Shown,
    settings: &Settings,
    state: &mut Hud,
    commands: &mut Commands,
) {
    egui::Area::new(egui::Id::new("top bar"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
        .show(ctx, |ui| {
            egui::Frame::popup(&ctx.global_style())
                .inner_margin(10.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let Some(view) = &shown.view else {
                            ui.label("Waiting for the table…");
                            if ui.button("Leave").clicked() {
                                leave(commands);
                            }
                            return;
                        };
                        let us = view.seat.team();
                        let trumps = view.trumps.or(view.known_trumps);
                        match (trumps, view.call) {
                            (Some(suit), _) => {
                                ui.label(egui::RichText::new("Trumps").size(16.0));
                                ui.label(
                                    egui::RichText::new(suit.symbol().to_string())
                                        .size(34.0)
                                        .color(suit_color(suit, settings.four_colours)),
                                );
                                if view.trumps.is_none() {
                                    ui.label("(hidden: only you know)");
                                }
                            }
                            (None, Some(CallView::FaceDown)) => {
                                ui.label(egui::RichText::new("Trumps hidden").size(16.0));
                            }
                            _ => {
                                ui.label(egui::RichText::new("No trumps yet").size(16.0));
                            }
                        }
                        ui.separator();
                        ui.label(format!("Hand {}", view.hand_no));
                        ui.label(format!(
                            "Dealer: {} · Caller: {}",
                            seat_name(session, view.dealer),
                            seat_name(session, view.caller)
                        ));
                        ui.separator();
                        ui.label(
                            egui::RichText::new(format!(
                                "Tricks: us {} – them {}",
                                view.taken[us.index()],
                                view.taken[us.other().index()]
                            ))
                            .size(16.0),
                        );
                        if view.heap.tricks > 0 {
                            ui.label(format!("Heap: {}", view.heap.tricks));
                        }
                        ui.separator();
                        let rules = session.lobby.as_ref().map(|l| &l.rules);
                        let unit = match rules.map(|r| r.scoring) {
                            Some(Scoring::Courts) | None => "courts",
                            Some(_) => "points",
                        };
                        ui.label(format!(
                            "Score ({unit}): us {} – them {}",
                            view.score.points[us.index()],
                            view.score.points[us.other().index()]
                        ));
                        if unit == "courts" {
                            ui.label(format!(
                                "streaks {} – {}",
                                view.score.streak[us.index()],
                                view.score.streak[us.other().index()]
                            ));
                        }
                        ui.separator();
                        ui.toggle_value(&mut state.show_last_trick, "Last trick");
                        if ui.button("Leave").clicked() {
                            leave(commands);
                        }
                    });
                });
        });
}

/// The person whose turn the host is timing, and the seconds they have left, once the table
/// shows that turn.
fn turn_clock(session: &Session, shown: &Shown, now: f32) -> Option<(Seat, f32)> {
    let lobby = session.lobby.as_ref()?;
    let secs = lobby.turn_timer?;
    let turn = shown.turn?;
    let person = matches!(lobby.seats[turn.seat.index()], SeatState::Player { .. });
    let on_table = shown.caught_up() && shown.view.as_ref()?.to_act == Some(turn.seat);
    (person && on_table).then(|| (turn.seat, (f32::from(secs) - (now - turn.since)).max(0.0)))
}

fn clock_color(left: f32) -> egui::Color32 {
    if left < 6.0 {
        egui::Color32::from_rgb(255, 110, 90)
    } else {
        egui::Color32::GOLD
    }
}

/// Names at the seats, in team colours, the one whose turn it is lit, with the time left when
/// turns are timed.
fn name_plates(
    ctx: &egui::Context,
    session: &Session,
    view: &SeatView,
    clock: Option<(Seat, f32)>,
    camera: &(&Camera, &GlobalTransform),
) {
    let clockwise = session.lobby.as_ref().is_some_and(|l| l.rules.clockwise);
    for seat in Seat::ALL {
        let place = layout::around(view.seat, seat, clockwise);
        let at = match place {
            0 => Vec3::new(-2.6, 0.0, 3.2),
            1 => Vec3::new(3.6, 0.0, 0.9),
            2 => Vec3::new(0.0, 0.0, -3.6),
            _ => Vec3::new(-3.6, 0.0, 0.9),
        };
        let Ok(pos) = camera.0.world_to_viewport(camera.1, at) else {
            continue;
        };
        let team = if seat.team() == Team::ALL[0] {
            egui::Color32::from_rgb(90, 150, 230)
        } else {
            egui::Color32::from_rgb(230, 150, 70)
        };
        let turn = view.to_act == Some(seat);
        egui::Area::new(egui::Id::new(("plate", seat.index())))
            .fixed_pos(egui::pos2(pos.x - 70.0, pos.y - 14.0))
            .show(ctx, |ui| {
                let frame = egui::Frame::popup(ui.style()).stroke(egui::Stroke::new(
                    if turn { 3.0 } else { 1.0 },
                    if turn { egui::Color32::GOLD } else { team },
                ));
                frame.show(ui, |ui| {
                    ui.set_min_width(120.0);
                    let mut name = seat_name(session, seat);
                    if seat == view.seat && session.seat == Some(seat) {
                        name = format!("{name} (you)");
                    }
                    ui.label(egui::RichText::new(name).color(team).strong());
                    let mut line = words::tricks(view.won[seat.index()]);
                    if seat == view.dealer {
                        line.push_str(" · deals");
                    }
                    if seat == view.caller {
                        line.push_str(" · calls");
                    }
                    ui.label(line);
                    match clock {
                        Some((s, left)) if s == seat => {
                            ui.label(
                                egui::RichText::new(format!("to play · {left:.0} s"))
                                    .color(clock_color(left)),
                            );
                        }
                        _ if turn => {
                            ui.label(egui::RichText::new("to play").color(egui::Color32::GOLD));
                        }
                        _ => {}
                    }
                });
            });
    }
}

fn last_trick(ctx: &egui::Context, view: &SeatView, session: &Session, settings: &Settings) {
    egui::Window::new("Last trick")
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 60.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| match view.tricks.last() {
            None => {
                ui.label("No trick yet this hand.");
            }
            Some(trick) => {
                for (seat, card) in trick.plays() {
                    ui.horizontal(|ui| {
                        ui.label(seat_name(session, seat));
                        ui.label(
                            egui::RichText::new(format!("{}{}", card.rank(), card.suit().symbol()))
                                .size(18.0)
                                .color(suit_color(card.suit(), settings.four_colours)),
                        );
                    });
                }
                if let Some((seat, _)) = trick.winner() {
                    ui.label(format!("won by {}", seat_name(session, seat)));
                }
            }
        });
}

/// The decisions that are not a card of the hand: each legal intent is a button.
fn decisions(
    ctx: &egui::Context,
    session: &Session,
    view: &SeatView,
    state: &mut Hud,
    out: &mut MessageWriter<ToHost>,
) {
    if session.seat != Some(view.seat) || view.to_act != Some(view.seat) {
        return;
    }
    let others: Vec<Intent> = view
        .legal
        .iter()
        .copied()
        .filter(|i| !matches!(i, Intent::Play { .. } | Intent::Cut { .. }))
        .collect();
    let cut = view.legal.iter().any(|i| matches!(i, Intent::Cut { .. }));
    if others.is_empty() && !cut {
        return;
    }
    let send = |out: &mut MessageWriter<ToHost>, intent| {
        out.write(ToHost(ClientMessage::Intent(intent)));
    };
    egui::Window::new("Your decision")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -300.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            if cut {
                if state.cut_at < 4 {
                    state.cut_at = 26;
                }
                ui.label("Cut the deck: how many cards off the top? (lifted on the deck)");
                ui.add(egui::Slider::new(&mut state.cut_at, 4..=48));
                if ui.button("Cut").clicked() {
                    send(out, Intent::Cut { at: state.cut_at });
                }
            }
            if view.phase == Phase::TrumpCall {
                ui.label("Call trumps:");
            }
            ui.horizontal_wrapped(|ui| {
                for intent in others {
                    let text = match intent {
                        Intent::Call { suit } => format!("{} {}", suit.symbol(), suit.name()),
                        Intent::Show { card } => format!("show {}{}", card.rank(), card.suit().symbol()),
                        Intent::Hide { card } => {
                            format!("lay {}{} face down", card.rank(), card.suit().symbol())
                        }
                        Intent::Defer => "defer to the next card".into(),
                        Intent::Redeal => "ask for a redeal".into(),
                        Intent::Reveal => "ask to see trumps".into(),
                        Intent::PlayOn => "play on for all 13".into(),
                        Intent::Stop => "stop with the court".into(),
                        other => other.to_string(),
                    };
                    if ui.button(egui::RichText::new(text).size(17.0)).clicked() {
                        send(out, intent);
                    }
                }
            });
        });
}

/// What just happened, big, while the table shows it: the shuffle, the cut, trumps, a reveal, a
/// heap collected, a play-on.
fn announce(ctx: &egui::Context, session: &Session, shown: &Shown, settings: &Settings) {
    let line = shown.events.iter().rev().find_map(|e| {
        let name = |seat: &Seat| seat_name(session, *seat);
        Some(match e {
            Event::Shuffled { hand, dealer, .. } => (format!("Hand {hand}: {} shuffles", name(dealer)), None),
            Event::Cut { seat, at } => (format!("{} cuts the deck at {at}", name(seat)), None),
            Event::TrumpsCalled { suit, .. } => (format!("{} are trumps", suit.name()), Some(*suit)),
            Event::TrumpShown { card, .. } => {
                (format!("{} are trumps", card.suit().name()), Some(card.suit()))
            }
            Event::TrumpsRevealed { suit, .. } => (format!("Trumps revealed: {}", suit.name()), Some(*suit)),
            Event::IndicatorLaid { seat } => (format!("{} lays the trump face down", name(seat)), None),
            Event::Deferred { seat } => (format!("{} leaves trumps to the next card", name(seat)), None),
            Event::Redeal { seat, .. } => (format!("{} asks for a redeal", name(seat)), None),
            Event::HeapCollected { seat, tricks } => (
                format!("{} collects {} from the heap", name(seat), words::tricks(*tricks)),
                None,
            ),
            Event::PlayedOn { seat } => (format!("{} plays on for all thirteen!", name(seat)), None),
            Event::Stopped { seat } => (format!("{} stops with the court", name(seat)), None),
            _ => return None,
        })
    });
    let Some((text, suit)) = line else { return };
    egui::Area::new(egui::Id::new("announcement"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -40.0])
        .interactable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                if let Some(suit) = suit {
                    ui.label(
                        egui::RichText::new(suit.symbol().to_string())
                            .size(96.0)
                            .color(suit_color(suit, settings.four_colours)),
                    );
                }
                ui.label(
                    egui::RichText::new(text)
                        .size(26.0)
                        .strong()
                        .color(egui::Color32::WHITE),
                );
            });
        });
}

/// The hand's result while the table shows it, and the match's end.
fn result(ctx: &egui::Context, session: &Session, shown: &Shown, view: &SeatView) {
    let over = shown.events.iter().find_map(|e| match e {
        Event::HandOver { result } => Some(*result),
        _ => None,
    });
    let result = over.or(if view.phase == Phase::Scoring {
        view.result
    } else {
        None
    });
    if let Some(result) = result {
        let us = view.seat.team();
        let who = if result.winner == us {
            "Your team wins the hand"
        } else {
            "The other team wins the hand"
        };
        let kind = match result.kind {
            HandKind::Plain => "",
            HandKind::Court => " with a court!",
            HandKind::FiftyTwo => " with all 52!",
            HandKind::FailedPlayOn => " (the play-on failed)",
            HandKind::SarCourt | HandKind::GoonCourt => " with a Double Sar court!",
            _ => "",
        };
        egui::Window::new("Hand over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, -60.0])
            .collapsible(false)
            .resizable(false)
            .title_bar(false)
            .show(ctx, |ui| {
                ui.heading(format!("{who}{kind}"));
                ui.label(format!(
                    "Tricks {} – {}",
                    result.tricks[us.index()],
                    result.tricks[us.other().index()]
                ));
                ui.label(format!(
                    "Score: us {} – them {}",
                    view.score.points[us.index()],
                    view.score.points[us.other().index()]
                ));
            });
    }
    if let Some(summary) = &session.summary
        && view.match_over
    {
        egui::Window::new("Match over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 80.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(summary.to_text());
            });
    }
}

fn lobby(ctx: &egui::Context, session: &Session, host: Option<&Host>, out: &mut MessageWriter<ToHost>) {
    let Some(lobby) = &session.lobby else {
        egui::Window::new("Joining")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label("Connecting to the table…");
            });
        return;
    };
    if lobby.started {
        return;
    }
    let ask = |out: &mut MessageWriter<ToHost>, action| {
        out.write(ToHost(ClientMessage::Lobby(action)));
    };
    egui::Window::new(format!("Lobby — {}", lobby.table))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            if let Some(host) = host {
                let code = match host.access() {
                    courtpiece_net::Access::Code(code) => format!("code {code}"),
                    courtpiece_net::Access::Open => "no code".to_string(),
                };
                ui.label(format!(
                    "Friends join at port {} with {code}.",
                    host.addr().port()
                ));
            }
            ui.label(format!(
                "Rules: {}",
                courtpiece_net::Beacon::describe_rules(&lobby.rules)
            ));
            for seat in Seat::ALL {
                ui.horizontal(|ui| {
                    let who = match &lobby.seats[seat.index()] {
                        SeatState::Open => "open".to_string(),
                        SeatState::Bot(level) => format!("{level} bot"),
                        SeatState::Player { name, .. } => name.clone(),
                    };
                    ui.label(format!(
                        "Seat {} (team {}): {who}",
                        seat.index(),
                        seat.team().index()
                    ));
                    if matches!(lobby.seats[seat.index()], SeatState::Open) && ui.button("Sit here").clicked()
                    {
                        ask(out, LobbyAction::TakeSeat(seat));
                    }
                });
            }
            if !lobby.spectators.is_empty() {
                ui.label(format!("Watching: {}", lobby.spectators.join(", ")));
            }
            if session.owner {
                ui.separator();
                if ui.button("Fill the open seats with Medium bots").clicked() {
                    ask(out, LobbyAction::FillWithBots(courtpiece_bots::Level::Medium));
                }
                if ui.button(egui::RichText::new("Deal").size(20.0)).clicked() {
                    ask(out, LobbyAction::Start);
                }
            } else {
                ui.label("The host deals when the table is ready.");
            }
        });
}
