//! The table code: a short code a host reads out to friends (`KOT-4821`). The netcode private
//! key is derived from it, so only people who know it can connect, and the traffic is encrypted
//! with keys no one else has.

use std::fmt;
use std::str::FromStr;

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

    /// The netcode private key of the table. Key stretching makes each guess of a code cost a
    /// few milliseconds to someone who recorded the traffic.
    pub fn key(self) -> [u8; 32] {
        let secret = match self {
            Access::Open => String::new(),
            Access::Code(code) => code.to_string(),
        };
        let mut salt = b"courtpiece table key ".to_vec();
        salt.extend_from_slice(&PROTOCOL_ID.to_be_bytes());
        let mut key = [0u8; 32];
        pbkdf2::pbkdf2_hmac::<sha2::Sha256>(secret.as_bytes(), &salt, KEY_ROUNDS, &mut key);
        key
    }
}

const KEY_ROUNDS: u32 = 20_000;

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

    #[test]
    fn each_code_has_its_own_key() {
        let a = Access::Code("KOT-4821".parse().unwrap()).key();
        let b = Access::Code("KOT-4822".parse().unwrap()).key();
        assert_ne!(a, b);
        assert_ne!(a, Access::Open.key());
        assert_eq!(a, Access::Code("kot4821".parse().unwrap()).key());
    }
}
