import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CODE_LENGTH, CODE_PATTERN, onlyCodeDigits } from "~/domain/one-time-code";
import { Field } from "~/components/ui/field";

/**
 * The one six-digit code box of every code prompt (deletion, admin gate, device setup): digits
 * only, at most 6. Without JavaScript the browser's pattern check stands in; with it, non-digits
 * are stripped as typed, `onValueChange` lets the prompt enable its button at exactly 6, and
 * `onComplete` fires at the sixth digit (for prompts that submit themselves). Give it a new `key`
 * to clear it; with `focusOnMount` the cleared box takes the focus again.
 */
export function CodeField({
  id,
  label,
  name = "token",
  focusOnMount,
  readOnly,
  onValueChange,
  onComplete,
}: {
  id: string;
  label: string;
  name?: string;
  focusOnMount?: boolean;
  readOnly?: boolean;
  onValueChange?: (value: string) => void;
  onComplete?: (value: string) => void;
}) {
  const [value, setValue] = useState("");
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const completed = useRef(false);

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  // After the render, so the input already holds the cleaned six digits when the form is sent.
  useEffect(() => {
    if (value.length < CODE_LENGTH) completed.current = false;
    else if (!completed.current) {
      completed.current = true;
      onComplete?.(value);
    }
  }, [value, onComplete]);

  return (
    <Field id={id} label={label}>
      {(control) => (
        <input
          ref={inputRef}
          {...control}
          name={name}
          value={value}
          onChange={(e) => {
            const digits = onlyCodeDigits(e.target.value);
            setValue(digits);
            onValueChange?.(digits);
          }}
          inputMode="numeric"
          // A code is a number: left to right in Arabic too.
          dir="ltr"
          autoComplete="one-time-code"
          pattern={CODE_PATTERN}
          maxLength={CODE_LENGTH}
          required
          readOnly={readOnly}
          placeholder="000000"
          title={t("common:code.fieldTitle")}
          className="input mt-1 max-w-48 text-center font-mono text-xl tracking-[0.4em]"
        />
      )}
    </Field>
  );
}
