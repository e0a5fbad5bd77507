import { type AgingAmounts, agingBuckets } from "@recoup/contracts";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { SectionCard } from "@/components/section-card";
import { formatMoney } from "@/lib/format";

const COLORS = ["--aging-current", "--aging-1", "--aging-2", "--aging-3", "--aging-4"] as const;

/** Open receivables by days past due, as bars; the same figures are listed for screen readers. */
export function AgingChart({ aging, currency }: { aging: AgingAmounts; currency: string }) {
  const data = agingBuckets.map(({ key, label }, i) => ({
    key,
    /** Short, so five fit under the bars on a phone. */
    axis: label,
    label: key === "current" ? "Current" : `${label} days`,
    cents: aging[key],
    color: `var(${COLORS[i]})`,
  }));
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <SectionCard
      id="aging-chart-title"
      title="Aging"
      description={<>Open receivables by days past due: {money(aging.total)} in all.</>}
    >
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="axis"
              tickLine={false}
              axisLine={false}
              tick={{ fill: "var(--muted-foreground)", fontSize: 11 }}
              interval={0}
            />
            <YAxis
              tickLine={false}
              axisLine={false}
              width={64}
              tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
              tickFormatter={(v: number) => formatMoney(v, currency, { compact: true })}
            />
            <Tooltip
              cursor={{ fill: "var(--muted)" }}
              formatter={(v) => [money(Number(v)), "Owed"]}
              labelFormatter={(axis) => data.find((d) => d.axis === axis)?.label ?? String(axis)}
              contentStyle={{
                background: "var(--popover)",
                border: "1px solid var(--border)",
                borderRadius: 8,
                color: "var(--popover-foreground)",
              }}
              labelStyle={{ color: "var(--popover-foreground)" }}
            />
            <Bar dataKey="cents" radius={[4, 4, 0, 0]} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.key} fill={d.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5" aria-label="Aging buckets">
        {data.map((d) => (
          <li key={d.key} className="grid gap-0.5">
            <span className="text-muted-foreground flex items-center gap-1.5 text-xs">
              <span
                className="size-2.5 shrink-0 rounded-sm"
                style={{ background: d.color }}
                aria-hidden="true"
              />
              {d.label}
            </span>
            <span className="font-medium tabular-nums" data-bucket={d.key}>
              {money(d.cents)}
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
