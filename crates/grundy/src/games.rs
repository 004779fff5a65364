//! The games of the catalog, one module each.

pub mod certificate_forms;
pub mod chomp;
pub mod coins;
pub mod cram;
pub mod designated_nim;
pub mod ed;
pub mod ends;
pub mod fibonacci;
pub mod geography;
pub mod graph;
pub mod heaps;
pub mod mimo_yuyu;
pub mod moore;
pub mod nim;
pub mod node_kayles;
pub mod octal;
pub mod script;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;
