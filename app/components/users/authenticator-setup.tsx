import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { CodeField } from "~/components/code-field";
import { useHydrated } from "../use-hydrated";

export type SetupDetails = { qrCodeUrl: string | null; secret: string | null; message: string; note: string };

/** Groups of four, as authenticator apps show keys typed by hand. */
function spacedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * The QR step of linking an authenticator (docs/product-rules.md §2 'Add Authenticator Device'): the app's steps,
 * the QR drawn on the server (an image, so it shows without JavaScript), the key for typing in by
 * hand, and the code box that submits itself at the sixth digit.
 */
export function AuthenticatorSetup({
  setup,
  action,
  error,
  attempt,
  hiddenFields,
  footer,
}: {
  setup: SetupDetails;
  /** Where the confirming code is posted (with intent=verify). */
  action: string;
  error?: string | null;
  /** Changes with every refused code, so the box clears. */
  attempt?: number;
  hiddenFields?: ReactNode;
  footer?: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const verifying = navigation.state === "submitting" && navigation.formData?.get("intent") === "verify";
  const hydrated = useHydrated();
  const { t } = useTranslation();
  // The typed code belongs to one attempt: a refused code clears the box, and so this.
  const [typed, setTyped] = useState({ attempt: attempt ?? 0, code: "" });
  const complete = typed.attempt === (attempt ?? 0) && typed.code.length === 6;
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{setup.message}</p>
      <ol className="list-decimal space-y-1 ps-5 text-sm text-gray-800">
        <li>{t("account:setup.stepOpen")}</li>
        <li>
          <Trans i18nKey="account:setup.stepAdd" />
        </li>
        <li>
          <Trans i18nKey="account:setup.stepScan" />
        </li>
        <li>{t("account:setup.stepCode")}</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {setup.qrCodeUrl ? (
          <img
            src={setup.qrCodeUrl}
            alt={t("account:setup.qrAlt")}
            width={200}
            height={200}
            className="rounded border border-gray-200 bg-white p-1"
          />
        ) : null}
        {setup.secret ? (
          <div className="text-sm">
            <p className="text-gray-700">{t("account:setup.byHand")}</p>
            <code
              data-testid="setup-secret"
              className="mt-1 block break-all rounded bg-gray-100 px-2 py-1 font-mono text-base"
            >
              {spacedSecret(setup.secret)}
            </code>
          </div>
        ) : null}
      </div>
      <Form method="post" action={action} ref={formRef} className="space-y-2" preventScrollReset>
        <input type="hidden" name="intent" value="verify" />
        {hiddenFields}
        <CodeField
          key={attempt ?? 0}
          id="setup-code"
          label={t("account:setup.codeLabel")}
          focusOnMount
          readOnly={verifying}
          onValueChange={(code) => setTyped({ attempt: attempt ?? 0, code })}
          onComplete={() => formRef.current?.requestSubmit()}
        />
        <p role="alert" className="field-error" data-testid="setup-error">
          {error ? `${t("account:setup.failed")}: ${error}` : ""}
        </p>
        <p className="text-xs text-gray-600">{setup.note}</p>
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className="btn-primary" disabled={verifying || (hydrated && !complete)}>
            {verifying ? t("login:verifying") : t("account:setup.verify")}
          </button>
          {footer}
        </div>
      </Form>
    </div>
  );
}
