import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { DEFAULT_RETENTION } from "~/domain/retention";
import * as retentionPage from "~/routes/_app.profile_.retention";
import {
  getRetentionSettings,
  planRetention,
  runDailyRetention,
  saveRetentionSettings,
} from "~/services/retention.server";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// The retention job on a fixed clock (docs/privacy.md "How long data is kept"): what is due, what
// a run does, once a day through the lease, and the admin's settings.

const NOW = new Date("2026-11-25T06:00:00.000Z");
const DAY = 86_400_000;
const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);
const fast = { pauseMs: 0 };

let seq = 0;
async function client(fields: { deletedAt?: Date; erasedAt?: Date } = {}) {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Kept Karim ${seq}`,
      searchText: `kept karim ${seq}`,
      mobileNumber: `97155${String(seq).padStart(7, "0")}`,
      email: `karim${seq}@example.com`,
      ...fields,
    },
  });
}

const auditAt = (createdAt: Date, action = "auth.sign_in", extra: Record<string, string> = {}) =>
  db.auditLog.create({ data: { actorName: "Someone", action, createdAt, ...extra } });

let due: { id: number };
let notYet: { id: number };
let inBook: { id: number };

beforeAll(async () => {
  due = await client({ deletedAt: daysAgo(100) });
  notYet = await client({ deletedAt: daysAgo(80) });
  inBook = await client();
  await client({ deletedAt: daysAgo(300), erasedAt: daysAgo(200) });
  await auditAt(daysAgo(800));
  await auditAt(daysAgo(750));
  await auditAt(daysAgo(30));
});

describe("what is due, and a run", () => {
  it("the dry run lists what would go and changes nothing", async () => {
    const plan = await planRetention(NOW);
    expect(plan.settings).toEqual(DEFAULT_RETENTION);
    expect(plan.clientIds).toEqual([due.id]);
    expect(plan.auditEntries).toBe(2);
    expect(plan.contactNotes).toBeNull();
    expect((await db.client.findUniqueOrThrow({ where: { id: due.id } })).erasedAt).toBeNull();
  });

  it("erases clients deleted N days ago, prunes old audit entries, and records what it did", async () => {
    const report = await runDailyRetention({ now: NOW, holder: "instance-a", options: fast });
    expect(report).toMatchObject({ erasedClients: 1, prunedAuditEntries: 2, clearedContactNotes: 0 });

    const erased = await db.client.findUniqueOrThrow({ where: { id: due.id } });
    expect(erased).toMatchObject({ fullName: `Erased client #${due.id}`, email: null, erasedById: null });
    expect(erased.erasedAt?.toISOString()).toBe(NOW.toISOString());
    for (const kept of [notYet, inBook])
      expect(await db.client.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({ erasedAt: null });

    expect(await db.auditLog.count({ where: { createdAt: { lt: daysAgo(700) } } })).toBe(0);
    expect(await db.auditLog.count({ where: { action: "auth.sign_in" } })).toBe(1);
    const erasure = await db.auditLog.findFirstOrThrow({
      where: { action: "client.erased", targetId: String(due.id) },
    });
    expect(erasure).toMatchObject({
      actorId: null,
      actorName: "retention job (daily)",
      details: JSON.stringify({ reason: "retention" }),
    });
    const run = await db.auditLog.findFirstOrThrow({ where: { action: "retention.run" } });
    expect(JSON.parse(run.details!)).toEqual({
      settings: DEFAULT_RETENTION,
      erasedClients: 1,
      prunedAuditEntries: 2,
      clearedContactNotes: 0,
    });
    expect(await db.jobLease.findUniqueOrThrow({ where: { name: "retention" } })).toMatchObject({
      lastRunDay: "2026-11-25",
      holder: null,
      heldUntil: null,
    });
  });

  it("runs once a day: a second ask that day skips, the next day's runs", async () => {
    expect(await runDailyRetention({ now: new Date(NOW.getTime() + 3_600_000), holder: "instance-b" })).toBeNull();
    // 20:00 UTC is already the next day in Dubai (the shop's day decides).
    const nextDay = new Date("2026-11-25T20:00:00.000Z");
    const report = await runDailyRetention({ now: nextDay, holder: "instance-b", options: fast });
    expect(report).toMatchObject({ erasedClients: 0 });
    expect(await db.auditLog.count({ where: { action: "retention.run" } })).toBe(2);
  });

  it("never runs beside a run in progress, even when forced; a dead holder's lease runs out", async () => {
    const later = new Date("2026-11-27T06:00:00.000Z");
    await db.jobLease.update({
      where: { name: "retention" },
      data: { holder: "crashed", heldUntil: new Date(later.getTime() + 60_000) },
    });
    expect(await runDailyRetention({ now: later, holder: "instance-a" })).toBeNull();
    expect(await runDailyRetention({ now: later, holder: "operator", force: true })).toBeNull();
    const afterExpiry = new Date(later.getTime() + 120_000);
    expect(await runDailyRetention({ now: afterExpiry, holder: "instance-a", options: fast })).not.toBeNull();
  });

  it("an operator's forced run applies the periods again on a day already done", async () => {
    const done = new Date("2026-11-27T07:00:00.000Z");
    expect(await runDailyRetention({ now: done, holder: "instance-b" })).toBeNull();
    const forced = await runDailyRetention({
      now: done,
      holder: "operator",
      actorName: "operator (command line)",
      force: true,
      options: fast,
    });
    expect(forced).not.toBeNull();
    expect(await db.auditLog.count({ where: { action: "retention.run", actorName: "operator (command line)" } })).toBe(
      1,
    );
  });

  it("works in batches: many clients due, each batch a short transaction", async () => {
    const many = await Promise.all(Array.from({ length: 7 }, () => client({ deletedAt: daysAgo(120) })));
    const report = await runDailyRetention({
      now: new Date("2026-11-28T06:00:00.000Z"),
      holder: "instance-a",
      options: { batchSize: 3, pauseMs: 0 },
    });
    expect(report).toMatchObject({ erasedClients: 7 });
    expect(report!.batches).toBeGreaterThanOrEqual(3);
    expect(report!.longestBatchMs).toBeGreaterThan(0);
    expect(await db.client.count({ where: { id: { in: many.map((c) => c.id) }, erasedAt: null } })).toBe(0);
  });
});

