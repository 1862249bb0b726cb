import { Modal } from "@mantine/core";
import { toastSuccess } from "../../../../components/toast";
import { SubmissionForm } from "../../../queue/components/submission-form";
import { toSubmission } from "../../../queue/submission-rules";
import { useAdminAdd } from "../api";

/** The admin variant of the submission form: no open/closed gate, a fresh submitter of its own. */
export function AddQueuerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAdminAdd();
  return (
    <Modal opened={opened} onClose={onClose} title="You're in control" centered size="lg" radius="lg">
      {opened && (
        <SubmissionForm
          submitLabel="Add"
          errorContext="submit"
          onCancel={onClose}
          onSubmit={async (values) => {
            const answer = await add.mutateAsync(toSubmission(values));
            toastSuccess(`${answer.queuer.track_title} by ${answer.queuer.artist_name} is in Waiting.`);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
