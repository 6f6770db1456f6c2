import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { activeChoices, type ShopList } from "~/domain/shop-lists";
import { english } from "~/i18n/english.server";
import { addShopRow, changeShopRow, readShopLists, type ShopOutcome } from "~/services/shop-lists.server";
import type { NewShopRow, ShopRowPatch } from "~/domain/shop-lists";
import { methodNotAllowed, requireMethod } from "./json-api.server";
import { requestAddress } from "./request-address";

/**
 * GET/POST /api/showrooms, /api/teams, /api/item-categories and PUT …/:id (issue #42's contract): the three
 * lists answer alike, so their routes are these three handlers named with their list. Each route reads the
 * body through its own contract entry (app/http/api-contract.server.ts) and hands the reader in.
 */
type BodyReader<T> = (request: Request) => Promise<T>;

/** GET → {data: [rows in order]}; `?active=1` only the rows offered for new records. Any signed-in staff. */
export function shopListLoader(list: ShopList) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireApiUser(request);
    const rows = (await readShopLists())[list];
    const onlyActive = new URL(request.url).searchParams.get("active") === "1";
    return Response.json({ data: onlyActive ? activeChoices(rows) : rows });
  };
}

function answer(result: ShopOutcome, status: number): Response {
  if (!result.ok) return Response.json({ error: english(result.error) }, { status: result.status });
  return Response.json({ data: result.value }, { status });
}

/** POST {name, nameAr?} → 201 {data}, its key made from the name; a name in use → 409. Admins only. */
export function shopListAction(list: ShopList, readBody: BodyReader<NewShopRow>) {
  return async ({ request }: ActionFunctionArgs) => {
    requireMethod(request, ["POST"]);
    const { user } = await requireApiUser(request, { access: ACCESS.profile });
    const input = await readBody(request);
    return answer(await addShopRow(user, list, input, requestAddress(request)), 201);
  };
}

/** PUT /:id {name?, nameAr?, active?, position?} (a team's products, clientTiers, budgetBands too) → 200 {data}. */
export function shopRowAction(list: ShopList, readBody: BodyReader<ShopRowPatch>) {
  return async ({ request, params }: ActionFunctionArgs) => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    const { user } = await requireApiUser(request, { access: ACCESS.profile });
    const patch = await readBody(request);
    return answer(await changeShopRow(user, list, params.id!, patch, requestAddress(request)), 200);
  };
}
