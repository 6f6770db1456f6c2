import { db, expect, test } from "../support/e2e/fixtures";

// Hostile posts to the built server, as an outside tester sends them: a foreign, null or malformed
// Origin, a body no action can read, a body too large. Each gets the app's own answer (server.mjs,
// server/request-guards.mjs), never the framework's 500.

const form = "application/x-www-form-urlencoded";

async function refusalAudit(path: string) {
  await expect
    .poll(() => db.auditLog.count({ where: { action: "auth.access_refused", targetId: path } }))
    .toBeGreaterThan(0);
  const row = await db.auditLog.findFirstOrThrow({
    where: { action: "auth.access_refused", targetId: path },
    orderBy: { createdAt: "desc" },
  });
  return JSON.parse(row.details!) as unknown;
}

test("a cross-site post to a page, a `.data` request or /api is refused with 403 and logged", async ({ request }) => {
  const client = await db.client.create({
    data: { fullName: "Origin Check", mobileNumber: "971551230043", searchText: "origin check 971551230043" },
  });
  for (const origin of ["https://evil.example", "null", "not a url"]) {
    const page = await request.post(`/customers/${client.id}/whatsapp`, {
      headers: { Origin: origin, "Content-Type": form },
      data: "message=hi",
      maxRedirects: 0,
    });
    expect(page.status(), origin).toBe(403);
    expect(page.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await page.text()).toContain("sent from another website");
  }
  expect(await refusalAudit(`/customers/${client.id}/whatsapp`)).toEqual({ reason: "cross_site", method: "POST" });

  for (const path of [`/customers/${client.id}/whatsapp.data`, "/api/clients"]) {
    const answer = await request.post(path, {
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      data: "{}",
    });
    expect(answer.status(), path).toBe(403);
    expect(await answer.json()).toEqual({ error: expect.stringContaining("another website") });
    expect(await refusalAudit(path)).toEqual({ reason: "cross_site", method: "POST" });
  }
});

test("a post from the app's own origin still reaches the action", async ({ request, baseURL }) => {
  const answer = await request.post("/language", {
    headers: { Origin: baseURL!, "Content-Type": form },
    data: "lng=ar&redirectTo=/login",
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
});

test("bodies an action cannot read get 415 or 400, and oversized ones 413", async ({ request }) => {
  const truncated = '--XYZ\r\nContent-Disposition: form-data; name="language"\r\n\r\nar\r\n--XY';
  for (const path of ["/login", "/language"]) {
    const plain = await request.post(path, { headers: { "Content-Type": "text/plain" }, data: "language=ar" });
    expect(plain.status(), path).toBe(415);
    const cut = await request.post(path, {
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
      data: truncated,
    });
    expect(cut.status(), path).toBe(400);
    expect(await cut.text()).toContain("could not be read");
    const big = await request.post(path, {
      headers: { "Content-Type": form },
      data: `email=${"x".repeat(200 * 1024)}`,
    });
    expect(big.status(), path).toBe(413);
  }
});
