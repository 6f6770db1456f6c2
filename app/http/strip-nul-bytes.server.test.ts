import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { stripNulBytes } from "./strip-nul-bytes.server";

/** A list of short labels as React renders it, through the pass-through, as the browser receives it. */
function rendered(labels: string[]): Promise<string> {
  const list = createElement(
    "ul",
    null,
    labels.map((label, i) => createElement("li", { key: i, "aria-label": label }, label)),
  );
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(list, {
      onAllReady: () => resolve(text(pipe(stripNulBytes()))),
      onShellError: reject,
    });
  });
}

describe("stripNulBytes", () => {
  it("leaves no zero byte where React pads a chunk before a two-byte character", async () => {
    // Short strings (React encodes long ones whole) of two-byte letters after an odd number of ASCII
    // bytes: some letter is bound to straddle a 2,048-byte boundary.
    const labels = Array.from({ length: 200 }, (_, i) => `إعداد تطبيق المصادقة لـ ${i}`);
    const html = await rendered(labels);
    expect(html).not.toContain("\u0000");
    for (const label of labels) expect(html).toContain(`aria-label="${label}"`);
  });

  it("passes other bytes through unchanged", async () => {
    const source = Buffer.from("a\u0000bد\u0000", "utf8");
    const out = await text(Readable.from([source]).pipe(stripNulBytes()));
    expect(out).toBe("abد");
  });
});
