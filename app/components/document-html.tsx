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
 * What to give element `id` as `dangerouslySetInnerHTML` when the document carried its inner HTML instead of
 * data (`sentAsHtml`): on the server the marker the kept bytes replace; in the browser, a token standing for
 * what the document holds. React in production neither reads nor compares that HTML when it hydrates, and
 * rewrites it only when a later render gives a different string, so the same token keeps the rows the document
 * brought with no data and no hydration work. (Reading the rows back as `innerHTML` cost a 500-row page one
 * main-thread task of a third of a second on a throttled phone, issue #41.) Null otherwise: the caller renders
 * its data. Decided once, at mount; later data comes as data.
 *
 * The loader left the list out of the page's data, so a document whose bytes never took the marker's
 * place (documentStream logs it) would show an empty list: the page then asks its loaders again, and
 * a revalidation's answer carries the list as data.
 */
export function useDocumentHtml(id: string, sentAsHtml: boolean): string | null {
  const onServer = useContext(DocumentHtmlContext);
  const [found] = useState(() => {
    if (!sentAsHtml || typeof document === "undefined") return null;
    // An element with no element inside holds only the marker: the bytes never came.
    return document.getElementById(id)?.firstElementChild ? keptInDocument(id) : null;
  });
  // Effects run only in the browser, where `found` says what the document holds. It is decided once, and
  // the revalidated data no longer says the list was sent as HTML, so this asks once.
  const lost = sentAsHtml && found === null;
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (lost) revalidate();
  }, [lost, revalidate]);
  if (!sentAsHtml) return null;
  return found ?? (onServer.has(id) ? documentHtmlMarker(id) : null);
}

/** The browser's token for "the rows the document holds": never rendered as HTML while the element lives. */
function keptInDocument(id: string): string {
  return `<!--document-html:${id}:kept-->`;
}
