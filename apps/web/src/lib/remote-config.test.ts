import { REMOTE_CONFIG_DEFAULTS } from "@reverie/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const served = {
  onboarding_variant: "build_character",
  plan_variant: "default",
  replay_enabled: true,
  replay_sample_rate: 0.5,
  analytics_enabled: false,
};

let session: Map<string, string>;

beforeEach(() => {
  vi.resetModules();
  session = new Map();
  vi.stubGlobal("window", {
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => session.set(key, value),
    },
  });
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const load = () => import("./remote-config");

describe("remote configuration", () => {
  it("reads GET /api/config once and keeps it for the browser session", async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(served), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const { loadRemoteConfig, remoteConfig } = await load();
    expect(remoteConfig()).toBeNull();
    expect(await loadRemoteConfig()).toEqual(served);
    await loadRemoteConfig();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/config$/);

    // the next page load of the tab does not ask again
    vi.resetModules();
    const again = await load();
    expect(await again.loadRemoteConfig()).toEqual(served);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("falls back to the safe defaults when the call fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 503 })),
    );
    const { loadRemoteConfig, remoteConfig } = await load();
    expect(await loadRemoteConfig()).toEqual(REMOTE_CONFIG_DEFAULTS);
    expect(remoteConfig()).toEqual(REMOTE_CONFIG_DEFAULTS);
    expect(REMOTE_CONFIG_DEFAULTS.replay_enabled).toBe(false);
  });

  it("keeps the default of a flag that is missing or of another type", async () => {
    const { withDefaults } = await load();
    expect(withDefaults({ replay_enabled: "yes", analytics_enabled: false, extra: 1 })).toEqual({
      ...REMOTE_CONFIG_DEFAULTS,
      analytics_enabled: false,
    });
    expect(withDefaults(null)).toEqual(REMOTE_CONFIG_DEFAULTS);
  });
});
