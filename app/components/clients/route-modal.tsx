import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteDialog } from "~/components/route-dialog";
import { say } from "~/i18n/messages";
import { clientListBase } from "~/domain/client-list-path";

/**
 * A modal route's error boundary: the failure shows in the modal, over the list, with the spec's
 * docs/product-rules.md §8 texts — the server's refusal, a message code its loader threw
 * (app/http/page-refusals.server.ts, e.g. "Client not found"), the fallback for anything else, and the network
 * message when the request never reached the server. `title` and `fallback` come translated.
 */
export function RouteModalError({ title, fallback }: { title: string; fallback: string }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const refusal = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data;
  const message = refusal ? say(t, refusal) : error instanceof TypeError ? t("clients:modal.networkError") : fallback;
  return (
    <RouteDialog title={title} closeTo={`${clientListBase(pathname)}${search}`}>
      <p role="alert" className="text-red-800">
        {message}
      </p>
    </RouteDialog>
  );
}
