//! A game for the engines' own tests, written here so that no engine test
//! needs a game of the catalog: Nim, whose heaps are written `1 2 3`.

use std::fmt;
use std::str::FromStr;

use crate::game::{vec_heap_bytes, Game, ParseError};

/// Nim heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nim(pub Vec<u64>);

/// Leave `to` tokens in heap `heap`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    heap: usize,
    to: u64,
}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.heap, self.to)
    }
}

impl FromStr for Cut {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Cut, ParseError> {
        let bad = || ParseError::Malformed {
            token: s.to_string(),
            expected: "HEAP:TO".into(),
            example: "a heap and the size it is cut to, as in `0:2`".into(),
        };
        let (heap, to) = s.split_once(':').ok_or_else(bad)?;
        Ok(Cut {
            heap: heap.parse().map_err(|_| bad())?,
            to: to.parse().map_err(|_| bad())?,
        })
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.0.iter().map(u64::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

impl FromStr for Nim {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Nim, ParseError> {
        let heaps = s.split_whitespace().map(|w| {
            w.parse().map_err(|_| ParseError::Malformed {
                token: w.to_string(),
                expected: "a heap".into(),
                example: "its size, as in `3`".into(),
            })
        });
        Ok(Nim(heaps.collect::<Result<_, _>>()?))
    }
}

impl Game for Nim {
    type Move = Cut;

    fn moves(&self) -> Vec<Cut> {
        let heaps = self.0.iter().enumerate();
        heaps
            .flat_map(|(heap, &n)| (0..n).map(move |to| Cut { heap, to }))
            .collect()
    }

    fn play(&self, m: &Cut) -> Nim {
        let mut heaps = self.0.clone();
        heaps[m.heap] = m.to;
        Nim(heaps)
    }

    fn heap_bytes(&self) -> usize {
        vec_heap_bytes(&self.0)
    }
}
