//! Headless tests of the table: `MinimalPlugins` + `StatesPlugin`, driven by `app.update()`.

#![allow(clippy::unwrap_used, reason = "a test fails loudly on what it did not expect")]

mod headless;
