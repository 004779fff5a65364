//! Disjunctive sums of positions of any games of the catalog.
//!
//! A move in a sum is a move in one of its parts. By the Sprague–Grundy
//! theorem the sum's value is the XOR of its parts' values, and a winning
//! move is found from those values alone: in a part of value `g` with
//! `g XOR X < g`… or any part with a move to value `g XOR X`. The product
//! space is searched only for misère play, where no such theorem holds.
//!
//! On the command line a sum is written as its parts separated by `+`:
//! `grundy analyze sum nim 3 4 + subtraction:1,3,4 10 + staircase 2 1`.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use crate::analysis::erased::{
    quick_limits_for, Analysis, AnalyzeError, AnalyzeOptions, AnyGame, AnyPosition, Method,
    MoveInfo, MOVE_LIST_LIMIT, QUICK_SEARCH,
};
use crate::analysis::loopy::{write_up, LoopyMove};
use crate::analysis::{by_search, remoteness_search_within, Found};
use crate::catalog::{self, Entry, VerifyPlan};
use crate::game::{
    parse_u64, vec_heap_bytes, Game, GameError, Outcome, ParseError, Play, PlayError,
};
use crate::nimber::Nimber;
use crate::solution::{sum_moves_to_value, CheckError, CheckReport};
use crate::solve::certificate::{CertificateError, Summary};
use crate::solve::loopy::Ranked;
use crate::solve::{Limits, SearchError, Searcher};

/// A sum of positions, each of its own game.
#[derive(Clone)]
pub struct MixedSum {
    parts: Vec<Arc<dyn AnyPosition>>,
    keys: Vec<String>,
}

/// A move in part `part` (numbered from 1) of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// The part, from 1.
    pub part: usize,
    /// The move in that part, as its game names it.
    pub mv: String,
}

impl fmt::Display for SumMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "part {}: {}", self.part, self.mv)
    }
}

/// Parses `part 2: heap 1: take 3`.
impl FromStr for SumMove {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<SumMove, ParseError> {
        let bad = || ParseError::Malformed {
            token: s.to_string(),
            expected: "a move of a sum".into(),
            example: "`part 2: heap 1: take 3`".into(),
        };
        let rest = s.trim().strip_prefix("part").ok_or_else(bad)?;
        let (n, mv) = rest.split_once(':').ok_or_else(bad)?;
        let part = parse_u64(n.trim(), "a part number")?;
        Ok(SumMove {
            part: usize::try_from(part).map_err(|_| bad())?,
            mv: mv.trim().to_string(),
        })
    }
}

impl MixedSum {
    /// The sum of these parts.
    pub fn new(parts: Vec<Box<dyn AnyPosition>>) -> MixedSum {
        let parts: Vec<Arc<dyn AnyPosition>> = parts.into_iter().map(Arc::from).collect();
        let keys = parts.iter().map(|p| key(p.as_ref())).collect();
        MixedSum { parts, keys }
    }

    fn replace(&self, i: usize, part: Box<dyn AnyPosition>) -> MixedSum {
        let mut parts = self.parts.clone();
        let mut keys = self.keys.clone();
        keys[i] = key(part.as_ref());
        parts[i] = Arc::from(part);
        MixedSum { parts, keys }
    }

    fn part(&self, m: &SumMove) -> Option<&Arc<dyn AnyPosition>> {
        m.part.checked_sub(1).and_then(|i| self.parts.get(i))
    }

    /// Each part's Grundy value and whether all came from formulas.
    fn values(&self, limits: Limits) -> Result<(Vec<Nimber>, Method), AnalyzeError> {
        let mut method = Method::Formula;
        let mut values = Vec::new();
        for p in &self.parts {
            let (g, m) = p.grundy(limits)?;
            let g = g.ok_or_else(|| AnalyzeError::NoValue {
                position: key(p.as_ref()),
            })?;
            if m == Method::Search {
                method = Method::Search;
            }
            values.push(g);
        }
        Ok((values, method))
    }

    /// The moves to total value `target`, given the parts' `values`, and
    /// whether they are every such move.
    fn moves_to(
        &self,
        values: &[Nimber],
        target: Nimber,
        limits: Limits,
    ) -> Result<(Vec<MoveInfo>, bool), AnalyzeError> {
        let mut complete = true;
        let found = sum_moves_to_value(values, target, |i, v| {
            let (moves, every) = self.parts[i].moves_to_value(v, limits)?;
            complete &= every;
            Ok::<_, AnalyzeError>(moves)
        })?;
        let found = found
            .into_iter()
            .map(|(i, m)| self.lift(i, &m, None))
            .collect::<Result<_, _>>()?;
        Ok((found, complete))
    }

