import { useState, type FormEvent } from "react";
import { Alert, Button, Divider, Modal, PasswordInput, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from "@common/limits";
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from "@common/users";
import { checkLogin, checkRegister, type FieldErrors, type LoginValues, type RegisterValues } from "../auth-validation";
import { exchangeGoogleCredential, login, register, useSessionActions, type SessionAnswer } from "../session";
import { GoogleSignInButton } from "./google-sign-in-button";
import { TwitchSignInButton } from "./twitch-sign-in-button";
import { publicConfigQuery } from "../../../lib/site";
import { bindTextFields } from "../../../lib/bind-text-fields";

export type AuthMode = "login" | "register";

export interface AuthModalProps {
  opened: boolean;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  /** After tokens are stored and a guest submission linked. */
  onSignedIn: (result: { isNewUser: boolean; linked: number; name: string }) => void;
}

function useSignInRunner(onSignedIn: AuthModalProps["onSignedIn"]) {
  const session = useSessionActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (
    call: () => Promise<SessionAnswer & { is_new_user?: boolean; user?: { display_name?: string | null; username?: string | null } | null }>,
    context: "login" | "google",
    isNew: boolean,
  ) => {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await call();
      const isNewUser = answer.is_new_user ?? isNew;
      const linked = await session.signIn(answer, isNewUser);
      onSignedIn({ isNewUser, linked, name: answer.user?.display_name || answer.user?.username || "" });
    } catch (error) {
      setProblem(errorMessage(error, context));
    } finally {
      setBusy(false);
    }
  };
  return { run, problem, setProblem, busy };
}

function LoginForm({ runner }: { runner: ReturnType<typeof useSignInRunner> }) {
  const [values, setValues] = useState<LoginValues>({ username: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<LoginValues>>({});
  const field = bindTextFields(values, (key, value) => setValues({ ...values, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkLogin(values);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) void runner.run(() => login(checked.data.username, checked.data.password), "login", false);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Username or email" autoComplete="username" {...field("username")} error={errors.username} maxLength={EMAIL_MAX_LENGTH} data-autofocus />
        <PasswordInput label="Password" autoComplete="current-password" {...field("password")} error={errors.password} />
        <Button type="submit" loading={runner.busy} fullWidth mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

function RegisterForm({ runner }: { runner: ReturnType<typeof useSignInRunner> }) {
  const [values, setValues] = useState<RegisterValues>({ username: "", email: "", password: "", display_name: "" });
  const [errors, setErrors] = useState<FieldErrors<RegisterValues>>({});
  const field = bindTextFields(values, (key, value) => setValues((current) => ({ ...current, [key]: value })));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRegister(values);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) void runner.run(() => register(checked.data), "login", true);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Username"
          description="Letters a-z, digits and underscores"
          autoComplete="username"
          {...field("username")}
          error={errors.username}
          maxLength={USERNAME_MAX_LENGTH}
          withAsterisk
          data-autofocus
        />
        <TextInput label="Email" type="email" autoComplete="email" {...field("email")} error={errors.email} maxLength={EMAIL_MAX_LENGTH} withAsterisk />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          {...field("password")}
          error={errors.password}
          withAsterisk
        />
        <TextInput
          label="Display name"
          description="Optional; your username is used when left blank"
          {...field("display_name")}
          error={errors.display_name}
          maxLength={DISPLAY_NAME_MAX_LENGTH}
        />
        <Button type="submit" loading={runner.busy} fullWidth mt="xs">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}

/** Sign-in and registration: Login and Create Account tabs, plus Google sign-in. */
export function AuthModal({ opened, mode, onModeChange, onClose, onSignedIn }: AuthModalProps) {
  const runner = useSignInRunner(onSignedIn);
  // Offered only where the server has a Twitch app: a button that cannot work is not shown to viewers.
  const twitchOffered = useQuery(publicConfigQuery()).data?.twitch_sign_in === true;
  return (
    <Modal opened={opened} onClose={onClose} title={mode === "login" ? "Welcome back" : "Create your account"} centered radius="lg" size="md">
      <Tabs
        value={mode}
        onChange={(value) => {
          runner.setProblem(null);
          onModeChange(value === "register" ? "register" : "login");
        }}
        keepMounted={false}
      >
        <Tabs.List grow mb="md">
          <Tabs.Tab value="login">Login</Tabs.Tab>
          <Tabs.Tab value="register">Create Account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm runner={runner} />
        </Tabs.Panel>
        <Tabs.Panel value="register">
          <RegisterForm runner={runner} />
        </Tabs.Panel>
      </Tabs>
      {runner.problem && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {runner.problem}
        </Alert>
      )}
      <Divider label="or" labelPosition="center" my="md" />
      <Stack gap={6} align="center">
        <GoogleSignInButton
          fullWidth
          disabled={runner.busy}
          onCredential={(credential) => void runner.run(() => exchangeGoogleCredential(credential), "google", false)}
          onError={(message) => runner.setProblem(message)}
        />
        {twitchOffered && <TwitchSignInButton disabled={runner.busy} />}
        <Text size="xs" c="dimmed" ta="center">
          {mode === "register" ? "Already have an account? Use the Login tab." : "New here? Create an account to keep your history and auto-fill."}
        </Text>
      </Stack>
    </Modal>
  );
}
