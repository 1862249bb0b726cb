/** Site-wide facts that differ per deployment, read from the build environment. */

export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || "support@livequeue.app";

export interface SocialLink {
  label: string;
  url: string;
}

const DEFAULT_SOCIAL_LINKS = "YouTube=https://www.youtube.com;Twitch=https://www.twitch.tv;Instagram=https://www.instagram.com;TikTok=https://www.tiktok.com";

/** VITE_SOCIAL_LINKS: `Label=https://…;Label=https://…` (only http and https links are kept). */
export function parseSocialLinks(spec: string): SocialLink[] {
  return spec
    .split(";")
    .map((part) => {
      const at = part.indexOf("=");
      return { label: part.slice(0, at).trim(), url: part.slice(at + 1).trim() };
    })
    .filter((link) => link.label && /^https?:\/\//.test(link.url));
}

export const SOCIAL_LINKS: SocialLink[] = parseSocialLinks(import.meta.env.VITE_SOCIAL_LINKS || DEFAULT_SOCIAL_LINKS);
