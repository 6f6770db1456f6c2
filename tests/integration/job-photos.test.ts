import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { addDays, businessToday } from "~/domain/calendar";
import * as clientJobsApi from "~/routes/api.clients.$id.jobs";
import * as jobApi from "~/routes/api.jobs.$id";
import * as photosApi from "~/routes/api.jobs.$id.photos";
import * as jobPage from "~/routes/_app.jobs.$id";
import * as photoFile from "~/routes/job-photos.$id";
import * as pagePhotos from "~/routes/jobs.$id.photos";
import { deleteClients } from "~/services/client-deletion.server";
import { exportClientData } from "~/services/client-data-export.server";
import { eraseClient } from "~/services/client-erasure.server";
import { addClientThroughApi, callRoute, makeRequest, outcome, signedInStaff } from "../support/factories";

/** Issue #45 items 1 and 7: a job's photos, checked by their bytes, served to who may see the job, erased. */

// This file's own photos folder: the service reads JOB_PHOTOS_DIR at each call.
const photosDir = mkdtempSync(join(tmpdir(), "job-photos-"));
process.env.JOB_PHOTOS_DIR = photosDir;
afterAll(() => {
  delete process.env.JOB_PHOTOS_DIR;
});

const storedFiles = () => readdirSync(photosDir);

// Minimal headers of each kind, padded: the service reads the magic numbers, never decodes the picture.
const jpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0"),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);
const png = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0, 0, 0, 13]),
    Buffer.from("IHDR"),
    Buffer.alloc(17),
  ]);
const webp = () => {
  const body = Buffer.concat([Buffer.from("WEBPVP8 "), Buffer.alloc(24)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from("RIFF"), size, body]);
};

type Role = "admin" | "sales_front" | "sales_back" | "road_sales";
const signedIn = (role: Role = "admin") => signedInStaff(role);

let mobile = 503000000;
async function newJob(cookie: string) {
  const clientId = await addClientThroughApi(cookie, {
    fullName: "Photo Client",
    mobileNumber: `+971${mobile++}`,
    team: "team_a",
  });
  const res = await outcome(
    await callRoute(
      clientJobsApi.action,
      makeRequest(`/api/clients/${clientId}/jobs`, {
        cookie,
        json: { type: "repair", description: "Loose stone", promisedDate: addDays(businessToday(), 7) },
      }),
      { id: String(clientId) },
    ),
  );
  expect(res.status).toBe(201);
  return { clientId, jobId: (res.body as { data: { id: number } }).data.id };
}

function photoRequest(
  path: string,
  cookie: string,
  bytes: Buffer,
  fileName: string,
  type = "image/jpeg",
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(bytes)], { type }), fileName);
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://localhost:3000", ...headers },
    body: form,
  });
}

const upload = async (cookie: string, jobId: number | string, bytes: Buffer, fileName: string, type?: string) =>
  outcome(
    await callRoute(photosApi.action, photoRequest(`/api/jobs/${jobId}/photos`, cookie, bytes, fileName, type), {
      id: String(jobId),
    }),
  );

type Uploaded = { data: { id: number; fileName: string; contentType: string; bytes: number; url: string } };

