//! The transposition table: exact keys, a hard memory cap, and a
//! replacement policy that keeps the results that cost the most.
//!
//! Records (key bytes and a small value) are packed one after another in
//! fixed-size chunks, so memory grows in steps and never needs a copying
//! reallocation (a browser tab cannot give memory back). An open-addressing
//! index of `u64` slots points at them: 32 bits of the key's hash and the
//! record's position. Keys are stored in full, so a lookup never confuses
//! two positions, whatever the hash does.
//!
//! When either part reaches its share of the cap, the table forgets the
//! cheapest half of its records (by the work each took to compute, oldest
//! first among equals), halves the work of the survivors so that old
//! results eventually make room for new ones, compacts the chunks in place
//! and rebuilds the index. The search never holds a record across a call
//! that may insert, so forgetting is always safe: a forgotten result is
//! simply computed again.

/// Bytes before the key in a record: key length (u16, top bit set once the
/// record is removed), value (u8), work (u8), data (u64).
const HEADER: usize = 12;
/// Marks a removed record in its length field.
const DEAD: u16 = 0x8000;
/// Longest key.
const MAX_KEY: usize = DEAD as usize - 1;
/// Largest chunk of record storage.
const MAX_CHUNK: usize = 1 << 20;
/// Smallest index (slots).
const MIN_SLOTS: usize = 1 << 10;
/// Largest cap: record positions must fit in 32 bits.
const MAX_BYTES: usize = 3 << 30;

/// What the table remembers about a key (the searches give the fields
/// their meaning).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    pub(crate) value: u8,
    pub(crate) data: u64,
}

/// See [`Table::learn`].
pub(crate) enum Learnt {
    /// Decided, with the value to keep under the key (none when it cannot
    /// be stored).
    Decided(Option<Value>),
    /// Still open: packed proof and disproof numbers.
    Open(u64),
}

pub(crate) struct Table {
    /// Slot: 0 when empty, else `hash >> 32 << 32 | (position + 1)`.
    index: Vec<u64>,
    chunks: Vec<Vec<u8>>,
    chunk_size: usize,
    /// Most chunks the cap allows.
    max_chunks: usize,
    /// Most slots the cap allows.
    max_slots: usize,
    entries: usize,
    peak_bytes: usize,
    evictions: u64,
}

impl Table {
    /// A table that never uses more than about `cap` bytes (0 disables it).
    pub(crate) fn new(cap: usize) -> Table {
        let cap = cap.min(MAX_BYTES);
        // About a quarter for the index: a record takes 20 to 60 bytes and
        // its slot 8 bytes at a load of at most 3/4.
        let mut max_slots = 0;
        if cap >= 4 * MIN_SLOTS * 8 {
            max_slots = MIN_SLOTS;
            while max_slots * 2 * 8 <= cap / 4 {
                max_slots *= 2;
            }
        }
        let rest = cap - max_slots * 8;
        let chunk_size = MAX_CHUNK.min(rest / 4).max(1);
        let max_chunks = if max_slots == 0 { 0 } else { rest / chunk_size };
        Table {
            index: Vec::new(),
            chunks: Vec::new(),
            chunk_size,
            max_chunks,
            max_slots,
            entries: 0,
            peak_bytes: 0,
            evictions: 0,
        }
    }

    pub(crate) fn entries(&self) -> usize {
        self.entries
    }

    /// Bytes held now (index and record chunks, as allocated).
    pub(crate) fn bytes(&self) -> usize {
        self.index.capacity() * 8 + self.chunks.iter().map(|c| c.capacity()).sum::<usize>()
    }

    pub(crate) fn peak_bytes(&self) -> usize {
        self.peak_bytes
    }

    /// How many times the table had to forget records.
    pub(crate) fn evictions(&self) -> u64 {
        self.evictions
    }

    pub(crate) fn get(&self, key: &[u8]) -> Option<Value> {
        self.find(key, hash(key)).map(|pos| self.value_at(pos))
    }

