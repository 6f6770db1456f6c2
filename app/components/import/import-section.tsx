import { useNavigate } from "@remix-run/react";
import clsx from "clsx";
import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { useAppUi } from "~/components/app-ui";
import { useHydrated } from "~/components/use-hydrated";
import type { ImportKind } from "~/domain/import-columns";
import {
  importBusyMessage,
  importTimeText,
  type ImportBusy,
  type ImportReportView,
  type LastImport,
  UPLOAD_LIMIT,
} from "~/domain/import-report";
import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import type { FieldControlProps } from "~/components/ui/field-aria";
import { MAX_UPLOAD_BYTES, SPREADSHEET_ACCEPT, spreadsheetTypeOfName } from "~/domain/spreadsheet-file";
import { usePageLocale } from "~/i18n/i18n-provider";
import { say, sayPlain } from "~/i18n/messages";
import { ImportResultPanel } from "./import-result";
import { useImportUpload } from "./use-import-upload";

/**
 * Each section's catalog keys (written out, so the catalog check sees each one used); the failure wording is
 * docs/product-rules.md §8's, the notification durations docs/product-rules.md §9's.
 */
const TEXTS = {
  client: {
    title: "import:client.title",
    description: "import:client.description",
    templates: [
      { href: "/api/import/template", label: "import:client.template" },
      { href: "/api/import/purchase-history-template", label: "import:client.purchaseTemplate" },
    ],
    importLabel: "import:client.importLabel",
    successTitle: "import:client.successTitle",
    successDuration: 8_000,
    failedTitle: "import:client.failedTitle",
    errorTitle: "import:client.errorTitle",
    errorDescription: "import:client.errorDescription",
    inlineError: "import:client.inlineError",
  },
  zoho: {
    title: "import:zoho.title",
    description: "import:zoho.description",
    templates: [{ href: "/api/import/zoho-template", label: "import:zoho.template" }],
    importLabel: "import:zoho.importLabel",
    successTitle: "import:zoho.successTitle",
    successDuration: 10_000,
    failedTitle: "import:zoho.failedTitle",
    errorTitle: "import:zoho.errorTitle",
    errorDescription: "import:zoho.errorDescription",
    inlineError: "import:zoho.inlineError",
  },
} as const;

/** File names, extensions and codes inside a text read left to right. */
const LTR = { ltr: <span dir="ltr" /> };

function fileSizeLabel(bytes: number, t: TFunction): string {
  return bytes >= 1024 * 1024
    ? t("import:megabytes", { n: (bytes / 1024 / 1024).toFixed(1) })
    : t("import:kilobytes", { n: Math.max(1, Math.round(bytes / 1024)) });
}

type Props = {
  kind: ImportKind;
  lastImport: LastImport;
  timeZone: string;
  report: { view: ImportReportView; fileName: string; runId: string } | null;
  /** The no-JavaScript form's refusal (an upload refused before any run): said in the page's language, and why when busy. */
  serverError: { message: string; busy: ImportBusy | null } | null;
  dragAndDrop?: boolean;
};

/**
 * One import section of /import-data. Without JavaScript it is a multipart form posting to the
 * page, which answers with the result page. With JavaScript the upload runs in place with live
 * progress in the global overlay, then a notification and the refreshed page.
 */
