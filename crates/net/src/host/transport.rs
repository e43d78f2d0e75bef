//! The host's UDP transport: renet's netcode server on our socket, behind the guard.
//!
//! A thread of its own waits on the socket and hands each datagram over as it arrives, so that a
//! host loop can sleep until either its next tick or the next datagram ([`HostTransport::wait`])
//! and answer an intent at once instead of at its next tick.

use std::collections::{HashMap, VecDeque};
use std::io::ErrorKind;
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_renet::renet::ClientId;
use bevy_renet::{RenetReceive, RenetSend, RenetServer, RenetServerPlugin};
use renetcode::{
    NETCODE_MAX_PACKET_BYTES, NETCODE_USER_DATA_BYTES, NetcodeServer, ServerConfig, ServerResult,
};

use crate::guard::plausible;
use crate::link::CHANNEL;

/// A datagram as it came off the socket.
type Datagram = (SocketAddr, Vec<u8>);

/// How often the receiving thread looks up from the socket to see whether the table has closed.
const LOOK_UP_EVERY: Duration = Duration::from_millis(20);

/// How often a client is sent what renet has for it when no new message waits: acknowledgements
/// and resends. A host that wakes for every datagram would otherwise answer each of a client's
/// acknowledgements with one of its own.
const SEND_EVERY: Duration = Duration::from_millis(10);

#[derive(Resource)]
pub struct HostTransport {
    /// For sending; the receiving thread reads a clone of it.
    socket: UdpSocket,
    netcode: NetcodeServer,
    /// Behind a mutex only to make the resource `Sync`: it is used through `&mut self`.
    incoming: Mutex<Receiver<Datagram>>,
    /// Datagrams taken off `incoming` while waiting, not yet processed.
    waiting: VecDeque<Datagram>,
    receiver: Receiving,
    /// For each client: the room its channel had once this frame's datagrams were taken in
    /// (acknowledged messages give room back then and only then). Less room at the send means a
    /// new message waits.
    room_after_receive: HashMap<ClientId, usize>,
    /// When each client was last sent anything.
    last_sent: HashMap<ClientId, Instant>,
    /// Datagrams dropped by the guard since the table opened.
    pub refused: u64,
}

/// The thread that reads the socket, and the flag that stops it.
struct Receiving {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Receiving {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // within one look-up the thread lets go of its socket, so the port is free again
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            error!("the table's receiving thread failed");
        }
    }
}

/// Reads datagrams off `socket` into `out` until told to stop or nobody listens.
fn receive_datagrams(socket: UdpSocket, out: Sender<Datagram>, stop: Arc<AtomicBool>) {
    let mut buffer = [0u8; NETCODE_MAX_PACKET_BYTES];
    while !stop.load(Ordering::Relaxed) {
        match socket.recv_from(&mut buffer) {
            Ok((len, addr)) => {
                if out.send((addr, buffer[..len].to_vec())).is_err() {
                    return;
                }
            }
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                ) => {}
            // an ICMP answer to something we sent earlier: the next datagram may be good
            Err(e) if e.kind() == ErrorKind::ConnectionReset => {}
            Err(e) => {
                error!("the table's socket failed: {e}");
                std::thread::sleep(LOOK_UP_EVERY);
            }
        }
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        receive
            .in_set(RenetReceive)
            .run_if(resource_exists::<HostTransport>.and_then(resource_exists::<RenetServer>))
            .after(RenetServerPlugin::update_system)
            .before(RenetServerPlugin::emit_server_events_system),
    )
    .add_systems(
        PostUpdate,
        send.in_set(RenetSend).run_if(
            resource_exists::<HostTransport>
                .and_then(resource_exists::<RenetServer>)
                .and_then(resource_exists::<super::TrafficStats>),
        ),
    );
}

impl HostTransport {
    pub fn new(config: ServerConfig, socket: UdpSocket) -> std::io::Result<HostTransport> {
        socket.set_nonblocking(false)?;
        socket.set_read_timeout(Some(LOOK_UP_EVERY))?;
        let reader = socket.try_clone()?;
        let (sender, incoming) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = std::thread::Builder::new().name("table socket".into()).spawn({
            let stop = stop.clone();
            move || receive_datagrams(reader, sender, stop)
        })?;
        Ok(HostTransport {
            socket,
            netcode: NetcodeServer::new(config),
            incoming: Mutex::new(incoming),
            waiting: VecDeque::new(),
            receiver: Receiving {
                stop,
                thread: Some(thread),
            },
            room_after_receive: HashMap::new(),
            last_sent: HashMap::new(),
            refused: 0,
        })
    }

    /// Sleeps until a datagram arrives or `timeout` has passed; true if one arrived. The host
    /// loop calls it instead of sleeping to its next tick.
    pub fn wait(&mut self, timeout: Duration) -> bool {
        if !self.waiting.is_empty() {
            return true;
        }
        let incoming = self.incoming.get_mut().unwrap_or_else(PoisonError::into_inner);
        match incoming.recv_timeout(timeout) {
            Ok(datagram) => {
                self.waiting.push_back(datagram);
                true
            }
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => {
                std::thread::sleep(timeout);
                false
            }
        }
    }

