//! The router called directly, without a socket: every endpoint answers
//! with the JSON the command line's `--json` prints (the same api result,
//! serialized), bad requests get 400 with a typed error, limits 413 or 422.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use grundy::api::analyze::{analyze, AnalyzeOptions};
use grundy::api::values::{grid, Defaults, Kind, ShapeRequest};
use grundy::api::{games, play};
use grundy::api::{Limits, Play};
use grundy_web::{router, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

const TAKE_1_OR_2: &str =
    "fn moves(n) { if n >= 2 { [n - 1, n - 2] } else if n == 1 { [0] } else { [] } }";

async fn send(
    app: Router,
    method: Method,
    path: &str,
    body: Option<String>,
) -> (StatusCode, Value) {
    let request = Request::builder().method(method).uri(path);
    let request = match body {
        Some(b) => request
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(b)),
        None => request.body(Body::empty()),
    };
    let response = app.oneshot(request.unwrap()).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
    (status, value)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_with(Config::default(), path, body).await
}

async fn post_with(config: Config, path: &str, body: Value) -> (StatusCode, Value) {
    send(router(config), Method::POST, path, Some(body.to_string())).await
}

fn options(all_moves: bool) -> AnalyzeOptions {
    AnalyzeOptions {
        play: Play::Normal,
        all_moves,
        value_only: false,
        remoteness: false,
        limits: Config::default().limits,
    }
}

