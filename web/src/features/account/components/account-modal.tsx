import { useState } from "react";
import { Alert, Box, Button, Center, Divider, Flex, Group, Loader, Modal, Stack, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ACCOUNT_MESSAGES } from "@common/account";
import type { MeUser } from "@common/users";
import { MemberAvatar } from "../../../components/member-avatar";
import { historyQueryProps, RecentActivity } from "../../../components/recent-activity";
import { StatsGrid } from "../../../components/stats-grid";
import { FastPassBalance } from "../../loyalty";
import { meQuery, myHistoryQuery } from "../api";
import { AutoFillTab } from "./autofill-tab";
import { DraftSubmissionButton } from "./draft-submission-button";
import { GoogleSignInButton } from "./google-sign-in-button";
import { SettingsTab } from "./settings-tab";

export type AccountTab = "profile" | "history" | "autofill" | "settings";

export interface AccountModalProps {
  opened: boolean;
  tab: AccountTab;
  onTabChange: (tab: AccountTab) => void;
  onClose: () => void;
  onOpenCommunity: () => void;
  onSignOut: () => Promise<void>;
}

/** Google sign-in with the channel flag: Google shares the member's video-channel details with this account. */
function ConnectChannel() {
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        Connect your YouTube channel so the host sees it beside your songs. Use the Google account with the e-mail of this account.
      </Text>
      <GoogleSignInButton withChannel label="Connect your channel with Google" size="medium" />
    </Stack>
  );
}

function ProfileTab({ me, onClose }: { me: MeUser; onClose: () => void }) {
  const since = new Date(me.created_at).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <MemberAvatar user={me} size={56} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={800} size="lg" truncate>
            {me.display_name}
          </Text>
          <Text c="dimmed" size="sm" truncate>
            @{me.username}
            {me.email ? ` · ${me.email}` : ""}
          </Text>
          <Text c="dimmed" size="xs">
            Member since {since}
          </Text>
        </Stack>
      </Group>
      <StatsGrid stats={me} />
      <FastPassBalance />
      {me.youtube_channel_title ? (
        <Text size="sm">
          Channel connected: <b>{me.youtube_channel_title}</b>
        </Text>
      ) : (
        <ConnectChannel />
      )}
      {!me.preferences.public_profile && (
        <Text size="sm" c="dimmed">
          Your profile is private: only you can see it.
        </Text>
      )}
      <Button component={Link} to={`/community/${me.username}`} variant="light" onClick={onClose}>
        View my public profile
      </Button>
    </Stack>
  );
}

function HistoryTab({ signedIn }: { signedIn: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const history = useQuery(myHistoryQuery(signedIn, expanded));
  return (
    <RecentActivity
      {...historyQueryProps(history)}
      failedText={ACCOUNT_MESSAGES.historyFailed}
      emptyText={ACCOUNT_MESSAGES.noHistory}
      expanded={expanded}
      onExpand={() => setExpanded(true)}
      onRetry={() => void history.refetch()}
    />
  );
}

/** The signed-in member's account: Profile, Submission History, Auto-Fill, Settings, and links. */
export function AccountModal({ opened, tab, onTabChange, onClose, onOpenCommunity, onSignOut }: AccountModalProps) {
  const me = useQuery(meQuery(opened));
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    await onSignOut();
    setSigningOut(false);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Your account" centered radius="lg" size="lg">
      {me.isPending ? (
        <Center py="xl">
          <Loader type="dots" aria-label="Loading your account" />
        </Center>
      ) : me.isError ? (
        <Alert color="red" variant="light" role="alert">
          {me.error.message}
        </Alert>
      ) : (
        <Tabs value={tab} onChange={(value) => onTabChange((value as AccountTab) ?? "profile")} keepMounted={false}>
          <Tabs.List mb="md" grow style={{ flexWrap: "nowrap" }}>
            <Tabs.Tab value="profile" px={8}>
              Profile
            </Tabs.Tab>
            <Tabs.Tab value="history" px={8} aria-label="Submission History">
              <Box component="span" visibleFrom="sm">
                Submission History
              </Box>
              <Box component="span" hiddenFrom="sm">
                History
              </Box>
            </Tabs.Tab>
            <Tabs.Tab value="autofill" px={8}>
              Auto-Fill
            </Tabs.Tab>
            <Tabs.Tab value="settings" px={8}>
              Settings
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileTab me={me.data} onClose={onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <HistoryTab signedIn={opened} />
          </Tabs.Panel>
          <Tabs.Panel value="autofill">
            <AutoFillTab me={me.data} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsTab me={me.data} />
          </Tabs.Panel>
        </Tabs>
      )}
      <Divider my="md" />
      <Flex direction={{ base: "column", xs: "row" }} gap="xs">
        <DraftSubmissionButton />
        <Button variant="default" onClick={onOpenCommunity}>
          Community
        </Button>
        <Button variant="light" color="red" onClick={() => void signOut()} loading={signingOut} ml={{ xs: "auto" }}>
          Sign out
        </Button>
      </Flex>
    </Modal>
  );
}
