import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_CODES, type MessageCode } from "~/domain/message-codes";
import { fixedT } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import * as jobApi from "~/routes/api.jobs.$id";
import * as jobStatusApi from "~/routes/api.jobs.$id.status";
import * as quoteApi from "~/routes/api.quotes.$id";
import * as dismissApi from "~/routes/api.clients.duplicates.$pairId.dismiss";
import * as undoApi from "~/routes/api.clients.merges.$mergeId.undo";
import * as userApi from "~/routes/api.users.$id";
import * as quotePage from "~/routes/_app.quotes.$id";
import * as jobPage from "~/routes/_app.jobs.$id";
import * as slip from "~/routes/jobs.$id.slip";
import * as photo from "~/routes/job-photos.$id";
import * as photoUpload from "~/routes/jobs.$id.photos";
import * as duplicates from "~/routes/_app.customers_.duplicates";
import * as merge from "~/routes/_app.customers_.duplicates_.$pairId.merge";
import * as undoMerge from "~/routes/_app.customers_.merges.$mergeId.undo";
import * as profile from "~/routes/_app.profile";
import * as deleteUser from "~/routes/_app.profile.users.$userId.delete";
import * as oneTimeCode from "~/routes/_app.profile.users.$userId.one-time-code";
import { unlockedAdmin } from "../support/admin-gate";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// issue #41: a page's loader or action that finds no record throws a message code (app/http/page-refusals.server.ts),
// which the 404 page says in the page's language; a form-only or download route answers the text in the request's
// language. The JSON API keeps its English `{"error": "... not found"}`, byte for byte.

const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };
const ENGLISH = { "Accept-Language": "en-GB" };
const LANGUAGES = [ARABIC, ENGLISH] as const;
const MISSING = "987654321";

/** Each code with its English and Arabic words. */
const WORDS: Record<string, { en: string; ar: string }> = {
  [MESSAGE_CODES.quoteNotFound]: { en: "Quote not found", ar: "عرض السعر غير موجود" },
  [MESSAGE_CODES.jobNotFound]: { en: "Job not found", ar: "الطلب غير موجود" },
  [MESSAGE_CODES.jobPhotoNotFound]: { en: "Photo not found", ar: "الصورة غير موجودة" },
  [MESSAGE_CODES.duplicatePairNotFound]: { en: "Pair not found", ar: "الزوج غير موجود" },
  [MESSAGE_CODES.mergeNotFound]: { en: "Merge not found", ar: "الدمج غير موجود" },
  [MESSAGE_CODES.userNotFound]: { en: "User not found", ar: "المستخدم غير موجود" },
};

let cookie: string;

beforeAll(async () => {
  const { user } = await createUser({ role: "admin" });
  cookie = await sessionCookieFor(user.id);
});

/** A page's refusal: a 404 whose body is the code, said in English and in Arabic as the 404 page says it. */
async function expectCode(answer: unknown, code: MessageCode) {
  const { status, body } = await outcome(answer);
  expect(status).toBe(404);
  expect(body).toBe(code);
  expect(say(fixedT("en"), body as string)).toBe(WORDS[code]!.en);
  expect(say(fixedT("ar"), body as string)).toBe(WORDS[code]!.ar);
}

/** A form-only or download route's refusal: a 404 with the text in the request's language. */
async function expectText(call: (headers: Record<string, string>) => Promise<unknown>, code: MessageCode) {
  expect(await outcome(await call(ARABIC))).toMatchObject({ status: 404, body: WORDS[code]!.ar });
  expect(await outcome(await call(ENGLISH))).toMatchObject({ status: 404, body: WORDS[code]!.en });
}

/** The JSON API's answer, as the bytes it sends. */
async function expectJson(answer: unknown, text: string) {
  const response = answer as Response;
  expect(response.status).toBe(404);
  expect(await response.text()).toBe(text);
}

/** The namespace of a code, named by the route (or a parent) whose screen says it. */
function namespaceOf(code: MessageCode): string {
  return code.split(":")[0]!;
}

describe("a quote that does not exist", () => {
  it("is a 404 with the code on the quote page, said in Arabic and English", async () => {
    for (const headers of LANGUAGES)
      await expectCode(
        await callRoute(quotePage.loader, makeRequest(`/quotes/${MISSING}`, { cookie, headers }), { id: MISSING }),
        MESSAGE_CODES.quoteNotFound,
      );
    expect(quotePage.handle.i18n).toContain(namespaceOf(MESSAGE_CODES.quoteNotFound));
  });

  it("keeps the JSON API's English", async () => {
    await expectJson(
      await callRoute(quoteApi.loader, makeRequest(`/api/quotes/${MISSING}`, { cookie, headers: ARABIC }), {
        id: MISSING,
      }),
      '{"error":"Quote not found"}',
    );
  });
});

