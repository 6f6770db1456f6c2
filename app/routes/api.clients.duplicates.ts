import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { isoFromDate } from "~/domain/calendar";
import { parseDuplicatePage } from "~/domain/duplicate-list";
import { ACCESS } from "~/domain/roles";
import { listDuplicatePairs, type PairClient } from "~/services/client-duplicates.server";

/** One side of a pair in JSON: no Emirates ID (personal data the list does not need; docs/privacy.md). */
const pairClientJson = (c: PairClient) => ({
  id: c.id,
  fullName: c.fullName,
  mobileNumber: c.mobileNumber,
  email: c.email,
  dateOfBirth: c.dateOfBirth ? isoFromDate(c.dateOfBirth) : null,
  totalSalesValue: c.totalSalesValue,
  ownerName: c.ownerName,
});

/** GET /api/clients/duplicates?page=&pageSize= → {data: [{pairId, score, reasons, clients}], total}; admin and sales back. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request, { access: ACCESS.duplicates });
  const { pairs, total } = await listDuplicatePairs(parseDuplicatePage(new URL(request.url).searchParams));
  return Response.json({
    data: pairs.map((p) => ({
      pairId: p.pairId,
      score: p.score,
      reasons: p.reasons,
      clients: p.clients.map(pairClientJson),
    })),
    total,
  });
}
