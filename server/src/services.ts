import path from "node:path";
import type { AppDeps } from "./app-deps";
import type { ServiceLog } from "./lib/log";
import { createRefreshTokenService } from "./features/auth/refresh-token.service";
import { createSettingsService } from "./features/settings/settings.service";
import { createQueueService } from "./features/queue/queue.service";
import { createActivityService } from "./features/activity/activity.service";
import { createAdminsService } from "./features/admins/admins.service";
import { createPasswordHasher } from "./lib/passwords";
import { createAdminSessionService } from "./features/admins/admin-session.service";
import { createAccountServices } from "./features/users/account-services";
import { createAccountDataService } from "./features/users/account-data.service";
import { createAccountSecurityService } from "./features/users/account-security.service";
import { createSessionRevocationService } from "./features/auth/session-revocation.service";
import { createFilesService } from "./features/files/files.service";
import { createLocalStorage } from "./features/files/storage/local-storage";
import { createS3Storage } from "./features/files/storage/s3-storage";
import { createOutbox } from "./events/outbox";
import { createSchedulerService } from "./features/scheduler/scheduler.service";
import { createAnalyticsService } from "./features/analytics/analytics.service";
import { createBulkService } from "./features/bulk/bulk.service";
import { createAuditService } from "./features/audit/audit.service";
import { createReviewsService } from "./features/reviews/reviews.service";
import { createFastPassSpender, createLoyaltyService } from "./features/loyalty/loyalty.service";
import { createDraftsService } from "./features/drafts/drafts.service";
import { createVotesService } from "./features/votes/votes.service";
import { createSkipVotesService } from "./features/skip-votes/skip-votes.service";
import { createEmailService } from "./features/email/email.service";
import { createMailer } from "./features/email/mailer";
import { createLiveStreamService } from "./features/live-stream/live-stream.service";
import { createYoutubeLiveClient } from "./features/live-stream/youtube-live.client";
import { createClientEventsService } from "./features/client-events/client-events.service";
import { createChatService } from "./features/chat/chat.service";
import { createFossabotClient } from "./features/chat/fossabot.client";
import { createChatRequestsService } from "./features/chat-requests/chat-requests.service";
import { createYoutubeSongSearch } from "./features/chat-requests/youtube-song-search";
import { createModerationService } from "./features/moderation/moderation.service";
import { systemActor } from "./lib/access";
import { createPlayerService } from "./features/player/player.service";
import { createTwitchServices } from "./features/twitch/twitch-services";
import { createYoutubeChatServices } from "./features/youtube-chat/youtube-chat-services";
import { createSongDetailsService } from "./features/song-details/song-details.service";

/**
 * The services of every feature, built once per app so routes, jobs and sockets share them (and
 * their caches). Each is a plain object made from the deps it needs.
 */
