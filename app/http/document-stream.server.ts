import { Transform } from "node:stream";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { derivedFrom } from "~/cache/derived-from.server";

/**
 * A chunk without its zero bytes. React 18.3's Node renderer fills 2,048-byte chunks, and when the
 * next character is multi-byte and does not fit, it sends the whole chunk anyway, its unused last byte
 * still zero (`writeStringChunk` in react-dom/server.node). On an Arabic page that is a "�" in the
 * middle of a word, or in an aria-label a screen reader reads. A zero byte is never part of a UTF-8
 * character and never belongs in a page, so dropping every one is exact. Remove with React 19, whose
 * renderer sends only the bytes it wrote.
 */
function withoutNulBytes(chunk: Buffer): Buffer {
  if (chunk.indexOf(0) === -1) return chunk;
  const kept = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
  return kept.subarray(0, length);
}

/**
 * HTML made before the render, as the bytes documentStream inserts: UTF-8 without zero bytes, as it
 * sends what React writes. Made once per kept page, so a zero byte typed into a name is not
 * stripped again by every request. Given in pieces (a table's rows), each is encoded as it comes:
 * a long string built by `+=` is flattened before it is encoded, and 500 rows' HTML took 1.3 ms
 * that way against 0.4 ms a row at a time.
 */
export function htmlBytes(html: string | readonly string[]): Buffer {
  if (typeof html === "string") return withoutNulBytes(Buffer.from(html));
  const bytes = Buffer.allocUnsafe(html.reduce((size, piece) => size + Buffer.byteLength(piece), 0));
  let length = 0;
  for (const piece of html) length += bytes.write(piece, length);
  return withoutNulBytes(bytes);
}

/** Bytes ready before the render (a kept page of client rows, from htmlBytes) that go where React wrote `marker`. */
export type DocumentInsertion = { marker: string; bytes: Buffer };

/** A gzip member's header: deflate, no name, no time, no flags, "unknown" system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Bytes as deflate blocks of their own: no reference to anything before them, and ending on a byte
 * boundary with the last block left open, so they can go between any two others of a gzip member.
 */
function deflatedAlone(bytes: Buffer): Buffer {
  return deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Kept bytes deflated once, for as long as they are kept (decision 034; app/cache/README.md). */
function deflatedOnce(bytes: Buffer): Buffer {
  return derivedFrom(bytes, "deflated", () => deflatedAlone(bytes));
}

/**
 * A document sent as one gzip member, part by part: what React wrote deflated as it comes, kept
 * bytes deflated once (decision 034). The trailer's CRC-32 and length cover every part, in order.
 */
function gzipMember() {
  let checksum = 0;
  let length = 0;
  let started = false;
  return {
    part(bytes: Buffer, kept: boolean): Buffer[] {
      const head = started ? [] : [GZIP_HEADER];
      started = true;
      checksum = crc32(bytes, checksum);
      length += bytes.length;
      return [...head, kept ? deflatedOnce(bytes) : deflatedAlone(bytes)];
    },
    end(): Buffer {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(checksum >>> 0, 0);
      trailer.writeUInt32LE(length % 2 ** 32, 4);
      // The last, empty, final block closes the member.
      return Buffer.concat([...(started ? [] : [GZIP_HEADER]), deflateRawSync(Buffer.alloc(0)), trailer]);
    },
  };
}

/**
 * The rendered document on its way to the response: without zero bytes (above), and with what React
 * writes in one pass (up to hundreds of 2,048-byte chunks) sent on as one chunk. Remix flushes the
 * response after every chunk it reads, and with compression on each flush is a compressor flush:
 * fewer of them let a worker serve 8 to 20% more compressed /login, /customers and /dashboard pages
 * (issue #19; docs/performance.md). A pass is everything React wrote before the event loop turns, so the
 * document still streams as React renders it.
 *
 * Each insertion's bytes replace the first `marker` in the pass that holds it, so HTML kept as bytes
 * is neither rendered nor encoded again (decision 033). A marker is an HTML comment written by one
 * element in the shell, which React writes in one pass; escaped text can never contain one.
 *
 * With `gzip` the stream is the document gzipped, its kept bytes compressed once for every request
 * that sends them (decision 034); server.mjs's compression leaves an encoded answer as it is.
 */
export function documentStream(
  insertions: readonly DocumentInsertion[] = [],
  { reportMissing = true, gzip = false }: { reportMissing?: boolean; gzip?: boolean } = {},
): Transform {
  let pending: Buffer[] = [];
  let releaseScheduled = false;
  let waiting = insertions;
  const member = gzip ? gzipMember() : null;
  /** A pass as its parts: what React wrote, and kept bytes where their markers were. */
  const partsOf = (pass: Buffer) => {
    const placed: { at: number; insertion: DocumentInsertion }[] = [];
    const unplaced: DocumentInsertion[] = [];
    for (const insertion of waiting) {
      const at = pass.indexOf(insertion.marker);
      if (at === -1) unplaced.push(insertion);
      else placed.push({ at, insertion });
    }
    waiting = unplaced;
    const parts: { bytes: Buffer; kept: boolean }[] = [];
    let from = 0;
    for (const { at, insertion } of placed.sort((a, b) => a.at - b.at)) {
      parts.push({ bytes: pass.subarray(from, at), kept: false }, { bytes: insertion.bytes, kept: true });
      from = at + Buffer.byteLength(insertion.marker);
    }
    parts.push({ bytes: pass.subarray(from), kept: false });
    return parts.filter(({ bytes }) => bytes.length > 0);
  };
  const release = () => {
    releaseScheduled = false;
    if (pending.length === 0) return;
    const pass = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    const parts = partsOf(pass);
    const sent = member
      ? parts.flatMap(({ bytes, kept }) => member.part(bytes, kept))
      : parts.map(({ bytes }) => bytes);
    stream.push(sent.length === 1 ? sent[0]! : Buffer.concat(sent));
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(withoutNulBytes(chunk));
      if (!releaseScheduled) {
        releaseScheduled = true;
        setImmediate(release);
      }
      done();
    },
    flush(done) {
      release();
      if (member) stream.push(member.end());
      // A list whose element never rendered, or rendered outside the shell (a Suspense boundary); not
      // worth a word when an error boundary took the page's place.
      if (reportMissing)
        for (const { marker } of waiting) console.error(`documentStream: no ${marker} in the document`);
      done();
    },
  });
  return stream;
}
