//! The table's sound effects, made at start-up as small WAV clips (16-bit mono): a card laid on
//! the felt, the riffle of a shuffle, a trick swept off the table, the chime of a court, a soft
//! bell when it is your turn. Nothing to ship in `assets/`, and the same sounds everywhere.
#![expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "sample counts and 16-bit samples are worked out in f32 from short clips and clamped before they are cast"
)]

use std::f32::consts::TAU;

/// Samples per second of every clip.
pub const RATE: u32 = 22_050;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clip {
    Card,
    Shuffle,
    Sweep,
    Court,
    YourTurn,
}

impl Clip {
    pub const ALL: [Clip; 5] = [
        Clip::Card,
        Clip::Shuffle,
        Clip::Sweep,
        Clip::Court,
        Clip::YourTurn,
    ];

    /// The clip as the bytes of a WAV file.
    pub fn wav(self) -> Vec<u8> {
        let samples = match self {
            Clip::Card => snap(0.07, 1),
            Clip::Shuffle => riffle(),
            Clip::Sweep => whoosh(),
            Clip::Court => chime(&[523.3, 659.3, 784.0], 0.16, 0.5),
            Clip::YourTurn => chime(&[880.0], 0.0, 0.35),
        };
        wav(&samples)
    }
}

/// A small deterministic noise source (xorshift), so that the clips are the same every run.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

fn len(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// A card meeting the felt: a short burst of softened noise that dies fast.
fn snap(seconds: f32, seed: u32) -> Vec<f32> {
    let mut noise = Noise(0x9E37_79B9 ^ seed);
    let mut low = 0.0;
    (0..len(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            low += (noise.next() - low) * 0.35;
            low * (-t * 70.0).exp() * 0.8
        })
        .collect()
}

/// Cards falling one on another: many small snaps, quick and a little irregular.
fn riffle() -> Vec<f32> {
    let mut out = vec![0.0; len(0.7)];
    let mut noise = Noise(7);
    for k in 0..26 {
        let start = len(0.02 + k as f32 * 0.025 + noise.next().abs() * 0.008);
        for (i, s) in snap(0.03, k).into_iter().enumerate() {
            if let Some(o) = out.get_mut(start + i) {
                *o += s * 0.45;
            }
        }
    }
    out
}

/// Cards sliding across the felt: noise that swells and fades, low-passed.
fn whoosh() -> Vec<f32> {
    let n = len(0.3);
    let mut noise = Noise(3);
    let mut low = 0.0;
    (0..n)
        .map(|i| {
            let x = i as f32 / n as f32;
            low += (noise.next() - low) * 0.08;
            low * (std::f32::consts::PI * x).sin() * 1.6
        })
        .collect()
}

/// Bell-like notes one after another (`gap` seconds apart), each ringing `ring` seconds.
fn chime(notes: &[f32], gap: f32, ring: f32) -> Vec<f32> {
    let mut out = vec![0.0; len(gap * notes.len() as f32 + ring)];
    for (k, &f) in notes.iter().enumerate() {
        let start = len(gap * k as f32);
        for i in 0..len(ring) {
            let t = i as f32 / RATE as f32;
            let tone = (TAU * f * t).sin() + 0.3 * (TAU * 2.0 * f * t).sin();
            let attack = (t * 400.0).min(1.0);
            if let Some(o) = out.get_mut(start + i) {
                *o += tone * attack * (-t * 7.0).exp() * 0.3;
            }
        }
    }
    out
}

/// 16-bit mono PCM in a RIFF/WAVE container.
fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        let v = (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(bytes: &[u8]) -> Vec<i16> {
        bytes[44..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect()
    }

    #[test]
    fn every_clip_is_a_well_formed_audible_wav() {
        for clip in Clip::ALL {
            let bytes = clip.wav();
            assert_eq!(&bytes[0..4], b"RIFF", "{clip:?}");
            assert_eq!(&bytes[8..16], b"WAVEfmt ", "{clip:?}");
            let riff = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
            assert_eq!(riff + 8, bytes.len(), "{clip:?}: RIFF size");
            let data = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
            assert_eq!(data + 44, bytes.len(), "{clip:?}: data size");
            let s = samples(&bytes);
            let seconds = s.len() as f32 / RATE as f32;
            assert!((0.05..=1.0).contains(&seconds), "{clip:?} lasts {seconds} s");
            let peak = s.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
            assert!(peak > 3_000, "{clip:?} is too quiet: peak {peak}");
            assert!(peak < i16::MAX as u16, "{clip:?} clips");
            // it fades out rather than stopping with a click
            let tail = s[s.len() - 20..]
                .iter()
                .map(|v| v.unsigned_abs())
                .max()
                .unwrap_or(0);
            assert!(tail < peak / 4, "{clip:?} ends loud: {tail} of {peak}");
        }
    }

    #[test]
    fn clips_are_the_same_every_time() {
        for clip in Clip::ALL {
            assert_eq!(clip.wav(), clip.wav(), "{clip:?}");
        }
    }
}
