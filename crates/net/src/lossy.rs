//! A bad network in one process: a UDP relay on 127.0.0.1 that clients connect to instead of the
//! host, and that loses, delays, duplicates and reorders datagrams both ways, as lossy Wi-Fi does.
//! `netbench` and the tests run a whole table through it.

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::io::ErrorKind;
use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// How the link treats each datagram, in each direction.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Impairment {
    /// The chance that a datagram is lost.
    pub loss: f64,
    /// How long a datagram takes.
    pub delay: Duration,
    /// A datagram takes `delay` plus or minus up to this much, evenly spread.
    pub jitter: Duration,
    /// The chance that a datagram arrives twice.
    pub duplicate: f64,
    /// The chance that a datagram is held back behind those sent after it.
    pub reorder: f64,
}

impl Impairment {
    /// Whether the link changes anything at all.
    pub fn is_clean(&self) -> bool {
        *self == Impairment::default()
    }
}

/// What the link did, both directions together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinkStats {
    pub received: u64,
    pub delivered: u64,
    pub lost: u64,
    pub duplicated: u64,
    pub reordered: u64,
}

/// The relay: a thread, its address, and what it did.
pub struct LossyLink {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    stats: Arc<Mutex<LinkStats>>,
    thread: Option<JoinHandle<()>>,
}

/// A link's address, taken before the host it relays to is open: the host must know the
/// address its clients' connect tokens will name (`HostConfig::relayed_from`).
pub struct LinkAddress {
    front: UdpSocket,
}

impl LinkAddress {
    /// A free address on 127.0.0.1.
    pub fn bind() -> std::io::Result<LinkAddress> {
        let front = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0))?;
        front.set_nonblocking(true)?;
        Ok(LinkAddress { front })
    }

    pub fn addr(&self) -> std::io::Result<SocketAddr> {
        self.front.local_addr()
    }

    /// Starts relaying to the host at `host`. `seed` makes the link's choices repeatable.
    pub fn start(self, host: SocketAddr, impairment: Impairment, seed: u64) -> std::io::Result<LossyLink> {
        LossyLink::start(self.front, host, impairment, seed)
    }
}

impl LossyLink {
    fn start(
        front: UdpSocket,
        host: SocketAddr,
        impairment: Impairment,
        seed: u64,
    ) -> std::io::Result<LossyLink> {
        let addr = front.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let stats = Arc::new(Mutex::new(LinkStats::default()));
        let relay = Relay {
            host,
            impairment,
            front,
            backs: HashMap::new(),
            queue: BinaryHeap::new(),
            sent: 0,
            rng: SmallRng::seed_from_u64(seed),
            stats: stats.clone(),
        };
        let thread = std::thread::Builder::new().name("lossy link".into()).spawn({
            let stop = stop.clone();
            move || relay.run(&stop)
        })?;
        Ok(LossyLink {
            addr,
            stop,
            stats,
            thread: Some(thread),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn stats(&self) -> LinkStats {
        *self.stats.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for LossyLink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            // a relay that panicked has nothing left to clean up
            let _ = thread.join();
        }
    }
}

/// Which way a datagram goes: to the host from a client's address, or to a client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Toward {
    Host(SocketAddr),
    Client(SocketAddr),
}

/// A datagram waiting for its time: when, in what order it was taken in, where, what.
type Due = Reverse<(Instant, u64, Toward, Vec<u8>)>;

struct Relay {
    host: SocketAddr,
    impairment: Impairment,
    /// Where clients send to, and where they are answered from.
    front: UdpSocket,
    /// One socket toward the host for each client, so the host sees each client apart.
    backs: HashMap<SocketAddr, UdpSocket>,
    queue: BinaryHeap<Due>,
    sent: u64,
    rng: SmallRng,
    stats: Arc<Mutex<LinkStats>>,
}

/// How long the relay sleeps when nothing is waiting: well under the delays it makes.
const IDLE: Duration = Duration::from_micros(200);

impl Relay {
    fn run(mut self, stop: &AtomicBool) {
        let mut buffer = [0u8; 2048];
        while !stop.load(Ordering::Relaxed) {
            let mut busy = false;
            while let Ok((len, from)) = self.front.recv_from(&mut buffer) {
                self.take(Toward::Host(from), &buffer[..len]);
                busy = true;
            }
            let mut answers = Vec::new();
            for (&client, back) in &self.backs {
                loop {
                    match back.recv_from(&mut buffer) {
                        Ok((len, _)) => answers.push((client, buffer[..len].to_vec())),
                        Err(e) if e.kind() == ErrorKind::ConnectionReset => {}
                        Err(_) => break,
                    }
                }
            }
            for (client, bytes) in answers {
                self.take(Toward::Client(client), &bytes);
                busy = true;
            }
            busy |= self.deliver_due();
            if !busy {
                std::thread::sleep(IDLE);
            }
        }
    }

