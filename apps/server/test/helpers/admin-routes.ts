import type { Method, TestAccount } from "./accounts.ts";
import { ADMIN_CATALOG_ROUTES } from "./admin-catalog-routes.ts";
import { buyAtTestCheckout } from "./admin-payments.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Every admin route, for the access matrix (test/integration/admin-access.test.ts): who may call it
 * and one valid call against a fresh target account. A route under /api/admin that is missing here
 * fails that test, so each new admin route joins the matrix.
 */
export interface AdminRouteCase {
  method: Method;
  /** as registered (and as the OpenAPI document lists it, `{id}` for `:id`) */
  route: string;
  /** moderators may read; changes are for admins */
  minRole: "moderator" | "admin";
  /** a valid call against `target`, a fresh plain user */
  call(target: TestAccount): { url: string; payload?: object };
  /** arranges what a successful call needs, on the fresh target */
  prepare?(t: TestApp, target: TestAccount): Promise<void>;
  /** the status of a successful call (200 unless said) */
  okStatus?: number;
}

/** The paid order each refund case's target bought (prepare), by the target's id. */
const ordersToRefund = new Map<string, string>();
/** The failed job each retry case arranged, by the target's id. */
const jobsToRetry = new Map<string, number>();
/** The replay each replay case stored, by the target's id. */
const replaysToWatch = new Map<string, string>();

export const ADMIN_ROUTES: AdminRouteCase[] = [
  { method: "GET", route: "/api/admin/me", minRole: "moderator", call: () => ({ url: "/api/admin/me" }) },
  {
    method: "GET",
    route: "/api/admin/audit-log",
    minRole: "moderator",
    call: (target) => ({ url: `/api/admin/audit-log?target_type=user&target_id=${target.id}&limit=10` }),
  },
  {
    method: "GET",
    route: "/api/admin/users",
    minRole: "moderator",
    call: (target) => ({ url: `/api/admin/users?q=${encodeURIComponent(target.email)}` }),
  },
  {
    method: "GET",
    route: "/api/admin/users/:id",
    minRole: "moderator",
    call: (target) => ({ url: `/api/admin/users/${target.id}` }),
  },
  {
    method: "POST",
    route: "/api/admin/users/:id/tokens",
    minRole: "admin",
    call: (target) => ({
      url: `/api/admin/users/${target.id}/tokens`,
      payload: { amount: 5, reason: "matrix" },
    }),
  },
  {
    method: "PATCH",
    route: "/api/admin/users/:id/plan",
    minRole: "admin",
    call: (target) => ({
      url: `/api/admin/users/${target.id}/plan`,
      payload: { plan: "premium_1_month", reason: "matrix" },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/users/:id/ban",
    minRole: "admin",
    call: (target) => ({ url: `/api/admin/users/${target.id}/ban`, payload: { reason: "matrix" } }),
  },
  {
    method: "POST",
    route: "/api/admin/users/:id/unban",
    minRole: "admin",
    // unbanning needs a banned account: the matrix's target is banned first by `prepare`
    prepare: (t, target) =>
      t.database.db
        .updateTable("users")
        .set({ banned_at: new Date().toISOString(), ban_reason: "matrix" })
        .where("id", "=", target.id)
        .execute()
        .then(() => undefined),
    call: (target) => ({ url: `/api/admin/users/${target.id}/unban`, payload: { reason: "matrix" } }),
  },
  {
    method: "PATCH",
    route: "/api/admin/users/:id/role",
    minRole: "admin",
    call: (target) => ({ url: `/api/admin/users/${target.id}/role`, payload: { role: "moderator" } }),
  },
  {
    method: "POST",
    route: "/api/admin/users/:id/export",
    minRole: "admin",
    okStatus: 202,
    call: (target) => ({ url: `/api/admin/users/${target.id}/export`, payload: { reason: "matrix" } }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:id",
    minRole: "admin",
    call: (target) => ({
      url: `/api/admin/users/${target.id}`,
      payload: { confirm: "DELETE", reason: "matrix" },
    }),
  },
  // Dashboard, Payments and System (decision 32)
  {
    method: "GET",
    route: "/api/admin/stats",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/stats?from=2026-01-01&to=2026-01-07" }),
  },
  {
    method: "GET",
    route: "/api/admin/payments/events",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/payments/events?limit=5" }),
  },
  {
    method: "GET",
    route: "/api/admin/payments/orders",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/payments/orders?status=failed" }),
  },
  {
    method: "GET",
    route: "/api/admin/payments/subscriptions",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/payments/subscriptions" }),
  },
  {
    method: "POST",
    route: "/api/admin/payments/orders/:id/refund",
    minRole: "admin",
    prepare: async (_t, target) => {
      ordersToRefund.set(target.id, (await buyAtTestCheckout(target, "tokens_100")).orderId);
    },
    call: (target) => ({
      url: `/api/admin/payments/orders/${ordersToRefund.get(target.id) ?? "none"}/refund`,
      payload: { reason: "matrix" },
    }),
  },
  {
    method: "GET",
    route: "/api/admin/system",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/system" }),
  },
  {
    method: "POST",
    route: "/api/admin/jobs/:id/retry",
    minRole: "admin",
    // a job that failed for good, of a kind nothing runs here again soon (the period-end check)
    prepare: async (t, target) => {
      const row = await t.database.db
        .insertInto("jobs")
        .values({
          kind: "subscription_period_end",
          payload: JSON.stringify({ subscriptionId: -1 }),
          status: "failed",
          attempts: 3,
          max_attempts: 3,
          run_at: Date.now(),
          last_error: `matrix ${target.id}`,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      jobsToRetry.set(target.id, row.id);
    },
    call: (target) => ({ url: `/api/admin/jobs/${jobsToRetry.get(target.id) ?? 0}/retry`, payload: {} }),
  },
  {
    method: "GET",
    route: "/api/admin/replays",
    minRole: "moderator",
    call: () => ({ url: "/api/admin/replays?limit=5" }),
  },
  {
    method: "GET",
    route: "/api/admin/replays/:id/events",
    minRole: "moderator",
    prepare: async (t, target) => {
      const id = `matrix-${target.id}`;
      const at = new Date().toISOString();
      await t.database.db
        .insertInto("session_replays")
        .values({
          id,
          client_id: "matrix",
          session_id: "matrix",
          user_id: null,
          started_at: at,
          last_upload_at: at,
        })
        .execute();
      replaysToWatch.set(target.id, id);
    },
    call: (target) => ({ url: `/api/admin/replays/${replaysToWatch.get(target.id) ?? "none"}/events` }),
  },
  // the Characters and Moderation screens (decision 0030)
  ...ADMIN_CATALOG_ROUTES,
];
