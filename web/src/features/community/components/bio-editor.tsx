import { useState } from "react";
import { Alert, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { ACCOUNT_MESSAGES } from "@common/account";
import { COMMUNITY_MESSAGES } from "@common/community";
import { BIO_MAX_LENGTH } from "@common/limits";
import { useUpdateMe } from "../../account";

type BioState = "view" | "editing" | "saving";

/** The owner's bio: view, editing, saving, then back to view; 500 characters at most (longer input is cut). */
export function BioEditor({ bio }: { bio: string | null }) {
  const [state, setState] = useState<BioState>("view");
  const [draft, setDraft] = useState(bio ?? "");
  const [failed, setFailed] = useState(false);
  const update = useUpdateMe();

  const startEditing = () => {
    setDraft(bio ?? "");
    setFailed(false);
    setState("editing");
  };

  const save = async () => {
    setState("saving");
    setFailed(false);
    try {
      await update.mutateAsync({ bio: draft });
      setState("view");
    } catch {
      setFailed(true);
      setState("editing");
    }
  };

  if (state === "view") {
    return (
      <Stack gap={6}>
        <Text size="sm" c={bio ? undefined : "dimmed"} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {bio || COMMUNITY_MESSAGES.noBio}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={startEditing} style={{ alignSelf: "flex-start" }}>
          {bio ? "Edit bio" : "Add bio"}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap={6}>
      <Textarea
        aria-label="Bio"
        placeholder="Tell the community about yourself and your music"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value.slice(0, BIO_MAX_LENGTH))}
        autosize
        minRows={3}
        maxRows={8}
        disabled={state === "saving"}
        data-autofocus
        description={`${draft.length}/${BIO_MAX_LENGTH}`}
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
      {failed && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {ACCOUNT_MESSAGES.bioFailed}
        </Alert>
      )}
      <Group gap="xs" justify="flex-end">
        <Button variant="default" size="xs" onClick={() => setState("view")} disabled={state === "saving"}>
          Cancel
        </Button>
        <Button size="xs" onClick={() => void save()} loading={state === "saving"}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
