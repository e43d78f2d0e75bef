//! The renet connection both sides share: one reliable, ordered channel each way.

use std::time::Duration;

use bevy_renet::renet::{ChannelConfig, ConnectionConfig, SendType};

use crate::codec;

pub const CHANNEL: u8 = 0;

/// The UDP port a table opens on unless told otherwise, and the one a bare address means.
pub const DEFAULT_PORT: u16 = 47_777;

/// How long netcode waits for a silent peer before it calls the connection lost.
pub const TIMEOUT_SECONDS: i32 = 4;

/// A client may make the host hold this much of its unacknowledged messages, and no more.
const CLIENT_MEMORY: usize = 256 * 1024;
const HOST_MEMORY: usize = 4 * 1024 * 1024;

pub fn connection_config() -> ConnectionConfig {
    let channel = |memory| {
        vec![ChannelConfig {
            channel_id: CHANNEL,
            max_memory_usage_bytes: memory,
            send_type: SendType::ReliableOrdered {
                resend_time: Duration::from_millis(100),
            },
        }]
    };
    ConnectionConfig {
        available_bytes_per_tick: 60_000,
        server_channels_config: channel(HOST_MEMORY),
        client_channels_config: channel(CLIENT_MEMORY.max(codec::MAX_MESSAGE_BYTES * 2)),
    }
}
