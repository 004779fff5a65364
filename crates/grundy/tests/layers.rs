//! The library is a stack, and this test keeps it one: it reads the sources
//! (not the compiled crate) and fails on
//!
//! - a cycle between the top-level modules of `crates/grundy/src`, or between
//!   the top-level modules of a front end (`grundy-cli`, `grundy-web`,
//!   `grundy-py`);
//! - an engine (`solve`, `misere`) that names a game, the catalog, the
//!   analysis or `api`;
//! - a front end that names anything of `grundy` but `grundy::api`;
//! - a public module of the library other than `api` and the vocabulary
//!   its answers are written in (`game`, `nimber`).
//!
//! A module's dependencies are the paths it names in code (`crate::x`,
//! `super::…` that leaves it, and the crate root's re-exports), comments
//! left out, test modules included: a test that needs a game lives with the
//! games, not in an engine.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The modules an engine may not name.
const ABOVE_ENGINES: &[&str] = &["games", "catalog", "analysis", "api", "judge"];

/// The engines.
const ENGINES: &[&str] = &["solve", "misere"];

/// The library's public modules: its door and the vocabulary.
const PUBLIC: &[&str] = &["api", "game", "nimber"];

/// The front ends, which may name `grundy::api` alone.
const FRONT_ENDS: &[&str] = &["grundy-cli", "grundy-web", "grundy-py"];

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file below `dir`, with its module path (`["solve", "heap", "code"]`).
fn sources(dir: &Path) -> Vec<(Vec<String>, String)> {
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<(Vec<String>, String)>) {
    for entry in fs::read_dir(dir).expect("source folder readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            walk(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("below the root");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            let last = parts.pop().expect("a file name");
            let stem = last.trim_end_matches(".rs");
            if stem != "mod" && stem != "lib" && stem != "main" {
                parts.push(stem.to_string());
            }
            let text = fs::read_to_string(&path).expect("source readable");
            out.push((parts, strip_comments(&text)));
        }
    }
}

/// The text without `//` comments (doc comments included: their links are
/// not dependencies).
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names `pub use` brings to the crate root, mapped to their module:
/// `Play` to `game` for `pub use game::{Play, …}`.
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let flat = lib.replace('\n', " ");
    for stmt in flat.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim().trim_start_matches("crate::");
        let module = rest.split("::").next().unwrap_or("").trim().to_string();
        let names = match (rest.find('{'), rest.rfind('}')) {
            (Some(a), Some(b)) => rest[a + 1..b].to_string(),
            _ => rest.rsplit("::").next().unwrap_or("").to_string(),
        };
        for name in names.split(',') {
            let name = name.split(" as ").last().unwrap_or("").trim();
            let name = name.rsplit("::").next().unwrap_or("").trim();
            if !name.is_empty() {
                map.insert(name.to_string(), module.clone());
            }
        }
    }
    map
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The first identifier of each path that follows `prefix` in `code`; a
/// group `prefix{a::b, c}` gives `a` and `c`.
fn heads_after(code: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find(prefix) {
        let at = from + i;
        from = at + prefix.len();
        if at > 0 && code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = &code[from..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut item = String::new();
            let mut fresh = true;
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 1 => {
                        if !item.is_empty() {
                            out.push(std::mem::take(&mut item));
                        }
                        fresh = true;
                    }
                    _ if depth == 1 && fresh && is_ident(c) => item.push(c),
                    _ if depth == 1 && fresh && !item.is_empty() => {
                        out.push(std::mem::take(&mut item));
                        fresh = false;
                    }
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
            }
            if !item.is_empty() {
                out.push(item);
            }
        } else {
            let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

/// The top-level modules each top-level module of the crate at `src`
/// names, other than itself.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = sources(src);
    let lib = files
        .iter()
        .find(|(path, _)| path.is_empty())
        .map(|(_, text)| text.clone())
        .unwrap_or_default();
    let reexports = root_reexports(&lib);
    let tops: BTreeSet<String> = files
        .iter()
        .filter_map(|(path, _)| path.first().cloned())
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, code) in &files {
        let Some(top) = path.first() else { continue };
        let deps = graph.entry(top.clone()).or_default();
        let mut named = heads_after(code, "crate::");
        // `super::x` from a module directly below the root names `x`.
        if path.len() == 1 {
            named.extend(heads_after(code, "super::"));
        }
        for name in named {
            let module = match tops.contains(&name) {
                true => Some(name),
                false => reexports.get(&name).cloned(),
            };
            if let Some(m) = module.filter(|m| m != top && tops.contains(m)) {
                deps.insert(m);
            }
        }
    }
    graph
}

