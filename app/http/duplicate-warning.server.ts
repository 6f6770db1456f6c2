import type { Submission } from "@conform-to/react";
import { isoFromDate } from "~/domain/calendar";
import type { PossibleDuplicate } from "~/services/client-duplicates.server";
import { SAVE_ANYWAY, type ClientFormReply } from "../components/clients/client-form";

/** Whether a New Client or Edit post stops at the duplicate warning: until Save anyway is pressed. */
export function stopsAtDuplicates(formData: FormData): boolean {
  return formData.get("intent") !== SAVE_ANYWAY;
}

/** The form again, as entered, with the duplicate warning and its Save anyway button. */
export function duplicateWarningReply(
  submission: Submission<unknown>,
  duplicates: PossibleDuplicate[],
): ClientFormReply {
  return {
    result: submission.reply(),
    summary: "",
    duplicates: duplicates.map((d) => ({
      id: d.id,
      fullName: d.fullName,
      ownerName: d.ownerName,
      showroomName: d.showroomName,
      lastPurchaseDate: d.lastPurchaseDate ? isoFromDate(d.lastPurchaseDate) : null,
    })),
  };
}
