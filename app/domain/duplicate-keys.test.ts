import { describe, expect, it } from "vitest";
import {
  duplicateKeys,
  duplicateReasons,
  duplicateScore,
  foldArabicName,
  foldName,
  MAX_HOLDERS_PER_KEY,
  pairOf,
  pairsSharingKeys,
  reasonsColumn,
  reasonsFromColumn,
} from "./duplicate-keys";

const client = (over: Partial<Parameters<typeof duplicateKeys>[0]> = {}) => ({
  fullName: "Aisha Al Mansoori",
  fullNameAr: null,
  email: null,
  emiratesId: null,
  dateOfBirth: null,
  ...over,
});

describe("foldName", () => {
  it("ignores case, spaces, hyphens and dots", () => {
    expect(foldName("Aisha  Mansoori")).toBe(foldName("aisha-mansoori"));
    expect(foldName("A.  Mansoori")).toBe(foldName("a mansoori"));
    expect(foldName("AISHA MANSOORI")).toBe("aishamansuri");
  });

  it("drops the article Al, Al-, El and Ul when it stands alone", () => {
    expect(foldName("Aisha Al Mansoori")).toBe(foldName("Aisha Mansoori"));
    expect(foldName("Aisha Al-Mansoori")).toBe(foldName("Aisha Mansoori"));
    expect(foldName("Omar El Sayed")).toBe(foldName("Omar Sayed"));
    expect(foldName("Zia Ul Haq")).toBe(foldName("Zia Haq"));
    // A name that only begins with the letters is kept whole.
    expect(foldName("Alia Khan")).toBe("aliakhan");
  });

  it("makes common spellings of one Arabic name one", () => {
    const muhammad = ["Mohammed", "Mohamed", "Muhammad", "Mohammad"].map((n) => foldName(`${n} Ali`));
    expect(new Set(muhammad).size).toBe(1);
    expect(foldName("Abdul Rahman")).toBe(foldName("Abdel Rahman"));
    expect(foldName("Abd Al Rahman")).toBe(foldName("Abdulrahman"));
    expect(foldName("Abdullah")).toBe(foldName("Abdallah"));
    expect(foldName("Ahmed Saleh")).toBe(foldName("Ahmad Saleh"));
    expect(new Set(["Yousef", "Yusuf", "Youssef"].map(foldName)).size).toBe(1);
    expect(new Set(["Hussain", "Hussein", "Husain"].map(foldName)).size).toBe(1);
  });

  it("makes ee/ei/i and oo/ou/u endings one", () => {
    expect(foldName("Mansoori")).toBe(foldName("Mansouri"));
    expect(foldName("Mansuri")).toBe(foldName("Mansouri"));
    expect(foldName("Hashmee")).toBe(foldName("Hashmi"));
    expect(foldName("Hashmei")).toBe(foldName("Hashmi"));
  });

  it("keeps different names apart", () => {
    expect(foldName("Aisha Mansoori")).not.toBe(foldName("Fatima Mansoori"));
    expect(foldName("Ahmed Ali")).not.toBe(foldName("Ali Ahmed"));
  });

  it("folds Arabic letters as the search does", () => {
    expect(foldName("أحمد")).toBe(foldName("احمد"));
    expect(foldArabicName("فاطمة الزهراء")).toBe(foldArabicName("فاطمه  الزهراء"));
    expect(foldArabicName("مُحَمَّد")).toBe(foldArabicName("محمد"));
  });

  it("leaves nothing of a name made only of separators", () => {
    expect(foldName(" - . ")).toBe("");
  });
});

describe("duplicateKeys", () => {
  const born = new Date("1990-04-12T00:00:00Z");

  it("keys an Emirates ID by its 15 digits, with or without hyphens", () => {
    expect(duplicateKeys(client({ emiratesId: "784-1990-1234567-1" })).dupEmiratesIdKey).toBe("784199012345671");
    expect(duplicateKeys(client({ emiratesId: "1234" })).dupEmiratesIdKey).toBeNull();
  });

  it("keys an email in any case", () => {
    expect(duplicateKeys(client({ email: " Aisha@Example.COM " })).dupEmailKey).toBe("aisha@example.com");
  });

  it("keys a name or an Arabic name only with a birth date", () => {
    expect(duplicateKeys(client()).dupNameKey).toBeNull();
    expect(duplicateKeys(client({ dateOfBirth: born })).dupNameKey).toBe("aishamansuri|1990-04-12");
    expect(duplicateKeys(client({ fullNameAr: "عائشة", dateOfBirth: born })).dupArabicNameKey).toBe("عائشه|1990-04-12");
    expect(duplicateKeys(client({ fullNameAr: "عائشة" })).dupArabicNameKey).toBeNull();
  });
});

