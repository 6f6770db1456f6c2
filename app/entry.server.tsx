// Remix's default Node entry with four changes: the response's CSP nonce (from server.mjs through the
// load context) goes on every inline script React and Remix write (see docs/operations.md, "Security"), a whole-page
// client book's rows and the dashboard's alerts come through the load context as bytes (decisions 023,
// 033) and such a document is gzipped here (decision 034), the catalogs are the bundled ones (decision
// 025), and the document passes through documentStream (a React 18 renderer bug, fewer compressor
// flushes and the bytes' insertion, explained there).
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { DocumentHtmlContext, documentHtmlMarker } from "~/components/document-html";
import { NonceProvider } from "~/components/nonce";
// Provides every language's bundled catalogs to the render as it loads, once (decision 025).
import "~/i18n/resources.server";
import { documentStream } from "~/http/document-stream.server";
import { acceptsGzip } from "~/http/request-address";

// server.mjs starts the daily jobs in each worker through the build's entry module.
export { startScheduledJobs } from "~/services/scheduled-jobs.server";
// ... fails, as a worker starts, the imports an earlier start of the server left running ...
export { failImportsOfPreviousStart } from "~/services/import.server";
// ... and the rule and the answers its request guards give before Remix (server/request-guards.mjs).
export { isCrossSite, listedOrigins } from "~/domain/cross-site";
export { edgeRefusal, MAX_FORM_BODY_BYTES, UPLOAD_PATHS } from "~/http/edge-refusals.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /**
     * Inner HTML of elements by id, ready as bytes, that a whole page carries instead of loader data: a
     * client book's rows, the dashboard's alerts (decisions 023, 033). app/components/document-html.tsx.
     */
    documentHtml?: Record<string, Buffer>;
  }
}

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const documentHtml = loadContext.documentHtml ?? {};
  // Bots (and the SPA mode Remix can build) get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const insertions = Object.entries(documentHtml).map(([id, bytes]) => ({ marker: documentHtmlMarker(id), bytes }));
      // A document with kept bytes is gzipped here, its kept bytes compressed once (decision 034).
      const gzip = insertions.length > 0 && acceptsGzip(request);
      const body = documentStream(insertions, { reportMissing: !remixContext.staticHandlerContext.errors, gzip });
      responseHeaders.set("Content-Type", "text/html");
      if (gzip) {
        responseHeaders.set("Content-Encoding", "gzip");
        responseHeaders.append("Vary", "Accept-Encoding");
      }
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DocumentHtmlContext.Provider value={new Set(Object.keys(documentHtml))}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </DocumentHtmlContext.Provider>
      </NonceProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is out are logged by Remix itself when the promise rejects.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
