import type { QueueStatus } from "@common/queue";
import { SERVED_CONFIG_META } from "@common/served-config";

/** Absolute API (ending in /api/v1/) and socket (ws: or wss:, no trailing slash) bases. */
export interface ServedBases {
  api: string;
  ws: string;
}

const readMeta = (doc: Document, name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.getAttribute("content") ?? null;

// Not common's QUEUE_STATUSES: that module brings zod into the first page's scripts.
const IS_QUEUE_STATUS: Record<QueueStatus, true> = { open: true, busy: true, closed: true };

/** The queue's status when the server sent this page, if it is a page prerendered for one status. */
export function servedQueueStatus(doc: Document = document): QueueStatus | null {
  const status = readMeta(doc, SERVED_CONFIG_META.queueStatus);
  return status !== null && Object.hasOwn(IS_QUEUE_STATUS, status) ? (status as QueueStatus) : null;
}

/**
 * The bases the server wrote into index.html when it served this page, resolved against the page;
 * null when no server wrote them (the Vite development server).
 */
export function servedBases(doc: Document = document): ServedBases | null {
  const read = (name: string) => readMeta(doc, name);
  const api = read(SERVED_CONFIG_META.apiBase);
  const ws = read(SERVED_CONFIG_META.wsBase);
  if (api === null || ws === null) return null;
  const apiUrl = new URL(api, doc.baseURI).href;
  const wsUrl = new URL(ws, doc.baseURI);
  wsUrl.protocol = wsUrl.protocol === "https:" ? "wss:" : "ws:";
  return { api: apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`, ws: wsUrl.href.replace(/\/+$/, "") };
}
