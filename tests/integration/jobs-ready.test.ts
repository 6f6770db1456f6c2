import type { Role } from "~/domain/roles";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as jobPage from "~/routes/_app.jobs.$id";
import * as newPage from "~/routes/_app.jobs.new";
import * as listPage from "~/routes/_app.jobs._index";
import * as dashboardPage from "~/routes/_app.dashboard";
import * as jobsApi from "~/routes/api.jobs";
import { jobsHref } from "~/components/jobs/job-counts-line";
import { recordConsent } from "~/services/consent.server";
import { moveJob } from "~/services/jobs.server";
import { addClientThroughApi, callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #45 item 5: a ready job's WhatsApp message, and the waiting and overdue jobs on My day and the dashboard. */

const signedIn = (role: Role) => signedInStaff(role);

let mobile = 504100000;

async function openedJob(cookie: string, client: Record<string, unknown> = {}) {
  const clientId = await addClientThroughApi(cookie, {
    fullName: "Mariam Saeed",
    mobileNumber: `+971${mobile++}`,
    team: "team_a",
    ...client,
  });
  const res = await outcome(
    await callRoute(
      newPage.action,
      makeRequest(`/jobs/new?clientId=${clientId}`, {
        cookie,
        form: {
          type: "repair",
          description: "Chain soldered",
          promisedDate: addDays(businessToday(), 2),
          price: "1250",
          "items[0].category": "necklace",
          "deposit.amount": "250",
          "deposit.method": "card",
        },
      }),
    ),
  );
  expect(res.status).toBe(302);
  const job = await db.job.findFirstOrThrow({ where: { clientId } });
  return { clientId, job };
}

async function move(cookie: string, id: number, status: string) {
  const res = await outcome(
    await callRoute(jobPage.action, makeRequest(`/jobs/${id}`, { cookie, form: { status } }), { id: String(id) }),
  );
  expect(res.status).toBe(302);
}

type Ready = { clientName: string; message: string; withdrawn: boolean } | null;

async function readyOf(cookie: string, id: number): Promise<Ready> {
  const page = await outcome(
    await callRoute(jobPage.loader, makeRequest(`/jobs/${id}`, { cookie }), { id: String(id) }),
  );
  expect(page.status).toBe(200);
  return (page.body as { ready: Ready }).ready;
}

describe("Send ready message", () => {
  it("is offered only once the job is ready, in English with the number, the piece and the balance", async () => {
    const staff = await signedIn("road_sales");
    const { job } = await openedJob(staff.cookie);
    expect(await readyOf(staff.cookie, job.id)).toBeNull();
    await move(staff.cookie, job.id, "in_workshop");
    expect(await readyOf(staff.cookie, job.id)).toBeNull();
    await move(staff.cookie, job.id, "ready");
    const ready = await readyOf(staff.cookie, job.id);
    expect(ready?.withdrawn).toBe(false);
    expect(ready?.message).toContain("Dear Mariam");
    expect(ready?.message).toContain(job.number);
    expect(ready?.message).toContain("Necklace");
    expect(ready?.message).toContain("AED 1,000.00");
  });

  it("is written in Arabic for a client who prefers it", async () => {
    const staff = await signedIn("sales_front");
    const { job } = await openedJob(staff.cookie, { fullNameAr: "مريم سعيد", preferredLanguage: "ar" });
    await move(staff.cookie, job.id, "in_workshop");
    await move(staff.cookie, job.id, "ready");
    const ready = await readyOf(staff.cookie, job.id);
    expect(ready?.message).toContain("أهلاً مريم");
    expect(ready?.message).toContain("جاهزة للاستلام");
    expect(ready?.message).toContain(job.number);
    expect(ready?.message).toMatch(/1,000\.00/);
  });

  it("is off, with the reason, for a client who withdrew WhatsApp consent", async () => {
    const staff = await signedIn("admin");
    const { clientId, job } = await openedJob(staff.cookie);
    await move(staff.cookie, job.id, "in_workshop");
    await move(staff.cookie, job.id, "ready");
    await recordConsent(clientId, { channel: "whatsapp", status: "withdrawn", source: "phone" }, staff.user);
    const ready = await readyOf(staff.cookie, job.id);
    expect(ready?.withdrawn).toBe(true);
  });
});

type Counts = { waiting: number; overdue: number };

async function dashboardOf(cookie: string) {
  const page = await outcome(await callRoute(dashboardPage.loader, makeRequest("/dashboard", { cookie })));
  expect(page.status).toBe(200);
  return page.body as { jobs: Counts; myDay: { jobs: Counts } };
}

async function listTotal(cookie: string, href: string): Promise<number> {
  const page = await outcome(await callRoute(listPage.loader, makeRequest(href, { cookie })));
  expect(page.status).toBe(200);
  return (page.body as { total: number }).total;
}

describe("jobs to chase on My day and the dashboard", () => {
  it("counts the shop's and the taker's waiting and overdue jobs, linking to the list filtered the same way", async () => {
    const taker = await signedIn("sales_front");
    const other = await signedIn("sales_back");
    const before = await dashboardOf(taker.cookie);
    expect(before.myDay.jobs).toEqual({ waiting: 0, overdue: 0 });
    const context = (staff: typeof taker) => ({
      actor: { id: staff.user.id, name: staff.user.name, role: "sales_front" as const },
      ip: null,
    });

    // Ready 10 days ago: waiting. Ready today: not yet.
    const old = await openedJob(taker.cookie);
    await move(taker.cookie, old.job.id, "in_workshop");
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
    expect(
      (await moveJob(old.job.id, { to: "ready", reason: null, override: false }, context(taker), tenDaysAgo)).ok,
    ).toBe(true);
    const fresh = await openedJob(taker.cookie);
    await move(taker.cookie, fresh.job.id, "in_workshop");
    await move(taker.cookie, fresh.job.id, "ready");
    // Past its promised day and not ready: overdue; the other taker's too, but not on my day. The ready one
    // past its day too is not overdue: it waits for the client.
    const late = await openedJob(taker.cookie);
    const othersLate = await openedJob(other.cookie);
    await db.job.updateMany({
      where: { id: { in: [late.job.id, othersLate.job.id, fresh.job.id] } },
      data: { promisedDate: new Date(`${addDays(businessToday(), -3)}T00:00:00.000Z`) },
    });

    const after = await dashboardOf(taker.cookie);
    expect(after.myDay.jobs).toEqual({ waiting: 1, overdue: 1 });
    expect(after.jobs).toEqual({ waiting: before.jobs.waiting + 1, overdue: before.jobs.overdue + 2 });
    expect((await dashboardOf(other.cookie)).myDay.jobs).toEqual({ waiting: 0, overdue: 1 });

    // The links: the list finds exactly the counted jobs.
    expect(jobsHref("waiting", true)).toBe("/jobs?waiting=1&mine=1");
    expect(await listTotal(taker.cookie, jobsHref("waiting", true))).toBe(1);
    expect(await listTotal(taker.cookie, jobsHref("overdue", true))).toBe(1);
    expect(await listTotal(taker.cookie, jobsHref("waiting", false))).toBe(after.jobs.waiting);
    expect(await listTotal(taker.cookie, jobsHref("overdue", false))).toBe(after.jobs.overdue);
    const api = await outcome(
      await callRoute(jobsApi.loader, makeRequest("/api/jobs?waiting=1&mine=1", { cookie: taker.cookie })),
    );
    expect((api.body as { data: { id: number }[] }).data.map((j) => j.id)).toEqual([old.job.id]);
    const bad = await outcome(
      await callRoute(jobsApi.loader, makeRequest("/api/jobs?waiting=2", { cookie: taker.cookie })),
    );
    expect(bad.status).toBe(400);

    // A write shows at once: delivering the waiting job takes it off both counts.
    const pay = await outcome(
      await callRoute(
        jobPage.action,
        makeRequest(`/jobs/${old.job.id}`, {
          cookie: taker.cookie,
          form: { intent: "pay", amount: "1000", method: "card" },
        }),
        { id: String(old.job.id) },
      ),
    );
    expect(pay.status).toBe(302);
    await move(taker.cookie, old.job.id, "delivered");
    const delivered = await dashboardOf(taker.cookie);
    expect(delivered.myDay.jobs).toEqual({ waiting: 0, overdue: 1 });
    expect(delivered.jobs.waiting).toBe(after.jobs.waiting - 1);
  });
});