describe("a job that does not exist", () => {
  it("is a 404 with the code on the job page (loader and action) and its slip", async () => {
    for (const headers of LANGUAGES) {
      await expectCode(
        await callRoute(jobPage.loader, makeRequest(`/jobs/${MISSING}`, { cookie, headers }), { id: MISSING }),
        MESSAGE_CODES.jobNotFound,
      );
      await expectCode(
        await callRoute(
          jobPage.action,
          makeRequest(`/jobs/${MISSING}`, { cookie, headers, form: { intent: "refund", paymentId: "1" } }),
          { id: MISSING },
        ),
        MESSAGE_CODES.jobNotFound,
      );
      await expectCode(
        await callRoute(slip.loader, makeRequest(`/jobs/${MISSING}/slip`, { cookie, headers }), { id: MISSING }),
        MESSAGE_CODES.jobNotFound,
      );
    }
    expect(jobPage.handle.i18n).toContain(namespaceOf(MESSAGE_CODES.jobNotFound));
    expect(slip.handle.i18n).toContain(namespaceOf(MESSAGE_CODES.jobNotFound));
  });

  it("is a 404 in the request's language from the photo form, which posts without JavaScript", async () => {
    await expectText(
      async (headers) =>
        callRoute(
          photoUpload.action,
          makeRequest(`/jobs/${MISSING}/photos`, { cookie, headers, method: "POST", form: {} }),
          { id: MISSING },
        ),
      MESSAGE_CODES.jobNotFound,
    );
    await expectText(
      async (headers) =>
        callRoute(photoUpload.loader, makeRequest("/jobs/junk/photos", { cookie, headers }), { id: "junk" }),
      MESSAGE_CODES.jobNotFound,
    );
  });

  it("keeps the JSON API's English", async () => {
    await expectJson(
      await callRoute(jobApi.loader, makeRequest(`/api/jobs/${MISSING}`, { cookie, headers: ARABIC }), {
        id: MISSING,
      }),
      '{"error":"Job not found"}',
    );
    await expectJson(
      await callRoute(
        jobStatusApi.action,
        makeRequest("/api/jobs/junk/status", { cookie, headers: ARABIC, json: { status: "ready" } }),
        { id: "junk" },
      ),
      '{"error":"Job not found"}',
    );
  });
});

describe("a job photo that does not exist", () => {
  it("is a 404 in the request's language, the link's page being the body", async () => {
    await expectText(
      async (headers) =>
        callRoute(photo.loader, makeRequest(`/job-photos/${MISSING}`, { cookie, headers }), { id: MISSING }),
      MESSAGE_CODES.jobPhotoNotFound,
    );
  });
});

describe("a pair of possible duplicates that does not exist", () => {
  it("is a 404 with the code on the duplicates page's Not the same person and the merge page", async () => {
    for (const headers of LANGUAGES) {
      await expectCode(
        await callRoute(
          duplicates.action,
          makeRequest("/customers/duplicates", { cookie, headers, form: { intent: "dismiss", pairId: MISSING } }),
        ),
        MESSAGE_CODES.duplicatePairNotFound,
      );
      await expectCode(
        await callRoute(
          duplicates.action,
          makeRequest("/customers/duplicates", { cookie, headers, form: { intent: "dismiss", pairId: "junk" } }),
        ),
        MESSAGE_CODES.duplicatePairNotFound,
      );
      await expectCode(
        await callRoute(merge.loader, makeRequest(`/customers/duplicates/${MISSING}/merge`, { cookie, headers }), {
          pairId: MISSING,
        }),
        MESSAGE_CODES.duplicatePairNotFound,
      );
      await expectCode(
        await callRoute(
          merge.action,
          makeRequest(`/customers/duplicates/${MISSING}/merge`, { cookie, headers, form: { keep: "1" } }),
          { pairId: MISSING },
        ),
        MESSAGE_CODES.duplicatePairNotFound,
      );
    }
    expect(duplicates.handle.i18n).toContain(namespaceOf(MESSAGE_CODES.duplicatePairNotFound));
    expect(merge.handle.i18n).toContain(namespaceOf(MESSAGE_CODES.duplicatePairNotFound));
  });

  it("keeps the JSON API's English", async () => {
    await expectJson(
      await callRoute(
        dismissApi.action,
        makeRequest(`/api/clients/duplicates/${MISSING}/dismiss`, { cookie, headers: ARABIC, method: "POST" }),
        { pairId: MISSING },
      ),
      '{"error":"Pair not found"}',
    );
  });
});

describe("a merge that does not exist", () => {
  it("is a 404 in the request's language from the Undo merge form", async () => {
    await expectText(
      async (headers) =>
        callRoute(
          undoMerge.action,
          makeRequest(`/customers/merges/${MISSING}/undo`, { cookie, headers, method: "POST", form: {} }),
          { mergeId: MISSING },
        ),
      MESSAGE_CODES.mergeNotFound,
    );
  });

  it("keeps the JSON API's English", async () => {
    await expectJson(
      await callRoute(
        undoApi.action,
        makeRequest(`/api/clients/merges/${MISSING}/undo`, { cookie, headers: ARABIC, method: "POST" }),
        { mergeId: MISSING },
      ),
      '{"error":"Merge not found"}',
    );
  });
});

describe("a staff member who does not exist", () => {
  it("is a 404 with the code in the delete and one-time code dialogs of an unlocked admin", async () => {
    const admin = await unlockedAdmin();
    for (const headers of LANGUAGES)
      for (const dialog of [deleteUser, oneTimeCode])
        await expectCode(
          await callRoute(
            dialog.loader,
            makeRequest(`/profile/users/${MISSING}/delete`, { cookie: admin.cookie, headers }),
            { userId: MISSING },
          ),
          MESSAGE_CODES.userNotFound,
        );
    expect(profile.handle.i18n).toContain(namespaceOf(MESSAGE_CODES.userNotFound));
  });

  it("keeps the JSON API's English", async () => {
    const admin = await unlockedAdmin();
    await expectJson(
      await callRoute(
        userApi.action,
        makeRequest(`/api/users/${MISSING}`, { cookie: admin.cookie, headers: ARABIC, method: "DELETE" }),
        { id: MISSING },
      ),
      '{"error":"User not found"}',
    );
  });
});
