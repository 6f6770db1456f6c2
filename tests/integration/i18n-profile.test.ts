import { describe, expect, it } from "vitest";
import { totpCode } from "~/auth/totp.server";
import { readToast } from "~/http/toast.server";
import { resetAuthenticator } from "~/services/authenticators.server";
import * as authenticator from "~/routes/_app.account.authenticator";
import * as security from "~/routes/_app.account.security";
import * as users from "~/routes/_app.profile.users";
import * as newUser from "~/routes/_app.profile.users.new";
import * as logs from "~/routes/_app.profile_.logs";
import * as messages from "~/routes/_app.profile_.messages";
import * as retention from "~/routes/_app.profile_.retention";
import { unlockedAdmin } from "../support/admin-gate";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// The profile and account screens' server-made texts in Arabic, and exactly as before in English
// (docs/decisions/021-arabic-and-english.md).

const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };

type Reply = { error?: Record<string, string[] | null> };

async function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith("crm_toast="));
  return cookie ? (await readToast(makeRequest("/", { cookie: cookie.split(";")[0]! }))).toast : null;
}

describe("the user-management gate and user form", () => {
  it("refuses a wrong code and grants access in the page's language", async () => {
    const { user, code } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const wrong = code() === "000000" ? "111111" : "000000";
    const post = (token: string, headers?: Record<string, string>) =>
      callRoute(
        users.action,
        makeRequest("/profile/users", { cookie, headers, form: { intent: "unlock", token, next: "/profile/users" } }),
      );

    expect((await outcome(await post(wrong, ARABIC))).body).toEqual({
      error: "الرمز غير صحيح أو منتهي الصلاحية. تحقّق من تطبيق المصادقة وحاول مرة أخرى.",
    });
    expect((await outcome(await post("12", ARABIC))).body).toEqual({ error: "يُرجى إدخال الأرقام الستة كلها" });
    expect((await outcome(await post(wrong))).body).toEqual({
      error: "Invalid or expired code. Check your authenticator app and try again.",
    });

    const opened = await outcome(await post(code(), ARABIC));
    expect(opened.status).toBe(302);
    expect(await toastOf(opened.headers)).toMatchObject({
      title: "تم منح الوصول",
      description: "تم التحقق من الرمز بنجاح",
    });
  });

  it("says a taken email and the new account's next step in Arabic, the English unchanged", async () => {
    const { cookie } = await unlockedAdmin("form");
    const taken = await createUser();
    const add = (form: Record<string, string>, headers?: Record<string, string>) =>
      callRoute(newUser.action, makeRequest("/profile/users/new", { cookie, headers, form }));
    const base = { role: "sales_front", authType: "otp" };

    const refused = await outcome(await add({ ...base, name: "Dup", email: taken.user.email }, ARABIC));
    expect(refused.status).toBe(409);
    expect((refused.body as { result: Reply }).result.error?.email).toEqual([
      "يوجد مستخدم بهذا البريد الإلكتروني بالفعل",
    ]);
    const english = await outcome(await add({ ...base, name: "Dup", email: taken.user.email }));
    expect((english.body as { result: Reply }).result.error?.email).toEqual(["A user with this email already exists"]);

    const created = await outcome(
      await add({ ...base, name: "Noura Al Mazrouei", email: `noura.${Date.now()}@example.com` }, ARABIC),
    );
    expect(await toastOf(created.headers)).toEqual({
      type: "success",
      title: "تم إنشاء المستخدم بنجاح",
      description: "تم إنشاء حساب Noura Al Mazrouei. أنشئ رمزًا لمرة واحدة ليتمكن من تسجيل الدخول.",
    });
  });
});

describe("System Logs, Data Retention and WhatsApp Messages", () => {
  it("gives the log's times in Arabic, and the entries' action codes as stored", async () => {
    const { cookie } = await unlockedAdmin("form");
    const get = (headers?: Record<string, string>) =>
      callRoute(logs.loader, makeRequest("/profile/logs?action=auth.admin_gate_unlocked", { cookie, headers }));
    const arabic = (await outcome(await get(ARABIC))).body as { entries: { when: string; action: string }[] };
    expect(arabic.entries[0]).toMatchObject({ action: "auth.admin_gate_unlocked" });
    expect(arabic.entries[0]!.when).toMatch(/^\d{1,2}\u200f\/\d{1,2}\u200f\/\d{4}، \d{1,2}:\d{2} (ص|م)$/);
    const english = (await outcome(await get())).body as { entries: { when: string }[] };
    expect(english.entries[0]!.when).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
  });

  it("names a retention period out of bounds in Arabic, with the plural the bound takes", async () => {
    const { user } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const post = (headers?: Record<string, string>) =>
      callRoute(
        retention.action,
        makeRequest("/profile/retention", {
          cookie,
          headers,
          form: { erasedAfterDays: "3", auditMonths: "200", clearContactNotes: "on", contactNoteMonths: "0" },
        }),
      );
    const arabic = (await outcome(await post(ARABIC))).body as { result: Reply };
    expect(arabic.result.error).toMatchObject({
      erasedAfterDays: ["العملاء المحذوفون: 7 أيام على الأقل"],
      auditMonths: ["قيود التدقيق: 120 شهرًا على الأكثر"],
    });
    const english = (await outcome(await post())).body as { result: Reply };
    expect(english.result.error).toMatchObject({
      erasedAfterDays: ["Deleted clients: at least 7 days"],
      auditMonths: ["Audit entries: at most 120 months"],
    });

    const lastRun = (await outcome(await callRoute(retention.loader, makeRequest("/profile/retention", { cookie }))))
      .body as { lastRun: string | null };
    expect(lastRun.lastRun === null || /^\d{1,2} [A-Z][a-z]{2} \d{4}$/.test(lastRun.lastRun)).toBe(true);
  });

  it("refuses an unknown placeholder and a reset of no text in Arabic, the placeholders as written", async () => {
    const { user } = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(user.id);
    const post = (headers?: Record<string, string>) =>
      callRoute(
        messages.action,
        makeRequest("/profile/messages", { cookie, headers, form: { intent: "reset", target: "no-such-text" } }),
      );
    const arabic = (await outcome(await post(ARABIC))).body as { lastResult: Reply };
    expect(arabic.lastResult.error?.target).toEqual(["اختر رسالة لاستعادة نصها الافتراضي"]);
    const typo = await outcome(
      await callRoute(
        messages.action,
        makeRequest("/profile/messages", {
          cookie,
          headers: ARABIC,
          form: { intent: "save", "birthday_today-ar": "كل عام وأنت بخير يا {frstName}" },
        }),
      ),
    );
    expect((typo.body as { lastResult: Reply }).lastResult.error?.["birthday_today-ar"]).toEqual([
      "عنصر نائب غير معروف {frstName}: يمكن لهذه الرسالة استخدام {firstName}, {fullName}",
    ]);
    const english = (await outcome(await post())).body as { lastResult: Reply };
    expect(english.lastResult.error?.target).toEqual(["Choose a message to reset"]);
  });
});