describe("POST /api/jobs/:id/photos", () => {
  it("takes JPEG, PNG and WebP by their bytes, stores each as a file and lists them on GET /api/jobs/:id", async () => {
    const staff = await signedIn("road_sales");
    const { jobId, clientId } = await newJob(staff.cookie);
    const before = storedFiles().length;
    const a = await upload(staff.cookie, jobId, jpeg(), "../ring front.jpg");
    expect(a.status).toBe(201);
    const body = a.body as Uploaded;
    expect(body.data).toMatchObject({ fileName: "ring front.jpg", contentType: "image/jpeg", bytes: jpeg().length });
    expect(body.data.url).toBe(`/job-photos/${body.data.id}`);
    // The declared type and name do not matter: the bytes say PNG, so PNG it is.
    const b = await upload(staff.cookie, jobId, png(), "side.jpg", "image/jpeg");
    expect((b.body as Uploaded).data.contentType).toBe("image/png");
    const c = await upload(staff.cookie, jobId, webp(), "back.webp", "image/webp");
    expect((c.body as Uploaded).data.contentType).toBe("image/webp");
    expect(storedFiles().length).toBe(before + 3);

    const row = await db.jobPhoto.findUniqueOrThrow({ where: { id: body.data.id } });
    expect(row.storedName).not.toContain("ring");
    expect(row.uploadedById).toBe(staff.user.id);
    const audit = await db.auditLog.findMany({
      where: { action: "client.job_photo_added", targetId: String(clientId) },
    });
    expect(audit).toHaveLength(3);

    const read = await outcome(
      await callRoute(jobApi.loader, makeRequest(`/api/jobs/${jobId}`, { cookie: staff.cookie }), {
        id: String(jobId),
      }),
    );
    const photos = (read.body as { data: { photos: unknown[]; number: string } }).data.photos;
    expect(photos).toEqual([
      { id: body.data.id, fileName: "ring front.jpg", url: body.data.url },
      expect.objectContaining({ fileName: "side.jpg" }),
      expect.objectContaining({ fileName: "back.webp" }),
    ]);
  });

  it("refuses a text file named .jpg, a file over 5 MB and a sixth photo, storing nothing", async () => {
    const staff = await signedIn();
    const { jobId } = await newJob(staff.cookie);
    const before = storedFiles().length;
    const text = await upload(staff.cookie, jobId, Buffer.from("hello, not a picture"), "photo.jpg", "image/jpeg");
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ details: [{ path: "photo" }] });
    expect(JSON.stringify(text.body)).toContain("JPEG, PNG or WebP");

    const big = Buffer.concat([jpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await upload(staff.cookie, jobId, big, "big.jpg");
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ details: [{ path: "photo" }] });

    const missing = await outcome(
      await callRoute(
        photosApi.action,
        makeRequest(`/api/jobs/${jobId}/photos`, { cookie: staff.cookie, json: { photo: "x" } }),
        { id: String(jobId) },
      ),
    );
    expect(missing.status).toBe(400);
    expect(storedFiles().length).toBe(before);
    expect(await db.jobPhoto.count({ where: { jobId } })).toBe(0);

    for (let n = 0; n < 5; n++) expect((await upload(staff.cookie, jobId, jpeg(), `p${n}.jpg`)).status).toBe(201);
    const sixth = await upload(staff.cookie, jobId, jpeg(), "p6.jpg");
    expect(sixth.status).toBe(400);
    expect(JSON.stringify(sixth.body)).toContain("at most 5 photos");
    expect(await db.jobPhoto.count({ where: { jobId } })).toBe(5);
    expect(storedFiles().length).toBe(before + 5);
  });

  it("answers 404 for an unknown job and 401 signed out", async () => {
    const staff = await signedIn();
    expect((await upload(staff.cookie, 999999, jpeg(), "a.jpg")).status).toBe(404);
    expect((await upload(staff.cookie, "abc", jpeg(), "a.jpg")).status).toBe(404);
    expect((await upload("", 1, jpeg(), "a.jpg")).status).toBe(401);
  });
});

