//! A guard in front of netcode. netcode 2.0 panics on some forged datagrams from a peer's
//! address (more than eight sequence bytes declared, or too few bytes left for the MAC after the
//! sequence), so one of them could stop a host or a player; both transports drop such
//! datagrams before netcode reads them.

/// netcode's packet: a prefix byte (type in the low nibble, sequence length in the high one),
/// the sequence, the body and a 16-byte MAC.
const MAC_BYTES: usize = 16;
const CONNECTION_REQUEST: u8 = 0;
const PACKET_TYPES: u8 = 7;

/// Whether netcode may safely read `datagram`.
pub fn plausible(datagram: &[u8]) -> bool {
    let Some(&prefix) = datagram.first() else {
        return false;
    };
    let (kind, sequence_bytes) = (prefix & 0xF, prefix >> 4);
    let sealed = kind == CONNECTION_REQUEST
        || (sequence_bytes <= 8 && datagram.len() >= 1 + usize::from(sequence_bytes) + MAC_BYTES);
    datagram.len() >= 2 + MAC_BYTES && kind < PACKET_TYPES && sealed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_drops_what_netcode_would_misread() {
        let mut packet = vec![0u8; 40];
        packet[0] = 0x84; // a payload packet with 8 sequence bytes
        assert!(plausible(&packet));
        packet[0] = 0x94; // nine sequence bytes: netcode would read past its buffer
        assert!(!plausible(&packet));
        assert!(!plausible(&packet[..20])); // eight sequence bytes leave no room for the MAC
        packet[0] = 0xF0; // a connection request has no sequence
        assert!(plausible(&packet));
        packet[0] = 0x07; // no such packet type
        assert!(!plausible(&packet));
        assert!(!plausible(&packet[..10]));
        assert!(!plausible(&[]));
    }
}
