//! Moves given by a front end (a Python class's `moves`) make a script
//! game like a script's text does: the same sequence, and a part of a sum.

use std::sync::Arc;

use crate::api::sequence::{sequence, Hooks, SequenceOptions};
use crate::entry::{Files, Spec};
use crate::solve::atoms::{Atom, OptionList};
use crate::solve::batched::AtomMoves;

const KAYLES: &str = include_str!("../../../../examples/kayles.rhai");

struct RustKayles;

impl AtomMoves for RustKayles {
    fn moves_into(&self, atom: &Atom, list: &mut OptionList) -> Result<(), String> {
        let Atom::Int(n) = *atom else {
            return Err(format!("{atom} is not a row of pins"));
        };
        for take in [1, 2] {
            for left in 0..=(n - take).max(-1) {
                let right = n - take - left;
                if right >= left {
                    list.atoms.extend([Atom::Int(left), Atom::Int(right)]);
                    list.ends.push(list.atoms.len());
                }
            }
        }
        Ok(())
    }
}

#[test]
fn moves_given_by_a_front_end_are_a_script_game() {
    let mut given = Spec::from("script:kayles");
    given.files = Files::default().with_moves("kayles", Arc::new(RustKayles));
    let mut script = Spec::from("script:kayles.rhai");
    script.files = Files::default().with("kayles.rhai", KAYLES);
    let options = SequenceOptions::default();
    let a = sequence(&given, 200, &options, Hooks::default()).unwrap();
    let b = sequence(&script, 200, &options, Hooks::default()).unwrap();
    assert_eq!((a.rule.as_str(), a.values), ("script:kayles", b.values));
    // The game is also a part of a sum.
    let sum = Spec {
        files: given.files.clone(),
        ..Spec::from("sum")
    };
    let game = sum.build().unwrap();
    let p = game
        .parse(&["script:kayles", "3", "+", "nim", "1"])
        .unwrap();
    assert_eq!(p.to_string(), "script:kayles 3 + nim 1");
}
