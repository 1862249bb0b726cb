import { useEffect } from "react";
import { useOwnUserId } from "../../lib/use-stored-session";
import { recordActivity } from "./activity";

/** Records a visit of the home or queue page for this browser's submitter, once per visit. */
export function usePageActivity(page: "home_page" | "queue_page"): void {
  const userId = useOwnUserId();
  useEffect(() => {
    void recordActivity(userId, page);
  }, [userId, page]);
}
