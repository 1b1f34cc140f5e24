import { startWorker } from '../../infra/worker-entry.js';

// A reader of 7-Zip archives (.7z) written for the Stack Exchange import: the container (signature header, a header
// that may itself be compressed, folders, substreams, file names) and streaming decoders for the methods 7-Zip uses
// for text: LZMA, LZMA2, BZip2 and Copy (no compression). It reads the archive with synchronous calls and writes each
// wanted entry to its file as it decodes, so it runs in a worker thread (sevenZipInWorker), never on the thread
// that serves requests. Memory is the decoder's dictionary (at most the folder's size) and small buffers: a
// many-GB Posts.xml is never held whole. Other methods (PPMd, BCJ2, AES encryption, RAR, ...) are refused by name.

/** One entry of an archive, as its header lists it. */
export interface SevenZipEntry {
  index: number;
  path: string;
  /** Uncompressed size the header gives (checked again while unpacking). */
  size: number;
  folder: boolean;
  link: boolean;
}

/** An entry to unpack (by its index in the listing) and the file it goes to. */
export interface SevenZipTarget {
  index: number;
  file: string;
}

/** Why an archive could not be read: `unsupported` names a method the reader lacks; `too_large` is the byte budget. */
export interface SevenZipFailure {
  kind: 'corrupt' | 'unsupported' | 'too_large';
  message: string;
}

type Fs = typeof import('node:fs');
type Zlib = typeof import('node:zlib');

/**
 * The reader (it uses only its arguments: the worker thread, seven-zip-worker.ts, hands it node:fs and node:zlib).
 * list() gives the entries; extract() unpacks the targets, counting every decoded byte (wanted or passed over in a
 * solid block) against `budget` and stopping at the first byte past it. Failures are thrown as SevenZipFailure.
 */
