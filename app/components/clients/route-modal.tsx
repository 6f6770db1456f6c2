import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { RouteDialog } from "~/components/route-dialog";
import { clientListBase } from "~/domain/client-list-path";

/**
 * A modal route's error boundary: the failure shows in the modal, over the list, with the spec's
 * docs/product-rules.md §8 texts — the server's own message for a refusal (e.g. "Client not found"), the fallback for
 * anything else, and the network message when the request never reached the server.
 */
export function RouteModalError({ title, fallback }: { title: string; fallback: string }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const message = isRouteErrorResponse(error)
    ? error.status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : fallback
    : error instanceof TypeError
      ? "Network error. Please check your connection and try again."
      : fallback;
  return (
    <RouteDialog title={title} closeTo={`${clientListBase(pathname)}${search}`}>
      <p role="alert" className="text-red-800">
        {message}
      </p>
    </RouteDialog>
  );
}
