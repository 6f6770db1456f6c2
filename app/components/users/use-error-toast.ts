import { useEffect, useRef } from "react";
import { useAppUi } from "~/components/app-ui";

/**
 * Shows an action's error once as a toast (docs/product-rules.md §8: 'Error', 'Invalid OTP', 'Setup Failed'...).
 * Keyed on the action result itself, so a re-render (the toast function changes with every toast)
 * never repeats it; `onError` runs once per refusal too (e.g. to clear a code box).
 */
export function useErrorToast(result: { error?: string | null } | undefined, title: string, onError?: () => void) {
  const { toast } = useAppUi();
  const handled = useRef<unknown>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    if (!result?.error || handled.current === result) return;
    handled.current = result;
    toast({ type: "error", title, description: result.error });
    onErrorRef.current?.();
  }, [result, title, toast]);
}