    /// Merges `v` into the value stored for `key` (inserting it if absent)
    /// with `merge(old, v)`, and raises its work to at least `work`.
    pub(crate) fn update(
        &mut self,
        key: &[u8],
        v: Value,
        work: u8,
        merge: fn(Value, Value) -> Value,
    ) {
        if self.max_chunks == 0 || key.len() > MAX_KEY || HEADER + key.len() > self.chunk_size {
            return;
        }
        let h = hash(key);
        if let Some(pos) = self.find(key, h) {
            let old = self.value_at(pos);
            let new = merge(old, v);
            let rec = self.record_mut(pos);
            rec[2] = new.value;
            rec[3] = rec[3].max(work);
            rec[4..12].copy_from_slice(&new.data.to_le_bytes());
            return;
        }
        if !self.make_room(HEADER + key.len()) {
            return;
        }
        let pos = self.append(key, v, work);
        self.place(h, pos);
        self.entries += 1;
        self.peak_bytes = self.peak_bytes.max(self.bytes());
    }

    /// Stores what a search learnt about a question whose result lives
    /// under `key` and whose open proof numbers live under `open_key`:
    /// once decided, `Decided(v)` merges `v` (if any) under the key and
    /// drops the open entry; while open, the numbers replace the old ones.
    pub(crate) fn learn(
        &mut self,
        key: Option<&[u8]>,
        open_key: Option<&[u8]>,
        learnt: Learnt,
        work: u8,
        merge: fn(Value, Value) -> Value,
    ) {
        match learnt {
            Learnt::Decided(v) => {
                if let (Some(v), Some(key)) = (v, key) {
                    self.update(key, v, work, merge);
                }
                if let Some(ok) = open_key {
                    self.remove(ok);
                }
            }
            Learnt::Open(data) => {
                if let Some(ok) = open_key {
                    self.update(ok, Value { value: 0, data }, work, |_, new| new);
                }
            }
        }
    }

    /// Forgets `key` at once (its bytes are reclaimed by the next
    /// compaction).
    pub(crate) fn remove(&mut self, key: &[u8]) {
        let h = hash(key);
        let Some(pos) = self.find(key, h) else { return };
        let rec = self.record_mut(pos);
        let len = u16::from_le_bytes([rec[0], rec[1]]) | DEAD;
        rec[..2].copy_from_slice(&len.to_le_bytes());
        self.entries -= 1;
        // Backward-shift deletion keeps linear probing free of tombstones:
        // later slots of the run move into the gap if their home allows.
        let mask = self.index.len() - 1;
        let mut gap = self.slot_of(h, pos);
        let mut j = gap;
        loop {
            j = (j + 1) & mask;
            let slot = self.index[j];
            if slot == 0 {
                break;
            }
            let p = (slot & 0xffff_ffff) as usize - 1;
            let home = hash(self.key_at(p)) as usize & mask;
            // Movable unless its home lies cyclically in (gap, j].
            let stays = if gap <= j {
                gap < home && home <= j
            } else {
                gap < home || home <= j
            };
            if !stays {
                self.index[gap] = slot;
                gap = j;
            }
        }
        self.index[gap] = 0;
    }

    /// The index slot that points at record `pos` (whose key hashes to `h`).
    fn slot_of(&self, h: u64, pos: usize) -> usize {
        let mask = self.index.len() - 1;
        let mut i = h as usize & mask;
        while self.index[i] & 0xffff_ffff != pos as u64 + 1 {
            i = (i + 1) & mask;
        }
        i
    }

    fn find(&self, key: &[u8], h: u64) -> Option<usize> {
        if self.index.is_empty() {
            return None;
        }
        let mask = self.index.len() - 1;
        let tag = h >> 32;
        let mut i = h as usize & mask;
        loop {
            let slot = self.index[i];
            if slot == 0 {
                return None;
            }
            if slot >> 32 == tag {
                let pos = (slot & 0xffff_ffff) as usize - 1;
                if self.key_at(pos) == key {
                    return Some(pos);
                }
            }
            i = (i + 1) & mask;
        }
    }

    fn place(&mut self, h: u64, pos: usize) {
        let mask = self.index.len() - 1;
        let mut i = h as usize & mask;
        while self.index[i] != 0 {
            i = (i + 1) & mask;
        }
        self.index[i] = (h >> 32 << 32) | (pos as u64 + 1);
    }

    fn record(&self, pos: usize) -> &[u8] {
        let c = &self.chunks[pos / self.chunk_size];
        &c[pos % self.chunk_size..]
    }

