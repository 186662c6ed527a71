import type { AdminProvider } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { providerLabel, providerWarnings } from "./provider-warnings";

const ok = { status: "ok", detail: "fine" } as const;

describe("providerWarnings", () => {
  it("gives a line for each provider with a warning, named as the screen names it", () => {
    const providers: AdminProvider[] = [
      { kind: "database", active: "sqlite", health: ok },
      {
        kind: "moderation",
        active: "rules",
        health: ok,
        warning: "rules only — set up Llama Guard 3 or OpenAI moderation for doubtful cases",
      },
      { kind: "search", active: "none", health: ok, warning: "not configured" },
    ];
    expect(providerWarnings(providers)).toEqual([
      "Moderation: rules only — set up Llama Guard 3 or OpenAI moderation for doubtful cases",
      "search: not configured",
    ]);
  });

  it("gives none when every provider is set up for production", () => {
    expect(providerWarnings([{ kind: "moderation", active: "rules + llama-guard", health: ok }])).toEqual([]);
    expect(providerLabel("llm")).toBe("Chat model (LLM)");
  });
});
