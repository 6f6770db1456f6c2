import { describe, expect, it } from "vitest";
import { CLIENT_MESSAGES, validationFailedMessage } from "~/domain/client-input";
import { fixedT } from "~/i18n/i18n.server";
import { clientMessageText } from "./client-messages";

const en = fixedT("en", "clientForm");
const ar = fixedT("ar", "clientForm");

const SERVICE_MESSAGES = [
  validationFailedMessage([
    { path: "fullName", message: CLIENT_MESSAGES.nameRequired },
    { path: "totalSalesValue", message: CLIENT_MESSAGES.amountInvalid },
  ]),
];

describe("the client form's messages", () => {
  it.each([...Object.values(CLIENT_MESSAGES), ...SERVICE_MESSAGES])("stay as they are in English: %s", (message) => {
    expect(clientMessageText(message, en)).toBe(message);
  });

  it.each([...Object.values(CLIENT_MESSAGES), ...SERVICE_MESSAGES])("are Arabic in Arabic: %s", (message) => {
    const text = clientMessageText(message, ar).replace("Aisha Al Mansoori", "");
    // Sizes are written with Latin letters ("N½"); nothing else is English.
    expect(text).not.toMatch(/[A-Za-z]{2,}/);
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });

  it("names the fields by their labels in Arabic", () => {
    expect(clientMessageText("Validation failed for: fullName, mobileNumber", ar)).toBe(
      "تعذّر التحقق من: الاسم الكامل، رقم الجوال",
    );
  });

  it("shows a message it does not know as it came", () => {
    expect(clientMessageText("Something else", ar)).toBe("Something else");
  });
});
