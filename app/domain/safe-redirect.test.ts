import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const HOME = "/dashboard";

describe("safeRedirectPath", () => {
  it.each([
    ["/customers", "/customers"],
    ["/customers?tier=Gold&page=2", "/customers?tier=Gold&page=2"],
    ["/customers/abc/edit#sales", "/customers/abc/edit#sales"],
    // Encoded slashes stay inside the path: a browser does not decode them into a host.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/./b/../c", "/a/c"],
  ])("keeps the same-site path %j", (to, expected) => {
    expect(safeRedirectPath(to, HOME)).toBe(expected);
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["slash backslash slash", "/\\/evil.example"],
    ["tab between the slashes", "/\t/evil.example"],
    ["newline between the slashes", "/\n/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["leading tab", "\t//evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["dot segment that normalises to //", "/.//evil.example"],
    ["parent segments that normalise to //", "/a/../..//evil.example"],
    ["absolute URL", "https://evil.example/"],
    ["javascript: URL", "javascript:alert(1)"],
    ["relative path", "customers"],
    ["empty", ""],
  ])("refuses a %s target", (_name, to) => {
    expect(safeRedirectPath(to, HOME)).toBe(HOME);
  });

  it("refuses what is not a string (a missing field, an uploaded file)", () => {
    expect(safeRedirectPath(null, HOME)).toBe(HOME);
    expect(safeRedirectPath(undefined, HOME)).toBe(HOME);
    expect(safeRedirectPath(new File(["/x"], "x"), HOME)).toBe(HOME);
  });

  it("decodes a query string the way the login page reads it, and still refuses the tab", () => {
    const to = new URL("http://x/login?redirectTo=%2F%09%2Fevil.example").searchParams.get("redirectTo");
    expect(to).toBe("/\t/evil.example");
    expect(safeRedirectPath(to, HOME)).toBe(HOME);
  });
});
