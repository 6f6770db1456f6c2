import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as jobPage from "~/routes/_app.jobs.$id";
import * as newPage from "~/routes/_app.jobs.new";
import { recordConsent } from "~/services/consent.server";
import {
  addClientThroughApi,
  callRoute,
  createUser,
  makeRequest,
  outcome,
  sessionCookieFor,
} from "../support/factories";

/** Issue #45 item 5: a ready job's WhatsApp message, and the waiting and overdue jobs on My day and the dashboard. */

async function signedIn(role: "admin" | "sales_front" | "sales_back" | "road_sales") {
  const staff = await createUser({ role });
  return { ...staff, cookie: await sessionCookieFor(staff.user.id) };
}

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
          "item-0-category": "necklace",
          depositAmount: "250",
          depositMethod: "card",
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
