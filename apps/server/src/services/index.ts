import { wireAccountData } from "../wiring/account-data.ts";
import { wireAccounts } from "../wiring/accounts.ts";
import { wireAdmin } from "../wiring/admin.ts";
import { wireAnalytics } from "../wiring/analytics.ts";
import { wireBilling } from "../wiring/billing.ts";
import { wireCatalog } from "../wiring/catalog.ts";
import { wireChat } from "../wiring/chat.ts";
import { wireCore } from "../wiring/core.ts";
import { wireCreations } from "../wiring/creations.ts";
import type { Infrastructure } from "../wiring/infrastructure.ts";
import { wireMemory } from "../wiring/memory.ts";
import { registerJobHandlers } from "./job-registry.ts";

/**
 * Wires repositories and providers into services; the one place that knows the whole graph. Each
 * domain is wired by its own factory in src/wiring/ from the core (what domains share, built once)
 * and the domains it needs; the job handlers of every domain are registered together, and a job
 * kind left without a handler does not compile.
 */
export function createServices(infra: Infrastructure) {
  const core = wireCore(infra);
  const analytics = wireAnalytics(infra, core);
  const accounts = wireAccounts(infra, core, analytics);
  const catalog = wireCatalog(core);
  const billing = wireBilling(infra, core, analytics);
  const chat = wireChat(infra, core);
  const memory = wireMemory(infra, core);
  const creations = wireCreations(infra, core);
  const accountData = wireAccountData(infra, core, billing);
  const admin = wireAdmin(infra, core, { accounts, analytics, billing, catalog, accountData });
  registerJobHandlers(core.jobs, {
    ...chat.handlers,
    ...memory.handlers,
    ...creations.handlers,
    ...analytics.handlers,
    ...billing.handlers,
    ...accountData.handlers,
  });
  return {
    jobs: core.jobs,
    privateMedia: core.privateMedia,
    // accounts
    auth: accounts.auth,
    accounts: accounts.accounts,
    devMailbox: accounts.devMailbox,
    accountData: accountData.accountData,
    // catalog
    catalog: catalog.catalog,
    gallery: catalog.gallery,
    // billing
    billing: billing.billing,
    payments: billing.payments,
    paymentProviders: billing.paymentProviders,
    testCheckout: billing.testCheckout,
    bundlePurchases: billing.bundlePurchases,
    // analytics
    analytics: analytics.analytics,
    attribution: analytics.attribution,
    sessionReplays: analytics.sessionReplays,
    // chat
    chats: chat.chats,
    voice: chat.voice,
    messageReports: chat.messageReports,
    greetings: chat.greetings,
    memory: memory.memory,
    // creations
    customCharacters: creations.customCharacters,
    customImages: creations.customImages,
    traitPreviews: creations.traitPreviews,
    // the admin console, every screen
    admin,
  };
}

export type Services = ReturnType<typeof createServices>;
