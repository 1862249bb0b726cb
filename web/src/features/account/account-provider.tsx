import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Box, Button } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { ACCOUNT_MESSAGES } from "@common/account";
import { AccountSlotProvider, type AccountSlot } from "../../components/account-slot";
import { toastError, toastInfo, toastSuccess } from "../../components/toast";
import { onSessionEnded } from "../../lib/api-client";
import { setIntendedPath } from "../../lib/storage";
import { useShownOnce } from "../../lib/use-shown-once";
import { useOwnIdentity } from "../../lib/use-stored-session";
import type { AccountTab } from "./components/account-modal";
import type { AuthMode } from "./components/auth-modal";
import type { SetupStep } from "./components/setup-wizard";
import { isSetupPending, markSetupPending, useSessionActions } from "./session";
import { meQuery } from "./api";
import { autoFillValues } from "./autofill";
import { DraftDefaultsProvider } from "../drafts";
import classes from "./account-nav-button.module.css";

// The modals load the first time one opens: most visitors of / never sign in.
const AccountModal = lazy(() => import("./components/account-modal").then((m) => ({ default: m.AccountModal })));
const AuthModal = lazy(() => import("./components/auth-modal").then((m) => ({ default: m.AuthModal })));
const SetupWizard = lazy(() => import("./components/setup-wizard").then((m) => ({ default: m.SetupWizard })));

interface AccountUi {
  openAccount: (mode: AuthMode) => void;
  openAccountModal: (tab?: AccountTab) => void;
}

const AccountUiContext = createContext<AccountUi | null>(null);

/** The nav bar's button: 'Sign in' for visitors, the member's avatar and name otherwise. */
function AccountNavButton() {
  const ui = useContext(AccountUiContext);
  const { signedIn, user } = useOwnIdentity();
  if (!ui) return null;
  if (!signedIn) {
    return (
      <Button variant="light" size="sm" onClick={() => ui.openAccount("login")}>
        Sign in
      </Button>
    );
  }
  const name = user?.username || user?.display_name || "Account";
  return (
    <Button
      variant="light"
      size="sm"
      px="xs"
      onClick={() => ui.openAccountModal()}
      aria-label={`Your account (@${name})`}
      leftSection={<span className={classes.avatar} data-initial={name.charAt(0).toUpperCase()} aria-hidden />}
    >
      <Box component="span" visibleFrom="xs" maw={120} lh={1.6} style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
        {name}
      </Box>
    </Button>
  );
}

/** What the account modal's Community button opens, drawn by whoever mounts the provider. */
export type CommunityHubRenderer = (hub: { opened: boolean; onClose: () => void }) => ReactNode;

/**
 * Owns the account UI of the public pages: the sign-in modal, the account modal, the setup wizard
 * and the Community Hub's open state, and fills the nav bar's account slot. The hub itself belongs
 * to the community feature, so the layout passes it in as `renderCommunityHub`.
 */
export function AccountProvider({ children, renderCommunityHub }: { children: ReactNode; renderCommunityHub: CommunityHubRenderer }) {
  const location = useLocation();
  const { signedIn } = useOwnIdentity();
  const session = useSessionActions();
  const [auth, setAuth] = useState<{ opened: boolean; mode: AuthMode }>({ opened: false, mode: "login" });
  const [account, setAccount] = useState<{ opened: boolean; tab: AccountTab }>({ opened: false, tab: "profile" });
  const [hubOpened, setHubOpened] = useState(false);
  const [wizard, setWizard] = useState<SetupStep>("idle");
  const onAuthPage = location.pathname.startsWith("/auth/");
  const authLoaded = useShownOnce(auth.opened && !signedIn);
  const accountLoaded = useShownOnce(account.opened && signedIn);
  const wizardLoaded = useShownOnce(signedIn && wizard !== "idle");
  const hubLoaded = useShownOnce(hubOpened);

  // A sign-in that created the account (here or through Google's redirect) starts the setup once.
  useEffect(() => {
    if (signedIn && !onAuthPage && isSetupPending()) setWizard((step) => (step === "idle" ? "welcome" : step));
    if (!signedIn) {
      setWizard("idle");
      setAccount((current) => (current.opened ? { ...current, opened: false } : current));
    }
  }, [signedIn, onAuthPage]);

  // A member whose session could not be renewed is told why ('No refresh token').
  useEffect(
    () =>
      onSessionEnded((kind, reason) => {
        if (kind === "user" && reason) toastError(reason);
      }),
    [],
  );

  const here = `${location.pathname}${location.search}`;
  const openAccount = useCallback(
    (mode: AuthMode) => {
      setIntendedPath(here);
      setAuth({ opened: true, mode });
    },
    [here],
  );
  const ui = useMemo<AccountUi>(() => ({ openAccount, openAccountModal: (tab = "profile") => setAccount({ opened: true, tab }) }), [openAccount]);
  const slot = useMemo<AccountSlot>(() => ({ NavButton: AccountNavButton, openAccount }), [openAccount]);
  const me = useQuery(meQuery(signedIn));
  const autoFill = signedIn ? autoFillValues(me.data) : {};

  const finishSetup = () => {
    markSetupPending(false);
    setWizard("idle");
  };

  return (
    <AccountUiContext.Provider value={ui}>
      <AccountSlotProvider value={slot}>
        <DraftDefaultsProvider {...autoFill} loading={signedIn && me.isPending}>
          {children}
        </DraftDefaultsProvider>
        <Suspense fallback={null}>
          {authLoaded && (
            <AuthModal
              opened={auth.opened && !signedIn}
              mode={auth.mode}
              onModeChange={(mode) => setAuth({ opened: true, mode })}
              onClose={() => setAuth((current) => ({ ...current, opened: false }))}
              onSignedIn={({ isNewUser, linked, name }) => {
                setAuth((current) => ({ ...current, opened: false }));
                toastSuccess(isNewUser ? `Welcome, ${name}!` : `Welcome back, ${name}!`);
                if (linked > 0) toastSuccess(ACCOUNT_MESSAGES.submissionLinked);
                if (isNewUser) setWizard("welcome");
              }}
            />
          )}
          {accountLoaded && (
            <AccountModal
              opened={account.opened && signedIn}
              tab={account.tab}
              onTabChange={(tab) => setAccount({ opened: true, tab })}
              onClose={() => setAccount((current) => ({ ...current, opened: false }))}
              onOpenCommunity={() => {
                setAccount((current) => ({ ...current, opened: false }));
                setHubOpened(true);
              }}
              onSignOut={async () => {
                await session.signOut();
                toastInfo(ACCOUNT_MESSAGES.signedOut);
              }}
            />
          )}
          {wizardLoaded && <SetupWizard step={signedIn ? wizard : "idle"} onStep={setWizard} onFinish={finishSetup} />}
          {hubLoaded && renderCommunityHub({ opened: hubOpened, onClose: () => setHubOpened(false) })}
        </Suspense>
      </AccountSlotProvider>
    </AccountUiContext.Provider>
  );
}
