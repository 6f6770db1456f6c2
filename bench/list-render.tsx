// The client book's page 1 (500 rows) as the app serves it, beside its floor (docs/performance.md):
// the whole GET /customers answered in process by the built server's request handler (every loader
// of the route tree, then React's render of the document, read to its last byte), and the same rows
// fetched by one raw SQL query and rendered by renderToString as a bare table. The page is measured
// after a write, so its rows are read and written again (decision 033), and once more as kept.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { renderToString } from "react-dom/server";
import { measure, ratioToFloor, type Measurement } from "./measure";

type FloorRow = {
  id: number;
  fullName: string;
  tier: string;
  ownerName: string | null;
  mobileNumber: string;
  emirate: string;
  area: string | null;
  dateOfBirth: unknown;
  totalSalesFils: unknown;
  lastPurchaseDate: unknown;
  email: string | null;
  team: string | null;
  emiratesId: string | null;
  emiratesIdExpiry: unknown;
  pepStatus: string | null;
};

function BareTable({ rows }: { rows: FloorRow[] }) {
  return (
    <table>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{r.fullName}</td>
            <td>{r.tier}</td>
            <td>{r.ownerName}</td>
            <td>{r.mobileNumber}</td>
            <td>{`${r.area ?? ""} ${r.emirate}`}</td>
            <td>{String(r.dateOfBirth)}</td>
            <td>{String(r.totalSalesFils)}</td>
            <td>{String(r.lastPurchaseDate)}</td>
            <td>{r.email}</td>
            <td>{r.team}</td>
            <td>{r.emiratesId}</td>
            <td>{String(r.emiratesIdExpiry)}</td>
            <td>{r.pepStatus}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rendered page and its floor, then their ratio (target ≤ 2×), and the page with nothing written since. */
export async function measureListRender(
  runs: number,
  cookie: string,
  somethingWritten: () => Promise<unknown>,
): Promise<Measurement[]> {
  const { db } = await import("~/db/db.server");
  const { buildIfStale } = await import("../scripts/build-if-stale.mjs");
  buildIfStale();
  const buildFile = resolve(`${process.env.BUILD_DIR || "build"}/server/index.js`);
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  // The built server's modules are loaded here for the first time: each figure is taken once they
  // are as warm as a server's after its first minutes, not after the three runs others warm up with.
  // The page took 120–140 runs to settle (medians of 20 runs: 19.7, 16.0, 14.8, 14.7, 14.7, 14.7, then
  // 12.3–14.5 to the 600th), its floor about as many (11.9, 8.4, 8.1 … 7.5–7.7): 200 each, in --quick
  // runs too (--smoke: 40).
  const warmup = Math.min(200, runs * 40);
  let bytes = 0;
  const getPage = async () => {
    const response = await handle(
      new Request("http://127.0.0.1/customers", { headers: { Cookie: cookie, "Sec-Fetch-Dest": "document" } }),
      { cspNonce: "bench" },
    );
    if (response.status !== 200) throw new Error(`GET /customers answered ${response.status}`);
    // Read as the bytes a browser is sent: decoding them into a string (1 ms) is no work of the server's.
    bytes = (await response.arrayBuffer()).byteLength;
  };
  const page = await measure("customers: page 1, 500 rows, loaders + render (GET in process)", getPage, {
    runs,
    warmup,
    before: somethingWritten,
  });
  page.extra = { htmlKb: Math.round(bytes / 1024) };

  // The default order (newest first, by id) and the columns the table shows, the owner's name joined
  // to the page's rows. (Joined before the LIMIT, SQLite with the data set's statistics read every
  // client through the deletedAt index and sorted them: 500 ms for a floor, not the least work.)
  const floor = await measure(
    "customers: page 1 floor (one raw query + bare table)",
    async () => {
      const rows = await db.$queryRaw<FloorRow[]>`
        SELECT c."id", c."fullName", c."tier", u."name" AS "ownerName", c."mobileNumber", c."emirate", c."area",
               c."dateOfBirth", c."totalSalesFils", c."lastPurchaseDate", c."email", c."team", c."emiratesId",
               c."emiratesIdExpiry", c."pepStatus"
        FROM (SELECT * FROM "Customer" WHERE "deletedAt" IS NULL ORDER BY "id" DESC LIMIT 500) c
        LEFT JOIN "User" u ON u."id" = c."ownerId"
        ORDER BY c."id" DESC`;
      renderToString(<BareTable rows={rows} />);
    },
    { runs, warmup },
  );
  const kept = await measure("customers: page 1, nothing written since (GET in process)", getPage, { runs, warmup });
  return [page, floor, ratioToFloor("customers: page 1 render, times its floor", page, floor, 2), kept];
}
