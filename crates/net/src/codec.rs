//! Messages on the wire: bincode 2 through serde, with a limit on what a decode may allocate,
//! so any byte string becomes a message or an error and never a panic or a huge allocation.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// No message of ours comes near this; anything longer is refused before it is read.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<MAX_MESSAGE_BYTES>()
}

#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error("message of {0} bytes is over the limit of {MAX_MESSAGE_BYTES}")]
    TooLong(usize),
    #[error("malformed message: {0}")]
    Malformed(#[from] bincode::error::DecodeError),
    #[error("bytes left over after the message: {0}")]
    Trailing(usize),
    #[error("message could not be encoded: {0}")]
    Encode(#[from] bincode::error::EncodeError),
}

pub fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, CodecError> {
    Ok(bincode::serde::encode_to_vec(message, config())?)
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(CodecError::TooLong(bytes.len()));
    }
    let (message, read) = bincode::serde::decode_from_slice(bytes, config())?;
    if read != bytes.len() {
        return Err(CodecError::Trailing(bytes.len() - read));
    }
    Ok(message)
}
