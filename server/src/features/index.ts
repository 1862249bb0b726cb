import type { FastifyInstance } from "fastify";
import type { FeatureDeps } from "../feature-deps";
import { registerLiveRoutes } from "../live/live.routes";
import { registerAdminRoutes } from "./admins/admins.routes";
import { registerSettingsRoutes } from "./settings/settings.routes";
import { registerQueueRoutes } from "./queue/queue.routes";
import { registerQueueAdminRoutes } from "./queue/queue-admin.routes";
import { registerActivityRoutes } from "./activity/activity.routes";
import { registerGoogleRoutes } from "./google/google.routes";
import { registerUserAuthRoutes } from "./user-auth/user-auth.routes";
import { registerUserRoutes } from "./users/users.routes";
import { registerFilesRoutes } from "./files/files.routes";
import { registerUploadSubmissionRoutes } from "./files/upload-submission.routes";
import { registerPublicConfigRoutes } from "./public-config/public-config.routes";

/** Registers every feature's routes under /api/v1. */
export async function registerFeatureRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await registerAdminRoutes(api, deps);
  await registerSettingsRoutes(api, deps);
  await registerQueueRoutes(api, deps);
  await registerQueueAdminRoutes(api, deps);
  await registerActivityRoutes(api, deps);
  await registerUserAuthRoutes(api, deps);
  await registerUserRoutes(api, deps);
  await registerGoogleRoutes(api, deps);
  await registerFilesRoutes(api, deps);
  await registerUploadSubmissionRoutes(api, deps);
  await registerPublicConfigRoutes(api, deps);
}

/** The live sockets, at their own paths (/ws/public, /ws/admin), outside /api/v1. */
export function registerSocketRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerLiveRoutes(app, deps, {
    onUserSeen: (userId) => deps.services.activity.noteActivity(userId),
    isSubmitter: (actor, userId) => deps.services.queue.isSubmitter(actor, userId),
  });
}
