import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { gunzipSync } from "node:zlib";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { documentStream, htmlBytes } from "./document-stream.server";

/** A list of short labels as React renders it, through the pass-through, as the browser receives it. */
function rendered(labels: string[]): Promise<string> {
  const list = createElement(
    "ul",
    null,
    labels.map((label, i) => createElement("li", { key: i, "aria-label": label }, label)),
  );
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(list, {
      onAllReady: () => resolve(text(pipe(documentStream()))),
      onShellError: reject,
    });
  });
}

describe("documentStream", () => {
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
    const out = await text(Readable.from([source]).pipe(documentStream()));
    expect(out).toBe("abد");
  });

  it("sends what React writes in one pass as one chunk, so a compressed response is flushed once", async () => {
    const list = createElement(
      "ul",
      null,
      Array.from({ length: 2000 }, (_, i) => createElement("li", { key: i }, `Client ${i}`)),
    );
    const chunks: Buffer[] = await new Promise((resolve, reject) => {
      const { pipe } = renderToPipeableStream(list, {
        onAllReady: () => {
          const received: Buffer[] = [];
          pipe(documentStream())
            .on("data", (chunk: Buffer) => received.push(chunk))
            .on("end", () => resolve(received));
        },
        onShellError: reject,
      });
    });
    const html = Buffer.concat(chunks).toString("utf8");
    // About 39 KB, which React writes as some 19 chunks of 2,048 bytes.
    expect(html.length).toBeGreaterThan(30_000);
    expect(html).toContain("<li>Client 1999</li>");
    expect(chunks).toHaveLength(1);
  });

  it("makes the same bytes from a table's rows one at a time as from their joined text", () => {
    const row = [
      "<tr><td>Fatima · فاطمة\u0000</td></tr>",
      "<tr><td>😀 — Ali</td></tr>",
      "",
      "<tr><td>A&amp;B</td></tr>",
    ];
    const rows = Array.from({ length: 500 }, () => row).flat();
    const joined = rows.join("");
    const bytes = htmlBytes(rows);
    expect(bytes.equals(htmlBytes(joined))).toBe(true);
    expect(bytes.toString("utf8")).toBe(joined.replaceAll("\u0000", ""));
    // The bytes kept are just those written.
    const clean = rows.filter((r) => !r.includes("\u0000"));
    expect(htmlBytes(clean).buffer.byteLength).toBe(Buffer.byteLength(clean.join("")));
  });

  it("puts bytes kept for a marker where React wrote it, once, and nothing else changed", async () => {
    const marker = "<!--rows-->";
    // A zero byte typed into a field is dropped when the bytes are made, as it is from what React writes.
    const rows = htmlBytes("<tr><td>Fatima · فاطمة\u0000</td></tr>");
    const html = await new Promise<string>((resolve, reject) => {
      const page = createElement(
        "main",
        null,
        createElement("p", null, `Search: ${marker}`),
        createElement("table", null, createElement("tbody", { dangerouslySetInnerHTML: { __html: marker } })),
      );
      const { pipe } = renderToPipeableStream(page, {
        onAllReady: () => resolve(text(pipe(documentStream([{ marker, bytes: rows }])))),
        onShellError: reject,
      });
    });
    // Text that reads like the marker is escaped by React, so only the element's own marker is replaced.
    expect(html).toBe(
      "<main><p>Search: &lt;!--rows--&gt;</p><table><tbody><tr><td>Fatima · فاطمة</td></tr></tbody></table></main>",
    );
  });

  it("keeps quiet about a marker missing from an error page", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const source = Buffer.from("<h1>Not found</h1>", "utf8");
    const insertion = { marker: "<!--rows-->", bytes: Buffer.from("<tr></tr>") };
    const out = await text(Readable.from([source]).pipe(documentStream([insertion], { reportMissing: false })));
    expect(out).toBe("<h1>Not found</h1>");
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("says so when a marker never came, rather than sending an empty list without a word", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const source = Buffer.from("<table><tbody></tbody></table>", "utf8");
    const out = await text(
      Readable.from([source]).pipe(documentStream([{ marker: "<!--rows-->", bytes: Buffer.from("<tr></tr>") }])),
    );
    expect(out).toBe("<table><tbody></tbody></table>");
    expect(logged).toHaveBeenCalledWith("documentStream: no <!--rows--> in the document");
    logged.mockRestore();
  });

  it("sends the document as one gzip member, kept bytes in place, whichever order their markers come in", async () => {
    const alerts = htmlBytes("<li>Birthday: Maryam · مريم</li>".repeat(200));
    const rows = htmlBytes("<tr><td>Fatima · فاطمة</td></tr>".repeat(500));
    const insertions = [
      { marker: "<!--rows-->", bytes: rows },
      { marker: "<!--alerts-->", bytes: alerts },
    ];
    // Two passes, as React writes a shell and then the data it streams; the alerts' marker comes first.
    const passes = ["<main><ul><!--alerts--></ul><table><!--rows--></table>", "</main><script>done()</script>"];
    const plain = await text(Readable.from(passes.map((pass) => Buffer.from(pass))).pipe(documentStream(insertions)));
    for (let i = 0; i < 2; i++) {
      const gzipped = await buffer(
        Readable.from(passes.map((pass) => Buffer.from(pass))).pipe(documentStream(insertions, { gzip: true })),
      );
      // gunzip checks the trailer's CRC-32 and length against what it decoded.
      expect(gunzipSync(gzipped).toString("utf8")).toBe(plain);
    }
    expect(plain).toBe(
      `<main><ul>${alerts.toString()}</ul><table>${rows.toString()}</table></main><script>done()</script>`,
    );
  });

  it("sends a whole, empty gzip member for an empty document", async () => {
    const gzipped = await buffer(Readable.from([]).pipe(documentStream([], { gzip: true, reportMissing: false })));
    expect(gunzipSync(gzipped).length).toBe(0);
  });
});
