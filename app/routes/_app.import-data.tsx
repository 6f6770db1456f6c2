import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { ImportSection } from "~/components/import/import-section";
import { appTimezone } from "~/domain/calendar";
import { requestAddress } from "~/http/request-address";
import type { ImportKind } from "~/domain/import-columns";
import { importReportView, type LastImportTimes } from "~/domain/import-report";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { translatorFor } from "~/i18n/i18n.server";
import { say, sayPlain } from "~/i18n/messages";
import { metaText } from "~/i18n/meta-text";
import { importFromRequest, importRunReport, lastImportTimes } from "~/services/import.server";
import { redirectWithToast } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = {
  i18n: ["cash", "clientForm", "clients", "dashboard", "duplicates", "import", "validation"],
};

export const meta: MetaFunction = ({ matches }) => [
  { title: `${metaText(matches, "import:title")} | ${PRODUCT_NAME}` },
];

/** docs/product-rules.md §4: the last-import times are the one thing on this app that polls, every 30 s. */
const LAST_TIMES_POLL_MS = 30_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.importData });
  const runId = new URL(request.url).searchParams.get("run");
  const [lastTimes, run, { locale, t }] = await Promise.all([
    lastImportTimes(),
    runId ? importRunReport(runId, user.id) : null,
    translatorFor(request, "import"),
  ]);
  // Only what the panel shows travels to the browser (a big file can skip thousands of rows), said in the
  // page's language; the <bdi> marks around names and invoice numbers stay for the panel to keep them apart.
  const view = run && importReportView(run.result, (text) => say(t, text, undefined, locale));
  return {
    lastTimes,
    timeZone: appTimezone(),
    report: run && view ? { kind: run.kind, fileName: run.fileName, runId: run.id, view } : null,
  };
}

function kindOf(request: Request): ImportKind {
  return new URL(request.url).searchParams.get("kind") === "zoho" ? "zoho" : "client";
}

/**
 * The no-JavaScript import: the section's multipart form posts here (?kind=client|zoho). A run
 * ends on its result page (a redirect, so a refresh does not import again); a refused upload
 * (wrong type, too large, another import running) is shown in its section.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request, { access: ACCESS.importData });
  const { locale, t } = await translatorFor(request, "import");
  const kind = kindOf(request);
  const { status, result, runId } = await importFromRequest(request, kind, user, requestAddress(request));
  if (runId) {
    const failedTitle = kind === "zoho" ? t("import:zoho.failedTitle") : t("import:client.failedTitle");
    const successTitle = kind === "zoho" ? t("import:zoho.successTitle") : t("import:client.successTitle");
    return redirectWithToast(`/import-data?run=${encodeURIComponent(runId)}`, {
      type: result.success ? "success" : "error",
      title: result.success ? successTitle : failedTitle,
      description: sayPlain(t, result.message, locale),
    });
  }
  return data({ kind, error: { message: sayPlain(t, result.message, locale), busy: result.busy ?? null } }, { status });
}

export default function ImportDataPage() {
  const { t } = useTranslation();
  const { lastTimes, timeZone, report } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [times, setTimes] = useState<LastImportTimes>(lastTimes);
  useEffect(() => setTimes(lastTimes), [lastTimes]);
  useEffect(() => {
    async function refreshTimes() {
      try {
        const res = await fetch("/api/import/last-times", { headers: { Accept: "application/json" } });
        if (res.ok) setTimes((await res.json()) as LastImportTimes);
      } catch {
        // Offline for a moment: the next poll tries again.
      }
    }
    const timer = setInterval(() => void refreshTimes(), LAST_TIMES_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const sectionProps = (kind: ImportKind) => ({
    kind,
    timeZone,
    report: report?.kind === kind ? report : null,
    serverError: refused?.kind === kind ? refused.error : null,
  });

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t("import:title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("import:intro")}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ImportSection {...sectionProps("client")} lastImport={times.lastClientImport} dragAndDrop />
        <ImportSection {...sectionProps("zoho")} lastImport={times.lastZohoImport} />
      </div>
    </div>
  );
}
