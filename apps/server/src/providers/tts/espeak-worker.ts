import { parentPort, workerData } from "node:worker_threads";
import ESpeakNg from "espeak-ng";
import type { EspeakJob, EspeakResult } from "./espeak.ts";

/**
 * Runs espeak-ng's command-line program once, in this worker thread, so the synthesis does not
 * hold up the server's event loop. The text goes through a file, never the command line, so no
 * message can pass itself off as an option.
 */
const INPUT = "/input.txt";
const OUTPUT = "/speech.wav";

async function synthesize(job: EspeakJob): Promise<EspeakResult> {
  let exitStatus = 0;
  const output: string[] = [];
  const espeak = await ESpeakNg({
    arguments: ["-v", job.voice, "-s", String(job.wordsPerMinute), "-f", INPUT, "-w", OUTPUT],
    preRun: [(module) => module.FS.writeFile(INPUT, job.text)],
    // the default exit handler would set this process's exit code
    quit: (status, toThrow) => {
      exitStatus = status;
      throw toThrow;
    },
    print: (line) => output.push(line),
    printErr: (line) => output.push(line),
  });
  if (exitStatus !== 0) {
    return { ok: false, error: `espeak-ng exited with status ${exitStatus}: ${output.join(" ").trim()}` };
  }
  try {
    return { ok: true, wav: espeak.FS.readFile(OUTPUT) };
  } catch {
    return { ok: false, error: `espeak-ng wrote no audio: ${output.join(" ").trim() || "no message"}` };
  }
}

const result = await synthesize(workerData as EspeakJob);
parentPort?.postMessage(result, result.ok ? [result.wav.buffer as ArrayBuffer] : []);
