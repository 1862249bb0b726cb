import { useNavigate } from "react-router";
import { COMMUNITY_MESSAGES } from "@common/community";
import type { PublicUser } from "@common/users";
import { useAccountSlot } from "../../components/account-slot";
import { toastInfo } from "../../components/toast";
import { useOwnIdentity } from "../../lib/use-stored-session";

/**
 * Opening another member's profile from the community (the grid's View Profile, 'Go to @username'):
 * members go to the profile; signed-out visitors are told to sign in. One rule for every way in on the
 * page; a profile's own address stays readable by anyone, as a shared link.
 */
export function useViewProfile(afterNavigate?: () => void): (user: Pick<PublicUser, "username">) => void {
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
