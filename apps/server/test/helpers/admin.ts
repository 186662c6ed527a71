import { signUp, type TestAccount } from "./accounts.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** A test app with an admin and a moderator signed up (emails admin-… and moderator-…). */
export async function createStaffApp(
  options?: Parameters<typeof createTestApp>[0],
): Promise<{ t: TestApp; admin: TestAccount; moderator: TestAccount }> {
  const t = await createTestApp(options);
  return {
    t,
    admin: await signUp(t, "admin", "admin"),
    moderator: await signUp(t, "moderator", "moderator"),
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
