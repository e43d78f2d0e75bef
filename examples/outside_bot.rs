//! The smallest bot that speaks courtpiece's bot protocol (`docs/bot-protocol.md`): it reads
//! one JSON object a line on standard input and answers each with one line on standard output.
//! It plays the legal intent it likes best by a simple rule: the lowest card it may play, and
//! otherwise the first intent offered. Seat it with `serve --seats ext:"PATH",…`,
//! `arena --a ext:"PATH" --b medium` or `join ADDR --autoplay ext:"PATH"`.

use std::io::{BufRead, Write};

use serde_json::{Value, json};

/// Ranks from low to high, as cards are named ("TH" is the ten of hearts).
const RANKS: &str = "23456789TJQKA";

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let message: Value = match serde_json::from_str(&line?) {
            Ok(message) => message,
            Err(e) => {
                eprintln!("outside_bot: a line that is not JSON: {e}");
                continue;
            }
        };
        let answer = if message.get("hello").is_some() {
            json!({ "name": "Example bot" })
        } else if let Some(decide) = message.get("decide") {
            choose(
                decide
                    .get("legal")
                    .and_then(Value::as_array)
                    .map_or(&[][..], Vec::as_slice),
            )
        } else if message.get("quit").is_some() {
            break;
        } else {
            continue;
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(())
}

/// The lowest card among the legal plays, or the first legal intent.
fn choose(legal: &[Value]) -> Value {
    let rank = |intent: &Value| -> Option<usize> {
        let card = intent.get("play")?.get("card")?.as_str()?;
        RANKS.find(card.get(..1)?)
    };
    legal
        .iter()
        .filter_map(|intent| Some((rank(intent)?, intent)))
        .min_by_key(|(rank, _)| *rank)
        .map(|(_, intent)| intent.clone())
        .or_else(|| legal.first().cloned())
        .unwrap_or(Value::Null)
}
