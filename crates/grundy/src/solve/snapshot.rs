//! Checkpoints of a search's tables, so that an interrupted search resumes
//! with what it had solved.
//!
//! A checkpoint is a [`container`] of kind `search`
//! (version line, content hash, refusal of old formats): a short text
//! header, then the solved entries as records:
//!
//! ```text
//! grundy-checkpoint 4
//! kind search
//! game cram
//! position 5x7
//! play normal
//! search pruned
//! entries 123456
//!
//! <entries × record>
//! sha256 <64 hex digits>
//! ```
//!
//! A record is a tag byte (which table: a full search's outcomes, its
//! values, or the pruned search's knowledge), the entry's work level (one
//! byte, so that eviction after a resume still drops the cheapest first),
//! the key's length (4 bytes, little-endian) and its text (the position as
//! its game prints it, parsed back through the game's rules), then the
//! value's fixed bytes. Only solved entries are saved:
//! positions on the search's path are not known yet. Every saved entry is a
//! fact about its position, so a table saved in the middle of a search is
//! as sound as one saved at its end.
//!
//! A file is resumed only when its header names the same game, position,
//! play convention and search; a damaged or truncated one is refused, and
//! so is one whose entries would not fit the memory budget (checked from
//! the header's count before any entry is read).

use std::fmt;
use std::io::{self, Write};
use std::mem::size_of;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use thiserror::Error;

use super::container::{self, ContainerError, Kind, Sealer};
use super::limits::SearchError;
use super::prune::{Know, Packed};
use super::search::Solved;
use super::table::Table;
use crate::game::{Game, Outcome, Play};
use crate::nimber::Nimber;

/// Why a checkpoint of a search could not be resumed from.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SnapshotError {
    /// Not a search checkpoint.
    #[error("not a grundy search checkpoint (bad header); give another file")]
    Header,
    /// A checkpoint of another search.
    #[error("the checkpoint is for {found}, not {wanted}; give another file or delete it")]
    OtherSearch {
        /// What the file holds: game, position, play, search.
        found: String,
        /// What was asked for.
        wanted: String,
    },
    /// Truncated or damaged.
    #[error("the checkpoint is damaged ({0}); delete it to start again")]
    Damaged(String),
    /// Not a checkpoint this version reads: another format or kind, or a
    /// content hash that does not match.
    #[error(transparent)]
    File(#[from] ContainerError),
    /// More entries than the memory budget holds.
    #[error("the checkpoint holds {entries} positions, more than the memory budget of {} holds; raise it with --memory", super::limits::Bytes(*budget))]
    TooLarge {
        /// Entries in the file.
        entries: u64,
        /// The budget, in bytes.
        budget: usize,
    },
}

/// A value a table stores, as fixed bytes in a record.
pub(crate) trait Stored: Copy {
    /// The record tag of the table that stores it.
    const TAG: u8;
    /// Its length in bytes.
    const BYTES: usize;
    /// Appends its bytes.
    fn put(&self, out: &mut Vec<u8>);
    /// Reads it from exactly [`Stored::BYTES`] bytes; `None` for bytes no
    /// value writes.
    fn get(bytes: &[u8]) -> Option<Self>;
}

/// A table key as record text: the position as its game prints it. Keys
/// are read back by the caller, which knows the game's rules.
pub(crate) trait KeyText {
    /// Appends the key's text.
    fn put_text(&self, out: &mut Vec<u8>);
}

impl<G: Game> KeyText for G {
    fn put_text(&self, out: &mut Vec<u8>) {
        // Writing to a Vec cannot fail.
        let _ = write!(out, "{self}");
    }
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut b = [0; 8];
    b.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(b)
}

impl Stored for Solved {
    const TAG: u8 = 1;
    const BYTES: usize = 5;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(match self.outcome {
            Outcome::Previous => 0,
            Outcome::Next => 1,
            // The searches that save refuse cycles: never written, and
            // refused on reading.
            Outcome::Draw => 2,
        });
        out.extend_from_slice(&self.remoteness.to_le_bytes());
    }
    fn get(bytes: &[u8]) -> Option<Solved> {
        let outcome = match bytes[0] {
            0 => Outcome::Previous,
            1 => Outcome::Next,
            _ => return None,
        };
        let remoteness = u32::from_le_bytes([bytes[1], bytes[2], bytes[3], bytes[4]]);
        Some(Solved {
            outcome,
            remoteness,
        })
    }
}

