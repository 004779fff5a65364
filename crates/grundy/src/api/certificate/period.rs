//! The writer of period certificates: a take-and-break code's values up
//! to the Guy–Smith bound, which the checker recomputes from the code.

use std::io::Write;

use crate::api::period::PeriodReport;

use crate::solve::certificate::{CertificateError, Summary};

/// The largest number a move of `code` (`0.16`, `4.7`) takes, the place
/// of its last non-zero digit after the point, and the most heaps a move
/// leaves as the bound counts them: 3 for a code with a digit of 8 or
/// more, else 2.
fn shape(code: &str) -> Result<(usize, usize), CertificateError> {
    let (_, digits) = code.split_once('.').ok_or_else(|| {
        CertificateError::NoPeriod(format!("`{code}` is not a take-and-break code"))
    })?;
    let digits: Vec<u32> = digits.chars().filter_map(|c| c.to_digit(16)).collect();
    let parts = match code.chars().filter_map(|c| c.to_digit(16)).any(|d| d >= 8) {
        true => 3,
        false => 2,
    };
    Ok((
        digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1),
        parts,
    ))
}

/// Writes a certificate of `report`'s period: the values of heaps `0` to
/// `k·max(e, 1) + k·p + t − 1` (preperiod `e`, period `p`, largest take
/// `t`, moves that leave at most `k` heaps, 2 or 3), the values past the
/// run's own from the period.
///
/// # Errors
/// [`CertificateError::NoPeriod`] for a report with no period proven by
/// Guy–Smith for its code itself; [`CertificateError::Io`].
pub fn write_period(
    report: &PeriodReport,
    out: &mut dyn Write,
) -> Result<Summary, CertificateError> {
    let Some((e, p, head)) = report.proven_values() else {
        return Err(CertificateError::NoPeriod(format!(
            "no period of {} is proven by the Guy–Smith theorem for the code itself",
            report.rule
        )));
    };
    let (t, k) = shape(&report.rule)?;
    let count = k * e.max(1) + k * p + t;
    let value = |n: usize| {
        if n < e + p {
            head[n]
        } else {
            head[e + (n - e) % p]
        }
    };
    let mut text = format!(
        "grundy-certificate 1 period\ngame octal {}\nperiod {e} {p}\nvalues {count}\n",
        report.rule
    );
    for start in (0..count).step_by(32) {
        let line: Vec<String> = (start..count.min(start + 32))
            .map(|n| value(n).to_string())
            .collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text.push_str("end\n");
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Summary {
        claim: format!("preperiod {e}, period {p} of {}", report.rule),
        value: None,
        entries: count as u64,
        replies: 0,
        bytes: text.len() as u64,
    })
}
