import { createContext, useContext, useState } from "react";

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
 */
export function useDocumentHtml(id: string, sentAsHtml: boolean): string | null {
  const onServer = useContext(DocumentHtmlContext);
  const [found] = useState(() =>
    sentAsHtml && typeof document !== "undefined" ? (document.getElementById(id)?.innerHTML ?? null) : null,
  );
  if (!sentAsHtml) return null;
  return found ?? (onServer.has(id) ? documentHtmlMarker(id) : null);
}
