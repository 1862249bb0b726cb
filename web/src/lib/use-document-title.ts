import { useEffect } from "react";
import { useSite } from "./site";

/** "Queue · Site name"; the site name alone for the home page. */
export function documentTitle(page: string | null, siteName: string): string {
  return page ? `${page} · ${siteName}` : siteName;
}

/** Names the browser tab after the page shown and the host's site; each page calls it with its own name. */
export function useDocumentTitle(page: string | null): void {
  const siteName = useSite().name;
  useEffect(() => {
    document.title = documentTitle(page, siteName);
  }, [page, siteName]);
}
