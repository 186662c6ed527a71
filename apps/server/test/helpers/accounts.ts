import type { Role } from "@reverie/shared";
import { BillingService } from "../../src/services/billing/billing-service.ts";
import type { TestApp } from "./test-app.ts";

let accounts = 0;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

// biome-ignore lint/suspicious/noExplicitAny: tests read the answers they check
type AnswerBody = any;

export interface TestAccount {
  id: string;
  email: string;
  token: string;
  /** calls the API with this account's token */
  call(method: Method, url: string, payload?: object): Promise<{ status: number; body: AnswerBody }>;
}

/** Calls the API with a token, or anonymously. */
export async function callApi(
  t: TestApp,
  token: string | null,
  method: Method,
  url: string,
  payload?: object,
) {
  const response = await t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });
  const body: AnswerBody = response.body ? response.json() : null;
  return { status: response.statusCode, body };
}

export interface SignUpOptions {
  /** set in the database after sign-up, as admin:create or the console would; "user" by default */
  role?: Role;
  /** the start of the generated address (`<prefix><n>-<time>@example.com`), "member" by default */
  prefix?: string;
  /** an exact address instead of a generated one */
  email?: string;
  password?: string;
  /** the first name sent ("Robin" by default), or null to send none */
  firstName?: string | null;
  /** the socket address it signs up from: a fresh one per account by default (sign-ups are limited per address) */
  remoteAddress?: string;
  /** more fields of the sign-up form (a `subid`) */
  fields?: object;
}

/** A new account, signed up through the API (a test about sign-up itself calls /api/auth/register). */
export async function signUp(t: TestApp, options?: SignUpOptions): Promise<TestAccount>;
/** A new account with the given role (set in the database, as admin:create or the console would). */
export async function signUp(t: TestApp, role?: Role, prefix?: string): Promise<TestAccount>;
export async function signUp(
  t: TestApp,
  roleOrOptions: Role | SignUpOptions = {},
  prefix?: string,
): Promise<TestAccount> {
  const options = typeof roleOrOptions === "string" ? { role: roleOrOptions, prefix } : roleOrOptions;
  const number = ++accounts;
  const email = options.email ?? `${options.prefix ?? "member"}${number}-${Date.now()}@example.com`;
  const firstName = options.firstName === undefined ? "Robin" : options.firstName;
  const register = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: options.remoteAddress ?? `10.77.${Math.floor(number / 250)}.${number % 250}`,
    payload: {
      email,
      password: options.password ?? "secret12",
      ...(firstName === null ? {} : { first_name: firstName }),
      ...options.fields,
    },
  });
  if (register.statusCode !== 201)
    throw new Error(`sign-up failed (${register.statusCode}): ${register.body}`);
  const { token, user } = register.json() as { token: string; user: { id: string } };
  const role = options.role ?? "user";
  if (role !== "user")
    await t.database.db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
  return {
    id: user.id,
    email,
    token,
    call: (method, url, payload) => callApi(t, token, method, url, payload),
  };
}

/** Gives the account tokens as a purchase would, through billing's ledger (once per reference). */
export async function grantTokens(
  t: TestApp,
  userId: string,
  amount: number,
  reference = `test:grant:${userId}`,
) {
  const billing = new BillingService({ db: t.database.db });
  await t.database.db
    .transaction()
    .execute((trx) => billing.grant(trx, { userId, amount, reason: "purchase", reference }));
}

/** The account's token balance, as stored. */
export async function tokensOf(t: TestApp, userId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom("users")
    .select("tokens")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.tokens;
}
