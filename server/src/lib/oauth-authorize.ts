/** What an OAuth 2 authorization-code request names: where to come back, the scopes asked for and the anti-forgery state. */
export interface AuthorizeRequest {
  redirectUri: string;
  scopes: string[];
  state: string;
}

/** The query of a consent-page URL for an authorization code; a provider adds its own parameters after these. */
export function authorizeQuery(clientId: string, request: AuthorizeRequest): URLSearchParams {
  return new URLSearchParams({
    client_id: clientId,
    redirect_uri: request.redirectUri,
    response_type: "code",
    scope: request.scopes.join(" "),
    state: request.state,
  });
}
