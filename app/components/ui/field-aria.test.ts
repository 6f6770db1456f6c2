import { describe, expect, it } from "vitest";
import { fieldControlProps, fieldDescribedBy, fieldIds } from "./field-aria";

describe("fieldIds", () => {
  it("derives the hint and error ids from the control's id, as Conform names its error slot", () => {
    expect(fieldIds({ id: "client-new-name" })).toEqual({
      id: "client-new-name",
      hintId: "client-new-name-hint",
      errorId: "client-new-name-error",
    });
  });

  it("keeps an error id the caller gives (a Conform field's metadata)", () => {
    expect(fieldIds({ id: "a", errorId: "form-a-error" }).errorId).toBe("form-a-error");
  });
});

describe("fieldDescribedBy", () => {
  const ids = fieldIds({ id: "f" });

  it("names nothing for a field with no hint and no error", () => {
    expect(fieldDescribedBy(ids, { hint: false })).toBeUndefined();
    expect(fieldDescribedBy(ids, { hint: false, error: "" })).toBeUndefined();
  });

  it("names the hint always and the error only while there is one, error first", () => {
    expect(fieldDescribedBy(ids, { hint: true })).toBe("f-hint");
    expect(fieldDescribedBy(ids, { hint: false, error: "Required" })).toBe("f-error");
    expect(fieldDescribedBy(ids, { hint: true, error: "Required" })).toBe("f-error f-hint");
  });
});

describe("fieldControlProps", () => {
  const ids = fieldIds({ id: "f" });

  it("marks the control invalid only with an error to read", () => {
    expect(fieldControlProps(ids, { hint: false })).toEqual({
      id: "f",
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
    expect(fieldControlProps(ids, { hint: true, error: "Too long" })).toEqual({
      id: "f",
      "aria-invalid": true,
      "aria-describedby": "f-error f-hint",
    });
  });
});
