import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import { chooseMessage } from "./shop-lists";
import { english } from "~/i18n/english.server";
import { parseEditClientInput, parseNewClientInput, validationFailedMessage } from "./client-input";

const SIZE_INVALID =
  "Enter a size as the shop writes it, e.g. 14, N½ or 2.6 (letters, digits, spaces and . / - ½ ¼ ¾, at most 12)";

const minimal = { fullName: "Aisha Al Mansoori", mobileNumber: "050 123 4567", team: "team_a" };

/** Each failing field's message as /api/clients answers it: these English texts are its contract. */
function issuesOf(result: ReturnType<typeof parseNewClientInput> | ReturnType<typeof parseEditClientInput>) {
  if (result.ok) throw new Error("expected issues");
  return Object.fromEntries(result.issues.map((i) => [i.path, english(i.message)]));
}

describe("new client (product rules §5)", () => {
  it("applies the defaults: country uae, emirate dubai, total 0, active; trims name and area", () => {
    const result = parseNewClientInput(
      { ...minimal, fullName: "  Aisha Al Mansoori ", area: "  Jumeirah  " },
      SEEDED_TEAMS,
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        fullName: "Aisha Al Mansoori",
        area: "Jumeirah",
        mobileNumber: "971501234567",
        country: "uae",
        emirate: "dubai",
        totalSalesFils: 0n,
        isActive: true,
        email: null,
        dateOfBirth: null,
      },
    });
  });

  it.each([
    ["+971 50 123 4567", "971501234567"],
    ["00971501234567", "971501234567"],
    ["0501234567", "971501234567"],
    ["501234567", "971501234567"],
    [501234567, "971501234567"],
    ["971501234567", "971501234567"],
  ])("normalises the mobile %s to %s", (mobileNumber, expected) => {
    const result = parseNewClientInput({ ...minimal, mobileNumber }, SEEDED_TEAMS);
    expect(result.ok && result.value.mobileNumber).toBe(expected);
  });

  it("requires name, mobile and team, and names every failing field at once", () => {
    const issues = issuesOf(parseNewClientInput({ fullName: "   ", mobileNumber: "", team: "" }, SEEDED_TEAMS));
    expect(issues).toEqual({
      fullName: "Name is required",
      mobileNumber: "Mobile number is required",
      team: "Team is required",
    });
  });

  it.each([["team_b"], ["TEAM_B"], ["Entry Level"], ["  entry   level "], ["الفئة الأساسية"]])(
    "takes a team by key, English or Arabic name in any case and spacing: %s",
    (team) => {
      const result = parseNewClientInput({ ...minimal, team }, SEEDED_TEAMS);
      expect(result.ok && result.value.team).toBe("team_b");
    },
  );

  it("refuses an inactive team, naming the active ones", () => {
    const teams = SEEDED_TEAMS.map((t) => (t.key === "team_c" ? { ...t, active: false } : t));
    const result = parseNewClientInput({ ...minimal, team: "Mixed Products" }, teams);
    expect(!result.ok && result.issues.find((issue) => issue.path === "team")?.message).toEqual({
      code: "validation:choose.team",
      values: { choices: { names: SEEDED_TEAMS.slice(0, 2).map(({ name, nameAr }) => ({ name, nameAr })) } },
    });
  });

  it("refuses a mobile too short to be one, an unknown team and an invalid email", () => {
    const issues = issuesOf(
      parseNewClientInput({ ...minimal, mobileNumber: "12345", team: "team_z", email: "not-an-email" }, SEEDED_TEAMS),
    );
    expect(issues).toEqual({
      mobileNumber: "Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567)",
      team: english(chooseMessage("teams", SEEDED_TEAMS)),
      email: "Invalid email address",
    });
  });

  it("needs a purchase date for a sales amount above 0", () => {
    const issues = issuesOf(parseNewClientInput({ ...minimal, totalSalesValue: "1500" }, SEEDED_TEAMS));
    expect(issues).toEqual({ lastPurchaseDate: "Purchase date is required when entering a sales amount" });
    expect(parseNewClientInput({ ...minimal, totalSalesValue: "0" }, SEEDED_TEAMS).ok).toBe(true);
  });

  it("reports the purchase date alongside other failures", () => {
    const issues = issuesOf(parseNewClientInput({ ...minimal, fullName: "", totalSalesValue: "10" }, SEEDED_TEAMS));
    expect(Object.keys(issues).sort()).toEqual(["fullName", "lastPurchaseDate"]);
  });

  it("parses the sales amount to exact fils", () => {
    const result = parseNewClientInput(
      {
        ...minimal,
        totalSalesValue: "AED 1,250,000.10",
        lastPurchaseDate: "2024-05-01",
      },
      SEEDED_TEAMS,
    );
    expect(result.ok && result.value.totalSalesFils).toBe(125_000_010n);
    expect(
      issuesOf(
        parseNewClientInput({ ...minimal, totalSalesValue: "12.345", lastPurchaseDate: "2024-05-01" }, SEEDED_TEAMS),
      ),
    ).toEqual({ totalSalesValue: "Enter an amount in AED, e.g. 1250.50" });
  });

  it("sets the emirate to none outside the UAE and requires one of the 8 inside it", () => {
    const abroad = parseNewClientInput({ ...minimal, country: "qatar", emirate: "dubai" }, SEEDED_TEAMS);
    expect(abroad.ok && abroad.value.emirate).toBe("none");
    expect(issuesOf(parseNewClientInput({ ...minimal, country: "uae", emirate: "none" }, SEEDED_TEAMS))).toEqual({
      emirate: "Emirate is required when the country is UAE",
    });
    const sharjah = parseNewClientInput({ ...minimal, emirate: "sharjah" }, SEEDED_TEAMS);
    expect(sharjah.ok && sharjah.value.emirate).toBe("sharjah");
  });

  it("takes calendar dates as YYYY-MM-DD, ISO timestamps or Dates, and refuses impossible days", () => {
    const result = parseNewClientInput(
      {
        ...minimal,
        dateOfBirth: "1990-02-28T00:00:00.000Z",
        anniversaryDate: new Date("2015-06-01T00:00:00Z"),
        emiratesIdExpiry: "2027-01-31",
      },
      SEEDED_TEAMS,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { dateOfBirth: "1990-02-28", anniversaryDate: "2015-06-01", emiratesIdExpiry: "2027-01-31" },
    });
    expect(issuesOf(parseNewClientInput({ ...minimal, dateOfBirth: "2023-02-29" }, SEEDED_TEAMS))).toEqual({
      dateOfBirth: "Enter a valid date (YYYY-MM-DD)",
    });
  });

  it("keeps the extra fields and reads yes/no loosely", () => {
    const result = parseNewClientInput(
      {
        ...minimal,
        contactOk: "yes",
        anniversaryType: "Graduation",
        pepStatus: "No",
        category: "VIP",
        email: "Aisha@Example.COM",
      },
      SEEDED_TEAMS,
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        contactOk: "Yes",
        anniversaryType: "Graduation",
        pepStatus: "No",
        category: "VIP",
        email: "aisha@example.com",
      },
    });
  });

  it("builds the 'Validation failed for:' message from the failing paths", () => {
    const result = parseNewClientInput({ fullName: "", mobileNumber: "", team: "team_a" }, SEEDED_TEAMS);
    expect(!result.ok && validationFailedMessage(result.issues)).toBe("Validation failed for: fullName, mobileNumber");
  });
});

