import { useState } from "react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { LINK_MAX_LENGTH } from "@common/limits";
import { MESSAGES } from "@common/messages";
import { toastSuccess } from "../../../components/toast";
import { useSaveSetting } from "../api";
import { useTextField } from "../../../lib/use-text-field";

/** The address of the live stream the site embeds; it cannot be saved empty. */
export function StreamLinkForm({ current }: { current: string | null }) {
  const link = useTextField(current ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSetting();
  const submit = () => {
    const trimmed = link.value.trim();
    if (!trimmed) return setProblem(MESSAGES.streamLinkEmpty);
    setProblem(null);
    save.mutate({ name: "youtubeStreamLink", state: trimmed }, { onSuccess: () => toastSuccess("Stream link saved."), onError: (error) => setProblem(errorMessage(error)) });
  };
  return (
    <Stack gap="xs">
      <TextInput
        label="Stream link"
        description="The live video the site shows on /live"
        placeholder="https://www.youtube.com/watch?v=…"
        {...link.input}
        maxLength={LINK_MAX_LENGTH}
        error={problem}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save link
        </Button>
      </Group>
    </Stack>
  );
}
