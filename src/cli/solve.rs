//! `courtpiece solve`: double-dummy results for lines `<PBN deal> <trumps S|H|D|C|N> <leader N|E|S|W>`.

use std::io::BufRead;
use std::path::Path;
use std::time::Instant;

use courtpiece_bots::Solver;
use courtpiece_rules::{Deal, PlayState, Preset, Seat, Suit, Trick};

use super::CliError;

/// Solves every line of the input (a file, or standard input) and prints, one line each, the
/// tricks the leader's side takes with best play by everyone. A line that can not be read prints
/// `-` (so that the output stays line for line) and an error on standard error; the command then
/// exits non-zero. Empty lines and lines starting with `#` are skipped.
///
/// With `times`, each answer is followed by the milliseconds it took and the positions at the
/// start of a trick it searched (the node count bridge solvers such as DDS report), and standard
/// error ends with the median, 90th percentile, slowest and total: the figures
/// `docs/performance.md` keeps.
pub fn run(file: Option<&Path>, times: bool) -> Result<(), CliError> {
    let input: Box<dyn BufRead> = match file {
        Some(path) => Box::new(std::io::BufReader::new(std::fs::File::open(path).map_err(
            |source| CliError::Io {
                path: path.to_path_buf(),
                source,
            },
        )?)),
        None => Box::new(std::io::stdin().lock()),
    };
    let mut solver = Solver::new();
    let mut failed = 0u32;
    let mut took = Vec::new();
    let mut nodes = 0;
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(|source| CliError::Io {
            path: file.map_or_else(|| "<stdin>".into(), Path::to_path_buf),
            source,
        })?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let answer = match parse(text) {
            Ok((pos, leader)) => {
                let start = Instant::now();
                let before = solver.trick_nodes();
                let tricks = solver.max_tricks(&pos, leader.team());
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                if times {
                    took.push(ms);
                    let searched = solver.trick_nodes() - before;
                    nodes += searched;
                    format!("{tricks} {ms:.1} {searched}")
                } else {
                    tricks.to_string()
                }
            }
            Err(why) => {
                eprintln!("courtpiece solve: line {}: {why}", i + 1);
                failed += 1;
                "-".to_string()
            }
        };
        // each answer as it comes, for a program reading line by line
        say!("{answer}");
        super::out::flush();
    }
    if times && !took.is_empty() {
        eprintln!("{} trick nodes {nodes}", summary(&mut took));
    }
    if failed > 0 {
        let failed = courtpiece::words::counted(failed, "line", "lines");
        return Err(CliError::Usage(format!("{failed} could not be solved")));
    }
    Ok(())
}

/// `deals N median … p90 … max … total …`, the times in milliseconds (the total in seconds).
fn summary(took: &mut [f64]) -> String {
    took.sort_by(f64::total_cmp);
    let n = took.len();
    let total: f64 = took.iter().sum();
    format!(
        "deals {n} median {:.1} ms p90 {:.1} ms max {:.1} ms total {:.2} s",
        took[n / 2],
        took[n * 9 / 10],
        took[n - 1],
        total / 1000.0
    )
}

/// A line's deal at the start of a trick, four seats in two teams as in Court Piece.
fn parse(text: &str) -> Result<(PlayState, Seat), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [deal @ .., trumps, leader] = words.as_slice() else {
        return Err("expected <PBN deal> <trumps> <leader>".into());
    };
    if deal.len() != 4 {
        return Err(format!(
            "expected a PBN deal of four hands, found {} words",
            deal.len()
        ));
    }
    let deal: Deal = deal.join(" ").parse().map_err(|e| format!("{e}"))?;
    let trumps = match *trumps {
        "N" | "n" | "NT" | "nt" => None,
        t => Some(t.parse::<Suit>().map_err(|e| e.to_string())?),
    };
    let mut lc = leader.chars();
    let leader = match (lc.next(), lc.next()) {
        (Some(c), None) => Seat::from_compass(c),
        _ => None,
    }
    .ok_or_else(|| format!("leader {leader:?} is not N, E, S or W"))?;
    let pos = PlayState::open(&deal, &Trick::new(leader, trumps), &Preset::CourtPiece.rules())
        .map_err(|e| e.to_string())?;
    Ok((pos, leader))
}
