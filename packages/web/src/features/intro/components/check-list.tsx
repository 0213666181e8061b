import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import { Box, Typography } from "@mui/material";

/** A bulleted list of facts with check marks; the marks are decoration, the list semantics stay. */
export function CheckList({ items }: { items: readonly { key: string; text: string }[] }) {
  return (
    <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5, maxWidth: 780 }}>
      {items.map((item) => (
        <Box component="li" key={item.key} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
          <CheckCircleRounded aria-hidden color="primary" fontSize="small" sx={{ mt: "3px", flexShrink: 0 }} />
          <Typography sx={{ wordBreak: "keep-all" }}>{item.text}</Typography>
        </Box>
      ))}
    </Box>
  );
}
