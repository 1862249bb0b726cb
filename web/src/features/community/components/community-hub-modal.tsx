import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { COMMUNITY_MESSAGES } from "@common/community";
import { USER_LIST_LIMIT } from "@common/limits";
import { useViewProfile } from "../use-view-profile";
import { MemberDirectory } from "./member-directory";

/** The Community Hub: the member directory (search and sort) in a modal, from the account area. */
export function CommunityHubModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const viewProfile = useViewProfile(onClose);
  return (
    <Modal opened={opened} onClose={onClose} title="Community Hub" size="xl" radius="lg" centered>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Find members and open their profiles.
          </Text>
          <Button component={Link} to="/community" variant="subtle" size="xs" onClick={onClose}>
            Open the community page
          </Button>
        </Group>
        <MemberDirectory pageSize={USER_LIST_LIMIT} failedText={COMMUNITY_MESSAGES.hubFailed} onView={viewProfile} columns={2} />
      </Stack>
    </Modal>
  );
}
