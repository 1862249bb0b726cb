/** Where each back-office page sits on the admin home. */
export type AdminSection = "Queue Management" | "Analytics & Reports" | "Fast Pass Manager";

export interface AdminPage {
  label: string;
  path: string;
  /** What its card on the admin home says; the admin home itself has none. */
  description?: string;
  section?: AdminSection;
}

/** Every signed-in back-office page, in the navigation's order: the shell's nav and the admin home's cards. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { label: "Admin home", path: "/admin" },
  {
    label: "Manage Queue",
    path: "/access-queue",
    section: "Queue Management",
    description: "Play, hold, release and remove submissions; set priority tiers.",
  },
  {
    label: "Queue Settings",
    path: "/settings",
    section: "Queue Management",
    description: "Open or close the queue, the stream link, the inactivity timeout and the next stream start.",
  },
  { label: "Scheduler", path: "/queue-scheduler", section: "Queue Management", description: "Open and close the queue automatically." },
  {
    label: "Stream overlay",
    path: "/admin/overlay",
    section: "Queue Management",
    description: "Now playing and up next on your stream: build the OBS browser-source link.",
  },
  { label: "Bulk Operations", path: "/bulk-operations", section: "Queue Management", description: "Move, release, rank or remove many users at once." },
  {
    label: "Chat Commands",
    path: "/admin/chat-commands",
    section: "Queue Management",
    description: "!song, !next, !queue, !position and !link for Nightbot, StreamElements and Fossabot.",
  },
  {
    label: "Bans",
    path: "/admin/bans",
    section: "Queue Management",
    description: "Ban a submitter or a song with a reason; list and lift bans; set limits per stream, song length and words.",
  },
  { label: "Analytics", path: "/analytics", section: "Analytics & Reports", description: "Sessions with charts and CSV export, priority analytics and submissions played." },
  { label: "Submissions Played", path: "/submission-played", section: "Analytics & Reports", description: "Everything played so far, newest first." },
  { label: "Grant Fast Passes", path: "/admin/fastpass", section: "Fast Pass Manager", description: "Find users and add priority tokens by tier." },
  { label: "Audit log", path: "/admin/audit", section: "Analytics & Reports", description: "Who changed what in the back-office, and when." },
];

export const adminPagesIn = (section: AdminSection) => ADMIN_PAGES.filter((page) => page.section === section);
