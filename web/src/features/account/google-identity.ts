import { ERROR_TEXT } from "@common/error-catalogue";

/** The Google sign-in client id of this build; without it the server's redirect flow is used. */
export const GOOGLE_CLIENT_ID: string = import.meta.env.VITE_GOOGLE_CLIENT_ID ?? "";

const GIS_SCRIPT = "https://accounts.google.com/gsi/client";

export interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleButtonOptions {
  type: "standard" | "icon";
  theme: string;
  size: string;
  shape: string;
  text: "signin_with";
  width?: number;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void; ux_mode: "popup" }): void;
      renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/**
 * What a Google answer means: success only when it carries a credential; anything else goes to the
 * error handler with the catalogue's 'cancelled or failed' sentence.
 */
export function handleGoogleResponse(response: GoogleCredentialResponse | null | undefined, onCredential: (credential: string) => void, onError: (message: string) => void): void {
  const credential = response?.credential;
  if (typeof credential === "string" && credential.length > 0) onCredential(credential);
  else onError(ERROR_TEXT.googleCancelled);
}

let loading: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once per page. */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google) : reject(new Error("Google Identity Services did not load")));
    script.onerror = () => {
      loading = null;
      reject(new Error("Google Identity Services did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}