    fn by_values(&self, o: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        let (values, method) = self.values(o.limits)?;
        let total: Nimber = values.iter().copied().sum();
        let (mut winning_moves, complete) = self.moves_to(&values, Nimber::ZERO, o.limits)?;
        for m in &mut winning_moves {
            m.outcome = Some(Outcome::Previous);
        }
        let all_moves = if o.all_moves {
            Some(self.all_moves(&values, total, o.limits)?)
        } else {
            None
        };
        // Parts of a mixed sum are compared by their text: its quick search gets a tenth of the budget.
        let quick = quick_limits_for(self, o.limits);
        let budget = Limits {
            max_positions: quick.max_positions.min(QUICK_SEARCH / 10),
            ..quick
        };
        let (quick, remoteness) = remoteness_search_within(self, o, budget, None)?;
        for m in &mut winning_moves {
            m.remoteness =
                m.mv.parse::<SumMove>()
                    .ok()
                    .and_then(|sm| self.try_play(&sm).ok())
                    .and_then(|to| quick.known(&to))
                    .map(|s| s.remoteness);
        }
        let details = self
            .parts
            .iter()
            .zip(&values)
            .enumerate()
            .map(|(i, (p, g))| {
                (
                    format!("part {} value", i + 1),
                    format!("{} ({})", g.value(), key(p.as_ref())),
                )
            })
            .collect();
        let found = Found {
            outcome: Outcome::from_grundy(total),
            grundy: Some(total.value()),
            method,
            remoteness,
            all: all_moves,
            winning: Some((winning_moves, complete)),
            details,
        };
        Ok(Analysis::new(
            self.game(),
            self.to_string(),
            Play::Normal,
            found,
            o,
        ))
    }

    fn all_moves(
        &self,
        values: &[Nimber],
        total: Nimber,
        limits: Limits,
    ) -> Result<Vec<MoveInfo>, AnalyzeError> {
        let mut all = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            for name in p.move_names()? {
                let to = p
                    .play_named(&name)
                    .map_err(|e| SearchError::Game(GameError::new(e.to_string())))?;
                let (g, _) = to.grundy(limits)?;
                let g = g.ok_or_else(|| AnalyzeError::NoValue {
                    position: key(to.as_ref()),
                })?;
                let outcome = Outcome::from_grundy(total + values[i] + g);
                let info = MoveInfo::new(name, &to, None, None);
                all.push(self.lift(i, &info, Some(outcome))?);
            }
        }
        Ok(all)
    }

    /// A part's move as a move of the whole sum.
    fn lift(
        &self,
        i: usize,
        m: &MoveInfo,
        outcome: Option<Outcome>,
    ) -> Result<MoveInfo, AnalyzeError> {
        let to = self.parts[i]
            .play_named(&m.mv)
            .map_err(|e| SearchError::Game(GameError::new(e.to_string())))?;
        let mv = SumMove {
            part: i + 1,
            mv: m.mv.clone(),
        };
        Ok(MoveInfo::new(mv, self.replace(i, to), outcome, None))
    }

    fn by_search(&self, o: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        if self.move_count() > o.limits.max_positions as u128 {
            return Err(SearchError::TooLarge {
                limit: o.limits.max_positions,
            }
            .into());
        }
        let mut search = Searcher::with_limits(o.play, o.limits);
        let (outcome, remoteness, all) = by_search(&mut search, self)?;
        drop(search);
        let found = Found {
            outcome,
            grundy: None,
            method: Method::Search,
            remoteness: Some(remoteness),
            all: Some(all),
            winning: None,
            details: Default::default(),
        };
        Ok(Analysis::new(
            self.game(),
            self.to_string(),
            o.play,
            found,
            o,
        ))
    }
}

