import { useEffect, useState } from "react";
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

  useEffect(() => {
    if (unchanged || !wellFormed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkUsername(wellFormed, controller.signal)
        .then((answer) =>
          setResult({
            name: wellFormed,
            check: answer.available
              ? { status: "available", message: ACCOUNT_MESSAGES.usernameAvailable }
              : { status: "taken", message: answer.detail || MESSAGES.usernameTaken },
          }),
        )
        .catch(() => {
          if (!controller.signal.aborted) setResult({ name: wellFormed, check: { status: "error", message: ACCOUNT_MESSAGES.usernameCheckFailed } });
        });
    }, ACCOUNT_TIMINGS.usernameCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wellFormed, unchanged]);

  if (unchanged) return { status: "unchanged", message: null };
  if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.chooseAvailableUsername };
  if (result?.name === wellFormed) return result.check;
  return { status: "checking", message: null };
}
