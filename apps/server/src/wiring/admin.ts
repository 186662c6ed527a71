import { AdminAccountData } from "../services/admin/admin-account-data.ts";
import { AdminBilling } from "../services/admin/admin-billing.ts";
import { AdminCatalog } from "../services/admin/admin-catalog.ts";
import { AdminUsers } from "../services/admin/admin-users.ts";
import { BundleContents } from "../services/admin/bundle-contents.ts";
import { AdminCatalogPresenter } from "../services/admin/catalog-presenter.ts";
import { CatalogUploads } from "../services/admin/catalog-uploads.ts";
import { Dashboard } from "../services/admin/dashboard.ts";
import { ModerationConsole } from "../services/admin/moderation-console.ts";
import { ModerationEvaluation } from "../services/admin/moderation-evaluation.ts";
import { OrderRefunds } from "../services/admin/order-refunds.ts";
import { PaymentRecords } from "../services/admin/payment-records.ts";
import { ReplayLibrary } from "../services/admin/replay-library.ts";
import { UserBans } from "../services/admin/user-bans.ts";
import { ComplimentaryPlans } from "../services/billing/complimentary-plans.ts";
import { LlmUsageService } from "../services/llm-usage.ts";
import type { AccountDataDomain } from "./account-data.ts";
import type { AccountsDomain } from "./accounts.ts";
import type { AnalyticsDomain } from "./analytics.ts";
import type { BillingDomain } from "./billing.ts";
import type { CatalogDomain } from "./catalog.ts";
import type { Core } from "./core.ts";
import type { Infrastructure } from "./infrastructure.ts";

/**
 * The admin console (decisions 0029, 0030), every screen's services in one place: users, roles,
 * bans, billing and account data; the dashboard, payments and refunds, session replays; the
 * catalog, its uploads and bundle contents; moderation and its evaluation; the audit log.
 */
export function wireAdmin(
  infra: Infrastructure,
  core: Core,
  domains: {
    accounts: AccountsDomain;
    analytics: AnalyticsDomain;
    billing: BillingDomain;
    catalog: CatalogDomain;
    accountData: AccountDataDomain;
  },
) {
  const { db, billing, audit, moderation } = core;
  const { bus, log, storage } = infra;
  const { payments, fulfilment, paymentProviders: providers, notices } = domains.billing;
  const { catalog } = domains.catalog;
  const bans = new UserBans({ db, audit, bus });
  const records = new PaymentRecords({ db });
  const presenter = new AdminCatalogPresenter(core.presenter);
  // what the model server says each reply cost, for the System screen (decision 48)
  const llmUsage = new LlmUsageService({ db });
  infra.llm.reportUsageTo?.((report) =>
    llmUsage.record(report).catch((error: unknown) => {
      log.error({ err: error, model: report.model }, "could not record the LLM's usage");
    }),
  );
  return {
    llmUsage,
    audit,
    roles: domains.accounts.roles,
    users: new AdminUsers({ db, billing }),
    bans,
    billing: new AdminBilling({
      db,
      billing,
      plans: new ComplimentaryPlans({ fulfilment }),
      payments,
      notices,
      audit,
      bus,
      log,
    }),
    accountData: new AdminAccountData({ db, ...domains.accountData.accountData, audit }),
    // the Dashboard, Payments and System screens (decision 29)
    dashboard: new Dashboard({ db, analytics: domains.analytics.analytics }),
    paymentRecords: records,
    refunds: new OrderRefunds({
      db,
      billing,
      payments,
      fulfilment,
      providers,
      records,
      audit,
      bus,
      log,
    }),
    replays: new ReplayLibrary({ replays: domains.analytics.sessionReplays }),
    // the Characters and Moderation screens (decision 0030)
    catalog: new AdminCatalog({ db, audit, moderation, catalog, presenter }),
    uploads: new CatalogUploads({ db, storage, audit, catalog, presenter }),
    contents: new BundleContents({ db, storage, audit, catalog, presenter }),
    moderation: new ModerationConsole({ db, audit, bans }),
    evaluation: new ModerationEvaluation(),
  };
}
