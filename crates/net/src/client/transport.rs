//! The client's UDP transport: renet's netcode client on our socket, behind the guard.

use std::io::ErrorKind;
use std::net::UdpSocket;
use std::time::Duration;

use bevy::prelude::*;
use bevy_renet::{RenetClient, RenetClientPlugin, RenetReceive, RenetSend};
use renetcode::{
    ClientAuthentication, DisconnectReason, NETCODE_MAX_PACKET_BYTES, NetcodeClient, NetcodeError,
};

use super::Session;
use crate::guard::plausible;

#[derive(Resource)]
pub struct ClientTransport {
    socket: UdpSocket,
    netcode: NetcodeClient,
    buffer: [u8; NETCODE_MAX_PACKET_BYTES],
    /// Datagrams dropped by the guard.
    pub refused: u64,
}

/// Why a connection ended, before it is put in words.
#[derive(Debug)]
enum Lost {
    Netcode(DisconnectReason),
    Renet(bevy_renet::renet::DisconnectReason),
    Io(std::io::Error),
    Packet(NetcodeError),
}

pub fn plugin(app: &mut App) {
    let open = resource_exists::<ClientTransport>.and_then(resource_exists::<RenetClient>);
    app.add_systems(
        PreUpdate,
        receive
            .in_set(RenetReceive)
            .run_if(open.clone())
            .after(RenetClientPlugin::update_system),
    )
    .add_systems(PostUpdate, send.in_set(RenetSend).run_if(open));
}

impl ClientTransport {
    pub fn new(
        now: Duration,
        authentication: ClientAuthentication,
        socket: UdpSocket,
    ) -> Result<Self, NetcodeError> {
        socket.set_nonblocking(true)?;
        Ok(ClientTransport {
            socket,
            netcode: NetcodeClient::new(now, authentication)?,
            buffer: [0; NETCODE_MAX_PACKET_BYTES],
            refused: 0,
        })
    }

    fn update(&mut self, elapsed: Duration, client: &mut RenetClient) -> Result<(), Lost> {
        if let Some(reason) = self.netcode.disconnect_reason() {
            client.disconnect_due_to_transport();
            return Err(Lost::Netcode(reason));
        }
        if let Some(reason) = client.disconnect_reason() {
            self.disconnect();
            return Err(Lost::Renet(reason));
        }
        if self.netcode.is_connected() {
            client.set_connected();
        } else if self.netcode.is_connecting() {
            client.set_connecting();
        }
        loop {
            match self.socket.recv_from(&mut self.buffer) {
                Ok((len, from)) => {
                    if from != self.netcode.server_addr() {
                        continue;
                    }
                    if !plausible(&self.buffer[..len]) {
                        self.refused += 1;
                        continue;
                    }
                    if let Some(payload) = self.netcode.process_packet(&mut self.buffer[..len]) {
                        client.process_packet(payload);
                    }
                }
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => break,
                // the host's port answered "unreachable" to an earlier packet; netcode's timeout
                // decides whether the table is gone
                Err(e)
                    if matches!(
                        e.kind(),
                        ErrorKind::ConnectionRefused | ErrorKind::ConnectionReset
                    ) => {}
                Err(e) => return Err(Lost::Io(e)),
            }
        }
        if let Some((packet, addr)) = self.netcode.update(elapsed) {
            self.socket.send_to(packet, addr).map_err(Lost::Io)?;
        }
        Ok(())
    }

    fn send(&mut self, client: &mut RenetClient) -> Result<(), Lost> {
        if let Some(reason) = self.netcode.disconnect_reason() {
            return Err(Lost::Netcode(reason));
        }
        for packet in client.get_packets_to_send() {
            let (addr, payload) = self
                .netcode
                .generate_payload_packet(&packet)
                .map_err(Lost::Packet)?;
            self.socket.send_to(payload, addr).map_err(Lost::Io)?;
        }
        Ok(())
    }

    /// Tells the host at once that we are gone.
    pub fn disconnect(&mut self) {
        if self.netcode.is_disconnected() {
            return;
        }
        match self.netcode.disconnect() {
            Ok((addr, packet)) => {
                if let Err(e) = self.socket.send_to(packet, addr) {
                    debug!("the goodbye packet was not sent: {e}");
                }
            }
            Err(e) => debug!("no goodbye packet: {e}"),
        }
    }

    /// Sends what renet has queued, then says goodbye.
    pub fn leave(&mut self, client: &mut RenetClient) {
        if let Err(e) = self.send(client) {
            debug!("leaving: {}", describe(&e));
        }
        self.disconnect();
    }
}

fn receive(
    mut transport: ResMut<ClientTransport>,
    mut client: ResMut<RenetClient>,
    session: Option<ResMut<Session>>,
    time: Res<Time<Real>>,
) {
    if let Err(lost) = transport.update(time.delta(), &mut client) {
        note(session, &lost);
    }
}

fn send(
    mut transport: ResMut<ClientTransport>,
    mut client: ResMut<RenetClient>,
    session: Option<ResMut<Session>>,
) {
    if let Err(lost) = transport.send(&mut client) {
        note(session, &lost);
    }
}

fn note(session: Option<ResMut<Session>>, lost: &Lost) {
    if let Some(mut session) = session {
        session.connection_ended(describe(lost), may_pass(lost));
    }
}

/// Whether trying again may help: the host or the network went quiet, or the host is not back
/// yet. A full table, a host that let us go and our own leaving are final.
fn may_pass(lost: &Lost) -> bool {
    match lost {
        Lost::Netcode(reason) => matches!(
            reason,
            DisconnectReason::ConnectionTimedOut
                | DisconnectReason::ConnectionRequestTimedOut
                | DisconnectReason::ConnectionResponseTimedOut
                | DisconnectReason::ConnectTokenExpired
        ),
        Lost::Renet(_) | Lost::Io(_) => true,
        Lost::Packet(_) => false,
    }
}

/// Words for a person. A wrong code looks like no answer at all: the host cannot read a connect
/// token made with another code.
fn describe(lost: &Lost) -> String {
    match lost {
        Lost::Netcode(reason) => match reason {
            DisconnectReason::ConnectionRequestTimedOut | DisconnectReason::ConnectionResponseTimedOut => {
                "the table did not let us in: the table code is wrong, or no table is at that address".into()
            }
            DisconnectReason::ConnectionDenied => "the table is full".into(),
            DisconnectReason::ConnectionTimedOut => "the connection to the table was lost".into(),
            DisconnectReason::DisconnectedByServer => "the host closed the connection".into(),
            DisconnectReason::DisconnectedByClient => "left the table".into(),
            DisconnectReason::ConnectTokenExpired => "the connection took too long to set up".into(),
        },
        Lost::Renet(reason) => format!("the connection broke: {reason}"),
        Lost::Io(e) => format!("network error: {e}"),
        Lost::Packet(e) => format!("a packet could not be made: {e}"),
    }
}
