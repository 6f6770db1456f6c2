import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/route-dialog";
import { say } from "~/i18n/messages";
import { clientListBase } from "~/domain/client-list-path";

/** The refusals the client dialogs' loaders throw (in English, as the JSON gives them), by their catalog key. */
const REFUSAL_KEYS: Record<string, string> = {
  "Client not found": "clients:modal.notFound",
};

/**
 * A modal route's error boundary: the failure shows in the modal, over the list, with the spec's
 * docs/product-rules.md §8 texts — the server's own message for a refusal (e.g. "Client not found"), the fallback for
 * anything else, and the network message when the request never reached the server. `title` and
 * `fallback` come translated.
 */
export function RouteModalError({ title, fallback }: { title: string; fallback: string }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const refusal = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data;
  const message = refusal
    ? REFUSAL_KEYS[refusal]
      ? t(REFUSAL_KEYS[refusal])
      : say(t, refusal)
    : error instanceof TypeError
      ? t("clients:modal.networkError")
      : fallback;
  return (
    <RouteDialog title={title} closeTo={`${clientListBase(pathname)}${search}`}>
      <p role="alert" className="text-red-800">
        {message}
      </p>
    </RouteDialog>
  );
}
