import ForumRoundedIcon from "@mui/icons-material/ForumRounded";
import { Box, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";

export function Logo({ to }: { to: string }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "inherit", textDecoration: "none" }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: 2,
          display: "grid",
          placeItems: "center",
          bgcolor: "primary.main",
          color: "primary.contrastText",
        }}
      >
        <ForumRoundedIcon fontSize="small" />
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: "1.25rem", letterSpacing: "-0.02em" }}>
        Parley
      </Typography>
    </Box>
  );
}
