import { Anchor, Text } from "@mantine/core";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { useSite } from "../lib/site";

const SECTIONS: LegalSection[] = [
  {
    title: "Using LiveQueue",
    paragraphs: [
      "LiveQueue lets you submit a song to a queue that a host plays during a live stream. By using it, as a guest or with an account, you agree to these terms and to the Privacy Policy.",
      "You must be at least 13 years old to use LiveQueue.",
    ],
  },
  {
    title: "Your account",
    paragraphs: ["Keep your password safe; you are responsible for what happens under your account. Tell us at once if you think someone else is using it."],
  },
  {
    title: "Your submissions",
    items: [
      "Submit only music you made or have the right to share, and only links or files that are safe.",
      "You keep your rights in your music. You allow the host to play it on stream and to show its title and artist name.",
      "The host decides what is played and when; a place in the queue is not a promise of airtime.",
      "Fast Pass tokens change your priority, not the host's choices; they have no cash value.",
    ],
  },
  {
    title: "Conduct",
    items: [
      "No hateful, harassing, sexual, violent or illegal content, in submissions, notes, usernames or profiles.",
      "No spam, repeated submissions, automated requests or attempts to get around the queue rules.",
      "No malware, and no attempts to break, overload or gain access to the service or other people's accounts.",
      "No impersonating others.",
    ],
    paragraphs: ["We may remove submissions, hold or close accounts and block access when these rules are broken."],
  },
  {
    title: "Availability",
    paragraphs: ["The service is provided as is and as available. It may change, pause or stop, and queue positions and wait estimates are estimates."],
  },
  {
    title: "Limitation of liability",
    paragraphs: [
      "To the extent the law allows, LiveQueue is not liable for indirect or consequential losses, and our total liability to you is capped at the amount you paid us in the 12 months before the claim.",
    ],
  },
  {
    title: "Changes and contact",
    paragraphs: ["We will post changes to these terms on this page with a new effective date and version. Questions get an answer within 5 business days."],
  },
];

export function TermsPage() {
  const contact = useSite().contact_email;
  return (
    <LegalPage title="Terms of Service" intro="These terms cover your use of LiveQueue, the live-stream song queue." sections={SECTIONS}>
      {contact && (
        <Text size="sm">
          Contact: <Anchor href={`mailto:${contact}`}>{contact}</Anchor>
        </Text>
      )}
    </LegalPage>
  );
}
