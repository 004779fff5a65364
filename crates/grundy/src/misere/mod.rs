//! Misère play in depth: simplest forms, the genus and tame games.
//!
//! In misère play whoever makes the last move loses, and the Sprague–Grundy
//! theory no longer applies: a game is not equal to a nim heap. What
//! remains is Conway's theory (ONAG ch. 12; Winning Ways ch. 13; Siegel,
//! *Combinatorial Game Theory*, ch. V):
//!
//! * [`canonical`]: every game has a unique misère simplest form; equal
//!   games have the same one, and sums are computed on forms.
//! * [`genus`]: the genus `g^{γ0γ1…}`, and tame games, whose sums play as
//!   misère Nim.
//! * [`heaps`]: the forms of heaps of a take-and-break code or of Nim,
//!   from the rules.

pub mod canonical;
pub mod genus;
pub mod heaps;
pub mod incremental;
pub mod quotient;

#[cfg(test)]
mod tests {
    #[test]
    fn example_of_module() {
        use crate::misere::canonical::Forms;
        use crate::misere::genus::Genera;
        use crate::misere::heaps::{HeapForms, HeapGame};

        let mut forms = Forms::new(crate::solve::Limits::new(1 << 20));
        let mut kayles = HeapForms::new(HeapGame::Code("0.77".parse().unwrap()));
        let mut genera = Genera::new();
        let three = kayles.heap(&mut forms, 3).unwrap();
        assert_eq!(forms.to_string(three), "*3");
        assert_eq!(
            genera.genus(&mut forms, three).unwrap().to_string(),
            "3^{31}"
        );
    }
}
