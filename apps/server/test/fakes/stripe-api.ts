import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the few endpoints of Stripe's API that the Stripe provider calls
 * (create and retrieve a Checkout Session, retrieve and update a Subscription), speaking the SDK's
 * protocol over a socket: form-encoded requests with the secret key as a Bearer token, JSON
 * answers shaped like Stripe's objects, Stripe's error bodies. Sessions, subscriptions and
 * invoices live in memory; helpers play the customer's and Stripe's part (paying, expiring,
 * renewing) and sign webhook deliveries with the SDK, as Stripe signs them.
 */

/** A form field as Stripe reads it: `a[b][0]=x` is `{ a: { b: ["x"] } }`. */
export type FormField = string | FormField[] | { [key: string]: FormField };
export type FormObject = { [key: string]: FormField };

/** A request the fake received, its form body decoded. */
export interface RecordedStripeRequest {
  method: string;
  /** the path and query, as sent ("/v1/checkout/sessions") */
  path: string;
  headers: IncomingMessage["headers"];
  body: FormObject;
}

type Interval = "day" | "week" | "month" | "year";

/** The fields of Stripe's Checkout Session object that this fake keeps. */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  subscription: string | null;
  invoice: string | null;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakeSubscriptionItem {
  id: string;
  object: "subscription_item";
  subscription: string;
  quantity: number;
  created: number;
  /** since API version 2025-03-31 the billing period is kept here, not on the subscription */
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  price: {
    id: string;
    object: "price";
    currency: string;
    unit_amount: number;
    product: string;
    type: "recurring";
    recurring: { interval: Interval; interval_count: number };
  };
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  status: "active" | "past_due" | "canceled";
  customer: string;
  currency: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  latest_invoice: string | null;
  items: { object: "list"; data: FakeSubscriptionItem[]; has_more: false; url: string };
  livemode: false;
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  billing_reason: "subscription_create" | "subscription_cycle";
  status: "paid" | "open";
  customer: string;
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  created: number;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: "list";
    has_more: false;
    url: string;
    data: Array<{
      id: string;
      object: "line_item";
      amount: number;
      currency: string;
      description: string;
      quantity: number;
      period: { start: number; end: number };
    }>;
  };
  livemode: false;
}

/** What a checkout session was created with, kept to start its subscription when paid. */
interface SessionRecord {
  session: FakeCheckoutSession;
  productName: string;
  recurring: { interval: Interval; interval_count: number } | null;
  subscriptionMetadata: Record<string, string>;
}

/** An answer in Stripe's error shape. */
class StripeApiError extends Error {
  readonly status: number;
  readonly body: Record<string, string>;
  constructor(status: number, body: { type: string; message: string; code?: string; param?: string }) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
const RENEWAL_RETRY_SECONDS = 3 * 24 * 60 * 60;

export async function startFakeStripe() {
  const secretKey = `sk_test_${randomId()}`;
  const webhookSecret = `whsec_${randomId()}`;
  const sessions = new Map<string, SessionRecord>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: RecordedStripeRequest[] = [];
  let apiBase = "";

  const createSession = (body: FormObject): FakeCheckoutSession => {
    const mode = text(body, "mode");
    if (mode !== "payment" && mode !== "subscription") {
      throw invalidRequest("Invalid mode: must be one of payment, setup, or subscription", "mode");
    }
    const price = field(body, "line_items", 0, "price_data");
    const currency = text(price, "currency");
    const unitAmount = Number(text(price, "unit_amount"));
    const productName = text(price, "product_data", "name");
    if (!currency || !Number.isInteger(unitAmount) || unitAmount < 0 || !productName) {
      throw invalidRequest(
        "line_items[0][price_data] needs currency, unit_amount and product_data[name]",
        "line_items",
      );
    }
    if (text(body, "line_items", 0, "quantity") !== "1") {
      throw invalidRequest("line_items[0][quantity] must be 1 here", "line_items[0][quantity]");
    }
    const interval = text(price, "recurring", "interval");
    const intervalCount = Number(text(price, "recurring", "interval_count") ?? "1");
    if (mode === "subscription" && !interval) {
      throw invalidRequest(
        "You must provide at least one recurring price in `subscription` mode.",
        "line_items",
      );
    }
    if (mode === "payment" && interval) {
      throw invalidRequest("You specified `payment` mode but passed a recurring price.", "line_items");
    }
    if (interval && !isInterval(interval)) throw invalidRequest(`Invalid interval: ${interval}`, "interval");
    const successUrl = text(body, "success_url");
    if (!successUrl) throw invalidRequest("Missing required param: success_url.", "success_url");

    const id = `cs_test_${randomId()}`;
    const created = now();
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: unitAmount,
      amount_total: unitAmount,
      currency,
      client_reference_id: text(body, "client_reference_id") ?? null,
      customer: null,
      customer_email: text(body, "customer_email") ?? null,
      metadata: strings(field(body, "metadata")),
      success_url: successUrl,
      cancel_url: text(body, "cancel_url") ?? null,
      url: `${apiBase}/c/pay/${id}`,
      subscription: null,
      invoice: null,
      payment_intent: null,
      created,
      expires_at: created + SESSION_LIFETIME_SECONDS,
      livemode: false,
    };
    sessions.set(id, {
      session,
      productName,
      recurring: interval ? { interval: interval as Interval, interval_count: intervalCount } : null,
      subscriptionMetadata: strings(field(body, "subscription_data", "metadata")),
    });
    return session;
  };

