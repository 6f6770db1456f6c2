import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppUi } from "~/components/app-ui";
import { CodeField } from "~/components/code-field";
import { CODE_LENGTH } from "~/domain/one-time-code";

/**
 * The deletion prompt's state, as the deletion action (routes/_app.customers.delete.tsx) answers it:
 * the ids to delete and, after a refused post, why (the code, or the delete itself).
 */
export type DeleteStep = { clientIds: number[]; error: string | null; failed?: "code" | "delete" };

/** The deletion prompt's code box, the same with and without JavaScript (`otpCode`, as the action reads it). */
export function DeletionCodeField(props: { onValueChange: (code: string) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <CodeField id="otp-code" name="otpCode" label={t("clientActions:verification.codeLabel")} focusOnMount {...props} />
  );
}

/**
 * The Security Verification prompt with JavaScript: the same post to /customers/delete that the
 * page makes without it (code checked, spent and followed by the delete in one request), sent by
 * a fetcher so the list stays in place. Success redirects back with the 'Clients Deleted' toast;
 * a refusal comes back as data and is toasted here. Cancelling or closing resets the prompt.
 */
export function DeleteVerificationDialog({
  action,
  clientIds,
  onClose,
  onDeleted,
}: {
  /** The delete route with the list's query, so the redirect returns to the same page of the list. */
  action: string;
  clientIds: number[] | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { toast } = useAppUi();
  const { t } = useTranslation();
  const fetcher = useFetcher<DeleteStep>();
  const [code, setCode] = useState("");
  // A new prompt or a refused code remounts the code box: cleared and focused for the next try.
  // Reset while rendering, React's way for state that follows a changed prop.
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState({ clientIds, answer: fetcher.data });
  if (shown.clientIds !== clientIds || shown.answer !== fetcher.data) {
    setShown({ clientIds, answer: fetcher.data });
    setCode("");
    setAttempt((n) => n + 1);
  }
  // fetcher.data as it was when the code was sent, and whether the fetcher has been busy with it
  // since (the effect also runs before the submission starts); null while nothing is in flight.
  const sent = useRef<{ before: DeleteStep | undefined; started: boolean } | null>(null);
  const busy = fetcher.state !== "idle";
  const open = clientIds !== null;
  const count = clientIds?.length ?? 0;

  useEffect(() => {
    if (!sent.current) return;
    if (busy) {
      sent.current.started = true;
      return;
    }
    if (!sent.current.started) return;
    const { before } = sent.current;
    sent.current = null;
    const step = fetcher.data;
    if (step && step !== before && step.failed) {
      if (step.failed === "code") {
        toast({
          type: "error",
          title: t("clientActions:delete.verifyFailedTitle"),
          description: step.error || t("clientActions:delete.invalidCode"),
        });
      } else {
        toast({
          type: "error",
          title: t("clientActions:delete.errorTitle"),
          description: t("clientActions:delete.failed"),
        });
      }
      return;
    }
    // Redirected back to the list: its flash toast says 'Clients Deleted'.
    onDeleted();
  }, [busy, fetcher.data, onDeleted, toast, t]);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientIds || code.length !== CODE_LENGTH) return;
    sent.current = { before: fetcher.data, started: false };
    // The fields the page's own form posts; FormData, because a plain object would join the ids into one value.
    const form = new FormData();
    form.set("intent", "delete");
    form.set("otpCode", code);
    for (const id of clientIds) form.append("clientIds", String(id));
    fetcher.submit(form, { method: "post", action, preventScrollReset: true });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-4 top-24 z-50 mx-auto max-w-md rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t("clientActions:verification.title")}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-700">
            {t("clientActions:delete.prompt", { count })}
          </Dialog.Description>
          <form onSubmit={submit} className="mt-4 space-y-4">
            <DeletionCodeField key={attempt} readOnly={busy} onValueChange={setCode} />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
                {t("clientActions:cancel")}
              </button>
              <button type="submit" className="btn-danger" disabled={busy || code.length !== CODE_LENGTH}>
                {busy ? t("clientActions:verification.verifying") : t("clientActions:delete.submit")}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
