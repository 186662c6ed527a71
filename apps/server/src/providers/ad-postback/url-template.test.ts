import { describe, expect, it } from "vitest";
import { AdPostbackUrlTemplate } from "./url-template.ts";

const VALUES = {
  subid: "abc123XYZ",
  event: "purchase",
  event_id: "4f1c-9a",
  payout: "9.99",
  currency: "usd",
};

describe("AdPostbackUrlTemplate", () => {
  it("puts every value in its place", () => {
    const template = AdPostbackUrlTemplate.parse(
      "https://tracker.example/postback?subid={subid}&event={event}&payout={payout}&cur={currency}&txid={event_id}",
    );
    expect(template.render(VALUES)).toBe(
      "https://tracker.example/postback?subid=abc123XYZ&event=purchase&payout=9.99&cur=usd&txid=4f1c-9a",
    );
    expect(template.host).toBe("tracker.example");
  });

  it("URL-encodes the values, so none can add a parameter or change the path", () => {
    const template = AdPostbackUrlTemplate.parse("http://127.0.0.1:8080/pb/{event}?s={subid}");
    const url = template.render({ ...VALUES, subid: "a&b=c #d", event: "../admin?x=1" });
    expect(url).toBe("http://127.0.0.1:8080/pb/..%2Fadmin%3Fx%3D1?s=a%26b%3Dc%20%23d");
    expect(new URL(url).searchParams.get("s")).toBe("a&b=c #d");
  });

  it("repeats a placeholder and leaves a template without any as it is", () => {
    expect(AdPostbackUrlTemplate.parse("https://t.example/?a={subid}&b={subid}").render(VALUES)).toBe(
      "https://t.example/?a=abc123XYZ&b=abc123XYZ",
    );
    expect(AdPostbackUrlTemplate.parse("https://t.example/fixed?k=1").render(VALUES)).toBe(
      "https://t.example/fixed?k=1",
    );
  });

  it.each([
    ["https://t.example/?s={subd}", /unknown placeholder \{subd\}; use \{subid\}/],
    ["https://t.example/?s={}", /unknown placeholder \{\}/],
    ["https://t.example/?s={SUBID}", /unknown placeholder \{SUBID\}/],
    ["https://t.example/?s={subid", /without its pair/],
    ["https://t.example/?s=subid}", /without its pair/],
    ["ftp://t.example/?s={subid}", /only http\(s\) URLs/],
    ["javascript:alert({subid})", /only http\(s\) URLs/],
    ["tracker.example/?s={subid}", /not a URL/],
    ["https://{subid}.t.example/", /not the host/],
    ["https://t.example:{payout}/", /not a URL|not the host/],
    ["https://{subid}@t.example/", /not the host/],
  ])("refuses %s", (template, reason) => {
    expect(() => AdPostbackUrlTemplate.parse(template)).toThrow(reason);
  });
});
