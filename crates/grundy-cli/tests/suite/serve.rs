//! `grundy serve`: the binary starts the playground on a free loopback port,
//! says where, answers the api, and refuses a bad address in one line.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;

fn get(addr: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server listens");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_says_where_it_listens_and_answers_the_api() {
    let mut child = Command::cargo_bin("grundy")
        .unwrap()
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "grundy serve: the playground is at http://127.0.0.1:PORT/ (Ctrl-C stops it)"
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .map(str::to_owned);
    let answers = addr.as_deref().map(|a| (get(a, "/api/games"), get(a, "/")));
    child.kill().unwrap();
    child.wait().unwrap();
    let addr = addr.unwrap_or_else(|| panic!("no address in {line:?}"));
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let (games, page) = answers.unwrap();
    assert!(games.starts_with("HTTP/1.1 200"), "{games}");
    assert!(
        games.contains(r#"{"name":"nim","parameter":null,"#),
        "{games}"
    );
    assert!(page.contains("<title>grundy playground</title>"), "{page}");
}

#[test]
fn a_bad_host_is_a_usage_error() {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["serve", "--host", "localhost:80"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
}
