/**
 * The server under test for the chat bench, in a process of its own (as in production): the real
 * bootstrap (migrations, seed) and `buildApp` with the job worker in-process, configured from the
 * environment, on a random loopback port. Tells its parent the address over IPC; on `stats` reports
 * its CPU time and its event-loop delay since the previous `stats`; stops on `stop`. With
 * BENCH_CPU_PROFILE=<file>, a V8 CPU profile runs from the first `stats` to the second (the
 * measured messages, without start-up and sign-ups) and is written there.
 */
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildApp } from "../src/app.ts";
import { prepareData } from "../src/bootstrap.ts";
import { loadConfig } from "../src/config.ts";
import { loadTokenCounter } from "../src/providers/llm/prompt/tokens.ts";
import { prepareModerationRules } from "../src/providers/moderation/index.ts";

const config = loadConfig();
const { database, storage } = await prepareData(config, { info() {} });
const app = await buildApp({ config, database, storage }, { logger: false });
// as main.ts does before it listens: the rules' tables are built before the first message
prepareModerationRules();
// the tokenizer a real model's prompt is counted with loads once, at the first reply (~0.3 s of
// CPU): start-up, not a message's cost, so it is loaded before the measured messages
if (config.llm.baseUrl) await loadTokenCounter();
const address = await app.listen({ host: "127.0.0.1", port: 0 });

// every sample wakes the event loop: at 1 ms the monitor alone cost ~30 ms of CPU a second of
// idle here, at 20 ms under 4
const SAMPLE_EVERY_MS = 20;
const loopDelay = monitorEventLoopDelay({ resolution: SAMPLE_EVERY_MS });
loopDelay.enable();
/** The histogram holds the time between samples: the delay is what exceeds the interval. */
const delayMs = (ns: number) => Math.max(0, ns / 1e6 - SAMPLE_EVERY_MS);

const profileFile = process.env.BENCH_CPU_PROFILE;
let profiler: Session | undefined;
let statsCalls = 0;

/** The first call starts the profile, the second writes it. */
async function profileStep(): Promise<void> {
  if (!profileFile) return;
  statsCalls++;
  if (statsCalls === 1) {
    profiler = new Session();
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  } else if (statsCalls === 2 && profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    await writeFile(profileFile, JSON.stringify(profile));
    profiler.disconnect();
  }
}

process.on("message", async (message) => {
  if (message === "stats") {
    const { user, system } = process.cpuUsage();
    const stats = {
      cpuMs: (user + system) / 1000,
      loopDelayMs: {
        p50: delayMs(loopDelay.percentile(50)),
        p99: delayMs(loopDelay.percentile(99)),
        max: delayMs(loopDelay.max),
      },
    };
    // after the CPU time was read: starting and writing the profile are not part of the run
    await profileStep();
    loopDelay.reset();
    process.send?.(stats);
    return;
  }
  if (message !== "stop") return;
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
process.send?.({ address });
