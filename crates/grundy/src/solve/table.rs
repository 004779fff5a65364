//! The transposition table of [`Searcher`](super::Searcher): what search
//! found of each position, kept within a budget of bytes.
//!
//! A position on the search's path is stored as [`Slot::Busy`] (pinned: it
//! is never evicted, and meeting it again means the game has a cycle); a
//! finished one as [`Slot::Done`] with the work it would cost to find
//! again from nothing (the moves looked at in its subtree, counting each
//! child's work whether it was searched or found stored, so that it does not
//! depend on what else happened to be stored), and whether it was used since
//! the last eviction. When the searcher finds the
//! table too large for its budget it calls [`Table::evict`], which drops
//! half of the finished entries: first those not used since the last
//! eviction (second chance, as a clock does: a depth-first search meets
//! again mostly what it met lately), among them first those whose subtrees
//! were cheapest to search, so that what is dropped is what is cheapest to
//! find again.
//!
//! # Complexity
//! `get` and `open` are O(1) expected. `evict` is O(n) for n entries and
//! frees about n / 2 of them, so its cost spread over the inserts that fill
//! the table again is O(1) each.
//!
//! # Bytes
//! The estimate is honest, not exact: the bucket array as `std`'s hash map
//! (hashbrown) lays it out, one control byte and one key-value pair per
//! bucket, buckets a power of two at most 7/8 full; plus what each key owns
//! on the heap ([`Game::heap_bytes`]). The array is charged twice its size,
//! because growing it (the old array and one twice its size) or rebuilding
//! it after an eviction (the old array and the new) briefly needs that much.
//! The rebuild moves entries from the old array to the new directly: a
//! buffer of the entries kept in between, smaller than the arrays, would be
//! taken from the allocator's heap rather than mapped, and glibc keeps
//! such freed memory (measured: twice the budget in resident memory).

use std::hash::Hash;
use std::mem::size_of;

use crate::game::Game;
use crate::hash::FxHashMap;

/// What the table holds for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot<T> {
    /// On the search's path: pinned.
    Busy,
    /// Solved.
    Done(T),
}

struct Entry<T> {
    slot: Slot<T>,
    /// The level of the work to find the entry again: 0 for none, else one
    /// more than the work's highest set bit.
    level: u8,
    /// Whether it was looked up since the last eviction.
    used: bool,
}

/// A hash map from positions to slots that counts its bytes and evicts.
///
/// A position the game writes as one [`word`](Game::word) is kept in a map
/// of words (a Cram region's entry for the pruned search 40 -> 16 bytes,
/// one integer hashed and compared); the others in a map of positions.
/// Every operation below goes to the one map the key belongs in, and
/// eviction ranks both together.
pub(crate) struct Table<K, T> {
    map: FxHashMap<K, Entry<T>>,
    words: FxHashMap<u64, Entry<T>>,
    key_heap_bytes: usize,
    evicted: u64,
    /// Entries on the path ([`Slot::Busy`]).
    busy: usize,
}

impl<K: Game, T: Copy> Table<K, T> {
    pub(crate) fn new() -> Table<K, T> {
        Table {
            map: FxHashMap::default(),
            words: FxHashMap::default(),
            key_heap_bytes: 0,
            evicted: 0,
            busy: 0,
        }
    }

    /// Positions stored, on the path or solved.
    pub(crate) fn len(&self) -> usize {
        self.map.len() + self.words.len()
    }

    /// Positions dropped by evictions so far.
    pub(crate) fn evicted(&self) -> u64 {
        self.evicted
    }

    /// The entry of `key`, in whichever map holds it.
    fn entry(&self, key: &K) -> Option<&Entry<T>> {
        match key.word() {
            Some(w) => self.words.get(&w),
            None => self.map.get(key),
        }
    }

    fn entry_mut(&mut self, key: &K) -> Option<&mut Entry<T>> {
        match key.word() {
            Some(w) => self.words.get_mut(&w),
            None => self.map.get_mut(key),
        }
    }