    /// The next datagram to process, if any has arrived.
    fn next_datagram(&mut self) -> Option<Datagram> {
        if let Some(datagram) = self.waiting.pop_front() {
            return Some(datagram);
        }
        let incoming = self.incoming.get_mut().unwrap_or_else(PoisonError::into_inner);
        match incoming.try_recv() {
            Ok(datagram) => Some(datagram),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                if self.receiver.thread.as_ref().is_some_and(JoinHandle::is_finished) {
                    error!("the table no longer receives: its receiving thread has stopped");
                    self.receiver.thread = None;
                }
                None
            }
        }
    }

    /// The user data of a connected client's connect token.
    pub fn user_data(&self, client: ClientId) -> Option<[u8; NETCODE_USER_DATA_BYTES]> {
        self.netcode.user_data(client)
    }

    fn update(&mut self, elapsed: Duration, server: &mut RenetServer) {
        self.netcode.update(elapsed);
        while let Some((addr, mut bytes)) = self.next_datagram() {
            if !plausible(&bytes) {
                self.refused += 1;
                continue;
            }
            let result = self.netcode.process_packet(addr, &mut bytes);
            handle(result, &self.socket, server);
        }
        for client in self.netcode.clients_id() {
            let result = self.netcode.update_client(client);
            handle(result, &self.socket, server);
        }
        for client in server.disconnections_id() {
            let result = self.netcode.disconnect(client);
            handle(result, &self.socket, server);
        }
        self.room_after_receive = self
            .netcode
            .clients_id()
            .into_iter()
            .map(|client| (client, server.channel_available_memory(client, CHANNEL)))
            .collect();
    }

    /// Sends what renet has for each client that has a new message waiting, or has not been
    /// sent anything for [`SEND_EVERY`] (or every client, with `all`); tells `sent` each
    /// datagram's size.
    fn send(&mut self, server: &mut RenetServer, all: bool, mut sent: impl FnMut(ClientId, usize)) {
        let now = Instant::now();
        let clients = self.netcode.clients_id();
        self.last_sent.retain(|client, _| clients.contains(client));
        for client in clients {
            let room = server.channel_available_memory(client, CHANNEL);
            let new_message = self
                .room_after_receive
                .get(&client)
                .is_none_or(|&before| room < before);
            let quiet_for = self
                .last_sent
                .get(&client)
                .map_or(SEND_EVERY, |&at| now.duration_since(at));
            if !(all || new_message || quiet_for >= SEND_EVERY) {
                continue;
            }
            let Ok(packets) = server.get_packets_to_send(client) else {
                continue;
            };
            self.last_sent.insert(client, now);
            for packet in packets {
                match self.netcode.generate_payload_packet(client, &packet) {
                    Ok((addr, payload)) => {
                        sent(client, payload.len());
                        if let Err(e) = self.socket.send_to(payload, addr) {
                            debug!("sending to {client} at {addr} failed: {e}");
                            break;
                        }
                    }
                    Err(e) => {
                        error!("a packet for {client} could not be encrypted: {e}");
                        break;
                    }
                }
            }
        }
    }

    /// Tells every client the table is closing, at once.
    pub fn disconnect_all(&mut self, server: &mut RenetServer) {
        self.send(server, true, |_, _| {});
        for client in self.netcode.clients_id() {
            let result = self.netcode.disconnect(client);
            handle(result, &self.socket, server);
        }
    }
}

fn handle(result: ServerResult, socket: &UdpSocket, server: &mut RenetServer) {
    let send = |packet: &[u8], addr: SocketAddr| {
        if let Err(e) = socket.send_to(packet, addr) {
            debug!("sending to {addr} failed: {e}");
        }
    };
    match result {
        ServerResult::None => {}
        ServerResult::PacketToSend { payload, addr } => send(payload, addr),
        ServerResult::Payload { client_id, payload } => {
            if server.process_packet_from(payload, client_id).is_err() {
                debug!("a packet for {client_id}, who is gone");
            }
        }
        ServerResult::ClientConnected {
            client_id,
            addr,
            payload,
            ..
        } => {
            server.add_connection(client_id);
            send(payload, addr);
        }
        ServerResult::ClientDisconnected {
            client_id,
            addr,
            payload,
        } => {
            server.remove_connection(client_id);
            if let Some(payload) = payload {
                send(payload, addr);
            }
        }
    }
}

fn receive(mut transport: ResMut<HostTransport>, mut server: ResMut<RenetServer>, time: Res<Time<Real>>) {
    transport.update(time.delta(), &mut server);
}

fn send(
    mut transport: ResMut<HostTransport>,
    mut server: ResMut<RenetServer>,
    host: Option<Res<super::Host>>,
    mut stats: ResMut<super::TrafficStats>,
) {
    transport.send(&mut server, false, |client, bytes| {
        if let Some(seat) = host.as_ref().and_then(|h| h.seat_of(client)) {
            stats.datagram_bytes_to_seat[seat.index()] += bytes as u64;
        }
    });
}
