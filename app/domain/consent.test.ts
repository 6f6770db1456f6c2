import { describe, expect, it } from "vitest";
import { consentFromContactOk, consentsOf, isChannelWithdrawn, withdrawnReason } from "./consent";
import { ConsentChangeSchema } from "./consent-change";

describe("consent rules", () => {
  it("OK to Contact = Yes grants every channel, No withdraws every channel, anything else says nothing", () => {
    expect(consentFromContactOk("Yes")).toBe("granted");
    expect(consentFromContactOk(" no ")).toBe("withdrawn");
    expect(consentFromContactOk(null)).toBeNull();
    expect(consentFromContactOk("maybe")).toBeNull();
  });

  it("reads the row's columns and treats unknown values as unknown", () => {
    const consents = consentsOf({
      consentWhatsapp: "withdrawn",
      consentCall: "granted",
      consentEmail: "bogus",
      consentSms: "unknown",
    });
    expect(consents).toEqual({ whatsapp: "withdrawn", call: "granted", email: "unknown", sms: "unknown" });
    expect(isChannelWithdrawn(consents, "whatsapp")).toBe(true);
    expect(isChannelWithdrawn(consents, "email")).toBe(false);
    expect(withdrawnReason("whatsapp")).toBe("The client has withdrawn consent to WhatsApp contact");
  });

  it("a change names a known channel, status and source", () => {
    expect(ConsentChangeSchema.safeParse({ channel: "sms", status: "granted", source: "in_store" }).success).toBe(true);
    expect(ConsentChangeSchema.safeParse({ channel: "fax", status: "granted", source: "in_store" }).success).toBe(
      false,
    );
    expect(ConsentChangeSchema.safeParse({ channel: "sms", status: "maybe", source: "in_store" }).success).toBe(false);
    expect(ConsentChangeSchema.safeParse({ channel: "sms", status: "granted" }).success).toBe(false);
  });
});
