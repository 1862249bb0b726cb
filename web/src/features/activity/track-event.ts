import type { ClientEventInput } from "@common/client-events";
import { api } from "../../lib/api-client";

/**
 * Sends a product event (POST analytics/events) and forgets it: counting is never worth bothering the
 * visitor, so failures (a rate limit included) are dropped. Props must hold no personal data.
 */
export function trackEvent(event: string, props: ClientEventInput["props"] = {}): void {
  void api.post("analytics/events", { json: { event, props, ts: new Date().toISOString() } }).catch(() => undefined);
}