impl Stored for Nimber {
    const TAG: u8 = 2;
    const BYTES: usize = 8;
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.value().to_le_bytes());
    }
    fn get(bytes: &[u8]) -> Option<Nimber> {
        Some(Nimber(u64_at(bytes, 0)))
    }
}

/// Written as the search knows it ([`Know`]: a floor and a mask of 64
/// bits), so that the file does not depend on how the table packs it.
impl Stored for Packed {
    const TAG: u8 = 3;
    const BYTES: usize = 17;
    fn put(&self, out: &mut Vec<u8>) {
        let k = self.unpack();
        out.extend_from_slice(&k.floor.to_le_bytes());
        out.extend_from_slice(&k.mask.to_le_bytes());
        out.push(u8::from(k.exact));
    }
    fn get(bytes: &[u8]) -> Option<Packed> {
        let exact = match bytes[16] {
            0 => false,
            1 => true,
            _ => return None,
        };
        let (floor, mask) = (u64_at(bytes, 0), u64_at(bytes, 8));
        // An exact value excludes nothing besides.
        if exact && mask != 0 {
            return None;
        }
        Know { floor, mask, exact }.pack()
    }
}

/// What a checkpoint is of: only a file with the same header is resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    /// The game, with its parameters.
    pub game: String,
    /// The position searched, as the game prints it.
    pub position: String,
    /// The play convention.
    pub play: Play,
    /// Which search: `full` (outcomes and remoteness, then the value) or
    /// `pruned` (the value and each move's outcome).
    pub search: &'static str,
}

impl Header {
    fn lines(&self, entries: u64) -> String {
        format!(
            "game {}\nposition {}\nplay {}\nsearch {}\nentries {entries}\n",
            one_line(&self.game),
            one_line(&self.position),
            self.play,
            self.search
        )
    }
}

impl fmt::Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} ({} play, {} search)",
            self.game, self.position, self.play, self.search
        )
    }
}

/// Text on one header line: a newline would end the line early.
fn one_line(text: &str) -> String {
    text.replace('\n', " ")
}

/// Solved entries of a table, as records (see the module docs).
pub(crate) trait Section {
    /// How many records.
    fn entries(&self) -> u64;
    /// Hands each record's bytes to `out`.
    fn records(&self, out: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()>;
}

/// Appends the record of `key` with `value` at work `level` to `buf`.
fn record<K: KeyText, T: Stored>(buf: &mut Vec<u8>, key: &K, value: T, level: u8) {
    buf.push(T::TAG);
    buf.push(level);
    let at = buf.len();
    buf.extend_from_slice(&[0; 4]);
    key.put_text(buf);
    let len = (buf.len() - at - 4) as u32;
    buf[at..at + 4].copy_from_slice(&len.to_le_bytes());
    value.put(buf);
}

impl<K: Game, T: Stored> Section for Table<K, T> {
    fn entries(&self) -> u64 {
        self.solved_len() as u64
    }

    fn records(&self, out: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
        let mut buf = Vec::new();
        for (key, value, level) in self.solved() {
            buf.clear();
            record(&mut buf, &key, value, level);
            out(&buf)?;
        }
        Ok(())
    }
}

/// Records kept from an earlier part of a search (the answers a later part
/// needs again), encoded once.
struct Carried {
    bytes: Vec<u8>,
    entries: u64,
}

impl Section for Carried {
    fn entries(&self) -> u64 {
        self.entries
    }
    fn records(&self, out: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
        out(&self.bytes)
    }
}

/// A checkpoint being saved: the header and the tables' solved entries. A
/// front end's save hook writes it where it keeps checkpoints.
pub struct Snapshot<'a> {
    header: &'a Header,
    sections: &'a [&'a dyn Section],
}

impl Snapshot<'_> {
    /// Solved entries it holds.
    pub fn entries(&self) -> u64 {
        self.sections.iter().map(|s| s.entries()).sum()
    }

    /// Writes it in the checkpoint format (see the
    /// module docs of `solve::snapshot`).
    ///
    /// # Errors
    /// The writer's.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let head = self.header.lines(self.entries());
        let mut sealer = Sealer::begin(out, Kind::Search, &head)?;
        for s in self.sections {
            s.records(&mut |bytes| sealer.write_all(bytes))?;
        }
        sealer.finish()
    }
}

