import { Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { CHAT_REQUEST_ROLES, CHAT_ROLE_LABELS, type ChatRole, parseChatRoles } from "@common/chat-requests";
import { toastError, toastSuccess } from "../../../components/toast";
import { adminSettingsQuery, useSaveSetting } from "../../settings";

/** Roles a host may free from the per-person limit ("everyone" would be no limit at all). */
const EXEMPTABLE: ChatRole[] = ["follower", "subscriber", "vip", "moderator", "broadcaster"];

/**
 * Who may request from chat, judged on what the platform says of the viewer (badges, Nightbot's
 * userLevel, Fossabot's roles, YouTube's member and moderator flags), and whose requests skip the
 * per-person limit.
 */
export function ChatRequestRoles() {
  const { data } = useSuspenseQuery(adminSettingsQuery());
  const save = useSaveSetting();
  const [minimum, setMinimum] = useState(data.chatRequestMinimumRole ?? "everyone");
  const [exempt, setExempt] = useState<string[]>(parseChatRoles(data.chatLimitExemptRoles));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      if (minimum !== data.chatRequestMinimumRole) await save.mutateAsync({ name: "chatRequestMinimumRole", state: minimum });
      const exemptState = exempt.join(",");
      if (exemptState !== (data.chatLimitExemptRoles ?? "")) await save.mutateAsync({ name: "chatLimitExemptRoles", state: exemptState });
      toastSuccess("Chat request roles saved.");
    } catch {
      toastError("Could not save who may request. Please try again.");
    }
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} aria-label="Who may request from chat">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Who may request from chat
          </Title>
          <Text size="sm" c="dimmed">
            Judged on what Twitch, YouTube or the bot says of the viewer. A viewer who may not request is told who can. StreamElements sends no roles: its viewers count as
            everyone.
          </Text>
          <Select
            label="Who may request"
            data={CHAT_REQUEST_ROLES.map((role) => ({ value: role, label: role === "everyone" ? "Everyone" : `${CHAT_ROLE_LABELS[role]} and up` }))}
            value={minimum}
            onChange={(value) => setMinimum(value ?? "everyone")}
            allowDeselect={false}
            w={300}
          />
          <Checkbox.Group
            label="Skip the per-person limit"
            description="Requests from these roles don't count against the songs per person per stream."
            value={exempt}
            onChange={setExempt}
          >
            <Group mt="xs" gap="md">
              {EXEMPTABLE.map((role) => (
                <Checkbox key={role} value={role} label={CHAT_ROLE_LABELS[role]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: "flex-start" }}>
            Save who may request
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
