/**
 * Verotel FlexPay, protocol version 4: the adult-friendly card processor behind the spec's
 * payment popup (decision 21). Written to:
 * - FlexPay documentation, version 4 (controlcenter.verotel.com/flexpay-doc/): purchase.html and
 *   subscription.html for the startorder parameters (version, shopID, type, priceAmount "nnn.nn",
 *   priceCurrency, description / name, period as ISO 8601, referenceID, custom1, successURL,
 *   declineURL, email) and the hosts (https://secure.verotel.com/startorder);
 * - "FlexPay Purchase API v3.2", "Calculating signature": the signature string (key, then the
 *   parameters sorted by name, ":"-joined; email not signed), with a worked example;
 * - "FlexPay Subscription API v3.4" (Verotel IT Services): the postbacks (initial, rebill, extend,
 *   downgrade, upgrade, cancel, uncancel, expiry, credit, chargeback; a one-off purchase has
 *   type=purchase and no event), the sale status request and the subscription cancel call;
 * - Verotel's own clients, github.com/verotel/flexpay-php-client (Client.php: the signed
 *   parameter names, salestatus and cancel-subscription paths) and github.com/verotel/flexpay4j
 *   (FlexPayClientTest.kt: the version-4 signatures the tests check against; FlexPayClient.kt:
 *   cancel-subscription is "a subscription specific cancel URL" for subscribers, a page);
 * - Verotel's Control Center API as its WooCommerce plugin uses it
 *   (github.com/common-repository/woo-verotelcardbilling-flexpay, ApiCommunicator.php):
 *   `POST https://controlcenter.verotel.com/api/sale/{saleID}/cancel` with Basic credentials,
 *   answering `{"is_success": true}`, or 412 "This sale is already cancelled.". It is the only
 *   documented way for a server to stop renewals; Verotel gives the credentials on request.
 *
 * Postbacks: FlexPay calls the postback URL set for the website in Control Center (not per order)
 * with a GET whose parameters are all signed; a form-encoded POST body is accepted too. Only
 * version 4's SHA-256 signature is accepted, not version 3's SHA-1. A postback carries no
 * timestamp and FlexPay resends it until it reads "OK", so replays are expected: each event's id
 * is the same for every delivery of one provider event, and applying it exactly once is the
 * billing service's job (it stores the ids it applied). Money stays in integer cents here; the
 * amount strings are built and read digit by digit, never through floating point.
 */
import { createHash } from "node:crypto";
import {
  clip,
  describeError,
  describeUrl,
  isRetryableStatus,
  readLimited,
  UpstreamCall,
} from "../../upstream-http.ts";
import {
  type CheckoutRequest,
  type CheckoutStart,
  type CheckoutStatus,
  type IncomingNotification,
  InvalidNotificationError,
  type PaymentEvent,
  type PaymentProvider,
} from "../types.ts";
import { type FlexPayParameters, isSignedPostback, signedQuery } from "./flexpay-signature.ts";

export interface VerotelConfig {
  /** the website's numeric id in Control Center ("shopID") */
  shopId: string;
  /** the website's FlexPay signature key */
  signatureKey: string;
  /** https://secure.verotel.com by default (other brands have their own host); tests point it at the fake */
  baseUrl: string;
  /** where Control Center sends postbacks: shown in the health report, since it is set there, not per order */
  postbackUrl?: string | undefined;
  /**
   * A Control Center API account (Verotel support gives one on request): how the server stops a
   * subscription's renewals. Without it cancelSubscription fails, and the subscriber cancels on
   * Verotel's own page (cancelSubscriptionUrl).
   */
  controlCenter?: ControlCenterConfig | undefined;
}

export interface ControlCenterConfig {
  username: string;
  password: string;
  /** https://controlcenter.verotel.com by default; tests point it at the fake */
  baseUrl?: string | undefined;
}

/** A failure talking to FlexPay, saying whether the same call may succeed later. */
export class VerotelError extends Error {
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "VerotelError";
    this.retryable = options.retryable;
  }
}

const PROTOCOL_VERSION = "4";
const CONTROL_CENTER_URL = "https://controlcenter.verotel.com";
/** the API version Verotel's WooCommerce plugin asks for */
const CONTROL_CENTER_ACCEPT = "application/json; version=1.5.0";
const TIMEOUT_MS = 10_000;
const ANSWER_LIMIT = 65_536;
/** FlexPay's sale currencies (all with two decimals). */
const SALE_CURRENCIES = new Set(["USD", "EUR", "GBP", "AUD", "CAD", "CHF", "DKK", "NOK", "SEK"]);
const TEXT_LIMIT = 100;
const URL_LIMIT = 255;
const PERIOD_DESIGNATORS = { day: "D", month: "M", year: "Y" } as const;

