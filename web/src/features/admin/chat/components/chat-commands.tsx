import { Alert, Button, Code, CopyButton, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CHAT_COMMANDS } from "@common/moderation";
import { buildUrl } from "../../../../lib/api-client";
import { toastError, toastSuccess } from "../../../../components/toast";
import { chatSecretQuery, useRotateChatSecret } from "../api";
import { botCommandText, CHAT_BOTS, COMMAND_HELP, type ChatBot } from "../bot-commands";
import { ChatRequestRoles } from "./chat-request-roles";

/** The chat-command secret, its rotation, the exact text to paste in chat for each bot, and who may request. */
export function ChatCommands() {
  const { data } = useSuspenseQuery(chatSecretQuery());
  const rotate = useRotateChatSecret();
  const [bot, setBot] = useState<ChatBot>("Nightbot");

  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => toastSuccess(data.secret ? "New secret made: update the commands in your bot." : "Chat commands are ready to add."),
      onError: () => toastError("Could not make a new secret. Please try again."),
    });

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Secret
          </Title>
          <Text size="sm" c="dimmed">
            The secret is part of every command link. Make a new one if a link leaked: the old links stop working at once.
          </Text>
          <Group gap="sm" wrap="wrap">
            <Button onClick={onRotate} loading={rotate.isPending}>
              {data.secret ? "Rotate secret" : "Create secret"}
            </Button>
            {data.created_at && (
              <Text size="sm" c="dimmed">
                Made {new Date(data.created_at).toLocaleString()}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>

      {data.secret ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Commands to paste in chat
            </Title>
            <SegmentedControl aria-label="Chat bot" value={bot} onChange={(value) => setBot(value as ChatBot)} data={[...CHAT_BOTS]} size="xs" fullWidth />
            <Table layout="fixed" verticalSpacing="sm">
              <Table.Tbody>
                {CHAT_COMMANDS.map((command) => {
                  const text = botCommandText(bot, command, buildUrl(`chat/${data.secret}/${command}`).toString());
                  return (
                    <Table.Tr key={command}>
                      <Table.Td>
                        <Stack gap={4}>
                          <Group justify="space-between" gap="xs" wrap="nowrap">
                            <Text fw={600}>!{command}</Text>
                            <CopyButton value={text}>
                              {({ copied, copy }) => (
                                <Button size="compact-sm" variant="light" onClick={copy} aria-label={`Copy the ${bot} text for !${command}`}>
                                  {copied ? "Copied" : "Copy"}
                                </Button>
                              )}
                            </CopyButton>
                          </Group>
                          <Text size="sm" c="dimmed">
                            {COMMAND_HELP[command]}
                          </Text>
                          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                            {text}
                          </Code>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      ) : (
        <Alert color="blue" title="No secret yet">
          Create a secret to get the commands for Nightbot, StreamElements and Fossabot.
        </Alert>
      )}
      <ChatRequestRoles />
    </Stack>
  );
}
