import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import { AED } from "~/domain/money";
import * as salePage from "~/routes/_app.customers_.$id.sale";
import * as settingsPage from "~/routes/_app.profile_.cash-rule";
import * as reportsPage from "~/routes/_app.reports_.cash";
import * as downloadRoute from "~/routes/_app.reports_.cash_.download";
import * as salesApi from "~/routes/api.clients.$id.sales";
import * as reportsApi from "~/routes/api.reports.cash";
import * as reportedApi from "~/routes/api.reports.cash.$id.reported";
import { saveCashRuleSettings } from "~/services/cash-rule.server";
import { exportClientData } from "~/services/client-data-export.server";
import { eraseClient } from "~/services/client-erasure.server";
import { addClientThroughApi, callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #46 items 3 and 4's contract: payments on POST /api/clients/:id/sales, the cash rule, /api/reports/cash. */

type Role = "admin" | "sales_front" | "sales_back" | "road_sales";
const signedIn = (role: Role = "admin") => signedInStaff(role);

let mobile = 501000000;
const newClient = (cookie: string, fields: Record<string, unknown> = {}) =>
  addClientThroughApi(cookie, { fullName: "Cash Client", mobileNumber: `+971${mobile++}`, team: "team_a", ...fields });

const sell = async (cookie: string, clientId: number, json: Record<string, unknown>) =>
  outcome(
    await callRoute(
      salesApi.action,
      makeRequest(`/api/clients/${clientId}/sales`, { cookie, json: { saleDate: businessToday(), ...json } }),
      { id: String(clientId) },
    ),
  );
const reports = async (cookie: string, query = "") =>
  outcome(await callRoute(reportsApi.loader, makeRequest(`/api/reports/cash${query}`, { cookie })));
const markReported = async (cookie: string, id: number | string, json: unknown) =>
  outcome(
    await callRoute(reportedApi.action, makeRequest(`/api/reports/cash/${id}/reported`, { cookie, json }), {
      id: String(id),
    }),
  );

const PASSPORT = { type: "passport", number: "n1234567", nationality: "India" };

describe("payments on POST /api/clients/:id/sales", () => {
  it("records the parts adding up exactly, one method for the whole, none as not recorded", async () => {
    const seller = await signedIn("sales_front");
    const clientId = await newClient(seller.cookie);
    const split = await sell(seller.cookie, clientId, {
      amount: "1000.00",
      payments: [
        { method: "cash", amount: "600.50" },
        { method: "old_gold", amount: "399.50" },
      ],
    });
    expect(split.status).toBe(201);
    const body = split.body as { data: { id: number; payments: unknown[] }; cashReportRequired: boolean };
    expect(body.cashReportRequired).toBe(false);
    expect(body.data.payments).toEqual([
      { method: "cash", amount: "600.50" },
      { method: "old_gold", amount: "399.50" },
    ]);
    const stored = await db.salePayment.findMany({ where: { saleId: body.data.id }, orderBy: { position: "asc" } });
    expect(stored.map((p) => [p.method, p.amountFils])).toEqual([
      ["cash", 60050n],
      ["old_gold", 39950n],
    ]);
    const whole = await sell(seller.cookie, clientId, { amount: "20", payments: [{ method: "card" }] });
    expect((whole.body as { data: { payments: unknown } }).data.payments).toEqual([
      { method: "card", amount: "20.00" },
    ]);
    const none = await sell(seller.cookie, clientId, { amount: "20" });
    expect((none.body as { data: { payments: unknown } }).data.payments).toEqual([]);
  });

  it("refuses parts that do not add up, and an unknown method, with a 400 naming the problem", async () => {
    const seller = await signedIn("sales_back");
    const clientId = await newClient(seller.cookie);
    const short = await sell(seller.cookie, clientId, {
      amount: "1000",
      payments: [
        { method: "cash", amount: "600" },
        { method: "card", amount: "399.99" },
      ],
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("The payment parts add up to AED 999.99, not the sale's AED 1,000.00");
    const unknown = await sell(seller.cookie, clientId, { amount: "10", payments: [{ method: "cheque" }] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("cash, card, bank_transfer, old_gold");
    expect(await db.sale.count({ where: { clientId } })).toBe(0);
  });
});

describe("the cash rule", () => {
  it("refuses AED 55,000 in cash without identity (409 cash_id_required), takes it with a passport, flagged", async () => {
    const seller = await signedIn("road_sales");
    const clientId = await newClient(seller.cookie);
    const under = await sell(seller.cookie, clientId, { amount: "54999.99", payments: [{ method: "cash" }] });
    expect(under.status).toBe(201);
    expect((under.body as { cashReportRequired: boolean }).cashReportRequired).toBe(false);

    const other = await newClient(seller.cookie);
    const refused = await sell(seller.cookie, other, { amount: "55000", payments: [{ method: "cash" }] });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: expect.stringContaining("passport number and nationality"),
      code: "cash_id_required",
    });
    expect(await db.sale.count({ where: { clientId: other } })).toBe(0);

    const taken = await sell(seller.cookie, other, {
      amount: "55000",
      payments: [{ method: "cash" }],
      buyerId: PASSPORT,
    });
    expect(taken.status).toBe(201);
    const body = taken.body as { data: { id: number; cashReport: string }; cashReportRequired: boolean };
    expect(body.cashReportRequired).toBe(true);
    expect(body.data.cashReport).toBe("report_due");
    const row = await db.cashTransaction.findUniqueOrThrow({ where: { saleId: body.data.id } });
    expect(row).toMatchObject({
      kind: "sale",
      clientId: other,
      cashFils: AED(55_000),
      reportStatus: "report_due",
      idType: "passport",
      idNumber: "N1234567",
      idNationality: "India",
    });
  });

  it("adds the client's cash over the 30 days, voided sales and older days left out", async () => {
    const seller = await signedIn("sales_front");
    const clientId = await newClient(seller.cookie);
    const today = businessToday();
    const cash = (amount: string, saleDate = today) =>
      sell(seller.cookie, clientId, { saleDate, amount, payments: [{ method: "cash" }] });
    // 30 days ago has left today's window; 29 days ago is in it.
    expect((await cash("40000", addDays(today, -30))).status).toBe(201);
    const inWindow = await cash("14000", addDays(today, -29));
    expect(inWindow.status).toBe(201);
    expect((inWindow.body as { cashReportRequired: boolean }).cashReportRequired).toBe(false);
    const card = await sell(seller.cookie, clientId, { amount: "90000", payments: [{ method: "card" }] });
    expect((card.body as { cashReportRequired: boolean }).cashReportRequired).toBe(false);

    // 14,000 + 41,000 reaches 55,000 exactly: refused; 40,999.99 stays under.
    const refused = await sell(seller.cookie, clientId, {
      amount: "45000",
      payments: [
        { method: "cash", amount: "41000" },
        { method: "card", amount: "4000" },
      ],
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { error: string }).error).toContain("over 30 days, AED 55,000.00 with this sale");
    const under = await cash("40999.99");
    expect(under.status).toBe(201);
    expect((under.body as { cashReportRequired: boolean }).cashReportRequired).toBe(false);
    expect((await cash("0.01")).status).toBe(409);

    // Voided, the earlier sale's cash leaves the window.
    const earlierId = (inWindow.body as { data: { id: number } }).data.id;
    const admin = await signedIn("admin");
    const voidApi = await import("~/routes/api.sales.$id.void");
    const voided = await outcome(
      await callRoute(
        voidApi.action,
        makeRequest(`/api/sales/${earlierId}/void`, { cookie: admin.cookie, json: { reason: "Typed twice" } }),
        { id: String(earlierId) },
      ),
    );
    expect(voided.status).toBe(200);
    const after = await cash("0.01");
    expect(after.status).toBe(201);
    expect((after.body as { cashReportRequired: boolean }).cashReportRequired).toBe(false);
  });

  it("takes the client's full Emirates ID on file as the identity, and reads the shop's thresholds", async () => {
    const admin = await signedIn("admin");
    const clientId = await newClient(admin.cookie, { emiratesId: "784-1990-1234567-2" });
    await saveCashRuleSettings(
      { singleThresholdFils: AED(1_000), windowThresholdFils: AED(2_000), windowDays: 7 },
      admin.user,
    );
    try {
      const sale = await sell(admin.cookie, clientId, { amount: "1000", payments: [{ method: "cash" }] });
      expect(sale.status).toBe(201);
      expect((sale.body as { cashReportRequired: boolean }).cashReportRequired).toBe(true);
      const row = await db.cashTransaction.findFirstOrThrow({ where: { clientId } });
      expect(row).toMatchObject({ idType: "emirates_id", idNumber: "784-1990-1234567-2", idNationality: null });
    } finally {
      await db.shopSettings.deleteMany();
    }
  });
});

describe("/api/reports/cash", () => {
  it("lists the flagged transactions to admins only, by status, and marks one reported (audited)", async () => {
    const admin = await signedIn("admin");
    const clientId = await newClient(admin.cookie, { fullName: "Report Client" });
    const sale = await sell(admin.cookie, clientId, {
      amount: "60000",
      payments: [{ method: "cash" }],
      buyerId: PASSPORT,
    });
    const saleId = (sale.body as { data: { id: number } }).data.id;
    const { id } = await db.cashTransaction.findUniqueOrThrow({ where: { saleId } });

    for (const role of ["sales_front", "sales_back", "road_sales"] as const) {
      const other = await signedIn(role);
      expect((await reports(other.cookie)).status, role).toBe(403);
      expect((await markReported(other.cookie, id, { reference: "X" })).status, role).toBe(403);
    }

    const due = await reports(admin.cookie, "?status=report_due");
    expect(due.status).toBe(200);
    const list = due.body as { data: Record<string, unknown>[]; total: number };
    expect(list.data).toContainEqual({
      id,
      kind: "sale",
      clientId,
      clientName: "Report Client",
      cashAmount: "60000.00",
      at: businessToday(),
      idType: "passport",
      status: "report_due",
      reference: null,
    });
    expect(list.total).toBe(list.data.length);
    expect((await reports(admin.cookie, "?status=nonsense")).status).toBe(400);

    expect((await markReported(admin.cookie, id, { reference: "" })).status).toBe(400);
    const marked = await markReported(admin.cookie, id, { reference: "GOAML-2026-0042" });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({
      data: { id, status: "reported", reference: "GOAML-2026-0042", reportedOn: businessToday() },
    });
    expect((await markReported(admin.cookie, id, { reference: "again" })).status).toBe(409);
    expect((await markReported(admin.cookie, 999999, { reference: "none" })).status).toBe(404);

    const reported = (await reports(admin.cookie, "?status=reported")).body as {
      data: { id: number; reference: string }[];
    };
    expect(reported.data.find((r) => r.id === id)?.reference).toBe("GOAML-2026-0042");
    const still = (await reports(admin.cookie, "?status=report_due")).body as { data: { id: number }[] };
    expect(still.data.some((r) => r.id === id)).toBe(false);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "cash.reported", targetId: String(id) } });
    expect(audit.actorId).toBe(admin.user.id);
  });
});