export class VerotelProvider implements PaymentProvider {
  readonly name = "verotel";
  readonly description: string;
  readonly #shopId: string;
  readonly #signatureKey: string;
  readonly #baseUrl: string;
  readonly #where: string;
  readonly #controlCenter: { url: string; authorization: string; where: string } | null;

  constructor(config: VerotelConfig) {
    if (!/^\d+$/.test(config.shopId))
      throw new Error("the Verotel shop id is a number (Control Center's website id)");
    if (!config.signatureKey) throw new Error("the Verotel FlexPay signature key is missing");
    this.#shopId = config.shopId;
    this.#signatureKey = config.signatureKey;
    this.#baseUrl = config.baseUrl.trim().replace(/\/+$/, "");
    this.#where = describeUrl(this.#baseUrl, "Verotel FlexPay");
    const controlCenter = config.controlCenter;
    if (controlCenter && (!controlCenter.username || !controlCenter.password)) {
      throw new Error("the Verotel Control Center API needs both a username and a password");
    }
    const controlCenterUrl = (controlCenter?.baseUrl ?? CONTROL_CENTER_URL).trim().replace(/\/+$/, "");
    this.#controlCenter = controlCenter
      ? {
          url: controlCenterUrl,
          authorization: `Basic ${Buffer.from(`${controlCenter.username}:${controlCenter.password}`).toString("base64")}`,
          where: describeUrl(controlCenterUrl, "Verotel Control Center"),
        }
      : null;
    this.description =
      `Verotel FlexPay at ${this.#where}, shop ${this.#shopId}` +
      (config.postbackUrl ? `, postbacks to ${config.postbackUrl}` : "") +
      (this.#controlCenter
        ? `, cancels through ${this.#controlCenter.where}`
        : ", no Control Center API: subscribers cancel on Verotel's page");
  }

