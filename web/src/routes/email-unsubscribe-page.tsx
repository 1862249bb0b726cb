import { Page } from "../components/page";
import { EmailLinkResult } from "../features/email";
import { useDocumentTitle } from "../lib/use-document-title";

export function EmailUnsubscribePage() {
  useDocumentTitle("Unsubscribe");
  return (
    <Page kind="reading">
      <EmailLinkResult action="unsubscribe" />
    </Page>
  );
}
