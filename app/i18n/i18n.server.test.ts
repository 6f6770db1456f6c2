import { beforeEach, describe, expect, it, vi } from "vitest";

const session = vi.hoisted(() => ({ language: null as string | null, signedIn: false }));
vi.mock("~/auth/session.server", () => ({
  getCurrentSession: async () => (session.signedIn ? { language: session.language } : null),
}));

const { getLanguage, languageCookie } = await import("./i18n.server");

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
