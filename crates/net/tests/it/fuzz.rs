//! Bad input: fuzzed bytes into the decoder, and a flood of random and mutated datagrams at the
//! host's port during a match.

use std::net::{SocketAddr, UdpSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant, SystemTime};

use courtpiece_bots::Level;
use courtpiece_game::snapshot;
use courtpiece_net::code::PROTOCOL_ID;
use courtpiece_net::codec::{decode, encode};
use courtpiece_net::{Access, ClientMessage, HostMessage, LobbyAction, SeatPlan};
use courtpiece_rules::{Intent, Match, Preset, Seat};
use proptest::prelude::*;

use crate::support::*;

/// A small deterministic generator for the flood (the test must not depend on the clock).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(n).unwrap()).unwrap()
    }
    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next().to_le_bytes()[0]).collect()
    }
}

fn sample_messages() -> Vec<Vec<u8>> {
    let game = Match::new(&Preset::HiddenRang.rules(), 3).unwrap();
    let view = game.view(Seat::ALL[1]);
    let client = [
        ClientMessage::Hello {
            name: "ana".into(),
            version: 1,
            rejoin: None,
            watch: true,
        },
        ClientMessage::Lobby(LobbyAction::SetRules(Preset::Troefcall.rules())),
        ClientMessage::Lobby(LobbyAction::LetIn {
            player: 3,
            seat: Seat::ALL[2],
        }),
        ClientMessage::Intent(Intent::Cut { at: 20 }),
        ClientMessage::Leave,
    ];
    let host = [HostMessage::Update(courtpiece_net::Update {
        moves: 4,
        events: vec![game.round().opening_event()],
        tricks_from: 0,
        view,
    })];
    client
        .iter()
        .map(|m| encode(m).unwrap())
        .chain(host.iter().map(|m| encode(m).unwrap()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn any_bytes_decode_to_a_message_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = decode::<ClientMessage>(&bytes);
        let _ = decode::<HostMessage>(&bytes);
    }

    #[test]
    fn mutated_messages_decode_to_a_message_or_an_error(
        which in 0usize..5,
        flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..8),
        cut in any::<usize>(),
    ) {
        let mut bytes = sample_messages()[which].clone();
        for (at, value) in flips {
            let len = bytes.len();
            bytes[at % len] = value;
        }
        let cut = cut % (bytes.len() + 1);
        let _ = decode::<ClientMessage>(&bytes[..cut]);
        let _ = decode::<HostMessage>(&bytes[..cut]);
        let _ = decode::<ClientMessage>(&bytes);
        let _ = decode::<HostMessage>(&bytes);
    }
}

#[test]
fn messages_survive_the_round_trip() {
    for bytes in sample_messages() {
        let again = match decode::<ClientMessage>(&bytes) {
            Ok(m) => encode(&m).unwrap(),
            Err(_) => encode(&decode::<HostMessage>(&bytes).unwrap()).unwrap(),
        };
        assert_eq!(again, bytes);
    }
    let huge = vec![0u8; courtpiece_net::codec::MAX_MESSAGE_BYTES + 1];
    assert!(decode::<ClientMessage>(&huge).is_err());
}

/// Sends datagrams at `target` until `stop` is raised, and at least `count`: random ones, and
/// real netcode packets (connection requests and, once connected, payload packets made with the
/// table's own key) with bytes changed, cut or added. Returns how many were sent.
fn flood(
    target: SocketAddr,
    key: [u8; 32],
    count: usize,
    stop: Arc<AtomicBool>,
) -> thread::JoinHandle<usize> {
    thread::spawn(move || {
        let socket = UdpSocket::bind("127.0.0.1:0").unwrap();
        socket.set_nonblocking(true).unwrap();
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap();
        let token = renetcode::ConnectToken::generate(
            now,
            PROTOCOL_ID,
            300,
            rng.next(),
            15,
            vec![target],
            None,
            &key,
        )
        .unwrap();
        let mut netcode = renetcode::NetcodeClient::new(
            now,
            renetcode::ClientAuthentication::Secure { connect_token: token },
        )
        .unwrap();
        let mut genuine: Vec<Vec<u8>> = Vec::new();
        let mut last = Instant::now();
        let mut buf = [0u8; 1500];
        let mut sent = 0;
        for i in (0..).take_while(|&i| i < count || !stop.load(Ordering::Relaxed)) {
            while let Ok((len, _)) = socket.recv_from(&mut buf) {
                netcode.process_packet(&mut buf[..len]);
            }
            if let Some((packet, to)) = netcode.update(last.elapsed()) {
                genuine.push(packet.to_vec());
                let _ = socket.send_to(packet, to);
            }
            last = Instant::now();
            if netcode.is_connected() && i % 16 == 0 {
                let len = 1 + rng.below(1000);
                let payload = rng.bytes(len);
                if let Ok((to, packet)) = netcode.generate_payload_packet(&payload) {
                    genuine.push(packet.to_vec());
                    let _ = socket.send_to(packet, to);
                }
            }
            let datagram = if i % 2 == 0 || genuine.is_empty() {
                let len = rng.below(1400);
                rng.bytes(len)
            } else {
                let mut d = genuine[rng.below(genuine.len())].clone();
                match rng.below(3) {
                    0 => {
                        for _ in 0..1 + rng.below(8) {
                            let at = rng.below(d.len().max(1));
                            if let Some(b) = d.get_mut(at) {
                                *b = rng.next().to_le_bytes()[0];
                            }
                        }
                    }
                    1 => d.truncate(rng.below(d.len() + 1)),
                    _ => {
                        let len = 1 + rng.below(64);
                        d.extend(rng.bytes(len));
                    }
                }
                d
            };
            if socket.send_to(&datagram, target).is_ok() {
                sent += 1;
            }
            if i % 200 == 0 {
                thread::sleep(Duration::from_millis(1));
            }
        }
        sent
    })
}

#[test]
fn a_flood_of_bad_datagrams_does_not_stop_the_match() {
    let mut rules = Preset::CourtPiece.rules();
    let hands = 60;
    rules.max_hands = Some(hands);
    rules.target = None;
    let access = Access::Code("FUZ-0001".parse().unwrap());
    let (mut host, addr) = host_app(config(
        rules,
        [
            SeatPlan::Open,
            SeatPlan::Bot(Level::Easy),
            SeatPlan::Open,
            SeatPlan::Bot(Level::Easy),
        ],
        access,
    ));
    let mut clients: Vec<_> = ["ana", "bilal"]
        .iter()
        .map(|n| client_app(addr, access, n, Some(Level::Easy)))
        .collect();
    // the flood goes on until the match is over, however fast the match is played
    let stop = Arc::new(AtomicBool::new(false));
    let flooder = flood(addr, access.key(), 100_000, Arc::clone(&stop));
    let done = run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(300),
        |h, c| {
            if match_over(h) && all_have_summary(c) {
                stop.store(true, Ordering::Relaxed);
            }
            flooder.is_finished()
        },
        |_| {},
    );
    assert!(done, "the match finished");
    let sent = flooder.join().unwrap();
    assert!(sent >= 99_000, "{sent} datagrams sent");
    let expected = snapshot(host.world()).unwrap().game.summary();
    assert_eq!(expected.hands, hands);
    for c in &clients {
        assert_eq!(session(c).summary.as_ref(), Some(&expected));
    }
}
