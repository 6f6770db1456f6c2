import { readFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { privacyFieldTable, relatedDataNote, withPrivacyTable } from "./privacy-table";

describe("docs/privacy.md", () => {
  it("holds the who-sees-what table the field registry gives (run `npm run docs:privacy` after a field change)", async () => {
    const file = "docs/privacy.md";
    const committed = readFileSync(file, "utf8");
    const expected = await format(withPrivacyTable(committed), {
      ...(await resolveConfig(file)),
      parser: "markdown",
    });
    expect(committed).toBe(expected);
  });

  it("says what erasure leaves of each field", () => {
    const table = privacyFieldTable();
    expect(table).toContain("| Full name | `fullName` | full | full | full | full | `Erased client #<id>` |");
    expect(table).toMatch(/\| Emirates ID number \| .* \| cleared \|/);
    expect(table).toMatch(/\| Total sales \(AED\) \| .* \| kept \|/);
  });

  it("shows the Emirates ID masked and the picture links withheld to every role but admin", () => {
    const table = privacyFieldTable();
    expect(table).toContain("| Emirates ID number | `emiratesId` | full | masked (`784-****-*******-1`); Reveal |");
    expect(table).toMatch(/\| Emirates ID pictures \(links\) \| `emiratesIdPictures` \| full \| withheld; Reveal \|/);
    expect(table).toContain(
      "| Mobile number | `mobileNumber` | full | full | full | full | cleared (the number is free again) |",
    );
  });

  it("lists the family members' and cash reports' fields, kept outside the client's row, and what erasure does to them", () => {
    expect(privacyFieldTable()).toContain(
      "| Family member: date of birth | `familyMembers[].birthDate` | full | full | full | full |",
    );
    // The cash reports' identities are an admin's only (docs/guide/cash-rule.md); erasure clears them.
    expect(privacyFieldTable()).toContain(
      "| Cash report: passport nationality | `cashReports[].idNationality` | full | not shown | not shown | not shown | cleared |",
    );
    expect(relatedDataNote()).toBe(
      "Kept in tables of their own, beside the client's row: family members (`familyMembers`: relation, name, date of birth), deleted; cash reports (`cashReports`: identity number (passport or Emirates ID), passport nationality), cleared when the client is erased. A client's data export carries them.",
    );
  });
});
