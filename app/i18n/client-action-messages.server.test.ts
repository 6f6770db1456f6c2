import { describe, expect, it } from "vitest";
import { ALREADY_ERASED, ERASED_CLIENT_REFUSAL, NAME_MISMATCH } from "~/domain/client-erasure";
import { ConsentChangeSchema } from "~/domain/consent-change";
import { familyMemberSchema, FAMILY_MESSAGES } from "~/domain/family";
import { interactionInputSchema } from "~/domain/interactions";
import { scheduleFollowUpSchema } from "~/domain/lead-schedule";
import { saleInputSchema, voidSaleSchema } from "~/domain/sales";
import { clientActionMessage } from "./client-action-messages.server";
import { fixedT } from "./i18n.server";

const TODAY = "2026-03-10";
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];
const item = { category: "ring", price: "10" };

/** What the schemas and services behind the client book's action dialogs say when they refuse. */
const MESSAGES = [
  NAME_MISMATCH,
  ALREADY_ERASED,
  ERASED_CLIENT_REFUSAL,
  FAMILY_MESSAGES.tooMany,
  "Family member not found",
  "Select at least one client",
  "The owner must be an active user",
  "Client not found",
  "Only an admin or the client's owner can reassign a client",
  ...messagesOf(ConsentChangeSchema.safeParse({ channel: "fax", status: "maybe", source: "x" })),
  ...messagesOf(familyMemberSchema(TODAY).safeParse({ relation: "cousin", name: "", birthDate: "10/03/2026" })),
  ...messagesOf(
    familyMemberSchema(TODAY).safeParse({ relation: "son", name: "x".repeat(101), birthDate: "2027-01-01" }),
  ),
  ...messagesOf(interactionInputSchema().safeParse({ type: "fax", note: "x".repeat(2001), at: "soon" })),
  ...messagesOf(interactionInputSchema().safeParse({ type: "call", at: "2999-01-01T00:00:00Z" })),
  ...messagesOf(scheduleFollowUpSchema(TODAY).safeParse({ dueDate: "tomorrow", note: "x".repeat(501) })),
  ...messagesOf(scheduleFollowUpSchema(TODAY).safeParse({ dueDate: "2026-03-09" })),
  ...messagesOf(scheduleFollowUpSchema(TODAY).safeParse({})),
  ...messagesOf(voidSaleSchema().safeParse({ reason: " " })),
  ...messagesOf(voidSaleSchema().safeParse({ reason: "x".repeat(501) })),
  ...messagesOf(
    saleInputSchema(TODAY).safeParse({
      saleDate: "2030-01-01",
      showroom: "paris",
      invoiceNo: "x".repeat(41),
      items: [
        {
          category: "ring",
          metal: "tin",
          karat: "9",
          weightGrams: "1.2345",
          stone: "opal",
          stoneCarats: "x",
          price: "a",
        },
        { category: "tiara", itemCode: 5, price: "1" },
      ],
    }),
  ),
  ...messagesOf(saleInputSchema(TODAY).safeParse({ saleDate: "soon", amount: "x", items: "x" })),
  ...messagesOf(saleInputSchema(TODAY).safeParse({ saleDate: TODAY, amount: "0" })),
  ...messagesOf(saleInputSchema(TODAY).safeParse({ saleDate: TODAY, amount: "5", items: [item] })),
  ...messagesOf(saleInputSchema(TODAY).safeParse({ saleDate: TODAY, invoiceNo: "A1", items: [item] })),
  ...messagesOf(saleInputSchema(TODAY).safeParse({ saleDate: TODAY, items: Array.from({ length: 51 }, () => item) })),
];

describe("the client book's refusals in the page's language", () => {
  it("collects every kind of refusal", () => {
    expect(new Set(MESSAGES).size).toBeGreaterThan(40);
  });

  it.each([...new Set(MESSAGES)])("reads exactly as before in English: %s", (message) => {
    expect(clientActionMessage(fixedT("en", "clientActions"), message)).toBe(message);
  });

  it.each([...new Set(MESSAGES)])("is Arabic in Arabic: %s", (message) => {
    const arabic = clientActionMessage(fixedT("ar", "clientActions"), message);
    expect(arabic).toMatch(/[\u0600-\u06FF]/);
    // What stays Latin is what the person typed or a code: the invoice number, a client's name.
    expect(arabic.replace(/INV-7|Aisha Al Mansoori/g, "")).not.toMatch(/[A-Za-z]{2,}/);
  });

  it("leaves a message it does not know as it is", () => {
    expect(clientActionMessage(fixedT("ar", "clientActions"), "Something new")).toBe("Something new");
  });
});
