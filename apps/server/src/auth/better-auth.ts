import { betterAuth } from "better-auth";
import { bearer, genericOAuth, magicLink } from "better-auth/plugins";
import type { OAuthProviderConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { emailVerificationEmail, magicLinkEmail, passwordResetEmail } from "../emails/templates.ts";
import type { EmailSender } from "../providers/email/index.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";

/** Reset codes and sign-in links: single use, valid for ten minutes. */
export const EMAIL_CODE_TTL_SECONDS = 600;
/** An email verification link: three days, since it may wait in an inbox. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 60 * 60 * 24 * 3;
const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

export interface AuthDependencies {
  database: DatabaseHandle;
  email: EmailSender;
  publicUrl: string;
  secret: string;
  oauthProviders: OAuthProviderConfig[];
  log: { error(obj: object, msg: string): void };
  /** Called once for every new account, whatever the sign-up method. */
  onUserCreated(user: { id: string; email: string; emailVerified: boolean }): Promise<void>;
  /** Called when an emailed verification link proves an address. */
  onEmailVerified(user: { id: string; email: string }): Promise<void>;
}

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

/**
 * better-auth over the project's own database and tables (field names mapped to snake_case).
 * It owns password hashing (argon2id), sessions, reset codes, sign-in links and OAuth; the
 * product's routes in routes/auth.ts call it through `auth.api`, so validation messages and rate
 * limits stay ours. Its own HTTP handler is mounted only for OAuth redirects, under /api/identity.
 */
export function createAuth(deps: AuthDependencies) {
  const minutes = EMAIL_CODE_TTL_SECONDS / 60;
  return betterAuth({
    appName: "Reverie",
    baseURL: deps.publicUrl,
    basePath: "/api/identity",
    secret: deps.secret,
    telemetry: { enabled: false },
    // wrong passwords and expired codes are expected answers, not log lines; real failures are
    logger: {
      level: "error",
      log: (_level, message, ...args) => deps.log.error({ args }, `better-auth: ${message}`),
    },
    database: {
      db: deps.database.authDb,
      type: deps.database.dialect,
      transaction: true,
      ...(deps.database.schema ? { schemaName: deps.database.schema } : {}),
    },
    // the product's routes enforce their own per-account and per-IP limits (services/rate-limiter.ts)
    rateLimit: { enabled: false },
    user: { modelName: "users", fields: { emailVerified: "email_verified", ...timestamps } },
    session: {
      modelName: "sessions",
      expiresIn: SESSION_TTL_SECONDS,
      fields: {
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
        ...timestamps,
      },
    },
    account: {
      modelName: "accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...timestamps,
      },
    },
    verification: { modelName: "verifications", fields: { expiresAt: "expires_at", ...timestamps } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: EMAIL_CODE_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${deps.publicUrl}/reset?oobCode=${encodeURIComponent(token)}`;
        const message = passwordResetEmail({ code: token, link, expiresInMinutes: minutes });
        await deps.email.send({ to: user.email, kind: "password_reset", ...message });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      // the web app's page opens the link and calls POST /api/auth/verify-email with the token
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        const message = emailVerificationEmail({
          link,
          expiresInMinutes: EMAIL_VERIFICATION_TTL_SECONDS / 60,
        });
        await deps.email.send({ to: user.email, kind: "email_verification", ...message });
      },
      afterEmailVerification: async (user) => deps.onEmailVerified({ id: user.id, email: user.email }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) =>
            deps.onUserCreated({
              id: user.id,
              email: user.email,
              emailVerified: user.emailVerified === true,
            }),
        },
      },
    },
    plugins: [
      bearer(),
      ...(deps.oauthProviders.length > 0
        ? [genericOAuth({ config: deps.oauthProviders.map(oauthProviderOptions) })]
        : []),
      magicLink({
        expiresIn: EMAIL_CODE_TTL_SECONDS,
        sendMagicLink: async ({ email, token }) => {
          const query = new URLSearchParams({ mode: "signIn", oobCode: token, email });
          const link = `${deps.publicUrl}/login?${query}`;
          await deps.email.send({
            to: email,
            kind: "magic_link",
            ...magicLinkEmail({ link, expiresInMinutes: minutes }),
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

interface ProviderProfile {
  [key: string]: unknown;
}

/** Each provider's profile in better-auth's terms; Discord and X name their fields their own way. */
function oauthProviderOptions(provider: OAuthProviderConfig) {
  const base = {
    providerId: provider.id,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: provider.scopes,
    pkce: true,
    ...(provider.discoveryUrl ? { discoveryUrl: provider.discoveryUrl } : {}),
    ...(provider.authorizationUrl ? { authorizationUrl: provider.authorizationUrl } : {}),
    ...(provider.tokenUrl ? { tokenUrl: provider.tokenUrl } : {}),
    ...(provider.userInfoUrl ? { userInfoUrl: provider.userInfoUrl } : {}),
  };
  if (provider.id === "discord") {
    return {
      ...base,
      mapProfileToUser: (profile: ProviderProfile) => ({
        name: String(profile.global_name ?? profile.username ?? ""),
        email: String(profile.email ?? ""),
        emailVerified: profile.verified === true,
      }),
    };
  }
  if (provider.id === "twitter") {
    return {
      ...base,
      getUserInfo: async (tokens: { accessToken?: string | undefined }) => {
        const response = await fetch(provider.userInfoUrl ?? "", {
          headers: { authorization: `Bearer ${tokens.accessToken ?? ""}` },
        });
        if (!response.ok) return null;
        const { data } = (await response.json()) as { data?: ProviderProfile };
        if (!data?.id) return null;
        return {
          id: String(data.id),
          name: String(data.name ?? data.username ?? ""),
          email: typeof data.confirmed_email === "string" ? data.confirmed_email : undefined,
          emailVerified: typeof data.confirmed_email === "string",
        };
      },
    };
  }
  return base;
}
