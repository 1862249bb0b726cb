import { Button, Center, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useDisclosure } from "@mantine/hooks";
import { ERROR_TEXT } from "@common/error-catalogue";
import { linkKind } from "@common/files";
import { ANONYMOUS_USERNAME, EMPTY_TEXT, type Entry } from "@common/queue";
import { toastError, toastSuccess } from "../../../components/toast";
import { isApiError } from "../../../lib/api-client";
import { useFileUpdate } from "../use-file-entry";
import { entryQuery, useLeaveQueue, useUpdateEntry } from "../api";
import { toSubmission } from "../entry-rules";
import { EntryForm } from "./entry-form";

/** The form shows blanks where the server filled in a default. */
function blankDefault(value: string, fallback: string): string {
  return value === fallback ? "" : value;
}

function leaveFailure(error: unknown): string {
  const detail = isApiError(error) ? (error.detailText ?? error.message) : error instanceof Error ? error.message : "";
  return detail ? `${ERROR_TEXT.leaveFailed} ${detail}` : ERROR_TEXT.leaveFailed;
}

/** Edit Submission and Leave Queue, for the owner of a waiting entry. */
export function OwnerActions({ entry: listed }: { entry: Entry }) {
  const [editing, edit] = useDisclosure(false);
  // The form opens on the entry as stored now (GET queuer/{id}): it may have changed on another device.
  const stored = useQuery({ ...entryQuery(listed.user_id), enabled: editing });
  const entry = stored.data ?? listed;
  const [leaving, leave] = useDisclosure(false);
  const update = useUpdateEntry();
  const remove = useLeaveQueue();
  const updated = () => {
    toastSuccess("Your submission was updated.");
    edit.close();
  };
  const fileUpdate = useFileUpdate(entry.user_id, updated);
  // An uploaded file (or one promised by e-mail) is replaced through the File option, not edited as a link.
  const hasFile = !!entry.file_key || linkKind(entry.link) !== "external";

  const confirmLeave = async () => {
    try {
      await remove.mutateAsync(entry.user_id);
      toastSuccess("You left the queue.");
      leave.close();
    } catch (error) {
      toastError(leaveFailure(error));
    }
  };

  return (
    <>
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="light" onClick={edit.open}>
          Edit Submission
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={leave.open}>
          Leave Queue
        </Button>
      </Group>
      <Modal opened={editing} onClose={edit.close} title="Edit your submission" centered size="lg" radius="lg">
        {stored.isPending ? (
          <Center py="lg">
            <Loader size="sm" type="dots" aria-label="Loading your submission" />
          </Center>
        ) : (
          <EntryForm
            submitLabel="Save Changes"
            errorContext="update"
            onCancel={edit.close}
            initialValues={{
              artist_name: blankDefault(entry.artist_name, EMPTY_TEXT),
              track_title: blankDefault(entry.track_title, EMPTY_TEXT),
              youtube_username: blankDefault(entry.youtube_username, ANONYMOUS_USERNAME),
              link: hasFile ? "" : entry.link,
              source: hasFile ? "file" : "link",
              message: blankDefault(entry.message, EMPTY_TEXT),
            }}
            fileField={fileUpdate.fileField}
            busy={fileUpdate.uploading}
            onSubmit={async (values) => {
              if (values.source === "file") return fileUpdate.submit(values);
              await update.mutateAsync({ userId: entry.user_id, submission: toSubmission(values) });
              updated();
            }}
          />
        )}
      </Modal>
      {fileUpdate.failureDialog}
      <Modal opened={leaving} onClose={leave.close} title="Leave the queue?" centered radius="lg">
        <Stack>
          <Text>Your song “{entry.track_title}” will be removed and you will lose your place. You can join again later, at the end of the queue.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={leave.close}>
              Stay in Queue
            </Button>
            <Button color="red" onClick={confirmLeave} loading={remove.isPending}>
              Leave Queue
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