describe("contact notes, when an admin turns their clearing on", () => {
  it("clears notes and outcomes older than K months, in the contacts and their audit entries", async () => {
    const admin = await createUser({ role: "admin" });
    await saveRetentionSettings({ ...DEFAULT_RETENTION, contactNoteMonths: 12 }, admin.user);
    const owner = await client();
    const old = daysAgo(400);
    const recent = daysAgo(200);
    const contact = (at: Date, note: string) =>
      db.clientInteraction.create({ data: { clientId: owner.id, type: "call", note, outcome: `${note} outcome`, at } });
    const oldContact = await contact(old, "Old call");
    const recentContact = await contact(recent, "Recent call");
    const entry = (at: Date, note: string) =>
      auditAt(at, "client.interaction_recorded", {
        targetType: "client",
        targetId: String(owner.id),
        details: JSON.stringify({ type: "call", at: at.toISOString(), outcome: `${note} outcome` }),
      });
    const oldEntry = await entry(old, "Old call");
    const recentEntry = await entry(recent, "Recent call");

    const then = new Date("2026-11-29T06:00:00.000Z");
    expect((await planRetention(then)).contactNotes).toBe(1);
    const report = await runDailyRetention({ now: then, holder: "instance-a", options: fast });
    expect(report).toMatchObject({ clearedContactNotes: 1 });

    expect(await db.clientInteraction.findUniqueOrThrow({ where: { id: oldContact.id } })).toMatchObject({
      note: null,
      outcome: null,
      type: "call",
    });
    expect(await db.clientInteraction.findUniqueOrThrow({ where: { id: recentContact.id } })).toMatchObject({
      note: "Recent call",
    });
    expect(JSON.parse((await db.auditLog.findUniqueOrThrow({ where: { id: oldEntry.id } })).details!)).toMatchObject({
      outcome: null,
    });
    expect((await db.auditLog.findUniqueOrThrow({ where: { id: recentEntry.id } })).details).toContain(
      "Recent call outcome",
    );
  });
});

describe("Data Retention (admin settings)", () => {
  const post = async (cookie: string, form: Record<string, string>) =>
    outcome(await callRoute(retentionPage.action, makeRequest("/profile/retention", { cookie, form })));

  it("saves the periods in the database, audited; refuses a period out of bounds by field", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.user.id);
    const before = await getRetentionSettings();
    const refused = await post(cookie, { erasedAfterDays: "2", auditMonths: "37" });
    // The refusal names the field, and carries what was typed back to the form (JavaScript or not).
    expect(refused).toMatchObject({
      status: 400,
      body: {
        result: {
          error: { erasedAfterDays: ["Deleted clients: at least 7 days"] },
          initialValue: { erasedAfterDays: "2", auditMonths: "37" },
        },
      },
    });
    expect(await getRetentionSettings()).toEqual(before);

    const saved = await post(cookie, { erasedAfterDays: "30", auditMonths: "36" });
    expect(saved.status).toBe(302);
    expect(await getRetentionSettings()).toEqual({ erasedAfterDays: 30, auditMonths: 36, contactNoteMonths: null });
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "settings.retention_changed", actorId: admin.user.id },
    });
    expect(JSON.parse(entry.details!)).toEqual({ erasedAfterDays: 30, auditMonths: 36, contactNoteMonths: null });

    const page = await outcome(await callRoute(retentionPage.loader, makeRequest("/profile/retention", { cookie })));
    expect(page.body).toMatchObject({
      settings: { erasedAfterDays: 30, auditMonths: 36, contactNoteMonths: null },
      // notYet was deleted 80 days before NOW: due under a 30-day period.
      due: { clients: 1 },
    });
  });

  it("is the admin's only", async () => {
    const staff = await createUser({ role: "sales_back" });
    const cookie = await sessionCookieFor(staff.user.id);
    expect((await post(cookie, { erasedAfterDays: "7", auditMonths: "6" })).status).toBe(403);
    const page = await outcome(await callRoute(retentionPage.loader, makeRequest("/profile/retention", { cookie })));
    expect(page.status).toBe(403);
    expect((await getRetentionSettings()).erasedAfterDays).toBe(30);
  });
});
