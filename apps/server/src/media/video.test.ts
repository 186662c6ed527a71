import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { RawImage } from "./image-encoding.ts";
import { encodeKenBurnsVideo, extractVp8Frame, muxVp8Keyframes, readWebmInfo } from "./video.ts";

async function gradientStill(width: number, height: number): Promise<RawImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#2b2f6b"/><stop offset="1" stop-color="#ffc987"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 3}" r="${width / 5}" fill="#b8283a"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

describe("WebM video from VP8 keyframes", () => {
  it("writes a WebM with the VP8 codec, the frame size and exactly the requested duration", async () => {
    const still = await gradientStill(208, 272);
    const video = await encodeKenBurnsVideo({
      still,
      width: 160,
      height: 208,
      durationSeconds: 2.5,
      fps: 8,
      seed: "test",
      effect: "bokeh",
    });
    expect([...video.webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const info = readWebmInfo(video.webm);
    expect(info.docType).toBe("webm");
    expect(info.codecId).toBe("V_VP8");
    expect([info.width, info.height]).toEqual([160, 208]);
    expect(info.durationSeconds).toBeCloseTo(2.5, 6);
    expect(video.frameCount).toBe(20);
    expect(info.blocks).toBe(21); // every frame, plus the last one held until the end
    const poster = await sharp(video.poster).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(["webp", 160, 208]);
  });

  it("is deterministic and honours the effect", async () => {
    const still = await gradientStill(130, 170);
    const options = { still, width: 100, height: 130, durationSeconds: 1, fps: 10, seed: 3 } as const;
    const a = await encodeKenBurnsVideo({ ...options, effect: "light_sweep" });
    const b = await encodeKenBurnsVideo({ ...options, effect: "light_sweep" });
    const c = await encodeKenBurnsVideo({ ...options, effect: "none" });
    expect(a.webm.equals(b.webm)).toBe(true);
    expect(a.webm.equals(c.webm)).toBe(false);
  });

  it("takes the VP8 bitstream out of a lossy WebP and refuses lossless or alpha ones", async () => {
    const image = sharp({ create: { width: 32, height: 32, channels: 3, background: "#336699" } });
    const lossy = await image.clone().webp({ quality: 60 }).toBuffer();
    const frame = extractVp8Frame(lossy);
    // a VP8 keyframe: frame tag with the key-frame bit clear, then the start code 9d 01 2a
    expect((frame[0] as number) & 1).toBe(0);
    expect([...frame.subarray(3, 6)]).toEqual([0x9d, 0x01, 0x2a]);
    const lossless = await image.clone().webp({ lossless: true }).toBuffer();
    expect(() => extractVp8Frame(lossless)).toThrow(/not plain lossy VP8/);
    expect(() => extractVp8Frame(new Uint8Array(40))).toThrow(/not a WebP/);
    expect(() =>
      muxVp8Keyframes([frame, frame, frame], { width: 32, height: 32, fps: 1, durationSeconds: 2 }),
    ).toThrow();
  });

  it("rejects bad parameters", async () => {
    const still = await gradientStill(64, 64);
    await expect(
      encodeKenBurnsVideo({ still, width: 128, height: 128, durationSeconds: 1, fps: 8, seed: 1 }),
    ).rejects.toThrow(RangeError);
    await expect(
      encodeKenBurnsVideo({ still, width: 32, height: 32, durationSeconds: 0, fps: 8, seed: 1 }),
    ).rejects.toThrow(RangeError);
  });

  // A real browser decodes and plays it (Debian's chromium, when installed).
  it.skipIf(!existsSync("/usr/bin/chromium"))(
    "plays in Chromium and reports its duration",
    async () => {
      const { chromium } = await import("playwright-core");
      const still = await gradientStill(312, 416);
      const video = await encodeKenBurnsVideo({
        still,
        width: 240,
        height: 320,
        durationSeconds: 2,
        fps: 8,
        seed: "play",
        effect: "light_sweep",
      });
      const server = http.createServer((request, response) => {
        if (request.url === "/video.webm") {
          response.writeHead(200, { "content-type": "video/webm", "content-length": video.webm.length });
          response.end(video.webm);
          return;
        }
        response.writeHead(200, { "content-type": "text/html" });
        response.end("<!doctype html><title>video</title>");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const browser = await chromium.launch({
        executablePath: "/usr/bin/chromium",
        args: [
          "--no-sandbox",
          "--disable-background-networking",
          "--autoplay-policy=no-user-gesture-required",
        ],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`${base}/`);
        // a string, so this file needs no DOM types
        const script = `(async () => {
          const element = document.createElement("video");
          element.muted = true;
          element.src = ${JSON.stringify(`${base}/video.webm`)};
          document.body.append(element);
          await new Promise((resolve, reject) => {
            element.onloadedmetadata = resolve;
            element.onerror = () => reject(new Error("media error " + element.error?.code));
          });
          const duration = element.duration;
          await element.play();
          await new Promise((resolve) => { element.onended = resolve; setTimeout(resolve, 8000); });
          return { duration, ended: element.ended, width: element.videoWidth, height: element.videoHeight };
        })()`;
        const result = (await page.evaluate(script)) as {
          duration: number;
          ended: boolean;
          width: number;
          height: number;
        };
        expect(result.duration).toBeCloseTo(2, 2);
        expect(result.ended).toBe(true);
        expect([result.width, result.height]).toEqual([240, 320]);
      } finally {
        await browser.close();
        server.close();
      }
    },
    30_000,
  );
});
