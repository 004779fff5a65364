//! The writer of period certificates: a take-and-break code's values up
//! to the Guy–Smith bound, which the checker recomputes from the code.

use std::io::Write;

use crate::api::period::PeriodReport;
use crate::solve::heap::code::HeapCode;

use crate::solve::certificate::{CertificateError, Summary};

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
    let code: HeapCode = report.rule.parse().map_err(|_| {
        CertificateError::NoPeriod(format!("`{}` is not a take-and-break code", report.rule))
    })?;
    // The bound counts at least two heaps (the checker's, as published).
    let (t, k) = (code.max_take(), code.max_parts().max(2));
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
