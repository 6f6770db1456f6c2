import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { translatorFor } from "~/i18n/i18n.server";
import { importTemplate } from "~/services/import-files.server";
import { spreadsheetResponse } from "~/services/import-spreadsheet.server";
import { readShopLists } from "~/services/shop-lists.server";

/** GET /api/import/zoho-template → Zoho_Customer_Import_Template.xlsx, its instructions in the requesting user's language. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.importData });
  const [{ t }, { teams }] = await Promise.all([translatorFor(request, "import"), readShopLists()]);
  return spreadsheetResponse(importTemplate("zoho", t, teams));
}
