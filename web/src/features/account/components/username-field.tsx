import { Loader, TextInput } from "@mantine/core";
import { USERNAME_MAX_LENGTH } from "@common/limits";
import type { UsernameCheck } from "../use-username-check";

/** The username input: lowercased as typed, with the availability answer under it. */
export function UsernameField({ value, onChange, check, problem }: { value: string; onChange: (value: string) => void; check: UsernameCheck; problem?: string }) {
  const bad = check.status === "invalid" || check.status === "taken" || check.status === "error";
  return (
    <TextInput
      label="Username"
      leftSection="@"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.toLowerCase())}
      maxLength={USERNAME_MAX_LENGTH}
      autoComplete="username"
      rightSection={check.status === "checking" ? <Loader size="xs" aria-label="Checking username" /> : null}
      error={
        bad ? (
          <>
            {check.message}
            {problem && <span style={{ display: "block" }}>{problem}</span>}
          </>
        ) : undefined
      }
      description={check.status === "available" ? check.message : "Only a-z, 0-9 and underscores"}
      inputWrapperOrder={["label", "input", "description", "error"]}
      styles={check.status === "available" ? { description: { color: "var(--mantine-color-teal-4)" } } : undefined}
    />
  );
}
