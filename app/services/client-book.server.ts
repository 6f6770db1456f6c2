import { Prisma } from "~/generated/prisma/client";

/**
 * The one definition of "a client" for every list, count, figure, alert and lead: not deleted.
 * Deleted clients (soft delete) keep their purchase history for an admin to restore.
 * The isActive flag is shown on the client but does not hide them.
 */
export const CLIENT_BOOK: Prisma.ClientWhereInput = { deletedAt: null };

export function inClientBook(where: Prisma.ClientWhereInput = {}): Prisma.ClientWhereInput {
  return { AND: [CLIENT_BOOK, where] };
}

/** The same definition for the few queries written in SQL (the escaped search). */
export const CLIENT_BOOK_SQL = Prisma.sql`"deletedAt" IS NULL`;
