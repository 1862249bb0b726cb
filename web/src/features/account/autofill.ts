import { useQuery } from "@tanstack/react-query";
import type { MeUser } from "@common/users";
import { useOwnIdentity } from "../../lib/use-stored-session";
import { meQuery } from "./api";

export interface AutoFillValues {
  artist_name?: string;
  youtube_username?: string;
}

/** The submission form's starting values from the member's defaults, when auto-fill is on. */
export function autoFillValues(me: Pick<MeUser, "default_artist_name" | "default_youtube_username" | "preferences"> | null | undefined): AutoFillValues {
  if (!me?.preferences.auto_fill_artist) return {};
  const values: AutoFillValues = {};
  if (me.default_artist_name) values.artist_name = me.default_artist_name;
  if (me.default_youtube_username) values.youtube_username = me.default_youtube_username;
  return values;
}

/** Auto-fill defaults of the signed-in member (empty for guests or until the profile has loaded). */
export function useAutoFillDefaults(): AutoFillValues {
  const { signedIn } = useOwnIdentity();
  const me = useQuery(meQuery(signedIn));
  return signedIn ? autoFillValues(me.data) : {};
}
