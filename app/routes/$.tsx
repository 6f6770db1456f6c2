import { NotFoundPage } from "~/root";

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
