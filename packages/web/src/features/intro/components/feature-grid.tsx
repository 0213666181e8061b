import { Box, Card, CardContent, Typography } from "@mui/material";
import type { ReactNode } from "react";

export interface FeatureItem {
  key: string;
  icon: ReactNode;
  title: string;
  body: string;
}

/** Cards of one feature each, one column on phones, up to three on wide screens. Titles are h3 under a section. */
export function FeatureGrid({ items }: { items: readonly FeatureItem[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 2.5,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)" },
      }}
    >
      {items.map((item) => (
        <Card component="li" key={item.key}>
          <CardContent sx={{ p: 3 }}>
            <Box aria-hidden sx={{ color: "primary.main", display: "flex" }}>
              {item.icon}
            </Box>
            <Typography variant="h6" component="h3" sx={{ mt: 1.5 }}>
              {item.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, wordBreak: "keep-all" }}>
              {item.body}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
