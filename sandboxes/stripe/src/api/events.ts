import { noSuch } from "../errors.ts";
import { rangeFilter } from "../params.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import { type ApiRoute, route } from "./route.ts";

export const eventRoutes: ApiRoute[] = [
  route("GET", "/v1/events/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    const row = ctx.sandbox.state.events.get(ctx.path.id!);
    if (!row) throw noSuch("event", ctx.path.id!);
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("GET", "/v1/events", (ctx) => {
    const p = ctx.p.allow(["created", "delivery_success", "type", "types", ...PAGE_PARAMS]);
    const state = ctx.sandbox.state;
    const type = p.str("type");
    const types = p.strings("types");
    const delivered = p.bool("delivery_success");
    const created = rangeFilter(p, "created");
    // `type` takes a `*` wildcard, e.g. `customer.subscription.*`
    const pattern = type ? new RegExp(`^${type.replace(/[.]/g, "\\.").replace(/\*/g, ".*")}$`) : undefined;
    return page(state, state.events.values(), p, "/v1/events", "event", (event) => {
      const row = state.events.get(event.id)!;
      return (
        (!pattern || pattern.test(event.type)) &&
        (!types || types.includes(event.type)) &&
        (delivered === undefined || (delivered ? row.delivered : row.failed)) &&
        (!created || created(event.created))
      );
    });
  }),
];
