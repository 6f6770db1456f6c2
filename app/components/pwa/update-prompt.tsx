import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Shown when a new version of the app has installed and is waiting: the new worker takes over
 * only when asked, then the page reloads once so it runs the new code.
 */
export function UpdatePrompt({ waitingWorker }: { waitingWorker: ServiceWorker }) {
  const [updating, setUpdating] = useState(false);
  const { t } = useTranslation();
  const update = () => {
    setUpdating(true);
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    waitingWorker.postMessage({ type: "SKIP_WAITING" });
  };
  return (
    <section
      aria-label={t("common:pwa.updateAvailable")}
      className="card flex items-center gap-3 p-3 shadow-lg"
      data-testid="update-prompt"
    >
      <p className="flex-1 text-sm">{t("common:pwa.updateReady")}</p>
      <button type="button" className="btn-primary" onClick={update} disabled={updating}>
        {t("common:pwa.reloadToUpdate")}
      </button>
    </section>
  );
}
