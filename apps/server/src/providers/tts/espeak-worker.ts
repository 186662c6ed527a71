import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import ESpeakNg from "espeak-ng";
import type { EspeakReply, EspeakRequest, EspeakResult } from "./espeak.ts";

/**
 * A long-lived worker thread that runs espeak-ng's command-line program for each request it is
 * sent, one at a time, so synthesis does not hold up the server's event loop. The WebAssembly
 * build (18 MB with its voice data) is compiled once; every request gets a fresh instance of it,
 * because espeak-ng's main() is a one-shot program whose C state is not meant to be reused. The
 * text goes through a file, never the command line, so no message can pass itself off as an
 * option.
 */
const INPUT = "/input.txt";
const OUTPUT = "/speech.wav";

const compiled = readFile((workerData as { wasmPath: string }).wasmPath).then((bytes) =>
  WebAssembly.compile(bytes),
);

async function synthesize({ text, voice, wordsPerMinute }: EspeakRequest["job"]): Promise<EspeakResult> {
  const wasm = await compiled;
  let exitStatus = 0;
  const output: string[] = [];
  // Emscripten has no way to report a failed custom instantiation: without this it would wait forever
  const { promise: instantiationFailed, reject: failInstantiation } = Promise.withResolvers<never>();
  const started = ESpeakNg({
    arguments: ["-v", voice, "-s", String(wordsPerMinute), "-f", INPUT, "-w", OUTPUT],
    instantiateWasm: (imports, receiveInstance) => {
      WebAssembly.instantiate(wasm, imports).then(
        (instance) => receiveInstance(instance, wasm),
        failInstantiation,
      );
      return {};
    },
    preRun: [(module) => module.FS.writeFile(INPUT, text)],
    // the default exit handler would set this process's exit code
    quit: (status, toThrow) => {
      exitStatus = status;
      throw toThrow;
    },
    print: (line) => output.push(line),
    printErr: (line) => output.push(line),
  });
  const espeak = await Promise.race([started, instantiationFailed]);
  if (exitStatus !== 0) {
    return { ok: false, error: `espeak-ng exited with status ${exitStatus}: ${output.join(" ").trim()}` };
  }
  try {
    return { ok: true, wav: espeak.FS.readFile(OUTPUT) };
  } catch {
    return { ok: false, error: `espeak-ng wrote no audio: ${output.join(" ").trim() || "no message"}` };
  }
}

// an exception here (out of memory, say) is not caught: it ends this worker, and the provider
// replaces it and lets the request be retried
const port = parentPort;
if (!port) throw new Error("espeak-worker.ts runs as a worker thread");
port.on("message", async ({ id, job }: EspeakRequest) => {
  const result = await synthesize(job);
  const reply: EspeakReply = { id, result };
  port.postMessage(reply, result.ok ? [result.wav.buffer as ArrayBuffer] : []);
});
