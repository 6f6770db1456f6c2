import { describe, expect, it } from "vitest";
import { parseAuditQuery } from "./audit-query";

const parse = (query: string) => parseAuditQuery(new URLSearchParams(query));

describe("parseAuditQuery", () => {
  it("reads target=client:<id> with a default and a bounded limit", () => {
    expect(parse("target=client:42")).toEqual({ ok: true, query: { clientId: 42, limit: 100 } });
    expect(parse("target=client:42&limit=500")).toEqual({ ok: true, query: { clientId: 42, limit: 500 } });
  });

  it("refuses junk with the parameter at fault", () => {
    for (const [query, path] of [
      ["", "target"],
      ["target=client:", "target"],
      ["target=client:0", "target"],
      ["target=user:abc", "target"],
      ["target=client:1&target=client:2", "target"],
      ["target=client:1%20OR%201=1", "target"],
      ["target=client:1&limit=0", "limit"],
      ["target=client:1&limit=501", "limit"],
      ["target=client:1&limit=abc", "limit"],
      ["target=client:1&limit=1e3", "limit"],
      ["target=client:1&page=2", "page"],
    ] as const)
      expect(parse(query), query).toMatchObject({ ok: false, path });
  });
});
