import { useAppUi } from "./app-ui";
import { useTranslation } from "react-i18next";

/** The global loading overlay (docs/product-rules.md §2): a message, an optional percentage, and a warning. */
export function LoadingOverlay() {
  const { loading } = useAppUi();
  const { t } = useTranslation();
  if (!loading.isLoading) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-label={loading.message}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40"
    >
      <div className="w-80 rounded-lg bg-white p-6 text-center shadow-xl">
        <div
          className="mx-auto mb-3 h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
          aria-hidden
        />
        <p className="font-medium">{loading.message}</p>
        {loading.progress !== undefined ? (
          <>
            <div className="mt-3 h-2 w-full overflow-hidden rounded bg-gray-200">
              <div className="h-full bg-brand-700 transition-all" style={{ width: `${loading.progress}%` }} />
            </div>
            <p className="mt-1 text-sm" data-testid="loading-progress">
              {loading.progress}%
            </p>
          </>
        ) : null}
        <p className="mt-3 text-xs text-gray-600">{t("common:busy.stayOnPage")}</p>
      </div>
    </div>
  );
}