  /**
   * A signed startorder URL. The referenceID is our order id (FlexPay refuses one it has seen);
   * custom1 carries the user's id through to every postback. A plan change starts an
   * `upgradesubscription` of the sale it replaces, whose remaining days move to the new one.
   */
  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const { item } = request;
    const currency = item.currency.toUpperCase();
    if (!SALE_CURRENCIES.has(currency)) throw new Error(`Verotel FlexPay does not sell in ${item.currency}`);
    const parameters: Record<string, string> = {
      version: PROTOCOL_VERSION,
      shopID: this.#shopId,
      priceAmount: formatAmount(item.amountCents),
      priceCurrency: currency,
      referenceID: request.orderId,
      custom1: request.userId,
      successURL: withinLimit(request.successUrl, URL_LIMIT, "the success URL"),
      declineURL: withinLimit(request.cancelUrl, URL_LIMIT, "the cancel URL"),
      // longer addresses are ignored by FlexPay, which then asks for one on its page
      email: request.email.length <= TEXT_LIMIT ? request.email : "",
    };
    if (item.kind === "subscription") {
      if (!item.period) throw new Error(`the plan ${item.priceId} has no renewal period`);
      Object.assign(parameters, {
        type: request.replacesSubscriptionId ? "upgradesubscription" : "subscription",
        subscriptionType: "recurring",
        period: `P${item.period.count}${PERIOD_DESIGNATORS[item.period.unit]}`,
        name: clipText(item.description),
        precedingSaleID: request.replacesSubscriptionId ?? "",
        upgradeOption: request.replacesSubscriptionId ? "extend" : "",
      });
    } else {
      Object.assign(parameters, { type: "purchase", description: clipText(item.description) });
    }
    return {
      url: `${this.#baseUrl}/startorder?${signedQuery(this.#signatureKey, parameters)}`,
      providerReference: request.orderId,
    };
  }

  async parseNotification(
    notification: IncomingNotification,
  ): Promise<{ events: PaymentEvent[]; body: string }> {
    const parameters = postbackParameters(notification);
    if (!parameters.signature) throw new InvalidNotificationError("the Verotel postback is not signed");
    if (!isSignedPostback(this.#signatureKey, parameters)) {
      throw new InvalidNotificationError("the Verotel postback's signature does not match");
    }
    if (parameters.shopID !== this.#shopId) {
      throw new InvalidNotificationError(`the Verotel postback is for shop ${parameters.shopID ?? "(none)"}`);
    }
    return { events: postbackEvents(parameters, new Date()), body: "OK" };
  }

  /**
   * FlexPay's sale status by our order id (its referenceID). An approved sale gives the event its
   * postback gives, with the same id, so whichever comes first is the one applied.
   */
  async checkoutStatus(order: { orderId: string; providerReference: string }): Promise<CheckoutStatus> {
    const sale = await this.#request("salestatus", { referenceID: order.orderId }, "the sale status");
    switch (sale.response) {
      case "FOUND":
        break;
      case "NOTFOUND":
        return { status: "pending" };
      default:
        throw new VerotelError(
          `${this.#where} could not tell the sale status: ${sale.error ?? describe(sale)}`,
          {
            retryable: sale.response !== "ERROR",
          },
        );
    }
    if (sale.referenceID !== undefined && sale.referenceID !== order.orderId) {
      throw new VerotelError(`${this.#where} answered the status of sale ${sale.referenceID}`, {
        retryable: false,
      });
    }
    const result = sale.saleResult?.toUpperCase();
    if (result === "APPROVED") {
      const paid = saleEvent(sale, order.orderId);
      // an answer without the sale id or the period end leaves the order to the postback
      return "problem" in paid ? { status: "pending" } : { status: "paid", event: paid.event };
    }
    if (result === "DECLINED" || result === "FAILED" || result === "ERROR") {
      return {
        status: "failed",
        event: {
          id: `verotel:${sale.saleID ?? order.orderId}:declined`,
          type: "payment_failed",
          orderId: order.orderId,
          reason: "The payment was declined.",
        },
      };
    }
    return { status: "pending" };
  }

  /**
   * Stops the renewals of a sale (our subscription id is its saleID) through the Control Center
   * API. Its answer has no date, so this returns null: the cancel postback that follows carries
   * the day access ends. A sale cancelled already counts as cancelled. FlexPay's own
   * `cancel-subscription` address is a page for the subscriber, not a call a server can make:
   * without API credentials this fails rather than report a cancel that did not happen.
   */
  async cancelSubscription(providerSubscriptionId: string): Promise<{ endsAt: Date } | null> {
    const controlCenter = this.#controlCenter;
    if (!controlCenter) {
      throw new VerotelError(
        "cancelling a Verotel subscription from the server needs Control Center API credentials; " +
          "without them the subscriber cancels on Verotel's page (cancelSubscriptionUrl)",
        { retryable: false },
      );
    }
    if (!/^\d+$/.test(providerSubscriptionId)) {
      throw new VerotelError(`"${providerSubscriptionId}" is not a Verotel sale id`, { retryable: false });
    }
    const url = `${controlCenter.url}/api/sale/${providerSubscriptionId}/cancel`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { authorization: controlCenter.authorization, accept: CONTROL_CENTER_ACCEPT },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await readLimited(response, ANSWER_LIMIT);
    } catch (error) {
      throw new VerotelError(`${controlCenter.where} did not answer the cancel: ${describeError(error)}`, {
        retryable: true,
        cause: error,
      });
    }
    const answer = parseJsonObject(text);
    const title = controlCenterErrorTitle(answer) ?? clip(text, 200);
    if (response.ok && answer?.is_success === true) return null;
    if (response.status === 412 && /already cancel/i.test(title)) return null;
    throw new VerotelError(
      `${controlCenter.where} did not cancel sale ${providerSubscriptionId}: HTTP ${response.status}${title ? `, ${title}` : ""}`,
      { retryable: isRetryableStatus(response.status) },
    );
  }

  /**
   * Verotel's cancel page for one subscription, signed (the `cancel-subscription` address): where
   * the subscriber stops the renewals themselves when the server has no Control Center API.
   */
  cancelSubscriptionUrl(providerSubscriptionId: string): string {
    const query = signedQuery(this.#signatureKey, {
      version: PROTOCOL_VERSION,
      shopID: this.#shopId,
      saleID: providerSubscriptionId,
    });
    return `${this.#baseUrl}/cancel-subscription?${query}`;
  }

  /** A signed GET of one of FlexPay's machine-readable answers ("name: value" lines). */
  async #request(
    path: string,
    parameters: Record<string, string>,
    what: string,
  ): Promise<Record<string, string>> {
    const query = signedQuery(this.#signatureKey, {
      version: PROTOCOL_VERSION,
      shopID: this.#shopId,
      ...parameters,
    });
    const call = new UpstreamCall({
      where: this.#where,
      timeoutMs: TIMEOUT_MS,
      error: (message, options) => new VerotelError(message, options),
    });
    try {
      const response = await call.fetch(`${this.#baseUrl}/${path}?${query}`, {
        method: "GET",
        headers: { accept: "text/plain" },
      });
      const text = await call.read(`while reading ${what}`, () => readLimited(response, ANSWER_LIMIT));
      if (/html/i.test(response.headers.get("content-type") ?? "") || /^\s*</.test(text)) {
        throw new VerotelError(`${this.#where} answered ${what} with a web page, not a result`, {
          retryable: false,
        });
      }
      return parseNameValueLines(text);
    } finally {
      call.end();
    }
  }
}

