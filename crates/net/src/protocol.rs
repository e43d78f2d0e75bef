//! What travels between a host and its clients. Both directions are versioned serde enums; a
//! client that speaks another version is told so and let go.

use serde::{Deserialize, Serialize};

use courtpiece_bots::Level;
use courtpiece_rules::{Event, Intent, MatchSummary, RuleSet, Seat, SeatView, Trick};

use crate::refusal::Refusal;

/// Raised whenever a message changes shape or meaning.
pub const PROTOCOL_VERSION: u16 = 16;

/// The secret a player keeps to take their seat back after a drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatToken(pub [u8; 16]);

impl SeatToken {
    /// A marker that tells a seat token from any other user data.
    const MARK: &[u8; 4] = b"SEAT";

    /// The token as a connect token's user data, so a rejoining client is known from its
    /// very first packet.
    pub fn user_data(self) -> [u8; renetcode::NETCODE_USER_DATA_BYTES] {
        let mut data = [0u8; renetcode::NETCODE_USER_DATA_BYTES];
        data[..4].copy_from_slice(Self::MARK);
        data[4..20].copy_from_slice(&self.0);
        data
    }

    /// The token as 32 hexadecimal digits, as the host keeps it on disk.
    pub fn to_hex(self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A token written by [`SeatToken::to_hex`], if `text` is one.
    pub fn from_hex(text: &str) -> Option<SeatToken> {
        if text.len() != 32 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let mut bytes = [0u8; 16];
        for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks(2)) {
            *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
        }
        Some(SeatToken(bytes))
    }

    /// The token in a connect token's user data, if there is one.
    pub fn from_user_data(data: &[u8]) -> Option<SeatToken> {
        let rest = data.strip_prefix(Self::MARK)?;
        let bytes: [u8; 16] = rest.get(..16)?.try_into().ok()?;
        Some(SeatToken(bytes))
    }
}

/// Client to host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// The first message of a connection.
    Hello {
        name: String,
        version: u16,
        rejoin: Option<SeatToken>,
        /// Come to watch: no seat, even an open one.
        watch: bool,
    },
    Lobby(LobbyAction),
    /// A decision at the table, for the seat this client holds.
    Intent(Intent),
    /// Leaving for good: the seat is freed (in the lobby) or played by a bot (in a match).
    Leave,
}

/// What a client may ask of the lobby. Seats for oneself are anyone's to take; the rest is the
/// table owner's (the host's own player).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyAction {
    TakeSeat(Seat),
    LeaveSeat,
    Watch,
    /// Owner: exchange whoever sits at two seats.
    Swap(Seat, Seat),
    /// Owner: a bot of this level at the seat, or `None` to open it again.
    SetBot(Seat, Option<Level>),
    /// Owner: every open seat gets a bot of this level.
    FillWithBots(Level),
    /// Owner: seat the watcher `player` (their number from the welcome, as the lobby lists
    /// them) at `seat`, an open seat or one a bot plays. In a match they sit down when the hand
    /// in play is over.
    LetIn {
        player: u8,
        seat: Seat,
    },
    /// Owner: the rules of the match (checked by the rules crate).
    SetRules(RuleSet),
    /// Owner: deal.
    Start,
}

/// Host to client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostMessage {
    /// The answer to `Hello`: who you are, where you sit (if anywhere), and the token that gives
    /// your seat back if you drop.
    Welcome {
        player: u8,
        seat: Option<Seat>,
        token: SeatToken,
        owner: bool,
        /// What the table calls you: the name you gave, fit to show, and numbered ("Ali 2")
        /// where someone at the table already went by it.
        name: String,
    },
    Lobby(LobbyState),
    /// What happened and how the table now looks from your seat (or from the rail).
    Update(Update),
    /// Your last request was refused; nothing changed.
    Rejected(Refusal),
    /// The match is over.
    Summary(MatchSummary),
    /// The host lets you go.
    Goodbye(Goodbye),
}

/// One step of the table for one client: the public events since the last update and the view
/// after them. The completed tricks of the hand are sent once each: `view.tricks` holds only the
/// tricks from number `tricks_from` on, and the client keeps the ones before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Update {
    /// How many intents the match has applied, to order updates and to time them.
    pub moves: u32,
    pub events: Vec<Event>,
    pub tricks_from: u8,
    pub view: SeatView,
}

impl Update {
    /// The whole view, from the tricks already known to the client and this update.
    pub fn merge_tricks(&self, known: &[Trick]) -> Result<Vec<Trick>, ProtocolError> {
        let from = usize::from(self.tricks_from);
        if from > known.len() {
            return Err(ProtocolError::MissingTricks {
                from,
                known: known.len(),
            });
        }
        let mut tricks = known[..from].to_vec();
        tricks.extend_from_slice(&self.view.tricks);
        Ok(tricks)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyState {
    pub table: String,
    pub rules: RuleSet,
    /// One per seat of the rules, in seat order.
    pub seats: Vec<SeatState>,
    pub spectators: Vec<Spectator>,
    /// Watchers the owner let in, who sit down when the hand in play is over.
    pub arriving: Vec<Arrival>,
    pub started: bool,
    /// Seconds a person has for each decision before a bot makes it for them, if turns are
    /// timed.
    pub turn_timer: Option<u16>,
    /// The seat of the person this state is sent to, if they sit.
    pub you: Option<Seat>,
}

/// Someone watching from the rail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spectator {
    /// Their number at this table, as their welcome gave it.
    pub player: u8,
    pub name: String,
}

/// A watcher on their way to a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    pub seat: Seat,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatState {
    Open,
    Bot(Level),
    /// An outside program that speaks the bot protocol.
    Program {
        name: String,
    },
    Player {
        name: String,
        /// Dropped and not back yet (a bot plays for them once the grace time is over).
        away: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goodbye {
    WrongVersion { host: u16 },
    TableFull,
    BadToken,
    HostClosing,
    MatchOver,
}

impl std::fmt::Display for Goodbye {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Goodbye::WrongVersion { host } => write!(
                f,
                "the host speaks protocol version {host} and this program {PROTOCOL_VERSION}: use the same version of courtpiece"
            ),
            Goodbye::TableFull => f.write_str("the table has no seat and no room on the rail"),
            Goodbye::BadToken => f.write_str("the seat token is not valid at this table"),
            Goodbye::HostClosing => f.write_str("the host closed the table"),
            Goodbye::MatchOver => f.write_str("the match is over"),
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProtocolError {
    #[error("an update starts at trick {from}, past the tricks known here (as many as {known})")]
    MissingTricks { from: usize, known: usize },
}