/// Where a front end saves checkpoints: it writes the [`Snapshot`] it is
/// given (atomically, so that a crash leaves the last whole one).
pub type SaveHook = Box<dyn FnMut(&Snapshot<'_>) -> io::Result<()> + Send>;

/// What a front end gives a long search to watch it by: counters it reads
/// (a progress bar) and stops the search with (Ctrl-C), and checkpoints.
/// The default watches nothing.
#[derive(Default)]
pub struct SearchHooks {
    /// The counters the search publishes, and its stop flag.
    pub progress: Option<Arc<super::Progress>>,
    /// Checkpoints of the search's tables.
    pub checkpoint: Option<CheckpointHooks>,
}

/// Checkpoints of a search: one to resume from, and where to save.
pub struct CheckpointHooks {
    /// The bytes of the checkpoint to resume from, if there is one; it is
    /// refused ([`SnapshotError`]) unless it is of the same game, position,
    /// play convention and search.
    pub resume: Option<Vec<u8>>,
    /// Time between saves; the search also saves when it finishes and when
    /// it stops at a limit or is interrupted.
    pub every: Duration,
    /// Where to save.
    pub save: SaveHook,
}

struct SaverState {
    header: Header,
    every: Duration,
    last: Instant,
    save: SaveHook,
    carried: Carried,
}

/// The saving side of a search's checkpoints, shared by the searches of
/// one analysis: [`Saver::due`] at each publish point, and
/// [`Saver::save`] with the search's tables. The default saves nothing.
#[derive(Clone, Default)]
pub(crate) struct Saver(Option<Arc<Mutex<SaverState>>>);

impl Saver {
    /// Saves through `save` every `every`, and when asked.
    pub(crate) fn new(header: Header, every: Duration, save: SaveHook) -> Saver {
        Saver(Some(Arc::new(Mutex::new(SaverState {
            header,
            every,
            last: Instant::now(),
            save,
            carried: Carried {
                bytes: Vec::new(),
                entries: 0,
            },
        }))))
    }

    /// Whether it is time for a periodic save.
    pub(crate) fn due(&self) -> bool {
        let Some(state) = &self.0 else {
            return false;
        };
        let state = state.lock().unwrap_or_else(|e| e.into_inner());
        state.last.elapsed() >= state.every
    }

    /// Saves the carried records and `sections` now.
    ///
    /// # Errors
    /// [`SearchError::Checkpoint`] when the hook cannot write it.
    pub(crate) fn save(&self, sections: &[&dyn Section]) -> Result<(), SearchError> {
        let Some(state) = &self.0 else {
            return Ok(());
        };
        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
        let state = &mut *state;
        let mut all: Vec<&dyn Section> = vec![&state.carried];
        all.extend_from_slice(sections);
        let snapshot = Snapshot {
            header: &state.header,
            sections: &all,
        };
        let result = (state.save)(&snapshot);
        state.last = Instant::now();
        result.map_err(|e| SearchError::Checkpoint {
            reason: e.to_string(),
        })
    }

    /// Keeps the records of `keys` with their values in `table` for every
    /// later save (the answers an earlier part of the search found, which
    /// a later part, with a table of another kind, would otherwise drop).
    pub(crate) fn carry<K: Game, T: Stored>(&self, table: &Table<K, T>, keys: &[K]) {
        let Some(state) = &self.0 else {
            return;
        };
        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
        for key in keys {
            if let Some((value, level)) = table.solved_entry(key) {
                record(&mut state.carried.bytes, key, value, level);
                state.carried.entries += 1;
            }
        }
    }
}

/// A checkpoint read and checked against what is asked for: its records,
/// ready to be loaded into tables.
#[derive(Debug)]
pub(crate) struct Opened<'a> {
    body: &'a [u8],
    entries: u64,
}

