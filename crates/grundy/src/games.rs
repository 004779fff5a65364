//! The games of the catalog, one module each.

pub mod geography;
pub mod moore;
pub mod nim;
pub mod staircase;
pub mod subtraction;
