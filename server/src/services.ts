import path from "node:path";
import type { AppDeps } from "./app-deps";
import type { ServiceLog } from "./lib/log";
import { createRefreshTokenService } from "./features/auth/refresh-token.service";
import { createSettingsService } from "./features/settings/settings.service";
import { createQueueService } from "./features/queue/queue.service";
import { createActivityService } from "./features/activity/activity.service";
import { createAdminsService } from "./features/admins/admins.service";
import { createAdminSessionService } from "./features/admins/admin-session.service";
import { createAccountServices } from "./features/users/account-services";
import { createFilesService } from "./features/files/files.service";
import { createLocalStorage } from "./features/files/storage/local-storage";
import { createOutbox } from "./events/outbox";

/**
 * The services of every feature, built once per app so routes, jobs and sockets share them (and
 * their caches). Each is a plain object made from the deps it needs.
 */
export function createServices(deps: AppDeps & { log: ServiceLog }) {
  const refreshTokens = createRefreshTokenService({
    db: deps.db,
    clock: deps.clock,
    tokens: deps.tokens,
    refreshTtlSeconds: deps.config.refreshTokenTtlSeconds,
  });
  const outbox = createOutbox({ db: deps.db, clock: deps.clock, log: deps.log });
  const settings = createSettingsService(deps);
  const files = createFilesService({ ...deps, storage: createLocalStorage(path.join(deps.config.dataDir, "uploads")) });
  const queue = createQueueService({ ...deps, settings, files, outbox });
  const activity = createActivityService({ ...deps, settings, queue });
  const admins = createAdminsService(deps);
  const adminSessions = createAdminSessionService({ admins, refreshTokens });
  const accounts = createAccountServices({ ...deps, refreshTokens });
  return { outbox, refreshTokens, settings, files, queue, activity, admins, adminSessions, ...accounts };
}

export type Services = ReturnType<typeof createServices>;
