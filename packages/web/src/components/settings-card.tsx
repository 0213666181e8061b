import { Card, CardContent, CardHeader, Divider } from "@mui/material";
import type { ReactNode } from "react";

const titleSlot = { title: { component: "h2", variant: "h6" } } as const;
const contentSx = { p: { xs: 2.5, sm: 3 } } as const;

/**
 * A section of a settings screen: its title is an h2 under the page's h1, above a divider. Without a title the card
 * holds its content alone, as a feature's on/off switch does.
 */
export function SettingsCard({
  title,
  subheader,
  avatar,
  action,
  children,
}: {
  title?: string;
  subheader?: string;
  avatar?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      {title !== undefined && (
        <>
          <CardHeader title={title} subheader={subheader} avatar={avatar} action={action} slotProps={titleSlot} />
          <Divider />
        </>
      )}
      <CardContent sx={contentSx}>{children}</CardContent>
    </Card>
  );
}
