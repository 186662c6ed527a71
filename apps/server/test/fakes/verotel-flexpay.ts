import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isSignedRequest, signPostback } from "../../src/providers/payments/verotel/flexpay-signature.ts";

/** One order the fake's startorder page took, and the sale it became once paid. */
export interface FakeVerotelOrder {
  referenceID: string;
  type: "purchase" | "subscription" | "upgradesubscription";
  /** the startorder parameters as received, signature left out */
  parameters: Record<string, string>;
  status: "pending" | "approved" | "declined";
  /** FlexPay's sale id, given when the buyer paid */
  saleID: string | null;
  /** the transaction of the first payment (credits and chargebacks name it as their parent) */
  transactionID: string | null;
  /** a subscription's next rebill day (YYYY-MM-DD); after a cancel, the day access ends */
  nextChargeOn: string | null;
  cancelled: boolean;
}

/** The postbacks that follow a sale's first one. */
export type FakeVerotelEvent = "rebill" | "cancel" | "uncancel" | "expiry" | "credit" | "chargeback";

export interface FakeVerotelOptions {
  shopId?: string;
  signatureKey?: string;
  /** where postbacks go when the page's pay link is followed (FlexPay's "Postback URL" of the website) */
  postbackUrl?: string;
}

const SALE_CURRENCIES = new Set(["USD", "EUR", "GBP", "AUD", "CAD", "CHF", "DKK", "NOK", "SEK"]);

/**
 * A local Verotel FlexPay (version 4) on 127.0.0.1, checking what the real one checks:
 * - `GET /startorder`: the signature over the signed parameters (email is not signed), the shop,
 *   version 4, a "nnn.nn" amount in a sale currency, a referenceID not used by a finished order,
 *   a period for a subscription; answers the order page (HTML) with pay and decline links
 *   (`/fake/pay?referenceID=…&outcome=approve|decline`) that send the postback to `postbackUrl`
 *   and redirect to the order's successURL or declineURL, as FlexPay does.
 * - `GET /salestatus` by referenceID or saleID: "name: value" lines (response FOUND / NOTFOUND /
 *   ERROR, saleResult, amount, currency, nextChargeOn…), as FlexPay's status request answers.
 * - `GET /cancel-subscription` by saleID (signed): the subscriber's cancel page, as FlexPay's is,
 *   with a confirm link (`/fake/cancel?saleID=…`) that stops the renewals and sends the cancel
 *   postback.
 * - `POST /api/sale/{saleID}/cancel`: the Control Center API's cancel, behind Basic credentials
 *   (`controlCenter`): `{"is_success": true}`, 412 "This sale is already cancelled.", 404 for a
 *   sale it does not know, 401 for other credentials. The cancel postback is sent before the
 *   answer, so a test sees it once the call returns.
 * Tests make FlexPay's side of a sale with `approve`, `decline` and `postback` (signed postback
 * parameters, as FlexPay would send them), or sign their own with `signedPostback`.
 */
