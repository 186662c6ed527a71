import { loadConfigOrExit } from "./config.ts";
import { createDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrator.ts";
import { AdminRoles, NoSuchAccountError } from "./services/admin/admin-roles.ts";
import { AuditLogService } from "./services/admin/audit-log.ts";

/**
 * `npm run admin:create -- <email>` (decision 0029): makes an existing account an admin, on the
 * database the server uses (DATABASE_URL, else SQLITE_PATH or $DATA_DIR/reverie.sqlite), migrating
 * it first if needed. The change is written to the audit log with the actor "cli".
 */
const [command, email] = process.argv.slice(2);
if (command !== "create" || !email) {
  console.error("usage: npm run admin:create -- <email of an existing account>");
  process.exit(2);
}

const config = loadConfigOrExit();
const database = createDatabase(config.database);
try {
  await migrateToLatest(database);
  const roles = new AdminRoles({ db: database.db, audit: new AuditLogService({ db: database.db }) });
  const { changed } = await roles.makeAdminByEmail(email);
  console.log(
    changed
      ? `${email} is now an admin (${database.describe}). Sign in and open /admin.`
      : `${email} was an admin already (${database.describe}).`,
  );
} catch (error) {
  process.exitCode = 1;
  if (error instanceof NoSuchAccountError) console.error(`admin:create: ${error.message}`);
  else throw error;
} finally {
  await database.close();
}
