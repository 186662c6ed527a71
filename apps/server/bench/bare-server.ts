/**
 * The baseline of the HTTP bench (http.ts), in a process of its own: a bare Fastify, no plugins and
 * no hooks, that answers each URL with the bytes and headers the app gave for it, brotli or
 * identity as the client asks. Gets the answers over IPC, tells its parent the address, answers
 * `stats` with its CPU time (as chat-server.ts does), stops on `stop`.
 */
import Fastify from "fastify";

export interface RecordedAnswer {
  /** path and query, as requested */
  url: string;
  encoding: "br" | "identity";
  headers: Record<string, string>;
  /** the body as the app sent it (compressed when `encoding` is br), base64 */
  body: string;
}

interface Variant {
  headers: Record<string, string>;
  body: Buffer;
}

const answers = await new Promise<RecordedAnswer[]>((resolve) =>
  process.once("message", (message) => resolve(message as RecordedAnswer[])),
);
const byUrl = new Map<string, { br?: Variant; identity?: Variant }>();
for (const answer of answers) {
  const variants = byUrl.get(answer.url) ?? {};
  variants[answer.encoding] = { headers: answer.headers, body: Buffer.from(answer.body, "base64") };
  byUrl.set(answer.url, variants);
}

const app = Fastify({ logger: false });
app.get("*", (request, reply) => {
  const variants = byUrl.get(request.url);
  const variant =
    (request.headers["accept-encoding"]?.includes("br") ? variants?.br : undefined) ?? variants?.identity;
  if (!variant) return reply.code(404).send();
  return reply.headers(variant.headers).send(variant.body);
});
const address = await app.listen({ host: "127.0.0.1", port: 0 });

process.on("message", (message) => {
  if (message === "stats") {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMs: (user + system) / 1000 });
    return;
  }
  if (message !== "stop") return;
  void app.close().then(() => process.exit(0));
});
process.send?.({ address });
