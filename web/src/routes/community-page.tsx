import { Box, Group, Stack, Text, Title } from "@mantine/core";
import { COMMUNITY_PAGE_SIZE } from "@common/limits";
import { COMMUNITY_MESSAGES } from "@common/community";
import { ComingSoonCards, GoToProfile, MemberDirectory, MiniOverview, OwnProfileArea, useViewProfile } from "../features/community";
import { BackButton } from "../components/back-button";
import { Page } from "../components/page";
import { useDocumentTitle } from "../lib/use-document-title";
import { useOwnIdentity } from "../lib/use-stored-session";

const COMING_SOON = [
  {
    title: "Voting (Coming Soon)",
    text: "Community-wide voting is on its way. During a stream you can already vote for the songs played.",
    link: { to: "/queue", label: "Vote on the queue page" },
  },
  { title: "Collaboration (Coming Soon)", text: "Find artists to make music with." },
  { title: "Shared Songs (Coming Soon)", text: "Share playlists and songs with other members." },
];

function SectionTitle({ children }: { children: string }) {
  return <Title order={2}>{children}</Title>;
}

export function CommunityPage() {
  const { user, signedIn } = useOwnIdentity();
  const viewProfile = useViewProfile();
  useDocumentTitle("Community");
  return (
    <Page kind="wide">
      <Stack gap="xl">
        <BackButton />
        <Title order={1}>Community</Title>
        <MiniOverview userId={signedIn ? (user?.user_id ?? null) : null} />
        <Stack gap="sm" component="section" aria-label="Your profile">
          <Group justify="space-between" gap="sm">
            <SectionTitle>Your profile</SectionTitle>
            <Box w={{ base: "100%", sm: 340 }}>
              <GoToProfile />
            </Box>
          </Group>
          <OwnProfileArea signedIn={signedIn} />
        </Stack>
        <ComingSoonCards items={COMING_SOON} />
        <Stack gap="sm" component="section" aria-label="Members">
          <SectionTitle>Members</SectionTitle>
          <Text size="sm" c="dimmed">
            Everyone with a public profile. Search by username or name.
          </Text>
          <MemberDirectory pageSize={COMMUNITY_PAGE_SIZE} failedText={COMMUNITY_MESSAGES.pageFailed} onView={viewProfile} />
        </Stack>
      </Stack>
    </Page>
  );
}