describe("edit client (product rules §5)", () => {
  const edit = { fullName: "Aisha", mobileNumber: "0501234567" };

  it("saves an empty team and anniversary type as null", () => {
    expect(parseEditClientInput({ ...edit, team: "", anniversaryType: "" }, SEEDED_TEAMS)).toMatchObject({
      ok: true,
      value: { team: null, anniversaryType: null },
    });
  });

  it("records a new sale only when above 0, in exact fils", () => {
    expect(parseEditClientInput({ ...edit, newSaleAmount: "0" }, SEEDED_TEAMS)).toMatchObject({
      ok: true,
      value: { newSaleAmount: null },
    });
    expect(parseEditClientInput({ ...edit, newSaleAmount: "0.10" }, SEEDED_TEAMS)).toMatchObject({
      ok: true,
      value: { newSaleAmount: 10n },
    });
    expect(parseEditClientInput({ ...edit, newSaleAmount: "2500.5" }, SEEDED_TEAMS)).toMatchObject({
      ok: true,
      value: { newSaleAmount: 250050n },
    });
  });

  it("accepts only digits with an optional decimal point for the new sale", () => {
    for (const bad of ["1,000", "-5", "12.345", "abc"]) {
      expect(issuesOf(parseEditClientInput({ ...edit, newSaleAmount: bad }, SEEDED_TEAMS))).toEqual({
        newSaleAmount: "Enter the sale amount as digits with an optional decimal point, e.g. 1250.50",
      });
    }
  });

  it("requires name and mobile only", () => {
    expect(issuesOf(parseEditClientInput({ fullName: "", mobileNumber: " " }, SEEDED_TEAMS))).toEqual({
      fullName: "Name is required",
      mobileNumber: "Mobile number is required",
    });
  });
});

