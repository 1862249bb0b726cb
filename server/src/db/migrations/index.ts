import type { Migration } from "kysely";
import * as core from "./0001-core";
import * as activity from "./0002-activity";
import * as users from "./0003-users";
import * as files from "./0004-files";
import * as spine from "./0005-spine";
import * as scheduler from "./0007-scheduler";
import * as analytics from "./0006-analytics";
import * as audit from "./0008-audit";
import * as fastpass from "./0010-fastpass";
import * as drafts from "./0011-drafts";
import * as votes from "./0012-votes";
import * as email from "./0013-email";
import * as notices from "./0014-notices";
import * as linksAndBans from "./0015-links-and-bans";
import * as watchSeconds from "./0016-watch-seconds";
import * as webLinkKeys from "./0017-web-link-keys";
import * as queueOpenings from "./0018-queue-openings";
import * as adminSessionVersion from "./0019-admin-session-version";
import * as emailConfirmationSentAt from "./0020-email-confirmation-sent-at";
import * as uploadOwners from "./0021-upload-owners";
import * as chatIdentities from "./0022-chat-identities";
import * as twitch from "./0023-twitch";
import * as songDetails from "./0025-song-details";
import * as skipVotesAndApproval from "./0026-skip-votes-and-approval";
import * as reviewsAndLoudness from "./0027-reviews-and-loudness";
import * as youtubeChat from "./0028-youtube-chat";

/** Every migration, in order. Add new files here; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "0001-core": core,
  "0002-activity": activity,
  "0003-users": users,
  "0004-files": files,
  "0005-spine": spine,
  "0007-scheduler": scheduler,
  "0006-analytics": analytics,
  "0008-audit": audit,
  "0010-fastpass": fastpass,
  "0011-drafts": drafts,
  "0012-votes": votes,
  "0013-email": email,
  "0014-notices": notices,
  "0015-links-and-bans": linksAndBans,
  "0016-watch-seconds": watchSeconds,
  "0017-web-link-keys": webLinkKeys,
  "0018-queue-openings": queueOpenings,
  "0019-admin-session-version": adminSessionVersion,
  "0020-email-confirmation-sent-at": emailConfirmationSentAt,
  "0021-upload-owners": uploadOwners,
  "0022-chat-identities": chatIdentities,
  "0023-twitch": twitch,
  "0025-song-details": songDetails,
  "0026-skip-votes-and-approval": skipVotesAndApproval,
  "0027-reviews-and-loudness": reviewsAndLoudness,
  "0028-youtube-chat": youtubeChat,
};