    /// Every entry, of both maps.
    fn entries(&self) -> impl Iterator<Item = &Entry<T>> + '_ {
        self.map.values().chain(self.words.values())
    }

    /// What is stored for `key` and the work to find it again (to the
    /// power of two below), marking it used.
    pub(crate) fn get(&mut self, key: &K) -> Option<(Slot<T>, u64)> {
        self.entry_mut(key).map(|e| {
            e.used = true;
            let work = match e.level {
                0 => 0,
                l => 1u64 << (l - 1),
            };
            (e.slot, work)
        })
    }

    /// What is stored for `key`, leaving it as it is.
    pub(crate) fn peek(&self, key: &K) -> Option<Slot<T>> {
        self.entry(key).map(|e| e.slot)
    }

    /// The estimated bytes of the table (see the module docs).
    pub(crate) fn bytes(&self) -> usize {
        self.key_heap_bytes
            + charged(array_bytes::<K, T>(self.map.capacity()))
            + charged(array_bytes::<u64, T>(self.words.capacity()))
    }

    /// The estimated bytes once `key` is stored: more for its heap bytes,
    /// and for a grown array when its map's array is full.
    pub(crate) fn bytes_with(&self, key: &K) -> usize {
        /// The bytes of a map's array once it holds one more entry.
        fn grown(len: usize, capacity: usize, bytes: fn(usize) -> usize) -> usize {
            match capacity {
                // An empty map starts with 4 buckets.
                0 => bytes(3),
                c if len < c => bytes(c),
                // Growth doubles the buckets.
                c => 2 * bytes(c),
            }
        }
        let (map, words) = (self.map.capacity(), self.words.capacity());
        let (map_array, words_array, heap) = match key.word() {
            Some(_) => (
                array_bytes::<K, T>(map),
                grown(self.words.len(), words, array_bytes::<u64, T>),
                0,
            ),
            None => (
                grown(self.map.len(), map, array_bytes::<K, T>),
                array_bytes::<u64, T>(words),
                key.heap_bytes(),
            ),
        };
        self.key_heap_bytes + heap + charged(map_array) + charged(words_array)
    }

    /// Inserts a new entry for `key`, which is absent.
    fn insert(&mut self, key: K, entry: Entry<T>) {
        let old = match key.word() {
            Some(w) => self.words.insert(w, entry),
            None => {
                self.key_heap_bytes += key.heap_bytes();
                self.map.insert(key, entry)
            }
        };
        debug_assert!(old.is_none(), "an entry is inserted only when absent");
    }

    /// Stores `key` as on the path.
    pub(crate) fn open(&mut self, key: K) {
        self.busy += 1;
        self.insert(
            key,
            Entry {
                slot: Slot::Busy,
                level: 0,
                used: true,
            },
        );
    }

    /// Pins `key` as on the path, stored or not, and hands back what was
    /// stored for it: the pruned search keeps what it knows of a position
    /// (values excluded so far) while it searches the position again.
    /// `None` when it was absent; a busy key is the caller's to refuse.
    pub(crate) fn pin(&mut self, key: &K) -> Option<T>
    where
        K: Clone,
    {
        if let Some(e) = self.entry_mut(key) {
            debug_assert!(
                matches!(e.slot, Slot::Done(_)),
                "a busy key is not pinned twice"
            );
            let Slot::Done(old) = e.slot else {
                return None;
            };
            e.slot = Slot::Busy;
            e.used = true;
            self.busy += 1;
            return Some(old);
        }
        self.open(key.clone());
        None
    }

    /// Marks `key`, on the path, as solved with `value`, at a cost of `work`.
    pub(crate) fn finish(&mut self, key: &K, value: T, work: u64) {
        // A pinned entry is never evicted, so it is still here.
        let e = self.entry_mut(key).expect("a busy position stays stored");
        debug_assert!(
            matches!(e.slot, Slot::Busy),
            "only a busy position is finished"
        );
        e.slot = Slot::Done(value);
        e.level = (u64::BITS - work.leading_zeros()) as u8;
        e.used = true;
        self.busy -= 1;
    }

    /// Solved positions stored (those not on the path).
    pub(crate) fn solved_len(&self) -> usize {
        self.len() - self.busy
    }

    /// Every solved entry: its key, value and level of work (see
    /// [`Table::insert_solved`]), for a checkpoint.
    pub(crate) fn solved(&self) -> impl Iterator<Item = (K, T, u8)> + '_ {
        let done = |e: &Entry<T>| match e.slot {
            Slot::Done(v) => Some((v, e.level)),
            Slot::Busy => None,
        };
        let keys = self
            .map
            .iter()
            .filter_map(move |(k, e)| done(e).map(|(v, l)| (k.clone(), v, l)));
        let words = self.words.iter().filter_map(move |(&w, e)| {
            let key = K::from_word(w).expect("a stored word is a position's");
            done(e).map(|(v, l)| (key, v, l))
        });
        keys.chain(words)
    }

    /// The value and level of work of `key`, if it is solved.
    pub(crate) fn solved_entry(&self, key: &K) -> Option<(T, u8)> {
        match self.entry(key) {
            Some(Entry {
                slot: Slot::Done(v),
                level,
                ..
            }) => Some((*v, *level)),
            _ => None,
        }
    }

    /// Stores `key` as solved with `value` at a level of work `level` (0
    /// for none, else one more than the work's highest set bit), as read
    /// back from a checkpoint; `false`, storing nothing, when `key` is
    /// stored already.
    pub(crate) fn insert_solved(&mut self, key: K, value: T, level: u8) -> bool {
        if self.entry(&key).is_some() {
            return false;
        }
        let level = level.min(LEVELS as u8 - 1);
        self.insert(
            key,
            Entry {
                slot: Slot::Done(value),
                level,
                used: false,
            },
        );
        true
    }

    /// Takes in the solved entries of `other`, another thread's table of
    /// the same search: a key stored here gets `merge(ours, theirs)`, and
    /// one not stored here is added while the table stays within
    /// `max_bytes`. The number of entries added.
    pub(crate) fn absorb(
        &mut self,
        other: &Table<K, T>,
        max_bytes: usize,
        merge: impl Fn(T, T) -> T,
    ) -> usize {
        let mut added = 0;
        for (key, theirs, level) in other.solved() {
            if let Some(e) = self.entry_mut(&key) {
                if let Slot::Done(ours) = e.slot {
                    e.slot = Slot::Done(merge(ours, theirs));
                    e.level = e.level.max(level);
                }
            } else if self.bytes_with(&key) <= max_bytes {
                added += usize::from(self.insert_solved(key, theirs, level));
            }
        }
        added
    }

    /// Drops `key`, on the path, rather than finishing it: what the search
    /// found there is not worth its room.
    pub(crate) fn forget(&mut self, key: &K) {
        let removed = match key.word() {
            Some(w) => self.words.remove(&w),
            None => self.map.remove_entry(key).map(|(key, e)| {
                self.key_heap_bytes -= key.heap_bytes();
                e
            }),
        };
        if let Some(e) = removed {
            debug_assert!(
                matches!(e.slot, Slot::Busy),
                "only a busy position is forgotten"
            );
            self.busy -= 1;
        }
    }

    /// Drops every entry left on the path by a search that stopped early.
    pub(crate) fn unpin(&mut self) {
        let kept = self.solved_len();
        self.rebuild(kept, |e| matches!(e.slot, Slot::Busy));
        self.busy = 0;
        debug_assert!(self.entries().all(|e| !matches!(e.slot, Slot::Busy)));
    }

    /// Drops half the solved entries, unused ones first and among
    /// them those of least work; the rest start afresh as unused, their
    /// work halved (a level less) so that entries from long ago age out.
    ///
    /// `false`, dropping nothing, when fewer than a quarter of the entries
    /// are solved: the path fills the table, and a pass over all of it to
    /// free a few entries, made again at every step deeper, would cost
    /// time quadratic in the path's length.
    pub(crate) fn evict(&mut self) -> bool {
        if 4 * self.solved_len() < self.len() {
            return false;
        }
        let mut ranks = [0usize; 2 * LEVELS];
        for e in self.entries() {
            if let Slot::Done(_) = e.slot {
                ranks[rank(e)] += 1;
            }
        }
        let done: usize = ranks.iter().sum();
        if done == 0 {
            return false;
        }
        // Drop every entry below rank `cut` and the first few at it.
        let target = done.div_ceil(2);
        let (mut cut, mut below) = (0, 0);
        while below + ranks[cut] < target {
            below += ranks[cut];
            cut += 1;
        }
        let mut at_cut = target - below;
        let kept = self.len() - target;
        self.evicted += self.rebuild(kept, |e| match e.slot {
            Slot::Busy => false,
            Slot::Done(_) if rank(e) < cut => true,
            Slot::Done(_) if rank(e) == cut && at_cut > 0 => {
                at_cut -= 1;
                true
            }
            Slot::Done(_) => false,
        }) as u64;
        for e in self.map.values_mut().chain(self.words.values_mut()) {
            e.used = false;
            e.level = e.level.saturating_sub(1);
        }
        true
    }

    /// Rebuilds both maps without the entries `drop` picks, `kept` left
    /// in all, and says how many it dropped. Each new array is as large as
    /// the old, or smaller when the table is sparse, so that a table
    /// emptied of its path gives memory back.
    fn rebuild(&mut self, kept: usize, mut drop: impl FnMut(&Entry<T>) -> bool) -> usize {
        let mut heap = 0;
        let map = std::mem::take(&mut self.map);
        let (map, dropped) = rebuilt(map, kept, &mut drop, |key| heap += key.heap_bytes());
        self.map = map;
        self.key_heap_bytes -= heap;
        let words = std::mem::take(&mut self.words);
        let (words, dropped_words) = rebuilt(words, kept, &mut drop, |_| ());
        self.words = words;
        dropped + dropped_words
    }
}