describe("the job page's photos", () => {
  it("uploads through the plain form and back to the job, which shows the photo", async () => {
    const staff = await signedIn("sales_back");
    const { jobId } = await newJob(staff.cookie);
    const res = await outcome(
      await callRoute(pagePhotos.action, photoRequest(`/jobs/${jobId}/photos`, staff.cookie, png(), "tag.png"), {
        id: String(jobId),
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/jobs/${jobId}`);
    const page = await outcome(
      await callRoute(jobPage.loader, makeRequest(`/jobs/${jobId}`, { cookie: staff.cookie }), { id: String(jobId) }),
    );
    expect((page.body as { photos: { fileName: string }[] }).photos.map((p) => p.fileName)).toEqual(["tag.png"]);
  });

  it("answers the page's script in JSON: 201 with the toast's cookie, or the refusal's status and message", async () => {
    const staff = await signedIn("road_sales");
    const { jobId } = await newJob(staff.cookie);
    const send = async (bytes: Buffer, fileName: string, headers: Record<string, string>) =>
      outcome(
        await callRoute(
          pagePhotos.action,
          photoRequest(`/jobs/${jobId}/photos`, staff.cookie, bytes, fileName, "image/png", headers),
          { id: String(jobId) },
        ),
      );
    const script = { Accept: "application/json" };
    const added = await send(png(), "clasp.png", script);
    expect(added.status).toBe(201);
    expect(added.headers.get("Set-Cookie")).toMatch(/^crm_toast=/);
    expect(await db.jobPhoto.count({ where: { jobId } })).toBe(1);

    const refused = await send(Buffer.from("not a picture"), "note.png", { ...script, "Accept-Language": "ar-AE" });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toMatch(/[\u0600-\u06FF]/);
    // The plain form's refusal is still the redirect back, with the message as a toast.
    const plain = await send(Buffer.from("not a picture"), "note.png", {});
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Set-Cookie")).toMatch(/^crm_toast=/);
    expect(await db.jobPhoto.count({ where: { jobId } })).toBe(1);
  });

  it("deletes a photo for admin, sales front and back only, with an audit entry and the file gone", async () => {
    const admin = await signedIn("admin");
    const road = await signedIn("road_sales");
    const { jobId, clientId } = await newJob(admin.cookie);
    const { data } = (await upload(admin.cookie, jobId, jpeg(), "a.jpg")).body as Uploaded;
    const { storedName } = await db.jobPhoto.findUniqueOrThrow({ where: { id: data.id } });
    const remove = async (cookie: string) =>
      outcome(
        await callRoute(
          jobPage.action,
          makeRequest(`/jobs/${jobId}`, { cookie, form: { intent: "deletePhoto", photoId: String(data.id) } }),
          { id: String(jobId) },
        ),
      );
    expect((await remove(road.cookie)).status).toBe(403);
    expect(storedFiles()).toContain(storedName);
    expect((await remove(admin.cookie)).status).toBe(302);
    expect(await db.jobPhoto.count({ where: { id: data.id } })).toBe(0);
    expect(storedFiles()).not.toContain(storedName);
    expect(await db.auditLog.count({ where: { action: "client.job_photo_deleted", targetId: String(clientId) } })).toBe(
      1,
    );
    expect((await remove(admin.cookie)).status).toBe(404);
  });
});

describe("GET /job-photos/:id", () => {
  it("serves the photo with its type, nosniff and a private cache to who may see the job, and nobody else", async () => {
    const staff = await signedIn("road_sales");
    const { jobId, clientId } = await newJob(staff.cookie);
    const { data } = (await upload(staff.cookie, jobId, webp(), "w.webp")).body as Uploaded;
    const get = async (cookie: string) =>
      callRoute(photoFile.loader, makeRequest(data.url, { cookie }), { id: String(data.id) });
    const ok = (await get(staff.cookie)) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("image/webp");
    expect(ok.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(ok.headers.get("Cache-Control")).toMatch(/^private/);
    expect(Buffer.from(await ok.arrayBuffer()).equals(webp())).toBe(true);

    const signedOut = (await get("")) as Response;
    expect(signedOut.status).toBe(302);
    expect(
      (
        await outcome(
          await callRoute(photoFile.loader, makeRequest("/job-photos/999999", { cookie: staff.cookie }), {
            id: "999999",
          }),
        )
      ).status,
    ).toBe(404);

    // A deleted client's job is not shown, nor are its photos.
    const admin = await signedIn("admin");
    await deleteClients([clientId], admin.user, null);
    expect(((await get(staff.cookie)) as Response).status).toBe(404);
  });
});

describe("privacy", () => {
  it("names the photos in the client's export and erases rows and files", async () => {
    const admin = await signedIn("admin");
    const { jobId, clientId } = await newJob(admin.cookie);
    await upload(admin.cookie, jobId, jpeg(), "before repair.jpg");
    const stored = (await db.jobPhoto.findMany({ where: { jobId } })).map((p) => p.storedName);
    expect(stored).toHaveLength(1);

    const exported = await exportClientData(clientId, { ...admin.user, role: "admin" }, { format: "json" });
    expect(JSON.stringify(exported)).toContain("before repair.jpg");

    expect(await eraseClient(clientId, admin.user)).toEqual({ ok: true });
    expect(await db.jobPhoto.count({ where: { jobId } })).toBe(0);
    for (const name of stored) expect(storedFiles()).not.toContain(name);
  });
});
