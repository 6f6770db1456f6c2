import { forwardRef } from "react";

/** Spec §5 'Code prompts': digits only, at most 6 (anything else typed or pasted is dropped). */
export const onlyCodeDigits = (raw: string) => raw.replace(/\D/g, "").slice(0, 6);

export const SecurityCodeInput = forwardRef<
  HTMLInputElement,
  { value?: string; onChange?: (code: string) => void; disabled?: boolean; autoFocus?: boolean }
>(function SecurityCodeInput({ value, onChange, disabled, autoFocus }, ref) {
  return (
    <div>
      <label htmlFor="otp-code" className="label">
        6-digit code from your authenticator app
      </label>
      <input
        ref={ref}
        id="otp-code"
        name="otpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus={autoFocus}
        disabled={disabled}
        {...(onChange
          ? { value, onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(onlyCodeDigits(e.target.value)) }
          : {})}
        className="input mt-1 text-center font-mono text-2xl tracking-[0.5em]"
      />
    </div>
  );
});
