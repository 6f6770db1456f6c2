import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { db } from "~/db/db.server";
import {
  MAX_JOB_PHOTO_BYTES,
  MAX_JOB_PHOTOS,
  photoExtension,
  sanitisePhotoName,
  sniffPhotoType,
  type JobPhotoType,
} from "~/domain/job-photos";
import { mayClose } from "~/domain/jobs";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { message, type Message } from "~/domain/messages";
import { AUDIT_ACTIONS, writeAudit } from "./audit.server";
import { clientTarget } from "./client-audit.server";
import { readSpreadsheetUpload } from "./import-upload.server";
import type { SaleContext } from "./sales.server";

/**
 * A job's photos (docs/decisions/044-job-bag.md): the bytes are files under JOB_PHOTOS_DIR (default
 * ./data/job-photos, README "Configuration") named by a random storedName; the JobPhoto row says whose
 * they are. Only jobs of clients in the book have photos added, shown or deleted, as the job page shows.
 */

export function jobPhotosDir(): string {
  return resolve(process.env.JOB_PHOTOS_DIR || "./data/job-photos");
}

const photoPath = (storedName: string) => join(jobPhotosDir(), storedName);

export type JobPhotoJson = { id: number; fileName: string; contentType: string; bytes: number; url: string };
export type JobPhotoFailure = { ok: false; status: 400 | 403 | 404 | 413; path: string; message: Message };

const photoUrl = (id: number) => `/job-photos/${id}`;
const refusal = (status: JobPhotoFailure["status"], path: string, text: Message): JobPhotoFailure => ({
  ok: false,
  status,
  path,
  message: text,
});

/** The job's photos, oldest first, as the page and GET /api/jobs/:id list them. */
export async function listJobPhotos(jobId: number): Promise<JobPhotoJson[]> {
  const rows = await db.jobPhoto.findMany({ where: { jobId }, orderBy: { id: "asc" } });
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    contentType: r.contentType,
    bytes: r.bytes,
    url: photoUrl(r.id),
  }));
}

/** The multipart field `photo`, read with the import's streaming size cap (5 MB here). */
async function readPhotoUpload(request: Request) {
  const upload = await readSpreadsheetUpload(request, "photo", { maxFileBytes: MAX_JOB_PHOTO_BYTES });
  if (!upload.ok)
    return upload.status === 413
      ? refusal(413, "photo", message(MESSAGE_CODES.jobPhotoTooLarge))
      : refusal(400, "photo", message(MESSAGE_CODES.jobPhotoUnreadable));
  if (!upload.file || upload.file.bytes.length === 0)
    return refusal(400, "photo", message(MESSAGE_CODES.jobPhotoMissing));
  return { ok: true as const, file: upload.file };
}

/**
 * Adds the uploaded photo to a job of a client in the book (any role, as a payment): JPEG, PNG or WebP by
 * its bytes, at most 5 MB, at most 5 a job. The file is written first and removed again if the row is
 * refused, so a refusal stores nothing. Audited on the client.
 */
