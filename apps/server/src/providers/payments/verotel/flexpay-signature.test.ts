import { describe, expect, it } from "vitest";
import {
  flexPaySignature,
  isSignedPostback,
  isSignedRequest,
  SIGNED_REQUEST_PARAMETERS,
  signedQuery,
  signPostback,
} from "./flexpay-signature.ts";

// The key, parameters and signatures of Verotel's own client tests (github.com/verotel/flexpay4j,
// FlexPayClientTest.kt; github.com/verotel/flexpay-php-client, VerotelFlexPayClientTest.php).
const VEROTEL_TEST_KEY = "zpXwe2D77g4P7ysGJcr3rY87TBYs6J";
const VEROTEL_TEST_DESCRIPTION = "My Dščřčřřěřě&?=blah123";
/** The subscription both of Verotel's postback examples (version 4 and version 3) describe. */
const VEROTEL_POSTBACK_SUBSCRIPTION = {
  priceAmount: "0.00",
  referenceID: "reference1234",
  priceCurrency: "USD",
  custom1: "My",
  description: VEROTEL_TEST_DESCRIPTION,
  subscriptionType: "RECURRING",
  period: "P1M",
  name: "My name",
  trialAmount: "0.01",
  trialPeriod: "P3D",
  declineURL: "http://declineURL.test",
  cancelDiscountPercentage: "30",
};

describe("FlexPay signature (version 4)", () => {
  it("signs Verotel's purchase example to the signature its client test expects", () => {
    const parameters = {
      priceAmount: "45.20",
      priceCurrency: "EUR",
      description: VEROTEL_TEST_DESCRIPTION,
      paymentMethod: "CC",
      email: "foo@example.com",
      custom1: "custom1",
      custom2: "custom2",
      custom3: "custom3",
      referenceID: "ref1",
      shopID: "60678",
      successURL: "http://example.com/approve",
      declineURL: "http://example.com/decline",
      type: "purchase",
      version: "4",
    };
    const expected = "08a33095ae3f4cee4ba25bc50a4076d11c008b84e40423a1cd436c29d2a9225b";

    const { email: _unsigned, ...signed } = parameters;
    expect(flexPaySignature(VEROTEL_TEST_KEY, signed)).toBe(expected);
    // the whole startorder query of that test: sorted, URL-encoded, email sent but not signed, signature last
    expect(signedQuery(VEROTEL_TEST_KEY, parameters)).toBe(
      "custom1=custom1&custom2=custom2&custom3=custom3&declineURL=http%3A%2F%2Fexample.com%2Fdecline" +
        "&description=My+D%C5%A1%C4%8D%C5%99%C4%8D%C5%99%C5%99%C4%9B%C5%99%C4%9B%26%3F%3Dblah123" +
        "&email=foo%40example.com&paymentMethod=CC&priceAmount=45.20&priceCurrency=EUR&referenceID=ref1" +
        `&shopID=60678&successURL=http%3A%2F%2Fexample.com%2Fapprove&type=purchase&version=4&signature=${expected}`,
    );
  });

  it("signs Verotel's upgrade example, and leaves empty values out of the query and the signature", () => {
    const query = signedQuery(VEROTEL_TEST_KEY, {
      precedingSaleID: "433456",
      period: "P1M",
      subscriptionType: "recurring",
      priceAmount: "0.00",
      priceCurrency: "USD",
      custom1: "custom1 value",
      custom2: "",
      name: VEROTEL_TEST_DESCRIPTION,
      trialAmount: "0.01",
      trialPeriod: "P3D",
      successURL: "http://successURL.test",
      shopID: "60678",
      type: "upgradesubscription",
      version: "4",
    });
    expect(query).not.toContain("custom2");
    expect(new URLSearchParams(query).get("signature")).toBe(
      "cc4da94d214a4eb64a3f7affa3c39d168a9163c020f9caacca9bfd7498e33abc",
    );
  });

  it("accepts Verotel's signed postback example and refuses it once any value changes", () => {
    const postback = {
      ...VEROTEL_POSTBACK_SUBSCRIPTION,
      shopID: "68849",
      successURL: "http://successURL.test",
      signature: "0df722dd32b8a9f68e3ae4e3f226651eba1397d7928862635ba32674dc7bed6a",
    };
    expect(isSignedPostback(VEROTEL_TEST_KEY, postback)).toBe(true);
    expect(
      isSignedPostback(VEROTEL_TEST_KEY, { ...postback, signature: postback.signature.toUpperCase() }),
    ).toBe(true);
    expect(isSignedPostback(VEROTEL_TEST_KEY, { ...postback, priceAmount: "10.00" })).toBe(false);
    expect(isSignedPostback(VEROTEL_TEST_KEY, { ...postback, extra: "added" })).toBe(false);
    expect(isSignedPostback("another key", postback)).toBe(false);
    const { signature: _removed, ...unsigned } = postback;
    expect(isSignedPostback(VEROTEL_TEST_KEY, unsigned)).toBe(false);
  });

  it("refuses version 3's SHA-1 signature, even a correct one", () => {
    const postback = {
      ...VEROTEL_POSTBACK_SUBSCRIPTION,
      saleID: "433456",
      successURL: "http://backURL.test",
      blah: "something",
      shopID: "68849",
    };
    // the PHP client's test accepts this one as "old sha1 signature"
    expect(
      isSignedPostback(VEROTEL_TEST_KEY, {
        ...postback,
        signature: "fc63f38e2722d2e5bc4f2044ad3ffb2051e89643",
      }),
    ).toBe(false);
    expect(isSignedPostback(VEROTEL_TEST_KEY, signPostback(VEROTEL_TEST_KEY, postback))).toBe(true);
  });

  it("checks a request's signature over its signed parameters only", () => {
    const query = Object.fromEntries(
      new URLSearchParams(
        signedQuery("key", {
          shopID: "1",
          version: "4",
          saleID: "9",
          email: "a@example.com",
          origin: "tests",
        }),
      ),
    );
    expect(isSignedRequest("key", query)).toBe(true);
    expect(isSignedRequest("key", { ...query, email: "someone.else@example.com" })).toBe(true);
    expect(isSignedRequest("key", { ...query, saleID: "10" })).toBe(false);
    expect(SIGNED_REQUEST_PARAMETERS.has("email")).toBe(false);
  });
});
