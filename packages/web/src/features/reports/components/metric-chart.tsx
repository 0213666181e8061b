import { useTheme } from "@mui/material";
import type { TDailyMetrics, TMetricKey } from "@parley/contract";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormat } from "@/hooks/use-format";
import { monthDay } from "../lib/range";

/**
 * One metric per chart: the three counters differ by orders of magnitude, so a shared axis would flatten the
 * smaller ones. Recharts is imported only here, and this module only by the lazy report route.
 */
export function MetricChart({ data, metric, label }: { data: TDailyMetrics[]; metric: TMetricKey; label: string }) {
  const theme = useTheme();
  const format = useFormat();
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 640, height: 220 }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={monthDay} minTickGap={12} fontSize={12} />
        <YAxis allowDecimals={false} width={48} fontSize={12} tickFormatter={(v: number) => format.number(v)} />
        <Tooltip
          labelFormatter={(day) => monthDay(String(day))}
          formatter={(value) => [format.number(Number(value)), label]}
        />
        <Bar
          dataKey={metric}
          name={label}
          fill={theme.palette.primary.main}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
