import { useEffect, useRef, useState } from "react";

/**
 * One six-digit code box (spec §5 'Code prompts'): digits only, at most 6. Without JavaScript the
 * browser's pattern check stands in; with it, non-digits are stripped as typed and `onComplete`
 * fires at the sixth digit (the setup dialog submits itself then). Give it a new `key` to clear it.
 */
export function CodeField({
  id,
  label,
  name = "token",
  autoFocus,
  readOnly,
  onValueChange,
  onComplete,
}: {
  id: string;
  label: string;
  name?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  onValueChange?: (value: string) => void;
  onComplete?: (value: string) => void;
}) {
  const [value, setValue] = useState("");
  const completed = useRef(false);

  // After the render, so the input already holds the cleaned six digits when the form is sent.
  useEffect(() => {
    if (value.length < 6) completed.current = false;
    else if (!completed.current) {
      completed.current = true;
      onComplete?.(value);
    }
  }, [value, onComplete]);

  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, "").slice(0, 6);
          setValue(digits);
          onValueChange?.(digits);
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
        autoFocus={autoFocus}
        readOnly={readOnly}
        placeholder="000000"
        title="The 6-digit code from your authenticator app"
        className="input mt-1 max-w-48 text-center font-mono text-xl tracking-[0.4em]"
      />
    </div>
  );
}