/// A cycle of `graph`, as the modules along it, if it has one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // 0 unvisited, 1 on the path, 2 done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for start in graph.keys() {
        let mut path: Vec<&str> = Vec::new();
        if let Some(c) = dfs(graph, start, &mut state, &mut path) {
            return Some(c);
        }
    }
    None
}

fn dfs<'a>(
    graph: &'a BTreeMap<String, BTreeSet<String>>,
    node: &'a str,
    state: &mut BTreeMap<&'a str, u8>,
    path: &mut Vec<&'a str>,
) -> Option<Vec<String>> {
    match state.get(node).copied().unwrap_or(0) {
        2 => return None,
        1 => {
            let at = path.iter().position(|&n| n == node).unwrap_or(0);
            let mut cycle: Vec<String> = path[at..].iter().map(|s| s.to_string()).collect();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        _ => {}
    }
    state.insert(node, 1);
    path.push(node);
    for next in graph.get(node).into_iter().flatten() {
        if let Some(c) = dfs(graph, next, state, path) {
            return Some(c);
        }
    }
    path.pop();
    state.insert(node, 2);
    None
}

#[test]
fn the_library_modules_form_no_cycle() {
    let graph = module_graph(&crates_dir().join("grundy/src"));
    assert!(
        graph.contains_key("api"),
        "the reader found the library's modules"
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "modules of grundy import each other in a cycle: {}",
            cycle.join(" -> ")
        );
    }
}

#[test]
fn engines_import_no_game_catalog_analysis_or_api() {
    let graph = module_graph(&crates_dir().join("grundy/src"));
    for engine in ENGINES {
        let deps = graph.get(*engine).expect("the engine's module exists");
        let bad: Vec<_> = deps
            .iter()
            .filter(|d| ABOVE_ENGINES.contains(&d.as_str()))
            .collect();
        assert!(
            bad.is_empty(),
            "the engine `{engine}` imports {bad:?}, a layer above it"
        );
    }
}

#[test]
fn front_ends_form_no_cycle_and_use_only_the_api() {
    for front in FRONT_ENDS {
        let src = crates_dir().join(front).join("src");
        let graph = module_graph(&src);
        assert!(!graph.is_empty(), "the reader found {front}'s modules");
        if let Some(cycle) = find_cycle(&graph) {
            panic!(
                "modules of {front} import each other in a cycle: {}",
                cycle.join(" -> ")
            );
        }
        for (path, code) in sources(&src) {
            for head in heads_after(&code, "grundy::") {
                assert_eq!(
                    head,
                    "api",
                    "{front}/src/{}: names grundy::{head}; front ends use grundy::api alone",
                    path.join("/")
                );
            }
        }
    }
}

#[test]
fn the_library_makes_public_only_api_and_the_vocabulary() {
    let lib = strip_comments(
        &fs::read_to_string(crates_dir().join("grundy/src/lib.rs")).expect("lib.rs"),
    );
    let public: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(';').trim())
        .collect();
    assert!(public.contains(&"api"), "the reader found lib.rs's modules");
    for module in &public {
        assert!(
            PUBLIC.contains(module),
            "lib.rs makes `{module}` public; outside `api` and the vocabulary {PUBLIC:?}, modules are pub(crate)"
        );
    }
}

#[test]
fn the_reader_sees_paths_groups_and_reexports() {
    let code =
        "use crate::{game::Play, solve::{Limits, Searcher}};\nlet x = crate::nimber::mex(v);";
    assert_eq!(heads_after(code, "crate::"), ["game", "solve", "nimber"]);
    let bare = "use crate::{assets, handlers::x, self};";
    assert_eq!(heads_after(bare, "crate::"), ["assets", "handlers", "self"]);
    assert_eq!(
        heads_after("a_crate::x grundy::api::y", "crate::"),
        Vec::<String>::new()
    );
    let lib = "pub mod game;\npub use game::{\n    Game, Play as P,\n};\npub use nimber::Nimber;";
    let map = root_reexports(lib);
    assert_eq!(map.get("Game").map(String::as_str), Some("game"));
    assert_eq!(map.get("P").map(String::as_str), Some("game"));
    assert_eq!(map.get("Nimber").map(String::as_str), Some("nimber"));
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(
        find_cycle(&g),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
    g.insert("b".to_string(), BTreeSet::new());
    assert_eq!(find_cycle(&g), None);
}
