import { useCallback, useEffect } from "react";
import { useLive } from "../live";

/**
 * Asks the live channel for this submitter's position (request_position) once connected, and again
 * whenever the returned function is called (the position widget's refresh).
 */
export function useRequestPosition(userId: string | null): () => void {
  const { state, send } = useLive();
  const request = useCallback(() => {
    if (userId) send({ type: "request_position", user_id: userId });
  }, [send, userId]);
  useEffect(() => {
    if (state === "connected") request();
  }, [state, request]);
  return request;
}
