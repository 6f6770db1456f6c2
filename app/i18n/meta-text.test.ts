import { describe, expect, it } from "vitest";
import { metaText } from "./meta-text";

describe("page titles from the root's catalogs", () => {
  const matches = [
    { id: "root", data: { catalogs: { dashboard: { title: "لوحة التحكم" }, common: { errors: { title: "خطأ" } } } } },
    { id: "routes/_app", data: null },
  ];

  it("finds a key, nested or not", () => {
    expect(metaText(matches, "dashboard:title")).toBe("لوحة التحكم");
    expect(metaText(matches, "common:errors.title")).toBe("خطأ");
  });

  it("shows the key when the catalogs are missing (the root loader failed) or lack it", () => {
    expect(metaText([{ id: "root", data: undefined }], "dashboard:title")).toBe("dashboard:title");
    expect(metaText(matches, "common:errors.nope")).toBe("common:errors.nope");
  });
});
