import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { pageLocale, type Language } from "~/domain/languages";
import { numeralsInterpolation } from "~/i18n/interpolation";
import ar from "~/locales/ar";
import en from "~/locales/en";
import type { ClientRowView } from "~/domain/client-row-view";
import { clientRowsHtml, escapeHtml, rowLabels } from "./client-rows-html";

function labelsIn(language: Language) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    resources: { [language]: language === "ar" ? ar : en },
    defaultNS: "common",
    interpolation: numeralsInterpolation("latn"),
    initImmediate: false,
  });
  return rowLabels(i18n.t, pageLocale(language));
}

const row: ClientRowView = {
  id: 42,
  name: "Aisha Rahman",
  mobile: "971501234567",
  address: "Jumeirah, Dubai",
  dateOfBirth: "03/04/1990",
  totalSale: "AED 1,250.00",
  lastPurchase: "01/11/2026",
  daysSince: 25,
  email: "aisha@example.com",
  team: "Team A",
  idNumber: "784-1990-1234567-1",
  idExpiry: "01/01/2027",
  idExpired: false,
  pepStatus: "No",
  tier: "gold",
  ownerName: "Reem Saleh",
  ownerInitials: "RS",
  whatsappBlocked: null,
};

/** The rows parsed back the way a browser reads them, to ask what a user would see. */
function cells(html: string): string[] {
  return [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!);
}

describe("the client table's rows as HTML", () => {
  it("writes every column in order, with the row's links keeping the list's search", () => {
    const html = clientRowsHtml([row], labelsIn("en"), "?tier=gold&page=2", "/customers");
    const columns = cells(html);
    expect(columns).toHaveLength(14);
    expect(columns[1]).toContain("Aisha Rahman ");
    expect(columns[1]).toContain('title="Owner: Reem Saleh">RS</span>');
    expect(columns[2]).toBe('<a href="tel:+971501234567">+971501234567</a>');
    expect(columns[7]).toBe('25<span class="card-label"> days ago</span>');
    expect(html).toContain('href="/customers/42/edit?tier=gold&amp;page=2" aria-label="Edit Aisha Rahman"');
    expect(html).toContain('href="/customers/42?tier=gold&amp;page=2" aria-label="View Aisha Rahman"');
    expect(html).toContain('formaction="/customers/42/whatsapp" aria-label="WhatsApp Aisha Rahman"');
    expect(html).toContain('name="clientIds" value="42" form="customer-selection" aria-label="Select Aisha Rahman"');
  });

  it("escapes what staff typed, in text and in attributes", () => {
    const hostile = `<img src=x onerror="alert(1)">'&`;
    const html = clientRowsHtml(
      [{ ...row, name: hostile, address: hostile, ownerName: hostile, whatsappBlocked: hostile }],
      labelsIn("en"),
      "",
      "/customers",
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain('"alert(1)"');
    expect(html).toContain(escapeHtml(hostile));
    expect(escapeHtml(hostile)).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#x27;&amp;");
  });

  it("writes a name holding $& or $' as typed, in every label that names the client", () => {
    const name = "Mona $' & $&";
    const html = clientRowsHtml(
      [{ ...row, name, ownerName: "Sara $`", whatsappBlocked: "Withdrew $&" }],
      labelsIn("en"),
      "",
      "/customers",
    );
    expect(html).toContain(`aria-label="Select ${escapeHtml(name)}"`);
    expect(html).toContain(`aria-label="Edit ${escapeHtml(name)}"`);
    expect(html).toContain(`aria-label="View ${escapeHtml(name)}"`);
    expect(html).toContain(`aria-label="WhatsApp ${escapeHtml(name)}: Withdrew $&amp;"`);
    expect(html).toContain('title="Owner: Sara $`"');
  });

  it("isolates typed text on an Arabic page and keeps the mobile left to right", () => {
    const arabic = clientRowsHtml([{ ...row, name: "عائشة" }], labelsIn("ar"), "", "/customers");
    expect(cells(arabic)[1]).toMatch(/^<bdi>عائشة<\/bdi> /);
    expect(arabic).toContain('<a href="tel:+971501234567" dir="ltr">');
    const english = clientRowsHtml([row], labelsIn("en"), "", "/customers");
    expect(english).not.toContain("<bdi>");
    expect(english).not.toContain('dir="ltr"');
  });

  it("turns WhatsApp off with its reason when the client withdrew consent, and shows dashes for what is missing", () => {
    const html = clientRowsHtml(
      [{ ...row, whatsappBlocked: "Consent withdrawn", mobile: null, daysSince: null, idExpired: true }],
      labelsIn("en"),
      "",
      "/customers",
    );
    expect(html).toContain(
      '<button type="button" disabled="" title="Consent withdrawn" aria-label="WhatsApp Aisha Rahman: Consent withdrawn"',
    );
    expect(html).not.toContain("formaction=");
    const columns = cells(html);
    expect(columns[2]).toBe("—");
    expect(columns[7]).toBe("—");
    expect(html).toContain('<td class="text-red-700">01/01/2027</td>');
  });
});
