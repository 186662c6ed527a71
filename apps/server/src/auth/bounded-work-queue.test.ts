import { describe, expect, it } from "vitest";
import { ServiceBusyError } from "../errors.ts";
import { BoundedWorkQueue } from "./bounded-work-queue.ts";

/** A task that runs until `finish` is called, and says when it started. */
function gatedTask(started: string[], name: string) {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await gate;
      return name;
    },
    finish: () => finish(),
  };
}

describe("BoundedWorkQueue", () => {
  it("runs at most `concurrency` tasks at once and starts waiting ones in order as slots free", async () => {
    const queue = new BoundedWorkQueue({ concurrency: 2, maxWaiting: 5, retryAfterSeconds: 2 });
    const started: string[] = [];
    const tasks = ["a", "b", "c", "d"].map((name) => gatedTask(started, name));
    const results = tasks.map(({ task }) => queue.run(task));
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 2 });

    tasks[1]?.finish();
    expect(await results[1]).toBe("b");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["a", "b", "c"]);

    for (const { finish } of tasks) finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a task beyond the waiting line with ServiceBusyError (503, Retry-After) without running it", async () => {
    const queue = new BoundedWorkQueue({ concurrency: 1, maxWaiting: 2, retryAfterSeconds: 3 });
    const started: string[] = [];
    const tasks = ["running", "waiting-1", "waiting-2"].map((name) => gatedTask(started, name));
    const accepted = tasks.map(({ task }) => queue.run(task));

    expect(queue.full).toBe(true);
    expect(() => queue.ensureRoom()).toThrow(ServiceBusyError);
    const refused = gatedTask(started, "refused");
    const error = await queue.run(refused.task).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceBusyError);
    expect(error).toMatchObject({ statusCode: 503, code: "busy", retryAfterSeconds: 3 });

    for (const { finish } of tasks) finish();
    await Promise.all(accepted);
    expect(started).toEqual(["running", "waiting-1", "waiting-2"]);
    expect(queue.full).toBe(false);
    expect(() => queue.ensureRoom()).not.toThrow();
    // once the line is short again, work is taken again
    const later = gatedTask(started, "later");
    const result = queue.run(later.task);
    later.finish();
    expect(await result).toBe("later");
  });

  it("takes work while a slot is free even with no waiting line", async () => {
    const queue = new BoundedWorkQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1 });
    const started: string[] = [];
    const first = gatedTask(started, "first");
    const running = queue.run(first.task);
    await expect(queue.run(async () => "second")).rejects.toBeInstanceOf(ServiceBusyError);
    first.finish();
    expect(await running).toBe("first");
    expect(await queue.run(async () => "third")).toBe("third");
  });

  it("passes a task's failure to its caller and frees the slot", async () => {
    const queue = new BoundedWorkQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1 });
    await expect(queue.run(async () => Promise.reject(new Error("derivation failed")))).rejects.toThrow(
      "derivation failed",
    );
    expect(await queue.run(async () => "next")).toBe("next");
  });
});
