import { english } from "~/i18n/english.server";
import type { JobFailure } from "~/services/jobs.server";
import { inputError } from "./json-api.server";

/**
 * A job service's refusal as the /api routes answer it: 400 {error, details} naming the field; the cash rule's
 * 409 {error, code}; any other 403, 404 or 409 {error}, in English (a refused delivery names the amount owed).
 */
export function jobFailureResponse(failure: JobFailure): Response {
  const error = english(failure.message);
  if (failure.code) return Response.json({ error, code: failure.code }, { status: failure.status });
  if (failure.status === 400) return inputError(error, [{ path: failure.path, message: error }]);
  return Response.json({ error }, { status: failure.status });
}
