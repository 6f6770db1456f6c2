/**
 * Whether a write failed on a unique index, on SQLite and PostgreSQL alike. ORM calls say P2002;
 * a raw query says P2010 with the driver adapter's kind; insertRows on SQLite (the import's
 * multi-row insert, straight on the connection) throws the driver's own SQLITE_CONSTRAINT_UNIQUE.
 * Read from the code alone, so it holds whichever of the two generated clients threw it.
 * tests/integration/unique-violation.test.ts checks every case on both databases.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
  if (code === "P2002" || code === "SQLITE_CONSTRAINT_UNIQUE") return true;
  return code === "P2010" && meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation";
}
