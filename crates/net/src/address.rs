//! A table's address as a person types it: `192.168.1.20`, or with its port,
//! `192.168.1.20:47777`.

use std::net::{IpAddr, SocketAddr};

use crate::link::DEFAULT_PORT;

/// Why typed text is not a table's address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadAddress {
    #[error("{0:?} is not an address (like 192.168.1.20 or 192.168.1.20:{DEFAULT_PORT})")]
    NotAnAddress(String),
    #[error("{0}: port 0 is no table's port (a table opens on {DEFAULT_PORT} unless told otherwise)")]
    PortZero(SocketAddr),
    #[error("{0}: tables listen on IPv4 addresses, like 192.168.1.20")]
    NotIpv4(SocketAddr),
}

/// The table at `text`: an IPv4 address, on the default port unless one is given. `None` for
/// text that is no address at all, which may still be a host's name.
pub fn parse_table_address(text: &str) -> Option<Result<SocketAddr, BadAddress>> {
    let text = text.trim();
    let addr = match (text.parse::<SocketAddr>(), text.parse::<IpAddr>()) {
        (Ok(addr), _) => addr,
        (_, Ok(ip)) => SocketAddr::new(ip, DEFAULT_PORT),
        _ => return None,
    };
    Some(check(addr))
}

/// `addr` if a table could be there: IPv4 (hosts bind IPv4 sockets) and a port other than 0.
pub fn check(addr: SocketAddr) -> Result<SocketAddr, BadAddress> {
    if !addr.is_ipv4() {
        return Err(BadAddress::NotIpv4(addr));
    }
    if addr.port() == 0 {
        return Err(BadAddress::PortZero(addr));
    }
    Ok(addr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_as_typed() {
        let at = |text: &str| parse_table_address(text).map(|r| r.map(|a| a.to_string()));
        assert_eq!(at(" 192.168.1.20 "), Some(Ok("192.168.1.20:47777".into())));
        assert_eq!(at("192.168.1.20:4000"), Some(Ok("192.168.1.20:4000".into())));
        assert!(matches!(at("192.168.1.20:0"), Some(Err(BadAddress::PortZero(_)))));
        assert!(matches!(at("[::1]:47777"), Some(Err(BadAddress::NotIpv4(_)))));
        assert!(matches!(at("::1"), Some(Err(BadAddress::NotIpv4(_)))));
        assert_eq!(at("asha-laptop.local"), None);
        assert_eq!(at("192.168.1.20:99999"), None);
        assert_eq!(
            BadAddress::NotAnAddress("x".into()).to_string(),
            "\"x\" is not an address (like 192.168.1.20 or 192.168.1.20:47777)"
        );
    }
}