    /// Takes in a datagram: loses it, or queues it (once or twice) for when it is due.
    fn take(&mut self, toward: Toward, bytes: &[u8]) {
        let travel = self.travel();
        let stats = self.stats.clone();
        let mut stats = stats.lock().unwrap_or_else(PoisonError::into_inner);
        stats.received += 1;
        if self.rng.random_bool(self.impairment.loss.clamp(0.0, 1.0)) {
            stats.lost += 1;
            return;
        }
        let copies = if self.rng.random_bool(self.impairment.duplicate.clamp(0.0, 1.0)) {
            stats.duplicated += 1;
            2
        } else {
            1
        };
        let mut due = Instant::now() + travel;
        if self.rng.random_bool(self.impairment.reorder.clamp(0.0, 1.0)) {
            // held back long enough for later datagrams to overtake it
            stats.reordered += 1;
            due += self.impairment.delay / 2 + self.impairment.jitter + Duration::from_millis(1);
        }
        drop(stats);
        for copy in 0..copies {
            self.sent += 1;
            let at = due + Duration::from_micros(100) * copy;
            self.queue.push(Reverse((at, self.sent, toward, bytes.to_vec())));
        }
    }

    /// The delay, with its jitter.
    fn travel(&mut self) -> Duration {
        let jitter = self.impairment.jitter.as_secs_f64();
        let spread = if jitter > 0.0 {
            self.rng.random_range(-jitter..=jitter)
        } else {
            0.0
        };
        Duration::from_secs_f64((self.impairment.delay.as_secs_f64() + spread).max(0.0))
    }

    /// Sends every datagram whose time has come; true if any was.
    fn deliver_due(&mut self) -> bool {
        let now = Instant::now();
        let mut any = false;
        while self.queue.peek().is_some_and(|Reverse((at, ..))| *at <= now) {
            let Some(Reverse((_, _, toward, bytes))) = self.queue.pop() else {
                break;
            };
            any = true;
            let host = self.host;
            let sent = match toward {
                Toward::Host(client) => self.back(client).and_then(|back| back.send_to(&bytes, host).ok()),
                Toward::Client(client) => self.front.send_to(&bytes, client).ok(),
            };
            if sent.is_some() {
                self.stats
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .delivered += 1;
            }
        }
        any
    }

    /// The socket toward the host for `client`, opened the first time it is needed.
    fn back(&mut self, client: SocketAddr) -> Option<&UdpSocket> {
        match self.backs.entry(client) {
            Entry::Occupied(open) => Some(open.into_mut()),
            Entry::Vacant(new) => {
                let socket = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).ok()?;
                socket.set_nonblocking(true).ok()?;
                Some(new.insert(socket))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Datagrams through a link that loses a fifth and delays the rest: about a fifth lost, the
    /// rest arriving no sooner than the delay less the jitter.
    #[test]
    fn a_link_loses_and_delays_as_told() {
        let host = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).expect("a port");
        host.set_read_timeout(Some(Duration::from_millis(500)))
            .expect("a timeout");
        let impairment = Impairment {
            loss: 0.2,
            delay: Duration::from_millis(20),
            jitter: Duration::from_millis(5),
            ..Impairment::default()
        };
        let link = LinkAddress::bind()
            .and_then(|a| a.start(host.local_addr().expect("bound"), impairment, 7))
            .expect("a link");
        let client = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).expect("a port");
        let sent_at = Instant::now();
        for i in 0..200u8 {
            client.send_to(&[i], link.addr()).expect("sent");
        }
        let mut got = 0;
        let mut buffer = [0u8; 8];
        while host.recv_from(&mut buffer).is_ok() {
            got += 1;
            assert!(sent_at.elapsed() >= Duration::from_millis(15), "too soon");
        }
        assert!((130..=185).contains(&got), "{got} of 200 arrived");
        let stats = link.stats();
        assert_eq!(stats.received, 200);
        assert_eq!(stats.lost + stats.delivered, 200);
    }
}