fn assert_error(answer: (StatusCode, Value), status: StatusCode, kind: &str, says: &str) {
    let (got, body) = answer;
    assert_eq!(got, status, "{body}");
    assert_eq!(body["kind"], kind, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(message.contains(says), "`{message}` should say `{says}`");
}

#[tokio::test]
async fn games_is_the_catalog_as_grundy_list_json() {
    let (status, body) = send(router(Config::default()), Method::GET, "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, serde_json::to_value(games::list()).unwrap());
    assert_eq!(body[0]["name"], "nim");
    assert!(body
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["name"] == "wythoff"));
}

#[tokio::test]
async fn analyze_is_grundy_analyze_json() {
    let (status, body) = post("/api/analyze", json!({"game": "nim", "position": "3 4 5"})).await;
    assert_eq!(status, StatusCode::OK);
    let direct = analyze(&"nim".into(), &["3", "4", "5"], &options(false)).unwrap();
    assert_eq!(body, serde_json::to_value(direct).unwrap());
    // By hand (Bouton): 3 ⊕ 4 ⊕ 5 = 2, and only heap 1 shrinks under ⊕ 2: to 1 4 5.
    assert_eq!(
        (body["grundy"].clone(), body["outcome"].clone()),
        (json!(2), json!("N"))
    );
    assert_eq!(body["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(body["winning_moves"][0]["to"], "1 4 5");
    assert!(body.get("all_moves").is_none());
}

#[tokio::test]
async fn moves_lists_every_move_with_its_value_for_the_mover() {
    let (status, body) = post("/api/moves", json!({"game": "nim", "position": "3 4 5"})).await;
    assert_eq!(status, StatusCode::OK);
    let direct = analyze(&"nim".into(), &["3", "4", "5"], &options(true)).unwrap();
    assert_eq!(body, serde_json::to_value(direct).unwrap());
    let all = body["all_moves"].as_array().unwrap();
    assert_eq!(
        all.len(),
        3 + 4 + 5,
        "one move per token taken from each heap"
    );
    let to_p: Vec<&Value> = all.iter().filter(|m| m["outcome"] == "P").collect();
    assert_eq!(to_p.len(), 1);
    assert_eq!(to_p[0]["move"], "heap 1: take 2");
    // The same with all_moves on /api/analyze.
    let (_, analyzed) = post(
        "/api/analyze",
        json!({"game": "nim", "position": "3 4 5", "all_moves": true}),
    )
    .await;
    assert_eq!(analyzed, body);
}

#[tokio::test]
async fn value_only_is_grundy_analyze_value_only_json() {
    // Cram 4x5: a board the full analysis values every move of; the value
    // alone by the pruned search, with no move and no remoteness.
    let body = json!({"game": "cram", "position": "4x5", "value_only": true});
    let (status, body) = post("/api/analyze", body).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let direct = analyze(
        &"cram".into(),
        &["4x5"],
        &AnalyzeOptions {
            value_only: true,
            ..options(false)
        },
    )
    .unwrap();
    assert_eq!(body, serde_json::to_value(direct).unwrap());
    let (_, whole) = post("/api/analyze", json!({"game": "cram", "position": "4x5"})).await;
    assert_eq!(body["grundy"], whole["grundy"]);
    assert!(body["remoteness"].is_null() && !whole["remoteness"].is_null());
    assert_eq!(body["winning_moves"], json!([]));
    assert_ne!(whole["winning_moves"], json!([]));
    for (path, extra) in [("/api/analyze", json!(true)), ("/api/moves", json!(false))] {
        let body = json!({"game": "nim", "position": "3", "value_only": true, "all_moves": extra});
        let answer = post(path, body).await;
        assert_error(
            answer,
            StatusCode::BAD_REQUEST,
            "bad_input",
            "value_only lists no move",
        );
    }
}

#[tokio::test]
async fn misere_play_changes_the_answer() {
    // Misère Nim (Bouton): with every heap of one token, an odd count loses.
    let body = json!({"game": "nim", "position": "1 1 1", "misere": true});
    let (_, body) = post("/api/analyze", body).await;
    assert_eq!(
        (body["play"].clone(), body["outcome"].clone()),
        (json!("misere"), json!("P"))
    );
}

#[tokio::test]
async fn play_applies_the_move_then_the_computer_replies() {
    let body = json!({"game": "nim", "position": "3 4 5", "move": "heap 1: take 1"});
    let (status, body) = post("/api/play", body).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let p =
        grundy::api::analyze::position(&grundy::api::Spec::from("nim"), &["3", "4", "5"]).unwrap();
    let direct = play::turn(
        &*p,
        Some("heap 1: take 1"),
        true,
        Play::Normal,
        Config::default().limits,
    );
    assert_eq!(body, serde_json::to_value(direct.unwrap()).unwrap());
    assert_eq!(body["played"]["to"], "2 4 5");
    // 2 ⊕ 4 ⊕ 5 = 3: the computer's only winning reply is heap 1 to 1.
    assert_eq!(body["reply"]["to"], "1 4 5");
    assert_eq!(body["reply"]["reason"], "win");
    assert_eq!(
        (body["position"].clone(), body["over"].clone()),
        (json!("1 4 5"), json!(false))
    );
}

#[tokio::test]
async fn play_without_a_move_is_the_computer_s_turn_and_without_reply_a_friend_s() {
    let (_, body) = post("/api/play", json!({"game": "wythoff", "position": "3 5"})).await;
    assert!(body["played"].is_null());
    // (3, 5) is Wythoff's P-position (⌊φ·2⌋, ⌊φ²·2⌋): the computer can only defend.
    assert_eq!(body["reply"]["reason"], "longest_defence");
    let body = json!({"game": "nim", "position": "0 1", "move": "heap 2: take 1", "reply": false});
    let (_, body) = post("/api/play", body).await;
    assert!(body["reply"].is_null());
    assert_eq!(
        (body["position"].clone(), body["over"].clone()),
        (json!("0 0"), json!(true))
    );
}

#[tokio::test]
async fn table_is_the_values_grid() {
    let body = json!({"game": "wythoff", "rows": 8, "cols": 8});
    let (status, body) = post("/api/table", body).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let asked = ShapeRequest {
        rows: Some(8),
        cols: Some(8),
        ..ShapeRequest::default()
    };
    let defaults = Defaults {
        kind: Some(Kind::Table),
        ..Defaults::default()
    };
    let direct = grid(
        &"wythoff".into(),
        &asked,
        defaults,
        Config::default().limits,
    )
    .unwrap();
    assert_eq!(body, serde_json::to_value(direct).unwrap());
    assert_eq!(
        body["shape"],
        json!({"Table": {"from": 0, "rows": 8, "cols": 8}})
    );
    // Wythoff by hand: G(0,0) = 0, G(1,1) = mex{1, 1, 0} = 2, and (3, 5) a P-position.
    let at = |i: usize, j: usize| body["values"][i * 8 + j].clone();
    assert_eq!(
        (at(0, 0), at(1, 1), at(3, 5), at(5, 3)),
        (json!(0), json!(2), json!(0), json!(0))
    );
    // A length asks for a sequence: nim's G(n) = n.
    let (_, seq) = post("/api/table", json!({"game": "nim", "len": 5, "from": 2})).await;
    assert_eq!(seq["values"], json!([2, 3, 4, 5, 6]));
}

#[tokio::test]
async fn locate_gives_the_cell_and_the_table_body_around_it() {
    let (status, body) = post("/api/locate", json!({"game": "wythoff", "position": "3 5"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["kind"], "table");
    assert_eq!(body["at"], json!([3, 5]));
    assert_eq!(
        body["window"],
        json!({"rows": 16, "cols": 16, "len": null, "from": 0})
    );
    let (_, none) = post("/api/locate", json!({"game": "nim", "position": "1 2 3"})).await;
    assert!(none.is_null());
}

#[tokio::test]
async fn bad_input_is_400_with_a_typed_error() {
    let analyze_with = |game: &str, position: &str| json!({"game": game, "position": position});
    let cases = [
        (
            "/api/analyze",
            analyze_with("nmi", "3"),
            "unknown game `nmi` (did you mean `nim`?)",
        ),
        ("/api/analyze", analyze_with("nim", "3 x"), "nim position"),
        (
            "/api/moves",
            analyze_with("subtraction:1,a", "3"),
            "subtraction",
        ),
        (
            "/api/analyze",
            analyze_with("nim", &"7 ".repeat(3000)),
            "at most 4096",
        ),
        (
            "/api/play",
            json!({"game": "nim", "position": "3", "move": "heap 1: take 4"}),
            "take 4",
        ),
        (
            "/api/play",
            json!({"game": "nim", "position": "3", "move": "jump"}),
            "jump",
        ),
        (
            "/api/table",
            json!({"game": "fibonacci", "rows": 4}),
            "positions are not two numbers",
        ),
        ("/api/analyze", json!({"position": "3"}), "game"),
        (
            "/api/analyze",
            json!({"game": "nim", "colour": "red"}),
            "colour",
        ),
        (
            "/api/analyze",
            json!({"game": "nim", "position": 3}),
            "position",
        ),
    ];
    for (path, body, says) in cases {
        let answer = post(path, body.clone()).await;
        assert_error(answer, StatusCode::BAD_REQUEST, "bad_input", says);
    }
    let not_json = send(
        router(Config::default()),
        Method::POST,
        "/api/analyze",
        Some("{nim".into()),
    );
    assert_error(not_json.await, StatusCode::BAD_REQUEST, "bad_input", "");
    let nowhere = send(router(Config::default()), Method::GET, "/api/nowhere", None).await;
    assert_error(
        nowhere,
        StatusCode::NOT_FOUND,
        "bad_input",
        "no such endpoint",
    );
}

#[tokio::test]
async fn limits_are_413_or_422() {
    let huge = json!({"game": "nim", "position": "1 ".repeat(200_000)});
    let answer = post("/api/analyze", huge).await;
    assert_error(answer, StatusCode::PAYLOAD_TOO_LARGE, "limit", "too large");
    let answer = post(
        "/api/table",
        json!({"game": "nim", "rows": 1000, "cols": 1000}),
    )
    .await;
    assert_error(
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "limit",
        "at most 65536",
    );
    // Two heaps of 10^12: too many moves to list.
    let body = json!({"game": "nim", "position": "1000000000000 1000000000000"});
    let answer = post("/api/moves", body).await;
    assert_error(answer, StatusCode::UNPROCESSABLE_ENTITY, "limit", "moves");
    // A script has no formula: a search of 10 positions cannot reach 1000.
    let config = Config {
        allow_scripts: true,
        limits: Limits::new(10),
        ..Config::default()
    };
    let body = json!({"game": "script:t.rhai", "position": "1000", "script_source": TAKE_1_OR_2});
    let answer = post_with(config, "/api/analyze", body).await;
    assert_error(answer, StatusCode::UNPROCESSABLE_ENTITY, "limit", "");
}

#[tokio::test]
async fn a_slow_request_is_answered_with_an_error_in_time() {
    let config = Config {
        allow_scripts: true,
        timeout: Duration::from_millis(1),
        ..Config::default()
    };
    let body = json!({"game": "script:t.rhai", "position": "200000", "script_source": TAKE_1_OR_2});
    let answer = post_with(config, "/api/analyze", body).await;
    assert_error(
        answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "limit",
        "longer than",
    );
}

#[tokio::test]
async fn scripts_are_refused_unless_allowed_and_never_read_from_disk() {
    let body = json!({"game": "script:/etc/hostname", "position": "3"});
    let answer = post("/api/analyze", body.clone()).await;
    assert_error(
        answer,
        StatusCode::BAD_REQUEST,
        "bad_input",
        "--allow-scripts",
    );
    let in_a_sum = json!({"game": "sum", "position": "nim 3 + script:/etc/hostname 4"});
    let answer = post("/api/analyze", in_a_sum).await;
    assert_error(
        answer,
        StatusCode::BAD_REQUEST,
        "bad_input",
        "--allow-scripts",
    );
    let allowed = Config {
        allow_scripts: true,
        ..Config::default()
    };
    // Allowed, but the path is not read: without its text the game is refused.
    let answer = post_with(allowed, "/api/analyze", body).await;
    assert_error(
        answer,
        StatusCode::BAD_REQUEST,
        "bad_input",
        "script_source",
    );
    let body = json!({"game": "script:t.rhai", "position": "3", "script_source": TAKE_1_OR_2});
    let (status, body) = post_with(allowed, "/api/analyze", body).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Take 1 or 2: G(n) = n mod 3, so 3 is lost for the mover.
    assert_eq!(
        (body["outcome"].clone(), body["grundy"].clone()),
        (json!("P"), json!(0))
    );
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let app = || router(Config::default());
    let (status, page) = send(app(), Method::GET, "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page
        .as_str()
        .unwrap()
        .contains("<title>grundy playground</title>"));
    let response = app()
        .oneshot(Request::get("/static/app.js").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    let (status, _) = send(app(), Method::GET, "/static/missing.js", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// A loopy `graph` game over the API: its file's text comes in the body
/// (`script_source`; a graph file is data, so no `--allow-scripts`), the
/// analysis carries `value` and the drawing moves, and a turn the value now.
#[tokio::test]
async fn a_graph_game_is_analysed_and_played_without_allow_scripts() {
    let graph = "x x\nx s\ny z\nz y\n";
    let body = json!({"game": "graph:g.txt", "position": "y", "script_source": graph});
    let (status, a) = post("/api/analyze", body).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (a["outcome"].as_str(), a["value"].as_str()),
        (Some("D"), Some("∞{}"))
    );
    assert_eq!(a["drawing_moves"][0]["to"], "z");
    let body = json!({"game": "graph:g.txt", "position": "y", "move": "to z",
                      "reply": true, "script_source": graph});
    let (status, t) = post("/api/play", body).await;
    assert_eq!(status, StatusCode::OK, "{t}");
    assert_eq!(
        (t["reply"]["reason"].as_str(), t["position"].as_str()),
        (Some("draw"), Some("y"))
    );
    assert_eq!(t["value"], "∞{}");
}

#[tokio::test]
async fn board_gives_the_picture_and_a_target_per_move_as_play_takes_it() {
    let (status, body) = post("/api/board", json!({"game": "cram", "position": "1x3"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["picture"],
        json!({"kind": "grid", "cells": ["..."], "bottom_up": false})
    );
    assert_eq!(
        body["targets"],
        json!([
            {"move": "h 0,0", "spot": {"at": "domino", "row": 0, "col": 0, "down": false}},
            {"move": "h 0,1", "spot": {"at": "domino", "row": 0, "col": 1, "down": false}},
        ])
    );
    // Each target's move is one /api/play takes.
    let (status, turn) = post(
        "/api/play",
        json!({"game": "cram", "position": "1x3", "move": "h 0,1", "reply": false}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{turn}");
    assert_eq!(turn["played"]["to"], ".##");
    assert_error(
        post("/api/board", json!({"game": "nim", "position": "3 x"})).await,
        StatusCode::BAD_REQUEST,
        "bad_input",
        "nim position",
    );
    assert_error(
        post(
            "/api/board",
            json!({"game": "script:a.rhai", "position": "3"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_input",
        "--allow-scripts",
    );
}
