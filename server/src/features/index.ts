import type { FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
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
import { registerAccountDataRoutes } from "./users/account-data.routes";
import { registerFilesRoutes } from "./files/files.routes";
import { registerUploadSubmissionRoutes } from "./files/upload-submission.routes";
import { registerPublicConfigRoutes } from "./public-config/public-config.routes";
import { registerSchedulerRoutes } from "./scheduler/scheduler.routes";
import { registerAnalyticsRoutes } from "./analytics/analytics.routes";
import { registerBulkRoutes } from "./bulk/bulk.routes";
import { registerAuditRoutes } from "./audit/audit.routes";
import { registerLoyaltyRoutes } from "./loyalty/loyalty.routes";
import { registerDraftsRoutes } from "./drafts/drafts.routes";
import { registerVotesRoutes } from "./votes/votes.routes";
import { registerSkipVotesRoutes } from "./skip-votes/skip-votes.routes";
import { registerEmailRoutes } from "./email/email.routes";
import { registerLiveStreamRoutes } from "./live-stream/live-stream.routes";
import { registerClientEventsRoutes } from "./client-events/client-events.routes";
import { registerChatRoutes } from "./chat/chat.routes";
import { registerModerationRoutes } from "./moderation/moderation.routes";
import { registerTwitchRoutes } from "./twitch/twitch.routes";
import { registerPlayerRoutes } from "./player/player.routes";
import { registerTwitchSignInRoutes } from "./twitch/twitch-sign-in.routes";
import { registerYoutubeChatRoutes } from "./youtube-chat/youtube-chat.routes";
import { registerReviewsRoutes } from "./reviews/reviews.routes";
import { registerSongDetailsRoutes } from "./song-details/song-details.routes";

/** Registers every feature's routes under /api/v1. */
export async function registerFeatureRoutes(api: FastifyInstance, deps: FeatureDeps): Promise<void> {
  await registerAdminRoutes(api, deps);
  await registerSettingsRoutes(api, deps);
  await registerQueueRoutes(api, deps);
  await registerQueueAdminRoutes(api, deps);
  await registerActivityRoutes(api, deps);
  await registerUserAuthRoutes(api, deps);
  await registerUserRoutes(api, deps);
  await registerAccountDataRoutes(api, deps);
  // The only routes that read or set a cookie (the Google sign-in state): the cookie plugin's hooks stay off every other request.
  await api.register(async (google) => {
    await google.register(fastifyCookie);
    await registerGoogleRoutes(google, deps);
    await registerTwitchSignInRoutes(google, deps);
  });
  await registerFilesRoutes(api, deps);
  await registerUploadSubmissionRoutes(api, deps);
  await registerPublicConfigRoutes(api, deps);
  await registerSchedulerRoutes(api, deps);
  await registerAnalyticsRoutes(api, deps);
  await registerBulkRoutes(api, deps);
  await registerAuditRoutes(api, deps);
  await registerLoyaltyRoutes(api, deps);
  await registerDraftsRoutes(api, deps);
  await registerVotesRoutes(api, deps);
  await registerSkipVotesRoutes(api, deps);
  await registerEmailRoutes(api, deps);
  await registerLiveStreamRoutes(api, deps);
  await registerClientEventsRoutes(api, deps);
  await registerChatRoutes(api, deps);
  await registerModerationRoutes(api, deps);
  await registerTwitchRoutes(api, deps);
  await registerYoutubeChatRoutes(api, deps);
  await registerReviewsRoutes(api, deps);
  await registerSongDetailsRoutes(api, deps);
  await registerPlayerRoutes(api, deps);
}

/** The live sockets, at their own paths (/ws/public, /ws/admin), outside /api/v1. */
export function registerSocketRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerLiveRoutes(app, deps, {
    onUserSeen: (userId) => deps.services.activity.noteActivity(userId),
    isSubmitter: (actor, userId) => deps.services.queue.isSubmitter(actor, userId),
  });
}