/// `map` without the entries `drop` picks, in an array as large as the
/// old or room for twice `kept`, whichever is less; `dropped` is told of
/// each key dropped, and their number comes back with the map.
fn rebuilt<Q: Eq + Hash, T>(
    map: FxHashMap<Q, Entry<T>>,
    kept: usize,
    drop: &mut impl FnMut(&Entry<T>) -> bool,
    mut dropped: impl FnMut(&Q),
) -> (FxHashMap<Q, Entry<T>>, usize) {
    let room = map.capacity().min(2 * kept);
    let mut new = FxHashMap::with_capacity_and_hasher(room, Default::default());
    let mut count = 0;
    for (key, e) in map {
        if drop(&e) {
            dropped(&key);
            count += 1;
        } else {
            new.insert(key, e);
        }
    }
    (new, count)
}

/// Levels of work: 0 for none, else one more than its highest set bit.
const LEVELS: usize = 65;

/// The order of eviction: unused before used, then by level of work.
fn rank<T>(e: &Entry<T>) -> usize {
    usize::from(e.used) * LEVELS + usize::from(e.level)
}

fn charged(array: usize) -> usize {
    2 * array
}

/// The bytes of a hash map's bucket array with room for `capacity` entries,
/// laid out as hashbrown does: buckets a power of two, at most 7/8 full
/// (all but one below 8), each a key-value pair and a control byte, and 16
/// control bytes more.
fn array_bytes<Q, T>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity * 8 / 7).next_power_of_two()
    };
    buckets * (size_of::<(Q, Entry<T>)>() + 1) + 16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::test_game::Nim;

    fn nim(heaps: &[u64]) -> Nim {
        heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
            .parse()
            .unwrap()
    }

    #[test]
    fn eviction_drops_the_unused_and_cheapest_first_and_keeps_the_path() {
        let mut t: Table<Nim, u32> = Table::new();
        for n in 0..10u64 {
            t.open(nim(&[n]));
            if n < 9 {
                // Work 1, 2, 4, ..., 256: levels 1 to 9 (1 to 8 once halved).
                t.finish(&nim(&[n]), n as u32, 1 << n);
            }
        }
        assert!(t.evict());
        // Nine solved entries, all used: the five cheapest go (half, rounded
        // up), the busy one stays.
        assert_eq!(t.evicted(), 5);
        assert_eq!(t.len(), 5);
        assert_eq!(t.peek(&nim(&[9])), Some(Slot::Busy));
        assert_eq!(t.peek(&nim(&[4])), None);
        assert_eq!(t.peek(&nim(&[5])), Some(Slot::Done(5)));
        // Now none is used but 5, the cheapest: the next to go are the
        // cheapest others, 6 and 7, not 5.
        assert_eq!(t.get(&nim(&[5])), Some((Slot::Done(5), 16)));
        assert!(t.evict());
        assert_eq!(t.evicted(), 7);
        assert_eq!(t.peek(&nim(&[7])), None);
        assert_eq!(t.peek(&nim(&[5])), Some(Slot::Done(5)));
        assert_eq!(t.peek(&nim(&[8])), Some(Slot::Done(8)));
        t.unpin();
        assert_eq!(t.peek(&nim(&[9])), None);
        assert_eq!(t.len(), 2);
    }

    #[test]
    fn absorbing_merges_shared_keys_adds_the_others_and_skips_the_busy() {
        let mut ours: Table<Nim, u32> = Table::new();
        let mut theirs: Table<Nim, u32> = Table::new();
        let solve = |t: &mut Table<Nim, u32>, n: u64, v: u32| {
            t.open(nim(&[n]));
            t.finish(&nim(&[n]), v, 1 << n);
        };
        solve(&mut ours, 1, 10);
        solve(&mut theirs, 1, 3);
        solve(&mut theirs, 2, 20);
        theirs.open(nim(&[3]));
        assert_eq!(ours.absorb(&theirs, usize::MAX, u32::max), 1);
        assert_eq!(ours.peek(&nim(&[1])), Some(Slot::Done(10)));
        assert_eq!(ours.get(&nim(&[2])), Some((Slot::Done(20), 4)));
        assert_eq!(ours.peek(&nim(&[3])), None);
        assert_eq!(ours.solved_len(), 2);
        // Nothing is added past the bytes given.
        let mut small: Table<Nim, u32> = Table::new();
        assert_eq!(small.absorb(&theirs, 0, u32::max), 0);
        assert_eq!(small.len(), 0);
    }

    #[test]
    fn a_word_and_what_the_pruned_search_knows_of_it_take_16_bytes() {
        use crate::solve::prune::Packed;
        // The busy slot, the level and the used flag fit beside the
        // packed knowledge: four entries to a cache line.
        assert_eq!(size_of::<Entry<Packed>>(), 8);
        assert_eq!(size_of::<(u64, Entry<Packed>)>(), 16);
    }

    #[test]
    fn bytes_count_the_array_and_the_keys() {
        let mut t: Table<Nim, u32> = Table::new();
        assert_eq!(t.bytes(), 0);
        let key = nim(&[1, 2, 3]);
        let with = t.bytes_with(&key);
        t.open(key);
        assert_eq!(t.bytes(), with);
        // Three heaps of 8 bytes and the allocator's 16, at least.
        assert!(t.bytes() > 40 + size_of::<(Nim, Entry<u32>)>());
    }
}
