import { describe, expect, it } from "vitest";
import { estimateMessageHeight } from "./message-height";

describe("estimateMessageHeight", () => {
  it("grows with the lines of a text message", () => {
    const short = estimateMessageHeight({ type: "text", text: "Hi!" });
    const long = estimateMessageHeight({ type: "text", text: "word ".repeat(60) });
    const paragraphs = estimateMessageHeight({ type: "text", text: "Hi!\n\nHow are you?" });
    expect(short).toBeGreaterThan(50);
    expect(short).toBeLessThan(100);
    expect(long).toBeGreaterThan(short * 3);
    expect(paragraphs).toBeGreaterThan(short);
  });

  it("gives a photo or video its frame, and a caption its lines below", () => {
    const photo = estimateMessageHeight({ type: "image", text: "" });
    expect(photo).toBeGreaterThan(340);
    expect(estimateMessageHeight({ type: "private_video", text: "A clip for you" })).toBeGreaterThan(photo);
  });
});
