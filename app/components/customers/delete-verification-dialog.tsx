import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState } from "react";
import { useAppUi } from "~/components/app-ui";
import { SecurityCodeInput } from "./security-code-input";

async function errorText(res: Response, key: "message" | "error"): Promise<string | null> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const value = body?.[key] ?? body?.error;
  return typeof value === "string" ? value : null;
}

/**
 * The Security Verification prompt with JavaScript (spec §4 'Customer deletion'): the code is
 * checked by POST /api/auth/verify-otp-for-action, then DELETE /api/clients/bulk spends that
 * verification. Cancelling or closing resets the prompt.
 */
export function DeleteVerificationDialog({
  clientIds,
  onClose,
  onDeleted,
}: {
  clientIds: number[] | null;
  onClose: () => void;
  onDeleted: (deleted: number) => void;
}) {
  const { toast, setLoading } = useAppUi();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const open = clientIds !== null;

  const close = () => {
    setCode("");
    onClose();
  };

  async function verifyAndDelete(event: React.FormEvent) {
    event.preventDefault();
    if (!clientIds || code.length !== 6) return;
    setBusy(true);
    try {
      const verified = await fetch("/api/auth/verify-otp-for-action", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ otpCode: code }),
      });
      if (!verified.ok) {
        toast({
          type: "error",
          title: "OTP Verification Failed",
          description: (await errorText(verified, "message")) ?? "Invalid OTP code. Please try again.",
        });
        setCode("");
        inputRef.current?.focus();
        return;
      }
      setLoading({
        isLoading: true,
        message: `Deleting ${clientIds.length} client${clientIds.length === 1 ? "" : "s"}...`,
      });
      const res = await fetch("/api/clients/bulk", {
        method: "DELETE",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ clientIds, otpVerified: true }),
      });
      if (!res.ok) {
        toast({ type: "error", title: "Deletion Error", description: "Failed to delete customers. Please try again." });
        return;
      }
      const { deleted } = (await res.json()) as { deleted: number };
      setCode("");
      onDeleted(deleted);
    } catch {
      toast({ type: "error", title: "Deletion Error", description: "Failed to delete customers. Please try again." });
    } finally {
      setBusy(false);
      setLoading({ isLoading: false, message: "" });
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-4 top-24 z-50 mx-auto max-w-md rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Security Verification</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-700">
            Enter a code from your authenticator app to delete {clientIds?.length ?? 0} selected client
            {clientIds?.length === 1 ? "" : "s"}. An admin can restore deleted clients.
          </Dialog.Description>
          <form onSubmit={verifyAndDelete} className="mt-4 space-y-4">
            <SecurityCodeInput ref={inputRef} value={code} onChange={setCode} disabled={busy} autoFocus />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="btn-danger" disabled={busy || code.length !== 6}>
                {busy ? "Verifying..." : "Verify & Delete"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
