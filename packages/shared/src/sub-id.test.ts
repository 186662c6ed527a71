import { describe, expect, it } from "vitest";
import { isSaneSubId, SUB_ID_LENGTH } from "./sub-id.ts";

describe("isSaneSubId", () => {
  it.each([
    "abc123XYZ",
    "123456",
    "a1b2c3",
    "aff_1234",
    "camp-2024.11-xyz",
    "x90000",
    "pa123456",
    "ap-998877",
    // a Google click id
    "Cj0KCQiA4-y8BhC3ARIsAHmjC_HWW3a5yxVQ0pPx8GqWQn2JxZpA5bM3ZTf5nO0yXhUu9WfDt8aAlbBEALw_wcB",
    // a Facebook click id
    "IwAR2F4-dbP0l7Mn1iMDOy4pK9YiHh0m_7YGWZ3pQAmCw6s2H9zjOJ8yRk1lU",
    "TikTok.e1f2a3b4c5",
    `${"A".repeat(SUB_ID_LENGTH.max - 1)}1`,
  ])("keeps %s", (value) => {
    expect(isSaneSubId(value)).toBe(true);
  });

  it.each([
    // mistyped app paths, with and without digits
    "setings",
    "settings",
    "Settings1",
    "settngs2",
    "gallerry",
    "gallery2024",
    "Login1",
    "logni123",
    "regster1",
    "onboardng1",
    "checkout2",
    "my_ais12",
    "privacy_policy1",
    "create_ai1",
    "paywal11",
    "chats123",
    // files a browser or a crawler asks for
    "favicon.ico",
    "robots.txt",
    "apple-touch-icon-180x180.png",
    "sitemap1.xml",
    "main-a1b2c3.js",
    // no digit: a word, not a click id
    "campaign",
    "abcdefXYZ",
    // shape
    "",
    "12345",
    `${"A".repeat(SUB_ID_LENGTH.max)}1`,
    "-abc123",
    "abc123-",
    ".abc123",
    "abc 123",
    "abc/123",
    "abc%20123",
    "abc123?x=1",
    "abc123#top",
    "abc<123>",
    "äbc1234",
    "abc+1234",
  ])("refuses %j", (value) => {
    expect(isSaneSubId(value)).toBe(false);
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 123456, ["abc123"], { subid: "abc123" }]) {
      expect(isSaneSubId(value)).toBe(false);
    }
  });
});