impl MixedSum {
    /// Normal play of a sum with a loopy part: every part's generalized
    /// value (finite for a finite game), added by Smith's rule, and every
    /// move's (see [`crate::solve::loopy`]).
    fn by_loopy(&self, o: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        let mut values = Vec::new();
        for p in &self.parts {
            let value = p.loopy(o.limits)?.ok_or_else(|| AnalyzeError::NoValue {
                position: key(p.as_ref()),
            })?;
            values.push(value);
        }
        let total = |values: &[Ranked]| values.iter().cloned().reduce(|a, b| a + b);
        let mut moves = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            for name in p.move_names()? {
                let to = p
                    .play_named(&name)
                    .map_err(|e| SearchError::Game(GameError::new(e.to_string())))?;
                let mut after = values.clone();
                after[i] = to.loopy(o.limits)?.ok_or_else(|| AnalyzeError::NoValue {
                    position: key(to.as_ref()),
                })?;
                moves.push(LoopyMove {
                    mv: SumMove {
                        part: i + 1,
                        mv: name,
                    }
                    .to_string(),
                    to: self.replace(i, to).to_string(),
                    value: total(&after).expect("a sum has parts"),
                });
            }
        }
        let value = total(&values).expect("a sum has parts");
        Ok(write_up(self.game(), self.to_string(), &value, moves, o))
    }
}

fn key(p: &dyn AnyPosition) -> String {
    format!("{} {}", p.game(), p)
}

impl PartialEq for MixedSum {
    fn eq(&self, other: &Self) -> bool {
        self.keys == other.keys
    }
}

impl Eq for MixedSum {}

impl Hash for MixedSum {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.keys.hash(state);
    }
}

impl fmt::Debug for MixedSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MixedSum({self})")
    }
}

impl fmt::Display for MixedSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.keys.join(" + "))
    }
}

impl Game for MixedSum {
    type Move = SumMove;

    fn moves(&self) -> Vec<SumMove> {
        self.try_moves().unwrap_or_default()
    }

    /// The keys and the list of parts; the parts themselves are shared
    /// with the sums they came from, all but one per move.
    fn heap_bytes(&self) -> usize {
        let keys: usize = self.keys.iter().map(|k| k.capacity() + 16).sum();
        vec_heap_bytes(&self.parts) + vec_heap_bytes(&self.keys) + keys
    }

    fn play(&self, m: &SumMove) -> MixedSum {
        self.try_play(m)
            .expect("a legal move of a sum can be played")
    }

    fn try_moves(&self) -> Result<Vec<SumMove>, GameError> {
        let mut moves = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            let names = p
                .move_names()
                .map_err(|e| GameError::new(format!("part {}: {e}", i + 1)))?;
            moves.extend(names.into_iter().map(|mv| SumMove { part: i + 1, mv }));
        }
        Ok(moves)
    }

    fn try_play(&self, m: &SumMove) -> Result<MixedSum, GameError> {
        let p = self
            .part(m)
            .ok_or_else(|| GameError::new(format!("the sum has no part {}", m.part)))?;
        let to = p
            .play_named(&m.mv)
            .map_err(|e| GameError::new(e.to_string()))?;
        Ok(self.replace(m.part - 1, to))
    }

    fn components(&self) -> Vec<MixedSum> {
        self.parts
            .iter()
            .zip(&self.keys)
            .map(|(p, k)| MixedSum {
                parts: vec![Arc::clone(p)],
                keys: vec![k.clone()],
            })
            .collect()
    }

    fn canonical(&self) -> MixedSum {
        let mut order: Vec<usize> = (0..self.parts.len()).collect();
        order.sort_by(|&a, &b| self.keys[a].cmp(&self.keys[b]));
        MixedSum {
            parts: order.iter().map(|&i| Arc::clone(&self.parts[i])).collect(),
            keys: order.iter().map(|&i| self.keys[i].clone()).collect(),
        }
    }

    fn move_count(&self) -> u128 {
        // Parts report only listable counts; an unlistable part counts as too many.
        self.parts
            .iter()
            .map(|p| {
                p.move_names()
                    .map_or(MOVE_LIST_LIMIT + 1, |m| m.len() as u128)
            })
            .sum()
    }

    fn legal(&self, m: &SumMove) -> bool {
        self.part(m).is_some_and(|p| p.play_named(&m.mv).is_ok())
    }

    fn any_move(&self) -> Option<SumMove> {
        self.parts.iter().enumerate().find_map(|(i, p)| {
            let (mv, _) = p.any_move()?;
            Some(SumMove { part: i + 1, mv })
        })
    }
}

impl AnyPosition for MixedSum {
    fn game(&self) -> String {
        "sum".into()
    }

