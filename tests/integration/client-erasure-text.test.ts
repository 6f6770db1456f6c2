import { SEEDED_SALE_LISTS } from "../support/seeded-sale-lists";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { businessToday } from "~/domain/calendar";
import type { Role } from "~/domain/roles";
import { saleInputSchema } from "~/domain/sales";
import { eraseClient, eraseClientsIn } from "~/services/client-erasure.server";
import { createClient } from "~/services/client-writes.server";
import { recordInteraction } from "~/services/interactions.server";
import { recordSale, voidSale } from "~/services/sales.server";
import { createUser } from "../support/factories";

// Erasure leaves no text about the person (docs/privacy.md): void reasons and the void's audit
// entry, the rows imports skipped that name them by any spelling of their mobile, their Emirates
// ID or email, and saved lead lists, all in the erasure's own transaction.

let seq = 0;

async function admin() {
  const staff = await createUser({ role: "admin", name: `Text admin ${++seq}` });
  return { ...staff.user, role: "admin" as Role };
}

async function clientWithVoid(fields: Record<string, string>, reason: string) {
  const actor = await admin();
  const created = await createClient({ team: "team_a", ...fields }, { actor });
  if (!created.ok) throw new Error(JSON.stringify(created.issues));
  const id = created.client.id;
  const sale = await recordSale(
    id,
    saleInputSchema(businessToday(), SEEDED_SALE_LISTS).parse({ saleDate: businessToday(), amount: "450" }),
    { actor },
  );
  if (!sale.ok) throw new Error("sale");
  await voidSale(sale.sale.id, reason, { actor });
  await recordInteraction(id, { type: "call", note: "note", outcome: `${reason} outcome`, at: new Date() }, actor);
  return { id, saleId: sale.sale.id, actor };
}

/** An import run that skipped rows naming the person in other spellings, and one naming someone else. */
async function importRunNaming(userId: string, marker: string, spellings: { mobile: string; values?: object }[]) {
  const rows = [
    ...spellings.map((s, i) => ({ name: `${marker} row ${i}`, reason: "Invalid date", ...s })),
    { name: "Someone Else", mobile: "971509990000", reason: "Invalid date", values: { email: "else@example.com" } },
  ];
  return db.importRun.create({
    data: {
      kind: "client",
      userId,
      fileName: "clients.csv",
      status: "succeeded",
      skipped: rows.length,
      skippedJson: JSON.stringify(rows),
      finishedAt: new Date(),
    },
  });
}

describe("erasure clears every free-text field about the client", () => {
  it("void reasons and the void's audit reason go; the void itself, its amount and day stay", async () => {
    const person = await clientWithVoid(
      { fullName: "Noura Voided", mobileNumber: "0507112233" },
      "NOURA asked for her husband's card",
    );
    const other = await clientWithVoid({ fullName: "Hind Stays", mobileNumber: "0507112244" }, "HIND wrong till");

    expect(await eraseClient(person.id, person.actor)).toEqual({ ok: true });

    const sale = await db.sale.findUniqueOrThrow({ where: { id: person.saleId } });
    expect(sale.voidedAt).not.toBeNull();
    expect(sale.amountFils).toBe(45_000n);
    expect(sale.voidReason).toBeNull();
    const entries = await db.auditLog.findMany({ where: { targetType: "client", targetId: String(person.id) } });
    const voided = entries.find((e) => e.action === "client.sale_voided")!;
    expect(JSON.parse(voided.details!)).toMatchObject({ saleId: person.saleId, amount: "450.00" });
    expect(JSON.stringify(entries)).not.toContain("NOURA");

    // The other client's words stay.
    expect((await db.sale.findUniqueOrThrow({ where: { id: other.saleId } })).voidReason).toBe("HIND wrong till");
    const theirs = JSON.stringify(
      await db.auditLog.findMany({ where: { targetType: "client", targetId: String(other.id) } }),
    );
    expect(theirs).toContain("HIND wrong till");
    expect(theirs).toContain("HIND wrong till outcome");
  });

  it("skipped import rows go when they match by normalised mobile, Emirates ID or email", async () => {
    const person = await clientWithVoid(
      {
        fullName: "Latifa Skipped",
        mobileNumber: "0507334455",
        emiratesId: "784-1990-7334455-1",
        email: "Latifa.Skipped@example.com",
      },
      "LATIFA reason",
    );
    const importer = await createUser({ role: "sales_back" });
    const run = await importRunNaming(importer.user.id, "LATIFA", [
      { mobile: "+971 50 733 4455" },
      { mobile: "050-733-4455" },
      { mobile: "", values: { emiratesId: "784199073344551" } },
      { mobile: "0551112222", values: { email: " latifa.skipped@EXAMPLE.com " } },
    ]);

    expect(await eraseClient(person.id, person.actor)).toEqual({ ok: true });

    const kept = await db.importRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(kept.skippedJson).not.toContain("LATIFA");
    expect((JSON.parse(kept.skippedJson) as { name: string }[]).map((r) => r.name)).toEqual(["Someone Else"]);
  });

  it("lead lists and skipped rows are cleaned inside the erasure's transaction, and roll back with it", async () => {
    const person = await clientWithVoid({ fullName: "Salama Atomic", mobileNumber: "0507556677" }, "SALAMA reason");
    const lister = await createUser();
    await db.leadRun.create({
      data: {
        userId: lister.user.id,
        filtersJson: "{}",
        leadsJson: JSON.stringify([{ clientId: person.id, name: "Salama Atomic", mobile: "971507556677" }]),
        source: "engine",
      },
    });
    const run = await importRunNaming(lister.user.id, "SALAMA", [{ mobile: "971507556677" }]);
    const by = { reason: "request" as const, actor: person.actor };

    // Inside the transaction, before it commits, nothing about the person is left anywhere.
    const seenInside = await db.$transaction(async (tx) => {
      await eraseClientsIn(tx, [person.id], by, new Date());
      return {
        leadRuns: await tx.leadRun.count({ where: { userId: lister.user.id } }),
        skipped: (await tx.importRun.findUniqueOrThrow({ where: { id: run.id } })).skippedJson,
        voidReason: (await tx.sale.findFirstOrThrow({ where: { clientId: person.id } })).voidReason,
      };
    });
    expect(seenInside.leadRuns).toBe(0);
    expect(seenInside.skipped).not.toContain("SALAMA");
    expect(seenInside.voidReason).toBeNull();
  });

  it("an erasure that fails leaves every list as it was", async () => {
    const person = await clientWithVoid({ fullName: "Meera Rollback", mobileNumber: "0507889900" }, "MEERA reason");
    const lister = await createUser();
    await db.leadRun.create({
      data: {
        userId: lister.user.id,
        filtersJson: "{}",
        leadsJson: JSON.stringify([{ clientId: person.id, name: "Meera Rollback", mobile: "971507889900" }]),
        source: "engine",
      },
    });
    const run = await importRunNaming(lister.user.id, "MEERA", [{ mobile: "0507889900" }]);
    await expect(
      db.$transaction(async (tx) => {
        await eraseClientsIn(tx, [person.id], { reason: "request", actor: person.actor }, new Date());
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await db.leadRun.count({ where: { userId: lister.user.id } })).toBe(1);
    expect((await db.importRun.findUniqueOrThrow({ where: { id: run.id } })).skippedJson).toContain("MEERA");
    expect((await db.client.findUniqueOrThrow({ where: { id: person.id } })).erasedAt).toBeNull();
  });
});
