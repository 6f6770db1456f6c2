import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { ACCESS } from "~/domain/roles";
import { translatorFor } from "~/i18n/i18n.server";
import { purchaseHistoryTemplate } from "~/services/import-files.server";
import { readShopLists } from "~/services/shop-lists.server";
import { spreadsheetResponse } from "~/services/import-spreadsheet.server";

/** GET /api/import/purchase-history-template → <Product>_Purchase_History_Template.xlsx, its instructions in the requesting user's language. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.importData });
  const [{ t }, lists] = await Promise.all([translatorFor(request, "import"), readShopLists()]);
  return spreadsheetResponse(purchaseHistoryTemplate(t, lists));
}