/** The postback's parameters: the query of a GET, or the form-encoded body of a POST. */
function postbackParameters(notification: IncomingNotification): Record<string, string> {
  if (Object.keys(notification.query).length > 0) return { ...notification.query };
  const parameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(notification.rawBody.toString("utf8"))) {
    if (name in parameters) throw new InvalidNotificationError(`the Verotel postback repeats ${name}`);
    parameters[name] = value;
  }
  return parameters;
}

/**
 * One postback's events. `purchase` (no event), `initial` and `upgrade` pay for an order; `rebill`
 * renews; `cancel` stops renewals at the end of the paid period; `expiry` ends the subscription
 * (a cancelled one at its end, or one whose rebill was declined: FlexPay sends no other notice of
 * a failed rebill, so no `subscription_renewal_failed` comes from here). A chargeback ends a
 * subscription at once; a credit (refund) does when FlexPay says it terminated the subscription.
 * A refunded or charged-back token purchase has no event of ours yet (tokens are not taken back),
 * nor do `uncancel`, `extend` and `downgrade`, which change only dates or the next price: they are
 * answered OK and applied by nothing.
 */
function postbackEvents(postback: FlexPayParameters, receivedAt: Date): PaymentEvent[] {
  const event = postback.event ?? (postback.type === "purchase" ? "purchase" : undefined);
  switch (event) {
    case "purchase":
    case "initial":
      return [paidSale(postback)];
    case "upgrade": {
      const paid = paidSale(postback);
      const replaced = postback.precedingSaleID ?? postback.precededBySaleID;
      // FlexPay ends the replaced sale without an expiry postback
      const ended: PaymentEvent[] = replaced
        ? [
            {
              id: `verotel:${replaced}:replaced`,
              type: "subscription_canceled",
              providerSubscriptionId: replaced,
              endsAt: receivedAt,
            },
          ]
        : [];
      return [...ended, paid];
    }
    case "rebill": {
      const saleId = required(postback, "saleID");
      return [
        {
          id: eventId(postback, saleId, event),
          type: "subscription_renewed",
          providerSubscriptionId: saleId,
          currentPeriodEnd: postbackDate(postback, "nextChargeOn"),
          amountCents: postbackAmount(postback.amount ?? required(postback, "priceAmount")),
          currency: (postback.currency ?? required(postback, "priceCurrency")).toUpperCase(),
        },
      ];
    }
    case "cancel": {
      const saleId = required(postback, "saleID");
      const dateName = postback.expiresOn ? "expiresOn" : postback.nextChargeOn ? "nextChargeOn" : null;
      // without the date, access stays until the expiry postback ends it
      if (!dateName) return [];
      return [
        {
          id: eventId(postback, saleId, event),
          type: "subscription_canceled",
          providerSubscriptionId: saleId,
          endsAt: postbackDate(postback, dateName),
        },
      ];
    }
    case "expiry":
      return [endsNow(postback, event, receivedAt)];
    case "chargeback":
      return postback.type === "subscription" ? [endsNow(postback, event, receivedAt)] : [];
    case "credit":
      return postback.type === "subscription" && postback.subscriptionPhase === "terminated"
        ? [endsNow(postback, event, receivedAt)]
        : [];
    default:
      return [];
  }
}

/** The payment of a sale from a postback; what is missing or malformed makes it invalid. */
function paidSale(postback: FlexPayParameters): PaymentEvent {
  const paid = saleEvent(postback, required(postback, "referenceID"));
  if ("problem" in paid) throw new InvalidNotificationError(`the Verotel postback ${paid.problem}`);
  return paid.event;
}

/**
 * The payment of a sale, from its postback or its status: the id is the sale's alone, so the two
 * (and every resend) are one event. A problem instead when the sale id, the amount or a
 * subscription's period end is missing or malformed.
 */
