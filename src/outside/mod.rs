//! Bots from outside: any program that speaks the bot protocol (`docs/bot-protocol.md`) on its
//! standard input and output takes a seat, in `serve`, `arena` and `join --autoplay`. A program
//! that answers nonsense, an intent it may not make, or nothing in time has that turn played by
//! a Medium bot, with a line on standard error saying why; it never stalls the table.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use courtpiece_bots::{Bot, Entrant, Level, UnknownLevel};

mod bot;
mod group;
mod wire;

pub use bot::OutsideBot;
pub use group::{become_program_if_asked, pass_on_termination};

/// How long a program has for each answer (and for its hello).
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);

/// After this many unanswered questions in a row a program is asked nothing more: Medium plays
/// the rest of its seat.
pub const SILENCES_ALLOWED: u32 = 2;

/// A program to run for a seat: a command line, run by the shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub command: String,
    /// The name it gave in its hello, once asked ([`Program::check`]): what the table calls
    /// its seat. Without one it is `ext:COMMAND`.
    pub name: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum OutsideError {
    #[error("could not start {command:?}: {source}")]
    Start { command: String, source: std::io::Error },
    #[error("{command:?} did not answer the hello: {why}")]
    NoHello { command: String, why: String },
}

impl Program {
    pub fn new(command: &str) -> Program {
        Program {
            command: command.trim().to_owned(),
            name: None,
        }
    }

    /// Starts the program once and has it say hello, so that a command that does not run is
    /// reported before a match begins; keeps the name it gave, if any.
    pub fn check(&mut self) -> Result<(), OutsideError> {
        let bot = OutsideBot::start(&self.command, 0)?;
        let name = bot.name().trim();
        self.name = (!name.is_empty()).then(|| name.to_owned());
        Ok(())
    }
}

impl Entrant for Program {
    fn bot(&self, seed: u64) -> Box<dyn Bot> {
        match OutsideBot::start(&self.command, seed) {
            Ok(bot) => Box::new(bot),
            Err(e) => {
                eprintln!("outside bot: {e}: a Medium bot plays its seat");
                Level::Medium.bot(seed)
            }
        }
    }

    fn label(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| format!("ext:{}", self.command))
    }
}

/// Who plays a seat a bot takes: one of our levels, or a program (`ext:COMMAND`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    Level(Level),
    Program(Program),
}

impl Player {
    pub fn entrant(&self) -> &dyn Entrant {
        match self {
            Player::Level(level) => level,
            Player::Program(program) => program,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.entrant().label())
    }
}

/// Neither a level nor `ext:COMMAND`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadPlayer {
    #[error("{0} (or ext:COMMAND for an outside program)")]
    Level(#[from] UnknownLevel),
    #[error("ext: needs a command, like ext:\"python3 my_bot.py\"")]
    NoCommand,
}

impl FromStr for Player {
    type Err = BadPlayer;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().strip_prefix("ext:") {
            Some(command) if command.trim().is_empty() => Err(BadPlayer::NoCommand),
            Some(command) => Ok(Player::Program(Program::new(command))),
            None => Ok(Player::Level(s.parse()?)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_a_level_or_a_program() {
        assert_eq!("Hard".parse::<Player>(), Ok(Player::Level(Level::Hard)));
        assert_eq!(
            "ext: python3 bot.py --fast".parse::<Player>(),
            Ok(Player::Program(Program::new("python3 bot.py --fast")))
        );
        assert_eq!("ext:".parse::<Player>(), Err(BadPlayer::NoCommand));
        let unknown = "wizard".parse::<Player>().unwrap_err().to_string();
        assert!(unknown.contains("ext:COMMAND"), "{unknown}");
        let mut program = Program::new("./bot");
        assert_eq!(Player::Program(program.clone()).to_string(), "ext:./bot");
        program.name = Some("Rangbaaz".into());
        assert_eq!(
            program.label(),
            "Rangbaaz",
            "a program is called by the name it gave"
        );
    }
}
