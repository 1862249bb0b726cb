import type { AppDeps } from "./app-deps";
import { consoleLog, type ServiceLog } from "./lib/log";
import { createLiveAdapter } from "./live/live-adapter";
import { createLiveFanout, type LiveFanout } from "./live/live-fanout";
import { combineListPublishers, createListPublisher, type ListAnnouncer } from "./live/list-publisher";
import { systemActor } from "./lib/access";
import { createAuthGuard, type AuthGuard } from "./features/auth/auth-guard";
import { createServices, type Services } from "./services";

/** What the app, its jobs and tests share: the outside deps, the request-to-actor guard and the services. */
export interface FeatureDeps extends AppDeps {
  log: ServiceLog;
  auth: AuthGuard;
  services: Services;
  /** Socket messages for this instance's sockets, made from domain events by the live adapter. */
  live: LiveFanout;
  /** Announces changed queue lists with their version and the change since the last one. */
  lists: ListAnnouncer;
}

/**
 * Builds the guard, every service and the live adapter once; the app, the job runner and tests share
 * the result.
 */
export function createFeatureDeps(appDeps: AppDeps): FeatureDeps {
  const log = appDeps.log ?? consoleLog;
  const deps = { ...appDeps, log };
  const services = createServices(deps);
  const auth = createAuthGuard({
    tokens: deps.tokens,
    adminOfSession: services.admins.adminOfSession,
    guestIdBySecretHash: services.queue.guestIdBySecretHash,
    accountExists: services.users.accountExists,
  });
  const live = createLiveFanout();
  const viewerLists = createListPublisher({
    readList: services.queue.list,
    publish: (message) => live.publish({ target: { kind: "viewers" }, message: { type: "queue_update", ...message } }),
    log,
  });
  // Every version the snapshot builds may be served to someone, so every one is announced.
  services.queue.onListsBuilt(viewerLists.seen);
  // The back-office lists carry more fields: the admin sockets get their own versions and changes.
  const adminLists = createListPublisher({
    readList: (type) => services.queue.admin.versionedList(systemActor("live admin lists"), type),
    publish: (message) => live.publish({ target: { kind: "admins" }, message: { type: "queue_update", ...message } }),
    hasAudience: () => live.adminCount() > 0,
    log,
  });
  // Read the lists as the first back-office socket arrives, so its first change is already a delta.
  live.onFirstAdmin(() => void adminLists.prime());
  const lists = combineListPublishers(viewerLists, adminLists);
  createLiveAdapter({ events: deps.events, fanout: live, lists, listsShowingFile: services.queue.listsShowingFile, log });
  return { ...deps, auth, services, live, lists };
}

/**
 * What a routes file receives: the settings, the request-to-actor guard and only the services it
 * names, so a route cannot reach past the services it was given.
 */
export type RouteDeps<K extends keyof Services = never> = Pick<FeatureDeps, "config" | "auth"> & { services: Pick<Services, K> };
