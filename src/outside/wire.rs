//! The lines of the bot protocol: what the host asks, and reading a program's answers.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::SyncSender;

use courtpiece_rules::{Intent, RuleSet, SeatView};
use serde::Serialize;

/// The version of the protocol `docs/bot-protocol.md` describes.
pub const PROTOCOL: u16 = 1;

/// The longest line a program may answer with; the rest of a longer one is nonsense.
const MAX_LINE: usize = 64 * 1024;

/// What the host sends, one JSON object a line.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask<'a> {
    Hello {
        protocol: u16,
    },
    Decide {
        rules: &'a RuleSet,
        view: &'a SeatView,
        legal: &'a [Intent],
    },
    Quit {},
}

impl Ask<'_> {
    pub fn line(&self) -> String {
        let mut line = serde_json::to_string(self).unwrap_or_default();
        line.push('\n');
        line
    }
}

/// A line a program wrote: its text, or that it was too long to read.
#[derive(Debug, PartialEq, Eq)]
pub enum Said {
    Line(String),
    TooLong,
}

/// Reads `from` line by line into `to` until it ends or nobody listens. `to` is bounded, so a
/// program that writes faster than it is asked waits for the host instead of filling its memory.
pub fn read_lines(from: impl Read, to: &SyncSender<Said>) {
    let mut reader = BufReader::new(from);
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        let said = match read {
            Ok(0) | Err(_) => return,
            Ok(n) if n > MAX_LINE && line.last() != Some(&b'\n') => {
                // skip the rest of the line without keeping it: it may never end
                if reader.skip_until(b'\n').is_err() {
                    return;
                }
                Said::TooLong
            }
            Ok(_) => Said::Line(String::from_utf8_lossy(&line).trim().to_owned()),
        };
        if to.send(said).is_err() {
            return;
        }
    }
}

/// The intent in an answer, if it is one.
pub fn intent(answer: &str) -> Option<Intent> {
    serde_json::from_str(answer).ok()
}

/// The name in a hello's answer: `{"name": "…"}` (any object will do).
pub fn name(answer: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(answer).ok()?;
    let object = value.as_object()?;
    Some(
        object
            .get("name")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control())
            .take(40)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::sync_channel;

    use courtpiece_rules::{Match, Preset, Seat};

    use super::*;

    #[test]
    fn the_questions_are_one_line_of_json_each() {
        assert_eq!(
            Ask::Hello { protocol: 1 }.line(),
            "{\"hello\":{\"protocol\":1}}\n"
        );
        assert_eq!(Ask::Quit {}.line(), "{\"quit\":{}}\n");
        let rules = Preset::CourtPiece.rules();
        let game = Match::new(&rules, 4).unwrap();
        let view = game.view(Seat::ALL[0]);
        let line = Ask::Decide {
            rules: &rules,
            view: &view,
            legal: &view.legal,
        }
        .line();
        assert_eq!(line.matches('\n').count(), 1);
        let value: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert!(value["decide"]["legal"].is_array());
        assert!(value["decide"]["view"]["hand"].is_array() || value["decide"]["view"]["hand"].is_string());
    }

    #[test]
    fn answers_are_read_as_intents_and_names() {
        let card = "QH".parse().unwrap();
        assert_eq!(
            intent("{\"play\":{\"card\":\"QH\"}}"),
            Some(Intent::Play { card })
        );
        assert_eq!(intent("\"keep\""), Some(Intent::Keep));
        assert_eq!(intent("play the queen"), None);
        assert_eq!(name("{\"name\":\"Rook\\u0007 3\"}"), Some("Rook 3".into()));
        assert_eq!(name("{}"), Some(String::new()));
        assert_eq!(name("[1]"), None);
    }

    #[test]
    fn a_line_too_long_is_one_answer_of_nonsense() {
        // a line far longer than the limit, as a stream
        let input = std::io::repeat(b'a')
            .take(64 * MAX_LINE as u64)
            .chain(&b"\n\"Keep\"\nlast"[..]);
        let (tx, rx) = sync_channel(3);
        read_lines(input, &tx);
        drop(tx);
        let said: Vec<Said> = rx.iter().collect();
        assert_eq!(
            said,
            [
                Said::TooLong,
                Said::Line("\"Keep\"".into()),
                Said::Line("last".into())
            ]
        );
    }

    /// A source of endless empty lines that counts the bytes read from it.
    struct Endless(std::sync::Arc<std::sync::atomic::AtomicUsize>);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(b'\n');
            self.0.fetch_add(buf.len(), std::sync::atomic::Ordering::Relaxed);
            Ok(buf.len())
        }
    }

    #[test]
    fn a_program_that_never_stops_writing_waits_for_the_host_and_stops_with_it() {
        let read = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (tx, rx) = sync_channel(4);
        let source = Endless(read.clone());
        let reader = std::thread::spawn(move || read_lines(source, &tx));
        assert_eq!(rx.recv(), Ok(Said::Line(String::new())));
        // nobody takes the next lines: the reader waits after a buffer's worth at most
        std::thread::sleep(std::time::Duration::from_millis(200));
        let waited = read.load(std::sync::atomic::Ordering::Relaxed);
        assert!(waited <= 64 * 1024, "{waited} bytes read ahead");
        drop(rx);
        reader.join().unwrap();
    }
}
