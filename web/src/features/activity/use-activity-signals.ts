import { useEffect } from "react";
import { useLocation } from "react-router";
import { useOwnUserId } from "../../lib/use-stored-session";
import { recordActivity } from "./activity";

/** The page part of page_visit:{page}: the first segment of the path, "home" for /. */
export function pageName(pathname: string): string {
  return pathname.split("/").find(Boolean)?.toLowerCase() ?? "home";
}

/** Records page_visit:{page} on every public page this browser's submitter opens (no debounce, as the spec says). */
export function usePageVisitActivity(): void {
  const userId = useOwnUserId();
  const { pathname } = useLocation();
  const page = pageName(pathname);
  useEffect(() => {
    void recordActivity(userId, `page_visit:${page}`);
  }, [userId, page]);
}

/** Records `interaction` when the submitter clicks, taps or types anywhere (at most every 30 s, by recordActivity's debounce). */
export function useInteractionActivity(): void {
  const userId = useOwnUserId();
  useEffect(() => {
    if (!userId) return;
    const note = () => void recordActivity(userId, "interaction");
    document.addEventListener("pointerdown", note, { passive: true });
    document.addEventListener("keydown", note);
    return () => {
      document.removeEventListener("pointerdown", note);
      document.removeEventListener("keydown", note);
    };
  }, [userId]);
}
