/** The back-office frame: the shell around every signed-in admin page, its navigation and the admin home's cards. */
export { ADMIN_PAGES, adminPagesIn, type AdminSection } from "./admin-pages";
export { AdminNavCard } from "./components/admin-nav-card";
export { AdminShell } from "./components/admin-shell";
