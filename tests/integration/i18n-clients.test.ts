import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { businessToday, dateFromIso } from "~/domain/calendar";
import { readToast } from "~/http/toast.server";
import * as detailsPage from "~/routes/_app.customers.$id";
import * as editPage from "~/routes/_app.customers.$id_.edit";
import * as listPage from "~/routes/_app.customers";
import * as newPage from "~/routes/_app.customers.new";
import * as clientsApi from "~/routes/api.clients";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// The client book's server-made texts in Arabic and English (docs/decisions/021-arabic-and-english.md).

const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };
let mobiles = 0;
const nextMobile = () => `97150${String(Date.now()).slice(-5)}${String((mobiles += 1)).padStart(2, "0")}`;

async function signedIn() {
  const { user } = await createUser({ role: "admin", name: "Reem Al Ketbi" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

async function clientFor(ownerId: string) {
  const suffix = `${Date.now()}${mobiles}`;
  return db.client.create({
    data: {
      fullName: `Aisha Al Mansoori ${suffix}`,
      fullNameAr: `عائشة المنصوري ${suffix}`,
      mobileNumber: nextMobile(),
      searchText: `aisha al mansoori ${suffix}`,
      emirate: "dubai",
      area: "Jumeirah",
      team: "team_a",
      totalSalesFils: 123450n,
      dateOfBirth: dateFromIso("1990-03-12"),
      consentWhatsapp: "withdrawn",
      ownerId,
      interactions: { create: { type: "visit", at: new Date("2026-03-08T10:05:00Z"), userId: ownerId } },
    },
  });
}

async function toastOf(headers: Headers) {
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(makeRequest("/customers", { cookie }))).toast;
}

type ListData = { rows: { id: number; [key: string]: unknown }[] };
type DetailsData = { contacts: { typeLabel: string; when: string }[] };
type FormReply = { result: { error: Record<string, string[]> }; summary: string };

describe("the client book in Arabic and English", () => {
  it("gives the list's labels in the page's language, and the English ones unchanged", async () => {
    const { user, cookie } = await signedIn();
    const client = await clientFor(user.id);
    const path = `/customers?search=${encodeURIComponent(client.fullName.split(" ").at(-1)!)}`;
    const rowOf = async (headers?: Record<string, string>) => {
      const data = (await outcome(await callRoute(listPage.loader, makeRequest(path, { cookie, headers })))).body;
      return (data as ListData).rows.find((r) => r.id === client.id);
    };
    expect(await rowOf(ARABIC)).toMatchObject({
      name: client.fullNameAr,
      address: "دبي، Jumeirah",
      team: "التشكيلة الكاملة (الفاخرة)",
      totalSale: "1,234.50 د.إ",
      dateOfBirth: "12 مارس 1990",
      whatsappBlocked: "سحب العميل موافقته على التواصل عبر واتساب",
    });
    expect(await rowOf()).toMatchObject({
      name: client.fullName,
      address: "Dubai, Jumeirah",
      team: "Full Selection (Luxury)",
      totalSale: "AED 1,234.50",
      dateOfBirth: "12 Mar 1990",
      whatsappBlocked: "The client has withdrawn consent to WhatsApp contact",
    });
  });

  it("gives the details' contacts and the reveal's refusal in the page's language", async () => {
    const { user, cookie } = await signedIn();
    const client = await clientFor(user.id);
    const params = { id: String(client.id) };
    const details = async (headers?: Record<string, string>) =>
      (
        await outcome(
          await callRoute(detailsPage.loader, makeRequest(`/customers/${client.id}`, { cookie, headers }), params),
        )
      ).body as DetailsData;
    expect((await details(ARABIC)).contacts[0]).toMatchObject({ typeLabel: "زيارة" });
    expect((await details(ARABIC)).contacts[0]!.when).toMatch(/^8 مارس 2026، \d\d:\d\d$/);
    expect((await details()).contacts[0]).toMatchObject({ typeLabel: "Visit" });
    expect((await details()).contacts[0]!.when).toMatch(/^8 Mar 2026, \d\d:\d\d$/);

    const reveal = async (headers?: Record<string, string>) =>
      outcome(
        await callRoute(
          detailsPage.action,
          makeRequest(`/customers/${client.id}`, { cookie, headers, form: { intent: "other" } }),
          params,
        ),
      );
    expect(await reveal(ARABIC)).toMatchObject({ status: 400, body: { error: "إجراء غير معروف" } });
    expect(await reveal()).toMatchObject({ status: 400, body: { error: "Unknown action" } });
  });

  it("says a rule's message under the field in the page's language, and in the same English as ever to the API", async () => {
    const { cookie } = await signedIn();
    const badMobile = { fullName: "Noura Al Suwaidi", mobileNumber: "12345", country: "uae", team: "team_c" };
    const page = await outcome(
      await callRoute(newPage.action, makeRequest("/customers/new", { cookie, headers: ARABIC, form: badMobile })),
    );
    expect(page.status).toBe(400);
    const reply = page.body as FormReply;
    expect(reply.result.error.mobileNumber).toEqual(["أدخل رقم جوال صحيحًا (من 9 إلى 15 رقمًا، مثل \u200e050 123 4567)"]);
    expect(reply.summary).toBe("تعذّر التحقق من: رقم الجوال");

    // Other clients read these sentences: an Arabic Accept-Language changes nothing in the JSON.
    const api = await outcome(
      await callRoute(clientsApi.action, makeRequest("/api/clients", { cookie, headers: ARABIC, json: badMobile })),
    );
    expect(api.status).toBe(400);
    expect(api.body).toEqual({
      error: "Validation failed for: mobileNumber",
      details: [{ path: "mobileNumber", message: "Enter a valid mobile number (9 to 15 digits, e.g. 050 123 4567)" }],
    });
  });

  it("says a new client was added, and an edit with a sale was saved, in the page's language", async () => {
    const { user, cookie } = await signedIn();
    const form = (mobileNumber: string) => ({
      fullName: "Noura Al Suwaidi",
      mobileNumber,
      country: "uae",
      emirate: "ajman",
      team: "team_c",
    });
    const created = await outcome(
      await callRoute(
        newPage.action,
        makeRequest("/customers/new", { cookie, headers: ARABIC, form: form(nextMobile()) }),
      ),
    );
    expect(await toastOf(created.headers)).toMatchObject({
      title: "تمت إضافة العميل",
      description: "أصبح Noura Al Suwaidi في سجل العملاء.",
    });
    const english = await outcome(
      await callRoute(newPage.action, makeRequest("/customers/new", { cookie, form: form(nextMobile()) })),
    );
    expect(await toastOf(english.headers)).toMatchObject({
      title: "Client Added",
      description: "Noura Al Suwaidi is now in the client book.",
    });

    const client = await clientFor(user.id);
    const edit = (headers?: Record<string, string>) =>
      callRoute(
        editPage.action,
        makeRequest(`/customers/${client.id}/edit`, {
          cookie,
          headers,
          form: {
            fullName: client.fullName,
            mobileNumber: client.mobileNumber,
            country: "uae",
            emirate: "dubai",
            team: "team_a",
            isActive: "true",
            newSaleAmount: "100",
            newSaleDate: businessToday(),
          },
        }),
        { id: String(client.id) },
      );
    expect(await toastOf((await outcome(await edit(ARABIC))).headers)).toMatchObject({
      title: "تم تحديث العميل",
      description: `تم حفظ بيانات ${client.fullName}، وسُجّلت عملية بيع بمبلغ 100.00 د.إ.`,
    });
    expect(await toastOf((await outcome(await edit())).headers)).toMatchObject({
      title: "Customer Updated",
      description: `${client.fullName} was saved. A sale of AED 100.00 was recorded.`,
    });

    // The edit form's total reads in the page's language.
    const loaded = await outcome(
      await callRoute(editPage.loader, makeRequest(`/customers/${client.id}/edit`, { cookie, headers: ARABIC }), {
        id: String(client.id),
      }),
    );
    expect(loaded.body).toMatchObject({ totalSales: "1,434.50 د.إ" });
  });
});
