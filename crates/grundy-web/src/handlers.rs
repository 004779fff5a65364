//! One handler per endpoint: parse the body, call the api on a blocking
//! thread within the budget, answer with the api result's JSON.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::Json;
use grundy::api::analyze::{self, Analysis, AnalyzeOptions};
use grundy::api::board::{self, Board};
use grundy::api::games::{self, GameInfo};
use grundy::api::play::{self, Turn};
use grundy::api::values::{self, Defaults, Grid, Located, ShapeRequest};

use crate::error::ApiError;
use crate::request::{self, AnalyzeBody, BoardBody, LocateBody, PlayBody, TableBody};
use crate::state::AppState;

type Body<T> = Result<Json<T>, JsonRejection>;
type Answer<T> = Result<Json<T>, ApiError>;

/// The widest window `/api/locate` gives (a side of 64 cells).
const MAX_SIDE: u64 = 64;

/// `GET /api/games`: the catalog, as `grundy list --json` (as one array).
pub async fn games() -> Json<Vec<GameInfo>> {
    Json(games::list())
}

/// `POST /api/analyze`: `grundy analyze --json` of one position.
pub async fn analyze(State(s): State<Arc<AppState>>, body: Body<AnalyzeBody>) -> Answer<Analysis> {
    let Json(b) = body?;
    let all_moves = b.all_moves;
    solve(s, b, all_moves).await
}

/// `POST /api/moves`: every legal move with its outcome and remoteness:
/// `grundy analyze --all-moves --json`.
pub async fn moves(State(s): State<Arc<AppState>>, body: Body<AnalyzeBody>) -> Answer<Analysis> {
    let Json(b) = body?;
    solve(s, b, true).await
}

async fn solve(s: Arc<AppState>, b: AnalyzeBody, all_moves: bool) -> Answer<Analysis> {
    let words = request::words(&b.position)?;
    let spec = request::spec(
        &b.game,
        &words,
        b.script_source.as_deref(),
        s.config.allow_scripts,
    )?;
    let (play, value_only, limits) = (request::play(b.misere), b.value_only, s.config.limits);
    let remoteness = b.remoteness;
    let analysis = s
        .budget
        .run(move |cancel| {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let options = AnalyzeOptions {
                play,
                all_moves,
                value_only,
                remoteness,
                limits: cancel.limits(limits),
            };
            // Watched, so that the deadline stops the search at once.
            Ok(analyze::analyze_watched(
                &spec,
                &words,
                &options,
                false,
                cancel.hooks(),
            )?)
        })
        .await?;
    Ok(Json(analysis))
}

/// `POST /api/play`: the player's move applied (refused if illegal) and the
/// computer's reply.
pub async fn play(State(s): State<Arc<AppState>>, body: Body<PlayBody>) -> Answer<Turn> {
    let Json(b) = body?;
    let words = request::words(&b.position)?;
    let spec = request::spec(
        &b.game,
        &words,
        b.script_source.as_deref(),
        s.config.allow_scripts,
    )?;
    let limits = s.config.limits;
    let turn = s
        .budget
        .run(move |cancel| {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let position = analyze::position(&spec, &words)?;
            let mv = b.mv.as_deref().map(str::trim);
            Ok(play::turn(
                &*position,
                mv,
                b.reply,
                request::play(b.misere),
                cancel.limits(limits),
            )?)
        })
        .await?;
    Ok(Json(turn))
}

/// `POST /api/table`: the values of a table (or, with `len`, a sequence), as
/// `grundy table --json`.
pub async fn table(State(s): State<Arc<AppState>>, body: Body<TableBody>) -> Answer<Grid> {
    let Json(b) = body?;
    let spec = request::spec(
        &b.game,
        &[],
        b.script_source.as_deref(),
        s.config.allow_scripts,
    )?;
    let asked = ShapeRequest {
        rows: b.rows,
        cols: b.cols,
        len: b.len,
        from: b.from,
    };
    let cells = asked
        .rows
        .or(asked.cols)
        .map_or(0, |r| r.saturating_mul(asked.cols.unwrap_or(r)));
    let cells = cells.max(asked.len.unwrap_or(0));
    if cells > s.config.max_cells {
        return Err(ApiError::limit(format!(
            "{cells} cells are asked for; the server gives at most {} per request",
            s.config.max_cells
        )));
    }
    let defaults = Defaults {
        kind: Some(values::Kind::Table),
        ..Defaults::default()
    };
    let limits = s.config.limits;
    let grid = s
        .budget
        .run(move |cancel| {
            Ok(values::grid(
                &spec,
                &asked,
                defaults,
                cancel.limits(limits),
            )?)
        })
        .await?;
    Ok(Json(grid))
}

/// `POST /api/locate`: the cell of a position in its game's table or
/// sequence, and the `/api/table` body of the window around it (`null` for
/// positions that are not one or two numbers).
pub async fn locate(
    State(s): State<Arc<AppState>>,
    body: Body<LocateBody>,
) -> Answer<Option<Located>> {
    let Json(b) = body?;
    let words = request::words(&b.position)?;
    let spec = request::spec(
        &b.game,
        &words,
        b.script_source.as_deref(),
        s.config.allow_scripts,
    )?;
    let side = b.side.unwrap_or(16).min(MAX_SIDE);
    let located = s
        .budget
        .run(move |_| {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            Ok(values::locate(&spec, &words, side)?)
        })
        .await?;
    Ok(Json(located))
}

/// `POST /api/board`: the position's picture with a target per legal move,
/// each naming its move as `/api/play` takes it.
pub async fn board(State(s): State<Arc<AppState>>, body: Body<BoardBody>) -> Answer<Board> {
    let Json(b) = body?;
    let words = request::words(&b.position)?;
    let spec = request::spec(
        &b.game,
        &words,
        b.script_source.as_deref(),
        s.config.allow_scripts,
    )?;
    let drawn = s
        .budget
        .run(move |_| {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            Ok(board::board(&spec, &words)?)
        })
        .await?;
    Ok(Json(drawn))
}
