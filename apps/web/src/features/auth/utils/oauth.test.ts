import { AUTH_ERRORS } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import { isOAuthMessage, oauthErrorMessage, parseOAuthFragment, popupFeatures } from "./oauth";

describe("oauthErrorMessage", () => {
  it("explains every client-side code", () => {
    expect(oauthErrorMessage("popup-blocked")).toBe(
      "Your browser blocked the sign-in window. Allow pop-ups for this site and try again.",
    );
    expect(oauthErrorMessage("popup-closed-by-user")).toBe(
      "The sign-in window was closed before you finished. Try again when you're ready.",
    );
    expect(oauthErrorMessage("cancelled-popup-request")).toMatch(/already open/);
    expect(oauthErrorMessage("network-request-failed")).toMatch(/connection/);
    expect(oauthErrorMessage("unauthorized-domain")).toMatch(/isn't allowed from this address/);
  });

  it("explains common provider codes", () => {
    expect(oauthErrorMessage("access_denied")).toMatch(/didn't allow access/);
    expect(oauthErrorMessage("ACCESS_DENIED")).toMatch(/didn't allow access/);
    expect(oauthErrorMessage("invalid_state")).toMatch(/interrupted/);
  });

  it("says a banned account is suspended, as the email sign-in does", () => {
    expect(oauthErrorMessage("account_banned", "google")).toBe(AUTH_ERRORS.accountBanned);
  });

  it("falls back to a generic sentence naming the provider", () => {
    expect(oauthErrorMessage("server_error", "twitter")).toBe(
      "We couldn't sign you in with X. Please try again, or use your email and password.",
    );
    expect(oauthErrorMessage("something-new")).toBe(
      "We couldn't sign you in. Please try again, or use your email and password.",
    );
  });

  it("never shows the raw code", () => {
    for (const code of ["popup-blocked", "access_denied", "weird_code"]) {
      expect(oauthErrorMessage(code)).not.toContain(code);
    }
  });
});

describe("parseOAuthFragment", () => {
  it("reads a token or an error", () => {
    expect(parseOAuthFragment("#token=abc.def")).toEqual({ token: "abc.def" });
    expect(parseOAuthFragment("#token=abc.def&new=1")).toEqual({ token: "abc.def", newUser: true });
    expect(parseOAuthFragment("#token=abc.def&new=yes")).toEqual({ token: "abc.def" });
    expect(parseOAuthFragment("error=access_denied")).toEqual({ error: "access_denied" });
  });

  it("treats an empty fragment as an error", () => {
    expect(parseOAuthFragment("")).toEqual({ error: "missing-token" });
    expect(parseOAuthFragment("#token=")).toEqual({ error: "missing-token" });
  });
});

describe("isOAuthMessage", () => {
  it("accepts only the callback's message shape", () => {
    expect(isOAuthMessage({ type: "reverie:oauth", token: "t" })).toBe(true);
    expect(isOAuthMessage({ type: "reverie:oauth", error: "access_denied" })).toBe(true);
    expect(isOAuthMessage({ type: "other", token: "t" })).toBe(false);
    expect(isOAuthMessage({ type: "reverie:oauth", token: 1 })).toBe(false);
    expect(isOAuthMessage("reverie:oauth")).toBe(false);
    expect(isOAuthMessage(null)).toBe(false);
  });
});

describe("popupFeatures", () => {
  it("opens 500×600 centred on the current window", () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 900 })).toBe(
      "popup=yes,width=500,height=600,left=500,top=200",
    );
  });

  it("never places the popup off screen", () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 375, outerHeight: 500 })).toBe(
      "popup=yes,width=500,height=600,left=0,top=0",
    );
  });
});