/// Checks `bytes` as a checkpoint of `wanted`: the container first
/// (version, content hash, kind), then the header.
///
/// # Errors
/// [`SnapshotError`] for a damaged file, one of another search, or one
/// whose entry count would not fit in `max_bytes`, at `min_entry` bytes
/// each at least.
pub(crate) fn open<'a>(
    bytes: &'a [u8],
    wanted: &Header,
    max_bytes: usize,
    min_entry: usize,
) -> Result<Opened<'a>, SnapshotError> {
    let opened = container::open(bytes, Kind::Search)?;
    let head = opened.header;
    let field = |name: &str| {
        head.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .ok_or(SnapshotError::Header)
    };
    let entries: u64 = field("entries")?
        .parse()
        .map_err(|_| SnapshotError::Header)?;
    let found = format!(
        "{} {} ({} play, {} search)",
        field("game")?,
        field("position")?,
        field("play")?,
        field("search")?
    );
    let want = wanted.to_string();
    if found != want {
        return Err(SnapshotError::OtherSearch {
            found,
            wanted: want,
        });
    }
    if wanted.lines(entries) != head {
        return Err(SnapshotError::Header);
    }
    if entries.saturating_mul(min_entry as u64) > max_bytes as u64 {
        return Err(SnapshotError::TooLarge {
            entries,
            budget: max_bytes,
        });
    }
    Ok(Opened {
        body: opened.body,
        entries,
    })
}

impl Opened<'_> {
    /// Loads the records of `T`'s table into `table`, each key parsed by
    /// `parse`, while the table stays within `max_bytes`: past it the rest
    /// is left out (every entry is a fact on its own, so a part of them is
    /// as sound as all; a search near its budget saves a table that the
    /// same budget, less the file's own bytes, may not hold whole). The
    /// count loaded.
    ///
    /// # Errors
    /// [`SnapshotError::Damaged`] for a record that does not read, or a
    /// count other than the header's.
    pub(crate) fn load<K: Game, T: Stored>(
        &self,
        table: &mut Table<K, T>,
        max_bytes: usize,
        mut parse: impl FnMut(&str) -> Option<K>,
    ) -> Result<u64, SnapshotError> {
        let damaged = |what: &str| SnapshotError::Damaged(what.to_string());
        let mut at = 0;
        let (mut seen, mut loaded) = (0u64, 0u64);
        let body = self.body;
        while at < body.len() {
            if body.len() - at < 6 {
                return Err(damaged("a record is cut short"));
            }
            let (tag, level) = (body[at], body[at + 1]);
            let len = u32::from_le_bytes([body[at + 2], body[at + 3], body[at + 4], body[at + 5]])
                as usize;
            let bytes = match tag {
                1 => Solved::BYTES,
                2 => Nimber::BYTES,
                3 => Packed::BYTES,
                _ => return Err(damaged("a record of no known table")),
            };
            let key_at = at + 6;
            let value_at = key_at
                .checked_add(len)
                .filter(|&v| v + bytes <= body.len())
                .ok_or_else(|| damaged("a record is cut short"))?;
            seen += 1;
            if tag == T::TAG {
                let text = std::str::from_utf8(&body[key_at..value_at])
                    .map_err(|_| damaged("a key is not text"))?;
                let key = parse(text).ok_or_else(|| damaged("a key is not a position"))?;
                let value = T::get(&body[value_at..value_at + bytes])
                    .ok_or_else(|| damaged("a value does not read"))?;
                if table.bytes_with(&key) > max_bytes {
                    // Full: the records were checked by the hash already.
                    return Ok(loaded);
                }
                if table.insert_solved(key, value, level) {
                    loaded += 1;
                }
            }
            at = value_at + bytes;
        }
        if seen != self.entries {
            return Err(damaged("fewer or more entries than its header says"));
        }
        Ok(loaded)
    }
}

