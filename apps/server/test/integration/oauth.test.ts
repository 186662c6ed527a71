import { authProvidersResponseSchema, userSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcServer, startOidcServer } from "../helpers/oidc-server.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let oidc: OidcServer;
beforeAll(async () => {
  oidc = await startOidcServer();
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: "reverie-google",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      DISCORD_CLIENT_ID: "reverie-discord",
      DISCORD_CLIENT_SECRET: "discord-secret",
      DISCORD_AUTHORIZATION_URL: oidc.authorizationUrl,
      DISCORD_TOKEN_URL: oidc.tokenUrl,
      DISCORD_USERINFO_URL: oidc.userInfoUrl,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});

/** A browser's cookie jar, enough for one popup flow. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(setCookie: string | string[] | undefined) {
    for (const cookie of [setCookie ?? []].flat()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const [name = "", ...value] = pair.split("=");
      const expired = attributes.some((attribute) => /max-age=0/i.test(attribute.trim()));
      if (expired) this.#cookies.delete(name.trim());
      else this.#cookies.set(name.trim(), value.join("="));
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Runs the popup's redirects: our start route, the provider (real HTTP), our callback, our finish. */
async function popupSignIn(provider: string): Promise<string> {
  const jar = new CookieJar();
  const start = await t.app.inject({ method: "GET", url: `/api/auth/oauth/${provider}/start` });
  expect(start.statusCode).toBe(302);
  jar.store(start.headers["set-cookie"]);
  const authorizeUrl = String(start.headers.location);
  expect(authorizeUrl.startsWith(oidc.issuer)).toBe(true);
  expect(new URL(authorizeUrl).searchParams.get("code_challenge_method")).toBe("S256");

  const provided = await fetch(authorizeUrl, { redirect: "manual" });
  expect(provided.status).toBe(302);
  const callback = new URL(provided.headers.get("location") ?? "");
  expect(callback.pathname).toBe(`/api/identity/callback/${provider}`);

  let next = `${callback.pathname}${callback.search}`;
  for (let hop = 0; hop < 5; hop++) {
    const response = await t.app.inject({ method: "GET", url: next, headers: { cookie: jar.header() } });
    jar.store(response.headers["set-cookie"]);
    const location = String(response.headers.location ?? "");
    if (location.startsWith("/auth/callback#")) return location;
    expect(response.statusCode, `${next} → ${response.body}`).toBe(302);
    const url = new URL(location, "http://localhost:3000");
    next = `${url.pathname}${url.search}`;
  }
  throw new Error("the popup flow did not end on /auth/callback");
}

describe("sign-in with a provider (popup)", () => {
  it("lists only the configured providers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(authProvidersResponseSchema.parse(response.json()).providers).toEqual(["google", "discord"]);
  });

  it("signs up with Google over OpenID Connect and hands the popup a working token", async () => {
    oidc.signInAs({ sub: "google-1", email: "Popup.User@Example.com", name: "Popup User" });
    const result = await popupSignIn("google");
    const fragment = new URLSearchParams(result.split("#")[1]);
    const token = fragment.get("token");
    expect(token).toBeTruthy();
    // the account was made by this flow: the web app counts a sign-up
    expect(fragment.get("new")).toBe("1");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(userSchema.parse(me.json())).toMatchObject({
      email: "popup.user@example.com",
      plan: "free",
      free_msgs: 10,
    });

    // the same provider account signs in to the same user
    const againFragment = new URLSearchParams((await popupSignIn("google")).split("#")[1]);
    expect(againFragment.get("new")).toBeNull();
    const again = againFragment.get("token");
    const meAgain = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { authorization: `Bearer ${again}` },
    });
    expect(meAgain.json().id).toBe(me.json().id);
  });

  it("maps Discord's profile", async () => {
    oidc.signInAs(
      { sub: "discord-7", email: "gamer@example.com", name: "ignored" },
      {
        id: "discord-7",
        username: "gamer",
        global_name: "Gamer Girl",
        email: "gamer@example.com",
        verified: true,
      },
    );
    const token = new URLSearchParams((await popupSignIn("discord")).split("#")[1]).get("token");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().email).toBe("gamer@example.com");
  });

  it("ends the popup with an error code when the provider fails", async () => {
    oidc.signInAs({ sub: "google-2", email: "unlucky@example.com", name: "Unlucky" });
    oidc.failNextTokenRequest();
    const result = await popupSignIn("google");
    expect(result).toMatch(/^\/auth\/callback#error=/);
  });

  it("refuses a banned account up front: the popup ends on account_banned and no session is kept", async () => {
    oidc.signInAs({ sub: "google-banned", email: "banned.popup@example.com", name: "Banned" });
    const first = new URLSearchParams((await popupSignIn("google")).split("#")[1]).get("token");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { authorization: `Bearer ${first}` },
    });
    const userId = String(me.json().id);
    await t.database.db
      .updateTable("users")
      .set({ banned_at: new Date().toISOString(), ban_reason: "popup" })
      .where("id", "=", userId)
      .execute();

    const result = await popupSignIn("google");
    expect(result).toBe("/auth/callback#error=account_banned");
    const sessions = await t.database.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(sessions).toEqual([]);
    const old = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { authorization: `Bearer ${first}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it("refuses providers that are unknown or not configured", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/oauth/myspace/start" })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/auth/oauth/twitter/start" })).statusCode).toBe(
      404,
    );
  });
});