describe("duplicateReasons and duplicateScore", () => {
  const born = new Date("1990-04-12T00:00:00Z");
  const a = duplicateKeys(
    client({ email: "a@x.ae", emiratesId: "784199012345671", dateOfBirth: born, fullNameAr: "عائشة" }),
  );

  it("names every shared key, strongest first", () => {
    const b = duplicateKeys(
      client({ fullName: "aisha al-mansouri", email: "A@X.AE", dateOfBirth: born, fullNameAr: "عائشه" }),
    );
    expect(duplicateReasons(a, b)).toEqual(["email", "name_birth_date", "arabic_name_birth_date"]);
    expect(duplicateReasons(a, a)).toEqual(["emirates_id", "email", "name_birth_date", "arabic_name_birth_date"]);
  });

  it("finds nothing when only empty keys agree", () => {
    expect(duplicateReasons(duplicateKeys(client()), duplicateKeys(client()))).toEqual([]);
  });

  it("scores an Emirates ID above an email, an email above a name", () => {
    expect(duplicateScore(["emirates_id"])).toBeGreaterThan(duplicateScore(["email", "arabic_name_birth_date"]));
    expect(duplicateScore(["email"])).toBeGreaterThan(duplicateScore(["name_birth_date"]));
    expect(duplicateScore(["email", "name_birth_date"])).toBeGreaterThan(duplicateScore(["email"]));
    expect(duplicateScore([])).toBe(0);
  });

  it("stores reasons as one column and reads them back, unknown ones dropped", () => {
    expect(reasonsFromColumn(reasonsColumn(["email", "name_birth_date"]))).toEqual(["email", "name_birth_date"]);
    expect(reasonsFromColumn("email,nonsense")).toEqual(["email"]);
  });

  it("stores a pair lower id first", () => {
    expect(pairOf(9, 3)).toEqual({ lowId: 3, highId: 9 });
  });
});

describe("pairsSharingKeys", () => {
  const keyed = (id: number, over: Partial<Parameters<typeof duplicateKeys>[0]>) => ({
    id,
    ...duplicateKeys(client(over)),
  });
  const born = new Date("1990-04-12T00:00:00Z");

  it("pairs every two holders of a key, lower id first, with all their shared reasons strongest first", () => {
    const pairs = pairsSharingKeys([
      keyed(7, { email: "a@x.ae", dateOfBirth: born }),
      keyed(3, { fullName: "AISHA AL-MANSOURI", email: "A@x.ae", dateOfBirth: born }),
      keyed(5, { fullName: "Someone Else", email: "a@x.ae" }),
      keyed(9, { fullName: "Nobody", email: "b@x.ae" }),
    ]);
    expect([...pairs.keys()].sort()).toEqual(["3:5", "3:7", "5:7"]);
    expect(pairs.get("3:7")).toEqual({ lowId: 3, highId: 7, reasons: ["email", "name_birth_date"] });
    expect(pairs.get("5:7")!.reasons).toEqual(["email"]);
  });

  it("finds the same reasons as comparing each two clients", () => {
    const a = keyed(1, { email: "a@x.ae", emiratesId: "784199012345671", dateOfBirth: born, fullNameAr: "عائشة" });
    const b = keyed(2, { fullName: "aisha al-mansouri", email: "A@X.AE", dateOfBirth: born, fullNameAr: "عائشه" });
    expect(pairsSharingKeys([a, b]).get("1:2")!.reasons).toEqual(duplicateReasons(a, b));
  });

  it("makes no pairs of a key held by more clients than a person could be (a placeholder)", () => {
    const many = Array.from({ length: MAX_HOLDERS_PER_KEY + 1 }, (_, i) =>
      keyed(i + 1, { fullName: `Client ${i}`, email: "shop@x.ae" }),
    );
    expect(pairsSharingKeys(many).size).toBe(0);
    expect(pairsSharingKeys(many.slice(0, MAX_HOLDERS_PER_KEY)).size).toBe(
      (MAX_HOLDERS_PER_KEY * (MAX_HOLDERS_PER_KEY - 1)) / 2,
    );
  });
});
