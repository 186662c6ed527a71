import { setTimeout as sleep } from "node:timers/promises";
import { AUTH_ERRORS, type Gender, type OAuthProvider, type Role, type User } from "@reverie/shared";
import { APIError } from "better-auth";
import type { Auth } from "../auth/better-auth.ts";
import { passwordHashingQueue } from "../auth/password-hashing.ts";
import type { UserRow } from "../db/schema.ts";
import {
  ACCOUNT_BANNED_MESSAGE,
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnauthorizedError,
} from "../errors.ts";
import type { EventBus } from "../realtime/bus.ts";
import type { UserRepository } from "../repositories/users.ts";
import type { AttributionService } from "./attribution.ts";
import { passwordCheckKey, RATE_LIMITS, type RateLimiter, type RateLimitRule } from "./rate-limiter.ts";

/** Who is asking: the caller's IP and user agent, recorded on sessions and used for rate limits. */
export interface RequestContext {
  ip: string;
  userAgent: string | undefined;
}

/** A signed-in caller: the session's token and its user. */
export interface SessionOwner {
  token: string;
  userId: string;
}

/** A live session behind a token; `expiresAt` and `createdAt` in epoch milliseconds. */
export interface AuthenticatedSession {
  userId: string;
  sessionId: string;
  expiresAt: number;
  createdAt: number;
  /** the account is banned: callers refuse it (401 account_banned), the socket closes */
  banned: boolean;
}

/** Where the provider flow lands after better-auth's callback; it hands the popup its token. */
export const OAUTH_FINISH_PATH = "/api/auth/oauth/finish";

const RESTORE_MESSAGE = "If an account exists for that email, we've sent a code to reset the password.";
const MAGIC_LINK_MESSAGE =
  "If that email can sign in, we've sent a sign-in link. It works once, for 10 minutes.";
const INVALID_CODE = "This code is invalid or has expired. Ask for a new one.";
const INVALID_VERIFICATION_LINK =
  "This confirmation link is invalid or has expired. Send a new one from Settings.";

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

function headersFor(context: RequestContext, token?: string): Headers {
  const headers = new Headers({ "x-forwarded-for": context.ip });
  if (context.userAgent) headers.set("user-agent", context.userAgent);
  if (token) headers.set("authorization", `Bearer ${token}`);
  return headers;
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    plan: row.plan,
    tokens: row.tokens,
    email: row.email,
    free_msgs: row.free_msgs,
    first_name: row.first_name,
    last_name: row.last_name,
    gender_choice: row.gender_choice,
    payment_failed: Boolean(row.payment_failed),
    replay_opt_out: Boolean(row.replay_opt_out),
    role: row.role,
    email_verified: Boolean(row.email_verified),
  };
}

export interface AccountServiceDeps {
  auth: Auth;
  users: UserRepository;
  /** records the lead of a sign-up with an ad sub id */
  attribution: AttributionService;
  rateLimiter: RateLimiter;
  oauthProviders: OAuthProvider[];
  /** tells every instance when sessions end, so their sockets close */
  bus: EventBus;
  /** sign-ups one address may make in an hour (RATE_LIMITS.signUpPerIp unless configured) */
  signUpsPerIpPerHour?: number | undefined;
  /** forgets a user's session replays when they opt out */
  replays?: { forgetUser(userId: string): Promise<void> };
  /** ADMIN_SESSION_MAX_AGE_MINUTES (720 unless configured) */
  adminSessionMaxAgeMinutes?: number | undefined;
}

