import { resolve } from "node:path";

/** E2E_PORT lets several runs share a machine; each port has its own database file. */
export const E2E_PORT = Number(process.env.E2E_PORT || 3217);
export const E2E_DB_FILE = resolve(`tests/.tmp/e2e-${E2E_PORT}.db`);
/** The first admin the server creates at start, with a known authenticator secret. */
export const E2E_ADMIN = {
  email: "owner@jewel.test",
  name: "Layla Haddad",
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};

export const E2E_ENV: Record<string, string> = {
  PORT: String(E2E_PORT),
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  DATABASE_URL: `file:${E2E_DB_FILE}`,
  ENCRYPTION_KEY: "e2e-key-not-for-production",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_NAME: E2E_ADMIN.name,
  ADMIN_TOTP_SECRET: E2E_ADMIN.secret,
  APP_TIMEZONE: "Asia/Dubai",
  // Jobs' photos of this run beside its database, never in the checkout's ./data.
  JOB_PHOTOS_DIR: resolve(`tests/.tmp/e2e-${E2E_PORT}-job-photos`),
  BUILD_DIR: process.env.BUILD_DIR || "build",
};
