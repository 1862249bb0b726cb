import { Alert, Button, Center, Group, Loader, Modal, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { COMMUNITY_MESSAGES } from "@common/community";
import { MESSAGES } from "@common/messages";
import { isApiError } from "../../../lib/api-client";
import { profileQuery } from "../api";
import { useViewProfile } from "../use-view-profile";
import { ProfileCard } from "./profile-card";

export interface ProfilePopupProps {
  opened: boolean;
  onClose: () => void;
  /** The member whose public profile to show; null when none was chosen. */
  username: string | null;
}

/** A member's public profile card over the current page, with the way on to their full profile. */
export function ProfilePopup({ opened, onClose, username }: ProfilePopupProps) {
  const profile = useQuery({ ...profileQuery(username ?? ""), enabled: opened && !!username });
  const viewProfile = useViewProfile(onClose);

  let body;
  if (profile.isError) {
    const notFound = isApiError(profile.error) && profile.error.status === 404;
    body = (
      <Alert color={notFound ? "gray" : "red"} variant="light" role="alert">
        {notFound ? MESSAGES.profileNotFound : COMMUNITY_MESSAGES.profileFailed}
      </Alert>
    );
  } else if (!profile.data) {
    body = (
      <Center py="lg">
        <Loader type="dots" aria-label="Loading profile" />
      </Center>
    );
  } else {
    const user = profile.data;
    body = (
      <Stack gap="md">
        <ProfileCard user={user} />
        <Group justify="flex-end">
          <Button onClick={() => viewProfile(user)}>View Profile</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Profile" centered radius="lg">
      {body}
    </Modal>
  );
}
