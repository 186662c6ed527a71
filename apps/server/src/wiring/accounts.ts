import { createAuth } from "../auth/better-auth.ts";
import { AccountService } from "../services/accounts.ts";
import { AdminRoles } from "../services/admin/admin-roles.ts";
import { DevMailbox } from "../services/email/dev-mailbox.ts";
import type { AnalyticsDomain } from "./analytics.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/**
 * Sign-up, sign-in and sessions (better-auth), the account service, who is an admin, and the dev
 * mailbox. A new account gets billing's sign-up grant and, when its email is configured, its role.
 */
export function wireAccounts(infra: Infrastructure, core: Core, analytics: AnalyticsDomain) {
  const { db, billing, audit } = core;
  const { config } = infra;
  const roles = new AdminRoles({ db, audit, adminEmails: config.admin.emails });
  const auth = createAuth({
    database: infra.database,
    email: infra.email,
    publicUrl: config.publicUrl,
    log: infra.log,
    oauthProviders: config.auth.oauth,
    secret: core.secret,
    onUserCreated: async (user) => {
      await billing.grantSignUpMessages(user.id);
      await roles.promoteIfConfigured(user);
    },
    onEmailVerified: (user) => roles.promoteIfConfigured({ ...user, emailVerified: true }),
  });
  const accounts = new AccountService({
    auth,
    users: core.users,
    attribution: analytics.attribution,
    rateLimiter: core.rateLimiter,
    oauthProviders: config.auth.oauth.map((provider) => provider.id),
    bus: infra.bus,
    signUpsPerIpPerHour: config.auth.signUpsPerIpPerHour,
    replays: analytics.sessionReplays,
    adminSessionMaxAgeMinutes: config.admin.sessionMaxAgeMinutes,
  });
  return { auth, accounts, roles, devMailbox: new DevMailbox(db) };
}

export type AccountsDomain = ReturnType<typeof wireAccounts>;
