import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { ACCESS } from "~/domain/roles";
import { english } from "~/i18n/english.server";
import { getQuote } from "~/services/quotes.server";

/** GET /api/quotes/:id → {data: quote}, or 404. Any signed-in staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.clients });
  const quote = params.id && params.id.length <= 100 ? await getQuote(params.id) : null;
  if (!quote) return Response.json({ error: english(message(MESSAGE_CODES.quoteNotFound)) }, { status: 404 });
  return Response.json({ data: quote });
}
