import { createHash, timingSafeEqual } from "node:crypto";

/**
 * FlexPay's signature, version 4: the SHA-256 (lower-case hex) of the signature key followed by
 * the parameters sorted by name, each as `name=value`, joined with ":":
 * `sha256("key:description=…:priceAmount=9.99:priceCurrency=EUR:shopID=123:type=purchase:version=4")`.
 * Values are taken as UTF-8 text, before URL encoding. Version 3 signed the same string with SHA-1;
 * only SHA-256 is made or accepted here.
 */

export type FlexPayParameters = Readonly<Record<string, string>>;

/**
 * What a request to FlexPay (startorder, salestatus, cancel-subscription) signs: these names only.
 * `email`, `oneClickToken` and anything else travel unsigned (the purchase page says so for email).
 * Postbacks are different: every parameter but `signature` is signed.
 */
export const SIGNED_REQUEST_PARAMETERS: ReadonlySet<string> = new Set([
  "version",
  "shopID",
  "priceAmount",
  "priceCurrency",
  "paymentMethod",
  "description",
  "referenceID",
  "saleID",
  "custom1",
  "custom2",
  "custom3",
  "subscriptionType",
  "period",
  "name",
  "trialAmount",
  "trialPeriod",
  "cancelDiscountPercentage",
  "type",
  "successURL",
  "declineURL",
  "precedingSaleID",
  "upgradeOption",
  "mcc",
  "subCreditorName",
  "subCreditorId",
  "subCreditorCountry",
]);

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The signature of exactly these parameters. */
export function flexPaySignature(signatureKey: string, parameters: FlexPayParameters): string {
  const names = Object.keys(parameters).sort();
  const signed = [signatureKey, ...names.map((name) => `${name}=${parameters[name]}`)].join(":");
  return createHash("sha256").update(signed, "utf8").digest("hex");
}

/**
 * The query string of a signed request: empty values dropped (an unused optional parameter is
 * neither sent nor signed), the rest sorted by name, `signature` last.
 */
export function signedQuery(signatureKey: string, parameters: FlexPayParameters): string {
  const sent = Object.fromEntries(
    Object.entries(parameters)
      .filter(([, value]) => value !== "")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const signed = Object.fromEntries(
    Object.entries(sent).filter(([name]) => SIGNED_REQUEST_PARAMETERS.has(name)),
  );
  const query = new URLSearchParams(sent);
  query.append("signature", flexPaySignature(signatureKey, signed));
  return query.toString();
}

/** Whether a request FlexPay would accept carries the right signature (what the fake checks). */
export function isSignedRequest(signatureKey: string, parameters: FlexPayParameters): boolean {
  const { signature, ...rest } = parameters;
  const signed = Object.fromEntries(
    Object.entries(rest).filter(([name]) => SIGNED_REQUEST_PARAMETERS.has(name)),
  );
  return signatureMatches(signature, flexPaySignature(signatureKey, signed));
}

/** Whether a postback is FlexPay's: its `signature` covers every other parameter it carries. */
export function isSignedPostback(signatureKey: string, parameters: FlexPayParameters): boolean {
  const { signature, ...signed } = parameters;
  return signatureMatches(signature, flexPaySignature(signatureKey, signed));
}

/** The parameters with their postback signature added (FlexPay's side, for the fake and tests). */
export function signPostback(signatureKey: string, parameters: FlexPayParameters): Record<string, string> {
  const { signature: _ignored, ...signed } = parameters;
  return { ...signed, signature: flexPaySignature(signatureKey, signed) };
}

/** Constant-time comparison; a SHA-1 (version 3) or malformed signature never matches. */
function signatureMatches(received: string | undefined, expected: string): boolean {
  const normalised = received?.trim().toLowerCase() ?? "";
  if (!SHA256_HEX.test(normalised)) return false;
  return timingSafeEqual(Buffer.from(normalised, "hex"), Buffer.from(expected, "hex"));
}
