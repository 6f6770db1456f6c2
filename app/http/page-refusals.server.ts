import type { MessageCode } from "~/domain/message-codes";
import { translatorFor } from "~/i18n/i18n.server";

/**
 * A screen route's refusal, thrown by its loader or action: the message code, not its English, for the
 * route's boundary to say in the page's language (RouteModalError). The JSON API words its own refusals.
 */
export function refusal(status: number, code: MessageCode): Response {
  return new Response(code, { status });
}

/**
 * A resource route's refusal (a form that posts without JavaScript, a download link): the browser shows the
 * body as it is, so the body is the text in the request's language.
 */
export async function plainRefusal(request: Request, status: number, code: MessageCode): Promise<Response> {
  const { t } = await translatorFor(request);
  return new Response(t(code), { status });
}
