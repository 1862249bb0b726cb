import { useLayoutEffect } from "react";

/**
 * Makes the page see-through while the overlay is mounted, so OBS shows the stream behind it: the
 * app's dark body goes transparent, and the root's colour scheme goes back to normal because Chromium
 * paints a dark canvas behind a transparent root whose scheme is dark. Unmounting puts both back.
 */
export function useTransparentPage(): void {
  useLayoutEffect(() => {
    const { documentElement: html, body } = document;
    const before = { html: html.style.background, body: body.style.background, scheme: html.style.colorScheme };
    html.style.background = "transparent";
    body.style.background = "transparent";
    html.style.colorScheme = "normal";
    return () => {
      html.style.background = before.html;
      body.style.background = before.body;
      html.style.colorScheme = before.scheme;
    };
  }, []);
}
