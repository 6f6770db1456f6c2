import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { z } from "zod";
import { assertSameOrigin, optionalUser, safeRedirectPath } from "~/auth/guards.server";
import { useAppUi } from "~/components/app-ui";
import { LanguageSwitch } from "~/components/language-switch";
import { OtpBoxes } from "~/components/otp-boxes";
import { useHydrated } from "~/components/use-hydrated";
import { MESSAGE_CODES } from "~/domain/message-codes";
import { PRODUCT_NAME } from "~/domain/product";
import { say, sayFieldError } from "~/i18n/messages";
import { translatorFor } from "~/i18n/i18n.server";
import { metaText } from "~/i18n/meta-text";
import { sayIssues, zodMessages } from "~/i18n/zod-messages";
import { completeSignIn, homePathFor, lastEmailCookie } from "~/services/auth.server";
import { toastHeader } from "~/http/toast.server";
import type { CatalogsHandle } from "~/i18n/catalogs";

export const handle: CatalogsHandle = { i18n: ["account", "login", "validation"] };

export const meta: MetaFunction = ({ matches }) => [{ title: `${metaText(matches, "login:title")} | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await optionalUser(request);
  if (session) throw redirect(homePathFor(session.user.role));
  const url = new URL(request.url);
  const remembered: unknown = await lastEmailCookie.parse(request.headers.get("Cookie"));
  const email = url.searchParams.get("change") ? null : typeof remembered === "string" ? remembered : null;
  // Only a target the one rule keeps is carried into the form; anything else signs in to the home page.
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "") || null;
  return { email, redirectTo };
}

/** Step 1: who is signing in. Its errors are said on the server in the page's language, as the form shows them. */
const EmailStep = z.object({ intent: z.literal("email"), email: z.email(MESSAGE_CODES.signInInvalidEmail) });

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { t } = await translatorFor(request, "login");
  const form = await request.clone().formData();
  if (form.get("intent") === "email") {
    const submission = parseWithZod(form, { schema: EmailStep, error: zodMessages(t), formatError: sayIssues(t) });
    // Refused: the address comes back as typed, its error under the field (JavaScript or not).
    if (submission.status !== "success")
      return data({ step: "email" as const, lastResult: submission.reply() }, { status: 400 });
    const email = submission.value.email.trim().toLowerCase();
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    const next = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
    return redirect(next, { headers: { "Set-Cookie": await lastEmailCookie.serialize(email) } });
  }

  const result = await completeSignIn(request);
  // An incomplete code is 'Invalid OTP' (nothing was checked); a refused one is 'Invalid Code'.
  const title = result.ok
    ? null
    : result.status === 400
      ? t("login:errors.invalidOtpTitle")
      : t("login:errors.invalidCodeTitle");
  if (!result.ok) {
    // The service answers in English (the JSON API's); the account pages' reading covers a lockout too.
    return data({ step: "code" as const, error: say(t, result.error), title }, { status: result.status });
  }
  const { user, via } = result.signedIn;
  const headers = new Headers();
  headers.append("Set-Cookie", result.setCookie);
  headers.append("Set-Cookie", await lastEmailCookie.serialize(user.email));
  // A one-time code is a bridge: the user is offered to link an authenticator next.
  const destination =
    via === "one_time_code"
      ? "/account/authenticator"
      : safeRedirectPath(form.get("redirectTo"), homePathFor(user.role));
  headers.append(
    "Set-Cookie",
    await toastHeader({
      type: "success",
      title: t("login:welcome"),
      description: t("login:welcomeDescription", { name: user.name }),
    }),
  );
  return redirect(destination, { headers });
}

const EMPTY = ["", "", "", "", "", ""];

export default function LoginPage() {
  const { email, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const { toast } = useAppUi();
  const { t } = useTranslation();
  const [emailForm, emailFields] = useForm({
    id: "login-email",
    lastResult: actionData?.step === "email" ? actionData.lastResult : undefined,
    constraint: getZodConstraint(EmailStep),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailStep, error: zodMessages(t) }),
  });

  // On failure the boxes are cleared and focus returns to the first box (docs/product-rules.md §4).
  useEffect(() => {
    if (actionData?.step === "code" && actionData.error) {
      setDigits(EMPTY);
      refs.current[0]?.focus();
      toast({
        type: "error",
        title: actionData.title ?? t("login:errors.invalidCodeTitle"),
        description: actionData.error,
      });
    }
  }, [actionData, toast, t]);

  const complete = digits.every((d) => d.length === 1);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white p-4">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" width={48} height={48} className="mx-auto mb-2" />
          <h1 className="text-2xl font-semibold">{PRODUCT_NAME}</h1>
          <p className="text-sm text-gray-600">{t("login:subtitle")}</p>
        </div>

        {email ? (
          <Form method="post" replace className="space-y-5">
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="email" value={email} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <div className="text-center text-sm">
              {t("login:signingInAs")}{" "}
              <strong>
                <bdi>{email}</bdi>
              </strong>{" "}
              <Link to="/login?change=1" className="text-brand-700 underline">
                {t("login:notYou")}
              </Link>
            </div>
            <p id="code-help" className="text-center text-sm text-gray-700">
              {t("login:codeHelp")}
            </p>
            <OtpBoxes values={digits} onChange={setDigits} disabled={submitting} autoFocus inputRefs={refs} />
            <p role="alert" className="field-error text-center" data-testid="login-error">
              {actionData?.step === "code" && actionData.error ? `${actionData.title}: ${actionData.error}` : ""}
            </p>
            <button type="submit" className="btn-primary w-full" disabled={hydrated && (!complete || submitting)}>
              {submitting ? t("login:verifying") : t("login:signIn")}
            </button>
          </Form>
        ) : (
          <Form method="post" replace className="space-y-4" {...getFormProps(emailForm)}>
            <input type="hidden" name="intent" value="email" />
            <Field
              field={emailFields.email}
              label={t("login:workEmail")}
              error={sayFieldError(t, emailFields.email.errors)}
              errorAlert
            >
              {(control) => (
                <input
                  {...getInputProps(emailFields.email, { type: "email" })}
                  {...control}
                  key={emailFields.email.key}
                  autoComplete="username"
                  autoFocus
                  dir="ltr"
                  className="input mt-1"
                />
              )}
            </Field>
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {t("login:continue")}
            </button>
          </Form>
        )}
        <p className="mt-6 text-center text-xs text-gray-500">{t("login:noPasswords")}</p>
        <LanguageSwitch className="mt-4 text-center" />
      </div>
    </main>
  );
}
