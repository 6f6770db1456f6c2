import type { MetaFunction } from "@remix-run/node";
import { metaText } from "~/i18n/meta-text";
import { NotFoundPage } from "~/root";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "common:errors.notFoundTitle") }];

/** Every unknown path answers HTTP 404 with the spec's page. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