function saleEvent(
  sale: FlexPayParameters,
  orderId: string,
): { event: PaymentEvent & { type: "payment_succeeded" } } | { problem: string } {
  const saleId = sale.saleID;
  if (!saleId) return { problem: "has no saleID" };
  const amountCents = parseAmount(sale.priceAmount ?? sale.amount ?? "");
  const currency = sale.priceCurrency ?? sale.currency;
  if (amountCents === null || !currency) return { problem: `has no amount for sale ${saleId}` };
  const event = {
    id: `verotel:${saleId}:paid`,
    type: "payment_succeeded" as const,
    orderId,
    amountCents,
    currency: currency.toUpperCase(),
  };
  const isSubscription =
    sale.type === "subscription" || sale.type === "upgradesubscription" || !!sale.subscriptionType;
  if (!isSubscription) return { event };
  const paidUntil = parseDay(sale.nextChargeOn ?? sale.expiresOn ?? "");
  if (!paidUntil) return { problem: `has no period end for sale ${saleId}` };
  return {
    event: { ...event, subscription: { providerSubscriptionId: saleId, currentPeriodEnd: paidUntil } },
  };
}

function endsNow(postback: FlexPayParameters, event: string, receivedAt: Date): PaymentEvent {
  const saleId = required(postback, "saleID");
  return {
    id: eventId(postback, saleId, event),
    type: "subscription_canceled",
    providerSubscriptionId: saleId,
    endsAt: receivedAt,
  };
}

/**
 * The same for every delivery of one postback and different between two: the transaction's id
 * when there is one (rebills, credits, chargebacks), else a digest of the signed parameters (a
 * resend repeats them; a later cancel of the same sale has other dates).
 */
function eventId(postback: FlexPayParameters, saleId: string, event: string): string {
  if (postback.transactionID) return `verotel:${saleId}:${event}:${postback.transactionID}`;
  const canonical = Object.keys(postback)
    .filter((name) => name !== "signature")
    .sort()
    .map((name) => `${name}=${postback[name]}`)
    .join("&");
  return `verotel:${saleId}:${event}:${createHash("sha256").update(canonical).digest("hex").slice(0, 24)}`;
}

function required(postback: FlexPayParameters, name: string): string {
  const value = postback[name];
  if (!value) throw new InvalidNotificationError(`the Verotel postback has no ${name}`);
  return value;
}

/** Integer cents as FlexPay's "nnn.nn": 2997 → "29.97". */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** FlexPay's "nnn.nn" (or "nnn", "nnn.n") as integer cents, read as digits: "29.97" → 2997. */
export function parseAmount(amount: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** FlexPay's dates are days (YYYY-MM-DD): the start of that day, UTC. */
function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function postbackAmount(amount: string): number {
  const cents = parseAmount(amount);
  if (cents === null)
    throw new InvalidNotificationError(`the Verotel postback's amount is not one: ${amount}`);
  return cents;
}

function postbackDate(postback: FlexPayParameters, name: string): Date {
  const date = parseDay(required(postback, name));
  if (!date)
    throw new InvalidNotificationError(`the Verotel postback's ${name} is not a day: ${postback[name]}`);
  return date;
}

/** The Control Center API's answer, when it is a JSON object. */
function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The Control Center API's `{"error": {"title": …}}`. */
function controlCenterErrorTitle(answer: Record<string, unknown> | null): string | null {
  const error = answer?.error;
  if (!error || typeof error !== "object") return null;
  const title = (error as { title?: unknown }).title;
  return typeof title === "string" ? title : null;
}

/** FlexPay's status answer: one "name: value" per line (YAML); quotes around a value go. */
function parseNameValueLines(text: string): Record<string, string> {
  const answer: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z][\w]*):\s*(.*?)\s*$/.exec(line);
    if (!match?.[1]) continue;
    answer[match[1]] = (match[2] ?? "").replace(/^(['"])(.*)\1$/, "$2");
  }
  return answer;
}

function describe(answer: Record<string, string>): string {
  return answer.error ?? (answer.response ? `response ${answer.response}` : "an answer without a response");
}

/** Text shown on FlexPay's page: at most 100 characters. */
function clipText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > TEXT_LIMIT ? `${flat.slice(0, TEXT_LIMIT - 1)}…` : flat;
}

function withinLimit(url: string, limit: number, what: string): string {
  if (url.length > limit) throw new Error(`${what} is longer than FlexPay's ${limit} characters`);
  return url;
}
