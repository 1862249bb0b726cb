import { useEffect, useState } from "react";
import { Alert, Button, Flex, List, Modal, Stack, Text } from "@mantine/core";
import { LOYALTY_MESSAGES } from "@common/loyalty";
import { useLocation, useNavigate } from "react-router";
import type { QueueOverview } from "@common/queue";
import { useAccountSlot } from "../../../components/account-slot";
import { hideAnnouncement, toastSuccess } from "../../../components/toast";
import { useOwnIdentity } from "../../../lib/use-stored-session";
import { useAutoFillDefaults } from "../../account";
import { FastPassChoice, useFastPassBalance, useRefreshBalance } from "../../loyalty";
import { ClosedQueueDraftButton, SendSavedDraftButton, useSavedDraft } from "../../drafts";
import { useFileJoin } from "../use-file-entry";
import { useSubmitToQueue } from "../api";
import { CLOSED_NOTICE, queueStatusOf } from "../closed-notice";
import { toSubmission } from "../entry-rules";
import { EntryForm } from "./entry-form";

type Step = "disclaimer" | "form" | "welcome";

export interface JoinQueueFlowProps {
  opened: boolean;
  onClose: () => void;
  overview: QueueOverview | undefined;
  alreadyJoined: boolean;
}

function DisclaimerText({ variant, busy }: { variant: "joined" | "open" | "closed"; busy: boolean }) {
  if (variant === "joined") {
    return (
      <Text>
        You already have a submission in the queue. Only one song per person can wait at a time: follow your place on the queue page, where you can also edit or leave your
        submission.
      </Text>
    );
  }
  if (variant === "closed") {
    return (
      <Stack gap="xs">
        <Text>{(busy ? CLOSED_NOTICE.busy : CLOSED_NOTICE.closed).text}</Text>
        <Text c="dimmed" size="sm">
          Create an account to keep your details ready for next time.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Text>Before you join:</Text>
      <List size="sm" spacing={6}>
        <List.Item>Songs play in order; Fast Pass holders go first.</List.Item>
        <List.Item>One submission per person at a time. You can edit or leave it from the queue page.</List.Item>
        <List.Item>Stay around: an inactive submission may be put on hold until you check back in.</List.Item>
        <List.Item>Only share music you have the right to share. The host may skip anything inappropriate.</List.Item>
      </List>
    </Stack>
  );
}

/** Join Queue: the disclaimer, then the submission form, then (for guests) an offer to create an account. */
export function JoinQueueFlow({ opened, onClose, overview, alreadyJoined }: JoinQueueFlowProps) {
  const [step, setStep] = useState<Step>("disclaimer");
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  // The Fast Pass for sending the saved draft, chosen as on the form (null: wanted, tier not chosen yet).
  const [draftFastPass, setDraftFastPass] = useState<number | null>(0);
  const savedDraft = useSavedDraft();
  const navigate = useNavigate();
  const onQueuePage = useLocation().pathname === "/queue";
  const submit = useSubmitToQueue();
  const { signedIn } = useOwnIdentity();
  const account = useAccountSlot();
  const autoFill = useAutoFillDefaults();
  const { balance } = useFastPassBalance();
  const refreshBalance = useRefreshBalance();
  // Before the overview answers, the status the page was sent with: the one the Join Queue buttons followed.
  const status = queueStatusOf(overview);
  const open = status === "open";
  useEffect(() => {
    if (opened) hideAnnouncement();
  }, [opened]);
  const variant = alreadyJoined ? "joined" : open ? "open" : "closed";

  const close = () => {
    onClose();
    setStep("disclaimer");
    setDraftProblem(null);
    setDraftFastPass(0);
  };
  const goToQueue = () => {
    close();
    void navigate("/queue");
  };
  const joined = () => {
    toastSuccess("Your song is in the queue.");
    if (signedIn) goToQueue();
    else setStep("welcome");
  };
  const fileJoin = useFileJoin(joined);

  const titles: Record<Step, string> = {
    disclaimer:
      variant === "joined" ? "You're already in the queue" : variant === "open" ? "Join the queue" : (status === "busy" ? CLOSED_NOTICE.busy : CLOSED_NOTICE.closed).title,
    form: "Submit your song",
    welcome: "You're in the queue!",
  };

  return (
    <Modal opened={opened} onClose={close} title={titles[step]} centered size="lg" radius="lg">
      {step === "disclaimer" && (
        <Stack>
          <DisclaimerText variant={variant} busy={status === "busy"} />
          {variant === "open" && savedDraft.complete && balance && (
            <FastPassChoice
              balance={balance}
              value={draftFastPass}
              onChange={(level) => {
                setDraftFastPass(level);
                if (draftProblem === LOYALTY_MESSAGES.chooseTier) setDraftProblem(null);
              }}
              error={draftFastPass === null && draftProblem === LOYALTY_MESSAGES.chooseTier}
              description="For sending your saved draft: Fast Pass holders go first in line."
            />
          )}
          {/* A closed queue is no dead end for a member: the song can be drafted for next time. */}
          {variant === "closed" && signedIn && status === "closed" && <ClosedQueueDraftButton />}
          {draftProblem && (
            <Alert color="red" variant="light" role="alert">
              {draftProblem}
            </Alert>
          )}
          <Flex direction={{ base: "column-reverse", xs: "row" }} justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Go Back
            </Button>
            {!signedIn && (
              <Button variant="light" onClick={() => account.openAccount("register")}>
                Create Account
              </Button>
            )}
            {variant === "open" && signedIn && <SendSavedDraftButton onSent={close} onProblem={setDraftProblem} fastPassLevel={draftFastPass} />}
            {variant === "open" ? <Button onClick={() => setStep("form")}>Join Queue</Button> : !onQueuePage && <Button onClick={goToQueue}>View Queue</Button>}
          </Flex>
        </Stack>
      )}
      {step === "form" && (
        <EntryForm
          initialValues={autoFill}
          submitLabel="Join"
          errorContext="submit"
          onCancel={() => setStep("disclaimer")}
          fileField={fileJoin.fileField}
          busy={fileJoin.uploading}
          fastPassBalance={balance}
          onSubmit={async (values) => {
            if (values.source === "file") await fileJoin.submit(values);
            else await submit.mutateAsync({ ...toSubmission(values), fastPassLevel: values.fastPassLevel });
            if (values.fastPassLevel) void refreshBalance();
            if (values.source !== "file") joined();
          }}
        />
      )}
      {fileJoin.failureDialog}
      {step === "welcome" && (
        <Stack>
          <Text>Create an account to keep your submission history, fill the form in one tap next time and use Fast Passes.</Text>
          <Flex direction={{ base: "column-reverse", xs: "row" }} justify="flex-end" gap="xs">
            <Button variant="default" onClick={goToQueue}>
              Continue as Guest
            </Button>
            <Button
              onClick={() => {
                goToQueue();
                account.openAccount("register");
              }}
            >
              Create Account
            </Button>
          </Flex>
        </Stack>
      )}
    </Modal>
  );
}