describe("preferences (docs/decisions/019)", () => {
  it("reads sizes, metals, stones, styles and the budget however they arrive: JSON, ticked boxes or a cell", () => {
    const fromJson = parseEditClientInput(
      {
        ...minimal,
        ringSize: 14,
        bangleSize: " 2.6 ",
        preferredMetals: ["yellow_gold", "white_gold"],
        preferredStones: ["diamond"],
        styles: ["Classic", " minimal  lines "],
        budgetBand: "5k_20k",
      },
      SEEDED_TEAMS,
    );
    expect(fromJson).toMatchObject({
      ok: true,
      value: {
        ringSize: "14",
        bangleSize: "2.6",
        preferredMetals: ["yellow_gold", "white_gold"],
        preferredStones: ["diamond"],
        styles: ["Classic", "minimal lines"],
        budgetBand: "5k_20k",
      },
    });
    // A spreadsheet cell: labels, any case, comma- or semicolon-separated; the budget as its label or an amount.
    const fromCell = parseNewClientInput(
      {
        ...minimal,
        ringSize: "N½",
        preferredMetals: "Yellow Gold; rose gold, yellow gold",
        preferredStones: "Pearl",
        styles: "Classic, classic, Arabic calligraphy",
        budgetBand: "AED 20,000 – 50,000",
      },
      SEEDED_TEAMS,
    );
    expect(fromCell).toMatchObject({
      ok: true,
      value: {
        ringSize: "N½",
        preferredMetals: ["yellow_gold", "rose_gold"],
        preferredStones: ["pearl"],
        styles: ["Classic", "Arabic calligraphy"],
        budgetBand: "20k_50k",
      },
    });
    expect(parseNewClientInput({ ...minimal, budgetBand: "AED 15,000" }, SEEDED_TEAMS)).toMatchObject({
      ok: true,
      value: { budgetBand: "5k_20k" },
    });
    // The edit form's checkbox lists always send an empty value first, so none ticked clears the list.
    expect(
      parseEditClientInput({ ...minimal, preferredMetals: ["", "platinum"], preferredStones: "" }, SEEDED_TEAMS),
    ).toMatchObject({
      ok: true,
      value: { preferredMetals: ["platinum"], preferredStones: null },
    });
    expect(parseNewClientInput(minimal, SEEDED_TEAMS)).toMatchObject({
      ok: true,
      value: { ringSize: null, preferredMetals: null, styles: null, budgetBand: null },
    });
  });

  it("refuses what is not a size, metal, stone, style list or budget, each with a message saying what is", () => {
    const issues = issuesOf(
      parseEditClientInput(
        {
          ...minimal,
          ringSize: "size <14>",
          bangleSize: "2.6 inches, wide",
          preferredMetals: ["yellow_gold", "bronze"],
          preferredStones: [{ $gt: "" }],
          styles: ["x".repeat(41)],
          budgetBand: "cheap",
        },
        SEEDED_TEAMS,
      ),
    );
    expect(issues).toEqual({
      ringSize: SIZE_INVALID,
      bangleSize: SIZE_INVALID,
      preferredMetals: "Choose metals from: Yellow gold, White gold, Rose gold, Platinum, Silver",
      preferredStones: "Choose stones from: Diamond, Ruby, Emerald, Sapphire, Pearl, Other",
      styles: "Each style is at most 40 characters",
      budgetBand:
        "Choose a budget (Under AED 5,000; AED 5,000 – 20,000; AED 20,000 – 50,000; AED 50,000 – 150,000; AED 150,000 and above) or give an amount in AED",
    });
    expect(issuesOf(parseEditClientInput({ ...minimal, preferredMetals: ["none"] }, SEEDED_TEAMS))).toHaveProperty(
      "preferredMetals",
    );
    const tooMany = Array.from({ length: 11 }, (_, i) => `Style ${i}`);
    expect(issuesOf(parseEditClientInput({ ...minimal, styles: tooMany }, SEEDED_TEAMS)).styles).toBe(
      "At most 10 styles",
    );
  });
});

describe("the Arabic name and preferred language", () => {
  it("takes an Arabic name and the language by code or by name, English when not given", () => {
    const created = parseNewClientInput(
      { ...minimal, fullNameAr: "  عائشة المنصوري ", preferredLanguage: "ar" },
      SEEDED_TEAMS,
    );
    expect(created).toMatchObject({ ok: true, value: { fullNameAr: "عائشة المنصوري", preferredLanguage: "ar" } });
    expect(parseNewClientInput(minimal, SEEDED_TEAMS)).toMatchObject({
      ok: true,
      value: { fullNameAr: null, preferredLanguage: "en" },
    });
    expect(parseNewClientInput({ ...minimal, preferredLanguage: "Arabic" }, SEEDED_TEAMS)).toMatchObject({
      value: { preferredLanguage: "ar" },
    });
    expect(parseNewClientInput({ ...minimal, preferredLanguage: "العربية" }, SEEDED_TEAMS)).toMatchObject({
      value: { preferredLanguage: "ar" },
    });
  });

  it("refuses another language", () => {
    expect(issuesOf(parseNewClientInput({ ...minimal, preferredLanguage: "fr" }, SEEDED_TEAMS)).preferredLanguage).toBe(
      "Choose English (en) or Arabic (ar)",
    );
  });
});
