/**
 * Whether a thumbnail address may be shown: https (or http for a listed http origin), on one of the
 * allowed origins, where `https://*.example.com` allows any subdomain. The pages' CSP allows the same list.
 */
export function isAllowedThumbnail(address: string | null, origins: readonly string[]): boolean {
  if (!address) return false;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((origin) => {
    const [scheme, host] = origin.split("://") as [string, string];
    if (`${scheme}:` !== url.protocol) return false;
    if (host.startsWith("*.")) return url.port === "" && url.hostname.endsWith(host.slice(1));
    return url.host === host.toLowerCase();
  });
}
