import ConstructionRoundedIcon from "@mui/icons-material/ConstructionRounded";
import { Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function EmptyState({
  title,
  body,
  icon,
  action,
}: {
  title: string;
  body?: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 6 }, textAlign: "center", display: "grid", justifyItems: "center", gap: 1.5 }}
    >
      {icon ?? <ConstructionRoundedIcon color="primary" sx={{ fontSize: 40 }} />}
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {body && (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {body}
        </Typography>
      )}
      {action}
    </Paper>
  );
}
