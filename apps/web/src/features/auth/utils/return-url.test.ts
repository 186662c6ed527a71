import { describe, expect, it } from "vitest";
import { isSafeReturnUrl, pickReturnUrl, signInDestination } from "./return-url";

describe("pickReturnUrl", () => {
  it("goes home when nothing is stored", () => {
    expect(pickReturnUrl([])).toBe("/");
    expect(pickReturnUrl([null, undefined, ""])).toBe("/");
  });

  it("prefers returnUrl, then authReturnUrl", () => {
    expect(pickReturnUrl(["/settings", "/chat/2"])).toBe("/settings");
    expect(pickReturnUrl([null, "/chat/2"])).toBe("/chat/2");
  });

  it("keeps the query and hash", () => {
    expect(pickReturnUrl(["/my_ai?callback=paywall#top"])).toBe("/my_ai?callback=paywall#top");
  });

  it("skips other origins and falls through to the next candidate", () => {
    expect(pickReturnUrl(["https://evil.example/", "/gallery"])).toBe("/gallery");
    expect(pickReturnUrl(["//evil.example/x"])).toBe("/");
    expect(pickReturnUrl(["/\\evil.example"])).toBe("/");
    expect(pickReturnUrl(["javascript:alert(1)"])).toBe("/");
    expect(pickReturnUrl(["chat"])).toBe("/");
  });

  it("never returns to a sign-in screen", () => {
    expect(pickReturnUrl(["/login?source=ExpiredToken", "/register", "/plans"])).toBe("/plans");
    expect(pickReturnUrl(["/reset/", "/restore", "/auth/callback#token=x"])).toBe("/");
  });
});

describe("isSafeReturnUrl", () => {
  it("accepts site paths only", () => {
    expect(isSafeReturnUrl("/")).toBe(true);
    expect(isSafeReturnUrl("/chat/1")).toBe(true);
    expect(isSafeReturnUrl("/chat\n/1")).toBe(false);
    expect(isSafeReturnUrl(`/${"a".repeat(2000)}`)).toBe(false);
  });
});

describe("signInDestination", () => {
  const fresh = { candidates: [], signUp: true, callback: null, onboardingOffered: false };

  it("offers a new sign-up the onboarding", () => {
    expect(signInDestination(fresh)).toBe("/onboarding");
  });

  it("keeps the spec's redirect: a stored returnUrl or authReturnUrl wins", () => {
    expect(signInDestination({ ...fresh, candidates: ["/chat/2", null] })).toBe("/chat/2");
    expect(signInDestination({ ...fresh, candidates: [null, "/gallery"] })).toBe("/gallery");
    // an unusable one does not count
    expect(signInDestination({ ...fresh, candidates: ["https://evil.example/"] })).toBe("/onboarding");
  });

  it("does not offer it when a stored callback says where the user is headed", () => {
    expect(signInDestination({ ...fresh, callback: "paywall" })).toBe("/");
  });

  it("offers it once: not again to an account that was offered it", () => {
    expect(signInDestination({ ...fresh, onboardingOffered: true })).toBe("/");
  });

  it("sends a plain sign-in home", () => {
    expect(signInDestination({ ...fresh, signUp: false })).toBe("/");
    expect(signInDestination({ ...fresh, signUp: false, candidates: ["/settings"] })).toBe("/settings");
  });
});
