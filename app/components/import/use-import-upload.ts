import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useAppUi } from "~/components/app-ui";
import type { ImportKind } from "~/domain/import-columns";
import { formatCount } from "~/domain/display-labels";
import { IMPORT_WORDS_HEADER, type ImportResult } from "~/domain/import-report";
import type { Message } from "~/domain/messages";
import { usePageLocale } from "~/i18n/i18n-provider";

const ENDPOINT: Record<ImportKind, string> = { client: "/api/import/clients", zoho: "/api/import/zoho-customers" };
/** Catalog keys written out, so the catalog check sees each one used. */
const PROGRESS_KEYS: Record<ImportKind, string> = { client: "import:client.progress", zoho: "import:zoho.progress" };
const IMPORTED_KEYS: Record<ImportKind, string> = { client: "import:client.imported", zoho: "import:zoho.imported" };
const POLL_MS = 400;

/** The JSON answer, in English, with its message as a code (`words`) for the page to say in its language. */
export type UploadAnswer = {
  status: number;
  result: ImportResult<string> & { runId: string | null; words?: Message };
} | null;

/** An id for the run the page can poll before the upload finishes (getRandomValues works on plain-HTTP LAN addresses too). */
function newProgressId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** XMLHttpRequest rather than fetch: it reports upload progress. Resolves null on a network failure or a non-JSON answer. */
function postForm(
  url: string,
  form: FormData,
  onUploadProgress: (fraction: number) => void,
  onUploaded: () => void,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader(IMPORT_WORDS_HEADER, "1");
    xhr.upload.onprogress = (e) => e.lengthComputable && onUploadProgress(e.loaded / e.total);
    xhr.upload.onload = onUploaded;
    xhr.onload = () => {
      const body = xhr.response as unknown;
      const isResult = typeof body === "object" && body !== null && "success" in body;
      resolve(isResult ? { status: xhr.status, result: body as NonNullable<UploadAnswer>["result"] } : null);
    };
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => resolve(null);
    xhr.send(form);
  });
}

/**
 * Uploads a spreadsheet with the global loading overlay showing real progress: the upload's bytes,
 * then the rows the server has processed of the total, polled from the import run it is writing.
 */
export function useImportUpload() {
  const { setLoading } = useAppUi();
  const { t } = useTranslation();
  const locale = usePageLocale();
  return useCallback(
    async (kind: ImportKind, file: File, existing = "skip"): Promise<UploadAnswer> => {
      const progressId = newProgressId();
      let finished = false;
      let timer: ReturnType<typeof setTimeout> | undefined;

      const poll = async () => {
        try {
          const res = await fetch(`/api/import/progress?id=${progressId}`, { headers: { Accept: "application/json" } });
          if (res.ok && !finished) {
            const p = (await res.json()) as { totalRows: number; processedRows: number };
            setLoading(
              p.totalRows > 0
                ? {
                    isLoading: true,
                    message: t(PROGRESS_KEYS[kind], {
                      done: formatCount(p.processedRows, locale),
                      total: formatCount(p.totalRows, locale),
                    }),
                    progress: Math.min(99, Math.floor((p.processedRows * 100) / p.totalRows)),
                  }
                : { isLoading: true, message: t("import:reading", { name: file.name }), progress: 0 },
            );
          }
        } catch {
          // A missed poll only delays the next figure.
        }
        if (!finished) timer = setTimeout(() => void poll(), POLL_MS);
      };

      setLoading({ isLoading: true, message: t("import:uploading", { name: file.name }), progress: 0 });
      const form = new FormData();
      form.append("progressId", progressId);
      form.append("existing", existing);
      form.append("file", file);
      // Polling starts with the upload: the server creates the run once the file has arrived.
      timer = setTimeout(() => void poll(), POLL_MS);
      const answer = await postForm(
        ENDPOINT[kind],
        form,
        (fraction) =>
          !finished &&
          setLoading({
            isLoading: true,
            message: t("import:uploading", { name: file.name }),
            progress: Math.floor(fraction * 100),
          }),
        () =>
          !finished && setLoading({ isLoading: true, message: t("import:reading", { name: file.name }), progress: 0 }),
      );
      finished = true;
      clearTimeout(timer);
      if (answer?.result.success) {
        setLoading({ isLoading: true, message: t(IMPORTED_KEYS[kind]), progress: 100 });
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      setLoading({ isLoading: false, message: "" });
      return answer;
    },
    [setLoading, t],
  );
}
