import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";

export const meta: MetaFunction = () => [{ title: `Profile | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.profile });
  return null;
}

export default function Page() {
  return <h1 className="text-2xl font-semibold">Profile</h1>;
}
