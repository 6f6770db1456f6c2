import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "~/domain/spreadsheet-file";

/**
 * Reads a multipart upload with the size limit enforced while the bytes arrive: the file is
 * counted chunk by chunk and never buffered past the limit, and the whole body is capped too.
 */

export type UploadedFile = { fileName: string; bytes: Buffer };

export type UploadResult =
  | { ok: true; file: UploadedFile | null; fields: Map<string, string> }
  | { ok: false; status: 400 | 413; refused: UploadRefusal };

/** Why an upload was refused: not a multipart body, a file over the cap, or a body that could not be read. */
export type UploadRefusal = "notMultipart" | "tooLarge" | "uploadUnreadable";

/**
 * After the limit is hit we read on (discarding) up to this much, so the browser, still sending,
 * receives the 413 instead of a reset connection. Beyond it the upload is cut off.
 */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const MAX_FIELD_BYTES = 1024;

class BodyTooLarge extends Error {}

/** Counts the request body as it streams and stops it past `limit` bytes. */
function countedBody(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limit) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The file's own cap: a spreadsheet's unless an upload gives its own (a job's photo). */
export type UploadLimit = { maxFileBytes: number };

export async function readSpreadsheetUpload(
  request: Request,
  fileField = "file",
  { maxFileBytes }: UploadLimit = { maxFileBytes: MAX_UPLOAD_BYTES },
): Promise<UploadResult> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    return { ok: false, status: 400, refused: "notMultipart" };
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > DRAIN_LIMIT_BYTES) return { ok: false, status: 413, refused: "tooLarge" };

  let file: UploadedFile | null = null;
  let tooLarge = false;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const isFile = filename !== undefined;
    const limit = isFile ? maxFileBytes : MAX_FIELD_BYTES;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) tooLarge = true;
      // Past the limit (or a second file) the bytes are read and dropped, never kept.
      if (!tooLarge && (!isFile || (name === fileField && file === null))) chunks.push(chunk);
    }
    if (tooLarge) return undefined;
    if (!isFile) return Buffer.concat(chunks).toString("utf8");
    if (name === fileField && file === null && filename) file = { fileName: filename, bytes: Buffer.concat(chunks) };
    return undefined;
  };

  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: countedBody(request.body, DRAIN_LIMIT_BYTES),
    duplex: "half",
  });
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(limited, handler);
  } catch (error) {
    if (error instanceof BodyTooLarge || tooLarge) return { ok: false, status: 413, refused: "tooLarge" };
    return { ok: false, status: 400, refused: "uploadUnreadable" };
  }
  if (tooLarge) return { ok: false, status: 413, refused: "tooLarge" };
  const fields = new Map<string, string>();
  for (const [key, value] of form.entries()) if (typeof value === "string") fields.set(key, value);
  return { ok: true, file, fields };
}
