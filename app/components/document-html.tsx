import { useRevalidator } from "@remix-run/react";
import { createContext, useContext, useEffect, useState } from "react";

/**
 * The ids of the elements whose inner HTML a whole-page load carries as HTML only, ready as bytes
 * (the load context's `documentHtml`, which entry.server provides): a 500-row client book, the
 * dashboard's alerts. Empty in the browser and for every other render. Decisions 023 and 033.
 */
export const DocumentHtmlContext = createContext<ReadonlySet<string>>(new Set());

/** What the server renders inside element `id`, for app/http/document-stream.server.ts to put the bytes in its place. */
export function documentHtmlMarker(id: string): string {
  return `<!--document-html:${id}-->`;
}

/**
 * The inner HTML of element `id` when the document carried it as HTML instead of data (`sentAsHtml`):
 * on the server the marker the kept bytes replace, in the browser the HTML found while hydrating,
 * which React keeps as it is when given back as `dangerouslySetInnerHTML`, so it costs no data and no
 * hydration work. Null otherwise: the caller renders its data. Read once; later data comes as data.
 *
 * The loader left the list out of the page's data, so a document whose bytes never took the marker's
 * place (documentStream logs it) would show an empty list: the page then asks its loaders again, and
 * a revalidation's answer carries the list as data.
 */
export function useDocumentHtml(id: string, sentAsHtml: boolean): string | null {
  const onServer = useContext(DocumentHtmlContext);
  const [found] = useState(() =>
    sentAsHtml && typeof document !== "undefined" ? (document.getElementById(id)?.innerHTML ?? null) : null,
  );
  // Effects run only in the browser, where `found` is what the document holds. It is read once, and
  // the revalidated data no longer says the list was sent as HTML, so this asks once.
  const lost = sentAsHtml && (found === null || found === documentHtmlMarker(id));
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (lost) revalidate();
  }, [lost, revalidate]);
  if (!sentAsHtml) return null;
  return found ?? (onServer.has(id) ? documentHtmlMarker(id) : null);
}
