import { Transform } from "node:stream";

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
 * stripped again by every request.
 */
export function htmlBytes(html: string): Buffer {
  return withoutNulBytes(Buffer.from(html));
}

/** Bytes ready before the render (a kept page of client rows, from htmlBytes) that go where React wrote `marker`. */
export type DocumentInsertion = { marker: string; bytes: Buffer };

/**
 * The rendered document on its way to the response: without zero bytes (above), and with what React
 * writes in one pass (up to hundreds of 2,048-byte chunks) sent on as one chunk. Remix flushes the
 * response after every chunk it reads, and with compression on each flush is a compressor flush:
 * fewer of them let a worker serve 8 to 20% more compressed /login, /customers and /dashboard pages
 * (README "Performance"). A pass is everything React wrote before the event loop turns, so the
 * document still streams as React renders it.
 *
 * Each insertion's bytes replace the first `marker` in the pass that holds it, so HTML kept as bytes
 * is neither rendered nor encoded again (decision 033). A marker is an HTML comment written by one
 * element in the shell, which React writes in one pass; escaped text can never contain one.
 */
export function documentStream(
  insertions: readonly DocumentInsertion[] = [],
  { reportMissing = true }: { reportMissing?: boolean } = {},
): Transform {
  let pending: Buffer[] = [];
  let releaseScheduled = false;
  let waiting = insertions;
  const release = () => {
    releaseScheduled = false;
    if (pending.length === 0) return;
    let pass = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    if (waiting.length > 0) {
      const unplaced: DocumentInsertion[] = [];
      for (const insertion of waiting) {
        const at = pass.indexOf(insertion.marker);
        if (at === -1) unplaced.push(insertion);
        else
          pass = Buffer.concat([
            pass.subarray(0, at),
            insertion.bytes,
            pass.subarray(at + Buffer.byteLength(insertion.marker)),
          ]);
      }
      waiting = unplaced;
    }
    stream.push(pass);
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
      // A list whose element never rendered, or rendered outside the shell (a Suspense boundary); not
      // worth a word when an error boundary took the page's place.
      if (reportMissing)
        for (const { marker } of waiting) console.error(`documentStream: no ${marker} in the document`);
      done();
    },
  });
  return stream;
}
