import { useState } from "react";
import { Alert, Button, Center, Group, Loader, Modal, Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ACCOUNT_MESSAGES } from "@common/account";
import { errorMessage } from "@common/error-catalogue";
import type { MeUser } from "@common/users";
import { meQuery, useUpdateMe } from "../api";
import { autoFillFrom, autoFillPatch, settingsFrom, type AutoFillFormValues } from "../settings-patch";
import { useUsernameCheck } from "../use-username-check";
import { AutoFillFields } from "./autofill-tab";
import { UsernameField } from "./username-field";

/** The wizard's steps; "idle" is the wizard closed. */
export const SETUP_STEPS = ["welcome", "username", "autofill", "done"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number] | "idle";
const STEP_LABELS: Record<(typeof SETUP_STEPS)[number], string> = { welcome: "Welcome", username: "Username", autofill: "Auto-fill", done: "Done" };

function Steps({ me, step, onStep, onFinish }: { me: MeUser; step: Exclude<SetupStep, "idle">; onStep: (step: SetupStep) => void; onFinish: () => void }) {
  const update = useUpdateMe();
  const [username, setUsername] = useState(() => settingsFrom(me).username);
  const [autoFill, setAutoFill] = useState<AutoFillFormValues>(() => autoFillFrom(me));
  const [problem, setProblem] = useState<string | null>(null);
  const check = useUsernameCheck(username, me.username);
  const position = SETUP_STEPS.indexOf(step);

  const saveThen = async (patch: Record<string, unknown>, next: SetupStep) => {
    setProblem(null);
    try {
      if (Object.keys(patch).length) await update.mutateAsync(patch);
      onStep(next);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const saveUsername = () => {
    if (username === me.username) return onStep("autofill");
    if (check.status !== "available") return setProblem(ACCOUNT_MESSAGES.chooseAvailableUsername);
    void saveThen({ username }, "autofill");
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Step {position + 1} of {SETUP_STEPS.length} · {STEP_LABELS[step]}
        </Text>
        <Progress value={((position + 1) / SETUP_STEPS.length) * 100} size="sm" aria-label="Setup progress" />
      </Stack>
      {step === "welcome" && (
        <Stack gap="xs">
          <Text fw={700} size="lg">
            Welcome, {me.display_name}!
          </Text>
          <Text c="dimmed">Two quick steps: pick the username people see, and the details that fill the submission form for you.</Text>
        </Stack>
      )}
      {step === "username" && <UsernameField value={username} onChange={setUsername} check={check} />}
      {step === "autofill" && <AutoFillFields values={autoFill} onChange={setAutoFill} />}
      {step === "done" && (
        <Stack gap="xs">
          <Text fw={700} size="lg">
            You're all set!
          </Text>
          <Text c="dimmed">Change any of this later from your account's Settings and Auto-Fill tabs.</Text>
        </Stack>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="space-between">
        {step !== "done" ? (
          <Button variant="subtle" color="gray" onClick={onFinish}>
            Skip setup
          </Button>
        ) : (
          <span />
        )}
        {step === "welcome" && <Button onClick={() => onStep("username")}>Get started</Button>}
        {step === "username" && (
          <Button onClick={saveUsername} loading={update.isPending} disabled={check.status === "checking"}>
            Next
          </Button>
        )}
        {step === "autofill" && (
          <Button onClick={() => void saveThen(autoFillPatch(autoFill, me), "done")} loading={update.isPending}>
            Next
          </Button>
        )}
        {step === "done" && <Button onClick={onFinish}>Finish</Button>}
      </Group>
    </Stack>
  );
}

/** First-run setup for new members: welcome, username, auto-fill, done. */
export function SetupWizard({ step, onStep, onFinish }: { step: SetupStep; onStep: (step: SetupStep) => void; onFinish: () => void }) {
  const opened = step !== "idle";
  const me = useQuery(meQuery(opened));
  return (
    <Modal opened={opened} onClose={onFinish} title="Set up your account" centered radius="lg" size="md">
      {!opened ? null : me.data ? (
        <Steps me={me.data} step={step as Exclude<SetupStep, "idle">} onStep={onStep} onFinish={onFinish} />
      ) : me.isError ? (
        <Alert color="red" variant="light" role="alert">
          {me.error.message}
        </Alert>
      ) : (
        <Center py="lg">
          <Loader type="dots" aria-label="Loading your account" />
        </Center>
      )}
    </Modal>
  );
}
