import { describe, expect, it } from "vitest";
import * as login from "~/routes/login";
import { callRoute, createUser, makeRequest, outcome } from "../support/factories";

// The login code step: an incomplete code is 'Invalid OTP' / 'Please enter all 6 digits' (nothing
// is checked or counted); a complete wrong code is 'Invalid Code'.

describe("the login code prompt's refusals", () => {
  it("answers an incomplete code with 'Invalid OTP' and a wrong one with 'Invalid Code'", async () => {
    const { user, code } = await createUser();
    const post = async (digit: string[]) =>
      outcome(
        await callRoute(login.action, makeRequest("/login", { form: { intent: "code", email: user.email, digit } })),
      );
    const incomplete = await post(["1", "2", "3", "", "", ""]);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body).toEqual({ step: "code", title: "Invalid OTP", error: "Please enter all 6 digits" });
    const wrong = await post((code() === "000000" ? "111111" : "000000").split(""));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ step: "code", title: "Invalid Code" });
  });
});