export function ImportSection({ kind, lastImport, timeZone, report, serverError, dragAndDrop = false }: Props) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const text = TEXTS[kind];
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { toast, notify } = useAppUi();
  const upload = useImportUpload();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [inlineError, setInlineError] = useState<string | null>(null);
  /** A refusal in the page's language: another import running says since when and until when at the latest. */
  /** Another import running says since when and until when at the latest in the shop's time zone, on this clock. */
  const busyText = (busy: ImportBusy) => say(t, importBusyMessage(busy, timeZone, locale));
  const error = inlineError ?? (serverError && (serverError.busy ? busyText(serverError.busy) : serverError.message));
  const limit = say(t, UPLOAD_LIMIT, undefined, locale);

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = "";
  };

  /** The type check of docs/product-rules.md §4 ('file chosen (type checked)'); the server checks again, by content. */
  const choose = (chosen: File | null | undefined) => {
    setInlineError(null);
    if (!chosen) return clearFile();
    if (!spreadsheetTypeOfName(chosen.name)) {
      toast({
        type: "error",
        title: t("import:invalidFileTypeTitle"),
        description: t("import:invalidFileTypeDescription"),
      });
      return clearFile();
    }
    if (chosen.size > MAX_UPLOAD_BYTES) {
      toast({
        type: "error",
        title: t("import:tooLargeTitle"),
        description: t("import:tooLargeDescription", { max: limit }),
      });
      return clearFile();
    }
    setFile(chosen);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && input.current && spreadsheetTypeOfName(dropped.name)) {
      // Put the file in the real input too, so the form holds what the user sees.
      const transfer = new DataTransfer();
      transfer.items.add(dropped);
      input.current.files = transfer.files;
    }
    choose(dropped);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = file ?? input.current?.files?.[0];
    if (!chosen || busy) return;
    setBusy(true);
    setInlineError(null);
    const existing = new FormData(e.currentTarget).get("existing");
    const answer = await upload(kind, chosen, typeof existing === "string" ? existing : "skip");
    setBusy(false);
    if (!answer) {
      notify({ type: "error", title: t(text.errorTitle), description: t(text.errorDescription) });
      setInlineError(t(text.inlineError));
      return;
    }
    const { result } = answer;
    const message = result.busy
      ? busyText(result.busy)
      : result.words
        ? sayPlain(t, result.words, locale)
        : t(text.inlineError);
    if (result.success) {
      notify({ type: "success", title: t(text.successTitle), description: message, duration: text.successDuration });
      clearFile();
    } else {
      notify({ type: "error", title: t(text.failedTitle), description: message });
      if (!result.runId) setInlineError(message);
    }
    // The run's report, the last-import times and every other figure come fresh from the loaders.
    if (result.runId) navigate(`/import-data?run=${result.runId}`, { replace: true, preventScrollReset: true });
  };

  const fileInput = (control: FieldControlProps) => (
    <input
      ref={input}
      {...control}
      name="file"
      type="file"
      required
      accept={SPREADSHEET_ACCEPT}
      onChange={(e) => choose(e.currentTarget.files?.[0])}
      className="mt-1 block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
    />
  );

  return (
    <section className="card flex flex-col" aria-labelledby={`${kind}-import-title`} data-testid={`${kind}-import`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${kind}-import-title`} className="text-lg font-semibold">
            {t(text.title)}
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            <Trans i18nKey={text.description} components={LTR} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {text.templates.map((template) => (
            <a key={template.href} href={template.href} download className="btn-secondary">
              {t(template.label)}
            </a>
          ))}
        </div>
      </div>

      <p className="mt-3 text-sm" data-testid={`${kind}-last-import`}>
        <span className="text-gray-600">{t("import:lastImport")}</span>
        {lastImport.timestamp ? (
          <>
            <time dateTime={lastImport.timestamp}>{importTimeText(lastImport.timestamp, timeZone, locale)}</time>
            {lastImport.userName ? (
              <>
                {t("import:by")}
                <bdi>{lastImport.userName}</bdi>
              </>
            ) : null}
          </>
        ) : (
          t("import:never")
        )}
      </p>

      <form
        method="post"
        action={`/import-data?kind=${kind}`}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="mt-4 space-y-3"
      >
        <Field
          id={`${kind}-file`}
          label={<Trans i18nKey="import:fileLabel" values={{ max: limit }} components={LTR} />}
        >
          {(control) =>
            dragAndDrop && hydrated ? (
              <div
                data-testid={`${kind}-drop-zone`}
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                className={clsx(
                  "rounded-md border-2 border-dashed p-4 text-center",
                  dragging ? "border-brand-600 bg-brand-50" : "border-gray-300",
                )}
              >
                <p className="mb-2 text-sm text-gray-600">{t("import:dropHint")}</p>
                {fileInput(control)}
              </div>
            ) : (
              fileInput(control)
            )
          }
        </Field>
        {file ? (
          <p className="text-sm text-gray-700" data-testid={`${kind}-chosen-file`}>
            <Trans
              i18nKey="import:selected"
              values={{ name: file.name, size: fileSizeLabel(file.size, t) }}
              components={{ name: <bdi /> }}
            />
          </p>
        ) : null}
        {/* Decision 048: what the import does with a client already in the book; a plain form field, so it works without JavaScript. */}
        <fieldset className="text-sm" data-testid={`${kind}-existing`}>
          <legend className="text-gray-700">{t("import:existing.legend")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="existing" value="skip" defaultChecked />
              {t("import:existing.skip")}
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="existing" value="update" />
              {t("import:existing.update")}
            </label>
          </div>
        </fieldset>
        <button type="submit" className="btn-primary" disabled={hydrated && (!file || busy)}>
          {busy ? t("import:importing") : t(text.importLabel)}
        </button>
        <p role="alert" className="field-error" data-testid={`${kind}-import-error`}>
          {error}
        </p>
      </form>

      {report ? (
        <ImportResultPanel
          report={report.view}
          fileName={report.fileName}
          runId={report.runId}
          testId={`${kind}-result`}
        />
      ) : null}
    </section>
  );
}
