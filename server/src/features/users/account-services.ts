import type { AppDeps } from "../../app-deps";
import type { PasswordHasher } from "../../lib/passwords";
import type { RefreshTokenService } from "../auth/refresh-token.service";
import { createGoogleClient } from "../google/google.client";
import { createGoogleOAuthService } from "../google/google-oauth.service";
import { createGoogleService, type LinkYoutubeChannel } from "../google/google.service";
import { createUserAuthService } from "../user-auth/user-auth.service";
import { createCommunityService } from "./community.service";
import { createLinkSubmissionService } from "./link-submission.service";
import { createUsersService } from "./users.service";

/** The member-account services (profiles, directory, sign-in by password and by Google), built together. */
export function createAccountServices(deps: AppDeps & { refreshTokens: RefreshTokenService; passwords: PasswordHasher; linkYoutubeChannel?: LinkYoutubeChannel }) {
  const users = createUsersService(deps);
  const community = createCommunityService(deps);
  const linkSubmission = createLinkSubmissionService(deps);
  const userAuth = createUserAuthService({ clock: deps.clock, users, refreshTokens: deps.refreshTokens, tokens: deps.tokens, passwords: deps.passwords });
  const google = createGoogleClient(deps.config.google, deps.clock);
  const googleSignIn = createGoogleService({ db: deps.db, clock: deps.clock, google, users, userAuth, linkYoutubeChannel: deps.linkYoutubeChannel });
  const googleOAuth = createGoogleOAuthService({
    authUrl: deps.config.google.authUrl,
    clientId: deps.config.google.clientId,
    tokens: deps.tokens,
    google,
    googleSignIn,
  });
  return { users, community, linkSubmission, userAuth, googleSignIn, googleOAuth };
}
