import * as Dialog from "@radix-ui/react-dialog";
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from "@remix-run/react";
import clsx from "clsx";
import { useId, type ReactNode } from "react";

/**
 * A route that opens over the customer list. It is a Radix dialog rendered in place (no portal),
 * so the server sends its markup: without JavaScript it is a page of its own drawn over the list,
 * closed by a plain link; with JavaScript it traps focus and closes on Escape or the overlay.
 */
export function RouteModal({
  title,
  description,
  closeTo,
  wide,
  children,
}: {
  title: string;
  description?: string;
  closeTo: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // Named explicitly: Radix links the title only once hydrated, and the no-JS page needs the name too.
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <Dialog.Content
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={clsx(
          "fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex flex-col overflow-hidden rounded-lg bg-white shadow-xl sm:inset-x-6 sm:top-10 sm:bottom-auto sm:max-h-[calc(100vh-5rem)]",
          wide ? "max-w-5xl" : "max-w-2xl",
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
          <div>
            <Dialog.Title id={titleId} className="text-lg font-semibold">
              {title}
            </Dialog.Title>
            {description ? (
              <Dialog.Description id={descriptionId} className="text-sm text-gray-600">
                {description}
              </Dialog.Description>
            ) : null}
          </div>
          <Link to={closeTo} preventScrollReset className="btn-ghost -mr-2 px-2" aria-label="Close">
            <span aria-hidden>✕</span>
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * A modal route's error boundary: the failure shows in the modal, over the list, with the spec's
 * §8 texts — the server's own message for a refusal (e.g. "Client not found"), the fallback for
 * anything else, and the network message when the request never reached the server.
 */
export function RouteModalError({ title, fallback }: { title: string; fallback: string }) {
  const error = useRouteError();
  const { search } = useLocation();
  const message = isRouteErrorResponse(error)
    ? error.status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : fallback
    : error instanceof TypeError
      ? "Network error. Please check your connection and try again."
      : fallback;
  return (
    <RouteModal title={title} closeTo={`/customers${search}`}>
      <p role="alert" className="text-red-800">
        {message}
      </p>
    </RouteModal>
  );
}