    fn analyze(&self, o: &AnalyzeOptions) -> Result<Analysis, AnalyzeError> {
        let loopy = |e: &AnalyzeError| matches!(e, AnalyzeError::Search(SearchError::Cycle { .. }));
        match o.play {
            Play::Normal if self.parts.iter().any(|p| p.is_loopy()) => self.by_loopy(o),
            Play::Normal => match self.by_values(o) {
                Err(e) if loopy(&e) => self.by_loopy(o),
                r => r,
            },
            Play::Misere => match self.by_search(o) {
                Err(e) if loopy(&e) => Err(AnalyzeError::LoopyMisere {
                    position: self.to_string(),
                }),
                r => r,
            },
        }
    }

    fn is_loopy(&self) -> bool {
        self.parts.iter().any(|p| p.is_loopy())
    }

    fn grundy(&self, limits: Limits) -> Result<(Option<Nimber>, Method), AnalyzeError> {
        match self.values(limits) {
            Ok((v, m)) => Ok((Some(v.into_iter().sum()), m)),
            Err(AnalyzeError::NoValue { .. }) => Ok((None, Method::Search)),
            Err(e) => Err(e),
        }
    }

    fn moves_to_value(
        &self,
        target: Nimber,
        limits: Limits,
    ) -> Result<(Vec<MoveInfo>, bool), AnalyzeError> {
        let (values, _) = self.values(limits)?;
        self.moves_to(&values, target, limits)
    }

    fn move_names(&self) -> Result<Vec<String>, AnalyzeError> {
        Ok(self
            .try_moves()
            .map_err(SearchError::from)?
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    fn play_named(&self, mv: &str) -> Result<Box<dyn AnyPosition>, PlayError> {
        let refuse = |reason: String| PlayError {
            mv: mv.to_string(),
            position: self.to_string(),
            reason,
        };
        let m: SumMove = mv.parse().map_err(|e: ParseError| refuse(e.to_string()))?;
        let p = self
            .part(&m)
            .ok_or_else(|| refuse(format!("the sum has no part {}", m.part)))?;
        let to = p.play_named(&m.mv).map_err(|e| refuse(e.reason))?;
        Ok(Box::new(self.replace(m.part - 1, to)))
    }

    fn any_move(&self) -> Option<(String, Box<dyn AnyPosition>)> {
        let m = Game::any_move(self)?;
        let to = self.try_play(&m).ok()?;
        Some((m.to_string(), Box::new(to)))
    }

    fn clone_box(&self) -> Box<dyn AnyPosition> {
        Box::new(self.clone())
    }

    /// A sum certificate: each part's value certificate in turn, then the
    /// sum's value, their XOR (the format's page, *Sum certificates*).
    fn certify(
        &self,
        limits: Limits,
        out: &mut dyn std::io::Write,
    ) -> Result<Summary, CertificateError> {
        let head = format!("grundy-certificate 1 sum\nparts {}\n", self.parts.len());
        out.write_all(head.as_bytes())?;
        let (mut value, mut entries, mut replies) = (0, 0, 0);
        let mut bytes = head.len() as u64;
        for (i, p) in self.parts.iter().enumerate() {
            let s = p.certify(limits, out).map_err(|e| match e {
                CertificateError::Unsupported { game } => CertificateError::Unsupported {
                    game: format!("{game} (part {} of the sum)", i + 1),
                },
                e => e,
            })?;
            value ^= s.value.unwrap_or(0);
            (entries, replies, bytes) = (entries + s.entries, replies + s.replies, bytes + s.bytes);
        }
        let tail = format!("root {value}\nend\n");
        out.write_all(tail.as_bytes())?;
        out.flush()?;
        Ok(Summary {
            claim: format!("g({self}) = {value}"),
            value: Some(value),
            entries,
            replies,
            bytes: bytes + tail.len() as u64,
        })
    }

    fn board(&self) -> crate::board::Board {
        crate::board::sum(self.parts.iter().map(|p| p.board()), self.to_string())
    }
}

/// The `sum` game of the catalog: parts separated by `+`, with the text of
/// the files its parts name.
struct SumGame {
    files: catalog::Files,
}

/// The games of a sum's parts, as written: the first word of each group of
/// words between `+` signs, with the position words after it.
pub fn groups<'w, 'a>(words: &'w [&'a str]) -> impl Iterator<Item = &'w [&'a str]> {
    words.split(|w| *w == "+")
}

impl AnyGame for SumGame {
    fn name(&self) -> String {
        "sum".into()
    }

