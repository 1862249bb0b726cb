import { Page } from "../components/page";
import { EmailLinkResult } from "../features/email";
import { useDocumentTitle } from "../lib/use-document-title";

export function EmailConfirmPage() {
  useDocumentTitle("Confirm your subscription");
  return (
    <Page kind="reading">
      <EmailLinkResult action="confirm" />
    </Page>
  );
}
