import * as ToastPrimitive from "@radix-ui/react-toast";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useEffect } from "react";
import { useAppUi, type ToastMessage } from "./app-ui";
import { useHydrated } from "./use-hydrated";

const tone: Record<ToastMessage["type"], string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-gray-300 bg-white text-gray-900",
};

/**
 * Toasts. A flash toast from the server is rendered as plain markup first (so it shows without
 * JavaScript); once hydrated, Radix Toast takes over with its defaults, which are the spec's:
 * 5 s display, swipe right 50 px to dismiss, F8 focuses the region.
 */
export function Toaster({ flash }: { flash: Omit<ToastMessage, "id"> | null }) {
  const hydrated = useHydrated();
  const { toasts, toast, removeToast } = useAppUi();
  const { t: translate, i18n } = useTranslation();
  // Toasts sit at the reading end of the screen and are swiped away towards it.
  const translateDirection = i18n.dir();

  useEffect(() => {
    if (flash) toast(flash);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new flash object per navigation
  }, [flash]);

  if (!hydrated) {
    return flash ? (
      <div
        role="status"
        className={clsx("fixed bottom-4 end-4 z-50 max-w-sm rounded-lg border p-4 shadow-lg", tone[flash.type])}
      >
        <p className="font-semibold">{flash.title}</p>
        {flash.description ? <p className="text-sm">{flash.description}</p> : null}
      </div>
    ) : null;
  }

  return (
    <ToastPrimitive.Provider
      swipeDirection={translateDirection === "rtl" ? "left" : "right"}
      label={translate("common:toast.announcement")}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          onOpenChange={(open) => !open && removeToast(t.id)}
          className={clsx(
            "rounded-lg border p-4 pe-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
            tone[t.type],
          )}
          data-toast-type={t.type}
        >
          <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
          {t.description ? (
            <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            aria-label={translate("common:toast.close")}
            className="absolute end-2 top-2 rounded px-1 text-lg leading-none opacity-60 hover:opacity-100"
          >
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Radix names the region "Notifications ({hotkey})" in English unless told. The width leaves the
          same 1rem margin on both sides of a phone; a full width beside end-4 ran off its start edge. */}
      <ToastPrimitive.Viewport
        label={translate("common:toast.region")}
        className="fixed bottom-4 end-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
