import { describe, expect, it } from "vitest";
import { metaText } from "./meta-text";
// The server's catalogs, every namespace of both languages.
import "./resources.server";

describe("page titles from the page language's catalogs", () => {
  const arabic = [
    { id: "root", data: { language: "ar" } },
    { id: "routes/_app", data: null },
  ];

  it("finds a key, nested or not, in the root's language", () => {
    expect(metaText(arabic, "dashboard:title")).toBe("لوحة التحكم");
    expect(metaText(arabic, "common:errors.title")).toBe("حدث خطأ ما");
  });

  it("falls back to English when the root loader failed, and shows a key the catalogs lack", () => {
    expect(metaText([{ id: "root", data: undefined }], "dashboard:title")).toBe("Dashboard");
    expect(metaText(arabic, "common:errors.nope")).toBe("common:errors.nope");
  });
});
