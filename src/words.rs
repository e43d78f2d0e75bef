//! How the table puts things in words, shared by the window and the terminal.

/// "1 trick", "2 tricks".
pub fn tricks(n: impl Into<u32>) -> String {
    match n.into() {
        1 => "1 trick".to_owned(),
        n => format!("{n} tricks"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_trick_is_singular() {
        assert_eq!(super::tricks(1u8), "1 trick");
        assert_eq!(super::tricks(0u8), "0 tricks");
        assert_eq!(super::tricks(7u8), "7 tricks");
    }
}
