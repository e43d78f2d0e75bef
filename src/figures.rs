//! Small helpers of the measuring commands and the window's own accounting: a seed from the
//! clock, and percentiles of timings.

/// A seed that differs from one run to the next.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| (d.as_secs() << 30) ^ u64::from(d.subsec_nanos()))
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
}
