import { Transform } from "node:stream";

/**
 * A pass-through for the rendered document that drops zero bytes. React 18.3's Node renderer fills
 * 2,048-byte chunks, and when the next character is multi-byte and does not fit, it sends the whole
 * chunk anyway, its unused last byte still zero (`writeStringChunk` in react-dom/server.node). On an
 * Arabic page that is a "�" in the middle of a word, or in an aria-label a screen reader reads.
 * A zero byte is never part of a UTF-8 character and never belongs in a page, so dropping every one
 * is exact. Remove with React 19, whose renderer sends only the bytes it wrote.
 */
export function stripNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.indexOf(0) === -1) return done(null, chunk);
      const kept = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
      done(null, kept.subarray(0, length));
    },
  });
}
