//! The web playground of `grundy serve`: the library's [`grundy::api`] as
//! JSON over HTTP, and a page (plain HTML, JS and CSS compiled into the
//! binary) to play and study every game of the catalog.
//!
//! Every body is the JSON of an api result, the same as the command line's
//! `--json`; every failure is `{"error": "...", "kind": "bad_input"}` with an
//! HTTP status chosen by its [`grundy::api::ErrorKind`]. Solves run on
//! blocking threads in two lanes (a quick one every solve starts in, a long
//! one it moves to after a fraction of a second), each within a budget of
//! positions and a deadline past which it is cancelled; connections are
//! capped in number (in all and per client address), in the time to send headers and body, and in length
//! ([`Config`]).
//!
//! ```
//! use grundy_web::{router, Config};
//! let app: axum::Router = router(Config::default());
//! # drop(app);
//! ```

mod addresses;
mod assets;
mod budget;
mod error;
mod handlers;
mod request;
mod router;
mod serve;
mod state;

pub use error::ApiError;
pub use router::{router, Config};
pub use serve::{run, serve, Ready};
