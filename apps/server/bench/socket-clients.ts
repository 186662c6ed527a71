/**
 * The clients of the sockets bench, in a process of their own (so the server's memory is the
 * server's): opens one `/ws/v2` socket per token it is sent, each from a loopback source address of
 * its own range (127.0.0.x, so 20,000 connections do not exhaust one address's ephemeral ports),
 * pings every 30 s as the web app does, and counts the pongs and events that arrive. Talks to the
 * bench over IPC: `open` → `opened`, `stats` → `stats`, `close` → exit.
 */
import WebSocket from "ws";

const PING_EVERY_MS = 30_000;
const OPEN_CONCURRENCY = 64;

export type ClientCommand =
  | { kind: "open"; url: string; tokens: string[]; sourceAddresses: string[] }
  | { kind: "stats" }
  | { kind: "close" };

export type ClientReport =
  | { kind: "opened"; open: number; failed: number; firstError?: string }
  | { kind: "stats"; open: number; pongs: number; events: number; closed: number };

const sockets: WebSocket[] = [];
let pongs = 0;
let events = 0;
let closed = 0;

function openOne(url: string, token: string, localAddress: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}?token=${token}`, { localAddress, perMessageDeflate: false });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.on("message", (data) => {
      if (data.toString() === "pong") pongs++;
      else events++;
    });
    socket.on("close", () => closed++);
  });
}

async function openAll(command: Extract<ClientCommand, { kind: "open" }>): Promise<ClientReport> {
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < command.tokens.length) {
        const index = next++;
        const source = command.sourceAddresses[index % command.sourceAddresses.length] ?? "127.0.0.1";
        try {
          const socket = await openOne(command.url, command.tokens[index] ?? "", source);
          sockets.push(socket);
          // spread the pings over the period, as tabs opened at different times do
          setTimeout(() => {
            socket.send("ping");
            setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), PING_EVERY_MS);
          }, Math.random() * PING_EVERY_MS);
        } catch (error) {
          failed++;
          firstError ??= String(error);
        }
      }
    }),
  );
  return { kind: "opened", open: sockets.length, failed, ...(firstError ? { firstError } : {}) };
}

process.on("message", (message: ClientCommand) => {
  if (message.kind === "open") {
    void openAll(message).then((report) => process.send?.(report));
  } else if (message.kind === "stats") {
    const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    process.send?.({ kind: "stats", open, pongs, events, closed } satisfies ClientReport);
  } else if (message.kind === "close") {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
