export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** bytes of sample data actually present */
  dataBytes: number;
  durationSeconds: number;
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Reads a PCM WAV file's format and length; null when the bytes are not one. */
export function readWavInfo(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 12 || ascii(bytes, 0) !== "RIFF" || ascii(bytes, 8) !== "WAVE") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavInfo, "dataBytes" | "durationSeconds"> | undefined;
  // chunks follow the 12-byte header: 4-byte id, 4-byte little-endian size, data padded to even
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt " && size >= 16 && body + 16 <= bytes.length) {
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!format || format.channels === 0 || format.sampleRate === 0 || format.bitsPerSample === 0) {
        return null;
      }
      // a streamed file may announce more data than it holds
      const dataBytes = Math.min(size, bytes.length - body);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataBytes, durationSeconds: dataBytes / bytesPerSecond };
    }
    at = body + size + (size % 2);
  }
  return null;
}