    fn record_mut(&mut self, pos: usize) -> &mut [u8] {
        let size = self.chunk_size;
        &mut self.chunks[pos / size][pos % size..]
    }

    fn key_at(&self, pos: usize) -> &[u8] {
        let r = self.record(pos);
        &r[HEADER..HEADER + key_len(r)]
    }

    fn value_at(&self, pos: usize) -> Value {
        let r = self.record(pos);
        let mut data = [0u8; 8];
        data.copy_from_slice(&r[4..12]);
        Value {
            value: r[2],
            data: u64::from_le_bytes(data),
        }
    }

    /// Makes sure a record of `len` bytes and one more slot fit, growing or
    /// forgetting; false if the record can never fit.
    fn make_room(&mut self, len: usize) -> bool {
        if len > self.chunk_size {
            return false;
        }
        for _ in 0..2 {
            let slots_ok = (self.entries + 1) * 4 <= self.index.len() * 3 || self.grow_index();
            let chunk_ok = self
                .chunks
                .last()
                .is_some_and(|c| c.len() + len <= self.chunk_size)
                || self.chunks.len() < self.max_chunks;
            if slots_ok && chunk_ok {
                return true;
            }
            self.evict();
        }
        false
    }

    fn grow_index(&mut self) -> bool {
        let slots = (self.index.len() * 2).max(MIN_SLOTS);
        if slots > self.max_slots {
            return false;
        }
        self.index = vec![0; slots];
        self.reindex();
        true
    }

    fn append(&mut self, key: &[u8], v: Value, work: u8) -> usize {
        if self
            .chunks
            .last()
            .is_none_or(|c| c.len() + HEADER + key.len() > self.chunk_size)
        {
            self.chunks.push(Vec::with_capacity(self.chunk_size));
        }
        let ci = self.chunks.len() - 1;
        let c = &mut self.chunks[ci];
        let pos = ci * self.chunk_size + c.len();
        c.extend_from_slice(&(key.len() as u16).to_le_bytes());
        c.push(v.value);
        c.push(work);
        c.extend_from_slice(&v.data.to_le_bytes());
        c.extend_from_slice(key);
        pos
    }

    /// Drops removed records, then forgets the cheapest half of the records
    /// (by bytes), oldest first among equals, and halves the work of the
    /// others.
    fn evict(&mut self) {
        if self.chunks.is_empty() {
            return;
        }
        self.evictions += 1;
        let mut bytes_by_work = [0usize; 256];
        let mut total = 0;
        self.for_each_record(|r| {
            if !dead(r) {
                bytes_by_work[r[3] as usize] += r.len();
                total += r.len();
            }
        });
        // Forget every record of work < `limit`, and records of work
        // `limit` until half the bytes are gone.
        let mut limit = 0;
        let mut below = 0;
        while limit < 255 && below + bytes_by_work[limit] < total / 2 {
            below += bytes_by_work[limit];
            limit += 1;
        }
        let mut quota = total / 2 - below.min(total / 2);
        let size = self.chunk_size;
        let (mut wc, mut wo) = (0usize, 0usize);
        let mut kept = 0;
        for rc in 0..self.chunks.len() {
            let mut ro = 0;
            while ro < self.chunks[rc].len() {
                let r = &self.chunks[rc][ro..];
                let len = HEADER + key_len(r);
                let work = r[3] as usize;
                if dead(r) {
                    // Already out of the index and the count.
                } else if work < limit || (work == limit && quota > 0) {
                    if work == limit {
                        quota = quota.saturating_sub(len);
                    }
                } else {
                    // The write position never passes the read position
                    // (same record sizes, and a chunk tail is skipped only
                    // when the record did not fit there).
                    if wo + len > size {
                        self.chunks[wc].truncate(wo);
                        wc += 1;
                        wo = 0;
                    }
                    if wc == rc {
                        self.chunks[rc].copy_within(ro..ro + len, wo);
                    } else {
                        let (lo, hi) = self.chunks.split_at_mut(rc);
                        let dst = &mut lo[wc];
                        dst.truncate(wo);
                        dst.extend_from_slice(&hi[0][ro..ro + len]);
                    }
                    self.chunks[wc][wo + 3] /= 2;
                    wo += len;
                    kept += 1;
                }
                ro += len;
            }
        }
        self.chunks[wc].truncate(wo);
        self.chunks.truncate(wc + 1);
        self.entries = kept;
        self.reindex();
    }

