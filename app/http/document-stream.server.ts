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
 * The rendered document on its way to the response: without zero bytes (above), and with what React
 * writes in one pass (up to hundreds of 2,048-byte chunks) sent on as one chunk. Remix flushes the
 * response after every chunk it reads, and with compression on each flush is a compressor flush:
 * fewer of them let a worker serve 8 to 20% more compressed /login, /customers and /dashboard pages
 * (README "Performance"). A pass is everything React wrote before the event loop turns, so the
 * document still streams as React renders it.
 */
export function documentStream(): Transform {
  let pending: Buffer[] = [];
  let releaseScheduled = false;
  const release = () => {
    releaseScheduled = false;
    if (pending.length === 0) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
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
      done();
    },
  });
  return stream;
}
