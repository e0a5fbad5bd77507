import { invalidRequest, noSuch } from "../errors.ts";
import { newId } from "../ids.ts";
import { newTestClock } from "../objects/test-clock.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import type { ClockRow } from "../state.ts";
import type { TestClock } from "../types.ts";
import { type ApiContext, type ApiRoute, route } from "./route.ts";

function clockRow(ctx: ApiContext, id: string): ClockRow {
  const row = ctx.sandbox.state.clocks.get(id);
  if (!row || row.deleted) throw noSuch("test clock", id);
  return row;
}

/** The clock as a client sees it: `advancing` for a few reads after an advance, then `ready`. */
export function clockView(row: ClockRow): TestClock {
  if (row.advancingReads <= 0) return row.obj;
  return {
    ...row.obj,
    frozen_time: row.advancingFrom,
    status: "advancing",
    status_details: { advancing: { target_frozen_time: row.obj.frozen_time } },
  };
}

/** Checks and performs an advance; shared with the control API. */
export function advanceClock(
  ctx: Pick<ApiContext, "sandbox">,
  row: ClockRow,
  target: number,
  reads: number,
): void {
  const { billing } = ctx.sandbox;
  if (target <= row.obj.frozen_time) {
    throw invalidRequest(
      `The frozen_time must be after the test clock's current frozen_time (${row.obj.frozen_time}).`,
      "frozen_time",
      "parameter_invalid_integer",
    );
  }
  const limit = billing.advanceLimit(row);
  if (target > limit) {
    throw invalidRequest(
      `Cannot advance the test clock more than two intervals of the shortest subscription interval on it: the latest frozen_time allowed is ${limit}.`,
      "frozen_time",
      "test_clock_advance_too_far",
    );
  }
  billing.advanceClock(row, target, ctx.sandbox.nowSec(), reads);
}

export const testClockRoutes: ApiRoute[] = [
  route("POST", "/v1/test_helpers/test_clocks", (ctx) => {
    const p = ctx.p.allow(["frozen_time", "customer", "expand", "name"]);
    const frozen = p.time("frozen_time");
    if (frozen === undefined)
      throw invalidRequest("Missing required param: frozen_time.", "frozen_time", "parameter_missing");
    const now = ctx.sandbox.nowSec();
    const clock = newTestClock(newId("clock"), now, frozen as number, p.str("name") || null);
    const row: ClockRow = {
      obj: clock,
      seq: ctx.sandbox.state.next(),
      advancingReads: 0,
      advancingFrom: clock.frozen_time,
      deleted: false,
    };
    const customer = p.str("customer");
    if (customer) {
      const c = ctx.sandbox.state.customers.get(customer);
      if (!c || c.deleted) throw noSuch("customer", customer, "customer");
      if (c.obj.test_clock)
        throw invalidRequest("This customer is already attached to a test clock.", "customer");
      c.obj.test_clock = clock.id;
    }
    ctx.sandbox.state.clocks.set(clock.id, row);
    ctx.sandbox.events.emit("test_helpers.test_clock.created", clock, {
      at: now,
      request: { id: ctx.requestId, idempotency_key: ctx.idempotencyKey },
    });
    return render(ctx.sandbox.state, clock, p.expand());
  }),
  route("GET", "/v1/test_helpers/test_clocks/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    const row = clockRow(ctx, ctx.path.id!);
    const view = clockView(row);
    if (row.advancingReads > 0) row.advancingReads--;
    return render(ctx.sandbox.state, view, p.expand());
  }),
  route("GET", "/v1/test_helpers/test_clocks", (ctx) => {
    const p = ctx.p.allow(PAGE_PARAMS);
    const rows = [...ctx.sandbox.state.clocks.values()]
      .filter((r) => !r.deleted)
      .map((r) => ({ obj: clockView(r), seq: r.seq }));
    return page(ctx.sandbox.state, rows, p, "/v1/test_helpers/test_clocks", "test clock");
  }),
  route("DELETE", "/v1/test_helpers/test_clocks/:id", (ctx) => {
    ctx.p.allow([]);
    const row = clockRow(ctx, ctx.path.id!);
    ctx.sandbox.billing.deleteClock(row, ctx.sandbox.nowSec());
    return { id: row.obj.id, object: "test_helpers.test_clock", deleted: true };
  }),
  route("POST", "/v1/test_helpers/test_clocks/:id/advance", (ctx) => {
    const p = ctx.p.allow(["frozen_time", "expand"]);
    const row = clockRow(ctx, ctx.path.id!);
    const target = p.time("frozen_time");
    if (target === undefined)
      throw invalidRequest("Missing required param: frozen_time.", "frozen_time", "parameter_missing");
    advanceClock(ctx, row, target as number, ctx.sandbox.billing.settings.clockAdvancingReads + 1);
    // the answer itself says `advancing`, as Stripe's does
    const view = clockView(row);
    row.advancingReads--;
    return render(ctx.sandbox.state, view, p.expand());
  }),
];
