import { createHmac, timingSafeEqual } from "node:crypto";
import type {
  CheckoutRequest,
  CheckoutStart,
  CheckoutStatus,
  IncomingNotification,
  PaymentEvent,
  PaymentProvider,
  ProviderRefundRequest,
} from "../types.ts";
import { InvalidNotificationError } from "../types.ts";

/** The header a test-checkout event is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const TEST_CHECKOUT_SIGNATURE_HEADER = "reverie-test-signature";
/** As Stripe: an event signed longer ago than this is refused (a replay). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface TestCheckoutConfig {
  /** signs the events the test checkout sends (derived from the app's secret) */
  signingSecret: string;
}

/** An event as it travels: JSON, dates as ISO strings. */
type WireEvent = Record<string, unknown> & { id: string; type: PaymentEvent["type"] };

function signature(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

function toWire(event: PaymentEvent): string {
  return JSON.stringify(event, (_key, value: unknown) => value);
}

function date(value: unknown, field: string): Date {
  const parsed = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(parsed.getTime())) throw new InvalidNotificationError(`${field} is not a date`);
  return parsed;
}

function text(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") throw new InvalidNotificationError(`${field} is missing`);
  return value;
}

function amount(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value))
    throw new InvalidNotificationError("amountCents is not whole cents");
  return value;
}

function fromWire(wire: WireEvent): PaymentEvent {
  const id = text(wire.id, "id");
  switch (wire.type) {
    case "payment_succeeded": {
      const subscription = wire.subscription as Record<string, unknown> | undefined;
      return {
        id,
        type: wire.type,
        orderId: text(wire.orderId, "orderId"),
        amountCents: amount(wire.amountCents),
        currency: text(wire.currency, "currency"),
        ...(subscription
          ? {
              subscription: {
                providerSubscriptionId: text(subscription.providerSubscriptionId, "providerSubscriptionId"),
                currentPeriodEnd: date(subscription.currentPeriodEnd, "currentPeriodEnd"),
              },
            }
          : {}),
      };
    }
    case "payment_failed":
      return {
        id,
        type: wire.type,
        orderId: text(wire.orderId, "orderId"),
        reason: text(wire.reason, "reason"),
      };
    case "subscription_renewed":
      return {
        id,
        type: wire.type,
        providerSubscriptionId: text(wire.providerSubscriptionId, "providerSubscriptionId"),
        currentPeriodEnd: date(wire.currentPeriodEnd, "currentPeriodEnd"),
        amountCents: amount(wire.amountCents),
        currency: text(wire.currency, "currency"),
      };
    case "subscription_renewal_failed":
      return {
        id,
        type: wire.type,
        providerSubscriptionId: text(wire.providerSubscriptionId, "providerSubscriptionId"),
        reason: text(wire.reason, "reason"),
      };
    case "subscription_canceled":
      return {
        id,
        type: wire.type,
        providerSubscriptionId: text(wire.providerSubscriptionId, "providerSubscriptionId"),
        endsAt: date(wire.endsAt, "endsAt"),
      };
    default:
      throw new InvalidNotificationError(`unknown event type ${String(wire.type)}`);
  }
}

/**
 * The built-in test checkout (decision 21), the default provider so that `npm start` can sell: its
 * payment page is a screen of this app (/pay/<order>, served by the test-checkout routes), which
 * takes the test card numbers and then sends the app a signed event the way a real provider
 * sends a webhook: HMAC-SHA256 over the timestamp and the exact body, refused when older than
 * 300 s. This class is the provider's side of the protocol: the page's link, signing, verifying.
 */
export class TestCheckoutProvider implements PaymentProvider {
  readonly name = "test" as const;
  readonly description = "built-in test checkout (test cards only, nothing is charged)";
  readonly #config: TestCheckoutConfig;

  constructor(config: TestCheckoutConfig) {
    this.#config = config;
  }

  /**
   * The page is this app's own, so its address is a path: the browser stays on whatever address it
   * opened the app by (a LAN address, 127.0.0.1), which PUBLIC_URL may not be.
   */
  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    return { url: `/pay/${encodeURIComponent(request.orderId)}`, providerReference: request.orderId };
  }

  /** A delivery of one event, signed now (or at `at`, for tests of the tolerance). */
  sign(event: PaymentEvent, at: Date = new Date()): IncomingNotification {
    const body = toWire(event);
    const timestamp = Math.floor(at.getTime() / 1000);
    return {
      rawBody: Buffer.from(body),
      headers: {
        "content-type": "application/json",
        [TEST_CHECKOUT_SIGNATURE_HEADER]: `t=${timestamp},v1=${signature(this.#config.signingSecret, timestamp, body)}`,
      },
      query: {},
    };
  }

  async parseNotification(notification: IncomingNotification): Promise<{ events: PaymentEvent[] }> {
    const header = notification.headers[TEST_CHECKOUT_SIGNATURE_HEADER];
    if (typeof header !== "string") throw new InvalidNotificationError("the signature header is missing");
    const parts = new Map(
      header.split(",").map((part) => {
        const [key = "", value = ""] = part.split("=", 2);
        return [key.trim(), value.trim()] as const;
      }),
    );
    const timestamp = Number(parts.get("t"));
    const given = parts.get("v1") ?? "";
    if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
      throw new InvalidNotificationError("the signature header is malformed");
    }
    const body = notification.rawBody.toString("utf8");
    const expected = signature(this.#config.signingSecret, timestamp, body);
    if (!timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"))) {
      throw new InvalidNotificationError("the signature does not match");
    }
    if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
      throw new InvalidNotificationError("the event was signed too long ago");
    }
    let wire: unknown;
    try {
      wire = JSON.parse(body);
    } catch {
      throw new InvalidNotificationError("the body is not JSON");
    }
    if (typeof wire !== "object" || wire === null)
      throw new InvalidNotificationError("the body is not an event");
    return { events: [fromWire(wire as WireEvent)] };
  }

  /** The test checkout keeps no state of its own: the app's records are the answer. */
  async checkoutStatus(): Promise<CheckoutStatus> {
    return { status: "pending" };
  }

  /** Renewals are the app's own (the period-end job): stopping them needs no remote call. */
  async cancelSubscription(): Promise<null> {
    return null;
  }

  /** Nothing was charged, so nothing goes back: the refund is acknowledged under the order's id. */
  async refund(payment: ProviderRefundRequest): Promise<{ reference: string }> {
    return { reference: `test_refund_${payment.orderId}` };
  }
}
