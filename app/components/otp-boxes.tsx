import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";

/**
 * Six single-character boxes for an authenticator code (docs/product-rules.md §2 Login screen). Each is a named
 * input (`digit`), so the form posts without JavaScript; with it, focus moves forward on entry,
 * back on Backspace in an empty box, and a pasted code fills every box.
 */
export function OtpBoxes({
  values,
  onChange,
  disabled,
  autoFocus,
  inputRefs,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRefs?: React.MutableRefObject<(HTMLInputElement | null)[]>;
}) {
  const ownRefs = useRef<(HTMLInputElement | null)[]>([]);
  const refs = inputRefs ?? ownRefs;

  // Digits typed before the page hydrated are in the boxes but not in the state: adopt them once,
  // or the boxes would show a full code while the form treats it as empty.
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const typed = refs.current.map((input) => input?.value.replace(/\D/g, "").slice(0, 1) ?? "");
    if (typed.some(Boolean) && typed.join("") !== values.join("")) onChange(typed);
  }, [refs, values, onChange]);

  function setAt(index: number, value: string) {
    const next = [...values];
    next[index] = value;
    onChange(next);
  }

  function handleInput(index: number, raw: string) {
    const chars = raw.replace(/\s/g, "");
    if (chars.length > 1) return fillFrom(index, chars);
    setAt(index, chars);
    if (chars && index < 5) refs.current[index + 1]?.focus();
  }

  function fillFrom(index: number, text: string) {
    const next = [...values];
    const chars = text
      .replace(/\D/g, "")
      .slice(0, 6 - index)
      .split("");
    chars.forEach((c, i) => (next[index + i] = c));
    onChange(next);
    refs.current[Math.min(index + chars.length, 5)]?.focus();
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace" && !values[index] && index > 0) {
      event.preventDefault();
      setAt(index - 1, "");
      refs.current[index - 1]?.focus();
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fillFrom(index, event.clipboardData.getData("text"));
  }

  const { t } = useTranslation();
  // A code is a number: its digits run left to right in Arabic too (docs/decisions/021-arabic-and-english.md).
  return (
    <div className="flex justify-center gap-2" role="group" aria-label={t("common:code.group")} dir="ltr">
      {values.map((value, index) => (
        <input
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          name="digit"
          value={value}
          onChange={(e) => handleInput(index, e.target.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={(e) => handlePaste(index, e)}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          maxLength={1}
          required
          aria-label={t("common:code.digit", { n: index + 1 })}
          className="h-12 w-11 rounded-md border border-gray-300 text-center text-xl font-semibold shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 sm:h-14 sm:w-12"
        />
      ))}
    </div>
  );
}
