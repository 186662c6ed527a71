/**
 * The client of the HTTP bench (http.ts), in a process of its own so that it does not share an
 * event loop with either server: runs the autocannon loads it is sent over IPC, one after the
 * other, and sends back each result.
 */
import { createRequire } from "node:module";

export interface Load {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  bytes: number;
  failures: number;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
}

const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

process.on("message", (message) => {
  if (message === "stop") process.exit(0);
  const load = message as Load;
  void autocannon({
    url: load.url,
    headers: load.headers,
    connections: load.connections,
    duration: load.seconds,
  }).then((result) => {
    const answer: LoadResult = {
      requests: result.requests.total,
      seconds: result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bytes: result.throughput.total,
      failures: result.errors + result.timeouts + result.non2xx,
    };
    process.send?.(answer);
  });
});
process.send?.("ready");
