//! LAN discovery: a joining program sends a small query to the discovery port (broadcast on the
//! LAN); every host that listens there answers with a beacon: the table's name, rules, free seats,
//! whether a code is needed (never the code) and the port to connect to.

use std::io::ErrorKind;
use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use courtpiece_rules::{RuleSet, options};

use crate::codec;
use crate::protocol::PROTOCOL_VERSION;

/// The port hosts listen on for discovery queries.
pub const DISCOVERY_PORT: u16 = 47_778;

const QUERY: &[u8; 8] = b"CPIECE?\x01";
const ANSWER: &[u8; 8] = b"CPIECE!\x01";

/// What a host tells anyone who asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Beacon {
    pub version: u16,
    pub table: String,
    /// The preset the rules are, and the options that differ from it (the match's length
    /// aside): `double-sar` or `double-sar: ace=no-collect, first_collect=5`.
    pub rules: String,
    pub free_seats: u8,
    pub needs_code: bool,
    /// The game port on the host's address.
    pub port: u16,
}

impl Beacon {
    pub fn describe_rules(rules: &RuleSet) -> String {
        match options::describe_game(rules) {
            (preset, changes) if changes.is_empty() => preset.name().to_string(),
            (preset, changes) => format!("{preset}: {}", changes.join(", ")),
        }
    }

    fn to_bytes(&self) -> Result<Vec<u8>, codec::CodecError> {
        let mut bytes = ANSWER.to_vec();
        bytes.extend(codec::encode(self)?);
        Ok(bytes)
    }

    fn from_bytes(bytes: &[u8]) -> Option<Beacon> {
        let body = bytes.strip_prefix(ANSWER)?;
        codec::decode(body).ok()
    }
}

/// The host's side: a socket on the discovery port that answers queries.
pub struct Responder {
    socket: UdpSocket,
}

impl Responder {
    /// Listens on `addr` (normally all interfaces at [`DISCOVERY_PORT`]).
    pub fn bind(addr: SocketAddr) -> std::io::Result<Responder> {
        let socket = UdpSocket::bind(addr)?;
        socket.set_nonblocking(true)?;
        Ok(Responder { socket })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.socket.local_addr()
    }

    /// Answers every query waiting on the socket with the beacon `beacon` makes; anything else
    /// is dropped.
    pub fn answer(&self, beacon: impl Fn() -> Beacon) {
        let mut buf = [0u8; 64];
        loop {
            match self.socket.recv_from(&mut buf) {
                Ok((len, from)) if &buf[..len] == QUERY => match beacon().to_bytes() {
                    Ok(bytes) => {
                        if let Err(e) = self.socket.send_to(&bytes, from) {
                            bevy::log::debug!("discovery answer to {from} failed: {e}");
                        }
                    }
                    Err(e) => bevy::log::error!("discovery beacon could not be encoded: {e}"),
                },
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => return,
                // an ICMP error from an earlier answer; the next datagram may be a query
                Err(e) if e.kind() == ErrorKind::ConnectionReset => {}
                Err(e) => {
                    bevy::log::debug!("discovery socket: {e}");
                    return;
                }
            }
        }
    }
}

/// A table that answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Where to connect: the answering address with the beacon's game port.
    pub addr: SocketAddr,
    pub beacon: Beacon,
}

/// Where `discover` asks by default: the LAN broadcast address and this machine.
pub fn default_targets() -> Vec<SocketAddr> {
    vec![
        SocketAddr::from((Ipv4Addr::BROADCAST, DISCOVERY_PORT)),
        SocketAddr::from((Ipv4Addr::LOCALHOST, DISCOVERY_PORT)),
    ]
}

/// Sends a query to each target and gathers the answers that arrive within `wait`, one per
/// table, in the order they came.
pub fn discover(targets: &[SocketAddr], wait: Duration) -> std::io::Result<Vec<Found>> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))?;
    socket.set_broadcast(true)?;
    for target in targets {
        // a broadcast may be refused on a machine without a LAN; the other targets still count
        if let Err(e) = socket.send_to(QUERY, target) {
            bevy::log::debug!("discovery query to {target} failed: {e}");
        }
    }
    let deadline = Instant::now() + wait;
    let mut found: Vec<Found> = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(found);
        }
        socket.set_read_timeout(Some(left))?;
        match socket.recv_from(&mut buf) {
            Ok((len, from)) => {
                let Some(beacon) = Beacon::from_bytes(&buf[..len]) else {
                    continue;
                };
                let addr = SocketAddr::new(from.ip(), beacon.port);
                if beacon.version == PROTOCOL_VERSION && !found.iter().any(|f| f.addr == addr) {
                    found.push(Found { addr, beacon });
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return Ok(found),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => {}
            Err(e) => return Err(e),
        }
    }
}

/// A discovery on a thread of its own, so a window keeps drawing while it waits for answers.
#[derive(Debug)]
pub struct Lookup(std::thread::JoinHandle<std::io::Result<Vec<Found>>>);

impl Lookup {
    /// Asks `targets` and gathers answers for `wait`, as [`discover`] does.
    pub fn start(targets: Vec<SocketAddr>, wait: Duration) -> Lookup {
        Lookup(std::thread::spawn(move || discover(&targets, wait)))
    }

    pub fn is_done(&self) -> bool {
        self.0.is_finished()
    }

    /// The tables that answered (waits for the end if it is not done yet).
    pub fn finish(self) -> std::io::Result<Vec<Found>> {
        self.0
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("the discovery thread failed")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_names_the_preset_and_the_options_that_differ_from_it() {
        use courtpiece_rules::Preset;
        assert_eq!(Beacon::describe_rules(&Preset::DoubleSar.rules()), "double-sar");
        let mut rules = Preset::DoubleSar.rules();
        rules.first_collect = 5;
        rules.max_hands = Some(6);
        assert_eq!(Beacon::describe_rules(&rules), "double-sar: first_collect=5");
    }

    #[test]
    fn a_lookup_runs_off_the_calling_thread_and_finds_a_table_on_loopback() {
        let responder = Responder::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0))).expect("a free port");
        let at = responder.local_addr().expect("bound");
        let beacon = Beacon {
            version: PROTOCOL_VERSION,
            table: "Kitchen".into(),
            rules: "court-piece".into(),
            free_seats: 2,
            needs_code: true,
            port: 40_000,
        };
        let lookup = Lookup::start(vec![at], Duration::from_millis(800));
        // the caller keeps working (here: answering) while the lookup waits
        let until = Instant::now() + Duration::from_secs(5);
        while !lookup.is_done() && Instant::now() < until {
            responder.answer(|| beacon.clone());
            std::thread::sleep(Duration::from_millis(5));
        }
        let found = lookup.finish().expect("the lookup ran");
        assert_eq!(
            found,
            [Found {
                addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 40_000)),
                beacon
            }]
        );
    }
}
