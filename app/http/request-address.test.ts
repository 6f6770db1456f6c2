import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./request-address";

const asking = (acceptEncoding?: string) =>
  new Request(
    "http://127.0.0.1/customers",
    acceptEncoding === undefined ? {} : { headers: { "Accept-Encoding": acceptEncoding } },
  );

describe("acceptsGzip", () => {
  it("takes gzip where a browser offers it, whatever else it offers", () => {
    expect(acceptsGzip(asking("gzip, deflate, br, zstd"))).toBe(true);
    expect(acceptsGzip(asking("br;q=1.0, GZIP;q=0.5"))).toBe(true);
    expect(acceptsGzip(asking("*"))).toBe(true);
  });

  it("does not where gzip is refused or not offered", () => {
    expect(acceptsGzip(asking())).toBe(false);
    expect(acceptsGzip(asking("identity"))).toBe(false);
    expect(acceptsGzip(asking("br"))).toBe(false);
    expect(acceptsGzip(asking("gzip;q=0, br"))).toBe(false);
    expect(acceptsGzip(asking("*, gzip;q=0"))).toBe(false);
    expect(acceptsGzip(asking("gzip;q=0.000"))).toBe(false);
  });
});
