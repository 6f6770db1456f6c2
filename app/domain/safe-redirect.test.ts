import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const HOME = "/dashboard";

describe("safeRedirectPath", () => {
  it.each([
    ["/customers", "/customers"],
    ["/customers?tier=Gold&page=2", "/customers?tier=Gold&page=2"],
    ["/customers/abc/edit#sales", "/customers/abc/edit#sales"],
    ["/a/./b/../c", "/a/c"],
    // Only the path is decoded: a search for a backslash or a slash stays a search.
    ["/customers?q=%5C%2F%2F", "/customers?q=%5C%2F%2F"],
    ["/customers?q=a%2Fb#x", "/customers?q=a%2Fb#x"],
    ["/customers/%D8%B3%D8%A7%D8%B1%D8%A9", "/customers/%D8%B3%D8%A7%D8%B1%D8%A9"],
  ])("keeps the same-site path %j", (to, expected) => {
    expect(safeRedirectPath(to, HOME)).toBe(expected);
  });

  it.each([
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["lone backslash", "\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded slash, lower case", "/%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["encoded backslash, lower case", "/%5cevil.example"],
    ["double-encoded backslash", "/%255Cevil.example"],
    ["double-encoded slash", "/%252F%252Fevil.example"],
    ["encoded slash after a slash", "/%2F/evil.example"],
    ["encoded tab between the slashes", "/%09/evil.example"],
    ["backslash deeper in the path", "/customers/%5C%5Cevil.example"],
    ["malformed escape", "/customers/%E0%A4%A"],
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
