//! Small helpers of the measuring commands and the window's own accounting: a seed from the
//! clock, lists of seeds, and percentiles of timings.

/// A seed that differs from one run to the next.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| (d.as_secs() << 30) ^ u64::from(d.subsec_nanos()))
}

/// Most seeds one list may name: each is a whole set of deals to play.
pub const MOST_SEEDS: usize = 10_000;

/// The seeds of a list like `1-14`, `1,3,7` or `1-3,9`, in the order written: ranges take both
/// ends, and a seed may be named once.
pub fn seeds(text: &str) -> Result<Vec<u64>, String> {
    let number = |part: &str| {
        part.trim()
            .parse::<u64>()
            .map_err(|_| format!("{:?} is not a seed (a whole number from 0)", part.trim()))
    };
    let mut seeds = Vec::new();
    let mut named = std::collections::HashSet::new();
    for part in text.split(',') {
        let (first, last) = match part.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => {
                let seed = number(part)?;
                (seed, seed)
            }
        };
        if first > last {
            return Err(format!(
                "{first}-{last} runs backwards: write the lower seed first"
            ));
        }
        let room = MOST_SEEDS - seeds.len();
        if usize::try_from(last - first).map_or(true, |more| more >= room) {
            return Err(format!("more than {MOST_SEEDS} seeds"));
        }
        for seed in first..=last {
            if !named.insert(seed) {
                return Err(format!("seed {seed} is named twice"));
            }
            seeds.push(seed);
        }
    }
    Ok(seeds)
}

/// A list of seeds as [`seeds`] reads it, runs of seeds one after another as ranges: `1-3, 9`.
pub fn describe_seeds(seeds: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &seed in seeds {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(seed) => *last = seed,
            _ => runs.push((seed, seed)),
        }
    }
    runs.iter()
        .map(|&(first, last)| match first == last {
            true => first.to_string(),
            false => format!("{first}-{last}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `q`-th quantile (0 to 1) of `sorted`, by nearest rank; 0 for no values.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "q is clamped to 0..=1, so the rounded rank is a position within the list"
)]
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    let Some(last) = sorted.len().checked_sub(1) else {
        return 0.0;
    };
    let rank = (last as f64 * q.clamp(0.0, 1.0)).round() as usize;
    sorted[rank.min(last)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<f64> = (1..=101).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.5), 51.0);
        assert_eq!(percentile(&v, 0.99), 100.0);
        assert_eq!(percentile(&v, 1.0), 101.0);
        assert_eq!(percentile(&v, 2.0), 101.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
    }

    #[test]
    fn seeds_by_range_and_list() {
        assert_eq!(seeds("7"), Ok(vec![7]));
        assert_eq!(seeds("1-4"), Ok(vec![1, 2, 3, 4]));
        assert_eq!(seeds("1-3, 9,20-21"), Ok(vec![1, 2, 3, 9, 20, 21]));
        assert_eq!(seeds("5-5"), Ok(vec![5]));
    }

    #[test]
    fn seed_lists_are_described_as_they_are_read() {
        for text in ["7", "1-14", "1-3, 9, 20-21", "4, 2-3", "0, 18446744073709551615"] {
            let list = seeds(text).expect(text);
            assert_eq!(describe_seeds(&list), text);
        }
    }

    #[test]
    fn bad_seed_lists_say_why() {
        for (text, says) in [
            ("", "is not a seed"),
            ("1,,2", "is not a seed"),
            ("x", "\"x\" is not a seed"),
            ("-3", "is not a seed"),
            ("1-2-3", "is not a seed"),
            ("9-3", "runs backwards"),
            ("1-4,3", "seed 3 is named twice"),
            ("0-18446744073709551615", "more than 10000 seeds"),
            ("1-5000,6000-11000", "more than 10000 seeds"),
        ] {
            let error = seeds(text).expect_err(text);
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
