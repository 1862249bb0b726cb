import { useCallback, useEffect } from "react";
import { useLiveChannel, useLiveMessage } from "../live";

/**
 * Asks the live channel for this submitter's position (request_position) once connected, and again
 * whenever the returned function is called (the position widget's refresh). The page that calls it
 * is not drawn again as the connection's state moves: the server's connection_established says when.
 */
export function useRequestPosition(userId: string | null): () => void {
  const { send, isConnected } = useLiveChannel();
  const request = useCallback(() => {
    if (userId) send({ type: "request_position", user_id: userId });
  }, [send, userId]);
  useEffect(() => {
    if (isConnected()) request();
  }, [isConnected, request]);
  useLiveMessage("connection_established", request);
  return request;
}
