import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { parseClientIds } from "~/domain/client-ids";
import { ACCESS } from "~/domain/roles";
import { inputError, readJsonBody, requireMethod } from "~/http/json-api.server";
import { requestAddress } from "~/http/request-address";
import { listClientSales, recordSale, saleJson } from "~/services/sales.server";
import { english } from "~/i18n/english.server";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readShopLists } from "~/services/shop-lists.server";

const contract = API_CONTRACT["/api/clients/{id}/sales"];
const notFound = () => Response.json({ error: "Client not found" }, { status: 404 });

/** GET /api/clients/:id/sales → {data}: the client's sales newest first, void ones marked (voidedAt, voidReason). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const sales = id ? await listClientSales(id) : null;
  return sales ? Response.json({ data: sales.map(saleJson) }) : notFound();
}

/**
 * POST /api/clients/:id/sales {saleDate, amount?, description?, invoiceNo?, showroom?, soldById?, items?,
 * payments?, buyerId?} → 201 {data, totalSalesValue, tier, lastPurchaseDate, cashReportRequired}; any role may
 * record a sale. The cash rule's refusal is a 409 {error, code: "cash_id_required"}.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  if (!id) return notFound();
  const input = await readJsonBody(request, contract.post.body(await readShopLists()));
  const result = await recordSale(id, input, { actor: session.user, ip: requestAddress(request) });
  if (!result.ok) {
    const error = english(result.message);
    // The contract's shape for the cash rule's refusal: {error, code}.
    if (result.code) return Response.json({ error, code: result.code }, { status: result.status });
    return inputError(error, [{ path: result.path, message: error }], result.status);
  }
  return Response.json(
    { data: result.sale, ...result.client, cashReportRequired: result.cashReportRequired ?? false },
    { status: 201 },
  );
}
