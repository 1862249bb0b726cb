import type { CSSProperties, ReactNode } from "react";
import { Container } from "@mantine/core";
import { Link, NavLink } from "react-router";
import { useSite } from "../lib/site";
import { useAccountSlot } from "./account-slot";
import { HEADER_HEIGHT, PAGE_WIDTH } from "./page";
import classes from "./site-header.module.css";

/** The public pages' destinations, in the header's order. */
export const SITE_LINKS = [
  { label: "Queue", to: "/queue" },
  { label: "Live", to: "/live" },
  { label: "Community", to: "/community" },
] as const;

/**
 * The header of every public page: the brand (home), Queue, Live, Community, then `extras` (the LIVE
 * badge and the notification menu, given by the layout) and the sign-in or account button.
 */
export function SiteHeader({ extras }: { extras?: ReactNode }) {
  const { NavButton } = useAccountSlot();
  const siteName = useSite().name;
  return (
    <header className={classes.header} style={{ "--header-height": `${HEADER_HEIGHT}px` } as CSSProperties}>
      <Container size={PAGE_WIDTH.wide} px="md" className={classes.bar}>
        <Link to="/" className={classes.brand}>
          {siteName}
        </Link>
        <nav aria-label="Main" className={classes.nav}>
          {SITE_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.link}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className={classes.account}>
          {extras}
          <NavButton />
        </div>
      </Container>
    </header>
  );
}
