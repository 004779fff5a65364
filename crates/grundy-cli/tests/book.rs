//! The README and the book cannot drift from the binary: every ```console block in `README.md` and in
//! `docs/src/**/*.md` is run here by trycmd and must print what the page shows (a line `...` stands for
//! any lines, `[..]` for any text within a line; everything else is compared exactly). Blocks marked
//! ```text are illustrations and are not run. Each help text ends by naming a chapter of the book, and
//! every relative link of the book leads to a file and heading that exist.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root: the README and `docs/` live there.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

/// Every Markdown file under `dir`, sorted so that failures are reported in a stable order.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("the book's folders are readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The pages whose examples are run: the README, then every page of the book.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    pages.extend(markdown_under(&root.join("docs/src")));
    pages
}

/// A fresh folder to run the examples in, as a user would in a clone: `examples/` is there (a link to
/// the repository's), and whatever an example writes (`census --out o2`, a checkpoint) lands here.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("book-examples");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the scratch folder can be made");
    #[cfg(unix)]
    std::os::unix::fs::symlink(root().join("examples"), dir.join("examples"))
        .expect("examples/ can be linked into the scratch folder");
    dir
}

#[test]
fn every_console_example_prints_what_its_page_shows() {
    let dir = scratch();
    // trycmd runs the commands in the current directory; this is the only test here that needs one.
    std::env::set_current_dir(&dir).expect("the scratch folder is usable");
    let cases = trycmd::TestCases::new();
    // Help text wraps to the terminal; a fixed width keeps the reference pages' help identical
    // whatever width the shell running the tests exports.
    cases.env("COLUMNS", "100");
    cases.register_bin("grundy", Path::new(env!("CARGO_BIN_EXE_grundy")));
    // The few standard tools the pages use to show a file an example wrote.
    for tool in ["head", "cat"] {
        cases.register_bin(tool, Path::new("/usr/bin").join(tool));
    }
    for page in pages() {
        cases.case(page);
    }
}

/// The chapter a help text names on its last line, if any.
fn chapter_named(help: &str) -> Option<String> {
    let last = help.lines().rev().find(|l| !l.trim().is_empty())?;
    let (_, path) = last.split_once("): ")?;
    Some(path.trim().to_string())
}

/// The help of `grundy ARGS... --help`.
fn help_of(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .arg("--help")
        // Wide enough that the last line is not wrapped, whatever the shell exports.
        .env("COLUMNS", "100")
        .output()
        .expect("grundy runs");
    String::from_utf8(out.stdout).expect("help is UTF-8")
}

/// The commands a help text lists, less `help`.
fn commands_listed(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        // A command's line starts two spaces in; deeper lines continue a wrapped description.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn every_help_text_ends_with_a_chapter_of_the_book_that_exists() {
    let top = help_of(&[]);
    let commands = commands_listed(&top);
    assert!(
        commands.len() >= 10,
        "commands found in `grundy --help`: {commands:?}"
    );
    let mut helps = vec![("grundy".to_string(), top)];
    for command in &commands {
        let help = help_of(&[command]);
        for sub in commands_listed(&help) {
            helps.push((format!("{command} {sub}"), help_of(&[command, &sub])));
        }
        helps.push((command.clone(), help));
    }
    for (command, help) in helps {
        let chapter = chapter_named(&help)
            .unwrap_or_else(|| panic!("`{command} --help` does not end by naming a chapter"));
        assert!(
            root().join(&chapter).is_file(),
            "`{command} --help` names {chapter}, which is missing"
        );
    }
}

/// The anchor mdBook gives a heading: lower case, spaces to `-`, other punctuation dropped.
fn anchor_of(heading: &str) -> String {
    let text = heading.trim_start_matches('#').trim().replace('`', "");
    let mut id = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            id.extend(c.to_lowercase());
        } else if c.is_whitespace() {
            id.push('-');
        }
    }
    id
}

/// A page's lines outside fenced code blocks.
fn prose_lines(text: &str) -> Vec<&str> {
    let mut in_code = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            lines.push(line);
        }
    }
    lines
}

/// The anchors of a page's headings.
fn anchors(page: &Path) -> Vec<String> {
    let text = fs::read_to_string(page).expect("a linked page is readable");
    prose_lines(&text)
        .into_iter()
        .filter(|l| l.starts_with('#'))
        .map(anchor_of)
        .collect()
}

/// The targets of the Markdown links `[text](target)` of a page's prose.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose_lines(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    targets
}

/// What is wrong with one relative link of `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor)),
        None => (target, None),
    };
    let linked = match file {
        "" => page.to_path_buf(),
        _ => page.parent().expect("a page has a folder").join(file),
    };
    if !linked.exists() {
        return Some(format!("{target}: no such file"));
    }
    let anchor = anchor?;
    match anchors(&linked).iter().any(|a| a == anchor) {
        true => None,
        false => Some(format!("{target}: no heading with that anchor")),
    }
}

#[test]
fn every_relative_link_of_the_book_and_readme_leads_somewhere() {
    let mut problems = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).expect("a page is readable");
        for target in link_targets(&text) {
            if let Some(problem) = broken(&page, &target) {
                problems.push(format!("{}: {problem}", page.display()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn anchors_are_made_as_mdbook_makes_them() {
    assert_eq!(anchor_of("## `list --json`"), "list---json");
    assert_eq!(anchor_of("## Census directory"), "census-directory");
    assert_eq!(
        anchor_of("### The MPI cluster recipe"),
        "the-mpi-cluster-recipe"
    );
}

#[test]
fn every_page_of_the_guide_and_the_theory_has_a_tested_example() {
    let src = root().join("docs/src");
    let summary = fs::read_to_string(src.join("SUMMARY.md")).expect("SUMMARY.md is readable");
    let mut part = "";
    let mut missing = Vec::new();
    for line in summary.lines() {
        if let Some(title) = line.strip_prefix("# ") {
            part = title.trim();
        } else if ["Guide", "Theory"].contains(&part) {
            for target in link_targets(line) {
                let page = src.join(&target);
                let text = fs::read_to_string(&page).unwrap_or_default();
                if !text.contains("```console") {
                    missing.push(target);
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "pages without a console example: {missing:?}"
    );
}
