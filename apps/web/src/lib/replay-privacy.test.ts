import { describe, expect, it } from "vitest";
import { BLOCKED_SELECTOR, maskEmails, maskInput, maskText, scrubChunk } from "./replay-privacy";

/** The one Element method maskText uses. */
function element(insidePrivate: boolean): Element {
  return {
    closest: (selector: string) => (insidePrivate && selector === "[data-private]" ? {} : null),
  } as Element;
}

describe("replay privacy", () => {
  it("masks all text of a private region, keeping its shape", () => {
    expect(maskText("I like kites, Mira", element(true))).toBe("* **** ****** ****");
  });

  it("masks only email-shaped text elsewhere", () => {
    expect(maskText("Chat with Mira", element(false))).toBe("Chat with Mira");
    expect(maskText("Signed in as robin.k+1@example.co.uk today", null)).toBe(
      `Signed in as ${"*".repeat("robin.k+1@example.co.uk".length)} today`,
    );
    expect(maskEmails("a@b.io and c.d@mail.example.com")).not.toMatch(/@/);
  });

  it("masks every input to the same length", () => {
    expect(maskInput("secret12")).toBe("******");
    expect(maskInput("a much longer password")).toBe("******");
    expect(maskInput("")).toBe("");
  });

  it("blocks media inside private regions", () => {
    expect(BLOCKED_SELECTOR).toContain("[data-private] img");
    expect(BLOCKED_SELECTOR).toContain("[data-private] video");
    expect(BLOCKED_SELECTOR).toContain("[data-private-media]");
  });

  it("scrubs emails and secret URL parameters from a serialized chunk and keeps it valid JSON", () => {
    const chunk = JSON.stringify({
      events: [
        { type: 4, data: { href: "http://localhost/reset?oobCode=abc123&email=robin@example.com" } },
        { type: 2, data: { src: "/media-private/chats/1/a.webp?expires=1700&signature=f00d" } },
        { type: 3, data: { text: "plain words" } },
      ],
    });
    const scrubbed = scrubChunk(chunk);
    expect(() => JSON.parse(scrubbed)).not.toThrow();
    expect(scrubbed).not.toContain("robin@example.com");
    expect(scrubbed).not.toContain("abc123");
    expect(scrubbed).not.toContain("f00d");
    expect(scrubbed).toContain("oobCode=redacted");
    expect(scrubbed).toContain("plain words");
  });
});
