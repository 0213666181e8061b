import { useTheme } from "@mui/material";
import type { TCampaignReport } from "@parley/contract";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useFormat } from "@/hooks/use-format";
import { monthDay } from "../lib/report";

/**
 * Reads per day since the send started, as the usage report draws its metrics. Recharts is imported only here, and
 * this module only by the lazy report screen.
 */
export function DailyReadsChart({ data, label }: { data: TCampaignReport["dailyReads"]; label: string }) {
  const theme = useTheme();
  const format = useFormat();
  return (
    <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 640, height: 240 }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={monthDay} minTickGap={12} fontSize={12} />
        <YAxis allowDecimals={false} width={48} fontSize={12} tickFormatter={(v: number) => format.number(v)} />
        <Tooltip
          labelFormatter={(day) => monthDay(String(day))}
          formatter={(value) => [format.number(Number(value)), label]}
        />
        <Bar
          dataKey="reads"
          name={label}
          fill={theme.palette.primary.main}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
