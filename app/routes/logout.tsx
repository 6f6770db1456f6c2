import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/auth/guards.server";
import { signOut } from "~/services/auth.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/i18n/i18n.server";

export async function loader() {
  throw redirect("/");
}

/** Sign Out is a form POST: it ends the server session, then goes to /login (docs/product-rules.md §2, §4). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  // The language is read before the session ends: the user's saved choice goes with it.
  const { t } = await translatorFor(request);
  const clear = await signOut(request);
  // Clear-Site-Data empties the browser's HTTP cache (and back/forward copies) of the signed-in pages
  // on a shared phone; the service worker and the page empty the app's own caches.
  return redirectWithToast(
    "/login",
    { type: "success", title: t("common:signOut.loggedOut"), description: t("common:signOut.loggedOutDescription") },
    { headers: { "Set-Cookie": clear, "Clear-Site-Data": '"cache"' } },
  );
}
