import { describe, expect, it } from "vitest";
import { readWavInfo } from "./wav.ts";

/** A PCM WAV file with `samples` silent 16-bit samples, optionally with an extra chunk before the data. */
function wav(options: { samples: number; sampleRate: number; channels?: number; listChunk?: boolean }) {
  const channels = options.channels ?? 1;
  const dataBytes = options.samples * channels * 2;
  const list = options.listChunk ? 8 + 4 : 0;
  const bytes = new Uint8Array(44 + list + dataBytes);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[at + i] = value.charCodeAt(i);
  };
  text(0, "RIFF");
  view.setUint32(4, bytes.length - 8, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, options.sampleRate, true);
  view.setUint32(28, options.sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  let at = 36;
  if (options.listChunk) {
    text(at, "LIST");
    view.setUint32(at + 4, 4, true);
    text(at + 8, "INFO");
    at += 12;
  }
  text(at, "data");
  view.setUint32(at + 4, dataBytes, true);
  return bytes;
}

describe("readWavInfo", () => {
  it("reads the format and the duration", () => {
    expect(readWavInfo(wav({ samples: 44_100, sampleRate: 22_050 }))).toEqual({
      channels: 1,
      sampleRate: 22_050,
      bitsPerSample: 16,
      dataBytes: 88_200,
      durationSeconds: 2,
    });
    expect(
      readWavInfo(wav({ samples: 8000, sampleRate: 16_000, channels: 2, listChunk: true })),
    ).toMatchObject({
      channels: 2,
      durationSeconds: 0.5,
    });
  });

  it("counts only the data present when the header promises more", () => {
    const full = wav({ samples: 1000, sampleRate: 1000 });
    expect(readWavInfo(full.subarray(0, 44 + 500))?.dataBytes).toBe(500);
  });

  it("is null for anything else", () => {
    expect(readWavInfo(new TextEncoder().encode("ID3 this is an mp3 file, not a wave file"))).toBeNull();
    expect(readWavInfo(new Uint8Array(0))).toBeNull();
    expect(readWavInfo(wav({ samples: 10, sampleRate: 0 }))).toBeNull();
  });
});
