import { SEEDED_TEAMS } from "../../tests/support/seeded-teams";
import { describe, expect, it } from "vitest";
import {
  CLIENT_FIELD_NAMES,
  CLIENT_FIELDS,
  clientFormValues,
  fieldCellText,
  fieldsOf,
  formFields,
  jsonName,
} from "./client-fields";
import { parseEditClientInput, parseNewClientInput } from "./client-input";
import { CLIENT_TEMPLATE_EXAMPLE, CLIENT_TEMPLATE_FIELDS, IMPORT_COLUMNS } from "./import-columns";

describe("the client field registry", () => {
  it("keeps the JSON names the API contract fixes", () => {
    expect(CLIENT_FIELD_NAMES.map(jsonName)).toEqual(
      expect.arrayContaining(["fullName", "mobileNumber", "totalSalesValue", "lastPurchaseDate", "emiratesIdPicture"]),
    );
    expect(jsonName("totalSalesFils")).toBe("totalSalesValue");
  });

  it("gives every form field an input and every importable field a template column", () => {
    const importable = CLIENT_FIELD_NAMES.filter((n) => CLIENT_FIELDS[n].import !== false).map(jsonName);
    expect(CLIENT_TEMPLATE_FIELDS).toEqual(importable);
    for (const field of importable)
      expect(CLIENT_TEMPLATE_EXAMPLE[field as keyof typeof CLIENT_TEMPLATE_EXAMPLE]).toBeTruthy();
    expect(IMPORT_COLUMNS.map((c) => c.field)).toEqual(expect.arrayContaining(["firstName", "lastName"]));
    expect(formFields("new")).toEqual([
      "fullName",
      "fullNameAr",
      "mobileNumber",
      "country",
      "emirate",
      "area",
      "team",
      "totalSalesFils",
      "lastPurchaseDate",
      "dateOfBirth",
      "email",
      "preferredLanguage",
    ]);
    expect(formFields("edit")).not.toContain("totalSalesFils");
  });

  it("validates exactly the fields each operation takes", () => {
    const created = parseNewClientInput({ fullName: "A", mobileNumber: "0501234567", team: "team_a" }, SEEDED_TEAMS);
    expect(created.ok && Object.keys(created.value).sort()).toEqual([...fieldsOf("create")].sort());
    const edited = parseEditClientInput({ fullName: "A", mobileNumber: "0501234567" }, SEEDED_TEAMS);
    expect(edited.ok && Object.keys(edited.value).sort()).toEqual(
      [...fieldsOf("edit"), "newSaleAmount", "newSaleDate", "newSaleDescription"].sort(),
    );
  });

  it("fills a form from a client's JSON, blanks and defaults for the rest", () => {
    const values = clientFormValues({ fullName: "Aisha", email: null, isActive: false, totalSalesValue: "12.50" });
    expect(values).toMatchObject({
      fullName: "Aisha",
      email: "",
      isActive: "false",
      totalSalesValue: "12.50",
      country: "uae",
      emirate: "dubai",
      newSaleAmount: "",
    });
    expect(clientFormValues().isActive).toBe("true");
  });

  it("writes a validated value back as a cell the import reads", () => {
    expect(fieldCellText("money", 125_050n)).toBe("1250.50");
    expect(fieldCellText("country", "qatar")).toBe("Qatar");
    expect(fieldCellText("emirate", "none")).toBe("");
    expect(fieldCellText("emirate", "abu_dhabi")).toBe("Abu Dhabi");
    expect(fieldCellText("team", "team_b", SEEDED_TEAMS)).toBe("Entry Level");
    expect(fieldCellText("team", "old_team", SEEDED_TEAMS)).toBe("old_team");
    expect(fieldCellText("active", false)).toBe("No");
    expect(fieldCellText("date", "2024-02-29")).toBe("2024-02-29");
    expect(fieldCellText("text", null)).toBe("");
  });
});
