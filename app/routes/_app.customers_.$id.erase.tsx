import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { requireUser, safeRedirectPath } from "~/auth/guards.server";
import { consumeActionVerification } from "~/auth/verification.server";
import { CodeField } from "~/components/code-field";
import { appTimezone } from "~/domain/calendar";
import { ALREADY_ERASED, confirmsClientName, erasedClientName, NAME_MISMATCH } from "~/domain/client-erasure";
import { parseClientIds } from "~/domain/client-ids";
import { PRODUCT_NAME } from "~/domain/product";
import { ACCESS } from "~/domain/roles";
import { shopDateTime } from "~/domain/shop-dates";
import { formText } from "~/http/form-text";
import { requestAddress } from "~/http/request-address";
import { redirectWithToast } from "~/http/toast.server";
import { eraseClient, findClientToErase } from "~/services/client-erasure.server";
import { verifyForAction } from "~/services/code-verification.server";

export const meta: MetaFunction = () => [{ title: `Erase this client | ${PRODUCT_NAME}` }];

/** Admins only, as the deleted clients and the audit log. */
const ADMIN_ONLY = { access: ACCESS.profile };

type EraseAnswer = { error: string; field: "confirmName" | "otpCode" | null };

async function clientOr404(rawId: string | undefined) {
  const [id] = parseClientIds(rawId);
  const client = id ? await findClientToErase(id) : null;
  if (!client) throw new Response("Client not found", { status: 404 });
  return client;
}

/** Where Cancel goes: the page that linked here (the details, the deleted clients), same site only. */
function backPath(request: Request, client: { id: number; deletedAt: Date | null }): string {
  const fallback = client.deletedAt ? "/customers/deleted" : `/customers/${client.id}`;
  return safeRedirectPath(new URL(request.url).searchParams.get("back"), fallback);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, ADMIN_ONLY);
  const client = await clientOr404(params.id);
  return {
    client: {
      id: client.id,
      fullName: client.fullName,
      deleted: client.deletedAt !== null,
      erasedAt: client.erasedAt ? shopDateTime(client.erasedAt, appTimezone()) : null,
    },
    back: backPath(request, client),
  };
}

/**
 * "Erase this client" (docs/privacy.md), the one server path with and without JavaScript: the
 * typed name must match, then the admin's own fresh authenticator code is checked and spent (as
 * for deleting clients) and the personal data is wiped in the same request. Irreversible.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const client = await clientOr404(params.id);
  if (client.erasedAt) return data<EraseAnswer>({ error: ALREADY_ERASED, field: null }, { status: 409 });
  const form = await request.formData();
  // The name first: a typing slip does not spend the code.
  if (!confirmsClientName(formText(form, "confirmName"), client.fullName))
    return data<EraseAnswer>({ error: NAME_MISMATCH, field: "confirmName" }, { status: 400 });
  const ip = requestAddress(request);
  const verified = await verifyForAction(session, formText(form, "otpCode").trim(), ip);
  if (!verified.ok) return data<EraseAnswer>({ error: verified.error, field: "otpCode" }, { status: verified.status });
  if (!(await consumeActionVerification(session.id)))
    return data<EraseAnswer>(
      { error: "The verification has expired. Please enter a new code.", field: "otpCode" },
      { status: 403 },
    );
  const result = await eraseClient(client.id, session.user, ip);
  if (!result.ok) return data<EraseAnswer>({ error: result.error, field: null }, { status: result.status });
  return redirectWithToast(client.deletedAt ? "/customers/deleted" : `/customers/${client.id}`, {
    type: "success",
    title: "Client erased",
    description: `${erasedClientName(client.id)}: the personal data is gone; the sales stay as anonymous amounts.`,
  });
}

export default function EraseClient() {
  const { client, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  // A refused post clears the code box for the next try (reset while rendering, as the answer changes).
  const [attempt, setAttempt] = useState(0);
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (shownAnswer !== answer) {
    setShownAnswer(answer);
    setAttempt((n) => n + 1);
  }

  if (client.erasedAt)
    return (
      <div className="card mx-auto max-w-lg">
        <h1 className="text-xl font-semibold">Erase this client</h1>
        <p className="mt-2 text-sm text-gray-700">
          {client.fullName} was erased on {client.erasedAt}. There is nothing left to erase.
        </p>
        <Link to={back} className="btn-secondary mt-4">
          Back
        </Link>
      </div>
    );

  return (
    <div className="card mx-auto max-w-lg">
      <h1 className="text-xl font-semibold">Erase this client</h1>
      <p className="text-sm text-gray-600">
        {client.fullName}
        {client.deleted ? " (deleted)" : ""}
      </p>
      <div role="note" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-semibold">This cannot be undone.</p>
        <p className="mt-1">
          The name becomes &ldquo;{erasedClientName(client.id)}&rdquo;. The mobile number, email, Emirates ID (number,
          expiry and pictures), dates of birth and anniversary, area, preferences and comments, the notes of every
          contact and follow-up and the consent history are cleared, for good. The mobile number becomes free for a new
          client. Sales stay as anonymous amounts, so totals and reports do not change. The audit log records the
          erasure, without the erased values.
        </p>
      </div>
      <Form method="post" className="mt-4 space-y-3">
        <div>
          <label htmlFor="erase-confirm-name" className="label">
            Type the client&apos;s full name to confirm
          </label>
          <input
            id="erase-confirm-name"
            name="confirmName"
            required
            autoComplete="off"
            spellCheck={false}
            aria-describedby="erase-name-error"
            className="input mt-1"
          />
          <p id="erase-name-error" role="alert" className="field-error">
            {answer?.field === "confirmName" ? answer.error : ""}
          </p>
        </div>
        <CodeField key={attempt} id="erase-code" name="otpCode" label="6-digit code from your authenticator app" />
        <p role="alert" className="field-error">
          {answer && answer.field !== "confirmName" ? answer.error : ""}
        </p>
        <div className="flex justify-end gap-2">
          <Link to={back} className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn-danger" disabled={busy}>
            {busy ? "Erasing..." : "Erase this client"}
          </button>
        </div>
      </Form>
    </div>
  );
}
