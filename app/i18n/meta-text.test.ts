import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalogs } from "./catalogs";
import { metaText } from "./meta-text";

describe("page titles from the page language's catalogs", () => {
  beforeAll(() => Promise.all([loadCatalogs("ar"), loadCatalogs("en")]));
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
