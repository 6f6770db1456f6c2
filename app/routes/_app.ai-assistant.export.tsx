import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { businessToday } from "~/domain/calendar";
import { leadsCsv, leadsCsvFileName } from "~/domain/lead-export";
import { ACCESS } from "~/domain/roles";
import { translatorFor } from "~/i18n/i18n.server";
import { getLastLeadRun } from "~/services/leads.server";
import { readShopLists } from "~/services/shop-lists.server";
import { redirectWithToast } from "~/http/toast.server";

/**
 * GET /ai-assistant/export: the user's last generated list as 'ai-leads-generate-<date>.csv'
 * (docs/product-rules.md §9). The page exports in the browser when JavaScript runs; this serves the form without it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.aiAssistant });
  const run = await getLastLeadRun(user.id);
  if (!run || run.leads.length === 0) {
    const { t } = await translatorFor(request, "leads");
    return redirectWithToast("/ai-assistant", {
      type: "error",
      title: t("leads:nothingToExport"),
      description: t("leads:generateFirst"),
    });
  }
  return new Response(leadsCsv(run.leads, (await readShopLists()).teams), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${leadsCsvFileName(businessToday())}"`,
      "Cache-Control": "no-store",
    },
  });
}
