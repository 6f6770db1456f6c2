import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { db } from "~/db/db.server";
import { requestAddress } from "~/http/request-address";
import type { Role } from "~/domain/roles";
import { checkUserCode, INVALID_CODE } from "./code-check.server";
import { resolveSignInAccount } from "./sign-in-account.server";
import type { SessionUser } from "./session.server";
import { CODE_INCOMPLETE, isSixDigitCode } from "~/domain/one-time-code";
import type { Message } from "~/domain/messages";

/** What a sign-in attempt names: the account (by id, email or phone) and the six-digit code. */
export type CodeCredentials = {
  userId?: string;
  email?: string;
  phoneNumber?: string;
  token: string;
  ip: string;
};

export type SignedIn = { user: SessionUser; via: "authenticator" | "one_time_code" };

/** A refused sign-in: 401 for a wrong code, 429 while the account or address is locked. */
export class SignInError extends Error {
  constructor(
    readonly said: Message,
    readonly status: 400 | 401 | 429,
  ) {
    super(said.code);
  }
}

const str = (v: unknown) => (typeof v === "string" ? v.trim() : undefined);

/** Reads the credentials from a form post (six `digit` boxes or one `token`) or a JSON body. */
async function readCredentials(request: Request): Promise<Omit<CodeCredentials, "ip">> {
  if (request.headers.get("content-type")?.includes("application/json")) {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    return {
      userId: str(body.userId),
      email: str(body.email),
      phoneNumber: str(body.phoneNumber),
      token: str(body.token) ?? str(body.otpCode) ?? "",
    };
  }
  const form = await request.formData();
  const digits = form.getAll("digit").map(String);
  return {
    userId: str(form.get("userId")),
    email: str(form.get("email")),
    phoneNumber: str(form.get("phoneNumber")),
    token: digits.length ? digits.join("") : (str(form.get("token")) ?? ""),
  };
}

/**
 * Passwordless sign-in with a six-digit code from an authenticator app (RFC 6238) or, for users
 * whose admin issues codes, a single-use code. remix-auth-totp only emails codes, so this is a
 * strategy of our own on remix-auth's interface.
 */
class AuthenticatorCodeStrategy extends Strategy<SignedIn, CodeCredentials> {
  name = "authenticator-code";

  async authenticate(request: Request): Promise<SignedIn> {
    const credentials = await readCredentials(request);
    return this.verify({ ...credentials, ip: requestAddress(request) });
  }
}

/**
 * The account a sign-in names, and the id its attempts are counted under: the account's own, or
 * for an unknown id, email or phone the same decoy id step 1 answered, so decoys lock like accounts.
 */
async function findSignInUser(c: CodeCredentials) {
  const key = c.userId ? null : c.email ? { email: c.email } : c.phoneNumber ? { phone: c.phoneNumber } : null;
  const account = key ? await resolveSignInAccount(key) : null;
  const id = c.userId ?? account?.id ?? null;
  const user = id ? await db.user.findFirst({ where: { id, isActive: true } }) : null;
  return { user, attemptsUnder: id?.slice(0, 64) ?? null };
}

export const authenticator = new Authenticator<SignedIn>();

authenticator.use(
  new AuthenticatorCodeStrategy(async (credentials) => {
    if (!isSixDigitCode(credentials.token)) throw new SignInError(CODE_INCOMPLETE, 400);
    const { user, attemptsUnder } = await findSignInUser(credentials);
    const check = await checkUserCode({
      userId: attemptsUnder,
      token: credentials.token,
      purpose: "login",
      ip: credentials.ip,
      actor: user ? { id: user.id, name: user.name } : null,
    });
    if (!check.ok) throw new SignInError(check.message, check.reason === "locked" ? 429 : 401);
    // A decoy has no device or code; a deactivated account's right code still signs nobody in.
    if (!user) throw new SignInError(INVALID_CODE, 401);
    return {
      user: { id: user.id, name: user.name, email: user.email, role: user.role as Role },
      via: check.via,
    };
  }),
);
