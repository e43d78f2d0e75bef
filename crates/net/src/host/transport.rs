//! The host's UDP transport: renet's netcode server on our socket, behind the guard.

use std::io::ErrorKind;
use std::net::{SocketAddr, UdpSocket};
use std::time::Duration;

use bevy::prelude::*;
use bevy_renet::renet::ClientId;
use bevy_renet::{RenetReceive, RenetSend, RenetServer, RenetServerPlugin};
use renetcode::{
    NETCODE_MAX_PACKET_BYTES, NETCODE_USER_DATA_BYTES, NetcodeServer, ServerConfig, ServerResult,
};

use crate::guard::plausible;

#[derive(Resource)]
pub struct HostTransport {
    socket: UdpSocket,
    netcode: NetcodeServer,
    buffer: [u8; NETCODE_MAX_PACKET_BYTES],
    /// Datagrams dropped by the guard since the table opened.
    pub refused: u64,
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
        socket.set_nonblocking(true)?;
        Ok(HostTransport {
            socket,
            netcode: NetcodeServer::new(config),
            buffer: [0; NETCODE_MAX_PACKET_BYTES],
            refused: 0,
        })
    }

    /// The user data of a connected client's connect token.
    pub fn user_data(&self, client: ClientId) -> Option<[u8; NETCODE_USER_DATA_BYTES]> {
        self.netcode.user_data(client)
    }

    fn update(&mut self, elapsed: Duration, server: &mut RenetServer) {
        self.netcode.update(elapsed);
        loop {
            match self.socket.recv_from(&mut self.buffer) {
                Ok((len, addr)) => {
                    if !plausible(&self.buffer[..len]) {
                        self.refused += 1;
                        continue;
                    }
                    let result = self.netcode.process_packet(addr, &mut self.buffer[..len]);
                    handle(result, &self.socket, server);
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => break,
                // an ICMP answer to something we sent earlier: the next datagram may be good
                Err(e) if e.kind() == ErrorKind::ConnectionReset => continue,
                Err(e) => {
                    error!("the table's socket failed: {e}");
                    break;
                }
            }
        }
        for client in self.netcode.clients_id() {
            let result = self.netcode.update_client(client);
            handle(result, &self.socket, server);
        }
        for client in server.disconnections_id() {
            let result = self.netcode.disconnect(client);
            handle(result, &self.socket, server);
        }
    }

    /// Sends what renet has for each client; tells `sent` each datagram's size.
    fn send(&mut self, server: &mut RenetServer, mut sent: impl FnMut(ClientId, usize)) {
        for client in self.netcode.clients_id() {
            let Ok(packets) = server.get_packets_to_send(client) else {
                continue;
            };
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
        self.send(server, |_, _| {});
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
    transport.send(&mut server, |client, bytes| {
        if let Some(seat) = host.as_ref().and_then(|h| h.seat_of(client)) {
            stats.datagram_bytes_to_seat[seat.index()] += bytes as u64;
        }
    });
}