export async function addJobPhoto(
  jobId: number,
  request: Request,
  { actor, ip }: SaleContext,
): Promise<{ ok: true; photo: JobPhotoJson } | JobPhotoFailure> {
  const job = await db.job.findFirst({
    where: { id: jobId, inClientBook: true },
    select: { id: true, number: true, clientId: true },
  });
  if (!job) return refusal(404, "id", message(MESSAGE_CODES.jobNotFound));
  const upload = await readPhotoUpload(request);
  if (!upload.ok) return upload;
  const type: JobPhotoType | null = sniffPhotoType(upload.file.bytes);
  if (!type) return refusal(400, "photo", message(MESSAGE_CODES.jobPhotoType));
  const full = () => refusal(400, "photo", message(MESSAGE_CODES.jobPhotoLimit, { max: MAX_JOB_PHOTOS }));
  if ((await db.jobPhoto.count({ where: { jobId } })) >= MAX_JOB_PHOTOS) return full();

  const storedName = `${randomBytes(16).toString("hex")}.${photoExtension(type)}`;
  await mkdir(jobPhotosDir(), { recursive: true });
  await writeFile(photoPath(storedName), upload.file.bytes, { flag: "wx" });
  const fileName = sanitisePhotoName(upload.file.fileName);
  try {
    const row = await db.$transaction(async (tx) => {
      // Counted again inside the transaction: two uploads at once cannot both be the fifth.
      if ((await tx.jobPhoto.count({ where: { jobId } })) >= MAX_JOB_PHOTOS) return null;
      const created = await tx.jobPhoto.create({
        data: {
          jobId,
          fileName,
          storedName,
          contentType: type,
          bytes: upload.file.bytes.length,
          uploadedById: actor.id,
        },
      });
      await writeAudit(
        {
          actor,
          action: AUDIT_ACTIONS.jobPhotoAdded,
          ...clientTarget(job.clientId),
          details: { job: job.number, photo: created.id, fileName, bytes: created.bytes },
          ip,
        },
        tx,
      );
      return created;
    });
    if (!row) {
      await rm(photoPath(storedName), { force: true });
      return full();
    }
    return {
      ok: true,
      photo: { id: row.id, fileName, contentType: type, bytes: row.bytes, url: photoUrl(row.id) },
    };
  } catch (error) {
    await rm(photoPath(storedName), { force: true });
    throw error;
  }
}

/** A photo's bytes and type for GET /job-photos/:id, when its job's client is in the book; null otherwise. */
export async function readJobPhoto(id: number): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await db.jobPhoto.findFirst({ where: { id, job: { inClientBook: true } } });
  if (!row) return null;
  try {
    return { bytes: await readFile(photoPath(row.storedName)), contentType: row.contentType };
  } catch {
    return null;
  }
}

/** Deletes a job's photo (admin, sales front and sales back, as deliver and cancel), row and file; audited. */
export async function deleteJobPhoto(
  jobId: number,
  photoId: number,
  { actor, ip }: SaleContext,
): Promise<{ ok: true } | JobPhotoFailure> {
  if (!mayClose(actor.role)) return refusal(403, "photo", message(MESSAGE_CODES.jobRoleRefused));
  const photo = await db.jobPhoto.findFirst({
    where: { id: photoId, jobId, job: { inClientBook: true } },
    include: { job: { select: { number: true, clientId: true } } },
  });
  if (!photo) return refusal(404, "photo", message(MESSAGE_CODES.jobPhotoNotFound));
  await db.$transaction(async (tx) => {
    await tx.jobPhoto.delete({ where: { id: photo.id } });
    await writeAudit(
      {
        actor,
        action: AUDIT_ACTIONS.jobPhotoDeleted,
        ...clientTarget(photo.job.clientId),
        details: { job: photo.job.number, photo: photo.id, fileName: photo.fileName },
        ip,
      },
      tx,
    );
  });
  await rm(photoPath(photo.storedName), { force: true });
  return { ok: true };
}

/**
 * Erasure and retention (docs/decisions/015-client-data-rights.md): the photos of these clients' jobs go,
 * rows in the caller's transaction; the files' names are returned for removeJobPhotoFiles once it commits.
 */
export async function deleteJobPhotoRows(
  tx: Pick<typeof db, "jobPhoto">,
  clientIds: readonly number[],
): Promise<string[]> {
  const where = { job: { clientId: { in: [...clientIds] } } };
  const rows = await tx.jobPhoto.findMany({ where, select: { storedName: true } });
  if (rows.length > 0) await tx.jobPhoto.deleteMany({ where });
  return rows.map((r) => r.storedName);
}

export async function removeJobPhotoFiles(storedNames: readonly string[]): Promise<void> {
  await Promise.all(storedNames.map((name) => rm(photoPath(name), { force: true })));
}

/** The file names of a client's jobs' photos, per job id: their data export. */
export async function photoNamesOfJobs(jobIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await db.jobPhoto.findMany({
    where: { jobId: { in: [...jobIds] } },
    orderBy: { id: "asc" },
    select: { jobId: true, fileName: true },
  });
  const names = new Map<number, string[]>();
  for (const r of rows) names.set(r.jobId, [...(names.get(r.jobId) ?? []), r.fileName]);
  return names;
}