describe("the pages", () => {
  it("the sale form takes a payment method, comes back with the cash rule's message, and records with a passport", async () => {
    const seller = await signedIn("sales_front");
    const clientId = await newClient(seller.cookie);
    const form = { intent: "record", rows: "3", saleDate: businessToday(), amount: "60000", paidBy: "cash" };
    const post = async (extra: Record<string, string>) =>
      outcome(
        await callRoute(
          salePage.action,
          makeRequest(`/customers/${clientId}/sale`, { cookie: seller.cookie, form: { ...form, ...extra } }),
          { id: String(clientId) },
        ),
      );
    const refused = await post({});
    expect(refused.status).toBe(409);
    const body = refused.body as { values: Record<string, string>; errors: string[] };
    expect(body.values).toMatchObject({ amount: "60000", paidBy: "cash" });
    expect(body.errors[0]).toContain("passport number and nationality");
    const split = await post({
      paidBy: "split",
      "payment-0-method": "cash",
      "payment-0-amount": "50000",
      "payment-1-method": "card",
      "payment-1-amount": "9000",
    });
    expect(split.status).toBe(400);
    expect((split.body as { errors: string[] }).errors[0]).toContain("AED 59,000.00, not the sale's AED 60,000.00");
    const saved = await post({ passportNumber: "P7654321", nationality: "Pakistan" });
    expect(saved.status).toBe(302);
    const row = await db.cashTransaction.findFirstOrThrow({ where: { clientId } });
    expect(row).toMatchObject({ reportStatus: "report_due", idType: "passport", idNumber: "P7654321" });
  });

  it("/reports/cash is for admins: it lists, marks reported with a plain form, and downloads a safe CSV (audited)", async () => {
    const admin = await signedIn("admin");
    const clientId = await newClient(admin.cookie, { fullName: "=HYPERLINK(1)" });
    await sell(admin.cookie, clientId, { amount: "70000", payments: [{ method: "cash" }], buyerId: PASSPORT });
    const { id } = await db.cashTransaction.findFirstOrThrow({ where: { clientId } });

    for (const role of ["sales_front", "sales_back", "road_sales"] as const) {
      const other = await signedIn(role);
      const page = await outcome(
        await callRoute(reportsPage.loader, makeRequest("/reports/cash", { cookie: other.cookie })),
      );
      expect(page.status, role).toBe(403);
      const csv = await outcome(
        await callRoute(downloadRoute.loader, makeRequest("/reports/cash/download", { cookie: other.cookie })),
      );
      expect(csv.status, role).toBe(403);
    }

    const page = await outcome(
      await callRoute(reportsPage.loader, makeRequest("/reports/cash?status=report_due", { cookie: admin.cookie })),
    );
    const rows = (page.body as { rows: { id: number; idNumber: string }[] }).rows;
    expect(rows.find((r) => r.id === id)?.idNumber).toBe("N1234567");

    const download = (await callRoute(
      downloadRoute.loader,
      makeRequest("/reports/cash/download?status=report_due", { cookie: admin.cookie }),
    )) as Response;
    expect(download.headers.get("Content-Type")).toContain("text/csv");
    const text = await download.text();
    expect(text).toContain(`"'=HYPERLINK(1)"`);
    expect(text).not.toContain(`"=HYPERLINK`);
    expect(await db.auditLog.count({ where: { action: "cash.report_downloaded", actorId: admin.user.id } })).toBe(1);

    const blank = await outcome(
      await callRoute(
        reportsPage.action,
        makeRequest("/reports/cash", {
          cookie: admin.cookie,
          form: { id: String(id), reference: " ", reportedOn: businessToday() },
        }),
      ),
    );
    expect(blank.status).toBe(400);
    // The row's form comes back as sent, the reason under the reference.
    expect(blank.body).toMatchObject({
      id,
      lastResult: {
        initialValue: { reference: " ", reportedOn: businessToday() },
        error: { reference: ["cash:errors.referenceRequired"] },
      },
    });
    const marked = await outcome(
      await callRoute(
        reportsPage.action,
        makeRequest("/reports/cash", {
          cookie: admin.cookie,
          form: {
            id: String(id),
            reference: "GOAML-7",
            reportedOn: businessToday(),
            back: "/reports/cash?status=reported",
          },
        }),
      ),
    );
    expect(marked.status).toBe(302);
    expect(marked.headers.get("Location")).toBe("/reports/cash?status=reported");
    expect(await db.cashTransaction.findUniqueOrThrow({ where: { id } })).toMatchObject({
      reportStatus: "reported",
      reference: "GOAML-7",
      reportedById: admin.user.id,
    });
  });

  it("the cash rule's settings page is an admin's; a bad number is refused, a good one saved and audited", async () => {
    const seller = await signedIn("sales_back");
    const refused = await outcome(
      await callRoute(settingsPage.loader, makeRequest("/profile/cash-rule", { cookie: seller.cookie })),
    );
    expect(refused.status).toBe(403);
    const admin = await signedIn("admin");
    const loaded = await outcome(
      await callRoute(settingsPage.loader, makeRequest("/profile/cash-rule", { cookie: admin.cookie })),
    );
    expect((loaded.body as { values: unknown }).values).toEqual({
      singleThreshold: "55000.00",
      windowThreshold: "55000.00",
      windowDays: "30",
    });
    const save = (form: Record<string, string>, headers?: Record<string, string>) =>
      callRoute(settingsPage.action, makeRequest("/profile/cash-rule", { cookie: admin.cookie, form, headers })).then(
        outcome,
      );
    const bad = await save({ singleThreshold: "0", windowThreshold: "55000", windowDays: "400" });
    // Each refusal under its field, and the numbers as typed for the form to show again.
    expect(bad).toMatchObject({
      status: 400,
      body: {
        result: {
          error: { singleThreshold: ["cash:errors.thresholdInvalid"], windowDays: ["cash:errors.windowDaysInvalid"] },
          initialValue: { singleThreshold: "0", windowThreshold: "55000", windowDays: "400" },
        },
      },
    });
    expect(Object.keys((bad.body as { result: { error: object } }).result.error).sort()).toEqual([
      "singleThreshold",
      "windowDays",
    ]);
    // In Arabic, zod's own refusal (a blank field) is said in Arabic; a negative amount is the rule's code.
    const arabic = await save(
      { singleThreshold: "", windowThreshold: "-5", windowDays: "14" },
      { "Accept-Language": "ar-AE,ar;q=0.9" },
    );
    expect(arabic).toMatchObject({
      status: 400,
      body: {
        result: {
          error: { singleThreshold: ["مطلوب"], windowThreshold: ["cash:errors.thresholdInvalid"] },
          initialValue: { windowThreshold: "-5", windowDays: "14" },
        },
      },
    });
    expect(await db.shopSettings.count()).toBe(0);
    try {
      const good = await save({ singleThreshold: "60000", windowThreshold: "50,000.50", windowDays: "14" });
      expect(good.status).toBe(302);
      expect(await db.shopSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
        cashSingleThresholdFils: AED(60_000),
        cashWindowThresholdFils: 5_000_050n,
        cashWindowDays: 14,
      });
      expect(await db.auditLog.count({ where: { action: "settings.cash_rule_changed" } })).toBeGreaterThan(0);
    } finally {
      await db.shopSettings.deleteMany();
    }
  });
});

