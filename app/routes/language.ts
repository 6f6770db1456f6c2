import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin, optionalUser, safeRedirectPath } from "~/auth/guards.server";
import { isLanguage } from "~/domain/languages";
import { languageCookie } from "~/i18n/i18n.server";
import { saveUserLanguage } from "~/services/users.server";

export async function loader() {
  throw redirect("/");
}

/**
 * The top bar's language switch, a plain form POST (works without JavaScript): it sets the `lng` cookie,
 * saves the choice on the signed-in user, and goes back to the page it came from
 * (docs/decisions/021-arabic-and-english.md).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const language = form.get("lng");
  if (!isLanguage(language)) throw new Response("Unknown language", { status: 400 });
  const session = await optionalUser(request);
  if (session) await saveUserLanguage(session.user.id, language);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await languageCookie.serialize(language) },
  });
}
