import { describe, expect, it } from "vitest";
import { isCrossSite, listedOrigins } from "./cross-site";

const own = "http://127.0.0.1:3000";
const post = (origin: string | null, referer: string | null = null, listed: string[] = []) =>
  isCrossSite({ method: "POST", origin, referer, ownOrigin: own, listed });

describe("isCrossSite", () => {
  it("accepts the app's own origin and listed ones, and requests that name none", () => {
    expect(post(own)).toBe(false);
    expect(post("https://crm.example.test", null, ["https://crm.example.test"])).toBe(false);
    expect(post(null, `${own}/customers`)).toBe(false);
    expect(post(null, null)).toBe(false);
  });

  it("refuses a foreign, null or malformed Origin whatever the Referer says", () => {
    expect(post("https://evil.example")).toBe(true);
    expect(post("null", `${own}/customers`)).toBe(true);
    expect(post("not a url")).toBe(true);
    expect(post(`${own}/`)).toBe(true);
    expect(post("https://127.0.0.1:3000")).toBe(true);
  });

  it("without an Origin, a foreign or unparseable Referer is refused", () => {
    expect(post(null, "https://evil.example/form")).toBe(true);
    expect(post(null, "::junk")).toBe(true);
  });

  it("never checks methods that change nothing", () => {
    for (const method of ["GET", "head", "OPTIONS"])
      expect(isCrossSite({ method, origin: "null", referer: null, ownOrigin: own, listed: [] })).toBe(false);
  });
});

describe("listedOrigins", () => {
  it("reads APP_ORIGIN's comma-separated entries without trailing slashes", () => {
    expect(listedOrigins(undefined)).toEqual([]);
    expect(listedOrigins(" https://crm.example.test/ , http://10.0.0.5:3000,")).toEqual([
      "https://crm.example.test",
      "http://10.0.0.5:3000",
    ]);
  });
});
