import { Button } from "@mantine/core";
import { useLocation } from "react-router";
import { setIntendedPath } from "../../../lib/storage";
import { twitchStartUrl } from "../session";

/** "Sign in with Twitch": the full-page OpenID Connect flow, back to this page once signed in. */
export function TwitchSignInButton({ disabled = false }: { disabled?: boolean }) {
  const location = useLocation();
  const start = () => {
    const here = `${location.pathname}${location.search}`;
    setIntendedPath(here);
    window.location.assign(twitchStartUrl(here));
  };
  return (
    <Button fullWidth variant="default" disabled={disabled} onClick={start}>
      Sign in with Twitch
    </Button>
  );
}
