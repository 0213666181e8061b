/** The card look of the per-app settings screens (the profanity filter's), shared by this feature's cards. */
export const cardTitle = { title: { component: "h2", variant: "h6" } } as const;
export const cardContentSx = { p: { xs: 2.5, sm: 3 } } as const;
