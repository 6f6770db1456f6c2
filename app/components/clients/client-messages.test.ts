import { describe, expect, it } from "vitest";
import { CLIENT_MESSAGES, validationFailedMessage } from "~/domain/client-input";
import { fixedT } from "~/i18n/i18n.server";
import { clientMessageText, validationFailedText } from "./client-messages";

const en = fixedT("en", "clientForm");
const ar = fixedT("ar", "clientForm");

describe("the client form's messages", () => {
  it.each(Object.values(CLIENT_MESSAGES))("stay as they are in English: %s", (message) => {
    expect(clientMessageText(message, en)).toBe(message);
  });

  it.each(Object.values(CLIENT_MESSAGES))("are Arabic in Arabic: %s", (message) => {
    const text = clientMessageText(message, ar);
    // Sizes are written with Latin letters ("N½"); nothing else is English.
    expect(text).not.toMatch(/[A-Za-z]{2,}/);
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });

  it("say 'Validation failed' with the fields' JSON names in English, as the API does, and their labels in Arabic", () => {
    const issues = [
      { path: "fullName", message: CLIENT_MESSAGES.nameRequired },
      { path: "mobileNumber", message: CLIENT_MESSAGES.mobileInvalid },
      { path: "fullName", message: CLIENT_MESSAGES.tooLong },
    ];
    expect(validationFailedText(issues, en)).toBe(validationFailedMessage(issues));
    expect(validationFailedText(issues, en)).toBe("Validation failed for: fullName, mobileNumber");
    expect(validationFailedText(issues, ar)).toBe("تعذّر التحقق من: الاسم الكامل، رقم الجوال");
  });

  it("shows a message it does not know as it came", () => {
    expect(clientMessageText("Something else", ar)).toBe("Something else");
  });
});
