import { useState } from "react";
import { Alert, Anchor, Button, Flex, Modal, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { FILE_MESSAGES } from "@common/files";
import { publicConfigQuery } from "../api";

export interface UploadFailureDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Queues the entry without the file, marked as coming by e-mail. */
  onProceed: () => Promise<void>;
  onRetry: () => void;
  errorContext: "submit" | "update";
}

/** Spec section 8: the upload failed; e-mail the file instead (and join now), or try again. */
export function UploadFailureDialog({ opened, onClose, onProceed, onRetry, errorContext }: UploadFailureDialogProps) {
  const config = useQuery(publicConfigQuery());
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const email = config.data?.upload_fallback_email;

  const proceed = async () => {
    setSending(true);
    setProblem(null);
    try {
      await onProceed();
    } catch (error) {
      setProblem(errorMessage(error, errorContext));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={FILE_MESSAGES.uploadFailedStatus} centered radius="lg">
      <Stack>
        <Text>{FILE_MESSAGES.uploadFailed}</Text>
        {email ? (
          <Text size="sm">
            Send the file to{" "}
            <Anchor href={`mailto:${email}`} fw={600}>
              {email}
            </Anchor>{" "}
            and choose Proceed to Queue: your entry joins now, marked as coming by e-mail.
          </Text>
        ) : (
          config.isSuccess && <Text size="sm">{FILE_MESSAGES.noFallbackEmail}</Text>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Flex direction={{ base: "column-reverse", xs: "row" }} justify="flex-end" gap="xs">
          <Button variant="default" onClick={onRetry} disabled={sending}>
            Try Again
          </Button>
          <Button onClick={() => void proceed()} loading={sending}>
            Proceed to Queue
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
