import { useEffect, useRef, useState } from "react";
import { useDebouncedCallback } from "@mantine/hooks";
import { ACCOUNT_MESSAGES, ACCOUNT_TIMINGS } from "@common/account";
import { MESSAGES } from "@common/messages";
import { usernameSchema } from "@common/users";
import { checkUsername } from "./api";

export type UsernameStatus = "unchanged" | "invalid" | "checking" | "available" | "taken" | "error";

export interface UsernameCheck {
  status: UsernameStatus;
  /** What to show under the field, if anything. */
  message: string | null;
}

/**
 * Checks a new username 500 ms after typing stops. The format rule (a-z, 0-9, _) is checked here
 * first; only a well-formed name that differs from the current one is asked about.
 */
export function useUsernameCheck(username: string, current: string | null): UsernameCheck {
  const [result, setResult] = useState<{ name: string; check: UsernameCheck } | null>(null);
  const parsed = usernameSchema.safeParse(username);
  const wellFormed = parsed.success ? parsed.data : null;
  const unchanged = !!current && username === current;

  const inFlight = useRef<AbortController | null>(null);
  const check = useDebouncedCallback((name: string) => {
    const controller = new AbortController();
    inFlight.current = controller;
    checkUsername(name, controller.signal)
      .then((answer) =>
        setResult({
          name,
          check: answer.available ? { status: "available", message: ACCOUNT_MESSAGES.usernameAvailable } : { status: "taken", message: answer.detail || MESSAGES.usernameTaken },
        }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setResult({ name, check: { status: "error", message: ACCOUNT_MESSAGES.usernameCheckFailed } });
      });
  }, ACCOUNT_TIMINGS.usernameCheckDebounceMs);

  useEffect(() => {
    if (unchanged || !wellFormed) return;
    check(wellFormed);
    // A new keystroke drops both the pending check and the answer still on its way.
    return () => {
      check.cancel();
      inFlight.current?.abort();
    };
  }, [wellFormed, unchanged, check]);

  if (unchanged) return { status: "unchanged", message: null };
  if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.chooseAvailableUsername };
  if (result?.name === wellFormed) return result.check;
  return { status: "checking", message: null };
}
