import { describe, expect, it } from "vitest";
import { clientSearchText, isNumberFragment, likeContainsPattern, searchFragment } from "./client-search";

describe("customer search", () => {
  const text = clientSearchText({
    fullName: "Aisha  Al Mansoori",
    mobileNumber: "971501234567",
    email: "Aisha@Example.com",
    emiratesId: "784-1990-1234567-1",
  });

  it("holds the lower-cased name, mobile, email and ID (and the ID's digits)", () => {
    expect(text).toBe("aisha al mansoori 971501234567 aisha@example.com 784-1990-1234567-1 784199012345671");
  });

  const matches = (query: string) => text.includes(searchFragment(query)!);

  it.each([
    "AISHA",
    "mansoori",
    "050 123",
    "+971 50 123 4567",
    "00971501234567",
    "1234567",
    "example.com",
    "784-1990",
    "7841990",
  ])("finds the client by %s", (query) => {
    expect(matches(query)).toBe(true);
  });

  it.each(["fatima", "055 123", "999"])("does not find them by %s", (query) => {
    expect(matches(query)).toBe(false);
  });

  it("matches numbers on their digits, without the local or international prefix", () => {
    expect(searchFragment(" 050 123-45 ")).toBe("5012345");
    expect(searchFragment("+971 50")).toBe("97150");
    expect(searchFragment("0097150")).toBe("97150");
    expect(searchFragment("0")).toBe("0");
  });

  it("gives nothing to match for an empty query", () => {
    expect(searchFragment("   ")).toBeNull();
  });
});

describe("isNumberFragment", () => {
  it("takes five digits or more, as a mobile or ID typed in part is, for a search of few matches", () => {
    expect(isNumberFragment(searchFragment("050 123"))).toBe(true);
    expect(isNumberFragment(searchFragment("784-1990"))).toBe(true);
    expect(isNumberFragment(searchFragment("0501"))).toBe(false);
    expect(isNumberFragment(searchFragment("smith"))).toBe(false);
    expect(isNumberFragment(searchFragment(""))).toBe(false);
  });
});

describe("likeContainsPattern", () => {
  it("escapes LIKE's wildcards and its escape character, and matches anywhere", () => {
    expect(likeContainsPattern("50%")).toBe("%50\\%%");
    expect(likeContainsPattern("snake_case")).toBe("%snake\\_case%");
    expect(likeContainsPattern("a\\b")).toBe("%a\\\\b%");
    expect(likeContainsPattern("plain")).toBe("%plain%");
  });
});

describe("customer search in Arabic", () => {
  const text = clientSearchText({
    fullName: "Ahmed Al Hashimi",
    fullNameAr: "أحمد الهاشمي",
    mobileNumber: "971501112222",
  });

  it("holds the Arabic name folded for search", () => {
    expect(text).toBe("ahmed al hashimi احمد الهاشمي 971501112222");
  });

  it.each(["احمد", "أحمد", "أحْمَد", "الهاشمي"])("finds the client by %s", (query) => {
    expect(text.includes(searchFragment(query)!)).toBe(true);
  });
});
