import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { LeadFiltersSchema } from "~/domain/lead-filters";
import { ACCESS } from "~/domain/roles";
import { generateLeads } from "~/services/leads.server";

/**
 * POST /api/ai/generate-leads {count, team, location, purchaseDateFilter, customDateFrom}
 * → {leads, source: 'engine' | 'model', notice?} or {error} with 4xx (spec §7). The page's form
 * calls the same service.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const session = await requireApiUser(request, { access: ACCESS.aiAssistant });
  const body: unknown = await request.json().catch(() => null);
  if (!body || typeof body !== "object")
    return Response.json({ error: "Send the filters as a JSON object" }, { status: 400 });
  const parsed = LeadFiltersSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return Response.json({ error: details[0]?.message ?? "Invalid input", details }, { status: 400 });
  }
  try {
    const { leads, source, notice } = await generateLeads(parsed.data, { userId: session.user.id });
    return Response.json({ leads, source, ...(notice ? { notice } : {}) });
  } catch (error) {
    console.error("lead generation failed", error);
    return Response.json({ error: "Failed to generate leads" }, { status: 500 });
  }
}
