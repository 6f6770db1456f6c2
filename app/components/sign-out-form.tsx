import { useTranslation } from "react-i18next";
import { useAppUi } from "./app-ui";
import { clearLeadStorage } from "~/domain/lead-storage-keys";

/**
 * Sign Out (docs/product-rules.md §4): a plain form POST to /logout, so it works without JavaScript. With it, the
 * client data this browser holds (saved leads) is cleared first, and if the server cannot be
 * reached the sign-out still clears that data and says 'Session ended'.
 */
export function SignOutForm({ children, className }: { children: React.ReactNode; className?: string }) {
  const { toast } = useAppUi();
  const { t } = useTranslation();
  return (
    <form
      method="post"
      action="/logout"
      onSubmit={async (event) => {
        event.preventDefault();
        clearLeadStorage(window.localStorage);
        try {
          // The answer is a redirect to /login carrying the cleared session cookie and the
          // 'Logged Out' toast; following it as a document load drops every in-memory state.
          const response = await fetch("/logout", {
            method: "POST",
            body: new FormData(event.currentTarget),
            redirect: "manual",
          });
          if (response.type !== "opaqueredirect" && !response.ok) throw new Error(`${response.status}`);
        } catch {
          toast({ type: "info", title: t("common:signOut.sessionEnded") });
          await new Promise((resolve) => setTimeout(resolve, 1200));
        }
        window.location.assign("/login");
      }}
    >
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
