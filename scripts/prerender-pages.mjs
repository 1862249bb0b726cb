// Prerenders the pages a first visit most often opens (`/` and `/queue`) into dist/web/prerendered/,
// the built index.html with the page's HTML in its root: the server sends them for those paths, so a
// phone paints the page as soon as the HTML and CSS arrive, before the JavaScript, whose own render then
// replaces it (web/src/app/main.tsx). Rendered as a first visit: nothing stored, no answer from the API yet,
// in a DOM (jsdom) for what the components read of the browser while rendering. Each page is rendered once
// per queue status, with the status in a meta tag the app reads (web/src/lib/served-config.ts): the
// closed or paused notice is on the page from its first paint, and the server sends the current one.
import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { createServer } from "vite";

const DIST = "dist/web";
const QUEUE_STATUS_META = "livequeue:queue-status";
const QUEUE_STATUSES = ["open", "busy", "closed"];
/** Each page's file for each queue status. */
const PAGES = [
  { url: "/", file: (status) => `home-${status}.html` },
  { url: "/queue", file: (status) => `queue-${status}.html` },
];
const ROOT = '<div id="root"></div>';

const template = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
if (!template.includes(ROOT)) throw new Error(`dist/web/index.html has no empty ${ROOT} to fill`);

const dom = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://localhost/", pretendToBeVisual: true });
dom.window.matchMedia = (query) => ({
  media: query,
  matches: false,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
});
for (const name of ["window", "document", "localStorage", "sessionStorage", "location", "matchMedia", "getComputedStyle", "HTMLElement", "Element", "Node"]) {
  Object.defineProperty(globalThis, name, { value: name === "window" ? dom.window : dom.window[name], configurable: true, writable: true });
}

const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error" });
try {
  const { prerenderPage } = await vite.ssrLoadModule("/src/app/prerender.tsx");
  fs.mkdirSync(path.join(DIST, "prerendered"), { recursive: true });
  for (const { url, file } of PAGES) {
    for (const status of QUEUE_STATUSES) {
      dom.reconfigure({ url: `http://localhost${url}` });
      const statusMeta = `<meta name="${QUEUE_STATUS_META}" content="${status}" />`;
      dom.window.document.head.innerHTML = statusMeta;
      const html = await prerenderPage(url);
      const page = template
        // Inert: seen, but not clicked or focused before the app that answers clicks replaces it.
        .replace(ROOT, `<div id="root"><div inert>${html}</div></div>`)
        // What MantineProvider sets once it runs: the dark scheme's colours from the first paint.
        .replace("<html ", '<html data-mantine-color-scheme="dark" ')
        .replace("</head>", `${statusMeta}</head>`);
      fs.writeFileSync(path.join(DIST, "prerendered", file(status)), page);
    }
  }
} finally {
  await vite.close();
  dom.window.close();
}
