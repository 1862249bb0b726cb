/**
 * Table types, one interface per feature, joined here. Timestamps are ISO-8601 UTC text and booleans
 * are 0/1 integers on both databases, so repositories read the same values whatever the dialect.
 */
import type { ActivityTables } from "./tables/activity";
import type { AnalyticsTables } from "./tables/analytics";
import type { AuditTables } from "./tables/audit";
import type { ChatTables } from "./tables/chat";
import type { ClientEventTables } from "./tables/client-events";
import type { CoreTables } from "./tables/core";
import type { DraftTables } from "./tables/drafts";
import type { EmailTables } from "./tables/email";
import type { FileTables } from "./tables/files";
import type { LoyaltyTables } from "./tables/loyalty";
import type { ModerationTables } from "./tables/moderation";
import type { ReviewTables } from "./tables/reviews";
import type { OutboxTables } from "./tables/outbox";
import type { SchedulerTables } from "./tables/scheduler";
import type { SkipVoteTables } from "./tables/skip-votes";
import type { SongDetailsTables } from "./tables/song-details";
import type { TwitchTables } from "./tables/twitch";
import type { UserTables } from "./tables/users";
import type { VoteTables } from "./tables/votes";
import type { YoutubeChatTables } from "./tables/youtube-chat";

export interface Database
  extends
    CoreTables,
    ActivityTables,
    UserTables,
    FileTables,
    OutboxTables,
    SchedulerTables,
    AnalyticsTables,
    AuditTables,
    LoyaltyTables,
    DraftTables,
    VoteTables,
    EmailTables,
    ClientEventTables,
    ModerationTables,
    TwitchTables,
    YoutubeChatTables,
    ChatTables,
    ReviewTables,
    SkipVoteTables,
    SongDetailsTables {}
