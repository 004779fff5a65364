//! The genus of a misère game, `g^{γ0γ1γ2…}`, and tame games.
//!
//! `g` is the normal-play Grundy value and `γk` the misère Grundy value of
//! the game plus `k` nim heaps of size 2 (Winning Ways ch. 13; ONAG ch. 12).
//! The sequence `γ0γ1…` ends alternating between two values; it is written
//! up to the first full pair of that alternation (`0^{120}` is
//! `0^{1202020…}`).
//!
//! A game is **tame** when it and every option of its simplest form are
//! tame and its genus is that of a fickle game (`0^{120}`, `1^{031}`, as
//! the nim heaps 0 and `*1`) or of a firm one (`g^{g,g⊕2}`: `*2` is
//! `2^{20}`, `*2 + *2` is `0^{02}`). Sums of tame games play as misère Nim
//! (Winning Ways ch. 13, "tame games"): the sum is fickle only when every
//! part is, its `g` is the XOR of the parts', and it is a P-position when it
//! is fickle with `g = 1` or firm with `g = 0`. Other games are **wild**.
//!
//! Two kinds of wild game are named apart, as Winning Ways ch. 13 names them
//! (the definitions as CGSuite's classification of misère games states
//! them, in their hereditary form): a wild game every option of whose
//! simplest form is tame is **restive** when its normal value `g` is 0 or 1
//! (so its genus is not tame although its options' are: `0^{2…}`, made of
//! `*1` and `*2 + *3`), and otherwise **restless** when its misère value `γ0`
//! is 0 or 1 (`2^{0…}`, made of 0 and `*2 + *3`).
//!
//! # Complexity
//! `γk` needs the simplest form of `G + k·*2`; [`GENUS_TERMS_PAST_BIRTHDAY`]
//! terms past the birthday are computed, each a sum of the previous one and
//! `*2`.

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;

use super::canonical::{Form, Forms, FormsError};
use crate::game::Outcome;

/// Terms of the genus computed beyond the game's birthday: the alternation
/// shown is the one these terms have.
pub const GENUS_TERMS_PAST_BIRTHDAY: u32 = 5;

/// The genus of a game: its normal value and misère values with `*2`s added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// The normal-play Grundy value `g`.
    pub normal: u32,
    /// `γk` for every `k` computed.
    pub gammas: Vec<u32>,
    /// How many of `gammas` are written: through the first pair of the
    /// final alternation.
    pub shown: usize,
}

impl Genus {
    /// Whether the genus is a fickle one: `0^{120}` or `1^{031}`.
    pub fn is_fickle(&self) -> bool {
        let odd = [2, 3];
        let even = [0, 1];
        self.normal < 2
            && self.gammas.iter().enumerate().all(|(k, &g)| match k {
                0 => g == 1 - self.normal,
                k if k % 2 == 1 => g == odd[self.normal as usize],
                _ => g == even[self.normal as usize],
            })
    }

    /// Whether the genus is a firm one: `g^{g,g⊕2}`.
    pub fn is_firm(&self) -> bool {
        self.gammas.iter().enumerate().all(|(k, &g)| match k % 2 {
            0 => g == self.normal,
            _ => g == self.normal ^ 2,
        })
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = &self.gammas[..self.shown];
        let wide = shown.iter().any(|&g| g >= 10);
        let words: Vec<String> = shown.iter().map(u32::to_string).collect();
        write!(
            f,
            "{}^{{{}}}",
            self.normal,
            words.join(if wide { "," } else { "" })
        )
    }
}

/// Tame (fickle or firm), restive, restless or wild (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Tame, with the genus of 0 or `*1`.
    Fickle,
    /// Tame, with a genus `g^{g,g⊕2}`.
    Firm,
    /// Not tame, every option tame, normal value 0 or 1.
    Restive,
    /// Not tame nor restive, every option tame, misère value 0 or 1.
    Restless,
    /// Not tame, restive nor restless.
    Wild,
}

