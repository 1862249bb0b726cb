import { useEffect, useRef, useState } from "react";
import { Button, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES, ACCOUNT_TIMINGS } from "@common/account";
import { Page } from "../components/page";
import { toastError } from "../components/toast";
import { getIntendedPath, setIntendedPath } from "../lib/storage";
import { useDocumentTitle } from "../lib/use-document-title";
import { meQuery, safeLocalPath, storeSession, takeRedirectSignInProof, useSessionActions } from "../features/account";

type Phase = { kind: "processing" } | { kind: "success"; isNewUser: boolean; channel: string | null } | { kind: "error"; message: string };

/**
 * /auth/success: stores the tokens from the redirect, links this browser's guest entry, then goes on
 * to where the person was headed; only for a sign-in this tab started (see redirect-proof.ts).
 */
export function AuthSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSessionActions();
  const [phase, setPhase] = useState<Phase>({ kind: "processing" });
  const started = useRef(false);
  useDocumentTitle("Signing in");

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const isNewUser = params.get("is_new_user") === "true";
    // Used up whatever happens next, so the same link cannot sign in twice.
    const startedHere = takeRedirectSignInProof(params.get("state"));
    // Keeps the tokens out of the address bar and the history from here on, taken or not.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    try {
      if (!params.get("access_token") || !params.get("refresh_token")) throw new Error(ACCOUNT_MESSAGES.missingTokens);
      // `type` says whose tokens these are; without it they are a member's, as the server always sends.
      if ((params.get("type") ?? "user") !== "user") throw new Error(ACCOUNT_MESSAGES.notAMemberSignIn);
      // Nothing is stored or linked for a sign-in this tab did not start: the tokens could be anyone's.
      if (!startedHere) throw new Error(ACCOUNT_MESSAGES.signInNotStartedHere);
      storeSession(
        { access_token: params.get("access_token"), refresh_token: params.get("refresh_token") },
        params.get("user_id") ? { user_id: params.get("user_id") as string } : null,
      );
    } catch (error) {
      toastError(ACCOUNT_MESSAGES.authFailedToast);
      setPhase({ kind: "error", message: error instanceof Error ? error.message : ACCOUNT_MESSAGES.authFailedToast });
      return;
    }
    const channel = params.get("youtube_connected") === "true" ? params.get("youtube_channel") || "your channel" : null;
    void (async () => {
      await client.fetchQuery(meQuery(true)).catch(() => undefined);
      await session.afterSignIn(isNewUser);
      setPhase({ kind: "success", isNewUser, channel });
    })();
  }, [params, client, session]);

  useEffect(() => {
    if (phase.kind === "processing") return;
    const timer = setTimeout(
      () => {
        if (phase.kind === "error") return void navigate("/", { replace: true });
        const target = safeLocalPath(getIntendedPath()) ?? safeLocalPath(params.get("redirect_to")) ?? "/";
        setIntendedPath(null);
        void navigate(target, { replace: true });
      },
      phase.kind === "success" ? ACCOUNT_TIMINGS.authSuccessRedirectMs : ACCOUNT_TIMINGS.authFailureRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [phase, params, navigate]);

  return (
    <Page kind="reading">
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center" aria-live="polite">
          {phase.kind === "processing" && (
            <>
              <Loader type="dots" />
              <Title order={1}>Completing Authentication...</Title>
            </>
          )}
          {phase.kind === "success" && (
            <>
              <Title order={1}>{phase.isNewUser ? "Welcome to LiveQueue" : "Welcome Back!"}</Title>
              {phase.channel && <Text>Your channel {phase.channel} is connected.</Text>}
              <Text c="dimmed">Redirecting you now...</Text>
            </>
          )}
          {phase.kind === "error" && (
            <>
              <Title order={1} c="red.4">
                Authentication Failed
              </Title>
              <Text>{phase.message}</Text>
              <Text c="dimmed" size="sm">
                Taking you home…
              </Text>
              <Button variant="default" onClick={() => void navigate("/", { replace: true })}>
                Return Home
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Page>
  );
}
