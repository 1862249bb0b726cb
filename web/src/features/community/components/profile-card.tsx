import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { COMMUNITY_MESSAGES } from "@common/community";
import type { PublicUser } from "@common/users";
import { LinkIcon } from "../../../components/icons";
import { MemberAvatar } from "../../../components/member-avatar";
import { StatsGrid } from "../../../components/stats-grid";
import { BioEditor } from "./bio-editor";

function websiteLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.replace(/^www\./, "")}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return url;
  }
}

/** Avatar, names, counts, bio (editable by its owner) and website of one member. */
export function ProfileCard({ user, own = false }: { user: PublicUser; own?: boolean }) {
  return (
    <Paper withBorder radius="lg" p="md" aria-label={`Profile of @${user.username}`}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <MemberAvatar user={user} size={64} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={800} size="lg" truncate title={user.display_name || user.username}>
              {user.display_name || user.username}
            </Text>
            <Text c="dimmed" size="sm" truncate title={`@${user.username}`}>
              @{user.username}
            </Text>
            {user.location && (
              <Text c="dimmed" size="xs" truncate title={user.location}>
                {user.location}
              </Text>
            )}
          </Stack>
        </Group>
        <StatsGrid stats={user} />
        {own ? (
          <BioEditor bio={user.bio} />
        ) : (
          <Text size="sm" c={user.bio ? undefined : "dimmed"} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {user.bio || COMMUNITY_MESSAGES.noBio}
          </Text>
        )}
        {user.website_url && /^https?:\/\//i.test(user.website_url) && (
          <Anchor href={user.website_url} target="_blank" rel="noopener noreferrer nofollow" size="sm" style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
            <LinkIcon size={14} />
            {websiteLabel(user.website_url)}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
