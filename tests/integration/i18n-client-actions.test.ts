import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import { readToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import * as consentForm from "~/routes/_app.customers_.$id.consent";
import * as eraseForm from "~/routes/_app.customers_.$id.erase";
import * as familyForm from "~/routes/_app.customers_.$id.family";
import * as followUpForm from "~/routes/_app.customers_.$id.follow-up";
import * as interactionForm from "~/routes/_app.customers_.$id.interactions";
import * as saleForm from "~/routes/_app.customers_.$id.sale";
import * as voidForm from "~/routes/_app.customers_.$id.void-sale";
import * as whatsapp from "~/routes/_app.customers_.$id.whatsapp";
import * as deletedClients from "~/routes/_app.customers.deleted";
import * as deleteForm from "~/routes/_app.customers.delete";
import * as ownerForm from "~/routes/_app.customers.owner";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// The client book's action dialogs in Arabic and English (docs/decisions/021-arabic-and-english.md): what the
// server writes (toasts, refusals, loader labels) follows the request's language; English stays word for word.

const ARABIC = { "Accept-Language": "ar-AE" };
const ENGLISH = { "Accept-Language": "en-GB" };

let seq = 0;
async function aClient(extra: { fullNameAr?: string; deletedAt?: Date; consentWhatsapp?: string } = {}) {
  seq += 1;
  return db.client.create({
    data: {
      fullName: `Dialog Client ${seq}`,
      searchText: `dialog client ${seq}`,
      mobileNumber: `9715418${String(seq).padStart(5, "0")}`,
      ...extra,
    },
  });
}

async function staff(role: "admin" | "sales_front" = "admin", name?: string) {
  const made = await createUser({ role, name });
  return { ...made, cookie: await sessionCookieFor(made.user.id) };
}

async function post(
  route: { action: (args: never) => unknown },
  path: string,
  cookie: string,
  form: Record<string, string | string[]>,
  headers: Record<string, string>,
  params: Record<string, string> = {},
) {
  return outcome(
    await callRoute(
      route.action as Parameters<typeof callRoute>[0],
      makeRequest(path, { cookie, form, headers }),
      params,
    ),
  );
}

async function toastOf(answer: { headers: Headers }) {
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readToast(makeRequest("/customers", { cookie }))).toast;
}

