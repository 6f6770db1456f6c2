import { useTranslation } from "react-i18next";

/** A user's linked authenticator devices, as their own security and authenticator pages both list them. */
export function LinkedDeviceList({ devices }: { devices: readonly { id: string; label: string; linked: string }[] }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-gray-100">
      {devices.map((d) => (
        <li key={d.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm" data-testid="device">
          <bdi className="font-medium">{d.label}</bdi>
          <span className="text-gray-600">{t("account:devices.linked", { when: d.linked })}</span>
        </li>
      ))}
    </ul>
  );
}
