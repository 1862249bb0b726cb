/** The three overlay pages a streamer can add as a browser source. */
export const OVERLAY_VIEWS = {
  combined: { path: "/overlay", label: "Now playing and up next" },
  "now-playing": { path: "/overlay/now-playing", label: "Now playing" },
  "up-next": { path: "/overlay/up-next", label: "Up next" },
} as const;
export type OverlayView = keyof typeof OVERLAY_VIEWS;

export const OVERLAY_THEMES = ["dark", "light", "minimal"] as const;
export type OverlayTheme = (typeof OVERLAY_THEMES)[number];

export interface OverlaySettings {
  theme: OverlayTheme;
  /** Multiplies every font size. */
  scale: number;
  /** How many upcoming entries the up-next list shows. */
  count: number;
  /** Whether each song shows who requested it. */
  names: boolean;
}

export const OVERLAY_DEFAULTS: OverlaySettings = { theme: "dark", scale: 1, count: 3, names: true };
export const OVERLAY_LIMITS = { scaleMin: 0.5, scaleMax: 3, countMin: 1, countMax: 10 } as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A number from the query string, or null when it is missing or not a finite number. */
function numberParam(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

const FALSE_WORDS = new Set(["0", "false", "no", "off"]);
const TRUE_WORDS = new Set(["1", "true", "yes", "on"]);

/**
 * The overlay's settings from its URL. Whatever a host types by hand gives a usable overlay: unknown
 * values fall back to the defaults and numbers are clamped to their limits.
 */
export function parseOverlaySettings(search: string | URLSearchParams): OverlaySettings {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const theme = params.get("theme")?.toLowerCase();
  const scale = numberParam(params.get("scale"));
  const count = numberParam(params.get("count"));
  const names = params.get("names")?.toLowerCase() ?? "";
  return {
    theme: OVERLAY_THEMES.find((known) => known === theme) ?? OVERLAY_DEFAULTS.theme,
    scale: scale === null ? OVERLAY_DEFAULTS.scale : Math.round(clamp(scale, OVERLAY_LIMITS.scaleMin, OVERLAY_LIMITS.scaleMax) * 100) / 100,
    count: count === null ? OVERLAY_DEFAULTS.count : Math.round(clamp(count, OVERLAY_LIMITS.countMin, OVERLAY_LIMITS.countMax)),
    names: FALSE_WORDS.has(names) ? false : TRUE_WORDS.has(names) ? true : OVERLAY_DEFAULTS.names,
  };
}

/** The full address of an overlay page with every setting spelled out, as the host pastes it into OBS. */
export function overlayUrl(origin: string, view: OverlayView, settings: OverlaySettings): string {
  const query = new URLSearchParams({
    theme: settings.theme,
    scale: String(settings.scale),
    count: String(settings.count),
    names: settings.names ? "1" : "0",
  });
  return `${origin.replace(/\/+$/, "")}${OVERLAY_VIEWS[view].path}?${query.toString()}`;
}