/** Sign-up, sign-in and everything around an account. */
export class AccountService {
  readonly #deps: AccountServiceDeps;
  readonly #signUpLimit: RateLimitRule;
  /** a moderator's or admin's session older than this may not use the console (decision 0029) */
  readonly adminSessionMaxAgeMs: number;

  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
    this.adminSessionMaxAgeMs = (deps.adminSessionMaxAgeMinutes ?? 720) * 60_000;
    this.#signUpLimit =
      deps.signUpsPerIpPerHour === undefined
        ? RATE_LIMITS.signUpPerIp
        : { ...RATE_LIMITS.signUpPerIp, limit: deps.signUpsPerIpPerHour };
  }

  /** The sign-in providers configured on this server. */
  oauthProviders(): OAuthProvider[] {
    return [...this.#deps.oauthProviders];
  }

  /**
   * Starts a provider sign-in in the popup: the provider's URL to go to, and the cookies that
   * bind the flow's state to this browser.
   */
  async startOAuth(provider: OAuthProvider, context: RequestContext) {
    if (!this.#deps.oauthProviders.includes(provider))
      throw new NotFoundError(`Sign-in with ${provider} is not available.`);
    const { headers, response } = await this.#deps.auth.api.signInSocial({
      body: {
        provider,
        callbackURL: OAUTH_FINISH_PATH,
        // better-auth goes here instead when its callback created the account
        newUserCallbackURL: `${OAUTH_FINISH_PATH}?new=1`,
        errorCallbackURL: OAUTH_FINISH_PATH,
        disableRedirect: true,
      },
      headers: headersFor(context),
      returnHeaders: true,
    });
    if (!response.url)
      throw new AppError(502, "provider_unavailable", `Sign-in with ${provider} is unavailable right now.`);
    return { url: response.url, cookies: headers.getSetCookie() };
  }

  /**
   * After the provider's callback: the session better-auth made, as an access token; or the error
   * code the popup ends with. A banned account keeps no session (its sessions are deleted, as after
   * an email sign-in) and the popup ends on `account_banned` (decision 0029).
   */
  async finishOAuth(
    cookieHeader: string | undefined,
    createdAccount = false,
  ): Promise<{ token: string; newUser: boolean } | { error: string }> {
    if (!cookieHeader) return { error: "sign-in-failed" };
    const session = await this.#deps.auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }) });
    if (!session) return { error: "sign-in-failed" };
    if (await this.#deps.users.bannedAt(session.user.id)) {
      await this.#deps.users.deleteSessions(session.user.id);
      return { error: "account_banned" };
    }
    // the flag is in the URL, so it counts only for an account made moments ago
    const newUser = createdAccount && isRecent(session.user.createdAt);
    return { token: session.session.token, newUser };
  }

  async #signedIn(token: string, userId: string) {
    if (await this.#deps.users.bannedAt(userId)) {
      // a banned account keeps no session, however it signed in (decision 0029)
      await this.#deps.users.deleteSessions(userId);
      throw new UnauthorizedError(ACCOUNT_BANNED_MESSAGE, "account_banned");
    }
    return { token, user: await this.getUser(userId) };
  }

  async getUser(userId: string): Promise<User> {
    const row = await this.#deps.users.findById(userId);
    if (!row) throw new UnauthorizedError();
    return presentUser(row);
  }

  /** The account's role and email, read fresh: the admin guard asks on every call, never the token. */
  async access(userId: string): Promise<{ email: string; role: Role } | null> {
    return (await this.#deps.users.findAccess(userId)) ?? null;
  }

  /** The signed-in user and session behind a bearer token, or null. */
  async authenticate(token: string): Promise<AuthenticatedSession | null> {
    // Every signed-in call and socket starts here. better-auth's getSession signs and verifies the
    // token with async WebCrypto, several event-loop turns that cost ~10 ms per call under load;
    // a live session that is not yet due for its sliding refresh needs only the one indexed read.
    // better-auth still handles signed tokens, expired sessions (it deletes them) and refreshes.
    if (!token.includes(".")) {
      const row = await this.#deps.users.findSession(token);
      if (!row) return null;
      const { expiresIn, updateAge } = (await this.#deps.auth.$context).sessionConfig;
      const expiresAt = Date.parse(row.expires_at);
      const refreshDue = expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now();
      if (expiresAt > Date.now() && !refreshDue) {
        return {
          userId: row.user_id,
          sessionId: row.id,
          expiresAt,
          createdAt: Date.parse(row.created_at),
          banned: row.banned_at !== null,
        };
      }
    }
    const session = await this.#deps.auth.api.getSession({
      headers: new Headers({ authorization: `Bearer ${token}` }),
    });
    if (!session) return null;
    return {
      userId: session.user.id,
      sessionId: session.session.id,
      expiresAt: new Date(session.session.expiresAt).getTime(),
      createdAt: new Date(session.session.createdAt).getTime(),
      banned: ((await this.#deps.users.bannedAt(session.user.id)) ?? null) !== null,
    };
  }

  async register(
    input: { email: string; password: string; first_name?: string; gender_choice?: Gender; subid?: string },
    context: RequestContext,
  ) {
    passwordHashingQueue.ensureRoom();
    await this.#deps.rateLimiter.consume(`sign-up:ip:${context.ip}`, this.#signUpLimit);
    let result: { token: string | null; user: { id: string } };
    try {
      result = await this.#deps.auth.api.signUpEmail({
        body: { email: input.email, password: input.password, name: input.first_name ?? "" },
        headers: headersFor(context),
      });
    } catch (error) {
      const code = errorCode(error);
      if (code?.startsWith("USER_ALREADY_EXISTS"))
        throw new ConflictError("email_taken", AUTH_ERRORS.emailTaken);
      throw error;
    }
    if (!result.token)
      throw new AppError(500, "sign_up_failed", "The account was created but no session was.");
    await this.#deps.users.update(result.user.id, {
      first_name: input.first_name || null,
      gender_choice: input.gender_choice ?? null,
    });
    await this.#deps.attribution.recordSignUpLead({
      userId: result.user.id,
      email: input.email,
      subid: input.subid,
    });
    return this.#signedIn(result.token, result.user.id);
  }

  /**
   * Failed attempts count per account and address (refused past the limit) and per account from
   * anywhere (slowed, never refused), so nobody can lock the owner out: see decision 0014.
   */
  async login(input: { email: string; password: string }, context: RequestContext) {
    // under a flood, a refusal before any other work keeps the event loop free for everyone else
    passwordHashingQueue.ensureRoom();
    const pairKey = `sign-in-failures:account-ip:${input.email}:${context.ip}`;
    const accountKey = `sign-in-failures:account:${input.email}`;
    await this.#deps.rateLimiter.consume(`sign-in:ip:${context.ip}`, RATE_LIMITS.signInPerIp);
    // both count the attempt before it is judged, so concurrent attempts see each other
    await this.#deps.rateLimiter.consume(pairKey, RATE_LIMITS.failedSignInPerAccountAndIp);
    const delayMs = await this.#deps.rateLimiter.slowdown(accountKey, RATE_LIMITS.failedSignInPerAccount);
    let result: Awaited<ReturnType<Auth["api"]["signInEmail"]>>;
    try {
      if (delayMs > 0) {
        await sleep(delayMs);
        passwordHashingQueue.ensureRoom();
      }
      result = await this.#deps.auth.api.signInEmail({
        body: { email: input.email, password: input.password },
        headers: headersFor(context),
      });
    } catch (error) {
      if (errorCode(error) === "INVALID_EMAIL_OR_PASSWORD")
        throw new UnauthorizedError(AUTH_ERRORS.wrongCredentials, "invalid_credentials");
      // not judged (e.g. the server was too busy to hash): it was no failure
      await Promise.all([
        this.#deps.rateLimiter.release(pairKey),
        this.#deps.rateLimiter.release(accountKey),
      ]);
      throw error;
    }
    await Promise.all([this.#deps.rateLimiter.reset(pairKey), this.#deps.rateLimiter.release(accountKey)]);
    return this.#signedIn(result.token, result.user.id);
  }

  async logout(caller: SessionOwner, context: RequestContext): Promise<void> {
    await this.#deps.auth.api.signOut({ headers: headersFor(context, caller.token) });
    await this.#deps.bus.publishSessionsChanged(caller.userId);
  }

  /** Answers the same whether or not the email has an account. */
  async requestPasswordReset(email: string, context: RequestContext) {
    await this.#deps.rateLimiter.consume(`restore:ip:${context.ip}`, RATE_LIMITS.restorePerIp);
    await this.#deps.rateLimiter.consume(`restore:account:${email}`, RATE_LIMITS.restorePerAccount);
    await this.#deps.auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset" },
      headers: headersFor(context),
    });
    return { message: RESTORE_MESSAGE };
  }

  /** Sets a new password with an emailed code; every session of the account ends. */
  async resetPassword(input: { oobCode: string; newPassword: string }, context: RequestContext) {
    await this.#deps.rateLimiter.consume(`reset-code:ip:${context.ip}`, RATE_LIMITS.resetCodePerIp);
    const userId = await this.#deps.users.passwordResetUserId(input.oobCode);
    try {
      await this.#deps.auth.api.resetPassword({
        body: { token: input.oobCode, newPassword: input.newPassword },
      });
    } catch (error) {
      if (error instanceof APIError) throw new BadRequestError(INVALID_CODE, "invalid_code");
      throw error;
    }
    // The code came by email, so the address is proven: a later sign-in link must not treat this
    // password as set by someone else (better-auth removes unproven credentials then).
    if (userId) {
      await this.#deps.users.markEmailVerified(userId);
      await this.#deps.bus.publishSessionsChanged(userId);
    }
    return { message: "Your password is set. Sign in with the new one." };
  }

  async changePassword(
    caller: SessionOwner,
    input: { currentPassword: string; newPassword: string },
    context: RequestContext,
  ) {
    // counted before it is judged, so that concurrent guesses see each other
    const checkKey = passwordCheckKey(caller.userId);
    await this.#deps.rateLimiter.consume(checkKey, RATE_LIMITS.passwordCheckPerAccount);
    let result: { token: string | null };
    try {
      result = await this.#deps.auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: true,
        },
        headers: headersFor(context, caller.token),
      });
    } catch (error) {
      if (errorCode(error) === "INVALID_PASSWORD") {
        throw new BadRequestError("The current password is not right.", "wrong_password");
      }
      await this.#deps.rateLimiter.release(checkKey);
      throw error;
    }
    await this.#deps.rateLimiter.reset(checkKey);
    // better-auth ends every session, this one included, and opens a new one for this device
    if (!result.token)
      throw new AppError(500, "session_missing", "The password changed but no new session was made.");
    await this.#deps.bus.publishSessionsChanged(caller.userId);
    return { message: "Your password is changed. Other devices were signed out.", token: result.token };
  }

  async requestSignInLink(input: { email: string; returnUrl?: string | undefined }, context: RequestContext) {
    await this.#deps.rateLimiter.consume(`magic-link:ip:${context.ip}`, RATE_LIMITS.magicLinkPerIp);
    await this.#deps.rateLimiter.consume(
      `magic-link:account:${input.email}`,
      RATE_LIMITS.magicLinkPerAccount,
    );
    await this.#deps.auth.api.signInMagicLink({ body: { email: input.email }, headers: headersFor(context) });
    return { message: MAGIC_LINK_MESSAGE };
  }

  /** Proves the address with the token of the emailed link, in any browser, signed in or not. */
  async verifyEmail(token: string, context: RequestContext) {
    await this.#deps.rateLimiter.consume(`verify-email:ip:${context.ip}`, RATE_LIMITS.signInLinkCodePerIp);
    try {
      await this.#deps.auth.api.verifyEmail({ query: { token } });
    } catch (error) {
      if (error instanceof APIError) throw new BadRequestError(INVALID_VERIFICATION_LINK, "invalid_link");
      throw error;
    }
    return { message: "Your email is confirmed. Thank you!" };
  }

  /** Emails a new confirmation link to the account's address (Settings). */
  async resendEmailVerification(caller: SessionOwner) {
    await this.#deps.rateLimiter.consume(
      `verify-email:account:${caller.userId}`,
      RATE_LIMITS.magicLinkPerAccount,
    );
    const user = await this.#deps.users.findById(caller.userId);
    if (!user) throw new NotFoundError(`User ${caller.userId} does not exist.`);
    if (user.email_verified) return { message: "Your email is already confirmed." };
    await this.#deps.auth.api.sendVerificationEmail({ body: { email: user.email } });
    return { message: `We sent a new confirmation link to ${user.email}.` };
  }

  /** Signs in with an emailed link: only a valid, unused link, and only for the email it was sent to. */
  async verifySignInLink(input: { oobCode: string; email: string }, context: RequestContext) {
    await this.#deps.rateLimiter.consume(
      `sign-in-link-code:ip:${context.ip}`,
      RATE_LIMITS.signInLinkCodePerIp,
    );
    const issuedFor = await this.#deps.users.signInLinkEmail(input.oobCode);
    if (issuedFor === null || issuedFor !== input.email)
      throw new BadRequestError(INVALID_CODE, "invalid_code");
    try {
      const result = await this.#deps.auth.api.magicLinkVerify({
        query: { token: input.oobCode },
        headers: headersFor(context),
      });
      return this.#signedIn(result.token, result.user.id);
    } catch (error) {
      if (error instanceof APIError) throw new BadRequestError(INVALID_CODE, "invalid_code");
      throw error;
    }
  }

  async listSessions(token: string, currentSessionId: string, context: RequestContext) {
    const sessions = await this.#deps.auth.api.listSessions({ headers: headersFor(context, token) });
    return sessions
      .map((session) => ({
        id: session.id,
        created_at: new Date(session.createdAt).toISOString(),
        expires_at: new Date(session.expiresAt).toISOString(),
        ip_address: session.ipAddress ?? null,
        user_agent: session.userAgent ?? null,
        current: session.id === currentSessionId,
      }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  async revokeSession(caller: SessionOwner, sessionId: string, context: RequestContext): Promise<void> {
    const headers = headersFor(context, caller.token);
    const sessions = await this.#deps.auth.api.listSessions({ headers });
    const target = sessions.find((session) => session.id === sessionId);
    if (!target) throw new NotFoundError(`Session ${sessionId} does not exist.`);
    await this.#deps.auth.api.revokeSession({ body: { token: target.token }, headers });
    await this.#deps.bus.publishSessionsChanged(caller.userId);
  }

  /** Signs out every device of the account, this one included. */
  async revokeAllSessions(caller: SessionOwner, context: RequestContext): Promise<void> {
    await this.#deps.auth.api.revokeSessions({ headers: headersFor(context, caller.token) });
    await this.#deps.bus.publishSessionsChanged(caller.userId);
  }

  async updateUser(
    userId: string,
    changes: {
      gender_choice?: Gender | undefined;
      first_name?: string | undefined;
      last_name?: string | undefined;
      replay_opt_out?: boolean | undefined;
    },
  ): Promise<User> {
    const update: Parameters<UserRepository["update"]>[1] = {};
    if (changes.replay_opt_out !== undefined) update.replay_opt_out = changes.replay_opt_out;
    if (changes.gender_choice !== undefined) update.gender_choice = changes.gender_choice;
    if (changes.first_name !== undefined) update.first_name = changes.first_name || null;
    if (changes.last_name !== undefined) update.last_name = changes.last_name || null;
    await this.#deps.users.update(userId, update);
    // opting out also takes back what was recorded before
    if (changes.replay_opt_out === true) await this.#deps.replays?.forgetUser(userId);
    return this.getUser(userId);
  }

  async setAnalyticsId(userId: string, analyticsId: string): Promise<void> {
    await this.#deps.users.update(userId, { analytics_id: analyticsId });
  }
}

/** How long after an account's creation its provider sign-in may still be reported as the sign-up. */
const NEW_ACCOUNT_WINDOW_MS = 10 * 60_000;

function isRecent(createdAt: Date): boolean {
  return Date.now() - createdAt.getTime() < NEW_ACCOUNT_WINDOW_MS;
}
