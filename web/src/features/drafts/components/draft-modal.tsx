import { useState } from "react";
import { Alert, Button, Flex, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { DRAFT_MESSAGES, isDraftComplete } from "@common/drafts";
import { LOYALTY_MESSAGES } from "@common/loyalty";
import { toastSuccess } from "../../../components/toast";
import { FastPassChoice, useFastPassBalance, useRefreshBalance } from "../../loyalty";
import { draftKeys, myDraftQuery, saveDraftOnServer, submitFailureText, useDiscardDraft, useSendDraft } from "../api";
import { readLocalDraft } from "../local-draft";
import { startingDraft, useDraftAutosave } from "../use-draft-autosave";
import { DraftForm } from "./draft-form";

export interface DraftModalProps {
  opened: boolean;
  onClose: () => void;
  /** The signed-in member whose draft this is. */
  userId: string;
}

function DraftEditor({ userId, initial, onClose }: { userId: string; initial: ReturnType<typeof startingDraft>; onClose: () => void }) {
  const client = useQueryClient();
  const autosave = useDraftAutosave(userId, initial, async (fields) => {
    const saved = await saveDraftOnServer(fields);
    client.setQueryData(draftKeys.mine(userId), saved);
    return saved;
  });
  const send = useSendDraft(userId);
  const discard = useDiscardDraft(userId);
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const { balance } = useFastPassBalance();
  const refreshBalance = useRefreshBalance();
  // As on the submission form: 0 none, a tier, or null while a Fast Pass is wanted but no tier is chosen.
  const [fastPassLevel, setFastPassLevel] = useState<number | null>(0);
  const complete = isDraftComplete(autosave.fields);

  const sendNow = async () => {
    if (fastPassLevel === null) {
      setProblem(LOYALTY_MESSAGES.chooseTier);
      return;
    }
    setProblem(null);
    try {
      await send.mutateAsync({ draft: autosave.fields, fastPassLevel: fastPassLevel || undefined });
    } catch (error) {
      setProblem(submitFailureText(error));
      return;
    }
    if (fastPassLevel) void refreshBalance();
    toastSuccess(DRAFT_MESSAGES.sent);
    onClose();
    void navigate("/queue");
  };

  const discardNow = async () => {
    setProblem(null);
    await autosave.stop();
    try {
      await discard.mutateAsync();
    } catch {
      setProblem(DRAFT_MESSAGES.discardFailed);
      return;
    }
    toastSuccess(DRAFT_MESSAGES.discarded);
    onClose();
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Get your song ready for the next stream. Saved as you type; it is never sent by itself.
      </Text>
      <DraftForm autosave={autosave} />
      {balance && complete && (
        <FastPassChoice
          balance={balance}
          value={fastPassLevel}
          onChange={(level) => {
            setFastPassLevel(level);
            if (problem === LOYALTY_MESSAGES.chooseTier) setProblem(null);
          }}
          error={fastPassLevel === null && problem === LOYALTY_MESSAGES.chooseTier}
          disabled={send.isPending}
        />
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Flex direction={{ base: "column-reverse", xs: "row" }} justify="flex-end" gap="xs">
        <Button variant="subtle" color="red" onClick={() => void discardNow()} loading={discard.isPending} disabled={send.isPending} mr={{ xs: "auto" }}>
          Discard Draft
        </Button>
        <Button variant="default" onClick={onClose}>
          Keep for Later
        </Button>
        <Button onClick={() => void sendNow()} loading={send.isPending} disabled={!complete}>
          Send to queue
        </Button>
      </Flex>
    </Stack>
  );
}

/** The draft modal: the member's offline draft of a submission, with a file option. */
export function DraftModal({ opened, onClose, userId }: DraftModalProps) {
  const server = useQuery({ ...myDraftQuery(userId), enabled: opened });
  const ready = !server.isPending || server.isError;
  return (
    <Modal opened={opened} onClose={onClose} title="Draft Submission" centered size="lg" radius="lg">
      {opened && ready ? (
        <DraftEditor userId={userId} initial={startingDraft(readLocalDraft(userId), server.data)} onClose={onClose} />
      ) : (
        <Flex justify="center" py="lg">
          <Loader size="sm" aria-label="Loading your draft" />
        </Flex>
      )}
    </Modal>
  );
}
