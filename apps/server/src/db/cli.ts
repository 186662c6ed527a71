import pino from "pino";
import { prepareData } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";

/** `node src/db/cli.ts migrate|seed`: the same preparation the server does at start, without serving. */
const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("usage: node src/db/cli.ts migrate|seed");
  process.exit(2);
}
const base = loadConfig();
const config = { ...base, seed: { ...base.seed, onStart: command === "seed" } };
const { database } = await prepareData(config, pino({ level: config.logLevel }));
await database.close();
