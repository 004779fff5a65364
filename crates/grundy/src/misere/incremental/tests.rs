//! The heap-by-heap quotient against the unreduced monoid, and its shipped
//! data against the engine.

use super::*;
use crate::misere::quotient::{self, Quotient};

/// The work these tests allow (elements pushed and pairs visited).
const WORK: usize = 1 << 26;

fn code(c: &str) -> HeapGame {
    HeapGame::Code(c.parse().unwrap())
}

#[test]
fn shipped_kayles_is_what_the_engine_computes() {
    let g = code("0.77");
    let q = IncrementalQuotient::until_stable(&g, 200, limits(WORK), DEFAULT_MAX_ORDER).unwrap();
    let data: String = text::SHIPPED[0]
        .1
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(q.to_text(&g), data);
    let shipped = shipped(&g).unwrap();
    assert_eq!(shipped.period(), Some(Period { n0: 71, p: 12 }));
    assert_eq!((shipped.order(), shipped.p_portion_size()), (40, 9));
}

#[test]
fn tampered_data_is_refused() {
    let g = code("0.77");
    let text = text::SHIPPED[0].1;
    let flipped = text.replace("p-portion 2 18", "p-portion 3 18");
    assert!(IncrementalQuotient::from_text(&g, &flipped).is_err());
    let other = text.replace("period 71 12", "period 71 24");
    assert!(IncrementalQuotient::from_text(&g, &other).is_err());
    assert!(IncrementalQuotient::from_text(&code("0.07"), text).is_err());
}

#[test]
fn orders_agree_with_the_unreduced_monoid() {
    // The quotient of heaps up to n, both ways, for small n.
    for c in ["0.77", "0.07", "0.137", "0.75", "0.312", "4.7"] {
        // Kayles to heap 9, where the quotient of heaps up to 8 does not
        // extend and heaps are made free again; the others to 8.
        let top = if c == "0.77" { 9 } else { 8 };
        for n in 1..=top {
            let g = code(c);
            let Ok(a) = IncrementalQuotient::until_stable(&g, n, limits(WORK), DEFAULT_MAX_ORDER)
            else {
                continue;
            };
            let b = Quotient::compute(
                &g,
                a.max_heap(),
                Limits::new(quotient::DEFAULT_MAX_STATES),
                quotient::DEFAULT_MAX_ORDER,
                &mut |_| {},
            )
            .unwrap();
            assert_eq!(a.order(), b.order(), "{c} to heap {}", a.max_heap());
            assert_eq!(
                a.p_portion_size(),
                b.p_portion().len(),
                "{c} to heap {}",
                a.max_heap()
            );
            for h in 0..=a.max_heap() {
                for k in 0..=a.max_heap() {
                    assert_eq!(a.outcome(&[h, k]), b.outcome(&[h, k]), "{c} {h}+{k}");
                }
            }
        }
    }
}

#[test]
fn example_of_until_stable() {
    use crate::misere::heaps::HeapGame;
    use crate::misere::incremental::{limits, IncrementalQuotient, DEFAULT_MAX_ORDER};

    let kayles = HeapGame::Code("0.77".parse().unwrap());
    let q = IncrementalQuotient::until_stable(&kayles, 9, limits(WORK), DEFAULT_MAX_ORDER).unwrap();
    assert_eq!(q.order(), 18);
}
