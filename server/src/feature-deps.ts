import type { AdminEntry } from "@common/queue-admin";
import type { AppDeps } from "./app-deps";
import { consoleLog, type ServiceLog } from "./lib/log";
import { createLiveAdapter } from "./live/live-adapter";
import { createLiveFanout, type LiveFanout } from "./live/live-fanout";
import { createListPublisher } from "./live/list-publisher";
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
  /** The queue lists' announcements, driven by the snapshot's builds. */
  lists: LiveLists;
}

/**
 * Builds the guard, every service and the live adapter once; the app, the job runner and tests share
 * the result.
 */
export function createFeatureDeps(appDeps: AppDeps): FeatureDeps {
  const log = appDeps.log ?? consoleLog;
  const deps = { ...appDeps, log };
  const live = createLiveFanout();
  const services = createServices({ ...deps, viewerCount: () => live.viewerCount() });
  const auth = createAuthGuard({
    tokens: deps.tokens,
    adminOfSession: services.admins.adminOfSession,
    guestIdBySecretHash: services.queue.guestIdBySecretHash,
    accountExists: services.users.accountExists,
  });
  const lists = announceLists(services, live, log);
  createLiveAdapter({ events: deps.events, fanout: live });
  return { ...deps, auth, services, live, lists };
}

export interface LiveLists {
  /** Builds the lists once, so the first change already travels as a delta. */
  prime(): Promise<void>;
  /** Resolves once the start-up read and every change so far have gone out. */
  settled(): Promise<void>;
  /** Stops announcing (the app is closing). */
  close(): void;
}

/**
 * One way: each version the queue's snapshot builds (a change starts one) goes to the viewers'
 * publisher, and its back-office lists to the admins' publisher while admin sockets are open. Every
 * version built may be served to someone, so every one is announced.
 */
function announceLists(services: Services, live: LiveFanout, log: ServiceLog): LiveLists {
  const viewerLists = createListPublisher({ publish: (message) => live.publish({ target: { kind: "viewers" }, message: { type: "queue_update", ...message } }) });
  // The back-office lists carry more fields: the admin sockets get their own versions and changes.
  const adminLists = createListPublisher<AdminEntry>({
    publish: (message) => live.publish({ target: { kind: "admins" }, message: { type: "queue_update", ...message } }),
    hasAudience: () => live.adminCount() > 0,
  });
  let closed = false;
  /** Admin versions go out in build order, each once its standings are read. */
  let adminTurn: Promise<void> = Promise.resolve();
  const inAdminTurn = (step: () => Promise<void>) => {
    adminTurn = adminTurn.then(step).catch((err: unknown) => log.warn({ err }, "could not announce the back-office lists"));
  };

  services.queue.onListsBuilt((built) => {
    if (closed) return;
    viewerLists.built(built.lists, built.changed);
    if (live.adminCount() === 0) return adminLists.forget();
    inAdminTurn(async () => adminLists.built(await built.adminLists(), built.changed));
  });
  services.queue.onListsFailed(({ changed, counts }) => {
    if (closed) return;
    log.warn({ queue_types: changed }, "could not read a changed list");
    viewerLists.failed(changed, counts);
    inAdminTurn(async () => adminLists.failed(changed, counts));
  });
  // Read the lists as the first back-office socket arrives, so its first change is already a delta.
  live.onFirstAdmin(() =>
    inAdminTurn(async () => {
      adminLists.forget();
      adminLists.built(await services.queue.admin.currentLists(systemActor("live admin lists")));
    }),
  );

  /** The start-up read: until it is in, this instance knows no version a change could be told against (settled() waits for it too). */
  let primed: Promise<unknown> = Promise.resolve();
  return {
    async prime() {
      primed = services.queue.list("waiting").catch((err: unknown) => log.warn({ err }, "could not read a list"));
      await primed;
    },
    async settled() {
      await primed;
      let turn: Promise<void> | null = null;
      while (turn !== adminTurn) {
        turn = adminTurn;
        await services.queue.listsSettled();
        await turn;
      }
    },
    close() {
      closed = true;
    },
  };
}

/**
 * What a routes file receives: the settings, the request-to-actor guard and only the services it
 * names, so a route cannot reach past the services it was given.
 */
export type RouteDeps<K extends keyof Services = never> = Pick<FeatureDeps, "config" | "auth"> & { services: Pick<Services, K> };
