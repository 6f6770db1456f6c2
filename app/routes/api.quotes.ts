import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { english } from "~/i18n/english.server";
import { createQuote } from "~/services/quotes.server";
import { readShopLists } from "~/services/shop-lists.server";

const contract = API_CONTRACT["/api/quotes"];

/**
 * POST /api/quotes {clientId?, lines: [...], exchange?: [...]} → 201 {data: quote}. Any signed-in staff, for
 * any client in the book (every role sees every client). A karat without a rate, or a negative total, is a 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const { user } = await requireApiUser(request, { access: ACCESS.clients });
  const input = await readJsonBody(request, contract.post.body((await readShopLists()).itemCategories));
  const result = await createQuote(user, input, requestAddress(request));
  if (!result.ok) {
    const error = english(result.error);
    return inputError(error, [{ path: result.path, message: error }], result.status);
  }
  return Response.json({ data: result.quote }, { status: 201 });
}
