import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";
import { cookieSecrets } from "~/auth/crypto.server";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.input<typeof ToastSchema>;

/** A flash message: set on a redirect, shown (and cleared) by the next page. Works without JS. */
function toastCookie() {
  return createCookie("crm_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secrets: cookieSecrets(),
  });
}

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(ToastSchema.parse(toast));
}

// Typed as redirect()'s own answer (a response with no data), not a bare Response: a bare Response in an action's
// return type makes useActionData<typeof action>() collapse to `any`.
export async function redirectWithToast(
  url: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<ReturnType<typeof redirect>> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: z.output<typeof ToastSchema> | null; clear: string | null }> {
  const raw: unknown = await toastCookie().parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(raw);
  if (!parsed.success) return { toast: null, clear: null };
  return { toast: parsed.data, clear: await toastCookie().serialize("", { maxAge: 0 }) };
}

/** A small form refused: back where it came from, with its first problem (in the page's language) as an error toast. */
export function redirectWithFormError(url: string, title: string, description: string) {
  return redirectWithToast(url, { type: "error", title, description });
}
