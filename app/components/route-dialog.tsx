import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "@remix-run/react";
import clsx from "clsx";
import { useId, type ReactNode } from "react";

const WIDTH = { sm: "max-w-lg", md: "max-w-2xl", lg: "max-w-5xl" } as const;

/**
 * A route drawn as a Radix dialog in place (no portal), so the server sends its markup: without
 * JavaScript it is a page over its parent, closed by a plain link; with JavaScript it traps focus
 * and closes on Escape or the overlay by navigating to `closeTo`. A dialog opened from inside
 * another one (`stacked`) renders after it in the DOM, above it, and below the toasts.
 */
export function RouteDialog({
  title,
  description,
  closeTo,
  size = "md",
  stacked,
  children,
}: {
  title: string;
  /** A name or other typed text comes in a <bdi> (docs/decisions/021-arabic-and-english.md). */
  description?: ReactNode;
  closeTo: string;
  size?: keyof typeof WIDTH;
  stacked?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  // Named explicitly: Radix links the title only once hydrated, and the no-JS page needs the name too.
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Dialog.Overlay className={clsx("fixed inset-0 bg-black/40", stacked ? "z-50" : "z-40")} />
      <Dialog.Content
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onOpenAutoFocus={(event) => {
          // Focus the dialog without scrolling the page under it: the list stays where it was. In
          // the next frame: focusing inside the commit that mounts it (hydration, on a direct
          // load) made the browser restyle the whole page there, in one long task with it.
          event.preventDefault();
          const dialog = event.currentTarget as HTMLElement;
          requestAnimationFrame(() => dialog.focus({ preventScroll: true }));
        }}
        className={clsx(
          "fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex flex-col overflow-hidden rounded-lg bg-white shadow-xl sm:inset-x-6 sm:top-10 sm:bottom-auto sm:max-h-[calc(100vh-5rem)]",
          WIDTH[size],
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
          <Link to={closeTo} preventScrollReset className="btn-ghost -me-2 px-2" aria-label={t("common:dialog.close")}>
            <span aria-hidden>✕</span>
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
