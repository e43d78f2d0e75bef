//! The table code: a short code a host reads out to friends (`KOT-4821`). The netcode private
//! key is derived from it, so only people who know it can connect, and the traffic is encrypted
//! with keys no one else has.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{LazyLock, Mutex};

use argon2::{Algorithm, Argon2, Params, Version};
use sha2::{Digest, Sha256};

use crate::protocol::PROTOCOL_VERSION;

/// netcode's protocol id: ours, and the protocol version, so that other programs and other
/// versions never get as far as a connection.
pub const PROTOCOL_ID: u64 = u64::from_be_bytes(*b"CPIECE\0\0") | PROTOCOL_VERSION as u64;

/// Letters without the I, which reads as a one.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Three letters and four digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableCode {
    letters: [u8; 3],
    digits: [u8; 4],
}

impl TableCode {
    /// A fresh code from the operating system's random numbers.
    pub fn random() -> TableCode {
        let bytes: [u8; 7] = renet_random();
        let mut letters = [0; 3];
        for (l, b) in letters.iter_mut().zip(&bytes[..3]) {
            *l = LETTERS[usize::from(*b) % LETTERS.len()];
        }
        let mut digits = [0; 4];
        for (d, b) in digits.iter_mut().zip(&bytes[3..]) {
            *d = b'0' + b % 10;
        }
        TableCode { letters, digits }
    }
}

fn renet_random<const N: usize>() -> [u8; N] {
    renetcode::generate_random_bytes()
}

impl fmt::Display for TableCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = self
            .letters
            .iter()
            .chain(b"-")
            .chain(&self.digits)
            .map(|&b| b as char)
            .collect();
        f.write_str(&text)
    }
}

impl fmt::Debug for TableCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TableCode({self})")
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a table code: a code is three letters and four digits, like KOT-4821")]
pub struct BadCode(pub String);

impl FromStr for TableCode {
    type Err = BadCode;

    /// Accepts any case, with or without the dash or spaces.
    fn from_str(text: &str) -> Result<TableCode, BadCode> {
        let bad = || BadCode(text.to_string());
        let chars: Vec<u8> = text
            .bytes()
            .filter(|b| !matches!(b, b'-' | b' '))
            .map(|b| b.to_ascii_uppercase())
            .collect();
        let [a, b, c, d0, d1, d2, d3] = chars[..] else {
            return Err(bad());
        };
        let letters = [a, b, c];
        let digits = [d0, d1, d2, d3];
        if !letters.iter().all(u8::is_ascii_uppercase) || !digits.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        Ok(TableCode { letters, digits })
    }
}

/// Who may sit down: anyone on the network, or those who know the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    Open,
    Code(TableCode),
}

impl Access {
    pub fn needs_code(self) -> bool {
        matches!(self, Access::Code(_))
    }

    /// The netcode private key of the table. A code's key is stretched with Argon2id, memory
    /// hard, so that each guess of the code costs about 0.3 s and 128 MiB to anyone who recorded
    /// the traffic (docs/network.md); an open table's key is no secret.
    pub fn key(self) -> [u8; 32] {
        match self {
            Access::Open => Sha256::digest(salt("open")).into(),
            Access::Code(code) => code_key(code),
        }
    }
}

/// Argon2id's memory for a table key, in KiB.
const KEY_MEMORY_KIB: u32 = 128 * 1024;
/// Argon2id's passes over that memory.
const KEY_PASSES: u32 = 4;

/// Keys already derived in this process: a client that reconnects, and a host's own player,
/// do not pay for the same code twice.
static KEYS: LazyLock<Mutex<HashMap<TableCode, [u8; 32]>>> = LazyLock::new(Mutex::default);

fn code_key(code: TableCode) -> [u8; 32] {
    if let Some(key) = KEYS.lock().ok().and_then(|keys| keys.get(&code).copied()) {
        return key;
    }
    let params = Params::new(KEY_MEMORY_KIB, KEY_PASSES, 1, Some(32))
        .expect("constant Argon2 parameters within its limits");
    let mut key = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
        .hash_password_into(code.to_string().as_bytes(), &salt("code"), &mut key)
        .expect("a 32-byte key from a salt of more than 8 bytes");
    if let Ok(mut keys) = KEYS.lock() {
        keys.insert(code, key);
    }
    key
}

/// Ours, this protocol version's, and what the key is for.
fn salt(what: &str) -> Vec<u8> {
    let mut salt = format!("courtpiece table key ({what}) ").into_bytes();
    salt.extend_from_slice(&PROTOCOL_ID.to_be_bytes());
    salt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_in_any_spelling() {
        let code: TableCode = "KOT-4821".parse().unwrap();
        assert_eq!(code.to_string(), "KOT-4821");
        assert_eq!("kot 4821".parse::<TableCode>().unwrap(), code);
        assert_eq!("KOT4821".parse::<TableCode>().unwrap(), code);
        for bad in ["", "KO-4821", "KOT-48211", "K0T-4821", "KOT-48A1", "ÄOT-4821"] {
            assert!(bad.parse::<TableCode>().is_err(), "{bad}");
        }
    }

    #[test]
    fn random_codes_parse_and_differ() {
        let a = TableCode::random();
        assert_eq!(a.to_string().parse::<TableCode>().unwrap(), a);
        let codes: std::collections::HashSet<_> = (0..50).map(|_| TableCode::random()).collect();
        assert!(codes.len() > 45);
    }

    fn hex(key: [u8; 32]) -> String {
        key.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The keys of this protocol version, written down: a change to how they are made must come
    /// with a new protocol version, or hosts and clients of the same version would not meet.
    #[test]
    fn the_keys_of_this_version_stay_as_they_are() {
        assert_eq!(PROTOCOL_VERSION, 16, "a new version: write down its keys below");
        assert_eq!(
            hex(Access::Code("KOT-4821".parse().unwrap()).key()),
            "5fe6f119e5b6f5a6c1d1bf9fd34950d56934d8ebfc741be8be3ac28fecaa215b"
        );
        assert_eq!(
            hex(Access::Open.key()),
            "b5b27a40872da4ae3a0df9389785d179b6e6b44b22893969c0a312fc31a671fd"
        );
    }

    #[test]
    fn each_code_has_its_own_key() {
        let a = Access::Code("KOT-4821".parse().unwrap()).key();
        let b = Access::Code("KOT-4822".parse().unwrap()).key();
        assert_ne!(a, b);
        assert_ne!(a, Access::Open.key());
        assert_eq!(a, Access::Code("kot4821".parse().unwrap()).key());
    }
}
