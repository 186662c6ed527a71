import { describe, expect, it } from "vitest";
import { EspeakProvider } from "./espeak.ts";
import { TtsError } from "./types.ts";
import { readWavInfo } from "./wav.ts";

const espeak = new EspeakProvider();

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
