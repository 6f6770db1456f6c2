import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/ui/field";
import { PAYMENT_METHODS } from "~/domain/cash-rule";
import { PAYMENT_METHOD_KEYS } from "~/i18n/cash-keys";

type Text = FieldMetadata<string, Record<string, unknown>, string[]>;

/** The passport fields as posted. */
export type PostedBuyerId = { number?: string; nationality?: string };

/** The posted passport as the JSON's `buyerId`: only when its number is typed (the cash rule asks for it). */
export function buyerIdOfForm(buyerId: PostedBuyerId | undefined) {
  return buyerId?.number ? { type: "passport" as const, ...buyerId } : null;
}

/**
 * How a job's money is paid, and the buyer's passport the cash rule may ask for: the same three fields on the
 * new job's deposit and on the job page's payment. `buyerIdError` is the error the rule gives the ID as a whole.
 */
export function PaymentMethodFields({
  method,
  buyerId,
  buyerIdError,
  passportHint,
  inputClassName = "input mt-1",
}: {
  method: Text;
  buyerId: { number: Text; nationality: Text };
  buyerIdError?: string;
  passportHint?: string;
  inputClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field field={method} label={t("jobs:form.method")} error={method.errors?.[0]}>
        {(control) => (
          <select {...getSelectProps(method)} {...control} key={method.key} className="input mt-1">
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(PAYMENT_METHOD_KEYS[m])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        field={buyerId.number}
        label={t("jobs:form.passportNumber")}
        hint={passportHint}
        error={buyerId.number.errors?.[0] ?? buyerIdError}
      >
        {(control) => (
          <input
            {...getInputProps(buyerId.number, { type: "text" })}
            {...control}
            key={buyerId.number.key}
            dir="ltr"
            className={inputClassName}
          />
        )}
      </Field>
      <Field field={buyerId.nationality} label={t("jobs:form.nationality")} error={buyerId.nationality.errors?.[0]}>
        {(control) => (
          <input
            {...getInputProps(buyerId.nationality, { type: "text" })}
            {...control}
            key={buyerId.nationality.key}
            className={inputClassName}
          />
        )}
      </Field>
    </>
  );
}
