import { Anchor, Text } from "@mantine/core";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { useSite } from "../lib/site";

const SECTIONS: LegalSection[] = [
  {
    title: "Information we collect",
    items: [
      "Account data: your username, e-mail address, display name and a salted hash of your password.",
      "Profile data you choose to add: bio, location, website, avatar and submission defaults.",
      "Submissions: artist name, track title, channel username, the link or audio file you send and your note.",
      "Google sign-in data: your name, e-mail address and profile picture, and, only if you allow it, your video-channel id and title.",
      "Usage data: pages visited, queue activity, watch time used for Fast Pass rewards, and votes.",
      "Device data: browser type, operating system and screen size.",
      "Log data: IP address, request times and error reports kept for security and debugging.",
      "Cookies and browser storage: sign-in tokens, your guest submission record, drafts and preferences.",
    ],
  },
  {
    title: "How we use it",
    items: [
      "To run the queue: show your submission, position and estimated wait, and let the host play it.",
      "To keep your account, history, drafts, Fast Passes and public profile (only when you make it public).",
      "To send the e-mails you subscribed to, such as 'the queue is open' or 'your track was played'.",
      "To protect the service against abuse, fraud and attacks, and to fix errors.",
    ],
  },
  {
    title: "We do not sell your data",
    paragraphs: [
      "We do not sell or rent your personal information. We share it only with the services that host and run the product (hosting, storage, e-mail delivery, Google sign-in), under their own data-protection terms, or when the law requires it.",
    ],
  },
  {
    title: "Retention",
    items: [
      "Logs are kept for up to 12 months.",
      "When you delete your account, your personal data is deleted within 30 days.",
      "Played-track history and aggregate statistics may be kept without anything that identifies you.",
    ],
  },
  {
    title: "Your rights",
    paragraphs: [
      "Depending on where you live, you have rights over your data, including under the California Consumer Privacy Act (CCPA) and the EU General Data Protection Regulation (GDPR): to know what we hold, to get a copy, to correct it, to delete it, to object to or restrict its use, and to withdraw consent. We never discriminate against you for using these rights.",
    ],
  },
  {
    title: "Response times",
    items: [
      "General questions: within 5 business days.",
      "GDPR requests: within 30 days, extendable to 60 days for complex requests (we will tell you why).",
      "CCPA requests: within 45 days, extendable to 90 days (we will tell you why).",
      "Account and data deletion: completed within 30 days.",
    ],
  },
  {
    title: "Children",
    paragraphs: ["The product is not meant for children under 13. We do not knowingly collect data from anyone under 13; if we learn of it, we delete it."],
  },
  {
    title: "Security",
    paragraphs: [
      "Passwords are stored as slow, salted hashes; connections are encrypted; uploaded files are scanned. No system is perfectly secure, so please use a strong, unique password.",
    ],
  },
  {
    title: "Changes",
    paragraphs: ["We will post any change to this policy on this page with a new effective date and version, and tell signed-in users about important changes."],
  },
];

export function PrivacyPage() {
  const contact = useSite().contact_email;
  return (
    <LegalPage title="Privacy Policy" intro="This policy explains what LiveQueue collects when you use the song queue, why, and the choices you have." sections={SECTIONS}>
      {contact && (
        <Text size="sm">
          Contact: <Anchor href={`mailto:${contact}`}>{contact}</Anchor>
        </Text>
      )}
    </LegalPage>
  );
}
