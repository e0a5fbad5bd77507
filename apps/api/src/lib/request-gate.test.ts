import { describe, expect, it } from "vitest";
import { type Admission, RequestGate } from "./request-gate.ts";

const admitted = (a: Admission) => {
  if (!a.admitted) throw new Error("shed");
  return a;
};

describe("RequestGate", () => {
  it("lets callers in up to its concurrency and queues the rest in arrival order", async () => {
    const gate = new RequestGate({ concurrency: 2, maxWaitMs: 10_000 });
    const first = admitted(await gate.enter("normal"));
    const second = admitted(await gate.enter("normal"));
    const order: number[] = [];
    const queued = [3, 4, 5].map((n) =>
      gate.enter("normal").then((a) => {
        order.push(n);
        return admitted(a);
      }),
    );
    expect(gate.stats).toMatchObject({ holding: 2, queued: 3 });
    first.release();
    second.release();
    (await queued[0]!).release();
    (await queued[1]!).release();
    await queued[2];
    expect(order).toEqual([3, 4, 5]);
  });

  it("sheds at once a caller whose expected wait passes the bound, with the time to drain", async () => {
    // Holding time 100 ms, one at a time: the 2nd caller queued would wait 200 ms, past 150.
    const gate = new RequestGate({ concurrency: 1, maxWaitMs: 150, initialHoldMs: 100 });
    const holder = admitted(await gate.enter("normal"));
    const waiting = gate.enter("normal");
    const shed = await gate.enter("normal");
    expect(shed).toEqual({ admitted: false, retryAfterMs: 200 });
    expect(gate.stats).toMatchObject({ holding: 1, queued: 1, shed: 1 });
    holder.release();
    admitted(await waiting).release();
  });

  it("sheds a queued caller still waiting at the bound", async () => {
    const gate = new RequestGate({ concurrency: 1, maxWaitMs: 30, initialHoldMs: 1 });
    const holder = admitted(await gate.enter("normal"));
    const started = performance.now();
    const result = await gate.enter("normal");
    expect(result.admitted).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(gate.stats).toMatchObject({ queued: 0, shed: 1 });
    holder.release();
    expect(gate.stats.holding).toBe(0);
  });

  it("serves the priority lane (signing in) before the normal one, each in order", async () => {
    const gate = new RequestGate({ concurrency: 1, maxWaitMs: 10_000 });
    const holder = admitted(await gate.enter("normal"));
    const order: string[] = [];
    const join = (lane: "normal" | "priority", name: string) =>
      gate.enter(lane, undefined).then((a) => {
        order.push(name);
        admitted(a).release();
      });
    const all = [join("normal", "n1"), join("normal", "n2"), join("priority", "p1"), join("priority", "p2")];
    // A sign-in counts only the sign-ins ahead of it, so it is not shed for a long normal queue.
    expect(gate.expectedWaitMs("priority")).toBeLessThan(gate.expectedWaitMs("normal"));
    holder.release();
    await Promise.all(all);
    expect(order).toEqual(["p1", "p2", "n1", "n2"]);
  });

  it("takes a caller that gives up out of the queue", async () => {
    const gate = new RequestGate({ concurrency: 1, maxWaitMs: 10_000 });
    const holder = admitted(await gate.enter("normal"));
    const gaveUp = new AbortController();
    const leaving = gate.enter("normal", gaveUp.signal);
    const staying = gate.enter("normal");
    gaveUp.abort();
    expect((await leaving).admitted).toBe(false);
    expect(gate.stats.queued).toBe(1);
    holder.release();
    admitted(await staying).release();
    expect(gate.stats).toMatchObject({ holding: 0, queued: 0 });
  });

  it("learns the holding time from releases", async () => {
    let now = 0;
    const gate = new RequestGate({ concurrency: 1, maxWaitMs: 10_000, initialHoldMs: 100, now: () => now });
    for (let i = 0; i < 30; i++) {
      const a = admitted(await gate.enter("normal"));
      now += 10;
      a.release();
    }
    expect(gate.stats.holdMs).toBeLessThan(15);
  });
});
