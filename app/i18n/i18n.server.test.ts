import { beforeEach, describe, expect, it, vi } from "vitest";

const session = vi.hoisted(() => ({
  language: null as string | null,
  numerals: null as string | null,
  signedIn: false,
}));
vi.mock("~/auth/session.server", () => ({
  getCurrentSession: async () => (session.signedIn ? { language: session.language, numerals: session.numerals } : null),
}));

const { fixedT, getLanguage, getLocale, languageCookie } = await import("./i18n.server");

async function requestWith({ cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string }) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", (await languageCookie.serialize(cookie)).split(";")[0]!);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return new Request("http://localhost/dashboard", { headers });
}

describe("the language of a request (docs/decisions/021-arabic-and-english.md)", () => {
  beforeEach(() => {
    session.signedIn = false;
    session.language = null;
    session.numerals = null;
  });

  it("takes the signed-in user's saved language first, over the cookie and the browser", async () => {
    session.signedIn = true;
    session.language = "ar";
    expect(await getLanguage(await requestWith({ cookie: "en", acceptLanguage: "en-GB" }))).toBe("ar");
  });

  it("falls to the lng cookie when the user saved none, or nobody is signed in", async () => {
    session.signedIn = true;
    expect(await getLanguage(await requestWith({ cookie: "ar", acceptLanguage: "en" }))).toBe("ar");
    session.signedIn = false;
    expect(await getLanguage(await requestWith({ cookie: "ar", acceptLanguage: "en" }))).toBe("ar");
  });

  it("then follows Accept-Language, regional variants included", async () => {
    expect(await getLanguage(await requestWith({ acceptLanguage: "ar-AE,ar;q=0.9,en;q=0.8" }))).toBe("ar");
    expect(await getLanguage(await requestWith({ acceptLanguage: "fr-FR,en-GB;q=0.5,ar;q=0.2" }))).toBe("en");
  });

  it("answers English otherwise, and ignores languages it does not have", async () => {
    expect(await getLanguage(await requestWith({}))).toBe("en");
    expect(await getLanguage(await requestWith({ cookie: "fr", acceptLanguage: "de" }))).toBe("en");
    session.signedIn = true;
    session.language = "fr";
    expect(await getLanguage(await requestWith({ acceptLanguage: "ar" }))).toBe("ar");
  });
});

describe("the digits of a request", () => {
  beforeEach(() => {
    session.signedIn = true;
    session.language = null;
    session.numerals = "arab";
  });

  it("gives Arabic-Indic digits to a signed-in user who chose them, on Arabic pages only", async () => {
    expect(await getLocale(await requestWith({ cookie: "ar" }))).toEqual({ language: "ar", numerals: "arab" });
    expect(await getLocale(await requestWith({ cookie: "en" }))).toEqual({ language: "en", numerals: "latn" });
    session.numerals = null;
    expect(await getLocale(await requestWith({ cookie: "ar" }))).toEqual({ language: "ar", numerals: "latn" });
    session.signedIn = false;
    expect(await getLocale(await requestWith({ cookie: "ar" }))).toEqual({ language: "ar", numerals: "latn" });
  });

  it("writes a catalog's counts in those digits, but a spreadsheet's row number and strings stay Western", () => {
    const arab = { language: "ar", numerals: "arab" } as const;
    expect(fixedT(arab, "dashboard")("dashboard:alerts.inDaysLeft", { count: 12 })).toBe("بعد ١٢ يومًا");
    expect(fixedT("ar", "dashboard")("dashboard:alerts.inDaysLeft", { count: 12 })).toBe("بعد 12 يومًا");
    expect(fixedT(arab, "import")("import:result.rowError", { row: 12, detail: "x" })).toBe("الصف 12: x");
    expect(
      fixedT({ language: "en", numerals: "arab" }, "dashboard")("dashboard:alerts.inDaysLeft", { count: 12 }),
    ).toBe("In 12 days");
  });

  it("gives the same text each time a key is asked for plainly, and words counts and values afresh", () => {
    const t = fixedT("en", "clients");
    expect(t("clients:title")).toBe("Customer Purchase History");
    expect(t("title")).toBe("Customer Purchase History");
    expect(t("clients:title")).toBe("Customer Purchase History");
    expect(fixedT("ar", "clients")("clients:title")).toBe("سجل مشتريات العملاء");
    expect(t("clients:list.count", { count: 1, n: "1" })).toBe("1 client");
    expect(t("clients:list.count", { count: 2, n: "2" })).toBe("2 clients");
    expect(t("clients:no.such.key")).toBe("no.such.key");
    // A default value is an option of the call's own: never kept under the key.
    expect(t("clients:another.missing.key", { defaultValue: "fallback" })).toBe("fallback");
    expect(t("clients:another.missing.key")).toBe("another.missing.key");
  });
});
