//! Why the host refused a request, as data: the host sends the kind, and each client words it
//! (or, like the autoplay bot, acts on it). Nothing changed at the table when one is sent.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use courtpiece_rules::{Intent, RuleError, RulesConflict, Seat};

#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum Refusal {
    /// The rules refused an intent of the client's seat.
    #[error("{intent} refused: {error}")]
    Rule { intent: Intent, error: RuleError },
    #[error("{0}")]
    Lobby(#[from] LobbyError),
    /// An intent from someone who does not sit at the match being played.
    #[error("you have no seat in a match being played")]
    NotSeated,
    /// The bytes were no message of this protocol version.
    #[error("the host could not read that message")]
    Unreadable,
    #[error("say hello first")]
    HelloFirst,
    #[error("hello was already said on this connection")]
    HelloTwice,
}

impl Refusal {
    /// Was the request only late: the turn or the phase moved on before it arrived? A newer view
    /// is on its way, and the same decision asked of it again is no mistake.
    pub fn is_stale(&self) -> bool {
        matches!(
            self,
            Refusal::Rule {
                error: RuleError::NotYourTurn { .. }
                    | RuleError::NobodyToAct { .. }
                    | RuleError::WrongPhase { .. },
                ..
            }
        )
    }
}

/// A lobby action that can not be carried out.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum LobbyError {
    #[error("the match has started; the lobby is closed")]
    Started,
    #[error("only the table's owner can do that")]
    OwnerOnly,
    #[error("seat {} is not free", .0.index())]
    SeatTaken(Seat),
    #[error("seat {} has a player; they must leave it first", .0.index())]
    SeatHasPlayer(Seat),
    #[error("seat {} is open: wait for a player or give it a bot", .0.index())]
    SeatOpen(Seat),
    #[error("{name} at seat {} is not connected", seat.index())]
    NotConnected { seat: Seat, name: String },
    #[error("the table has no seat {}", .0.index())]
    NoSuchSeat(Seat),
    #[error("that person is not watching the table")]
    NotWatching,
    #[error("seat {} is played by someone: a watcher may take only an open seat or a bot's", .0.index())]
    NotABotsSeat(Seat),
    #[error("the rules were refused: {0}")]
    Rules(#[from] RulesConflict),
    #[error("the match needs an end: a target or a number of hands")]
    NoEnd,
}

#[cfg(test)]
mod tests {
    use courtpiece_rules::{Barred, Card, NotInRules, Phase, Suit};

    use super::*;
    use crate::codec;
    use crate::protocol::HostMessage;

    #[test]
    fn refusals_cross_the_wire_as_kinds_and_are_worded_by_the_client() {
        let seat = Seat::ALL[2];
        let card: Card = "QH".parse().expect("a card");
        let refusals = [
            Refusal::Rule {
                intent: Intent::Play { card },
                error: RuleError::MustFollowSuit { suit: Suit::Spades },
            },
            Refusal::Rule {
                intent: Intent::Redeal,
                error: RuleError::Barred(Barred::RedealsUsedUp),
            },
            Refusal::Rule {
                intent: Intent::Defer,
                error: RuleError::NotInRules(NotInRules::Defer),
            },
            Refusal::Rule {
                intent: Intent::Reveal,
                error: RuleError::WrongPhase {
                    phase: Phase::Cut,
                    intent: Intent::Reveal,
                },
            },
            Refusal::Lobby(LobbyError::NotConnected {
                seat,
                name: "Ayesha".into(),
            }),
            Refusal::Lobby(LobbyError::Rules(RulesConflict::FirstCollect(14))),
            Refusal::NotSeated,
        ];
        for refusal in refusals {
            let message = HostMessage::Rejected(refusal.clone());
            let bytes = codec::encode(&message).expect("encodes");
            let back: HostMessage = codec::decode(&bytes).expect("decodes");
            assert_eq!(back, message);
            assert!(!refusal.to_string().is_empty());
        }
        let late = Refusal::Rule {
            intent: Intent::Play { card },
            error: RuleError::NotYourTurn {
                expected: seat,
                got: Seat::ALL[1],
            },
        };
        assert!(late.is_stale());
        assert_eq!(
            late.to_string(),
            "play QH refused: it is not seat 1's turn (waiting for seat 2)"
        );
        assert!(!Refusal::NotSeated.is_stale());
    }

    #[test]
    fn tokens_travel_in_user_data() {
        use crate::protocol::SeatToken;
        let token = SeatToken([7; 16]);
        assert_eq!(SeatToken::from_user_data(&token.user_data()), Some(token));
        assert_eq!(SeatToken::from_user_data(&[0; 256]), None);
    }
}
