import { useNavigate } from "react-router";
import { COMMUNITY_MESSAGES } from "@common/community";
import type { PublicUser } from "@common/users";
import { useAccountSlot } from "../../components/account-slot";
import { toastInfo } from "../../components/toast";
import { useOwnIdentity } from "../../lib/use-stored-session";

/** View Profile from the grid: members go to the profile; signed-out visitors are told to sign in. */
export function useViewProfile(afterNavigate?: () => void): (user: PublicUser) => void {
  const navigate = useNavigate();
  const { signedIn } = useOwnIdentity();
  const account = useAccountSlot();
  return (user) => {
    if (!signedIn) {
      toastInfo(COMMUNITY_MESSAGES.signInToViewProfiles);
      account.openAccount("login");
      return;
    }
    afterNavigate?.();
    void navigate(`/community/${encodeURIComponent(user.username)}`);
  };
}