impl Kind {
    /// Whether the kind is a tame one (fickle or firm).
    pub fn is_tame(self) -> bool {
        matches!(self, Kind::Fickle | Kind::Firm)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Fickle => "tame (fickle)",
            Kind::Firm => "tame (firm)",
            Kind::Restive => "restive",
            Kind::Restless => "restless",
            Kind::Wild => "wild",
        })
    }
}

/// Genera and tameness of forms, memoised over one [`Forms`].
#[derive(Debug, Default)]
pub struct Genera {
    genera: HashMap<Form, Genus>,
    kinds: HashMap<Form, Kind>,
}

impl Genera {
    /// An empty memo.
    pub fn new() -> Genera {
        Genera::default()
    }

    /// The genus of `f`.
    ///
    /// # Errors
    /// [`FormsError`] when the sums with `*2` pass the budget.
    pub fn genus(&mut self, forms: &mut Forms, f: Form) -> Result<Genus, FormsError> {
        if let Some(g) = self.genera.get(&f) {
            return Ok(g.clone());
        }
        let two = forms.nim(2)?;
        let terms = (forms.birthday(f) + GENUS_TERMS_PAST_BIRTHDAY).max(6) as usize;
        let mut gammas = Vec::with_capacity(terms);
        let mut s = f;
        for k in 0..terms {
            if k > 0 {
                s = forms.add(s, two)?;
            }
            gammas.push(forms.misere_grundy(s));
        }
        let start = (0..terms - 2)
            .find(|&p| (p..terms - 2).all(|i| gammas[i] == gammas[i + 2]))
            .unwrap_or(terms - 2);
        let genus = Genus {
            normal: forms.normal_grundy(f),
            shown: start + 2,
            gammas,
        };
        self.genera.insert(f, genus.clone());
        Ok(genus)
    }

    /// Whether `f` is tame: as `kind(f)?.is_tame()`, without asking the
    /// options of a game whose own genus is not tame.
    ///
    /// # Errors
    /// As [`genus`](Genera::genus), for `f` or any follower.
    pub fn is_tame(&mut self, forms: &mut Forms, f: Form) -> Result<bool, FormsError> {
        if let Some(&k) = self.kinds.get(&f) {
            return Ok(k.is_tame());
        }
        let genus = self.genus(forms, f)?;
        if !(genus.is_fickle() || genus.is_firm()) {
            return Ok(false);
        }
        Ok(self.kind(forms, f)?.is_tame())
    }

    /// Whether `f` is tame (fickle or firm), restive, restless or wild.
    ///
    /// # Errors
    /// As [`genus`](Genera::genus), for `f` or any follower.
    pub fn kind(&mut self, forms: &mut Forms, f: Form) -> Result<Kind, FormsError> {
        if let Some(&k) = self.kinds.get(&f) {
            return Ok(k);
        }
        let genus = self.genus(forms, f)?;
        let tame_genus = genus.is_fickle() || genus.is_firm();
        // Only a tame genus, or g or γ0 below 2, can make a kind other than
        // wild: the options' kinds (each a genus of its own) are not asked
        // otherwise.
        let mut kind = Kind::Wild;
        if tame_genus || genus.normal < 2 || genus.gammas[0] < 2 {
            let options = forms.options(f).to_vec();
            let mut options_tame = true;
            for o in options {
                if !self.is_tame(forms, o)? {
                    options_tame = false;
                    break;
                }
            }
            if options_tame {
                kind = if genus.is_fickle() {
                    Kind::Fickle
                } else if genus.is_firm() {
                    Kind::Firm
                } else if genus.normal < 2 {
                    Kind::Restive
                } else if genus.gammas[0] < 2 {
                    Kind::Restless
                } else {
                    Kind::Wild
                };
            }
        }
        self.kinds.insert(f, kind);
        Ok(kind)
    }
}

