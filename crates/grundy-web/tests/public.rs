//! A server built to be public: scripts that try to escape their sandbox,
//! solves past their deadline, cheap requests beside expensive ones, and
//! clients that send slowly. Each test names the defect it guards against.

/// The server's scripts bounded in bytes, as in the `grundy` command.
#[global_allocator]
static ALLOCATOR: grundy::api::Metered = grundy::api::Metered;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use grundy_web::{router, serve, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// A script that needs a few hundred thousand operations per position, so
/// that a position far from 0 takes minutes: an expensive request that
/// only a deadline ends.
const SLOW: &str =
    "fn moves(n) { let i = 0; while i < 150000 { i += 1; } if n > 0 { [n - 1] } else { [] } }";

fn scripts() -> Config {
    Config {
        allow_scripts: true,
        ..Config::default()
    }
}

async fn post(app: Router, path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

fn script(source: &str, position: &str) -> Value {
    json!({"game": "script:s.rhai", "position": position, "script_source": source})
}

fn nim() -> Value {
    json!({"game": "nim", "position": "3 4 5"})
}

#[tokio::test]
async fn with_scripts_allowed_no_file_content_is_served() {
    // Defect: `import "x"` opened x.rhai anywhere on disk, and its content
    // came back through values and error texts.
    let secret = std::env::temp_dir().join(format!("grundy-web-secret-{}", std::process::id()));
    std::fs::write(secret.with_extension("rhai"), "fn leak() { \"SECRET-7\" }").unwrap();
    let import = format!(
        "fn moves(n) {{ import \"{}\" as s; [s::leak()] }}",
        secret.display()
    );
    let (status, body) = post(router(scripts()), "/api/analyze", script(&import, "3")).await;
    std::fs::remove_file(secret.with_extension("rhai")).unwrap();
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    assert!(text.contains("`import` is not available"), "{text}");
    assert!(!text.contains("SECRET"), "{text}");
    // A game naming a file takes its text from the body, never the disk.
    let (status, body) = post(
        router(scripts()),
        "/api/analyze",
        json!({"game": "script:/etc/passwd", "position": "3"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(!body.to_string().contains("root:"), "{body}");
}

#[tokio::test]
async fn scripts_that_sleep_loop_or_allocate_fail_fast_with_a_clear_error() {
    // Defect: `sleep()` bypassed the operation limit and the deadline.
    for (source, says) in [
        ("fn moves(n) { sleep(30); [] }", "Function not found: sleep"),
        ("fn moves(n) { loop { } }", "operations"),
        (
            "fn moves(n) { let a = []; a.pad(100000000, 0); a }",
            "Size of array",
        ),
        (
            "fn moves(n) { let s = \"ab\"; loop { s += s; } }",
            "Length of string",
        ),
        ("fn f(n) { f(n + 1) }\nfn moves(n) { f(0) }", "levels deep"),
        // Copies of one array at every level of a recursion: hundreds of
        // MiB within every per-value bound, stopped at the call's bytes.
        (
            "fn f(d) { let a = []; a.pad(90000, 0); let b = a; let c = a; let e = a; let g = a; \
             if d < 30 { f(d + 1) } [] }\nfn moves(n) { f(0) }",
            "more than 24 MiB",
        ),
    ] {
        let (status, body) = post(router(scripts()), "/api/analyze", script(source, "3")).await;
        assert!(status.is_client_error(), "{source}: {status} {body}");
        assert!(body.to_string().contains(says), "{source}: {body}");
    }
}

/// A server where one solve runs at a time in each lane.
fn narrow(timeout_ms: u64) -> Config {
    Config {
        concurrency: 1,
        long_concurrency: 1,
        quick_time: Duration::from_millis(50),
        timeout: Duration::from_millis(timeout_ms),
        ..scripts()
    }
}

#[tokio::test]
async fn a_solve_past_its_deadline_frees_its_slot_at_once() {
    // Defect: a solve past its deadline kept its slot while its thread ran
    // on, so every other solve failed for as long as it ran.
    let app = router(narrow(500));
    let (status, body) = post(app.clone(), "/api/analyze", script(SLOW, "100000")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["error"].as_str().unwrap().contains("0.5 s"), "{body}");
    // The stopped solve gave its long slot back: a second one gets it and
    // runs to its own deadline, rather than being refused as busy.
    let (status, body) = post(app.clone(), "/api/analyze", script(SLOW, "100000")).await;
    assert_eq!(
        (status, body["kind"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("limit")),
        "{body}"
    );
    let (status, body) = post(app, "/api/analyze", nim()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_cheap_request_does_not_wait_behind_an_expensive_one() {
    // Defect: with every slot taken by expensive solves, cheap requests
    // waited for them (and failed at their own deadline).
    let app = router(narrow(20_000));
    let expensive = tokio::spawn(post(app.clone(), "/api/analyze", script(SLOW, "100000")));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let cheap = tokio::time::timeout(
        Duration::from_secs(5),
        post(app.clone(), "/api/analyze", nim()),
    );
    let (status, body) = cheap.await.expect("the cheap request is answered");
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(!expensive.is_finished(), "the expensive solve still runs");
    // A second expensive solve finds the long lane full: refused, not queued.
    let (status, body) = post(app, "/api/analyze", script(SLOW, "100001")).await;
    assert_eq!(
        (status, body["kind"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("busy"))
    );
    expensive.abort();
}

/// A server on a loopback port with short connection limits.
async fn listening(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(listener, config, std::future::pending()));
    addr
}

/// A blocking GET of `/api/games` with a fresh connection: the status line.
fn get_games(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer.lines().next().unwrap_or_default().to_string()
}

/// Whether the server closes `s` (or answers and closes) within `wait`.
fn closed_within(s: &mut TcpStream, wait: Duration) -> bool {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) => return e.kind() == std::io::ErrorKind::ConnectionReset,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off_and_cannot_hold_the_server() {
    // Defect: no header, body or idle timeout: a few hundred slow
    // connections blocked every request.
    let config = Config {
        max_connections: 8,
        header_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(1),
        ..Config::default()
    };
    let addr = listening(config).await;
    tokio::task::spawn_blocking(move || {
        // As many slow clients as the cap: half stop within their headers,
        // half within a body that never comes whole.
        let mut slow: Vec<TcpStream> = (0..8)
            .map(|k| {
                let mut s = TcpStream::connect(addr).unwrap();
                if k % 2 == 0 {
                    write!(s, "POST /api/analyze HTTP/1.1\r\nHost: x\r\n").unwrap();
                } else {
                    write!(
                        s,
                        "POST /api/analyze HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{{\"game\""
                    )
                    .unwrap();
                }
                s
            })
            .collect();
        // A ninth client waits for a place, which the timeouts free.
        assert_eq!(get_games(addr), "HTTP/1.1 200 OK");
        for s in &mut slow {
            assert!(closed_within(s, Duration::from_secs(5)), "a slow client is cut off");
        }
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_more_than_its_share_of_connections() {
    // Defect: connections were capped only in all, so one machine's idle
    // connections could take every place for their header timeout.
    let config = Config {
        max_connections: 64,
        max_connections_per_address: 4,
        ..Config::default()
    };
    let addr = listening(config).await;
    tokio::task::spawn_blocking(move || {
        let mut held: Vec<TcpStream> = (0..4).map(|_| TcpStream::connect(addr).unwrap()).collect();
        // The fifth from 127.0.0.1 is closed at once, long before the
        // 5 s its headers would have been given.
        let mut fifth = TcpStream::connect(addr).unwrap();
        assert!(
            closed_within(&mut fifth, Duration::from_secs(2)),
            "the fifth is closed"
        );
        // The four it holds are still open.
        for s in &mut held {
            s.set_read_timeout(Some(Duration::from_millis(100)))
                .unwrap();
            let mut buf = [0u8; 1];
            let err = s.read(&mut buf).expect_err("no answer and no close yet");
            assert!(matches!(
                err.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ));
        }
        // Once they close, the address has its places back.
        drop(held);
        let served = (0..50).any(|_| {
            std::thread::sleep(Duration::from_millis(100));
            get_games(addr) == "HTTP/1.1 200 OK"
        });
        assert!(served, "a closed connection gives its place back");
    })
    .await
    .unwrap();
}
