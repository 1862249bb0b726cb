import { useEffect, useRef, useState, type CSSProperties } from "react";
import { UnstyledButton } from "@mantine/core";
import { useLocation } from "react-router";
import { GOOGLE_BUTTON_HEIGHTS, GOOGLE_BUTTON_LABEL } from "@common/account";
import { setIntendedPath } from "../../../lib/storage";
import { GOOGLE_CLIENT_ID, handleGoogleResponse, loadGoogleIdentity } from "../google-identity";
import { googleStartUrl } from "../session";

export type GoogleButtonSize = keyof typeof GOOGLE_BUTTON_HEIGHTS;
export type GoogleButtonTheme = "outline" | "filled_blue" | "filled_black";
export type GoogleButtonShape = "rectangular" | "pill" | "circle" | "square";

export interface GoogleSignInButtonProps {
  label?: string;
  size?: GoogleButtonSize;
  theme?: GoogleButtonTheme;
  shape?: GoogleButtonShape;
  disabled?: boolean;
  /** Also asks for read access to the user's video channel (always through the server's redirect flow). */
  withChannel?: boolean;
  fullWidth?: boolean;
  /** Called only with a real credential (Google Identity Services). */
  onCredential?: (credential: string) => void;
  onError?: (message: string) => void;
}

const THEMES: Record<GoogleButtonTheme, CSSProperties> = {
  outline: { background: "#fff", color: "#1f1f1f", border: "1px solid #747775" },
  filled_blue: { background: "#1a73e8", color: "#fff", border: "1px solid #1a73e8" },
  filled_black: { background: "#131314", color: "#e3e3e3", border: "1px solid #8e918f" },
};

function GoogleLogo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden style={{ flexShrink: 0 }}>
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

/** Our own rendering of Google's button, used for the redirect flow (and while Google's script loads). */
function RedirectButton({
  label,
  size,
  theme,
  shape,
  disabled,
  fullWidth,
  onClick,
}: Required<Pick<GoogleSignInButtonProps, "label" | "size" | "theme" | "shape">> & { disabled: boolean; fullWidth: boolean; onClick: () => void }) {
  const height = GOOGLE_BUTTON_HEIGHTS[size];
  const iconOnly = shape === "circle" || shape === "square";
  const radius = shape === "pill" || shape === "circle" ? height / 2 : 4;
  return (
    <UnstyledButton
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      data-size={size}
      style={{
        ...THEMES[theme],
        height,
        width: iconOnly ? height : fullWidth ? "100%" : undefined,
        borderRadius: radius,
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        gap: size === "small" ? 6 : 10,
        padding: iconOnly ? 0 : `0 ${size === "small" ? 8 : 12}px`,
        fontSize: size === "large" ? 14 : size === "medium" ? 13 : 11,
        fontWeight: 500,
        opacity: disabled ? 0.5 : 1,
        cursor: disabled ? "not-allowed" : "pointer",
      }}
    >
      <GoogleLogo size={Math.round(height * 0.45)} />
      {!iconOnly && <span>{label}</span>}
    </UnstyledButton>
  );
}

/**
 * Google sign-in. With VITE_GOOGLE_CLIENT_ID (and no channel access asked) Google's own button is
 * rendered and its credential handed to `onCredential`; otherwise the button starts the server's
 * redirect flow, remembering the page to come back to.
 */
export function GoogleSignInButton({
  label = GOOGLE_BUTTON_LABEL,
  size = "large",
  theme = "outline",
  shape = "rectangular",
  disabled = false,
  withChannel = false,
  fullWidth = false,
  onCredential,
  onError,
}: GoogleSignInButtonProps) {
  const location = useLocation();
  const holder = useRef<HTMLDivElement>(null);
  const useIdentityServices = !!GOOGLE_CLIENT_ID && !withChannel && !!onCredential && !disabled;
  const [rendered, setRendered] = useState(false);
  const handlers = useRef({ onCredential, onError });
  handlers.current = { onCredential, onError };

  useEffect(() => {
    if (!useIdentityServices) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !holder.current) return;
        google.accounts.id.initialize({
          client_id: GOOGLE_CLIENT_ID,
          ux_mode: "popup",
          callback: (response) =>
            handleGoogleResponse(
              response,
              (credential) => handlers.current.onCredential?.(credential),
              (message) => handlers.current.onError?.(message),
            ),
        });
        const iconOnly = shape === "circle" || shape === "square";
        google.accounts.id.renderButton(holder.current, {
          type: iconOnly ? "icon" : "standard",
          theme,
          size,
          shape,
          text: "signin_with",
          width: fullWidth ? holder.current.clientWidth || undefined : undefined,
        });
        setRendered(true);
      })
      .catch(() => setRendered(false));
    return () => {
      cancelled = true;
    };
  }, [useIdentityServices, theme, size, shape, fullWidth]);

  const startRedirect = () => {
    const here = `${location.pathname}${location.search}`;
    setIntendedPath(here);
    window.location.assign(googleStartUrl(here, withChannel));
  };

  return (
    <div style={{ width: fullWidth ? "100%" : undefined, display: fullWidth ? "block" : "inline-block" }}>
      {useIdentityServices && <div ref={holder} style={{ display: rendered ? "flex" : "none", justifyContent: "center" }} />}
      {!rendered && <RedirectButton label={label} size={size} theme={theme} shape={shape} disabled={disabled} fullWidth={fullWidth} onClick={startRedirect} />}
    </div>
  );
}
