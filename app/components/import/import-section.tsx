import { useNavigate } from "@remix-run/react";
import clsx from "clsx";
import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { useAppUi } from "~/components/app-ui";
import { useHydrated } from "~/components/use-hydrated";
import type { ImportKind } from "~/domain/import-columns";
import type { ImportReportView, LastImport } from "~/domain/import-report";
import {
  INVALID_FILE_TYPE,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_LABEL,
  SPREADSHEET_ACCEPT,
  spreadsheetTypeOfName,
} from "~/domain/spreadsheet-file";
import { ImportResultPanel } from "./import-result";
import { useImportUpload } from "./use-import-upload";

/** Each section's texts; the failure wording is docs/product-rules.md §8's, the notification durations docs/product-rules.md §9's. */
const TEXTS = {
  client: {
    title: "Client Data Import",
    description:
      "Add clients from an Excel (.xlsx, .xls) or CSV file, or their purchases from a POS export with one item per row. The templates show every column the import reads.",
    templates: [
      { href: "/api/import/template", label: "Download Template" },
      { href: "/api/import/purchase-history-template", label: "Download Purchase History Template" },
    ],
    importLabel: "Import Clients",
    successTitle: "Import Successful",
    successDuration: 8_000,
    failedTitle: "Import Failed",
    errorTitle: "Import Error",
    errorDescription: "Failed to import data. Please check your file format.",
    inlineError: "Import failed. Please check your file format and try again.",
  },
  zoho: {
    title: "Zoho Form Import",
    description: "Add customers from a Zoho Forms export (Name, Phone, Email, Date of Birth, Emirates ID, …).",
    templates: [{ href: "/api/import/zoho-template", label: "Download Zoho Template" }],
    importLabel: "Import Zoho Customers",
    successTitle: "Zoho Import Successful",
    successDuration: 10_000,
    failedTitle: "Zoho Import Failed",
    errorTitle: "Zoho Import Error",
    errorDescription: "Zoho import failed. Please check your file format.",
    inlineError: "Zoho import failed. Please check your file format and try again.",
  },
} as const;

function formatImportTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));
}

function fileSizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type Props = {
  kind: ImportKind;
  lastImport: LastImport;
  timeZone: string;
  report: { view: ImportReportView; fileName: string } | null;
  /** A refusal from the no-JavaScript post (wrong type, too large, busy). */
  serverError: string | null;
  dragAndDrop?: boolean;
};

/**
 * One import section of /import-data. Without JavaScript it is a multipart form posting to the
 * page, which answers with the result page. With JavaScript the upload runs in place with live
 * progress in the global overlay, then a notification and the refreshed page.
 */
export function ImportSection({ kind, lastImport, timeZone, report, serverError, dragAndDrop = false }: Props) {
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
  const error = inlineError ?? serverError;

  const clearFile = () => {
    setFile(null);
    if (input.current) input.current.value = "";
  };

  /** The type check of docs/product-rules.md §4 ('file chosen (type checked)'); the server checks again, by content. */
  const choose = (chosen: File | null | undefined) => {
    setInlineError(null);
    if (!chosen) return clearFile();
    if (!spreadsheetTypeOfName(chosen.name)) {
      toast({ type: "error", title: INVALID_FILE_TYPE.title, description: INVALID_FILE_TYPE.description });
      return clearFile();
    }
    if (chosen.size > MAX_UPLOAD_BYTES) {
      toast({
        type: "error",
        title: "File Too Large",
        description: `The limit is ${MAX_UPLOAD_LABEL}. Split the file and import the parts.`,
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
    const answer = await upload(kind, chosen);
    setBusy(false);
    if (!answer) {
      notify({ type: "error", title: text.errorTitle, description: text.errorDescription });
      setInlineError(text.inlineError);
      return;
    }
    const { result } = answer;
    if (result.success) {
      notify({
        type: "success",
        title: text.successTitle,
        description: result.message,
        duration: text.successDuration,
      });
      clearFile();
    } else {
      notify({ type: "error", title: text.failedTitle, description: result.message || text.inlineError });
      if (!result.runId) setInlineError(result.message || text.inlineError);
    }
    // The run's report, the last-import times and every other figure come fresh from the loaders.
    if (result.runId) navigate(`/import-data?run=${result.runId}`, { replace: true, preventScrollReset: true });
  };

  const fileInput = (
    <input
      ref={input}
      id={`${kind}-file`}
      name="file"
      type="file"
      required
      accept={SPREADSHEET_ACCEPT}
      onChange={(e) => choose(e.currentTarget.files?.[0])}
      className="block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
    />
  );

  return (
    <section className="card flex flex-col" aria-labelledby={`${kind}-import-title`} data-testid={`${kind}-import`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${kind}-import-title`} className="text-lg font-semibold">
            {text.title}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{text.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {text.templates.map((template) => (
            <a key={template.href} href={template.href} download className="btn-secondary">
              {template.label}
            </a>
          ))}
        </div>
      </div>

      <p className="mt-3 text-sm" data-testid={`${kind}-last-import`}>
        <span className="text-gray-600">Last import: </span>
        {lastImport.timestamp ? (
          <>
            <time dateTime={lastImport.timestamp}>{formatImportTime(lastImport.timestamp, timeZone)}</time>
            {lastImport.userName ? ` by ${lastImport.userName}` : null}
          </>
        ) : (
          "never"
        )}
      </p>

      <form
        method="post"
        action={`/import-data?kind=${kind}`}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="mt-4 space-y-3"
      >
        <label htmlFor={`${kind}-file`} className="label">
          Spreadsheet file (.xlsx, .xls or .csv, up to {MAX_UPLOAD_LABEL})
        </label>
        {dragAndDrop && hydrated ? (
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
            <p className="mb-2 text-sm text-gray-600">Drag and drop your file here, or choose one</p>
            {fileInput}
          </div>
        ) : (
          fileInput
        )}
        {file ? (
          <p className="text-sm text-gray-700" data-testid={`${kind}-chosen-file`}>
            Selected: {file.name} ({fileSizeLabel(file.size)})
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={hydrated && (!file || busy)}>
          {busy ? "Importing..." : text.importLabel}
        </button>
        <p role="alert" className="field-error" data-testid={`${kind}-import-error`}>
          {error}
        </p>
      </form>

      {report ? <ImportResultPanel report={report.view} fileName={report.fileName} testId={`${kind}-result`} /> : null}
    </section>
  );
}
