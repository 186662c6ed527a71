import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream } from "../../../test/helpers/fake-upstream.ts";
import { AdPostbackError, HttpAdPostbackSender } from "./http-ad-postback.ts";
import { AdPostbackUrlTemplate } from "./url-template.ts";

const VALUES = { subid: "abc123XYZ", event: "lead", event_id: "e-1", payout: "0.00", currency: "" };

let tracker: Awaited<ReturnType<typeof startFakeUpstream>>;

beforeAll(async () => {
  tracker = await startFakeUpstream((req, res) => {
    const path = new URL(req.url ?? "/", "http://tracker").pathname;
    if (path === "/moved") res.writeHead(302, { location: "/ok" }).end();
    else if (path === "/ok") res.writeHead(200).end("OK");
    else if (path === "/busy") res.writeHead(503).end();
    else if (path === "/slow") setTimeout(() => res.writeHead(200).end(), 2_000);
    else res.writeHead(404).end();
  });
});
afterAll(() => tracker?.close());

function sender(path: string, timeoutMs?: number) {
  const template = AdPostbackUrlTemplate.parse(`${tracker.url}${path}?subid={subid}&key=tracker-secret`);
  return new HttpAdPostbackSender(template, timeoutMs === undefined ? {} : { timeoutMs });
}

async function failure(promise: Promise<void>): Promise<AdPostbackError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AdPostbackError);
  return error as AdPostbackError;
}

describe("HttpAdPostbackSender", () => {
  it("GETs the rendered address and follows the tracker's redirect", async () => {
    await sender("/moved").send(VALUES);
    const paths = tracker.recorded.slice(-2).map((request) => [request.method, request.path]);
    expect(paths).toEqual([
      ["GET", "/moved?subid=abc123XYZ&key=tracker-secret"],
      ["GET", "/ok"],
    ]);
  });

  it("says a 5xx may pass later and a 404 will not, naming the host but never the URL", async () => {
    const busy = await failure(sender("/busy").send(VALUES));
    expect(busy.retryable).toBe(true);
    const missing = await failure(sender("/gone").send(VALUES));
    expect(missing.retryable).toBe(false);
    for (const error of [busy, missing]) {
      expect(error.message).toContain(new URL(tracker.url).host);
      expect(error.message).not.toContain("abc123XYZ");
      expect(error.message).not.toContain("tracker-secret");
    }
  });

  it("gives up on a tracker that does not answer in time, to be tried again", async () => {
    const error = await failure(sender("/slow", 100).send(VALUES));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/did not answer within 100 ms/);
  });

  it("treats a refused connection as worth retrying", async () => {
    const template = AdPostbackUrlTemplate.parse("http://127.0.0.1:1/pb?subid={subid}");
    const error = await failure(new HttpAdPostbackSender(template).send(VALUES));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe("the ad tracker at 127.0.0.1:1: connection failed");
  });
});
