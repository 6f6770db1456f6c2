import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { requireUser } from "~/auth/guards.server";
import { requestAddress } from "~/http/request-address";
import { displayName } from "~/domain/client-display";
import { isChannelWithdrawn } from "~/domain/consent";
import { MESSAGE_CODES, type MessageCode } from "~/domain/message-codes";
import { clientMessage } from "~/domain/message-templates";
import { whatsappLink } from "~/domain/mobile";
import { ACCESS } from "~/domain/roles";
import { formText } from "~/http/form-text";
import { getWhatsAppTarget } from "~/services/client-contact.server";
import { parseClientIds } from "~/domain/client-ids";
import { recordInteraction } from "~/services/interactions.server";
import { translatorFor } from "~/i18n/i18n.server";
import { loadMessageBook } from "~/services/message-templates.server";
import type { CatalogsHandle } from "~/i18n/catalogs";
import { refusal } from "~/http/page-refusals.server";

export const handle: CatalogsHandle = { i18n: ["clientActions", "clients", "profile"] };

/** Only a POST records a contact (prefetching or a cross-site image never can): a GET goes to the client. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  return redirect(id ? `/customers/${id}` : "/customers");
}

const MAX_MESSAGE = 2000;

/** Why a WhatsApp was not sent, as the refusal gives it: the reason is a message code. */
type Refusal = { clientId: number; clientName: string; reason: MessageCode };

/**
 * Every WhatsApp button posts here (in a new tab): the chat is recorded as a `whatsapp`
 * interaction of the signed-in user, then the browser goes on to wa.me with the message (the
 * greeting in the client's language when none is sent). A client who withdrew WhatsApp consent gets
 * no message and no record: 403 with a page that says so. The refusal is thrown, so a document
 * POST renders this route's boundary instead of running its loader, whose redirect would hide it.
 * The guard refuses cross-site posts.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireUser(request, { access: ACCESS.clients });
  const [id] = parseClientIds(params.id);
  const client = id ? await getWhatsAppTarget(id) : null;
  if (!client) throw refusal(404, MESSAGE_CODES.clientNotFound);
  if (isChannelWithdrawn(client.consents, "whatsapp")) {
    const { language } = await translatorFor(request, "clientActions");
    const refusal: Refusal = {
      clientId: client.id,
      clientName: displayName(client, language),
      reason: MESSAGE_CODES.whatsappWithdrawn,
    };
    throw data(refusal, { status: 403 });
  }
  const message =
    formText(await request.formData(), "message")
      .trim()
      .slice(0, MAX_MESSAGE) || clientMessage(await loadMessageBook(), "greeting", client);
  await recordInteraction(
    client.id,
    { type: "whatsapp", note: message, outcome: null, at: new Date() },
    session.user,
    requestAddress(request),
  );
  return redirect(whatsappLink(client.mobileNumber, message), 303);
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "clientId" in value && "reason" in value;
}

/** The page a WhatsApp tab shows when nothing was sent: why, and the way back. */
function NotSent({ refused }: { refused: Refusal | null }) {
  const { t } = useTranslation();
  return (
    <div className="card mx-auto mt-10 max-w-md text-center">
      <h1 className="text-xl font-semibold">{t("clientActions:whatsapp.notSent")}</h1>
      <p role="alert" className="mt-2 text-red-800">
        {refused ? (
          <Trans
            i18nKey="clientActions:whatsapp.withdrawn"
            values={{ name: refused.clientName, reason: t(refused.reason) }}
            components={{ bdi: <bdi /> }}
          />
        ) : (
          t("clientActions:whatsapp.openFromButton")
        )}
      </p>
      <Link to={refused ? `/customers/${refused.clientId}` : "/customers"} className="btn-secondary mt-4">
        {t("clientActions:whatsapp.back")}
      </Link>
    </div>
  );
}

export default function WhatsAppNotSent() {
  return <NotSent refused={null} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <NotSent refused={isRouteErrorResponse(error) && isRefusal(error.data) ? error.data : null} />;
}
