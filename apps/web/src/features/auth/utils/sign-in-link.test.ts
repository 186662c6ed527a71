import { describe, expect, it } from "vitest";
import { readSignInLink } from "./sign-in-link";

describe("readSignInLink", () => {
  it("accepts mode=signIn with a code and an email", () => {
    expect(readSignInLink("?mode=signIn&oobCode=abc123&email=Ann%40Example.com")).toEqual({
      kind: "valid",
      oobCode: "abc123",
      email: "ann@example.com",
    });
  });

  it("takes URLSearchParams too", () => {
    const params = new URLSearchParams({ mode: "signIn", oobCode: "c", email: "a@b.co" });
    expect(readSignInLink(params).kind).toBe("valid");
  });

  it("ignores ordinary /login URLs", () => {
    expect(readSignInLink("")).toEqual({ kind: "none" });
    expect(readSignInLink("?source=ExpiredToken")).toEqual({ kind: "none" });
  });

  it("rejects links without an email", () => {
    expect(readSignInLink("?mode=signIn&oobCode=abc")).toEqual({ kind: "invalid" });
    expect(readSignInLink("?mode=signIn&oobCode=abc&email=")).toEqual({ kind: "invalid" });
    expect(readSignInLink("?mode=signIn&oobCode=abc&email=not-an-email")).toEqual({ kind: "invalid" });
  });

  it("rejects links without a code or with another mode", () => {
    expect(readSignInLink("?mode=signIn&email=a%40b.co")).toEqual({ kind: "invalid" });
    expect(readSignInLink("?mode=signIn&oobCode=%20&email=a%40b.co")).toEqual({ kind: "invalid" });
    expect(readSignInLink("?mode=resetPassword&oobCode=abc&email=a%40b.co")).toEqual({ kind: "invalid" });
    expect(readSignInLink("?oobCode=abc&email=a%40b.co")).toEqual({ kind: "invalid" });
  });
});