export function makeSevenZip(fs: Fs, zlib: Zlib) {
  const fail = (kind: SevenZipFailure['kind'], message: string): never => {
    throw { kind, message, sevenZip: true };
  };
  const corrupt = (message: string): never => fail('corrupt', message);

  // ---- CRC-32 (zlib's when Node has it)
  let table: Uint32Array | undefined;
  const crc32 = (data: Uint8Array, value: number): number => {
    if (typeof zlib.crc32 === 'function') return zlib.crc32(data, value);
    if (!table) {
      table = new Uint32Array(256);
      for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        table[n] = c >>> 0;
      }
    }
    let c = ~value >>> 0;
    for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
    return ~c >>> 0;
  };

  // ---- the archive file
  const readAt = (fd: number, position: number, length: number): Buffer => {
    const buf = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const n = fs.readSync(fd, buf, got, length - got, position + got);
      if (n === 0) corrupt('the archive is truncated');
      got += n;
    }
    return buf;
  };

  /** A byte reader over [start, start + size) of the file, read in blocks. */
  const packReader = (fd: number, start: number, size: number) => {
    const block = Buffer.alloc(Math.min(1 << 16, Math.max(size, 1)));
    let blockStart = start;
    let blockLen = 0;
    let at = start;
    const end = start + size;
    const fill = () => {
      if (at >= end) corrupt('a compressed stream ends early (the archive is truncated or damaged)');
      const want = Math.min(block.length, end - at);
      const n = fs.readSync(fd, block, 0, want, at);
      if (n === 0) corrupt('the archive is truncated');
      blockStart = at;
      blockLen = n;
    };
    return {
      byte(): number {
        if (at >= blockStart + blockLen) fill();
        return block[at++ - blockStart];
      },
      /** Up to `max` bytes (fewer at a block's end), as a view valid until the next call. */
      bytes(max: number): Buffer {
        if (at >= blockStart + blockLen) fill();
        const n = Math.min(max, blockStart + blockLen - at);
        const view = block.subarray(at - blockStart, at - blockStart + n);
        at += n;
        return view;
      },
      left: () => end - at,
    };
  };
  type Input = ReturnType<typeof packReader>;
  /** Output of a decoder: called with each piece in order (the view is reused after it returns). */
  type Sink = (chunk: Uint8Array) => void;

  // ---- LZMA (after the LZMA SDK's reference decoder, LzmaSpec.cpp, public domain)
  const makeLzma = (dictSize: number, windowSize: number, input: Input, sink: Sink) => {
    const win = new Uint8Array(windowSize);
    let pos = 0;
    let flushed = 0;
    let full = false;
    let total = 0;
    const flush = () => {
      if (pos > flushed) sink(win.subarray(flushed, pos));
      flushed = pos;
      if (pos === windowSize) {
        pos = 0;
        flushed = 0;
        full = true;
      }
    };
    const put = (b: number) => {
      win[pos++] = b;
      total++;
      if (pos === windowSize) flush();
    };
    const get = (dist: number) => win[dist <= pos ? pos - dist : windowSize - dist + pos];

    let range = 0;
    let code = 0;
    const rcInit = () => {
      if (input.byte() !== 0) corrupt('an LZMA stream is damaged');
      code = 0;
      range = 0xffffffff;
      for (let i = 0; i < 4; i++) code = ((code << 8) | input.byte()) >>> 0;
      if (code === range) corrupt('an LZMA stream is damaged');
    };
    let probs = new Uint16Array(0x300 << 3); // the literal coders, grown by setProps for lc + lp
    let lc = 0;
    let lp = 0;
    let pb = 0;
    // offsets into one Uint16Array of all other probabilities
    const IS_MATCH = 0;
    const IS_REP = IS_MATCH + (12 << 4);
    const IS_REP_G0 = IS_REP + 12;
    const IS_REP_G1 = IS_REP_G0 + 12;
    const IS_REP_G2 = IS_REP_G1 + 12;
    const IS_REP0_LONG = IS_REP_G2 + 12;
    const POS_SLOT = IS_REP0_LONG + (12 << 4);
    const POS_SPECIAL = POS_SLOT + (4 << 6);
    const ALIGN = POS_SPECIAL + 115;
    const LEN = ALIGN + 16;
    const REP_LEN = LEN + 514;
    const P = new Uint16Array(REP_LEN + 514);
    let state = 0;
    let rep0 = 0;
    let rep1 = 0;
    let rep2 = 0;
    let rep3 = 0;
    /** Bytes of a match still to copy (a match may run past one call's output limit). */
    let pendingLen = 0;
    let ended = false;

    const bit = (arr: Uint16Array, i: number): number => {
      const p = arr[i];
      const bound = (range >>> 11) * p;
      let b: number;
      if (code < bound) {
        arr[i] = p + ((2048 - p) >>> 5);
        range = bound;
        b = 0;
      } else {
        arr[i] = p - (p >>> 5);
        code -= bound;
        range -= bound;
        b = 1;
      }
      if (range < 0x1000000) {
        range = (range << 8) >>> 0;
        code = ((code << 8) | input.byte()) >>> 0;
      }
      return b;
    };
    const tree = (base: number, bits: number): number => {
      let m = 1;
      for (let i = 0; i < bits; i++) m = (m << 1) | bit(P, base + m);
      return m - (1 << bits);
    };
    const reverse = (base: number, bits: number): number => {
      let m = 1;
      let sym = 0;
      for (let i = 0; i < bits; i++) {
        const b = bit(P, base + m);
        m = (m << 1) | b;
        sym |= b << i;
      }
      return sym;
    };
    const direct = (bits: number): number => {
      let res = 0;
      for (let i = 0; i < bits; i++) {
        range >>>= 1;
        let b = 0;
        if (code >= range) {
          code -= range;
          b = 1;
        }
        res = ((res << 1) | b) >>> 0;
        if (range < 0x1000000) {
          range = (range << 8) >>> 0;
          code = ((code << 8) | input.byte()) >>> 0;
        }
      }
      return res;
    };
    // a length coder: choice, choice2, low[16][8], mid[16][8], high[256]
    const length = (base: number, posState: number): number => {
      if (bit(P, base) === 0) return tree(base + 2 + (posState << 3), 3);
      if (bit(P, base + 1) === 0) return 8 + tree(base + 2 + 128 + (posState << 3), 3);
      return 16 + tree(base + 2 + 256, 8);
    };

    const setProps = (props: number) => {
      if (props >= 9 * 5 * 5) corrupt('an LZMA stream has bad properties');
      lc = props % 9;
      lp = Math.floor(props / 9) % 5;
      pb = Math.floor(props / 45);
      if (lc + lp > 12) corrupt('an LZMA stream has bad properties');
      if (probs.length < 0x300 << (lc + lp)) probs = new Uint16Array(0x300 << (lc + lp));
    };
    const resetState = () => {
      probs.fill(1024, 0, 0x300 << (lc + lp));
      P.fill(1024);
      state = 0;
      rep0 = rep1 = rep2 = rep3 = 0;
      pendingLen = 0;
    };
    const resetDict = () => {
      pos = 0;
      flushed = 0;
      full = false;
      total = 0;
    };
    const copyMatch = (len: number, limit: number): number => {
      let n = Math.min(len, limit);
      let src = pos - rep0 - 1;
      if (src < 0) src += windowSize;
      total += n;
      while (n > 0) {
        // up to the end of the window (or of the source's run to it), then around
        const run = Math.min(n, windowSize - pos, windowSize - src);
        if (src + run <= pos || src >= pos + run) win.copyWithin(pos, src, src + run);
        else for (let i = 0; i < run; i++) win[pos + i] = win[src + i];
        pos += run;
        src += run;
        n -= run;
        if (src === windowSize) src = 0;
        if (pos === windowSize) flush();
      }
      return len - Math.min(len, limit);
    };

    /** Decodes until `count` more bytes are out (or the end marker, when `allowEnd`); flushes them to the sink. */
    const decode = (count: number, allowEnd: boolean) => {
      let left = count;
      if (pendingLen > 0) {
        const before = total;
        pendingLen = copyMatch(pendingLen, left);
        left -= total - before;
      }
      const pbMask = (1 << pb) - 1;
      const lpMask = (1 << lp) - 1;
      while (left > 0 && !ended) {
        const posState = total & pbMask;
        if (bit(P, IS_MATCH + (state << 4) + posState) === 0) {
          const prev = total > 0 || full ? get(1) : 0;
          const base = 0x300 * (((total & lpMask) << lc) + (prev >>> (8 - lc)));
          let sym = 1;
          if (state >= 7) {
            let match = get(rep0 + 1);
            do {
              const mb = (match >>> 7) & 1;
              match <<= 1;
              const b = bit(probs, base + ((1 + mb) << 8) + sym);
              sym = (sym << 1) | b;
              if (mb !== b) break;
            } while (sym < 0x100);
          }
          while (sym < 0x100) sym = (sym << 1) | bit(probs, base + sym);
          put(sym - 0x100);
          state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
          left--;
          continue;
        }
        let len: number;
        if (bit(P, IS_REP + state) !== 0) {
          if (total === 0 && !full) corrupt('an LZMA stream is damaged');
          if (bit(P, IS_REP_G0 + state) === 0) {
            if (bit(P, IS_REP0_LONG + (state << 4) + posState) === 0) {
              state = state < 7 ? 9 : 11;
              put(get(rep0 + 1));
              left--;
              continue;
            }
          } else {
            let dist: number;
            if (bit(P, IS_REP_G1 + state) === 0) dist = rep1;
            else {
              if (bit(P, IS_REP_G2 + state) === 0) dist = rep2;
              else {
                dist = rep3;
                rep3 = rep2;
              }
              rep2 = rep1;
            }
            rep1 = rep0;
            rep0 = dist;
          }
          len = length(REP_LEN, posState);
          state = state < 7 ? 8 : 11;
        } else {
          rep3 = rep2;
          rep2 = rep1;
          rep1 = rep0;
          len = length(LEN, posState);
          state = state < 7 ? 7 : 10;
          // the distance
          const slot = tree(POS_SLOT + ((len < 3 ? len : 3) << 6), 6);
          if (slot < 4) rep0 = slot;
          else {
            const bits = (slot >>> 1) - 1;
            let dist = ((2 | (slot & 1)) << bits) >>> 0;
            if (slot < 14) dist += reverse(POS_SPECIAL + dist - slot, bits);
            else dist += direct(bits - 4) * 16 + reverse(ALIGN, 4);
            rep0 = dist >>> 0;
          }
          if (rep0 === 0xffffffff) {
            if (!allowEnd) corrupt('an LZMA stream ends early');
            ended = true;
            break;
          }
          if (rep0 >= dictSize || rep0 >= windowSize || (!full && rep0 >= total))
            corrupt('an LZMA stream is damaged (a distance beyond the data)');
        }
        const before = total;
        pendingLen = copyMatch(len + 2, left);
        left -= total - before;
      }
      flush();
      return count - left;
    };
    return {
      rcInit,
      setProps,
      resetState,
      resetDict,
      decode,
      /** Whole bytes of an uncompressed LZMA2 chunk, into the dictionary and out. */
      copy(count: number) {
        let left = count;
        while (left > 0) {
          const piece = input.bytes(Math.min(left, windowSize - pos));
          win.set(piece, pos);
          pos += piece.length;
          total += piece.length;
          left -= piece.length;
          if (pos === windowSize) flush();
        }
        flush();
      },
      get ended() {
        return ended;
      },
      get pending() {
        return pendingLen;
      },
    };
  };

  /** Size of the window for a dictionary: no more than the data it will hold. */
  // 7-Zip's strongest preset (-mx=9) uses 64 MB; a larger dictionary over as much data is refused rather than allocated
  const windowFor = (dictSize: number, unpackSize: number) => {
    const size = Math.max(4096, Math.min(dictSize, unpackSize));
    if (size > 256 * 1024 * 1024) fail('unsupported', 'a dictionary larger than 256 MB');
    return size;
  };

  const decodeLzma = (props: Buffer, input: Input, unpackSize: number, sink: Sink) => {
    if (props.length < 5) corrupt('an LZMA coder has bad properties');
    const dictSize = Math.max(props.readUInt32LE(1), 4096);
    const lz = makeLzma(dictSize, windowFor(dictSize, unpackSize), input, sink);
    lz.setProps(props[0]);
    lz.resetState();
    lz.rcInit();
    let left = unpackSize;
    while (left > 0 && !lz.ended) left -= lz.decode(Math.min(left, 1 << 20), true);
    if (left > 0) corrupt('an LZMA stream ends early');
  };

  const decodeLzma2 = (props: Buffer, input: Input, unpackSize: number, sink: Sink) => {
    if (props.length < 1 || props[0] > 40) corrupt('an LZMA2 coder has bad properties');
    const p = props[0];
    const dictSize = p === 40 ? 0xffffffff : (2 | (p & 1)) * 2 ** (Math.floor(p / 2) + 11);
    const lz = makeLzma(dictSize, windowFor(dictSize, unpackSize), input, sink);
    let needDict = true;
    let needProps = true;
    let out = 0;
    for (;;) {
      const control = input.byte();
      if (control === 0) break;
      if (control === 1 || control === 2) {
        if (control === 1) {
          lz.resetDict();
          needDict = false;
        } else if (needDict) corrupt('an LZMA2 stream is damaged');
        const size = ((input.byte() << 8) | input.byte()) + 1;
        lz.copy(size);
        out += size;
        continue;
      }
      if (control < 0x80) corrupt('an LZMA2 stream is damaged');
      const size = (control & 0x1f) * 65536 + ((input.byte() << 8) | input.byte()) + 1;
      input.byte(); // the packed size: each chunk ends where its range coder does
      input.byte();
      const mode = (control >>> 5) & 3;
      if (mode === 3) {
        lz.resetDict();
        needDict = false;
      } else if (needDict) corrupt('an LZMA2 stream is damaged');
      if (mode >= 2) {
        lz.setProps(input.byte());
        needProps = false;
      } else if (needProps) corrupt('an LZMA2 stream is damaged');
      if (mode >= 1) lz.resetState();
      lz.rcInit();
      let left = size;
      while (left > 0) left -= lz.decode(Math.min(left, 1 << 20), false);
      if (lz.pending) corrupt('an LZMA2 stream is damaged');
      out += size;
      if (out > unpackSize) corrupt('an LZMA2 stream is longer than its header says');
    }
    if (out !== unpackSize) corrupt('an LZMA2 stream ends early');
  };

  // ---- BZip2 (a block at a time: at most 900 kB of text and its 3.6 MB index)
  const decodeBzip2 = (input: Input, unpackSize: number, sink: Sink) => {
    let bitBuf = 0;
    let bitCount = 0;
    /** The next `n` bits (at most 24), high first. */
    const bits = (n: number): number => {
      while (bitCount < n) {
        bitBuf = ((bitBuf << 8) | input.byte()) >>> 0;
        bitCount += 8;
      }
      bitCount -= n;
      return (bitBuf >>> bitCount) & ((1 << n) - 1);
    };
    const out = new Uint8Array(1 << 16);
    let outLen = 0;
    let produced = 0;
    const emit = (b: number) => {
      out[outLen++] = b;
      if (outLen === out.length) {
        sink(out);
        produced += outLen;
        outLen = 0;
      }
    };
    let tt = new Uint32Array(0);
    // 7-Zip's multi-threaded BZip2 writes one stream; a stream may also follow another
    while (produced + outLen < unpackSize) {
      if (bits(8) !== 0x42 || bits(8) !== 0x5a || bits(8) !== 0x68) corrupt('a BZip2 stream is damaged');
      const level = bits(8) - 0x30;
      if (level < 1 || level > 9) corrupt('a BZip2 stream is damaged');
      const maxBlock = level * 100000;
      if (tt.length < maxBlock) tt = new Uint32Array(maxBlock);
      let streamCrc = 0;
      for (;;) {
        const m1 = bits(24);
        const m2 = bits(24);
        const blockCrc = (bits(16) * 65536 + bits(16)) >>> 0;
        if (m1 === 0x177245 && m2 === 0x385090) {
          if (blockCrc !== streamCrc >>> 0) corrupt('a BZip2 stream fails its check');
          bitCount -= bitCount % 8; // the next stream starts on a byte
          break;
        }
        if (m1 !== 0x314159 || m2 !== 0x265359) corrupt('a BZip2 stream is damaged');
        if (bits(1)) fail('unsupported', 'a randomised BZip2 block');
        const origPtr = bits(24);
        // symbols used
        const used = bits(16);
        const seqToUnseq: number[] = [];
        for (let i = 0; i < 16; i++)
          if (used & (0x8000 >>> i)) {
            const sub = bits(16);
            for (let j = 0; j < 16; j++) if (sub & (0x8000 >>> j)) seqToUnseq.push(i * 16 + j);
          }
        if (seqToUnseq.length === 0) corrupt('a BZip2 stream is damaged');
        const alphaSize = seqToUnseq.length + 2;
        const nGroups = bits(3);
        const nSelectors = bits(15);
        if (nGroups < 2 || nGroups > 6 || nSelectors < 1) corrupt('a BZip2 stream is damaged');
        const mtfGroups = [0, 1, 2, 3, 4, 5].slice(0, nGroups);
        const selectors = new Uint8Array(nSelectors);
        for (let i = 0; i < nSelectors; i++) {
          let j = 0;
          while (bits(1)) if (++j >= nGroups) corrupt('a BZip2 stream is damaged');
          const v = mtfGroups[j];
          mtfGroups.splice(j, 1);
          mtfGroups.unshift(v);
          selectors[i] = v;
        }
        // Huffman tables: canonical codes by length, decoded with limit/base/perm
        const tables: { limit: Int32Array; base: Int32Array; perm: Int32Array; minLen: number }[] = [];
        for (let t = 0; t < nGroups; t++) {
          const lens = new Uint8Array(alphaSize);
          let len = bits(5);
          for (let i = 0; i < alphaSize; i++) {
            for (;;) {
              if (len < 1 || len > 20) corrupt('a BZip2 stream is damaged');
              if (!bits(1)) break;
              len += bits(1) ? -1 : 1;
            }
            lens[i] = len;
          }
          let minLen = 32;
          let maxLen = 0;
          for (const l of lens) {
            if (l < minLen) minLen = l;
            if (l > maxLen) maxLen = l;
          }
          const perm = new Int32Array(alphaSize);
          let pp = 0;
          for (let l = minLen; l <= maxLen; l++) for (let s = 0; s < alphaSize; s++) if (lens[s] === l) perm[pp++] = s;
          const count = new Int32Array(22);
          for (const l of lens) count[l]++;
          const limit = new Int32Array(22).fill(-1);
          const base = new Int32Array(22);
          let codeVal = 0;
          let index = 0;
          for (let l = minLen; l <= maxLen; l++) {
            base[l] = index - codeVal;
            codeVal += count[l];
            index += count[l];
            limit[l] = codeVal - 1;
            codeVal <<= 1;
          }
          tables.push({ limit, base, perm, minLen });
        }
        // the MTF/RLE2 symbols, undone into tt with byte counts
        const mtf = new Uint8Array(256);
        for (let i = 0; i < 256; i++) mtf[i] = i;
        const counts = new Int32Array(256);
        const endOfBlock = alphaSize - 1;
        let n = 0;
        let group = -1;
        let groupLeft = 0;
        let run = 0;
        let runWeight = 1;
        let table = tables[0];
        for (;;) {
          if (groupLeft === 0) {
            if (++group >= nSelectors) corrupt('a BZip2 stream is damaged');
            table = tables[selectors[group]];
            groupLeft = 50;
          }
          groupLeft--;
          let l = table.minLen;
          let v = bits(l);
          while (l <= 20 && v > table.limit[l]) {
            l++;
            v = (v << 1) | bits(1);
          }
          if (l > 20) corrupt('a BZip2 stream is damaged');
          const sym = table.perm[v + table.base[l]];
          if (sym <= 1) {
            // RUNA / RUNB: a run of the front byte
            run += (sym + 1) * runWeight;
            runWeight <<= 1;
            if (run > maxBlock) corrupt('a BZip2 stream is damaged');
            continue;
          }
          if (run > 0) {
            const b = seqToUnseq[mtf[0]];
            if (n + run > maxBlock) corrupt('a BZip2 stream is damaged');
            counts[b] += run;
            for (; run > 0; run--) tt[n++] = b;
            runWeight = 1;
          }
          if (sym === endOfBlock) break;
          const k = sym - 1;
          const idx = mtf[k];
          if (k < 32) for (let i = k; i > 0; i--) mtf[i] = mtf[i - 1];
          else mtf.copyWithin(1, 0, k);
          mtf[0] = idx;
          const b = seqToUnseq[idx];
          if (n >= maxBlock) corrupt('a BZip2 stream is damaged');
          counts[b]++;
          tt[n++] = b;
        }
        if (origPtr >= n) corrupt('a BZip2 stream is damaged');
        // inverse BWT: tt[i] high bits hold the next index
        const start = new Int32Array(256);
        for (let i = 0, sum = 0; i < 256; i++) {
          start[i] = sum;
          sum += counts[i];
        }
        for (let i = 0; i < n; i++) {
          const b = tt[i] & 0xff;
          tt[start[b]++] |= i << 8;
        }
        // walk it, undoing the initial run-length step (4 equal bytes, then a count)
        let at = tt[origPtr] >>> 8;
        let crc = 0xffffffff;
        let last = -1;
        let same = 0;
        const put = (b: number) => {
          emit(b);
          crc = ((crc << 8) ^ BZ_CRC[((crc >>> 24) ^ b) & 0xff]) >>> 0;
        };
        for (let i = 0; i < n; i++) {
          const entry = tt[at];
          const b = entry & 0xff;
          at = entry >>> 8;
          if (same === 4) {
            for (let r = 0; r < b; r++) put(last);
            same = 0;
            last = -1;
            continue;
          }
          if (b === last) same++;
          else {
            last = b;
            same = 1;
          }
          put(b);
        }
        if (~crc >>> 0 !== blockCrc) corrupt('a BZip2 block fails its check');
        streamCrc = (((streamCrc << 1) | (streamCrc >>> 31)) ^ blockCrc) >>> 0;
        if (produced + outLen > unpackSize) corrupt('a BZip2 stream is longer than its header says');
      }
      if (outLen > 0) {
        sink(out.subarray(0, outLen));
        produced += outLen;
        outLen = 0;
      }
    }
    if (produced !== unpackSize) corrupt('a BZip2 stream does not match its header');
  };
  const BZ_CRC = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    BZ_CRC[i] = c >>> 0;
  }

  const copyStream = (input: Input, unpackSize: number, sink: Sink) => {
    let left = unpackSize;
    while (left > 0) {
      const piece = input.bytes(Math.min(left, 1 << 16));
      sink(piece);
      left -= piece.length;
    }
  };

  // ---- the container
  const METHODS: Record<string, string> = {
    '00': 'Copy',
    '030101': 'LZMA',
    '21': 'LZMA2',
    '040202': 'BZip2',
    '040108': 'Deflate',
    '040109': 'Deflate64',
    '030401': 'PPMd',
    '03030103': 'BCJ',
    '0303011B': 'BCJ2',
    '03030205': 'PPC',
    '03030401': 'IA64',
    '03030501': 'ARM',
    '03030701': 'ARMT',
    '03030805': 'SPARC',
    '0A': 'ARM64',
    '03': 'Delta',
    '06F10701': '7zAES (encrypted)',
    '040301': 'RAR1',
    '040302': 'RAR2',
    '040303': 'RAR3',
    '040305': 'RAR5',
    '04F71101': 'Zstandard',
    '04F71104': 'LZ4',
  };
  const SUPPORTED = new Set(['00', '030101', '21', '040202']);

  interface Coder {
    id: string;
    props: Buffer;
    ins: number;
    outs: number;
  }
  interface Folder {
    coders: Coder[];
    unpackSize: number;
    packIndex: number;
    /** Substreams (files) of this folder: their sizes and CRCs. */
    sizes: number[];
    crcs: (number | undefined)[];
    crc?: number;
  }
  interface Streams {
    packPos: number;
    packSizes: number[];
    folders: Folder[];
  }

  const headerReader = (buf: Buffer) => {
    let at = 0;
    const need = (n: number) => {
      if (at + n > buf.length) corrupt('its header is damaged');
    };
    const r = {
      byte(): number {
        need(1);
        return buf[at++];
      },
      number(): number {
        const first = r.byte();
        let mask = 0x80;
        let value = 0;
        for (let i = 0; i < 8; i++) {
          if ((first & mask) === 0) {
            const high = first & (mask - 1);
            value += high * 2 ** (8 * i);
            if (!Number.isSafeInteger(value)) corrupt('its header is damaged');
            return value;
          }
          value += r.byte() * 2 ** (8 * i);
          mask >>>= 1;
        }
        if (!Number.isSafeInteger(value)) corrupt('its header is damaged');
        return value;
      },
      small(max: number): number {
        const n = r.number();
        if (n > max) corrupt('its header is damaged');
        return n;
      },
      uint32(): number {
        need(4);
        at += 4;
        return buf.readUInt32LE(at - 4);
      },
      bytes(n: number): Buffer {
        need(n);
        at += n;
        return buf.subarray(at - n, at);
      },
      skip(n: number) {
        need(n);
        at += n;
      },
      bitVector(n: number): boolean[] {
        const v: boolean[] = [];
        let byte = 0;
        let mask = 0;
        for (let i = 0; i < n; i++) {
          if (mask === 0) {
            byte = r.byte();
            mask = 0x80;
          }
          v.push((byte & mask) !== 0);
          mask >>>= 1;
        }
        return v;
      },
      digests(n: number): (number | undefined)[] {
        const all = r.byte();
        const defined = all ? new Array<boolean>(n).fill(true) : r.bitVector(n);
        return defined.map((d) => (d ? r.uint32() : undefined));
      },
      expect(id: number) {
        if (r.byte() !== id) corrupt('its header is damaged');
      },
    };
    return r;
  };
  type HeaderReader = ReturnType<typeof headerReader>;

  const readStreams = (r: HeaderReader): Streams => {
    const s: Streams = { packPos: 0, packSizes: [], folders: [] };
    let id = r.byte();
    if (id === 0x06) {
      s.packPos = r.number();
      const n = r.small(1e6);
      for (;;) {
        id = r.byte();
        if (id === 0) break;
        if (id === 0x09) for (let i = 0; i < n; i++) s.packSizes.push(r.number());
        else if (id === 0x0a) r.digests(n);
        else corrupt('its header is damaged');
      }
      id = r.byte();
    }
    if (id === 0x07) {
      r.expect(0x0b);
      const n = r.small(1e6);
      if (r.byte() !== 0) fail('unsupported', 'an external header');
      let packIndex = 0;
      const outCounts: number[] = [];
      /** Each folder's output that no other coder takes: the folder's data. */
      const mainOuts: number[] = [];
      for (let f = 0; f < n; f++) {
        const coders: Coder[] = [];
        const numCoders = r.small(64);
        let ins = 0;
        let outs = 0;
        for (let c = 0; c < numCoders; c++) {
          const flags = r.byte();
          if (flags & 0x80) fail('unsupported', 'alternative coders');
          const id = r
            .bytes(flags & 0x0f)
            .toString('hex')
            .toUpperCase();
          const coder: Coder = { id, props: Buffer.alloc(0), ins: 1, outs: 1 };
          if (flags & 0x10) {
            coder.ins = r.small(64);
            coder.outs = r.small(64);
          }
          if (flags & 0x20) coder.props = r.bytes(r.small(1 << 16));
          ins += coder.ins;
          outs += coder.outs;
          coders.push(coder);
        }
        const boundOuts = new Set<number>();
        for (let b = 0; b < outs - 1; b++) {
          r.number();
          boundOuts.add(r.number());
        }
        const packed = ins - (outs - 1);
        if (packed < 1) corrupt('its header is damaged');
        if (packed > 1) for (let p = 0; p < packed; p++) r.number();
        s.folders.push({ coders, unpackSize: 0, packIndex, sizes: [], crcs: [] });
        packIndex += packed;
        outCounts.push(outs);
        mainOuts.push([...Array(outs).keys()].find((o) => !boundOuts.has(o)) ?? 0);
      }
      r.expect(0x0c);
      s.folders.forEach((folder, f) => {
        // the folder's data is the output that no other coder takes (with one coder, its only output)
        const sizes: number[] = [];
        for (let o = 0; o < outCounts[f]; o++) sizes.push(r.number());
        folder.unpackSize = sizes[mainOuts[f]];
      });
      for (;;) {
        id = r.byte();
        if (id === 0) break;
        if (id === 0x0a) r.digests(n).forEach((c, f) => (s.folders[f].crc = c));
        else corrupt('its header is damaged');
      }
      id = r.byte();
    }
    // by default each folder is one stream
    for (const folder of s.folders) {
      folder.sizes = [folder.unpackSize];
      folder.crcs = [folder.crc];
    }
    if (id === 0x08) {
      const nums = s.folders.map(() => 1);
      id = r.byte();
      if (id === 0x0d) {
        for (let f = 0; f < nums.length; f++) nums[f] = r.small(1e7);
        id = r.byte();
      }
      s.folders.forEach((folder, f) => {
        folder.sizes = [];
        folder.crcs = new Array(nums[f]).fill(undefined);
        if (nums[f] === 0) return;
        if (nums[f] > 1 && id !== 0x09) corrupt('its header is damaged');
        let sum = 0;
        if (id === 0x09)
          for (let i = 0; i < nums[f] - 1; i++) {
            const size = r.number();
            folder.sizes.push(size);
            sum += size;
          }
        if (sum > folder.unpackSize) corrupt('its header is damaged');
        folder.sizes.push(folder.unpackSize - sum);
        if (nums[f] === 1 && folder.crc !== undefined) folder.crcs[0] = folder.crc;
      });
      if (id === 0x09) id = r.byte();
      if (id === 0x0a) {
        const unknown = s.folders.reduce((n, f, i) => n + (nums[i] === 1 && f.crc !== undefined ? 0 : nums[i]), 0);
        const digests = r.digests(unknown);
        let k = 0;
        s.folders.forEach((folder, i) => {
          if (nums[i] === 1 && folder.crc !== undefined) return;
          for (let j = 0; j < nums[i]; j++) folder.crcs[j] = digests[k++];
        });
        id = r.byte();
      }
      if (id !== 0) corrupt('its header is damaged');
      id = r.byte();
    }
    if (id !== 0) corrupt('its header is damaged');
    return s;
  };

  /** Decodes one folder of `streams`, the whole of it going to `sink`. */
  const decodeFolder = (fd: number, fileSize: number, streams: Streams, f: number, sink: Sink) => {
    const folder = streams.folders[f];
    const names = folder.coders.map((c) => METHODS[c.id] ?? `method ${c.id}`);
    if (folder.coders.length !== 1 || !SUPPORTED.has(folder.coders[0].id)) fail('unsupported', names.join(' + '));
    let start = 32 + streams.packPos;
    for (let i = 0; i < folder.packIndex; i++) start += streams.packSizes[i];
    const size = streams.packSizes[folder.packIndex];
    if (size === undefined) corrupt('its header is damaged');
    if (start + size > fileSize) corrupt('the archive is truncated');
    const input = packReader(fd, start, size);
    const coder = folder.coders[0];
    if (coder.id === '030101') decodeLzma(coder.props, input, folder.unpackSize, sink);
    else if (coder.id === '21') decodeLzma2(coder.props, input, folder.unpackSize, sink);
    else if (coder.id === '040202') decodeBzip2(input, folder.unpackSize, sink);
    else copyStream(input, folder.unpackSize, sink);
  };

  interface Archive {
    fd: number;
    fileSize: number;
    streams: Streams;
    entries: SevenZipEntry[];
    /** For each entry with data: its folder and its substream's place there. */
    places: Map<number, { folder: number; sub: number }>;
  }

  const open = (path: string): Archive => {
    const fd = fs.openSync(path, 'r');
    try {
      const fileSize = fs.fstatSync(fd).size;
      if (fileSize < 32) corrupt('it is not a 7-Zip archive (too short)');
      const sig = readAt(fd, 0, 32);
      if (sig.subarray(0, 6).toString('hex') !== '377abcaf271c') corrupt('it is not a 7-Zip archive');
      if (crc32(sig.subarray(12, 32), 0) !== sig.readUInt32LE(8)) corrupt('its start header fails its check (damaged)');
      const nextOffset = Number(sig.readBigUInt64LE(12));
      const nextSize = Number(sig.readBigUInt64LE(20));
      const nextCrc = sig.readUInt32LE(28);
      if (nextSize === 0) return { fd, fileSize, streams: { packPos: 0, packSizes: [], folders: [] }, entries: [], places: new Map() };
      if (32 + nextOffset + nextSize > fileSize) corrupt('the archive is truncated');
      if (nextSize > 256 * 1024 * 1024) fail('unsupported', 'a header larger than 256 MB');
      let header = readAt(fd, 32 + nextOffset, nextSize);
      if (crc32(header, 0) !== nextCrc) corrupt('its header fails its check (damaged)');
      let r = headerReader(header);
      let id = r.byte();
      // a compressed header: decode it (bounded) and read that
      while (id === 0x17) {
        const packed = readStreams(r);
        if (packed.folders.length !== 1) corrupt('its header is damaged');
        const size = packed.folders[0].unpackSize;
        if (size > 256 * 1024 * 1024) fail('unsupported', 'a header larger than 256 MB');
        const parts: Buffer[] = [];
        decodeFolder(fd, fileSize, packed, 0, (chunk) => parts.push(Buffer.from(chunk)));
        header = Buffer.concat(parts);
        const crc = packed.folders[0].crc;
        if (crc !== undefined && crc32(header, 0) !== crc) corrupt('its header fails its check (damaged)');
        r = headerReader(header);
        id = r.byte();
      }
      if (id !== 0x01) corrupt('its header is damaged');
      id = r.byte();
      if (id === 0x02) {
        while (r.byte() !== 0) r.skip(r.number());
        id = r.byte();
      }
      if (id === 0x03) fail('unsupported', 'additional streams');
      let streams: Streams = { packPos: 0, packSizes: [], folders: [] };
      if (id === 0x04) {
        streams = readStreams(r);
        id = r.byte();
      }
      const entries: SevenZipEntry[] = [];
      const places = new Map<number, { folder: number; sub: number }>();
      if (id === 0x05) {
        const n = r.small(1e7);
        let emptyStream: boolean[] = new Array<boolean>(n).fill(false);
        let emptyFile: boolean[] = [];
        let names: string[] = [];
        let attributes: (number | undefined)[] = [];
        for (;;) {
          const type = r.number();
          if (type === 0) break;
          const size = r.number();
          const body = headerReader(r.bytes(size));
          if (type === 0x0e) emptyStream = body.bitVector(n);
          else if (type === 0x0f) emptyFile = body.bitVector(emptyStream.filter(Boolean).length);
          else if (type === 0x11) {
            if (body.byte() !== 0) fail('unsupported', 'external file names');
            names = body
              .bytes(size - 1)
              .toString('utf16le')
              .split('\0')
              .slice(0, n);
          } else if (type === 0x15) {
            const all = body.byte();
            const defined = all ? new Array<boolean>(n).fill(true) : body.bitVector(n);
            if (body.byte() !== 0) fail('unsupported', 'external attributes');
            attributes = defined.map((d) => (d ? body.uint32() : undefined));
          }
        }
        if (names.length !== n) corrupt('its file names are damaged');
        let folder = 0;
        let sub = 0;
        let empty = 0;
        for (let i = 0; i < n; i++) {
          const attr = attributes[i] ?? 0;
          const unixMode = attr & 0x8000 ? attr >>> 16 : 0;
          const link = (unixMode & 0o170000) === 0o120000 || (attr & 0x400) !== 0;
          if (emptyStream[i]) {
            const isFile = emptyFile[empty++] ?? false;
            entries.push({ index: i, path: names[i], size: 0, folder: !isFile || (attr & 0x10) !== 0, link });
            continue;
          }
          while (folder < streams.folders.length && sub >= streams.folders[folder].sizes.length) {
            folder++;
            sub = 0;
          }
          if (folder >= streams.folders.length) corrupt('its header is damaged (more files than streams)');
          places.set(i, { folder, sub });
          entries.push({ index: i, path: names[i], size: streams.folders[folder].sizes[sub], folder: false, link });
          sub++;
        }
      }
      return { fd, fileSize, streams, entries, places };
    } catch (err) {
      fs.closeSync(fd);
      throw err;
    }
  };

  return {
    list(path: string): SevenZipEntry[] {
      const a = open(path);
      fs.closeSync(a.fd);
      return a.entries;
    },
    /**
     * Unpacks `targets` (each an entry with data) into their files. Every byte decoded counts against `budget`
     * (entries passed over in a solid block too), checked as it comes; each entry is checked against its CRC.
     * Returns the bytes written.
     */
    extract(path: string, targets: SevenZipTarget[], budget: number): number {
      const a = open(path);
      const fds: number[] = [];
      try {
        const byFolder = new Map<number, Map<number, string>>();
        for (const t of targets) {
          const place = a.places.get(t.index);
          if (!place) {
            fds.push(fs.openSync(t.file, 'w'));
            continue;
          }
          if (!byFolder.has(place.folder)) byFolder.set(place.folder, new Map());
          byFolder.get(place.folder)!.set(place.sub, t.file);
        }
        let decoded = 0;
        let written = 0;
        for (const f of [...byFolder.keys()].sort((x, y) => x - y)) {
          const wanted = byFolder.get(f)!;
          const lastWanted = Math.max(...wanted.keys());
          const folder = a.streams.folders[f];
          let sub = 0;
          let left = folder.sizes[0];
          let crc = 0;
          let fd = wanted.has(0) ? fs.openSync(wanted.get(0)!, 'w') : -1;
          if (fd >= 0) fds.push(fd);
          const STOP = { stop: true };
          const next = () => {
            if (fd >= 0) {
              const expected = folder.crcs[sub];
              if (expected !== undefined && crc !== expected) corrupt('an entry fails its check (damaged)');
              fs.closeSync(fd);
              fds.pop();
            }
            if (sub === lastWanted) throw STOP;
            sub++;
            left = folder.sizes[sub];
            crc = 0;
            fd = wanted.has(sub) ? fs.openSync(wanted.get(sub)!, 'w') : -1;
            if (fd >= 0) fds.push(fd);
          };
          try {
            while (left === 0) next();
            decodeFolder(a.fd, a.fileSize, a.streams, f, (chunk) => {
              let at = 0;
              while (at < chunk.length) {
                const n = Math.min(left, chunk.length - at);
                if (decoded + n > budget) fail('too_large', `more than ${budget} bytes`);
                decoded += n;
                const piece = chunk.subarray(at, at + n);
                if (fd >= 0) {
                  let off = 0;
                  while (off < piece.length) off += fs.writeSync(fd, piece, off, piece.length - off);
                  crc = crc32(piece, crc);
                  written += n;
                }
                at += n;
                left -= n;
                while (left === 0) next();
              }
            });
            corrupt('an entry is missing from its block');
          } catch (err) {
            if (err !== STOP) throw err;
          }
        }
        return written;
      } finally {
        for (const fd of fds) fs.closeSync(fd);
        fs.closeSync(a.fd);
      }
    },
  };
}

