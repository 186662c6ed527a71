import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api-client";

interface SentRequest {
  url: string;
  init: RequestInit;
}

function answerWith(response: Response): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return response;
    }),
  );
  return sent;
}

const anything = () => ({ parse: (data: unknown) => data });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api request bodies", () => {
  it("sends plain values as JSON", async () => {
    const sent = answerWith(Response.json({ ok: true }));
    await api.post("/api/things", anything, { body: { name: "Mia" } });
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(sent[0]?.init.body).toBe('{"name":"Mia"}');
  });

  it("sends a file as it is, typed by its own type", async () => {
    const sent = answerWith(Response.json({ model_id: 4 }, { status: 201 }));
    const file = new Blob(["\x89PNG"], { type: "image/png" });
    await api.post("/api/custom/cards", anything, { body: file, params: { age: 21 } });
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("image/png");
    expect(sent[0]?.init.body).toBe(file);
    expect(sent[0]?.url).toBe("/api/custom/cards?age=21");
  });

  it("keeps a content type given by the caller over the file's", async () => {
    const sent = answerWith(Response.json({}));
    await api.post("/api/custom/cards", anything, {
      body: new Blob(["{}"]),
      headers: { "Content-Type": "application/json" },
    });
    const headers = sent[0]?.init.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
  });
});

describe("api.blob", () => {
  it("answers the file of a successful call", async () => {
    answerWith(new Response("card bytes", { headers: { "content-type": "image/png" } }));
    const blob = await api.blob("/api/custom/models/4/card.png");
    expect(await blob.text()).toBe("card bytes");
  });

  it("throws the server's error of a failed call", async () => {
    answerWith(
      Response.json({ statusCode: 404, error: "not_found", message: "No such character." }, { status: 404 }),
    );
    const failure = await api.blob("/api/custom/models/9/card.png").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).message).toBe("No such character.");
  });
});
