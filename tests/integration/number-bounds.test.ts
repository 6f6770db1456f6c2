import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { itemFieldName } from "~/domain/sales";
import * as clientSalesApi from "~/routes/api.clients.$id.sales";
import * as importPage from "~/routes/api.import.clients";
import * as salePage from "~/routes/_app.customers_.$id.sale";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";
import { importFile, spreadsheet } from "../support/import-files";

/**
 * Numbers with bounds (issue #43 item 6): an amount or price above AED 100,000,000, a weight above 10 kg,
 * more decimals than money or grams have, a negative or a decimal comma are refused under their field, in
 * the API, the sale form (in Arabic too) and imports, and nothing is stored. Before, a 20-digit amount
 * overflowed the database and answered 500.
 */

let seq = 0;
const nextMobile = () => `97155${String(Date.now() % 10_000).padStart(4, "0")}${String(++seq).padStart(3, "0")}`;

async function seller() {
  const { user } = await createUser({ role: "sales_front" });
  return sessionCookieFor(user.id);
}

async function client() {
  const mobileNumber = nextMobile();
  return db.client.create({ data: { fullName: "Bounds Client", mobileNumber, searchText: `bounds ${mobileNumber}` } });
}

const today = new Date().toISOString().slice(0, 10);

describe("POST /api/clients/:id/sales", () => {
  it("refuses out-of-bound numbers with a 400 naming the field and stores nothing", async () => {
    const cookie = await seller();
    const { id } = await client();
    const post = async (json: Record<string, unknown>) =>
      outcome(
        await callRoute(
          clientSalesApi.action,
          makeRequest(`/api/clients/${id}/sales`, { cookie, json: { saleDate: today, ...json } }),
          { id: String(id) },
        ),
      );
    const item = (extra: Record<string, unknown>) => ({ category: "ring", price: "100", ...extra });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ amount: "100000000000000000000" }, "amount", /At most AED 100,000,000\.00/],
      [{ amount: "100000000.01" }, "amount", /At most AED 100,000,000\.00/],
      [{ amount: "-5" }, "amount", /digits with up to 2 decimals/],
      [{ amount: "32,4" }, "amount", /digits with up to 2 decimals/],
      [{ items: [item({ price: "100000000.01" })] }, "items.0.price", /At most AED 100,000,000\.00/],
      [{ items: [item({ weightGrams: "10000.001" })] }, "items.0.weightGrams", /At most 10000\.000 g/],
      [{ items: [item({ weightGrams: "1.0005" })] }, "items.0.weightGrams", /up to 3 decimals/],
      [{ items: [item({ price: "60000000" }), item({ price: "60000000" })] }, "items", /At most AED 100,000,000/],
    ];
    for (const [body, path, text] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const { details } = answer.body as { details: { path: string; message: string }[] };
      expect(details[0], JSON.stringify(body)).toMatchObject({ path, message: expect.stringMatching(text) });
    }
    expect(await db.sale.count({ where: { clientId: id } })).toBe(0);
    expect((await post({ amount: "100,000,000" })).status).toBe(201);
  });
});

describe("the sale form", () => {
  it("refuses an amount above the bound in Arabic, keeps what was typed, and records nothing", async () => {
    const cookie = await seller();
    const { id } = await client();
    const answer = await outcome(
      await callRoute(
        salePage.action,
        makeRequest(`/customers/${id}/sale`, {
          cookie,
          headers: { "Accept-Language": "ar-AE" },
          form: {
            intent: "record",
            rows: "1",
            saleDate: today,
            [itemFieldName(0, "category")]: "ring",
            [itemFieldName(0, "weightGrams")]: "12000",
            [itemFieldName(0, "price")]: "100000000.01",
          },
        }),
        { id: String(id) },
      ),
    );
    expect(answer.status).toBe(400);
    const { errors, values } = answer.body as { errors: string[]; values: { items: { price: string }[] } };
    expect(errors.join(" ")).toContain("100,000,000.00 درهم على الأكثر");
    expect(errors.join(" ")).toContain("10000.000 غرام على الأكثر");
    expect(values.items[0]!.price).toBe("100000000.01");
    expect(await db.sale.count({ where: { clientId: id } })).toBe(0);
  });
});

describe("a client import", () => {
  it("gives a row whose total is past the bound a row error and imports the others", async () => {
    const { user } = await createUser({ role: "sales_back" });
    const cookie = await sessionCookieFor(user.id);
    const [ok, big] = ["0501110001", "0501110002"].map((m) => m.replace("111", String(100 + (Date.now() % 800))));
    const file = spreadsheet(
      [
        ["Full Name", "Mobile Number", "Team", "Total Sales (AED)", "Last Purchase Date"],
        ["Within Bounds", ok, "team_a", "1,250.50", "2026-01-10"],
        ["Past Bounds", big, "team_a", "100000000000000000000", "2026-01-10"],
      ],
      "csv",
    );
    const { status, body } = await importFile(cookie, "bounds.csv", file, importPage);
    expect(status).toBe(200);
    expect(body.imported).toBe(1);
    expect(body.errors).toEqual([expect.stringMatching(/^Row 3: .*At most AED 100,000,000\.00/)]);
    expect(await db.client.count({ where: { fullName: "Past Bounds" } })).toBe(0);
  });
});

describe("a purchase history import", () => {
  it("refuses an item priced or weighing past the bounds as a row error in English, and records no sale", async () => {
    const { user } = await createUser({ role: "sales_back" });
    const cookie = await sessionCookieFor(user.id);
    const mobile = `050${String(2_000_000 + (Date.now() % 7_000_000)).slice(-7)}`;
    const file = spreadsheet(
      [
        ["Customer Name", "Mobile", "Team", "Invoice No", "Invoice Date", "Store", "Item Type", "Net Weight", "Price"],
        ["Bounds Buyer", mobile, "team_a", "BND-1", "2026-01-10", "Dubai Mall", "Ring", "12", "100000000.01"],
        ["Bounds Buyer", mobile, "team_a", "BND-2", "2026-01-11", "Dubai Mall", "Ring", "10000.001", "500"],
      ],
      "csv",
    );
    const { status, body } = await importFile(cookie, "bounds-pos.csv", file, importPage);
    expect(status).toBe(200);
    expect(body.errors).toEqual([
      expect.stringMatching(/^Row 2: .*At most AED 100,000,000\.00/),
      expect.stringMatching(/^Row 3: .*At most 10000\.000 g/),
    ]);
    expect(await db.sale.count({ where: { invoiceNo: { in: ["BND-1", "BND-2"] } } })).toBe(0);
  });
});
