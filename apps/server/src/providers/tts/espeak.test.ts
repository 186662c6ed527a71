import { afterAll, describe, expect, it } from "vitest";
import { EspeakProvider } from "./espeak.ts";
import { TtsError } from "./types.ts";
import { readWavInfo } from "./wav.ts";

const espeak = new EspeakProvider();
afterAll(() => espeak.close());

const retryable = (error: unknown) => error instanceof TtsError && error.retryable;

describe("the embedded espeak-ng voice", () => {
  it("reads a sentence into a WAV file about as long as the sentence takes to say", async () => {
    const audio = await espeak.synthesize({
      text: "Hello, I missed you today. Tell me everything.",
      voice: "female",
    });
    expect(audio).toMatchObject({ contentType: "audio/wav", extension: "wav" });
    expect(new TextDecoder().decode(audio.data.subarray(0, 4))).toBe("RIFF");
    const info = readWavInfo(audio.data);
    expect(info).toMatchObject({ channels: 1, bitsPerSample: 16 });
    // eight words at 160 words a minute, plus pauses
    expect(info?.durationSeconds).toBeGreaterThan(1.5);
    expect(info?.durationSeconds).toBeLessThan(6);
    // not silence
    const samples = new Int16Array(audio.data.slice(44).buffer);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(1000);
  });

  it("takes longer for longer text, and speaks text that looks like a command-line option", async () => {
    const [short, long] = await Promise.all([
      espeak.synthesize({ text: "-v whisper --help", voice: "male" }),
      espeak.synthesize({
        text: "-v whisper --help. And then a much longer sentence follows it.",
        voice: "male",
      }),
    ]);
    const shortSeconds = readWavInfo(short.data)?.durationSeconds ?? 0;
    expect(shortSeconds).toBeGreaterThan(0.5);
    expect(readWavInfo(long.data)?.durationSeconds).toBeGreaterThan(shortSeconds + 1);
  });

  it("refuses empty text without retrying, and reports itself healthy", async () => {
    await expect(espeak.synthesize({ text: "  ", voice: "female" })).rejects.toSatisfy(
      (error) => error instanceof TtsError && !error.retryable,
    );
    expect(await espeak.check()).toMatchObject({ status: "ok" });
  });
});

describe("the espeak-ng workers", () => {
  it("read many texts with the same workers, and fail what is waiting with a retryable error when closed", async () => {
    const provider = new EspeakProvider({ workers: 2 });
    const texts = ["One.", "Two, three.", "Four five six.", "Seven."];
    const audio = await Promise.all(texts.map((text) => provider.synthesize({ text, voice: "female" })));
    expect(audio.every((speech) => (readWavInfo(speech.data)?.dataBytes ?? 0) > 0)).toBe(true);

    const waiting = Promise.allSettled(texts.map((text) => provider.synthesize({ text, voice: "male" })));
    await provider.close();
    for (const outcome of await waiting) {
      expect(outcome.status === "rejected" && retryable(outcome.reason)).toBe(true);
    }
    await expect(provider.synthesize({ text: "Still there?", voice: "female" })).rejects.toSatisfy(retryable);
  });

  it("gives up a worker that runs past the timeout with a retryable error, and reads the next text with a new one", async () => {
    const provider = new EspeakProvider({ workers: 1, timeoutMs: 1 });
    await expect(
      provider.synthesize({ text: "This takes longer than a millisecond.", voice: "female" }),
    ).rejects.toSatisfy(
      (error) => retryable(error) && error instanceof Error && error.message.includes("took longer"),
    );
    await provider.close();
  });

  it("answers an aborted request at once with the abort reason, and goes on serving", async () => {
    const provider = new EspeakProvider({ workers: 1 });
    try {
      const controller = new AbortController();
      const aborted = provider.synthesize({
        text: "Never mind.",
        voice: "female",
        signal: controller.signal,
      });
      const next = provider.synthesize({ text: "And this one?", voice: "female" });
      controller.abort(new Error("the user left"));
      await expect(aborted).rejects.toThrow("the user left");
      expect(readWavInfo((await next).data)?.dataBytes).toBeGreaterThan(0);
    } finally {
      await provider.close();
    }
  });
});
