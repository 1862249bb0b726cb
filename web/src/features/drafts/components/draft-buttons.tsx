import { useState } from "react";
import { Button, type ButtonProps } from "@mantine/core";
import { useNavigate } from "react-router";
import { useAccountSlot } from "../../../components/account-slot";
import { toastSuccess } from "../../../components/toast";
import { DRAFT_MESSAGES } from "@common/drafts";
import { LOYALTY_MESSAGES } from "@common/loyalty";
import { useRefreshBalance } from "../../loyalty";
import { sendFailureText, useSendDraft } from "../api";
import { useSavedDraft } from "../use-saved-draft";
import { LazyDraftModal } from "./lazy-draft-modal";

/** Opens the member's draft modal; a guest is asked to sign in first (drafts are kept in the account). */
export function DraftSubmissionButton({ label = "Draft Submission", ...props }: { label?: string } & ButtonProps) {
  const { userId } = useSavedDraft();
  const account = useAccountSlot();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" {...props} onClick={() => (userId ? setOpened(true) : account.openAccount("login"))}>
        {label}
      </Button>
      {userId && <LazyDraftModal opened={opened} onClose={() => setOpened(false)} userId={userId} />}
    </>
  );
}

/**
 * The disclaimer's button when the queue is open and the member has a draft: a complete draft is sent
 * at once (a failure goes to `onProblem`, for an alert); an unfinished one opens the draft modal to finish it.
 * The modal belongs to this button whichever label it shows, so the autosave completing the draft while
 * the member types never closes it under them.
 * The Fast Pass tier is chosen beside it (`FastPassChoice`); null means "use a Fast Pass" is ticked but
 * no tier is chosen yet, and the send waits for one.
 */
export function SendSavedDraftButton({
  onSent,
  onProblem,
  fastPassLevel,
}: {
  onSent: () => void;
  onProblem: (problem: string | null) => void;
  /** A Fast Pass tier to spend on the send (sent as X-FastPass-Level); none by default (0 or undefined). */
  fastPassLevel?: number | null;
}) {
  const saved = useSavedDraft();
  const send = useSendDraft(saved.userId);
  const refreshBalance = useRefreshBalance();
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(false);
  if (!saved.userId || (!saved.draft && !finishing)) return null;
  const modal = <LazyDraftModal opened={finishing} onClose={() => setFinishing(false)} userId={saved.userId} />;
  if (!saved.complete || finishing) {
    return (
      <>
        <Button variant="light" onClick={() => setFinishing(true)}>
          Finish Saved Draft
        </Button>
        {modal}
      </>
    );
  }

  const sendNow = async () => {
    if (fastPassLevel === null) {
      onProblem(LOYALTY_MESSAGES.chooseTier);
      return;
    }
    onProblem(null);
    try {
      await send.mutateAsync({ draft: saved.draft!, fastPassLevel: fastPassLevel || undefined });
    } catch (error) {
      onProblem(sendFailureText(error));
      return;
    }
    if (fastPassLevel) void refreshBalance();
    toastSuccess(DRAFT_MESSAGES.sent);
    onSent();
    void navigate("/queue");
  };

  return (
    <>
      <Button variant="light" color="teal" onClick={() => void sendNow()} loading={send.isPending}>
        Send Saved Draft
      </Button>
      {modal}
    </>
  );
}

/** The closed queue's draft choice: Use Saved Draft, Finish & Use Saved Draft, or 'Draft a submission for next time'. */
export function ClosedQueueDraftButton() {
  const saved = useSavedDraft();
  if (saved.loading) return null;
  if (!saved.draft) return <DraftSubmissionButton label="Draft a submission for next time" variant="light" fullWidth />;
  return <DraftSubmissionButton label={saved.complete ? "Use Saved Draft" : "Finish & Use Saved Draft"} variant="light" fullWidth />;
}
