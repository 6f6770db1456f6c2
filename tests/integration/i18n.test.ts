import { describe, expect, it } from "vitest";
import { getCurrentSession } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { readToast } from "~/http/toast.server";
import * as root from "~/root";
import * as dashboard from "~/routes/_app.dashboard";
import * as language from "~/routes/language";
import * as login from "~/routes/login";
import * as manifest from "~/routes/manifest[.]webmanifest";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

type RootData = { language: string };

describe("Arabic and English (docs/decisions/021-arabic-and-english.md)", () => {
  it("the top bar's switch saves the signed-in user's language, sets the cookie and goes back", async () => {
    const { user } = await createUser({ role: "admin", name: "Aisha Rahman" });
    const cookie = await sessionCookieFor(user.id);
    const { status, headers } = await outcome(
      await callRoute(
        language.action,
        makeRequest("/language", { cookie, form: { lng: "ar", redirectTo: "/dashboard?followUps=all" } }),
      ),
    );
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/dashboard?followUps=all");
    expect(headers.get("Set-Cookie")).toMatch(/^lng=/);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).language).toBe("ar");

    // The saved choice wins over an English browser and no cookie (another device).
    const english = { cookie, headers: { "Accept-Language": "en-GB" } };
    const rootData = (await outcome(await callRoute(root.loader, makeRequest("/dashboard", english)))).body as RootData;
    expect(rootData.language).toBe("ar");
    // The catalogs are an asset the browser keeps (decision 025): the root's data carries none.
    expect(rootData).not.toHaveProperty("catalogs");

    const page = (await outcome(await callRoute(dashboard.loader, makeRequest("/dashboard", english)))).body as {
      roleLabel: string;
      followUps: { items: unknown[] };
    };
    expect(page).toMatchObject({ roleLabel: "المدير" });

    // Server-made toasts follow the language too.
    const done = await outcome(
      await callRoute(
        dashboard.action,
        makeRequest("/dashboard", { cookie, form: { intent: "complete-follow-up", followUpId: "missing" } }),
      ),
    );
    const toastCookie = done.headers.get("Set-Cookie")!.split(";")[0]!;
    expect((await readToast(makeRequest("/dashboard", { cookie: toastCookie }))).toast).toMatchObject({
      title: "لا شيء لتحديده",
    });
  });

  it("a page's loaders share one session read, so choosing the language adds no query; actions read afresh", async () => {
    const { user } = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const page = makeRequest("/dashboard", { cookie });
    expect(await getCurrentSession(page)).toBe(await getCurrentSession(page));
    const post = makeRequest("/dashboard", { cookie, form: { intent: "x" } });
    expect(await getCurrentSession(post)).not.toBe(await getCurrentSession(post));
    expect(await getCurrentSession(post)).toEqual(await getCurrentSession(page));
  });

  it("without a session the switch sets only the cookie, and never redirects off the site", async () => {
    const { status, headers } = await outcome(
      await callRoute(language.action, makeRequest("/language", { form: { lng: "ar", redirectTo: "//evil.example" } })),
    );
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/");
    expect(headers.get("Set-Cookie")).toMatch(/^lng=/);
  });

  it("refuses an unknown language and a cross-site post", async () => {
    expect(
      (await outcome(await callRoute(language.action, makeRequest("/language", { form: { lng: "fr" } })))).status,
    ).toBe(400);
    const crossSite = makeRequest("/language", { form: { lng: "ar" }, origin: "https://evil.example" });
    expect((await outcome(await callRoute(language.action, crossSite))).status).toBe(403);
  });

  it("the sign-in page answers in the browser's language", async () => {
    const request = makeRequest("/login", {
      form: { intent: "email", email: "not-an-email" },
      headers: { "Accept-Language": "ar-AE,ar;q=0.9" },
    });
    const { status, body } = await outcome(await callRoute(login.action, request));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      step: "email",
      lastResult: { initialValue: { email: "not-an-email" }, error: { email: ["أدخل عنوان بريد إلكتروني صحيحًا"] } },
    });
    const english = await outcome(
      await callRoute(login.action, makeRequest("/login", { form: { intent: "email", email: "nope" } })),
    );
    expect(english.body).toMatchObject({ lastResult: { error: { email: ["Enter a valid email address"] } } });
  });

  it("serves a manifest per language", async () => {
    const arabic = (await outcome(await callRoute(manifest.loader, makeRequest("/manifest.webmanifest?lng=ar"))))
      .body as Record<string, string>;
    expect(arabic).toMatchObject({ lang: "ar", dir: "rtl", name: "Jewel CRM" });
    expect(arabic.description).toBe("سجل العملاء والمناسبات والتواصل لفريق صالة العرض.");
    const english = (await outcome(await callRoute(manifest.loader, makeRequest("/manifest.webmanifest"))))
      .body as Record<string, string>;
    expect(english).toMatchObject({
      lang: "en",
      dir: "ltr",
      description: "Client book, occasions and outreach for the showroom team.",
    });
  });
});
