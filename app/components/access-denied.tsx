import { useTranslation } from "react-i18next";
import { ACCESS_DENIED, ACCESS_RESTRICTED, EXPORT_DENIED, type AccessDenial } from "~/domain/roles";

/** The spec's refusal texts stay English in the domain (the API answers with them); the page shows them translated. */
const DENIAL_KEYS: Record<string, { title: string; message: string }> = {
  [ACCESS_DENIED.message]: { title: "common:access.deniedTitle", message: "common:access.deniedMessage" },
  [ACCESS_RESTRICTED.message]: { title: "common:access.restrictedTitle", message: "common:access.restrictedMessage" },
  [EXPORT_DENIED.message]: { title: "common:access.deniedTitle", message: "common:access.exportDeniedMessage" },
};

export function AccessDeniedPanel({ denial }: { denial: AccessDenial }) {
  const { t } = useTranslation();
  const keys = DENIAL_KEYS[denial.message];
  return (
    <div className="card mx-auto mt-10 max-w-md text-center">
      <h1 className="text-xl font-semibold text-red-800">{keys ? t(keys.title) : denial.title}</h1>
      <p className="mt-2 text-gray-700">{keys ? t(keys.message) : denial.message}</p>
    </div>
  );
}
