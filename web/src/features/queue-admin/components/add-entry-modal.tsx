import { Modal } from "@mantine/core";
import type { SubmitResponse } from "@common/queue";
import { toastSuccess } from "../../../components/toast";
import { SubmissionForm, toSubmission } from "../../queue";
import { useFileAdminAdd } from "../use-file-admin-add";
import { useAdminAdd } from "../api";

/** The admin variant of the submission form: no open/closed gate, a fresh submitter of its own. */
export function AddQueuerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAdminAdd();
  const added = (answer: SubmitResponse) => {
    toastSuccess(`${answer.queuer.track_title} by ${answer.queuer.artist_name} is in Waiting.`);
    onClose();
  };
  const fileAdd = useFileAdminAdd(added);
  return (
    <Modal opened={opened} onClose={onClose} title="You're in control" centered size="lg" radius="lg">
      {opened && (
        <SubmissionForm
          submitLabel="Add"
          blankArtistAndTitle
          errorContext="submit"
          onCancel={onClose}
          fileField={fileAdd.fileField}
          busy={fileAdd.uploading}
          onSubmit={async (values) => {
            if (values.source === "file") return fileAdd.submit(values);
            added(await add.mutateAsync(toSubmission(values)));
          }}
        />
      )}
      {fileAdd.failureDialog}
    </Modal>
  );
}
