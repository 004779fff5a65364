//! Nim products against published values (tests/data/nim_products.txt).

use grundy::nimber::field::{nim_div, nim_inv, nim_mul};
use grundy::Nimber;

#[test]
fn published_nim_products() {
    let text = include_str!("../data/nim_products.txt");
    assert!(text.starts_with('#'), "data file must cite its source");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let (a, b, c) = (v[0], v[1], v[2]);
        assert_eq!(nim_mul(a, b), c, "{a} ⊗ {b}");
        assert_eq!(Nimber(b) * Nimber(a), Nimber(c), "{b} ⊗ {a}");
        assert_eq!(nim_div(c, b), Some(a), "{c} ⊘ {b}");
        checked += 1;
    }
    assert!(checked >= 30);
}

#[test]
fn zero_has_no_inverse() {
    assert_eq!(nim_inv(0), None);
    assert_eq!(Nimber(3).checked_div(Nimber::ZERO), None);
}
