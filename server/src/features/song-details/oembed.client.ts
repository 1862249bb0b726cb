import { z } from "zod";
import type { Config } from "../../config";

/** What an oEmbed endpoint says of a track: its title, author and thumbnail. */
export interface OembedDetails {
  title: string | null;
  channel: string | null;
  thumbnail_url: string | null;
}

/** The endpoint could not be asked or answered something else than oEmbed JSON. */
export class OembedError extends Error {}

const oembedSchema = z.object({
  title: z.string().optional().catch(undefined),
  author_name: z.string().optional().catch(undefined),
  thumbnail_url: z.string().optional().catch(undefined),
});

export type OembedPlatform = "soundcloud" | "spotify";

/** The only code that asks SoundCloud's and Spotify's oEmbed endpoints about a link. */
export function createOembedClient(config: Config["songDetails"]) {
  const endpointOf = (platform: OembedPlatform, url: string) =>
    platform === "soundcloud" ? `${config.soundcloudOembedUrl}?${new URLSearchParams({ format: "json", url })}` : `${config.spotifyOembedUrl}?${new URLSearchParams({ url })}`;

  return {
    /** The track's details, or null when the platform knows no such page (404, 403 for a private track). */
    async lookup(platform: OembedPlatform, url: string): Promise<OembedDetails | null> {
      let response: Response;
      try {
        response = await fetch(endpointOf(platform, url), { signal: AbortSignal.timeout(config.oembedTimeoutMs), redirect: "error" });
      } catch (error) {
        throw new OembedError(`${platform} oEmbed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new OembedError(`${platform} oEmbed: HTTP ${response.status}`);
      const parsed = oembedSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new OembedError(`${platform} oEmbed: unexpected answer`);
      return { title: parsed.data.title ?? null, channel: parsed.data.author_name ?? null, thumbnail_url: parsed.data.thumbnail_url ?? null };
    },
  };
}

export type OembedClient = ReturnType<typeof createOembedClient>;