describe("personal data", () => {
  it("the data export carries the payment parts and the cash flags; erasure clears the passport, keeps the report", async () => {
    const admin = await signedIn("admin");
    const clientId = await newClient(admin.cookie);
    const sale = await sell(admin.cookie, clientId, {
      amount: "80000",
      payments: [
        { method: "cash", amount: "56000" },
        { method: "bank_transfer", amount: "24000" },
      ],
      buyerId: PASSPORT,
    });
    expect(sale.status).toBe(201);
    const exported = await exportClientData(clientId, { ...admin.user, role: "admin" as const }, { format: "json" });
    expect(exported?.sales[0]).toMatchObject({
      payments: [
        { method: "cash", amount: "56000.00" },
        { method: "bank_transfer", amount: "24000.00" },
      ],
      cashReport: "report_due",
    });
    expect(exported?.cashReports).toEqual([
      expect.objectContaining({
        cashAmount: "56000.00",
        status: "report_due",
        idType: "passport",
        idNumber: "N1234567",
      }),
    ]);

    expect(await eraseClient(clientId, admin.user)).toEqual({ ok: true });
    const row = await db.cashTransaction.findFirstOrThrow({ where: { clientId } });
    expect(row).toMatchObject({ idNumber: null, idNationality: null, idType: "passport", reportStatus: "report_due" });
    expect(row.cashFils).toBe(AED(56_000));
  });
});
