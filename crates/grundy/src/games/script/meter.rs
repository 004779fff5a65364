//! The bytes a script call holds, counted by the allocator: the sandbox's
//! memory bound ([`MAX_CALL_BYTES`]).
//!
//! rhai bounds each value (an array's elements, a string's bytes, a map's
//! entries), not a call's: copies of a large value in many variables, in
//! many arguments of one call or in many levels of recursion multiply the
//! per-value bounds past any machine's memory. So every allocation and
//! release of the process goes through [`Metered`], which passes it to the
//! system allocator unchanged and, on a thread running a script call, adds
//! its size to the call's count. The call stops at its next operation once
//! the count passes [`MAX_CALL_BYTES`]. The count is of the bytes the
//! program asks for, so the same script stops at the same operation on
//! every run and every machine (of one build).
//!
//! A library does not choose its program's allocator: the program installs
//! [`Metered`] (`grundy::api::Metered`) as its global allocator, as the
//! `grundy` command, its server and the Python module do:
//!
//! ```
//! #[global_allocator]
//! static ALLOCATOR: grundy::api::Metered = grundy::api::Metered;
//! # fn main() {}
//! ```
//!
//! A program that keeps another allocator runs script calls within rhai's
//! per-value bounds and the operation limit alone.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The most bytes one script call may hold before it is stopped. The count
/// is looked at before every operation, and one operation builds at most
/// one value: a value within rhai's per-value bounds (about 8 MiB, see
/// `super::sandbox`), or a copy of one already held (at most this bound).
/// So a call never holds more than `2 × 24 + 8 = 56` MiB.
pub const MAX_CALL_BYTES: usize = 24 << 20;

thread_local! {
    /// The bytes held by the script call running on this thread (allocated
    /// less released since it began), `None` when none runs.
    static HELD: Cell<Option<isize>> = const { Cell::new(None) };
}

/// Adds `bytes` to the running call's count, if a call runs here.
fn charge(bytes: isize) {
    // A thread being torn down has no count: nothing runs on it.
    let _ = HELD.try_with(|held| {
        if let Some(n) = held.get() {
            held.set(Some(n + bytes));
        }
    });
}

/// The system allocator, with each script call's bytes counted.
pub struct Metered;

/// A byte count of a layout, as the signed count keeps it.
fn size(layout: Layout) -> isize {
    isize::try_from(layout.size()).unwrap_or(isize::MAX)
}

// SAFETY: every method passes its arguments to the system allocator
// unchanged and returns what it returns; the count beside it touches only
// a thread-local integer (constant-initialised, so reading it allocates
// nothing and cannot re-enter the allocator).
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Metered {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            charge(size(layout));
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            charge(size(layout));
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) };
        charge(-size(layout));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            charge(isize::try_from(new_size).unwrap_or(isize::MAX) - size(layout));
        }
        p
    }
}

// The library's own tests run script calls with their bytes counted.
#[cfg(test)]
#[global_allocator]
static METERED: Metered = Metered;

/// Runs `f` (one script call) with this thread's bytes counted from 0.
pub fn metered<T>(f: impl FnOnce() -> T) -> T {
    let outer = HELD.with(|held| held.replace(Some(0)));
    let result = f();
    HELD.with(|held| held.set(outer));
    result
}

/// Whether the call running on this thread holds more than
/// [`MAX_CALL_BYTES`].
pub fn over() -> bool {
    HELD.with(|held| held.get().is_some_and(|n| n > MAX_CALL_BYTES as isize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_counts_what_it_holds_and_nothing_outside_it() {
        let before = vec![0u8; 1 << 20];
        let (held, over_inside) = metered(|| {
            drop(vec![0u8; 64 << 20]);
            let kept = vec![0u8; 30 << 20];
            (kept, over())
        });
        assert!(over_inside, "30 MiB held is over the bound");
        assert!(!over(), "outside a call nothing is counted");
        assert!(
            metered(|| {
                drop(vec![0u8; 64 << 20]);
                !over()
            }),
            "bytes released are no longer held"
        );
        drop((before, held));
    }
}