  const updateSubscription = (subscription: FakeSubscription, body: FormObject): FakeSubscription => {
    const cancelAtPeriodEnd = text(body, "cancel_at_period_end");
    if (cancelAtPeriodEnd !== undefined) {
      if (subscription.status === "canceled") {
        throw invalidRequest(
          "A canceled subscription can only update its cancellation_details and metadata.",
          "cancel_at_period_end",
        );
      }
      const cancel = cancelAtPeriodEnd === "true";
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? periodEndOf(subscription) : null;
      subscription.canceled_at = cancel ? now() : null;
    }
    Object.assign(subscription.metadata, strings(field(body, "metadata")));
    return subscription;
  };

  const route = (method: string, path: string, body: FormObject): unknown => {
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(body);
    const sessionId = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(path)?.[1];
    if (method === "GET" && sessionId) return recordOf(sessionId).session;
    const subscriptionId = /^\/v1\/subscriptions\/([^/?]+)$/.exec(path)?.[1];
    if (subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw noSuch("subscription", subscriptionId);
      if (method === "GET") return subscription;
      if (method === "POST") return updateSubscription(subscription, body);
    }
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  };

  const recordOf = (sessionId: string): SessionRecord => {
    const record = sessions.get(sessionId);
    if (!record) throw noSuch("checkout.session", sessionId);
    return record;
  };

