//! Who holds each seat, kept on disk beside the match record: a host restarted from its save
//! gives each seat back only to the person whose seat token it is, under the same table code.
//! The file holds secrets (the code and the tokens), so it is readable by its owner only.

use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use courtpiece_rules::Seat;
use serde::{Deserialize, Serialize};

use super::{Holder, Host};
use crate::code::Access;
use crate::protocol::SeatToken;

/// Raised whenever the file changes shape.
const CLAIMS_VERSION: u16 = 1;

/// A table's seats and who holds them, as written to disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClaims {
    pub version: u16,
    /// The table code its players hold (like `KOT-4821`), or none for an open table.
    pub code: Option<String>,
    /// The port the table was open on.
    pub port: u16,
    pub seats: Vec<Claim>,
}

/// One seat held by a person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub seat: Seat,
    pub name: String,
    /// The seat token, as 32 hexadecimal digits.
    pub token: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ClaimsError {
    #[error("could not read the seats file {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("the seats file {path} is damaged ({source}); remove it to open the seats to anyone")]
    Corrupt {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error(
        "the seats file {path} is of version {found}, this program reads version {CLAIMS_VERSION}; remove it to open the seats to anyone"
    )]
    Version { path: PathBuf, found: u16 },
    #[error(
        "the seats file {path} holds a seat token that is not 32 hexadecimal digits; remove it to open the seats to anyone"
    )]
    BadToken { path: PathBuf },
}

/// The seats file that goes with the record at `record`: `m.json` keeps its seats in
/// `m.seats.json`.
pub fn beside(record: &Path) -> PathBuf {
    let stem = record
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    record.with_file_name(format!("{stem}.seats.json"))
}

impl SeatClaims {
    /// The seats file at `path`, or `None` when there is none.
    pub fn load(path: &Path) -> Result<Option<SeatClaims>, ClaimsError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(ClaimsError::Io {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        let claims: SeatClaims = serde_json::from_str(&text).map_err(|source| ClaimsError::Corrupt {
            path: path.to_owned(),
            source,
        })?;
        if claims.version != CLAIMS_VERSION {
            return Err(ClaimsError::Version {
                path: path.to_owned(),
                found: claims.version,
            });
        }
        if claims
            .seats
            .iter()
            .any(|c| SeatToken::from_hex(&c.token).is_none())
        {
            return Err(ClaimsError::BadToken {
                path: path.to_owned(),
            });
        }
        Ok(Some(claims))
    }

    /// Each held seat with its owner's name and token.
    pub fn holders(&self) -> impl Iterator<Item = (Seat, &str, SeatToken)> {
        self.seats
            .iter()
            .filter_map(|c| SeatToken::from_hex(&c.token).map(|token| (c.seat, c.name.as_str(), token)))
    }
}

/// Where the host keeps its seats, and what it last wrote there.
#[derive(Resource)]
pub(crate) struct ClaimsFile {
    pub path: PathBuf,
    pub written: Option<SeatClaims>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        keep.run_if(resource_exists::<Host>.and_then(resource_exists::<ClaimsFile>)),
    );
}

/// The seats as they stand: every seat held by a person who has not left for good.
fn current(host: &Host) -> SeatClaims {
    let seats = host
        .seats
        .iter()
        .zip(Seat::ALL)
        .filter_map(|(holder, seat)| match *holder {
            Holder::Player(p) if !host.players[p].gone => Some(Claim {
                seat,
                name: host.players[p].name.clone(),
                token: host.players[p].token.to_hex(),
            }),
            _ => None,
        })
        .collect();
    SeatClaims {
        version: CLAIMS_VERSION,
        code: match host.access {
            Access::Open => None,
            Access::Code(code) => Some(code.to_string()),
        },
        port: host.addr.port(),
        seats,
    }
}

/// Writes the seats whenever someone sits, gets up or leaves for good.
fn keep(host: Res<Host>, mut file: ResMut<ClaimsFile>) {
    let now = current(&host);
    if file.written.as_ref() == Some(&now) {
        return;
    }
    let text = match serde_json::to_string_pretty(&now) {
        Ok(text) => text,
        Err(e) => {
            error!("the seats could not be written down: {e}");
            return;
        }
    };
    match write_private(&file.path, &text) {
        Ok(()) => file.written = Some(now),
        Err(e) => {
            error!("could not keep the seats in {}: {e}", file.path.display());
            // tried again when the seats next change, not every frame
            file.written = Some(now);
        }
    }
}

/// Writes `text` through a temporary file only its owner may read, then renames it over `path`.
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&tmp)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("courtpiece-claims-{}-{name}", std::process::id()))
    }

    #[test]
    fn the_seats_file_sits_beside_its_record() {
        assert_eq!(beside(Path::new("out/m.json")), PathBuf::from("out/m.seats.json"));
        assert_eq!(beside(Path::new("match")), PathBuf::from("match.seats.json"));
    }

    #[test]
    fn seats_are_written_privately_and_read_back() {
        let path = temp("round-trip.json");
        let token = SeatToken([7; 16]);
        let claims = SeatClaims {
            version: CLAIMS_VERSION,
            code: Some("KOT-4821".into()),
            port: 47_777,
            seats: vec![Claim {
                seat: Seat::ALL[2],
                name: "Ana".into(),
                token: token.to_hex(),
            }],
        };
        write_private(&path, &serde_json::to_string(&claims).unwrap()).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "nobody else may read the tokens");
        }
        let read = SeatClaims::load(&path).unwrap().unwrap();
        assert_eq!(read, claims);
        assert_eq!(
            read.holders().collect::<Vec<_>>(),
            vec![(Seat::ALL[2], "Ana", token)]
        );
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn a_missing_file_is_no_claims_and_a_bad_one_is_a_clear_error() {
        assert!(SeatClaims::load(&temp("missing.json")).unwrap().is_none());
        let path = temp("bad.json");
        std::fs::write(&path, "{\"version\": 1, \"seats\": [").unwrap();
        let error = SeatClaims::load(&path).unwrap_err().to_string();
        assert!(
            error.contains("is damaged") && error.contains("remove it"),
            "{error}"
        );
        std::fs::write(&path, r#"{"version":9,"code":null,"port":1,"seats":[]}"#).unwrap();
        let error = SeatClaims::load(&path).unwrap_err().to_string();
        assert!(error.contains("version 9"), "{error}");
        std::fs::write(
            &path,
            r#"{"version":1,"code":null,"port":1,"seats":[{"seat":0,"name":"x","token":"zz"}]}"#,
        )
        .unwrap();
        assert!(matches!(
            SeatClaims::load(&path),
            Err(ClaimsError::BadToken { .. })
        ));
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn tokens_go_to_hex_and_back() {
        let token = SeatToken(*b"0123456789abcdef");
        assert_eq!(SeatToken::from_hex(&token.to_hex()), Some(token));
        assert_eq!(SeatToken::from_hex("00"), None);
        assert_eq!(SeatToken::from_hex(&"g".repeat(32)), None);
        assert_eq!(SeatToken::from_hex(&"é".repeat(16)), None);
    }
}
