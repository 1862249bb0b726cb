import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@common/files";
import { presentSite, type Site } from "@common/site";
import { publicApi } from "./api-client";

export const publicConfigKey = ["public-config"] as const;

/** GET public-config: the host's site, the address failed uploads can be e-mailed to, the upload limits. */
export const publicConfigQuery = () => queryOptions({ queryKey: publicConfigKey, queryFn: () => publicApi.get<PublicConfig>("public-config"), staleTime: 60_000 });

/** The site as it is until the host's settings arrive (or when they cannot be read): nothing made up. */
export const DEFAULT_SITE: Site = presentSite(() => null);

/** The host's site (name, links, contact, footer, accent colour, time zone), set on the Settings page. */
export function useSite(): Site {
  return useQuery(publicConfigQuery()).data?.site ?? DEFAULT_SITE;
}
