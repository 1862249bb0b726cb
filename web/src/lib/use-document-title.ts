import { useEffect } from "react";

export const SITE_NAME = "LiveQueue";

/** "Queue · LiveQueue"; the site name alone for the home page. */
export function documentTitle(page: string | null): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}

/** Names the browser tab after the page shown; each page calls it with its own name. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
