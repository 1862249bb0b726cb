import { Button } from "@mantine/core";
import { useNavigate } from "react-router";
import { BackIcon } from "./icons";

/** Back: to the page the visitor came from in this app, else to `fallback` (an address opened directly). */
export function BackButton({ fallback = "/" }: { fallback?: string }) {
  const navigate = useNavigate();
  const cameFromApp = !!(window.history.state as { idx?: number } | null)?.idx;
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<BackIcon size={14} />}
      onClick={() => void (cameFromApp ? navigate(-1) : navigate(fallback))}
      style={{ alignSelf: "flex-start" }}
    >
      Back
    </Button>
  );
}
