//! The command line as a user meets it: pictures with words, to a file or
//! stdout; help that fits the terminal; completions and the man page; and
//! `grundy play` on a real (pseudo-)terminal.

use crate::common::grundy;

fn stdout_of(args: &[&str]) -> Vec<u8> {
    let out = grundy().args(args).output().expect("the binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn png_dash_writes_the_picture_to_stdout() {
    let png = stdout_of(&["sequence", "kayles", "--len", "100", "--png", "-"]);
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{:?}",
        &png[..8.min(png.len())]
    );
    assert!(!std::path::Path::new("-").exists(), "no file named -");
    let png = stdout_of(&[
        "table", "wythoff", "--rows", "8", "--cols", "8", "--png", "-",
    ]);
    assert!(png.starts_with(b"\x89PNG"));
}

#[test]
fn svg_pictures_have_real_text_a_title_and_axis_names() {
    let svg = String::from_utf8(stdout_of(&[
        "sequence", "0.07", "--len", "300", "--svg", "-",
    ]))
    .expect("SVG is text");
    let texts: Vec<&str> = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>')?.1.split_once("</text>"))
        .map(|(inside, _)| inside.trim())
        .collect();
    for words in [
        "0.07: G(n) for n = 0..299",
        "n",
        "G(n)",
        "period 34 (proven)",
    ] {
        assert!(
            texts.contains(&words),
            "no <text>{words}</text> in {texts:?}"
        );
    }
    // Dawson's Kayles is periodic from n = 53 with period 34 (Guy and
    // Smith 1956; Winning Ways ch. 4): the band starts there.
    assert!(texts.contains(&"from n = 53"), "{texts:?}");
    let svg = String::from_utf8(stdout_of(&[
        "table", "wythoff", "--rows", "12", "--cols", "12", "--svg", "-",
    ]))
    .unwrap();
    for words in ["wythoff: G(i, j) for i, j = 0..11", "i", "j", "G(i, j)"] {
        assert!(
            svg.contains(&format!(">\n{words}\n</text>")),
            "{words} missing"
        );
    }
}

#[test]
fn completions_are_a_script_for_the_shell() {
    let bash = String::from_utf8(stdout_of(&["completions", "bash"])).unwrap();
    assert!(
        bash.contains("complete -F _grundy") || bash.contains("complete -o"),
        "{bash:.200}"
    );
    for command in ["analyze", "sequence", "completions"] {
        assert!(bash.contains(command), "bash completion lacks {command}");
    }
    let fish = String::from_utf8(stdout_of(&["completions", "fish"])).unwrap();
    assert!(fish.contains("complete -c grundy"));
    grundy().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn the_man_page_is_roff_from_the_same_definitions() {
    let page = String::from_utf8(stdout_of(&["man"])).unwrap();
    assert!(page.contains(".TH grundy 1"), "{page:.300}");
    assert!(page.contains("analyze") && page.contains("completions"));
    let page = String::from_utf8(stdout_of(&["man", "play"])).unwrap();
    assert!(page.contains(".TH grundy-play 1") && page.contains("computer\\-first"));
    let out = grundy().args(["man", "plya"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no command `plya`"));
}

#[test]
fn help_lines_fit_a_100_column_terminal() {
    let commands: Vec<String> = String::from_utf8(stdout_of(&["--help"]))
        .unwrap()
        .lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(commands.len() > 10, "{commands:?}");
    for command in [vec![]]
        .into_iter()
        .chain(commands.iter().map(|c| vec![c.as_str()]))
    {
        let out = grundy()
            .args(&command)
            .arg("--help")
            .env("COLUMNS", "100")
            .output()
            .unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        for line in help.lines() {
            assert!(line.chars().count() <= 100, "{command:?}: {line}");
        }
    }
}

/// `grundy play` under a pseudo-terminal: the line editor recalls the
/// last line with Up, and `undo` takes back a move and its reply.
#[cfg(unix)]
#[test]
fn play_on_a_terminal_has_history_and_undo() -> Result<(), rexpect::error::Error> {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    command
        .args(["play", "nim", "3", "5"])
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    let mut p = rexpect::session::spawn_command(command, Some(20_000))?;
    p.exp_string("Position: 3 5")?;
    p.exp_string("your move")?;
    p.send_line("hint")?;
    p.exp_string("hint: ")?;
    // Up recalls `hint`; without a line editor it would be the bytes ESC [ A.
    p.send("\x1b[A")?;
    p.send("\r")?;
    p.flush()?;
    p.exp_string("hint: ")?;
    p.send_line("1")?;
    p.exp_string("I play: ")?;
    p.exp_string("`undo`")?;
    p.send_line("undo")?;
    p.exp_string("Taken back: the position is again 3 5")?;
    p.exp_string("Position: 3 5")?;
    p.send_line("quit")?;
    p.exp_string("Bye.")?;
    p.exp_eof()?;
    Ok(())
}

#[test]
fn piped_play_can_undo_too() {
    let out = grundy()
        .args(["play", "nim", "3", "5"])
        .write_stdin("undo\n1\nundo\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Nothing to undo: you have not moved yet."),
        "{text}"
    );
    assert!(
        text.contains("Taken back: the position is again 3 5"),
        "{text}"
    );
    assert!(!text.contains('\x1b'), "no colour when piped: {text}");
}

#[test]
fn a_board_with_rows_is_drawn_a_row_per_line() {
    let out = grundy()
        .args(["play", "cram", "..#/.../..."])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Position:\n  ..#\n  ...\n  ...\n"), "{text}");
}
