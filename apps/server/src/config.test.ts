import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("runs embedded with no environment at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe("sqlite");
    expect(config.database.kind === "sqlite" && config.database.path).toMatch(/data\/reverie\.sqlite$/);
    expect(config.mediaDir).toMatch(/data\/media$/);
    expect(config.seed).toEqual({ onStart: true, media: true });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("gives a reply attempt 120 s unless REPLY_DEADLINE_SECONDS says otherwise", () => {
    expect(loadConfig({}).replyDeadlineMs).toBe(120_000);
    expect(loadConfig({ REPLY_DEADLINE_SECONDS: "45" }).replyDeadlineMs).toBe(45_000);
    expect(() => loadConfig({ REPLY_DEADLINE_SECONDS: "0" })).toThrow(/REPLY_DEADLINE_SECONDS/);
  });

  it("reads the model's context, reply length, temperature, stop strings and author's note depth (decision 46)", () => {
    expect(loadConfig({}).llm).toMatchObject({ contextTokens: 8192, maxTokens: 300, authorsNoteDepth: 4 });
    expect(loadConfig({}).llm.temperature).toBeUndefined();
    expect(loadConfig({}).llm.stop).toBeUndefined();
    const llm = loadConfig({
      LLM_CONTEXT_TOKENS: "32768",
      LLM_MAX_TOKENS: "512",
      LLM_TEMPERATURE: "0.9",
      LLM_STOP: '["\\nUser:", "</s>"]',
      LLM_AUTHORS_NOTE_DEPTH: "0",
    }).llm;
    expect(llm).toMatchObject({
      contextTokens: 32768,
      maxTokens: 512,
      temperature: 0.9,
      authorsNoteDepth: 0,
    });
    expect(llm.stop).toEqual(["\nUser:", "</s>"]);
    expect(() => loadConfig({ LLM_STOP: "User:" })).toThrow(/LLM_STOP must be a JSON list/);
    expect(() => loadConfig({ LLM_STOP: '[""]' })).toThrow(/LLM_STOP/);
    expect(() => loadConfig({ LLM_TEMPERATURE: "2.5" })).toThrow(/LLM_TEMPERATURE must be from 0 to 2/);
    expect(() => loadConfig({ LLM_CONTEXT_TOKENS: "lots" })).toThrow(
      /LLM_CONTEXT_TOKENS must be a whole number/,
    );
    expect(() => loadConfig({ LLM_MAX_TOKENS: "5000" })).toThrow(/at most half the context/);
    expect(loadConfig({}).llm.systemMessages).toBe("anywhere");
    expect(loadConfig({ LLM_SYSTEM_MESSAGES: "first" }).llm.systemMessages).toBe("first");
    expect(() => loadConfig({ LLM_SYSTEM_MESSAGES: "never" })).toThrow(/LLM_SYSTEM_MESSAGES must be/);
  });

  it("switches to Postgres when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://app@db:5432/reverie", PORT: "8080" });
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://app@db:5432/reverie",
      schema: undefined,
    });
    expect(config.publicUrl).toBe("http://localhost:8080");
  });

  it("names every invalid variable in one error", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SEED_MEDIA: "maybe" })).toThrow(
      /PORT[\s\S]*DATABASE_URL must be a postgres:\/\/ URL[\s\S]*SEED_MEDIA/,
    );
  });

  it("reads boolean flags", () => {
    expect(loadConfig({ SEED_ON_START: "false", SEED_MEDIA: "0" }).seed).toEqual({
      onStart: false,
      media: false,
    });
  });

  it("treats an empty variable as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", REDIS_URL: " ", SMTP_URL: "", PUBLIC_URL: "", PORT: "" });
    expect(config.database.kind).toBe("sqlite");
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.devTools).toBe(true);
  });

  it("keeps the developer mailbox off in production and when emails go out over SMTP", () => {
    expect(loadConfig({ NODE_ENV: "production", ALLOW_TEST_CHECKOUT: "true" }).devTools).toBe(false);
    expect(loadConfig({ SMTP_URL: "smtp://mail.example.com:587" }).devTools).toBe(false);
  });

  it("reads ALLOWED_ORIGINS as origins and refuses anything else", () => {
    expect(
      loadConfig({ ALLOWED_ORIGINS: "https://app.example.com, http://10.0.0.5:8080/" }).allowedOrigins,
    ).toEqual(["https://app.example.com", "http://10.0.0.5:8080"]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: "https://app.example.com/path" })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: "*" })).toThrow(/ALLOWED_ORIGINS/);
  });

  it("trusts no proxy unless TRUST_PROXY says so", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("reads TRUST_PROXY as a hop count, a named range, or addresses and CIDR ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
    expect(
      loadConfig({ TRUST_PROXY: " loopback, 10.0.0.0/8 ,192.168.1.2, fd00::/8,::1,uniquelocal" }).trustProxy,
    ).toEqual(["loopback", "10.0.0.0/8", "192.168.1.2", "fd00::/8", "::1", "uniquelocal"]);
  });

  it("refuses TRUST_PROXY=true (any client could choose its own address) and anything not an address", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY[\s\S]*hop count/);
    for (const value of [
      "*",
      "proxy.example.com",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.1/8/1",
      "300.1.1.1",
      "-1",
    ])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });

  it("reads Verotel's Control Center account only as a pair, its address optional", () => {
    const verotel = {
      PAYMENT_POPUP_PROVIDER: "verotel",
      VEROTEL_SHOP_ID: "68849",
      VEROTEL_SIGNATURE_KEY: "key",
    };
    expect(loadConfig(verotel).payments.verotel.controlCenter).toBeUndefined();
    expect(
      loadConfig({
        ...verotel,
        VEROTEL_CONTROL_CENTER_USERNAME: "api-user",
        VEROTEL_CONTROL_CENTER_PASSWORD: "api-password",
      }).payments.verotel.controlCenter,
    ).toEqual({ username: "api-user", password: "api-password", baseUrl: undefined });
    expect(() => loadConfig({ ...verotel, VEROTEL_CONTROL_CENTER_USERNAME: "api-user" })).toThrow(
      /VEROTEL_CONTROL_CENTER_USERNAME and VEROTEL_CONTROL_CENTER_PASSWORD/,
    );
    expect(() => loadConfig({ VEROTEL_CONTROL_CENTER_URL: "controlcenter" })).toThrow(
      /VEROTEL_CONTROL_CENTER_URL/,
    );
  });

  it("lets the operator raise the sign-ups one address may make in an hour, never to zero", () => {
    expect(loadConfig({}).auth.signUpsPerIpPerHour).toBeUndefined();
    expect(loadConfig({ SIGN_UPS_PER_IP_PER_HOUR: "200" }).auth.signUpsPerIpPerHour).toBe(200);
    expect(() => loadConfig({ SIGN_UPS_PER_IP_PER_HOUR: "0" })).toThrow(/SIGN_UPS_PER_IP_PER_HOUR/);
  });

  it("reads the remote configuration's flags, safe defaults when unset", () => {
    expect(loadConfig({}).remoteConfig).toEqual({
      onboarding_variant: "meet_character",
      plan_variant: "facebook",
      replay_enabled: false,
      replay_sample_rate: 0.2,
      analytics_enabled: true,
    });
    expect(
      loadConfig({
        ONBOARDING_VARIANT: "build_character",
        FACEBOOK_PLAN_VARIANT: "default",
        REPLAY_ENABLED: "true",
        REPLAY_SAMPLE_RATE: "1",
        ANALYTICS_ENABLED: "false",
      }).remoteConfig,
    ).toEqual({
      onboarding_variant: "build_character",
      plan_variant: "default",
      replay_enabled: true,
      replay_sample_rate: 1,
      analytics_enabled: false,
    });
    expect(() => loadConfig({ REPLAY_SAMPLE_RATE: "1.5" })).toThrow(/REPLAY_SAMPLE_RATE/);
    expect(() => loadConfig({ ONBOARDING_VARIANT: "quiz" })).toThrow(/ONBOARDING_VARIANT/);
  });

  it("forwards analytics only when a collector is configured", () => {
    expect(loadConfig({}).analytics.forwardUrl).toBeUndefined();
    expect(
      loadConfig({ ANALYTICS_FORWARD_URL: "https://collector.example/v1/batch" }).analytics.forwardUrl,
    ).toBe("https://collector.example/v1/batch");
    expect(() => loadConfig({ ANALYTICS_FORWARD_URL: "collector" })).toThrow(/ANALYTICS_FORWARD_URL/);
  });

  it("sends ad postbacks only when a template is configured, and refuses a broken one at load", () => {
    expect(loadConfig({}).attribution.postbackUrl).toBeUndefined();
    const template = loadConfig({
      AD_POSTBACK_URL: "https://tracker.example/pb?s={subid}&e={event}&p={payout}&t={event_id}",
    }).attribution.postbackUrl;
    expect(
      template?.render({ subid: "abc123", event: "lead", payout: "0.00", event_id: "x1", currency: "" }),
    ).toBe("https://tracker.example/pb?s=abc123&e=lead&p=0.00&t=x1");
    expect(() => loadConfig({ AD_POSTBACK_URL: "https://tracker.example/pb?s={sub_id}" })).toThrow(
      /AD_POSTBACK_URL: unknown placeholder \{sub_id\}/,
    );
    expect(() => loadConfig({ AD_POSTBACK_URL: "ftp://tracker.example/{subid}" })).toThrow(/AD_POSTBACK_URL/);
  });

  it("reads the admin emails lower-cased and the admin session age, refusing a malformed email", () => {
    expect(loadConfig({}).admin).toEqual({ emails: [], sessionMaxAgeMinutes: 720 });
    const admin = loadConfig({
      ADMIN_EMAILS: " Boss@Example.com, ,ops@example.com",
      ADMIN_SESSION_MAX_AGE_MINUTES: "60",
    }).admin;
    expect(admin).toEqual({ emails: ["boss@example.com", "ops@example.com"], sessionMaxAgeMinutes: 60 });
    expect(() => loadConfig({ ADMIN_EMAILS: "boss@example.com,not-an-email" })).toThrow(
      /ADMIN_EMAILS: "not-an-email" is not an email address/,
    );
    expect(() => loadConfig({ ADMIN_SESSION_MAX_AGE_MINUTES: "0" })).toThrow(/ADMIN_SESSION_MAX_AGE_MINUTES/);
  });
});
