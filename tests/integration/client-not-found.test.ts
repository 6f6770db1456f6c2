import { beforeAll, describe, expect, it } from "vitest";
import { REVEAL_INTENT } from "~/domain/client-privacy";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { fixedT } from "~/i18n/i18n.server";
import { say } from "~/i18n/messages";
import * as clientsApi from "~/routes/api.clients.$id";
import * as revealApi from "~/routes/api.clients.$id.reveal-emirates-id";
import * as consent from "~/routes/_app.customers_.$id.consent";
import * as details from "~/routes/_app.customers.$id";
import * as edit from "~/routes/_app.customers.$id_.edit";
import * as list from "~/routes/_app.customers";
import { callRoute, createUser, makeRequest, outcome, sessionCookieFor } from "../support/factories";

// issue #41: a missing client's refusal is a message code, which the dialogs say in the page's language; no
// English is read back to find it. The JSON API keeps its English `{"error":"Client not found"}`.

const ARABIC = { "Accept-Language": "ar-AE,ar;q=0.9" };
const ENGLISH = { "Accept-Language": "en-GB" };
const MISSING = "987654321";
const ARABIC_TEXT = "العميل غير موجود";

let cookie: string;

beforeAll(async () => {
  const { user } = await createUser({ role: "admin" });
  cookie = await sessionCookieFor(user.id);
});

describe("a client that does not exist", () => {
  it("is a 404 with the code in the details and edit dialogs, which say it in Arabic and English", async () => {
    const answers = [
      await callRoute(details.loader, makeRequest(`/customers/${MISSING}`, { cookie, headers: ARABIC }), {
        id: MISSING,
      }),
      await callRoute(edit.loader, makeRequest(`/customers/${MISSING}/edit`, { cookie, headers: ARABIC }), {
        id: MISSING,
      }),
      await callRoute(
        details.action,
        makeRequest(`/customers/${MISSING}`, { cookie, headers: ARABIC, form: { intent: REVEAL_INTENT } }),
        { id: MISSING },
      ),
    ];
    for (const answer of answers) {
      const { status, body } = await outcome(answer);
      expect(status).toBe(404);
      expect(body).toBe(MESSAGE_CODES.clientNotFound);
      // What RouteModalError shows.
      expect(say(fixedT("ar"), body as string)).toBe(ARABIC_TEXT);
      expect(say(fixedT("en"), body as string)).toBe("Client not found");
    }
  });

  it("is said in a namespace the dialogs' list route loads", () => {
    const namespace = MESSAGE_CODES.clientNotFound.split(":")[0];
    expect(list.handle.i18n).toContain(namespace);
  });

  it("is a 404 in the request's language from a form that posts without JavaScript", async () => {
    const form = { channel: "whatsapp", status: "withdrawn", source: "in_store" };
    for (const [headers, text] of [
      [ARABIC, ARABIC_TEXT],
      [ENGLISH, "Client not found"],
    ] as const) {
      const answer = await callRoute(
        consent.action,
        makeRequest(`/customers/${MISSING}/consent`, { cookie, headers, form }),
        { id: MISSING },
      );
      expect(await outcome(answer)).toMatchObject({ status: 404, body: text });
    }
  });

  it("keeps the JSON API's English, whatever the request's language", async () => {
    const got = (await callRoute(
      clientsApi.loader,
      makeRequest(`/api/clients/${MISSING}`, { cookie, headers: ARABIC }),
      {
        id: MISSING,
      },
    )) as Response;
    expect(got.status).toBe(404);
    expect(await got.text()).toBe('{"error":"Client not found"}');
    const revealed = (await callRoute(
      revealApi.action,
      makeRequest(`/api/clients/${MISSING}/reveal-emirates-id`, { cookie, headers: ARABIC, method: "POST" }),
      { id: MISSING },
    )) as Response;
    expect(revealed.status).toBe(404);
    expect(await revealed.text()).toBe('{"error":"Client not found"}');
  });
});