/// The misère outcome of a sum of tame parts, each given as its normal
/// value and whether it is fickle: misère Nim's rule.
pub fn tame_outcome(parts: impl IntoIterator<Item = (u32, bool)>) -> Outcome {
    let (g, fickle) = parts
        .into_iter()
        .fold((0, true), |(g, fickle), (v, f)| (g ^ v, fickle && f));
    let p = if fickle { g == 1 } else { g == 0 };
    if p {
        Outcome::Previous
    } else {
        Outcome::Next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_heaps_have_the_genera_of_winning_ways() {
        // Winning Ways ch. 13: 0 = 0^{120}, *1 = 1^{031}, *n = n^{n,n⊕2}.
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 16));
        let mut genera = Genera::new();
        for (n, text) in [
            (0, "0^{120}"),
            (1, "1^{031}"),
            (2, "2^{20}"),
            (3, "3^{31}"),
            (5, "5^{57}"),
        ] {
            let f = forms.nim(n).unwrap();
            let g = genera.genus(&mut forms, f).unwrap();
            assert_eq!(g.to_string(), text);
            let kind = genera.kind(&mut forms, f).unwrap();
            assert_eq!(kind, if n < 2 { Kind::Fickle } else { Kind::Firm });
        }
        let two = forms.nim(2).unwrap();
        let four = forms.add(two, two).unwrap();
        assert_eq!(
            genera.genus(&mut forms, four).unwrap().to_string(),
            "0^{02}"
        );
        assert_eq!(genera.kind(&mut forms, four).unwrap(), Kind::Firm);
    }

    #[test]
    fn wild_games_of_tame_options_are_restive_or_restless() {
        let mut forms = Forms::new(crate::solve::Limits::new(1 << 16));
        let mut genera = Genera::new();
        let zero = forms.nim(0).unwrap();
        let one = forms.nim(1).unwrap();
        let (two, three) = (forms.nim(2).unwrap(), forms.nim(3).unwrap());
        // *2 + *3 is tame and firm, 1^{13}: normal value 1, misère value 1.
        let five = forms.add(two, three).unwrap();
        assert_eq!(
            genera.genus(&mut forms, five).unwrap().to_string(),
            "1^{13}"
        );
        assert_eq!(genera.kind(&mut forms, five).unwrap(), Kind::Firm);
        // {*1, *2+*3}: g = mex{1, 1} = 0, γ0 = mex{0, 1} = 2.
        let restive = forms.simplest(vec![one, five]).unwrap();
        let genus = genera.genus(&mut forms, restive).unwrap();
        assert_eq!((genus.normal, genus.gammas[0]), (0, 2));
        assert_eq!(genera.kind(&mut forms, restive).unwrap(), Kind::Restive);
        // {0, *2+*3}: g = mex{0, 1} = 2, γ0 = mex{1, 1} = 0.
        let restless = forms.simplest(vec![zero, five]).unwrap();
        let genus = genera.genus(&mut forms, restless).unwrap();
        assert_eq!((genus.normal, genus.gammas[0]), (2, 0));
        assert_eq!(genera.kind(&mut forms, restless).unwrap(), Kind::Restless);
        // A game with a restive option is wild, whatever its genus.
        let above = forms.simplest(vec![restive]).unwrap();
        assert_eq!(genera.kind(&mut forms, above).unwrap(), Kind::Wild);
        assert!(!genera.is_tame(&mut forms, above).unwrap());
        assert!(genera.is_tame(&mut forms, five).unwrap());
    }

    #[test]
    fn the_tame_rule_is_misere_nim() {
        assert_eq!(
            tame_outcome([(1, true), (1, true), (1, true)]),
            Outcome::Previous
        );
        assert_eq!(tame_outcome([(1, true), (1, true)]), Outcome::Next);
        assert_eq!(tame_outcome([(2, false), (2, false)]), Outcome::Previous);
        assert_eq!(tame_outcome([(0, true)]), Outcome::Next);
    }
}