  const subscriptionOf = (subscriptionId: string): FakeSubscription => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`the fake Stripe has no subscription ${subscriptionId}`);
    return subscription;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "";
      const path = req.url ?? "";
      const body = parseForm(Buffer.concat(chunks).toString("utf8"));
      requests.push({ method, path, headers: req.headers, body });
      try {
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          throw new StripeApiError(401, {
            type: "invalid_request_error",
            message: "Invalid API Key provided.",
          });
        }
        reply(res, 200, route(method, path.split("?")[0] ?? "", body));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        reply(res, error.status, { error: error.body });
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** `http://127.0.0.1:<port>`: the provider's apiBase */
    apiBase,
    secretKey,
    webhookSecret,
    /** every request received, oldest first */
    requests,

    /** The session as Stripe would answer it now. */
    session(sessionId: string): FakeCheckoutSession {
      return structuredClone(recordOf(sessionId).session);
    },

    /** The subscription as Stripe would answer it now. */
    subscription(subscriptionId: string): FakeSubscription {
      return structuredClone(subscriptionOf(subscriptionId));
    },

    /**
     * The customer pays on the checkout page: the session completes as paid and, for a
     * subscription session, Stripe starts the subscription (returned) with its first period.
     */
    pay(sessionId: string): FakeSubscription | null {
      const record = recordOf(sessionId);
      const { session } = record;
      if (session.status !== "open") throw new Error(`checkout session ${sessionId} is ${session.status}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.customer = `cus_${randomId()}`;
      if (!record.recurring) {
        session.payment_intent = `pi_${randomId()}`;
        return null;
      }
      const start = now();
      const subscriptionId = `sub_${randomId()}`;
      const subscription: FakeSubscription = {
        id: subscriptionId,
        object: "subscription",
        status: "active",
        customer: session.customer,
        currency: session.currency,
        metadata: { ...record.subscriptionMetadata },
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        latest_invoice: null,
        items: {
          object: "list",
          data: [
            {
              id: `si_${randomId()}`,
              object: "subscription_item",
              subscription: subscriptionId,
              quantity: 1,
              created: start,
              current_period_start: start,
              current_period_end: addInterval(start, record.recurring),
              metadata: {},
              price: {
                id: `price_${randomId()}`,
                object: "price",
                currency: session.currency,
                unit_amount: session.amount_total,
                product: `prod_${randomId()}`,
                type: "recurring",
                recurring: record.recurring,
              },
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
        livemode: false,
      };
      subscriptions.set(subscriptionId, subscription);
      const invoice = invoiceFor(subscription, "subscription_create", {
        paid: true,
        period: { start, end: start },
      });
      subscription.latest_invoice = invoice.id;
      session.subscription = subscriptionId;
      session.invoice = invoice.id;
      return structuredClone(subscription);
    },

    /** Nobody paid before the session's deadline. */
    expire(sessionId: string): FakeCheckoutSession {
      const { session } = recordOf(sessionId);
      if (session.status !== "open") throw new Error(`checkout session ${sessionId} is ${session.status}`);
      session.status = "expired";
      session.url = null;
      return structuredClone(session);
    },

    /**
     * The period runs out and Stripe charges the next one: the items move to the new period and
     * the paid `subscription_cycle` invoice is returned (for `invoice.paid`).
     */
    renew(subscriptionId: string): FakeInvoice {
      const subscription = subscriptionOf(subscriptionId);
      const period = advance(subscription);
      const invoice = invoiceFor(subscription, "subscription_cycle", { paid: true, period });
      subscription.status = "active";
      subscription.latest_invoice = invoice.id;
      return invoice;
    },

    /**
     * The charge for the next period is declined: the subscription moves on, past due, and the
     * open `subscription_cycle` invoice is returned (for `invoice.payment_failed`).
     */
    failRenewal(subscriptionId: string): FakeInvoice {
      const subscription = subscriptionOf(subscriptionId);
      const period = advance(subscription);
      const invoice = invoiceFor(subscription, "subscription_cycle", { paid: false, period });
      subscription.status = "past_due";
      subscription.latest_invoice = invoice.id;
      return invoice;
    },

    /** Stripe ends the subscription (its scheduled end came, or it was canceled at once). */
    endSubscription(subscriptionId: string): FakeSubscription {
      const subscription = subscriptionOf(subscriptionId);
      subscription.status = "canceled";
      subscription.ended_at = now();
      subscription.canceled_at ??= subscription.ended_at;
      return structuredClone(subscription);
    },

    /**
     * A webhook delivery as Stripe sends it: the event JSON and its `Stripe-Signature` header,
     * signed with this fake's webhook secret at `timestamp` (Unix seconds; now by default).
     * `previousAttributes` is what a `*.updated` event reports as changed; `secret` signs with
     * another secret than the one the provider was given (a forged delivery).
     */
    signedEvent(
      type: Stripe.Event["type"],
      object: object,
      options: { timestamp?: number; previousAttributes?: object; secret?: string } = {},
    ) {
      const timestamp = options.timestamp ?? now();
      const event = {
        id: `evt_${randomId()}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: timestamp,
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: {
          object,
          ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
        },
      };
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        timestamp,
      });
      return {
        event,
        rawBody: Buffer.from(payload, "utf8"),
        headers: { "stripe-signature": signature, "content-type": "application/json; charset=utf-8" },
      };
    },

    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function reply(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { "content-type": "application/json", "request-id": `req_${randomId()}` })
    .end(JSON.stringify(body));
}

