import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message } from "~/domain/messages";
import { english } from "~/i18n/english.server";
import { readLatestGoldRate } from "~/services/gold-rates.server";

/** GET /api/gold-rates/latest → {data: the entry that stands now}, or 404 before the first. Any signed-in staff. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  const data = await readLatestGoldRate();
  if (!data) return Response.json({ error: english(message(MESSAGE_CODES.goldRateNone)) }, { status: 404 });
  return Response.json({ data });
}
