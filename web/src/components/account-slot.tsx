import { createContext, useContext, type ReactNode } from "react";
import { Button } from "@mantine/core";
import { toastInfo } from "./toast";

/**
 * The seam between the public pages and the account UI. The account feature provides real handlers
 * through <AccountSlotProvider>; until then the buttons say accounts are coming and change nothing.
 */
export interface AccountSlot {
  /** The sign-in or account button of the nav bar. */
  NavButton: () => ReactNode;
  /** Opens registration (or sign-in with `mode: "login"`). */
  openAccount: (mode: "register" | "login") => void;
}

function PlaceholderNavButton() {
  return (
    <Button variant="light" size="sm" onClick={() => placeholder.openAccount("login")}>
      Sign in
    </Button>
  );
}

const placeholder: AccountSlot = {
  NavButton: PlaceholderNavButton,
  openAccount: () => toastInfo("Accounts are coming soon. You can join the queue as a guest."),
};

const AccountSlotContext = createContext<AccountSlot>(placeholder);

export function AccountSlotProvider({ value, children }: { value: AccountSlot; children: ReactNode }) {
  return <AccountSlotContext.Provider value={value}>{children}</AccountSlotContext.Provider>;
}

export function useAccountSlot(): AccountSlot {
  return useContext(AccountSlotContext);
}
