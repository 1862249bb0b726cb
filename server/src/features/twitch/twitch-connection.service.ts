import { TWITCH_MESSAGES, TWITCH_REWARD_TITLES, type TwitchRewardsInput, type TwitchStatus } from "@common/twitch";
import { type Actor, requireActiveAdmin } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { AppError, badRequest } from "../../lib/errors";
import type { TokenService } from "../auth/token.service";
import { CHANNEL_SCOPES, type TwitchChannel } from "./twitch-channel";
import { TwitchGrantRefused } from "./twitch-oauth.client";

const STATE_PURPOSE = "twitch-connect";
/** Whether the channel is live is asked of Helix at most this often (the admin page polls every few seconds). */
const LIVE_CHECK_MS = 30_000;
const STATE_TTL_SECONDS = 10 * 60;

/** The host connects the Twitch channel once (OAuth authorization code), sees its status and creates the rewards. */
export function createTwitchConnectionService(deps: { channel: TwitchChannel; tokens: TokenService; clock: Clock }) {
  const { repository, cipher } = deps.channel;
  let liveCheck: { login: string; at: number; live: boolean } | null = null;

  /** Whether the connected channel is live (Helix Get Streams); null when Twitch cannot say now. */
  async function isLive(login: string): Promise<boolean | null> {
    const now = deps.clock.now().getTime();
    if (liveCheck?.login === login && now - liveCheck.at < LIVE_CHECK_MS) return liveCheck.live;
    try {
      const live = (await (await deps.channel.api!()).streams.getStreamByUserName(login)) !== null;
      liveCheck = { login, at: now, live };
      return live;
    } catch {
      return null;
    }
  }

  function configured() {
    const { oauth, api } = deps.channel;
    if (!oauth || !api) throw badRequest(TWITCH_MESSAGES.notConfigured);
    return { oauth, api };
  }

  /** Who the new token belongs to and what it allows (Twitch's validate call). */
  async function validate(accessToken: string): Promise<{ userId: string; login: string; scopes: string[] }> {
    const response = await fetch(`${deps.channel.settings.authUrl}/validate`, { headers: { authorization: `OAuth ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
    const body = (await response.json().catch(() => ({}))) as { user_id?: string; login?: string; scopes?: string[] };
    if (!response.ok || !body.user_id || !body.login) throw new TwitchGrantRefused("token did not validate");
    return { userId: body.user_id, login: body.login, scopes: body.scopes ?? [] };
  }

  return {
    async status(actor: Actor): Promise<TwitchStatus> {
      requireActiveAdmin(actor);
      const empty = { channel: null, missing_scopes: [], request_reward_id: null, skip_reward_id: null, reason: null };
      if (!deps.channel.oauth) return { ...empty, state: "not_configured", reason: TWITCH_MESSAGES.notConfigured };
      const row = await repository.connection();
      if (!row) return { ...empty, state: "not_connected" };
      const granted = row.scopes.split(" ");
      const missing = CHANNEL_SCOPES.filter((scope) => !granted.includes(scope));
      const offline = row.status === "connected" && (await isLive(row.broadcaster_login)) === false;
      return {
        state: row.status as TwitchStatus["state"],
        reason: row.status_reason ?? (missing.length ? TWITCH_MESSAGES.missingScope(missing[0]!) : offline ? TWITCH_MESSAGES.streamOffline : null),
        channel: { id: row.broadcaster_id, login: row.broadcaster_login, display_name: row.broadcaster_name },
        missing_scopes: missing,
        request_reward_id: row.request_reward_id,
        skip_reward_id: row.skip_reward_id,
      };
    },

    /** Twitch's consent page for the broadcaster (or a bot account); `callbackUrl` is this app's callback. */
    async connectUrl(actor: Actor, callbackUrl: string): Promise<string> {
      requireActiveAdmin(actor);
      const { oauth } = configured();
      const state = await deps.tokens.signClaims({ connect: true }, STATE_PURPOSE, STATE_TTL_SECONDS);
      return oauth.authorizeUrl({ redirectUri: callbackUrl, scopes: [...CHANNEL_SCOPES], state, forceVerify: true });
    },

    /** Where Twitch sends the host back: stores the tokens (encrypted) and answers the admin page's path to land on. */
    async finishConnect(query: { code?: string; state?: string; error?: string }, callbackUrl: string): Promise<{ ok: boolean; message: string | null }> {
      const { oauth } = configured();
      const claims = query.state ? await deps.tokens.verifyClaims(query.state, STATE_PURPOSE) : null;
      if (!claims || query.error || !query.code) return { ok: false, message: TWITCH_MESSAGES.connectFailed };
      try {
        const tokens = await oauth.exchangeCode(query.code, callbackUrl);
        const who = await validate(tokens.accessToken);
        const now = deps.clock.now();
        await repository.saveConnection({
          broadcaster_id: who.userId,
          broadcaster_login: who.login,
          broadcaster_name: who.login,
          scopes: (tokens.scopes.length ? tokens.scopes : who.scopes).join(" "),
          access_token: cipher.seal(tokens.accessToken),
          refresh_token: cipher.seal(tokens.refreshToken),
          expires_at: toIso(new Date(now.getTime() + tokens.expiresInSeconds * 1000)),
          status: "connecting",
          status_reason: null,
          connected_at: toIso(now),
          updated_at: toIso(now),
        });
        return { ok: true, message: null };
      } catch (error) {
        if (!(error instanceof TwitchGrantRefused)) throw error;
        return { ok: false, message: TWITCH_MESSAGES.connectFailed };
      }
    },

    async disconnect(actor: Actor): Promise<void> {
      requireActiveAdmin(actor);
      await repository.deleteConnection();
    },

    /** Creates "Request a song" (text input) and, with a cost, "Skip the line" on the channel through Helix. */
    async createRewards(actor: Actor, input: TwitchRewardsInput): Promise<TwitchStatus> {
      requireActiveAdmin(actor);
      const api = await configured().api();
      const row = await repository.connection();
      if (!row) throw badRequest(TWITCH_MESSAGES.notConnected);
      try {
        const request = await api.channelPoints.createCustomReward(row.broadcaster_id, {
          title: TWITCH_REWARD_TITLES.request,
          cost: input.request_cost,
          prompt: "A link (YouTube, SoundCloud, Spotify) or the song's name",
          userInputRequired: true,
        });
        const skip = input.skip_cost
          ? await api.channelPoints.createCustomReward(row.broadcaster_id, {
              title: TWITCH_REWARD_TITLES.skip,
              cost: input.skip_cost,
              prompt: "A link: your song goes ahead of the line",
              userInputRequired: true,
            })
          : null;
        await repository.updateConnection({ request_reward_id: request.id, skip_reward_id: skip?.id ?? row.skip_reward_id, updated_at: toIso(deps.clock.now()) });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(502, TWITCH_MESSAGES.rewardsFailed);
      }
      return this.status(actor);
    },
  };
}

export type TwitchConnectionService = ReturnType<typeof createTwitchConnectionService>;