export function createServices(deps: AppDeps & { log: ServiceLog; viewerCount?: () => number }) {
  const refreshTokens = createRefreshTokenService({
    db: deps.db,
    clock: deps.clock,
    tokens: deps.tokens,
    refreshTtlSeconds: deps.config.refreshTokenTtlSeconds,
  });
  const outbox = createOutbox({ db: deps.db, clock: deps.clock, log: deps.log });
  const audit = createAuditService(deps);
  const settings = createSettingsService({ ...deps, audit });
  const { s3 } = deps.config.files;
  const storage = s3 ? createS3Storage(s3) : createLocalStorage(path.join(deps.config.dataDir, "uploads"));
  const files = createFilesService({ ...deps, storage, settings });
  const songDetails = createSongDetailsService({ ...deps, youtube: deps.config.youtube, config: deps.config.songDetails });
  const moderation = createModerationService({ db: deps.db, clock: deps.clock, audit, events: deps.events });
  const queue = createQueueService({
    ...deps,
    settings,
    files,
    songDetails,
    outbox,
    audit,
    bans: moderation,
    fastPass: createFastPassSpender(deps),
    // The activity feature is built on the queue, so it is reached once both exist.
    restartInactivityTimers: (seen) => activity.restartInactivityTimers(seen),
  });
  const activity = createActivityService({ ...deps, settings, queue });
  // Twitch's services come later (they need the chat ones); /live asks them only once running.
  const twitchLive = deps.config.twitch.clientId ? { isLive: (login: string) => twitch.twitchLive!.isLive(login) } : undefined;
  const liveStream = createLiveStreamService({
    settings,
    clock: deps.clock,
    log: deps.log,
    youtube: createYoutubeLiveClient(deps.config.youtube),
    twitch: twitchLive,
    channelSearchIntervalMs: deps.config.youtube.channelSearchIntervalMs,
  });
  const loyalty = createLoyaltyService({
    ...deps,
    settings,
    audit,
    noteActivity: (userId) => activity.noteActivity(userId),
    liveVideoId: () => liveStream.liveVideoId(),
  });
  const passwords = createPasswordHasher(deps.config.passwordHashCost);
  const admins = createAdminsService({ ...deps, passwords });
  const adminSessions = createAdminSessionService({ admins, refreshTokens });
  const accounts = createAccountServices({
    ...deps,
    refreshTokens,
    passwords,
    // Google vouched for the channel (read with the member's own token): its chat identity is theirs.
    linkYoutubeChannel: (channel, accountId) => chatRequests.linkToAccount({ platform: "youtube", platformUserId: channel.id, displayName: channel.title }, accountId),
  });
  const sessionRevocation = createSessionRevocationService(deps);
  const accountSecurity = createAccountSecurityService({ clock: deps.clock, accounts: accounts.users.accounts, sessions: sessionRevocation, passwords });
  const accountData = createAccountDataService({
    db: deps.db,
    clock: deps.clock,
    security: accountSecurity,
    audit,
    removeLiveEntry: (actor, accountId) => queue.removeForDeletedAccount(actor, accountId),
  });
  const scheduler = createSchedulerService({ db: deps.db, clock: deps.clock, settings, queue, audit });
  const analytics = createAnalyticsService({ ...deps, outbox, audit });
  const clientEvents = createClientEventsService(deps);
  const bulk = createBulkService({ queue, clock: deps.clock });
  const drafts = createDraftsService({ db: deps.db, clock: deps.clock, files, queue });
  const votes = createVotesService({ ...deps, settings });
  const skipVotes = createSkipVotesService({ ...deps, settings, queue, viewerCount: deps.viewerCount ?? (() => 0) });
  const email = createEmailService({ ...deps, outbox, settings, queue, mailer: createMailer(deps.config.mail) });
  const chatRequests = createChatRequestsService({
    db: deps.db,
    clock: deps.clock,
    events: deps.events,
    settings,
    queue,
    noteActivity: (submitterId) => activity.noteActivity(submitterId),
    search: createYoutubeSongSearch(deps.config.youtube, () => deps.clock.now().getTime()),
  });
  const chat = createChatService({
    db: deps.db,
    clock: deps.clock,
    events: deps.events,
    audit,
    queue,
    chatRequests,
    skipVotes,
    fossabot: createFossabotClient(deps.config.fossabot),
  });
  const twitch = createTwitchServices({
    ...deps,
    outbox,
    chatRequests,
    chat,
    users: accounts.users,
    userAuth: accounts.userAuth,
    skipTheLine: async (entryId, redemptionId) => {
      await queue.admin.setPriority(systemActor("Twitch channel points"), entryId, { priority_level: 1, payment_source: "twitch_points", payment_reference: redemptionId });
    },
  });
  const reviews = createReviewsService({ db: deps.db, clock: deps.clock, audit });
  const player = createPlayerService({
    clock: deps.clock,
    events: deps.events,
    log: deps.log,
    scripts: {
      youtube_script_url: deps.config.player.youtubeScriptUrl,
      soundcloud_script_url: deps.config.player.soundcloudScriptUrl,
      soundcloud_widget_url: deps.config.player.soundcloudWidgetUrl,
      spotify_script_url: deps.config.player.spotifyScriptUrl,
    },
    setting: (name) => settings.get(name),
    playNext: (actor, input) => queue.admin.playNext(actor, input),
  });
  return {
    ...twitch,
    ...createYoutubeChatServices({ ...deps, chat }),
    reviews,
    songDetails,
    player,
    chat,
    chatRequests,
    moderation,
    outbox,
    audit,
    analytics,
    refreshTokens,
    settings,
    files,
    queue,
    activity,
    loyalty,
    admins,
    adminSessions,
    scheduler,
    bulk,
    drafts,
    votes,
    skipVotes,
    email,
    liveStream,
    clientEvents,
    sessionRevocation,
    accountSecurity,
    accountData,
    ...accounts,
  };
}

export type Services = ReturnType<typeof createServices>;
