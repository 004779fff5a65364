//! Certificates of Grundy values and take-and-break periods, for the
//! independent checker (`grundy check`, the `grundy-check` crate). The
//! format is specified in the book's reference, *Certificate format*.
//!
//! ```
//! use grundy::api::analyze::position;
//! use grundy::api::certificate::Summary;
//! use grundy::api::Spec;
//! use grundy::api::Limits;
//!
//! let p = position(&Spec::from("cram"), &["3x4"]).unwrap();
//! let mut text = Vec::new();
//! let s: Summary = p.certify(Limits::default(), &mut text).unwrap();
//! assert_eq!(s.claim, "g(3x4) = 1");
//! assert!(String::from_utf8(text).unwrap().starts_with("grundy-certificate 1 value\ngame cram\n"));
//! ```

mod period;

pub use crate::solve::certificate::{CertificateError, Summary};
pub use period::write_period;