function invalidRequest(message: string, param: string): StripeApiError {
  return new StripeApiError(400, { type: "invalid_request_error", message, param });
}

function noSuch(kind: string, id: string): StripeApiError {
  return new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param: "id",
  });
}

/** Moves every item of the subscription to its next period; the period that just ended. */
function advance(subscription: FakeSubscription): { start: number; end: number } {
  const [first] = subscription.items.data;
  const ended = { start: first?.current_period_start ?? now(), end: first?.current_period_end ?? now() };
  for (const item of subscription.items.data) {
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start, item.price.recurring);
  }
  return ended;
}

/**
 * An invoice of the subscription: its lines charge the items' current periods; the invoice's own
 * period is, as with Stripe, the one before (for a renewal, the period that just ended).
 */
function invoiceFor(
  subscription: FakeSubscription,
  billingReason: FakeInvoice["billing_reason"],
  { paid, period }: { paid: boolean; period: { start: number; end: number } },
): FakeInvoice {
  const lines = subscription.items.data.map((item) => ({
    id: `il_${randomId()}`,
    object: "line_item" as const,
    amount: item.price.unit_amount * item.quantity,
    currency: item.price.currency,
    description: `${item.quantity} × subscription`,
    quantity: item.quantity,
    period: { start: item.current_period_start, end: item.current_period_end },
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const created = now();
  return {
    id: `in_${randomId()}`,
    object: "invoice",
    billing_reason: billingReason,
    status: paid ? "paid" : "open",
    customer: subscription.customer,
    currency: subscription.currency,
    amount_due: total,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    attempt_count: 1,
    attempted: true,
    next_payment_attempt: paid ? null : created + RENEWAL_RETRY_SECONDS,
    period_start: period.start,
    period_end: period.end,
    created,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    lines: { object: "list", has_more: false, url: "/v1/invoices/lines", data: lines },
    livemode: false,
  };
}

function periodEndOf(subscription: FakeSubscription): number {
  return Math.max(...subscription.items.data.map((item) => item.current_period_end));
}

function addInterval(
  start: number,
  { interval, interval_count }: FakeSubscriptionItem["price"]["recurring"],
) {
  const date = new Date(start * 1000);
  if (interval === "day") date.setUTCDate(date.getUTCDate() + interval_count);
  if (interval === "week") date.setUTCDate(date.getUTCDate() + 7 * interval_count);
  if (interval === "month") date.setUTCMonth(date.getUTCMonth() + interval_count);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + interval_count);
  return Math.floor(date.getTime() / 1000);
}

function isInterval(value: string): value is Interval {
  return value === "day" || value === "week" || value === "month" || value === "year";
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function randomId(): string {
  return randomBytes(12).toString("hex");
}

/** Decodes a body the way Stripe reads it: bracketed keys nest, numeric ones make arrays. */
function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [name = "", ...nested] = key.split("[");
    const path = [name, ...nested.map((segment) => segment.replace(/]$/, ""))];
    const last = path.pop() ?? "";
    let node = root;
    for (const segment of path) {
      const child = node[segment];
      if (typeof child === "object" && !Array.isArray(child)) {
        node = child;
      } else {
        const created: FormObject = {};
        node[segment] = created;
        node = created;
      }
    }
    node[last] = value;
  }
  return arraysFromIndexes(root) as FormObject;
}

function arraysFromIndexes(value: FormField): FormField {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, arraysFromIndexes(child)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, child]) => child) : Object.fromEntries(entries);
}

/** The field at `path` (object keys and array indexes), or undefined. */
function field(value: FormField | undefined, ...path: Array<string | number>): FormField | undefined {
  let node = value;
  for (const key of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = Array.isArray(node) ? node[Number(key)] : node[key];
  }
  return node;
}

function text(value: FormField | undefined, ...path: Array<string | number>): string | undefined {
  const found = field(value, ...path);
  return typeof found === "string" ? found : undefined;
}

/** An object of string fields (metadata); anything else is empty. */
function strings(value: FormField | undefined): Record<string, string> {
  if (value === undefined || typeof value === "string" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
