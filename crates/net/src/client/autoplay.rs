//! A client whose seat a local bot plays: `courtpiece join --autoplay LEVEL`, a remote bot at
//! someone's table and our test player.

use bevy::prelude::*;
use courtpiece_bots::{Bot, Level};
use courtpiece_rules::Intent;

use super::{FromHost, Session, ToHost};
use crate::protocol::{ClientMessage, HostMessage};
use crate::refusal::Refusal;

/// The bot that plays this client's seat.
#[derive(Resource)]
pub struct Autoplay {
    bot: Box<dyn Bot>,
    /// The `moves` of the update the last intent answered, so each turn is played once.
    answered: Option<u32>,
    /// The host refused the bot's choice as against the rules: play the first legal intent
    /// instead.
    play_safe: bool,
}

impl Autoplay {
    pub fn new(level: Level, seed: u64) -> Autoplay {
        Autoplay::with_bot(level.bot(seed))
    }

    /// Any bot: an outside program's, say.
    pub fn with_bot(bot: Box<dyn Bot>) -> Autoplay {
        Autoplay {
            bot,
            answered: None,
            play_safe: false,
        }
    }
}

pub(super) fn play(
    autoplay: Option<ResMut<Autoplay>>,
    session: Res<Session>,
    mut from_host: MessageReader<FromHost>,
    mut out: MessageWriter<ToHost>,
) {
    let Some(mut autoplay) = autoplay else { return };
    for message in from_host.read() {
        match &message.0 {
            // back after a drop: the turn in the next view may be the one answered before,
            // whose intent the host may never have seen
            HostMessage::Welcome { .. } => autoplay.answered = None,
            // a late answer: the next view asks again
            HostMessage::Rejected(refusal) if refusal.is_stale() => {}
            HostMessage::Rejected(Refusal::Rule { .. }) => {
                autoplay.answered = None;
                autoplay.play_safe = true;
            }
            _ => {}
        }
    }
    let (Some(view), Some(lobby)) = (&session.view, &session.lobby) else {
        return;
    };
    // legal intents come only to the person who acts: for their seat, or the dummy they drive
    if session.seat.is_none() || view.legal.is_empty() {
        return;
    }
    if autoplay.answered == Some(session.moves) {
        return;
    }
    let chosen = autoplay.bot.decide(&view.acting(), &lobby.rules);
    let intent: Intent = if autoplay.play_safe || !view.legal.contains(&chosen) {
        view.legal[0]
    } else {
        chosen
    };
    autoplay.answered = Some(session.moves);
    autoplay.play_safe = false;
    out.write(ToHost(ClientMessage::Intent(intent)));
}
