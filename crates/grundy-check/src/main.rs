//! `grundy-check FILE`: verifies a grundy certificate; exit 0 when every
//! entry holds, 1 at the first entry that does not, 2 for a file that
//! cannot be read.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: grundy-check FILE (a certificate written by `grundy analyze --certificate` or `grundy period --certificate`)");
        return ExitCode::from(2);
    };
    match grundy_check::check_file(std::path::Path::new(path)) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("grundy-check: {path}: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
