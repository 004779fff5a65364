//! The games of the catalog, one module each.

pub mod moore;
pub mod nim;
pub mod octal;
pub mod staircase;
pub mod subtraction;