/// The least bytes an entry of `Table<K, T>` takes: its bucket.
pub(crate) fn min_entry<K, T>() -> usize {
    size_of::<(K, T)>() + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::table::Slot;
    use crate::solve::test_game::Nim;

    fn nim(text: &str) -> Nim {
        text.parse().unwrap()
    }

    fn header() -> Header {
        Header {
            game: "nim".into(),
            position: "1 2 3".into(),
            play: Play::Normal,
            search: "full",
        }
    }

    fn bytes_of(header: &Header, sections: &[&dyn Section]) -> Vec<u8> {
        let mut out = Vec::new();
        Snapshot { header, sections }.write_to(&mut out).unwrap();
        out
    }

    #[test]
    fn a_table_of_each_kind_round_trips() {
        let mut solved: Table<Nim, Solved> = Table::new();
        let mut know: Table<Nim, Packed> = Table::new();
        let p = Solved {
            outcome: Outcome::Previous,
            remoteness: 7,
        };
        let n = Solved {
            outcome: Outcome::Next,
            remoteness: 1,
        };
        solved.open(nim("1 2 3"));
        solved.finish(&nim("1 2 3"), p, 1000);
        solved.open(nim("1"));
        solved.finish(&nim("1"), n, 1);
        // On the path: not saved.
        solved.open(nim("5"));
        let k = Know {
            floor: 4,
            mask: 0b101,
            exact: false,
        }
        .pack()
        .unwrap();
        know.open(nim("7 9"));
        know.finish(&nim("7 9"), k, 3);
        know.open(nim("2 2"));
        let zero = Know {
            floor: 0,
            mask: 0,
            exact: true,
        }
        .pack()
        .unwrap();
        know.finish(&nim("2 2"), zero, 3);

        let h = header();
        let bytes = bytes_of(&h, &[&solved, &know]);
        let opened = open(&bytes, &h, 1 << 20, 1).unwrap();
        let parse = |t: &str| t.parse::<Nim>().ok();
        let mut solved2: Table<Nim, Solved> = Table::new();
        let mut know2: Table<Nim, Packed> = Table::new();
        assert_eq!(opened.load(&mut solved2, 1 << 20, parse).unwrap(), 2);
        assert_eq!(opened.load(&mut know2, 1 << 20, parse).unwrap(), 2);
        assert_eq!(solved2.len(), 2);
        assert_eq!(solved2.peek(&nim("1 2 3")), Some(Slot::Done(p)));
        assert_eq!(solved2.peek(&nim("1")), Some(Slot::Done(n)));
        assert_eq!(solved2.peek(&nim("5")), None);
        assert_eq!(know2.peek(&nim("7 9")), Some(Slot::Done(k)));
        // The work level round-trips: 1000 has 10 bits.
        assert_eq!(solved2.get(&nim("1 2 3")).map(|(_, w)| w), Some(512));
    }

    #[test]
    fn damage_other_searches_and_budgets_are_refused() {
        let mut solved: Table<Nim, Solved> = Table::new();
        for i in 0..50 {
            let key = nim(&i.to_string());
            solved.open(key.clone());
            let s = Solved {
                outcome: Outcome::Next,
                remoteness: 1,
            };
            solved.finish(&key, s, 1);
        }
        let h = header();
        let bytes = bytes_of(&h, &[&solved]);
        assert!(open(&bytes, &h, 1 << 20, 1).is_ok());
        // Every single flipped byte is caught.
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x10;
            assert!(open(&bad, &h, 1 << 20, 1).is_err(), "byte {i}");
        }
        // Truncated.
        assert!(matches!(
            open(&bytes[..bytes.len() - 20], &h, 1 << 20, 1),
            Err(SnapshotError::File(ContainerError::Damaged(_)))
        ));
        let other = Header {
            position: "1 2 4".into(),
            ..header()
        };
        let err = open(&bytes, &other, 1 << 20, 1).unwrap_err();
        assert!(matches!(err, SnapshotError::OtherSearch { .. }));
        assert!(err
            .to_string()
            .contains("nim 1 2 3 (normal play, full search)"));
        let misere = Header {
            play: Play::Misere,
            ..header()
        };
        assert!(open(&bytes, &misere, 1 << 20, 1).is_err());
        // 50 entries of at least 1 KiB do not fit in 16 KiB.
        let err = open(&bytes, &h, 16 << 10, 1 << 10).unwrap_err();
        assert!(matches!(err, SnapshotError::TooLarge { entries: 50, .. }));
        // A table with room for a few loads a few, within its budget.
        let opened = open(&bytes, &h, 1 << 20, 1).unwrap();
        let mut t: Table<Nim, Solved> = Table::new();
        let loaded = opened.load(&mut t, 1000, |s| s.parse().ok()).unwrap();
        assert!(loaded > 0 && loaded < 50, "{loaded}");
        assert!(t.bytes() <= 1000);
        // Earlier formats, the search's own (a CRC-32 trailer) included.
        for old in [&b"grundy-sequence 3\n"[..], b"grundy-search 1\ngame nim\n"] {
            assert!(matches!(
                open(old, &h, 1 << 20, 1),
                Err(SnapshotError::File(ContainerError::OtherFormat { .. }))
            ));
        }
    }
}
