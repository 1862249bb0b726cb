import { useState } from "react";
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { COMMUNITY_MESSAGES } from "@common/community";
import { useAccountSlot } from "../../../components/account-slot";
import { DraftSubmissionButton, meQuery, myHistoryQuery, myStatsQuery, type MyHistoryArrangement } from "../../account";
import { ProfileCard } from "./profile-card";
import { ProfileTabs } from "./profile-tabs";

function SignedOutProfile() {
  const account = useAccountSlot();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm" align="center" ta="center">
        <Text fw={600}>{COMMUNITY_MESSAGES.signInToViewProfile}</Text>
        <Text size="sm" c="dimmed" maw={420}>
          Members get a public profile with their stats and submission history, and can browse other members' profiles.
        </Text>
        <Group gap="xs">
          <Button onClick={() => account.openAccount("login")}>Sign in</Button>
          <Button variant="default" onClick={() => account.openAccount("register")}>
            Create Account
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The signed-in member's own card (with bio editing), Stats and History; a sign-in prompt otherwise. */
export function OwnProfileArea({ signedIn }: { signedIn: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const me = useQuery(meQuery(signedIn));
  const stats = useQuery(myStatsQuery(signedIn));
  const [arrangement, setArrangement] = useState<MyHistoryArrangement>({ sort: "newest", filter: "all" });
  const history = useQuery(myHistoryQuery(signedIn, expanded, arrangement));

  if (!signedIn) return <SignedOutProfile />;
  if (me.isPending) return <Loader size="sm" type="dots" aria-label="Loading your profile" />;
  if (me.isError) {
    return (
      <Text c="red.4" role="alert">
        {COMMUNITY_MESSAGES.profileFailed}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ProfileCard user={me.data} own />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <ProfileTabs stats={stats} history={history} expanded={expanded} onExpand={() => setExpanded(true)} onArrange={setArrangement} />
          <DraftSubmissionButton />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
