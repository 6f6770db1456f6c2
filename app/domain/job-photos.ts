/** A job's photos (docs/decisions/044-job-bag.md): how many, how large, which kinds, read from the bytes. */

export const MAX_JOB_PHOTOS = 5;
export const MAX_JOB_PHOTO_BYTES = 5 * 1024 * 1024;

export type JobPhotoType = "image/jpeg" | "image/png" | "image/webp";

const EXTENSION: Record<JobPhotoType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
export const photoExtension = (type: JobPhotoType): string => EXTENSION[type];

const startsWith = (bytes: Uint8Array, at: number, signature: readonly number[]) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The photo's kind from its first bytes (the magic numbers), never from its name or declared type:
 * JPEG FF D8 FF, PNG's 8-byte signature, WebP "RIFF" ···· "WEBP". Anything else is null.
 */
export function sniffPhotoType(bytes: Uint8Array): JobPhotoType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, 0, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, 8, [0x57, 0x45, 0x42, 0x50]))
    return "image/webp";
  return null;
}

/**
 * The uploaded name kept for display and the export: its last path segment, control characters and
 * characters that break a header or a path dropped, at most 120 characters; "photo" when nothing is left.
 */
export function sanitisePhotoName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters are what is refused here, so the pattern names them.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f"<>|:*?]/g;
  const clean = base.replace(unsafe, "").trim().slice(0, 120);
  return clean.replace(/^\.+/, "") || "photo";
}
