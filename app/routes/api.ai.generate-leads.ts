import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody, requireMethod } from "~/http/json-api.server";
import { generateLeads } from "~/services/leads.server";

const contract = API_CONTRACT["/api/ai/generate-leads"];

/**
 * POST /api/ai/generate-leads {count, team, location, purchaseDateFilter, customDateFrom}
 * → {leads, source: 'engine' | 'model', notice?} or {error} with 4xx (docs/product-rules.md §7). The page's form
 * calls the same service.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, ["POST"]);
  const session = await requireApiUser(request, { access: ACCESS.aiAssistant });
  const filters = await readJsonBody(request, contract.post.body());
  try {
    const { leads, source, notice } = await generateLeads(filters, { userId: session.user.id });
    return Response.json({ leads, source, ...(notice ? { notice } : {}) });
  } catch (error) {
    console.error("lead generation failed", error);
    return Response.json({ error: "Failed to generate leads" }, { status: 500 });
  }
}
