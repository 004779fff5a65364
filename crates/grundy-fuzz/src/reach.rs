//! Targets for the inputs issue 42 found unguarded: numbers far past a
//! machine word, and every JSON body the web playground accepts. (Deep
//! formulas and scripts that import, loop or sleep reach the `formula` and
//! `script` targets through their dictionaries and seeds in `fuzz/dicts`
//! and the corpora.)

use std::sync::OnceLock;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use grundy::api::Spec;
use tower::ServiceExt;

/// The most digits [`huge_number`] builds: far past 2^64 and 2^128, and
/// still a fraction of a second for the quadratic big-number paths
/// (Zeckendorf, Wythoff's Beatty sequences) in an instrumented build.
pub const MAX_DIGITS: usize = 3000;

/// Every catalog game with a position of huge numbers. The first byte
/// picks the game; the second how many times the digits repeat; the rest
/// (UTF-8) is an optional `PARAMETER` line, then the position's words, in
/// which every `#` stands for the digits the third byte's ten bits
/// give, repeated to at most [`MAX_DIGITS`]. A position that parses is
/// analysed under the small limits, and must print as text read back as
/// itself.
pub fn huge_number(data: &[u8]) {
    let [game, times, seed, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let names = crate::game_names();
    let name = names[usize::from(*game) % names.len()];
    let digits = format!("{}", u32::from(*seed) * 37 + 1);
    let reps = (usize::from(*times) * 16).clamp(1, MAX_DIGITS / digits.len());
    let number = format!("9{}", digits.repeat(reps));
    let (param, position) = match text.split_once('\n') {
        Some((p, rest)) => (Some(p), rest),
        None => (None, text),
    };
    let spec_text = match param {
        Some(p) => format!("{name}:{p}"),
        None => name.to_string(),
    };
    let spec = Spec::from(spec_text.as_str());
    let Ok(g) = spec.build() else {
        return;
    };
    let words: Vec<String> = position
        .split_whitespace()
        .map(|w| w.replace('#', &number))
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let Ok(p) = g.parse(&words) else {
        return;
    };
    let printed = p.to_string();
    if !printed.trim().is_empty() {
        let again: Vec<&str> = printed.split_whitespace().collect();
        let back = g.parse(&again).map(|q| q.to_string());
        assert_eq!(
            back.as_deref(),
            Ok(printed.as_str()),
            "{spec_text}: {printed:.200}"
        );
    }
    let _ = p.analyze(&super::options(*game >> 6));
}

/// The web endpoints that take a JSON body, by the first byte of an input.
pub const ENDPOINTS: [&str; 5] = ["analyze", "moves", "play", "table", "locate"];

fn server() -> &'static (tokio::runtime::Runtime, Router) {
    static SERVER: OnceLock<(tokio::runtime::Runtime, Router)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let config = grundy_web::Config {
            limits: super::small_limits(),
            timeout: Duration::from_secs(2),
            concurrency: 1,
            ..grundy_web::Config::default()
        };
        (rt, grundy_web::router(config))
    })
}

/// Every web endpoint's JSON body: the first byte picks the endpoint, the
/// rest is the body, sent through the playground's router as a request
/// would be. Any body is answered or refused with a 4xx (or, past the
/// server's own limits, 503/504); never a panic, never a 500.
pub fn web_body(data: &[u8]) {
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    let endpoint = ENDPOINTS[usize::from(first) % ENDPOINTS.len()];
    let request = Request::post(format!("/api/{endpoint}"))
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a valid request");
    let (rt, router) = server();
    let response = rt
        .block_on(router.clone().oneshot(request))
        .expect("the router answers every request");
    let status = response.status();
    assert!(
        status != StatusCode::INTERNAL_SERVER_ERROR,
        "/api/{endpoint} answered 500 to {:?}",
        String::from_utf8_lossy(body)
    );
}