    fn parse(&self, words: &[&str]) -> Result<Box<dyn AnyPosition>, ParseError> {
        if words.is_empty() {
            return Err(ParseError::Empty {
                hint: "write the parts separated by `+`, as in `sum nim 3 4 + bash:3 10`".into(),
            });
        }
        let mut parts = Vec::new();
        for (i, group) in groups(words).enumerate() {
            let part = |reason: String| ParseError::InPart {
                part: i + 1,
                reason,
            };
            let (spec, rest) = group
                .split_first()
                .ok_or_else(|| part("empty; write `GAME POSITION` between the `+` signs".into()))?;
            let spec = catalog::Spec {
                files: self.files.clone(),
                ..catalog::Spec::from(*spec)
            };
            if spec.name == "sum" {
                return Err(part(
                    "a sum cannot hold a sum: list all the parts in one".into(),
                ));
            }
            let game = spec.build().map_err(|e| part(e.to_string()))?;
            parts.push(game.parse(rest).map_err(|e| part(e.to_string()))?);
        }
        Ok(Box::new(MixedSum::new(parts)))
    }

    fn has_formula(&self) -> bool {
        true
    }

    fn verify(&self, size: u64, limits: Limits) -> Option<Result<CheckReport, CheckError>> {
        Some(verify_sums(size, limits))
    }
}

/// Checks the Sprague–Grundy theorem on sums of three different games: the
/// XOR rule's outcome and winning moves against a search of the sum itself.
fn verify_sums(size: u64, limits: Limits) -> Result<CheckReport, CheckError> {
    let opts = AnalyzeOptions {
        limits,
        ..AnalyzeOptions::default()
    };
    let mut search = Searcher::with_limits(Play::Normal, limits);
    let mut report = CheckReport::default();
    let failed = |e: AnalyzeError| match e {
        AnalyzeError::Search(s) => CheckError::Search(s),
        other => CheckError::Search(SearchError::Game(GameError::new(other.to_string()))),
    };
    for a in 0..=size {
        for b in 0..=2 * size {
            for (c, d) in (0..=2).flat_map(|c| (0..=2).map(move |d| (c, d))) {
                let text = format!("nim {a} + subtraction:2,5,6 {b} + staircase {c} {d}");
                let words: Vec<&str> = text.split_whitespace().collect();
                let sum = SumGame {
                    files: catalog::Files::default(),
                }
                .parse(&words)
                .expect("a well-formed sum");
                let analysis = sum.analyze(&opts).map_err(failed)?;
                let concrete = MixedSum::new(
                    text.split(" + ")
                        .map(|part| {
                            let w: Vec<&str> = part.split_whitespace().collect();
                            catalog::game(w[0])
                                .expect("catalog game")
                                .parse(&w[1..])
                                .expect("part")
                        })
                        .collect(),
                );
                let found = search.solve(&concrete)?.outcome;
                if found != analysis.outcome {
                    return Err(CheckError::Disagreement {
                        position: text,
                        what: format!(
                            "XOR of the parts says {}, search of the sum says {found}",
                            analysis.outcome
                        ),
                    });
                }
                for m in &analysis.winning_moves {
                    let sm: SumMove = m.mv.parse().expect("a sum's own move");
                    let to = concrete.try_play(&sm).map_err(SearchError::from)?;
                    if search.solve(&to)?.outcome != Outcome::Previous {
                        return Err(CheckError::Disagreement {
                            position: text,
                            what: format!("winning move `{}` leads to an N-position", m.mv),
                        });
                    }
                    report.moves_checked += 1;
                }
                report.positions += 1;
                report.grundy_checked += 1;
            }
        }
    }
    report.searched = search.positions_solved();
    Ok(report)
}

fn build(spec: &crate::entry::Spec) -> Result<Box<dyn AnyGame>, ParseError> {
    Ok(Box::new(SumGame {
        files: spec.files.clone(),
    }))
}

/// The catalog entry.
pub const ENTRY: Entry = Entry::new(
    "sum",
    "a sum of positions of any games: value = XOR of the parts (Sprague-Grundy)",
    "GAME POSITION + GAME POSITION ...",
    "sum nim 3 4 + subtraction:1,3,4 10 + staircase 2 1",
    VerifyPlan {
        size: 5, max_size: 8,
        meaning: "nim a + subtraction:2,5,6 b + staircase c d, a <= N, b <= 2N, c, d <= 2, against search of the sum",
        instances: &["sum"],
    },
    build,
);
