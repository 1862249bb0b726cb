import { useState } from "react";
import { Button, Modal, Stack, Text } from "@mantine/core";
import { DialogActions } from "../../../components/dialog-actions";

interface TwoStepConfirmProps {
  questions: readonly [string, string];
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel: string;
}

/** Asks twice before something that cannot be undone; the second answer runs it. */
export function TwoStepConfirm({ questions, opened, onClose, onConfirm, confirmLabel }: TwoStepConfirmProps) {
  const [step, setStep] = useState<0 | 1>(0);
  const close = () => {
    setStep(0);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={step === 0 ? "Are you sure?" : "Last check"} centered radius="lg">
      <Stack>
        <Text>{questions[step]}</Text>
        <DialogActions onCancel={close}>
          {step === 0 ? (
            <Button color="red" variant="light" onClick={() => setStep(1)}>
              Yes, continue
            </Button>
          ) : (
            <Button
              color="red"
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          )}
        </DialogActions>
      </Stack>
    </Modal>
  );
}
