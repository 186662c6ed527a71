/**
 * The server under test for the chat bench, in a process of its own (as in production): the real
 * bootstrap (migrations, seed) and `buildApp` with the job worker in-process, configured from the
 * environment, on a random loopback port. Tells its parent the address over IPC and stops when asked.
 */
import { buildApp } from "../src/app.ts";
import { prepareData } from "../src/bootstrap.ts";
import { loadConfig } from "../src/config.ts";

const config = loadConfig();
const { database, storage } = await prepareData(config, { info() {} });
const app = await buildApp({ config, database, storage }, { logger: false });
const address = await app.listen({ host: "127.0.0.1", port: 0 });

process.on("message", (message) => {
  if (message !== "stop") return;
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
process.send?.({ address });
