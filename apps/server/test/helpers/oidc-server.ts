import { Events, OAuth2Server } from "oauth2-mock-server";

export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider on loopback (discovery, authorize, token, userinfo, JWKS),
 * standing in for Google, Discord and X in tests. `respondWith` sets the userinfo body, so
 * a provider's own profile shape can be served.
 */
export async function startOidcServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url ?? "";
  let identity: OidcIdentity = { sub: "oidc-user-1", email: "oidc.user@example.com", name: "Oidc User" };
  let userinfo: Record<string, unknown> | null = null;

  server.service.on(Events.BeforeTokenSigning, (token) => {
    token.payload.sub = identity.sub;
    token.payload.email = identity.email;
    token.payload.email_verified = true;
    token.payload.name = identity.name;
  });
  server.service.on(Events.BeforeUserinfo, (response) => {
    response.body = userinfo ?? { ...identity, email_verified: true };
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizationUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/userinfo`,
    signInAs(next: OidcIdentity, profile: Record<string, unknown> | null = null) {
      identity = next;
      userinfo = profile;
    },
    /** The next token request fails as a provider would (invalid_grant). */
    failNextTokenRequest() {
      server.service.once(Events.BeforeResponse, (response) => {
        response.body = { error: "invalid_grant" };
        response.statusCode = 400;
      });
    },
    stop: () => server.stop(),
  };
}

export type OidcServer = Awaited<ReturnType<typeof startOidcServer>>;