describe("the account screens", () => {
  it("say the sessions and devices in Arabic, and sign out elsewhere with an Arabic plural", async () => {
    const { user } = await createUser({ role: "sales_back" });
    const cookie = await sessionCookieFor(user.id);
    for (let i = 0; i < 3; i++) await sessionCookieFor(user.id);
    const page = (
      await outcome(await callRoute(security.loader, makeRequest("/account/security", { cookie, headers: ARABIC })))
    ).body as { devices: { label: string; linked: string }[]; sessions: { started: string }[] };
    expect(page.devices[0]).toMatchObject({ label: "Test phone" });
    expect(page.devices[0]!.linked).toMatch(/(ص|م)$/);
    expect(page.sessions).toHaveLength(4);

    const ended = await outcome(
      await callRoute(
        security.action,
        makeRequest("/account/security", { cookie, headers: ARABIC, form: { intent: "sign-out-others" } }),
      ),
    );
    expect(await toastOf(ended.headers)).toMatchObject({
      title: "تم تسجيل الخروج من الأماكن الأخرى",
      description: "انتهت 3 جلسات أخرى؛ تبقى هذه الجلسة مسجّلة الدخول.",
    });
  });

  it("offers a new colleague's setup in Arabic, naming the numbered device in Arabic", async () => {
    const { user } = await createUser({ role: "road_sales", authType: "otp" });
    const cookie = await sessionCookieFor(user.id);
    const started = await outcome(
      await callRoute(
        authenticator.action,
        makeRequest("/account/authenticator", { cookie, headers: ARABIC, form: { intent: "start" } }),
      ),
    );
    expect(started.status).toBe(302);
    const page = (
      await outcome(
        await callRoute(authenticator.loader, makeRequest("/account/authenticator", { cookie, headers: ARABIC })),
      )
    ).body as { setup: { message: string; note: string; secret: string } };
    expect(page.setup).toMatchObject({
      message: "امسح رمز الاستجابة السريعة بتطبيق المصادقة",
      note: "ثم أدخل الرمز المكوّن من 6 أرقام الذي يعرضه التطبيق لإتمام الربط. رمز الاستجابة السريعة صالح لمدة 30 دقيقة.",
    });
    const english = (
      await outcome(await callRoute(authenticator.loader, makeRequest("/account/authenticator", { cookie })))
    ).body as { setup: { message: string } };
    expect(english.setup.message).toBe("Scan the QR code with your authenticator app");

    const refused = await outcome(
      await callRoute(
        authenticator.action,
        makeRequest("/account/authenticator", { cookie, headers: ARABIC, form: { intent: "verify", token: "000000" } }),
      ),
    );
    expect(refused.body).toMatchObject({ error: "رمز الإعداد غير صحيح", step: "verify" });

    const linked = await outcome(
      await callRoute(
        authenticator.action,
        makeRequest("/account/authenticator", {
          cookie,
          headers: ARABIC,
          form: { intent: "verify", token: totpCode(page.setup.secret) },
        }),
      ),
    );
    expect(await toastOf(linked.headers)).toMatchObject({ title: "اكتمل إعداد تطبيق المصادقة" });
    const devices = (
      await outcome(await callRoute(security.loader, makeRequest("/account/security", { cookie, headers: ARABIC })))
    ).body as { devices: { label: string }[] };
    expect(devices.devices.map((d) => d.label)).toEqual(["تطبيق المصادقة 1"]);
  });

  it("names the operator's reset device in the page's language, and in the log as before", async () => {
    const { user } = await createUser({ role: "sales_back" });
    await resetAuthenticator(user.email);
    // The reset ended the user's sessions: a new one signs in with the new secret's device.
    const cookie = await sessionCookieFor(user.id);
    const labels = async (headers?: Record<string, string>) =>
      (
        (await outcome(await callRoute(security.loader, makeRequest("/account/security", { cookie, headers }))))
          .body as { devices: { label: string }[] }
      ).devices.map((d) => d.label);
    expect(await labels(ARABIC)).toEqual(["تطبيق المصادقة (أعاد المشغّل ضبطه)"]);
    expect(await labels()).toEqual(["Authenticator (reset by operator)"]);
  });
});