/** What the worker is asked to do. */
export type SevenZipJob = { op: 'list'; path: string } | { op: 'extract'; path: string; targets: SevenZipTarget[]; budget: number };
type SevenZipReply = { ok: true; entries?: SevenZipEntry[]; written?: number } | { ok: false; failure: SevenZipFailure };

/** The reader thread's entry (seven-zip-worker.ts beside this file): bundled by the build, or by startWorker from the sources. */
const WORKER_ENTRY = new URL('./seven-zip-worker.ts', import.meta.url);

/** Runs a job in a worker thread (the request thread keeps serving); a failure comes back as SevenZipFailure. */
export function sevenZipInWorker(job: { op: 'list'; path: string }): Promise<SevenZipEntry[] | SevenZipFailure>;
export function sevenZipInWorker(job: {
  op: 'extract';
  path: string;
  targets: SevenZipTarget[];
  budget: number;
}): Promise<number | SevenZipFailure>;
export function sevenZipInWorker(job: SevenZipJob): Promise<SevenZipEntry[] | number | SevenZipFailure> {
  return new Promise((resolve) => {
    const worker = startWorker(WORKER_ENTRY, { workerData: job, execArgv: [] });
    let settled = false;
    const settle = (v: SevenZipEntry[] | number | SevenZipFailure) => {
      if (settled) return;
      settled = true;
      resolve(v);
      void worker.terminate();
    };
    worker.once('message', (m: SevenZipReply) => settle(m.ok ? (m.entries ?? m.written ?? 0) : m.failure));
    worker.once('error', (err) => settle({ kind: 'corrupt', message: `the reader stopped: ${err.message}` }));
    worker.once('exit', (code) => settle({ kind: 'corrupt', message: `the reader stopped (${code})` }));
  });
}

export function isFailure(v: unknown): v is SevenZipFailure {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'kind' in v && 'message' in v;
}
