import type { TFunction } from "i18next";
import { ADMIN_GATE_REQUIRED } from "~/auth/admin-gate.server";
import { INVALID_CODE_MESSAGE, lockedMinutes } from "~/auth/code-check.server";
import { CODE_INCOMPLETE } from "~/domain/one-time-code";
import { USER_FORM_MESSAGES } from "~/domain/user-form";
import { USER_PROTECTION_MESSAGES } from "~/domain/user-protections";
import { INVALID_SETUP_CODE } from "~/services/authenticators.server";

/**
 * The account services' messages (shared with the JSON API, which answers in English: decision 008) as the
 * profile and account pages show them (docs/decisions/021-arabic-and-english.md). A message not listed
 * here is shown as the service wrote it.
 */
const ACCOUNT_MESSAGE_KEYS: Record<string, string> = {
  [CODE_INCOMPLETE]: "login:errors.incomplete",
  [INVALID_CODE_MESSAGE]: "login:errors.invalidCode",
  [INVALID_SETUP_CODE]: "account:errors.invalidSetupCode",
  [ADMIN_GATE_REQUIRED]: "users:gate.required",
  "No authenticator setup is in progress. Start the setup again.": "account:errors.noSetup",
  "Enter a code from your current authenticator app to add another device": "account:errors.currentCodeNeeded",
  "That authenticator is not linked to this user": "account:errors.deviceNotLinked",
  "User not found": "users:errors.notFound",
  "Only administrators can manage users": "users:errors.adminsOnly",
  "One-time codes are for users who sign in with admin-generated codes": "users:errors.oneTimeCodeMethod",
  "This user is inactive: activate them before issuing a code": "users:errors.oneTimeCodeInactive",
  "Choose someone else to take the clients": "users:errors.handoverSelf",
  "The new owner must be an active user": "users:errors.handoverInactive",
  [USER_FORM_MESSAGES.duplicateEmail]: "users:form.errors.duplicateEmail",
  [USER_FORM_MESSAGES.duplicatePhone]: "users:form.errors.duplicatePhone",
  [USER_PROTECTION_MESSAGES.selfDelete]: "users:errors.selfDelete",
  [USER_PROTECTION_MESSAGES.selfDeactivate]: "users:errors.selfDeactivate",
  [USER_PROTECTION_MESSAGES.lastAdmin]: "users:errors.lastAdmin",
  [USER_PROTECTION_MESSAGES.selfAuthType]: "users:errors.selfAuthType",
  [USER_PROTECTION_MESSAGES.selfLastDevice]: "users:errors.selfLastDevice",
  // The authenticator setup's own words (docs/product-rules.md §3 'Authenticator setup response').
  "Scan the QR code with the new device's authenticator app": "account:setup.scanNewDevice",
  "Scan the QR code with your authenticator app": "account:setup.scan",
  "Then enter the 6-digit code the app shows to finish linking. The QR code is valid for 30 minutes.":
    "account:setup.note",
  "An authenticator app is already linked to this account.": "account:setup.alreadyLinked",
  "Its codes sign you in. To use another phone as well, add another device.": "account:setup.alreadyLinkedNote",
};

export function accountMessage(t: TFunction, message: string): string {
  const minutes = lockedMinutes(message);
  if (minutes !== null) return t("account:errors.locked", { count: minutes });
  const key = ACCOUNT_MESSAGE_KEYS[message];
  return key ? t(key) : message;
}

const NUMBERED_DEVICE = /^Authenticator (\d+)$/;

/** A device's name: the numbered ones the app gives ("Authenticator 2") in the page's language, others as stored. */
export function deviceLabel(t: TFunction, label: string): string {
  const match = NUMBERED_DEVICE.exec(label);
  return match ? t("account:devices.numbered", { n: match[1] }) : label;
}

/** A pending setup (its QR, key and the service's words) with the words in the page's language. */
export function setupInLanguage<T extends { message: string; note: string }>(t: TFunction, setup: T | null): T | null {
  return setup && { ...setup, message: accountMessage(t, setup.message), note: accountMessage(t, setup.note) };
}
