//! Headless tests of the table: `MinimalPlugins` + `StatesPlugin`, driven by `app.update()`.

mod headless;
