import type { Role } from "@reverie/shared";
import type { TestApp } from "./test-app.ts";

let accounts = 0;

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

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

/** A new account with the given role (set in the database, as admin:create or the console would). */
export async function signUp(t: TestApp, role: Role = "user", prefix = "member"): Promise<TestAccount> {
  const number = ++accounts;
  const email = `${prefix}${number}-${Date.now()}@example.com`;
  const register = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: `10.77.${Math.floor(number / 250)}.${number % 250}`,
    payload: { email, password: "secret12", first_name: "Robin" },
  });
  if (register.statusCode >= 300) throw new Error(`sign-up failed: ${register.body}`);
  const { token, user } = register.json() as { token: string; user: { id: string } };
  if (role !== "user")
    await t.database.db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
  return {
    id: user.id,
    email,
    token,
    call: (method, url, payload) => callApi(t, token, method, url, payload),
  };
}

/** Every entry of the audit log about one target, oldest first. */
export async function auditEntriesFor(t: TestApp, targetId: string) {
  return t.database.db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_id", "=", targetId)
    .orderBy("id", "asc")
    .execute();
}
