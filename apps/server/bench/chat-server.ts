/**
 * The server under test for the chat bench, in a process of its own (as in production): the real
 * bootstrap (migrations, seed) and `buildApp` with the job worker in-process, configured from the
 * environment, on a random loopback port. Tells its parent the address over IPC; on `stats` reports
 * its CPU time and its event-loop delay since the previous `stats`; stops on `stop`.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildApp } from "../src/app.ts";
import { prepareData } from "../src/bootstrap.ts";
import { loadConfig } from "../src/config.ts";

const config = loadConfig();
const { database, storage } = await prepareData(config, { info() {} });
const app = await buildApp({ config, database, storage }, { logger: false });
const address = await app.listen({ host: "127.0.0.1", port: 0 });

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const nsToMs = (ns: number) => ns / 1e6;

process.on("message", (message) => {
  if (message === "stats") {
    const { user, system } = process.cpuUsage();
    process.send?.({
      cpuMs: (user + system) / 1000,
      loopDelayMs: {
        p50: nsToMs(loopDelay.percentile(50)),
        p99: nsToMs(loopDelay.percentile(99)),
        max: nsToMs(loopDelay.max),
      },
    });
    loopDelay.reset();
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