    fn for_each_record(&self, mut f: impl FnMut(&[u8])) {
        for c in &self.chunks {
            let mut o = 0;
            while o < c.len() {
                let len = HEADER + key_len(&c[o..]);
                f(&c[o..o + len]);
                o += len;
            }
        }
    }

    fn reindex(&mut self) {
        self.index.iter_mut().for_each(|s| *s = 0);
        if self.index.is_empty() {
            return;
        }
        let mut placed = Vec::with_capacity(self.entries);
        let size = self.chunk_size;
        for (ci, c) in self.chunks.iter().enumerate() {
            let mut o = 0;
            while o < c.len() {
                let len = key_len(&c[o..]);
                if !dead(&c[o..]) {
                    placed.push((hash(&c[o + HEADER..o + HEADER + len]), ci * size + o));
                }
                o += HEADER + len;
            }
        }
        for (h, pos) in placed {
            self.place(h, pos);
        }
    }
}

fn key_len(record: &[u8]) -> usize {
    (u16::from_le_bytes([record[0], record[1]]) & !DEAD) as usize
}

fn dead(record: &[u8]) -> bool {
    u16::from_le_bytes([record[0], record[1]]) & DEAD != 0
}

/// A 64-bit hash of a key (multiply–rotate over 8-byte words, then a final
/// mix so that both halves are usable).
pub(crate) fn hash(key: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = key.len() as u64;
    let mut words = key.chunks_exact(8);
    for w in &mut words {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        h = (h.rotate_left(23) ^ x).wrapping_mul(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut b = [0u8; 8];
        b[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(23) ^ u64::from_le_bytes(b)).wrapping_mul(K);
    }
    h ^= h >> 32;
    h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keep_max(a: Value, b: Value) -> Value {
        Value {
            value: a.value.max(b.value),
            data: a.data | b.data,
        }
    }

    fn key(i: u32) -> Vec<u8> {
        i.to_le_bytes().repeat(1 + i as usize % 5)
    }

    #[test]
    fn stores_updates_and_forgets_within_its_cap() {
        let cap = 64 << 10;
        let mut t = Table::new(cap);
        for i in 0u32..20_000 {
            t.update(
                &key(i),
                Value { value: 0, data: 1 },
                (i % 7) as u8,
                keep_max,
            );
            t.update(&key(i), Value { value: 1, data: 2 }, 0, keep_max);
            assert_eq!(t.get(&key(i)), Some(Value { value: 1, data: 3 }), "key {i}");
            if i % 3 == 0 {
                t.remove(&key(i));
                assert_eq!(t.get(&key(i)), None);
            }
            assert!(t.bytes() <= cap, "{} bytes", t.bytes());
        }
        assert!(t.evictions() > 0);
        // Whatever survived is intact.
        let mut found = 0;
        for i in 0u32..20_000 {
            if let Some(v) = t.get(&key(i)) {
                assert_eq!(v, Value { value: 1, data: 3 });
                assert_ne!(i % 3, 0);
                found += 1;
            }
        }
        assert_eq!(found, t.entries());
    }

    #[test]
    fn removal_keeps_other_keys_findable() {
        let mut t = Table::new(1 << 20);
        for i in 0u32..500 {
            t.update(
                &key(i),
                Value {
                    value: 1,
                    data: i as u64,
                },
                0,
                keep_max,
            );
        }
        for i in (0u32..500).step_by(2) {
            t.remove(&key(i));
        }
        for i in 0u32..500 {
            let want = (i % 2 == 1).then_some(Value {
                value: 1,
                data: i as u64,
            });
            assert_eq!(t.get(&key(i)), want, "key {i}");
        }
        assert_eq!(t.entries(), 250);
    }

    #[test]
    fn a_disabled_table_remembers_nothing() {
        let mut t = Table::new(0);
        t.update(b"abc", Value { value: 1, data: 0 }, 0, keep_max);
        assert_eq!(t.get(b"abc"), None);
        assert_eq!(t.bytes(), 0);
    }
}