export async function startFakeVerotel(options: FakeVerotelOptions = {}) {
  const shopId = options.shopId ?? "68849";
  const signatureKey = options.signatureKey ?? "fake-flexpay-signature-key-0123456789";
  const controlCenterCredentials = {
    username: "fake-control-center-user",
    password: "fake-control-center-password",
  };
  /** by referenceID (our order id) */
  const orders = new Map<string, FakeVerotelOrder>();
  const requests: { method: string; path: string }[] = [];
  let lastSaleId = 7_000_000;
  let lastTransactionId = 9_000_000;

  const orderOf = (referenceID: string): FakeVerotelOrder => {
    const order = orders.get(referenceID);
    if (!order) throw new Error(`the fake Verotel has no order ${referenceID}`);
    return order;
  };
  const saleOf = (saleID: string | undefined) =>
    [...orders.values()].find((order) => order.saleID !== null && order.saleID === saleID);

  const signedPostback = (parameters: Record<string, string>) =>
    signPostback(signatureKey, { shopID: shopId, ...parameters });

  /** The buyer paid: the sale exists, and this is its first postback (purchase, initial or upgrade). */
  const approve = (referenceID: string): Record<string, string> => {
    const order = orderOf(referenceID);
    if (order.status !== "pending") throw new Error(`order ${referenceID} is already ${order.status}`);
    order.status = "approved";
    order.saleID = String(++lastSaleId);
    order.transactionID = String(++lastTransactionId);
    const { parameters } = order;
    const common = {
      saleID: order.saleID,
      transactionID: order.transactionID,
      referenceID,
      priceAmount: parameters.priceAmount ?? "",
      priceCurrency: parameters.priceCurrency ?? "",
      paymentMethod: "CC",
      ...(parameters.custom1 ? { custom1: parameters.custom1 } : {}),
    };
    if (order.type === "purchase") {
      return signedPostback({ ...common, type: "purchase", description: parameters.description ?? "" });
    }
    order.nextChargeOn = addPeriod(today(), parameters.period ?? "P1M");
    return signedPostback({
      ...common,
      type: "subscription",
      event: order.type === "upgradesubscription" ? "upgrade" : "initial",
      subscriptionType: parameters.subscriptionType ?? "recurring",
      period: parameters.period ?? "",
      nextChargeOn: order.nextChargeOn,
      ...(order.type === "upgradesubscription" ? { precedingSaleID: parameters.precedingSaleID ?? "" } : {}),
    });
  };

  const decline = (referenceID: string) => {
    const order = orderOf(referenceID);
    if (order.status !== "pending") throw new Error(`order ${referenceID} is already ${order.status}`);
    order.status = "declined";
    order.saleID = String(++lastSaleId);
  };

  /** A later postback of an approved sale, signed, with the fake's state moved on accordingly. */
  const postback = (referenceID: string, event: FakeVerotelEvent): Record<string, string> => {
    const order = orderOf(referenceID);
    if (order.status !== "approved" || !order.saleID) throw new Error(`order ${referenceID} was not paid`);
    const isSubscription = order.type !== "purchase";
    const sale = {
      saleID: order.saleID,
      referenceID,
      type: isSubscription ? "subscription" : "purchase",
      event,
      ...(isSubscription ? { subscriptionType: order.parameters.subscriptionType ?? "recurring" } : {}),
    };
    const amount = order.parameters.priceAmount ?? "";
    const currency = order.parameters.priceCurrency ?? "";
    switch (event) {
      case "rebill":
        order.nextChargeOn = addPeriod(order.nextChargeOn ?? today(), order.parameters.period ?? "P1M");
        return signedPostback({
          ...sale,
          transactionID: String(++lastTransactionId),
          amount,
          currency,
          nextChargeOn: order.nextChargeOn,
          subscriptionPhase: "normal",
          paymentMethod: "CC",
        });
      case "cancel":
        return cancelSale(order, "buyer");
      case "uncancel":
        order.cancelled = false;
        return signedPostback({
          ...sale,
          uncancelledBy: "support",
          nextChargeOn: order.nextChargeOn ?? today(),
        });
      case "expiry":
        return signedPostback(sale);
      case "credit":
      case "chargeback":
        return signedPostback({
          ...sale,
          transactionID: String(++lastTransactionId),
          parentID: order.transactionID ?? "",
          priceAmount: amount,
          priceCurrency: currency,
          ...(isSubscription ? { subscriptionPhase: "terminated" } : {}),
        });
    }
  };

  /** The renewals stop; access lasts until the day the next rebill would have been. */
  const cancelSale = (order: FakeVerotelOrder, cancelledBy: "buyer" | "merchant"): Record<string, string> => {
    order.cancelled = true;
    return signedPostback({
      saleID: order.saleID ?? "",
      referenceID: order.referenceID,
      type: "subscription",
      event: "cancel",
      subscriptionType: order.parameters.subscriptionType ?? "recurring",
      cancelledBy,
      subscriptionPhase: "normal",
      expiresOn: order.nextChargeOn ?? today(),
    });
  };

  /** Sends a postback as FlexPay does: a GET of the postback URL with the parameters in its query. */
  const deliverPostback = async (parameters: Record<string, string>) => {
    if (!options.postbackUrl) throw new Error("the fake Verotel was started without a postbackUrl");
    const response = await fetch(`${options.postbackUrl}?${new URLSearchParams(parameters)}`);
    return { status: response.status, body: await response.text() };
  };

  const startOrder = (query: Record<string, string>, res: ServerResponse) => {
    const refusal = orderRefusal(query);
    if (refusal) return page(res, 400, "Order refused", `<p>${escapeHtml(refusal)}</p>`);
    const { signature: _signature, ...parameters } = query;
    const referenceID = parameters.referenceID ?? `fake-${lastSaleId + 1}`;
    const known = orders.get(referenceID);
    if (known && known.status !== "pending") {
      return page(res, 400, "Order refused", "<p>This referenceID was used already.</p>");
    }
    orders.set(referenceID, {
      referenceID,
      type: parameters.type as FakeVerotelOrder["type"],
      parameters,
      status: "pending",
      saleID: null,
      transactionID: null,
      nextChargeOn: null,
      cancelled: false,
    });
    const pay = (outcome: string) => `/fake/pay?${new URLSearchParams({ referenceID, outcome })}`;
    const text = parameters.description ?? parameters.name ?? "";
    page(
      res,
      200,
      "Verotel order page (fake)",
      `<p>${escapeHtml(text)}</p><p>${escapeHtml(parameters.priceAmount ?? "")} ${escapeHtml(parameters.priceCurrency ?? "")}` +
        `${parameters.period ? ` every ${escapeHtml(parameters.period)}` : ""}</p>` +
        `<p><a href="${escapeHtml(pay("approve"))}">Pay</a> <a href="${escapeHtml(pay("decline"))}">Decline</a></p>`,
    );
  };

  const orderRefusal = (query: Record<string, string>): string | null => {
    if (!isSignedRequest(signatureKey, query)) return "The signature is not valid.";
    if (query.shopID !== shopId) return `Unknown shopID ${query.shopID ?? ""}.`;
    if (query.version !== "4") return `Unsupported version ${query.version ?? ""}.`;
    if (!/^\d+\.\d{2}$/.test(query.priceAmount ?? "")) return "priceAmount must be nnn.nn.";
    if (!SALE_CURRENCIES.has(query.priceCurrency ?? "")) return "priceCurrency is not a sale currency.";
    if (query.type === "purchase") return query.description ? null : "description is missing.";
    if (query.type !== "subscription" && query.type !== "upgradesubscription") return "Unknown type.";
    if (!/^P\d+[DMY]$/.test(query.period ?? "")) return "period must be an ISO 8601 duration.";
    if (query.subscriptionType !== "recurring" && query.subscriptionType !== "one-time") {
      return "subscriptionType must be recurring or one-time.";
    }
    const preceding = saleOf(query.precedingSaleID);
    if (query.type === "upgradesubscription" && (!preceding || preceding.type === "purchase")) {
      return "precedingSaleID is not a subscription.";
    }
    return null;
  };

  const followPayLink = async (query: Record<string, string>, res: ServerResponse) => {
    const order = orders.get(query.referenceID ?? "");
    if (order?.status !== "pending") return page(res, 404, "Not found", "<p>No such order.</p>");
    if (query.outcome === "approve") {
      const parameters = approve(order.referenceID);
      if (options.postbackUrl) await deliverPostback(parameters);
      return redirect(res, order.parameters.successURL);
    }
    decline(order.referenceID);
    redirect(res, order.parameters.declineURL);
  };

  const saleStatus = (query: Record<string, string>, res: ServerResponse) => {
    const refusal = lookupRefusal(query);
    if (refusal) return answer(res, { response: "ERROR", error: refusal });
    const order = query.saleID ? saleOf(query.saleID) : orders.get(query.referenceID ?? "");
    // a sale exists once the buyer submitted the order page
    if (!order || order.status === "pending" || !order.saleID) return answer(res, { response: "NOTFOUND" });
    answer(res, {
      response: "FOUND",
      shopID: shopId,
      saleID: order.saleID,
      referenceID: order.referenceID,
      saleResult: order.status === "approved" ? "APPROVED" : "DECLINED",
      amount: order.parameters.priceAmount ?? "",
      currency: order.parameters.priceCurrency ?? "",
      paymentMethod: "CC",
      ...(order.type === "purchase"
        ? {}
        : {
            subscriptionType: order.parameters.subscriptionType ?? "recurring",
            period: order.parameters.period ?? "",
            nextChargeOn: order.nextChargeOn ?? "",
            cancelled: order.cancelled ? "1" : "0",
          }),
    });
  };

  const activeSubscription = (saleID: string | undefined) => {
    const order = saleOf(saleID);
    return order && order.type !== "purchase" && order.status === "approved" ? order : undefined;
  };

  const cancelPage = (query: Record<string, string>, res: ServerResponse) => {
    const refusal = lookupRefusal(query);
    if (refusal || !query.saleID)
      return page(res, 400, "Request refused", `<p>${escapeHtml(refusal ?? "")}</p>`);
    const order = activeSubscription(query.saleID);
    if (!order) return page(res, 404, "Not found", "<p>No such subscription.</p>");
    if (order.cancelled) return page(res, 200, "Cancelled", "<p>This subscription is cancelled already.</p>");
    const confirm = `/fake/cancel?${new URLSearchParams({ saleID: query.saleID })}`;
    page(
      res,
      200,
      "Cancel your subscription (fake)",
      `<p>${escapeHtml(order.parameters.name ?? "")}</p><p><a href="${escapeHtml(confirm)}">Cancel subscription</a></p>`,
    );
  };

  const followCancelLink = async (query: Record<string, string>, res: ServerResponse) => {
    const order = activeSubscription(query.saleID);
    if (!order || order.cancelled) return page(res, 404, "Not found", "<p>No such subscription.</p>");
    const parameters = cancelSale(order, "buyer");
    if (options.postbackUrl) await deliverPostback(parameters);
    page(res, 200, "Cancelled", `<p>Access lasts until ${escapeHtml(parameters.expiresOn ?? "")}.</p>`);
  };

  const controlCenterCancel = async (req: IncomingMessage, saleID: string, res: ServerResponse) => {
    const expected = `Basic ${Buffer.from(`${controlCenterCredentials.username}:${controlCenterCredentials.password}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return json(res, 401, { error: { title: "Unauthorized" } });
    const order = activeSubscription(saleID);
    if (!order) return json(res, 404, { error: { title: "Sale not found." } });
    if (order.cancelled) return json(res, 412, { error: { title: "This sale is already cancelled." } });
    const parameters = cancelSale(order, "merchant");
    if (options.postbackUrl) await deliverPostback(parameters);
    json(res, 200, { is_success: true });
  };

  const lookupRefusal = (query: Record<string, string>): string | null => {
    if (!isSignedRequest(signatureKey, query)) return "Invalid signature";
    if (query.shopID !== shopId) return "Unknown shopID";
    if (query.version !== "4") return "Unsupported version";
    if (!query.saleID === !query.referenceID) return "Either saleID or referenceID must be given";
    return null;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ method: req.method ?? "", path: `${url.pathname}${url.search}` });
    const query = Object.fromEntries(url.searchParams);
    const routes: Record<string, () => unknown> = {
      "/startorder": () => startOrder(query, res),
      "/fake/pay": () => followPayLink(query, res),
      "/salestatus": () => saleStatus(query, res),
      "/cancel-subscription": () => cancelPage(query, res),
      "/fake/cancel": () => followCancelLink(query, res),
    };
    const saleToCancel = /^\/api\/sale\/([^/]+)\/cancel$/.exec(url.pathname)?.[1];
    const route =
      req.method === "GET"
        ? routes[url.pathname]
        : req.method === "POST" && saleToCancel
          ? () => controlCenterCancel(req, decodeURIComponent(saleToCancel), res)
          : undefined;
    if (!route) return page(res, 404, "Not found", "<p>Not found.</p>");
    Promise.resolve(route()).catch((error: unknown) =>
      page(res, 500, "Error", `<p>${escapeHtml(String(error))}</p>`),
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");

  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** `http://127.0.0.1:<port>`: the provider's baseUrl */
    baseUrl,
    shopId,
    signatureKey,
    /** the provider's `controlCenter`: the API on the same server, with the fake's credentials */
    controlCenter: { baseUrl, ...controlCenterCredentials },
    orders,
    /** every request, method and path with query, in order */
    requests,
    signedPostback,
    approve,
    decline,
    postback,
    deliverPostback,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export type FakeVerotel = Awaited<ReturnType<typeof startFakeVerotel>>;

function answer(res: ServerResponse, fields: Record<string, string>) {
  const body = Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\n`)
    .join("");
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(body);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res
    .writeHead(status, { "content-type": "text/html; charset=utf-8" })
    .end(`<!doctype html><title>${title}</title><h1>${title}</h1>${body}`);
}

function redirect(res: ServerResponse, location: string | undefined) {
  if (!location) return page(res, 200, "Done", "<p>You may close this window.</p>");
  res.writeHead(302, { location }).end();
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A day plus an ISO 8601 period of days, months or years ("P30D", "P1M", "P1Y"). */
function addPeriod(day: string, period: string): string {
  const match = /^P(\d+)([DMY])$/.exec(period);
  if (!match) throw new Error(`not a period: ${period}`);
  const date = new Date(`${day}T00:00:00Z`);
  const count = Number(match[1]);
  if (match[2] === "D") date.setUTCDate(date.getUTCDate() + count);
  if (match[2] === "M") date.setUTCMonth(date.getUTCMonth() + count);
  if (match[2] === "Y") date.setUTCFullYear(date.getUTCFullYear() + count);
  return date.toISOString().slice(0, 10);
}
