import { describe, expect, it } from "vitest";
import {
  compileIntentPhrase,
  DEFAULT_IMAGE_INTENTS,
  ImageIntents,
  parseIntentPhrases,
} from "./image-intents.ts";

const intents = new ImageIntents();

describe("image intents", () => {
  it.each([
    "send me a photo",
    "Send me a photo!",
    "show me a pic of you",
    "can I see a selfie?",
    "send a picture",
    "SEND ME ANOTHER PIC",
    "could you send me a cute little selfie",
    "can we get a new photo of you at the beach",
    "let me see your pics",
    "I'd love to see a picture of you",
    "i want a photo of you in the snow",
    "show yourself",
    "what do you look like?",
    "pic please",
    "hey, send pics",
    "okay but send me one more photo",
    "why not send me a photo?",
    "send me a photo\u2014and make it sunny",
  ])("asks for a photo: %s", (text) => {
    expect(intents.detect(text)).toEqual({ media: "photo", private: false });
  });

  it.each(["send me a video", "can I see a short clip of you dancing", "show me a vid"])(
    "asks for a video, which is always private: %s",
    (text) => {
      expect(intents.detect(text)).toEqual({ media: "video", private: true });
    },
  );

  it.each([
    "send me a private photo",
    "can I see a special pic, just for me?",
    "show me an exclusive selfie",
    "send me a sexy selfie",
  ])("asks for a private photo: %s", (text) => {
    expect(intents.detect(text)).toEqual({ media: "photo", private: true });
  });

  it.each([
    "don't send a photo",
    "Please don\u2019t send me a picture right now",
    "do not send me a pic",
    "you never send me a selfie",
    "no photos please",
    "I took a photo of my dog today",
    "that photo on your profile is lovely",
    "send me your address", // a request, but not for a picture
    "photographer", // whole words only
    "I'm sending a picture to my mum", // "sending" is not "send"
    "hello there",
    "",
  ])("is not a request: %s", (text) => {
    expect(intents.detect(text)).toBeNull();
  });

  it("finds the request after a negated one", () => {
    expect(intents.detect("don't send a video, send a photo")).toEqual({ media: "photo", private: false });
    expect(intents.detect("no, send me a photo")).toEqual({ media: "photo", private: false });
  });

  it("lets a negation further back in the sentence stand apart", () => {
    // "no" is more than three words before the request
    expect(intents.detect("you have no idea how much I want a photo")).toEqual({
      media: "photo",
      private: false,
    });
  });

  it("uses configured phrases instead of the defaults", () => {
    const custom = new ImageIntents(parseIntentPhrases("draw me|us a? portrait, snap_a_pic"));
    expect(custom.detect("Draw me a portrait please")).toEqual({ media: "photo", private: false });
    expect(custom.detect("draw us portrait")).toEqual({ media: "photo", private: false });
    expect(custom.detect("snap a pic")).toEqual({ media: "photo", private: false });
    expect(custom.detect("send me a photo")).toBeNull();
  });

  it("falls back to the defaults when IMAGE_INTENTS is unset or empty", () => {
    expect(parseIntentPhrases(undefined)).toBe(DEFAULT_IMAGE_INTENTS);
    expect(parseIntentPhrases(" , ")).toBe(DEFAULT_IMAGE_INTENTS);
  });

  it("rejects phrases it cannot read", () => {
    expect(() => compileIntentPhrase("send (me) a photo")).toThrow(/not a word/);
    expect(() => compileIntentPhrase("me? send")).toThrow(/first word/);
    expect(() => compileIntentPhrase("   ")).toThrow(/empty/);
  });
});
