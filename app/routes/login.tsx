import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { assertSameOrigin, optionalUser, safeRedirectPath } from "~/auth/guards.server";
import { useAppUi } from "~/components/app-ui";
import { OtpBoxes } from "~/components/otp-boxes";
import { useHydrated } from "~/components/use-hydrated";
import { PRODUCT_NAME } from "~/domain/product";
import { completeSignIn, homePathFor, lastEmailCookie } from "~/services/auth.server";
import { toastHeader } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: `Sign in | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await optionalUser(request);
  if (session) throw redirect(homePathFor(session.user.role));
  const url = new URL(request.url);
  const remembered: unknown = await lastEmailCookie.parse(request.headers.get("Cookie"));
  const email = url.searchParams.get("change") ? null : typeof remembered === "string" ? remembered : null;
  return { email, redirectTo: url.searchParams.get("redirectTo") };
}

const EmailStep = z.object({ intent: z.literal("email"), email: z.email("Enter a valid email address") });

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.clone().formData();
  if (form.get("intent") === "email") {
    const parsed = EmailStep.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return data(
        { step: "email" as const, error: parsed.error.issues[0]?.message ?? "Invalid email" },
        { status: 400 },
      );
    const email = parsed.data.email.trim().toLowerCase();
    const redirectTo = new URL(request.url).searchParams.get("redirectTo");
    const next = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
    return redirect(next, { headers: { "Set-Cookie": await lastEmailCookie.serialize(email) } });
  }

  const result = await completeSignIn(request);
  // An incomplete code is 'Invalid OTP' (nothing was checked); a refused one is 'Invalid Code'.
  const title = result.ok ? null : result.status === 400 ? "Invalid OTP" : "Invalid Code";
  if (!result.ok) return data({ step: "code" as const, error: result.error, title }, { status: result.status });
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
    await toastHeader({ type: "success", title: "Welcome!", description: `Signed in as ${user.name}` }),
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

  // On failure the boxes are cleared and focus returns to the first box (docs/product-rules.md §4).
  useEffect(() => {
    if (actionData?.step === "code" && actionData.error) {
      setDigits(EMPTY);
      refs.current[0]?.focus();
      toast({ type: "error", title: actionData.title ?? "Invalid Code", description: actionData.error });
    }
  }, [actionData, toast]);

  const complete = digits.every((d) => d.length === 1);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white p-4">
      <div className="card w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" width={48} height={48} className="mx-auto mb-2" />
          <h1 className="text-2xl font-semibold">{PRODUCT_NAME}</h1>
          <p className="text-sm text-gray-600">Admin login · staff sign-in with your authenticator app</p>
        </div>

        {email ? (
          <Form method="post" replace className="space-y-5">
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="email" value={email} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <div className="text-center text-sm">
              Signing in as <strong>{email}</strong>{" "}
              <Link to="/login?change=1" className="text-brand-700 underline">
                Not you?
              </Link>
            </div>
            <p id="code-help" className="text-center text-sm text-gray-700">
              Enter the 6-digit code from your authenticator app.
            </p>
            <OtpBoxes values={digits} onChange={setDigits} disabled={submitting} autoFocus inputRefs={refs} />
            <p role="alert" className="field-error text-center" data-testid="login-error">
              {actionData?.step === "code" && actionData.error ? `${actionData.title}: ${actionData.error}` : ""}
            </p>
            <button type="submit" className="btn-primary w-full" disabled={hydrated && (!complete || submitting)}>
              {submitting ? "Verifying..." : "Sign in"}
            </button>
          </Form>
        ) : (
          <Form method="post" replace className="space-y-4">
            <input type="hidden" name="intent" value="email" />
            <div>
              <label htmlFor="email" className="label">
                Work email
              </label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                autoFocus
                className="input mt-1"
              />
              <p role="alert" className="field-error">
                {actionData?.step === "email" ? actionData.error : ""}
              </p>
            </div>
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              Continue
            </button>
          </Form>
        )}
        <p className="mt-6 text-center text-xs text-gray-500">No passwords: your code changes every 30 seconds.</p>
      </div>
    </main>
  );
}
