//! Sizes of memory on the command line (`--memory 512M`) and the default
//! budget, a quarter of this machine's memory, read here: the library reads
//! no files.

use std::time::Duration;

use grundy::api::Limits;

/// The smallest default budget, for machines with little memory.
pub const FLOOR: usize = 256 << 20;

/// The largest default budget: more rarely pays, and a shared machine's
/// other users need theirs.
pub const CEILING: usize = 16 << 30;

/// A quarter of the machine's memory (`MemTotal` in `/proc/meminfo`),
/// within [`FLOOR`] and [`CEILING`] (the library's default where the
/// machine does not say), and at most a third of the process's address
/// space where that is limited (`ulimit -v`, read from
/// `/proc/self/limits`): the budget is an estimate, and the program, its
/// threads' stacks and the allocator's slack need room beside it, so that a
/// search stops at its budget with a message rather than at a failed
/// allocation.
pub fn default_budget() -> usize {
    let machine = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text))
        .map_or(Limits::DEFAULT_MAX_BYTES, |total| {
            (total / 4).clamp(FLOOR, CEILING)
        });
    let space = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| address_space(&text));
    match space {
        Some(bytes) => machine.min(bytes / 3),
        None => machine,
    }
}

/// The soft limit on address space of a `/proc/self/limits` text, in
/// bytes; `None` when it is unlimited or not given.
fn address_space(limits: &str) -> Option<usize> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft = line["Max address space".len()..]
        .split_whitespace()
        .next()?;
    soft.parse().ok()
}

/// `MemTotal` of a `/proc/meminfo` text, in bytes.
fn mem_total(meminfo: &str) -> Option<usize> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Parses a size such as `512M`, `4G`, `1.5G`, `100MiB` or `65536` (bytes):
/// K, M, G and T are powers of 1024.
///
/// # Errors
/// Text that is not such a size, or a size of 0.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let bad = || format!("`{text}` is not a size; write it as 512M, 4G or a number of bytes");
    let t = text.trim();
    let t = t
        .strip_suffix("iB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(t);
    let (number, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(bad()),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    let bytes = value * 2f64.powi(shift);
    if !bytes.is_finite() || bytes < 1.0 || bytes >= usize::MAX as f64 {
        return Err(format!(
            "`{text}` is not a size of memory more than 0 bytes"
        ));
    }
    Ok(bytes as usize)
}

/// Parses a time in seconds, such as `2` or `0.5`.
///
/// # Errors
/// Text that is not a positive number of seconds.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("`{text}` is not a positive number of seconds"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_suffixes() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("100MiB"), Ok(100 << 20));
        assert_eq!(parse_size("64k"), Ok(64 << 10));
        assert_eq!(parse_size("65536"), Ok(65536));
        for bad in ["", "M", "12X", "-1G", "0", "0.1", "lots"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn seconds_are_positive() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds("2"), Ok(Duration::from_secs(2)));
        for bad in ["0", "-1", "inf", "NaN", "soon"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_default_is_a_quarter_of_memtotal_within_bounds() {
        let info = "MemTotal:       24684084 kB\nMemFree:        15887460 kB\n";
        assert_eq!(mem_total(info), Some(24684084 * 1024));
        assert_eq!(mem_total("nothing"), None);
        let budget = default_budget();
        assert!(budget <= CEILING);
    }

    #[test]
    fn a_limited_address_space_is_read_from_proc_limits() {
        let head =
            "Limit                     Soft Limit           Hard Limit           Units     \n";
        let limited = format!(
            "{head}Max stack size            8388608              unlimited            bytes     \n\
             Max address space         3072000000           unlimited            bytes     \n"
        );
        assert_eq!(address_space(&limited), Some(3_072_000_000));
        let unlimited = format!("{head}Max address space         unlimited            unlimited            bytes     \n");
        assert_eq!(address_space(&unlimited), None);
        assert_eq!(address_space("nothing"), None);
    }
}
