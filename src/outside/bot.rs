//! A seat played by an outside program: the host asks it each decision on its standard input
//! and reads the answer from its standard output, within `ANSWER_WITHIN`.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel, sync_channel};
use std::time::{Duration, Instant};

use courtpiece_bots::{Bot, Level};
use courtpiece_rules::{Intent, RuleSet, SeatView};

use super::group;
use super::wire::{self, Ask, Said};
use super::{ANSWER_WITHIN, OutsideError, SILENCES_ALLOWED};

/// How long a program has to exit after it is told to quit, before it is killed.
const EXIT_WITHIN: Duration = Duration::from_millis(200);

/// The lines a program may write ahead of the host's reading; past them its output waits.
const LINES_AHEAD: usize = 16;

pub struct OutsideBot {
    command: String,
    name: String,
    child: Child,
    /// The questions, written to the program's input by a thread of their own: a program that
    /// does not read them blocks that thread, never the table.
    input: Option<Sender<String>>,
    /// Behind a mutex only so that the bot is `Sync`: it is used through `&mut self`.
    answers: Mutex<Receiver<Said>>,
    /// Plays the turns the program does not.
    stand_in: Box<dyn Bot>,
    /// Questions in a row without an answer.
    silences: u32,
    /// Why the program is asked nothing more, once it is not.
    done: Option<String>,
}

impl OutsideBot {
    /// Runs `command` through the shell and has it say hello.
    pub fn start(command: &str, seed: u64) -> Result<OutsideBot, OutsideError> {
        let start = |source| OutsideError::Start {
            command: command.to_owned(),
            source,
        };
        let mut child = group::spawn(
            shell(command)
                .map_err(start)?
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit()),
        )
        .map_err(start)?;
        let (to, answers) = sync_channel(LINES_AHEAD);
        if let Some(out) = child.stdout.take() {
            std::thread::spawn(move || wire::read_lines(out, &to));
        }
        let input = child.stdin.take().map(write_lines);
        let mut bot = OutsideBot {
            command: command.to_owned(),
            name: String::new(),
            child,
            input,
            answers: Mutex::new(answers),
            stand_in: Level::Medium.bot(seed),
            silences: 0,
            done: None,
        };
        let no_hello = |why: String| OutsideError::NoHello {
            command: command.to_owned(),
            why,
        };
        // what a program said before it stopped reading tells more than the broken pipe
        let said = bot.say(&Ask::Hello {
            protocol: wire::PROTOCOL,
        });
        match (bot.hear(), said) {
            (Ok(Said::Line(line)), _) => match wire::name(&line) {
                Some(name) => bot.name = name,
                None => return Err(no_hello(format!("it said {}, not a JSON object", shorten(&line)))),
            },
            (Ok(Said::TooLong), _) => return Err(no_hello("its answer was too long".into())),
            (Err(why), Ok(())) | (Err(_), Err(why)) => return Err(no_hello(why)),
        }
        Ok(bot)
    }

    /// The name the program gave in its hello (may be empty).
    pub fn name(&self) -> &str {
        &self.name
    }

    fn say(&self, ask: &Ask) -> Result<(), String> {
        let Some(input) = &self.input else {
            return Err("its input is closed".into());
        };
        input
            .send(ask.line())
            .map_err(|_| "it no longer reads its input".to_owned())
    }

    /// The program's next line, within the time it has.
    fn hear(&mut self) -> Result<Said, String> {
        let answers = self
            .answers
            .get_mut()
            .map_err(|_| "its answers could not be read".to_owned())?;
        match answers.recv_timeout(ANSWER_WITHIN) {
            Ok(said) => Ok(said),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("it did not answer within {} s", ANSWER_WITHIN.as_secs()))
            }
            Err(RecvTimeoutError::Disconnected) => Err(match self.child.try_wait() {
                Ok(Some(status)) => format!("it exited ({status})"),
                _ => "it closed its output".into(),
            }),
        }
    }

    /// Forgets answers that came too late for their question: as many as may wait, since a
    /// program that writes without pause would keep the queue full for ever.
    fn forget_late_answers(&mut self) {
        if let Ok(answers) = self.answers.get_mut() {
            answers.try_iter().take(LINES_AHEAD).for_each(drop);
        }
    }

    /// Asks the program; `Err` says why its answer is not taken.
    fn ask(&mut self, view: &SeatView, rules: &RuleSet) -> Result<Intent, String> {
        if let Some(why) = &self.done {
            return Err(why.clone());
        }
        self.forget_late_answers();
        let question = Ask::Decide {
            rules,
            view,
            legal: &view.legal,
        };
        if let Err(why) = self.say(&question) {
            self.done = Some(why.clone());
            return Err(why);
        }
        match self.hear() {
            Ok(Said::Line(line)) => {
                self.silences = 0;
                match wire::intent(&line) {
                    Some(intent) if view.legal.contains(&intent) => Ok(intent),
                    Some(intent) => Err(format!("it answered {intent}, which it may not do now")),
                    None => Err(format!("it answered {}, which is not an intent", shorten(&line))),
                }
            }
            Ok(Said::TooLong) => {
                self.silences = 0;
                Err("its answer was too long".into())
            }
            Err(why) => {
                self.silences += 1;
                let exited = self.child.try_wait().ok().flatten().is_some();
                if exited || self.silences >= SILENCES_ALLOWED {
                    self.done = Some(why.clone());
                }
                Err(why)
            }
        }
    }
}

impl Bot for OutsideBot {
    fn decide(&mut self, view: &SeatView, rules: &RuleSet) -> Intent {
        // a forced move is not asked: the next view shows it
        if let [only] = view.legal.as_slice() {
            return *only;
        }
        let already_done = self.done.is_some();
        match self.ask(view, rules) {
            Ok(intent) => intent,
            Err(why) => {
                if !already_done {
                    let rest = if self.done.is_some() {
                        "Medium plays its seat from now on"
                    } else {
                        "Medium plays this turn"
                    };
                    eprintln!(
                        "outside bot {:?} at seat {}: {why}: {rest}",
                        self.command,
                        view.seat.index()
                    );
                }
                self.stand_in.decide(view, rules)
            }
        }
    }
}

impl Drop for OutsideBot {
    fn drop(&mut self) {
        if self.say(&Ask::Quit {}).is_ok() {
            // end of input too, for a program that reads until it
            self.input = None;
            let asked = Instant::now();
            while asked.elapsed() < EXIT_WITHIN && !matches!(self.child.try_wait(), Ok(Some(_))) {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        // what it started, if anything, ends with it
        group::end(&mut self.child);
    }
}

/// A thread that writes each line sent to it to `input`, until a write fails or the sender is
/// dropped; then the program's input is closed.
fn write_lines(mut input: ChildStdin) -> Sender<String> {
    let (to, lines) = channel::<String>();
    std::thread::spawn(move || {
        for line in lines {
            if input
                .write_all(line.as_bytes())
                .and_then(|()| input.flush())
                .is_err()
            {
                return;
            }
        }
    });
    to
}

fn shell(command: &str) -> std::io::Result<Command> {
    if cfg!(windows) {
        group::command("cmd", &["/C", command])
    } else {
        group::command("sh", &["-c", command])
    }
}

/// A program's words, cut short for a log line.
fn shorten(text: &str) -> String {
    const SHOWN: usize = 60;
    let mut short: String = text.chars().take(SHOWN).collect();
    if text.chars().count() > SHOWN {
        short.push('…');
    }
    format!("{short:?}")
}
