import * as Dialog from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import clsx from "clsx";
import type { ReactNode } from "react";

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
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <Dialog.Content
        // Radix asks for an explicit undefined when a dialog has no description.
        {...(description ? {} : { "aria-describedby": undefined })}
        className={clsx(
          "fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex flex-col overflow-hidden rounded-lg bg-white shadow-xl sm:inset-x-6 sm:top-10 sm:bottom-auto sm:max-h-[calc(100vh-5rem)]",
          wide ? "max-w-5xl" : "max-w-2xl",
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
          <div>
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {description ? <Dialog.Description className="text-sm text-gray-600">{description}</Dialog.Description> : null}
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
