import { useState } from "react";
import { Alert, Button, Center, Loader, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { COMMUNITY_MESSAGES } from "@common/community";
import { MESSAGES } from "@common/messages";
import { ComingSoonCards, type HistoryArrangement, ProfileCard, profileHistoryQuery, profileNameFrom, profileQuery, profileStatsQuery, ProfileTabs } from "../features/community";
import { BackButton } from "../components/back-button";
import { Page } from "../components/page";
import { isApiError } from "../lib/api-client";
import { useDocumentTitle } from "../lib/use-document-title";
import { useOwnIdentity } from "../lib/use-stored-session";

const COMING_SOON = [
  { title: "Messaging (Coming Soon)", text: "Send this member a message." },
  { title: "Collaboration (Coming Soon)", text: "Invite this member to make music together." },
  { title: "Shared Songs (Coming Soon)", text: "Songs you both shared." },
];

/** /community/{username}: one member's public profile. */
export function CommunityProfilePage() {
  const params = useParams();
  const username = profileNameFrom(params.username ?? "") ?? "";
  const { user } = useOwnIdentity();
  const [expanded, setExpanded] = useState(false);
  const profile = useQuery({ ...profileQuery(username), enabled: !!username });
  const stats = useQuery({ ...profileStatsQuery(username), enabled: profile.isSuccess });
  const [arrangement, setArrangement] = useState<HistoryArrangement>({ sort: "newest", filter: "all" });
  const history = useQuery({ ...profileHistoryQuery(username, expanded, arrangement), enabled: profile.isSuccess });
  const own = !!user && profile.data?.user_id === user.user_id;
  const heading = username ? `@${username}` : "Profile";
  useDocumentTitle(heading);

  let body;
  if (!username || profile.isError) {
    const notFound = !username || (isApiError(profile.error) && profile.error.status === 404);
    body = (
      <Alert color={notFound ? "gray" : "red"} variant="light" role="alert">
        <Stack gap="sm" align="flex-start">
          {notFound ? MESSAGES.profileNotFound : COMMUNITY_MESSAGES.profileFailed}
          <Button component={Link} to="/community" variant="default" size="xs">
            Browse the community
          </Button>
        </Stack>
      </Alert>
    );
  } else if (profile.isPending) {
    body = (
      <Center py="xl">
        <Loader type="dots" aria-label="Loading profile" />
      </Center>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ProfileCard user={profile.data} own={own} />
        <Paper withBorder radius="lg" p="md">
          <ProfileTabs stats={stats} history={history} expanded={expanded} onExpand={() => setExpanded(true)} onArrange={setArrangement} />
        </Paper>
      </SimpleGrid>
    );
  }

  return (
    <Page kind="wide">
      <Stack gap="xl">
        <BackButton />
        {/* A long @name ends in an ellipsis on a phone; the whole name stays in the tooltip. */}
        <Title order={1} title={heading} style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {heading}
        </Title>
        {body}
        {profile.isSuccess && <ComingSoonCards items={COMING_SOON} />}
      </Stack>
    </Page>
  );
}