describe("Record a sale", () => {
  it("names the client in Arabic, refuses in Arabic with the row and field, and toasts in Arabic", async () => {
    const front = await staff("sales_front");
    const c = await aClient({ fullNameAr: "عائشة المنصوري" });
    const params = { id: String(c.id) };
    const page = await outcome(
      await callRoute(
        saleForm.loader,
        makeRequest(`/customers/${c.id}/sale`, { cookie: front.cookie, headers: ARABIC }),
        params,
      ),
    );
    expect((page.body as { client: { name: string } }).client.name).toBe("عائشة المنصوري");

    const form = {
      rows: "2",
      saleDate: businessToday(),
      "item-0-category": "ring",
      "item-0-price": "x",
      "item-1-category": "bangle",
      "item-1-price": "250",
      intent: "record",
    };
    const path = `/customers/${c.id}/sale`;
    const arabic = await post(saleForm, path, front.cookie, form, ARABIC, params);
    expect(arabic.status).toBe(400);
    expect((arabic.body as { errors: string[] }).errors).toEqual([
      "القطعة 1، السعر: أدخل السعر بالدرهم أرقامًا بخانتين عشريتين على الأكثر، مثل 1250.50",
    ]);
    const english = await post(saleForm, path, front.cookie, form, ENGLISH, params);
    expect((english.body as { errors: string[] }).errors).toEqual([
      "Item 1 price: Enter the price in AED as digits with up to 2 decimals, e.g. 1250.50",
    ]);

    const done = await post(saleForm, path, front.cookie, { ...form, "item-0-price": "1000" }, ARABIC, params);
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({
      title: "تم تسجيل البيع",
      description: "1,250.00 د.إ للعميل عائشة المنصوري",
    });

    // A taken invoice number, said in Arabic with the showroom's Arabic name.
    const invoice = { rows: "1", saleDate: businessToday(), amount: "10", invoiceNo: "GS-77", showroom: "dubai_mall" };
    await post(saleForm, path, front.cookie, { ...invoice, intent: "record" }, ENGLISH, params);
    const taken = await post(saleForm, path, front.cookie, { ...invoice, intent: "record" }, ARABIC, params);
    expect(taken.status).toBe(409);
    expect((taken.body as { errors: string[] }).errors[0]).toMatch(/^الفاتورة GS-77 مسجّلة مسبقًا في دبي مول \(/);
  });

  it("voids with Arabic toasts; the English ones are unchanged", async () => {
    const admin = await staff();
    const c = await aClient();
    const params = { id: String(c.id) };
    const path = `/customers/${c.id}/sale`;
    const form = { rows: "1", saleDate: businessToday(), amount: "300", intent: "record" };
    await post(saleForm, path, admin.cookie, form, ENGLISH, params);
    const sale = await db.sale.findFirstOrThrow({ where: { clientId: c.id } });
    const voidPath = `/customers/${c.id}/void-sale`;
    const noReason = await post(
      voidForm,
      voidPath,
      admin.cookie,
      { saleId: String(sale.id), reason: "" },
      ARABIC,
      params,
    );
    expect(await toastOf(noReason)).toMatchObject({ title: "لم يُلغَ البيع", description: "اذكر سبب الإلغاء" });
    const english = await post(
      voidForm,
      voidPath,
      admin.cookie,
      { saleId: String(sale.id), reason: "" },
      ENGLISH,
      params,
    );
    expect(await toastOf(english)).toMatchObject({
      title: "Sale not voided",
      description: "Give the reason for the void",
    });
    const voided = await post(
      voidForm,
      voidPath,
      admin.cookie,
      { saleId: String(sale.id), reason: "typo" },
      ARABIC,
      params,
    );
    expect(await toastOf(voided)).toMatchObject({
      title: "تم إلغاء البيع",
      description: "إجمالي المبيعات الآن 0.00 د.إ",
    });
    const again = await post(
      voidForm,
      voidPath,
      admin.cookie,
      { saleId: String(sale.id), reason: "typo" },
      ARABIC,
      params,
    );
    expect(await toastOf(again)).toMatchObject({ description: "هذا البيع ملغى مسبقًا" });
  });
});

describe("the details' small forms", () => {
  it("consent, family and contacts toast in Arabic, and in the same English as before", async () => {
    const front = await staff("sales_front");
    const c = await aClient();
    const params = { id: String(c.id) };
    const consent = { channel: "whatsapp", status: "withdrawn", source: "in_store" };
    const arabic = await post(consentForm, `/customers/${c.id}/consent`, front.cookie, consent, ARABIC, params);
    expect(await toastOf(arabic)).toMatchObject({ title: "تم تسجيل الموافقة", description: "واتساب: سُحبت الموافقة" });
    const english = await post(consentForm, `/customers/${c.id}/consent`, front.cookie, consent, ENGLISH, params);
    expect(await toastOf(english)).toMatchObject({ title: "Consent recorded", description: "WhatsApp: Withdrawn" });
    const badConsent = await post(
      consentForm,
      `/customers/${c.id}/consent`,
      front.cookie,
      { ...consent, channel: "fax" },
      ARABIC,
      params,
    );
    expect(await toastOf(badConsent)).toMatchObject({ type: "error", title: "لم تتغيّر الموافقة" });

    const member = { intent: "add", relation: "daughter", name: "Mariam", birthDate: "" };
    const added = await post(familyForm, `/customers/${c.id}/family`, front.cookie, member, ARABIC, params);
    expect(await toastOf(added)).toMatchObject({ title: "تمت إضافة فرد العائلة", description: "Mariam (ابنة)" });
    const future = addDays(businessToday(), 3);
    const refused = await post(
      familyForm,
      `/customers/${c.id}/family`,
      front.cookie,
      { ...member, birthDate: future },
      ENGLISH,
      params,
    );
    expect(await toastOf(refused)).toMatchObject({
      title: "Family member not added",
      description: "The date of birth cannot be in the future",
    });

    const contact = { type: "fax", note: "", outcome: "" };
    const badContact = await post(
      interactionForm,
      `/customers/${c.id}/interactions`,
      front.cookie,
      contact,
      ARABIC,
      params,
    );
    expect(await toastOf(badContact)).toMatchObject({
      title: "لم يُسجَّل التواصل",
      description: "اختر نوع التواصل: واتساب أو مكالمة أو زيارة أو بريد إلكتروني أو ملاحظة",
    });
    const recorded = await post(
      interactionForm,
      `/customers/${c.id}/interactions`,
      front.cookie,
      { ...contact, type: "call" },
      ARABIC,
      params,
    );
    expect(await toastOf(recorded)).toMatchObject({ title: "تم تسجيل التواصل" });
  });

  it("a follow-up refuses a past day in Arabic and toasts the Arabic name", async () => {
    const front = await staff("sales_front", "Noura Saeed");
    const c = await aClient({ fullNameAr: "خالد الكتبي" });
    const params = { id: String(c.id) };
    const path = `/customers/${c.id}/follow-up`;
    const past = await post(
      followUpForm,
      path,
      front.cookie,
      { dueDate: "2020-01-01", note: "Bring the ring" },
      ARABIC,
      params,
    );
    // The form comes back as sent, with the rule's code under the day, which the page says in Arabic.
    const reply = (past.body as { lastResult: { error: Record<string, string[]>; initialValue: unknown } }).lastResult;
    expect(past.status).toBe(400);
    expect(reply.initialValue).toMatchObject({ dueDate: "2020-01-01", note: "Bring the ring" });
    const { t } = await translatorFor(makeRequest(path, { headers: ARABIC }), "clientActions");
    expect(reply.error.dueDate!.map((code) => say(t, code))).toEqual(["اختر اليوم أو يومًا لاحقًا"]);
    expect(await db.followUp.count({ where: { clientId: c.id } })).toBe(0);
    const day = addDays(businessToday(), 2);
    const done = await post(followUpForm, path, front.cookie, { dueDate: day, note: "" }, ARABIC, params);
    expect(await toastOf(done)).toMatchObject({
      title: "تمت جدولة المتابعة",
      description: `خالد الكتبي في ${day} لـ Noura Saeed`,
    });
    const english = await post(followUpForm, path, front.cookie, { dueDate: day, note: "" }, ENGLISH, params);
    expect(await toastOf(english)).toMatchObject({ description: `${c.fullName} on ${day} for Noura Saeed` });
  });

  it("a WhatsApp refusal names the client by their Arabic name on an Arabic page", async () => {
    const front = await staff("sales_front");
    const c = await aClient({ fullNameAr: "مريم النعيمي", consentWhatsapp: "withdrawn" });
    const refused = await post(whatsapp, `/customers/${c.id}/whatsapp`, front.cookie, {}, ARABIC, { id: String(c.id) });
    expect(refused).toMatchObject({
      status: 403,
      // The reason is a message code: the page words it in its language.
      body: { clientName: "مريم النعيمي", reason: "clients:whatsapp.withdrawn" },
    });
  });
});

describe("the list's admin dialogs", () => {
  it("owner, delete, erase and restore answer in Arabic with counted plurals", async () => {
    const admin = await staff("admin", "Huda Admin");
    const [a, b, d] = [await aClient(), await aClient(), await aClient()];
    const owner = await post(
      ownerForm,
      "/customers/owner",
      admin.cookie,
      { clientIds: [String(a.id), String(b.id)], ownerId: admin.user.id },
      ARABIC,
    );
    expect(await toastOf(owner)).toMatchObject({
      title: "تم تغيير المسؤول",
      description: "أصبح عميلان الآن لدى Huda Admin.",
    });
    const englishOwner = await post(
      ownerForm,
      "/customers/owner",
      admin.cookie,
      { clientIds: [String(a.id)], ownerId: "none" },
      ENGLISH,
    );
    expect(await toastOf(englishOwner)).toMatchObject({ description: "1 client now with nobody (unassigned)." });

    const wrongCode = await post(
      deleteForm,
      "/customers/delete",
      admin.cookie,
      { intent: "delete", clientIds: [String(d.id)], otpCode: "12" },
      ARABIC,
    );
    expect(wrongCode).toMatchObject({ status: 400, body: { error: "يُرجى إدخال الأرقام الستة كلها", failed: "code" } });
    const deleted = await post(
      deleteForm,
      "/customers/delete",
      admin.cookie,
      { intent: "delete", clientIds: [String(a.id), String(b.id), String(d.id)], otpCode: admin.code() },
      ARABIC,
    );
    expect(await toastOf(deleted)).toMatchObject({
      title: "تم حذف العملاء",
      description: "تم حذف 3 عملاء. يستطيع المسؤول استعادتهم.",
    });

    const mismatch = await post(
      eraseForm,
      `/customers/${d.id}/erase`,
      admin.cookie,
      { confirmName: "Someone Else", otpCode: "123456" },
      ARABIC,
      { id: String(d.id) },
    );
    expect(mismatch).toMatchObject({
      status: 400,
      body: { error: "اكتب الاسم الكامل للعميل تمامًا كما هو معروض للتأكيد", field: "confirmName" },
    });

    const restored = await post(
      deletedClients,
      "/customers/deleted",
      admin.cookie,
      { clientIds: [String(a.id)] },
      ARABIC,
    );
    expect(await toastOf(restored)).toMatchObject({
      title: "تمت استعادة العملاء",
      description: "عاد عميل واحد إلى سجل العملاء.",
    });
    const englishRestore = await post(
      deletedClients,
      "/customers/deleted",
      admin.cookie,
      { clientIds: [String(b.id)] },
      ENGLISH,
    );
    expect(await toastOf(englishRestore)).toMatchObject({
      title: "Clients Restored",
      description: "1 client back in the client book.",
    });
  });
});
