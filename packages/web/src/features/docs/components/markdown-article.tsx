import { Box } from "@mui/material";
import { type MouseEvent, useEffect, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { renderMarkdown } from "../lib/markdown";

/** Styles of the rendered Markdown: the theme's type scale, monospace code that scrolls sideways, ruled tables. */
const articleSx = {
  maxWidth: 860,
  lineHeight: 1.7,
  overflowWrap: "break-word",
  "& h2": { typography: "h4", mt: 0, mb: 2 },
  "& h3": { typography: "h5", mt: 5, mb: 1.5 },
  "& h4": { typography: "h6", mt: 3.5, mb: 1 },
  "& h2, & h3, & h4": { scrollMarginTop: 96 },
  "& p, & ul, & ol": { my: 1.5 },
  "& li + li": { mt: 0.5 },
  "& a": { color: "primary.main" },
  "& code": {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    fontSize: "0.875em",
    bgcolor: "action.hover",
    px: 0.5,
    py: 0.25,
    borderRadius: 0.5,
  },
  "& pre": {
    my: 2,
    p: 2,
    overflowX: "auto",
    bgcolor: "grey.900",
    color: "grey.50",
    borderRadius: 1,
    lineHeight: 1.55,
  },
  "& pre code": { bgcolor: "transparent", p: 0, fontSize: "0.8125rem", color: "inherit", whiteSpace: "pre" },
  "& blockquote": {
    mx: 0,
    my: 2,
    px: 2,
    py: 0.5,
    borderLeft: 4,
    borderColor: "warning.main",
    bgcolor: "action.hover",
  },
  "& .table-scroll": { overflowX: "auto", my: 2 },
  "& pre:focus-visible, & .table-scroll:focus-visible": {
    outline: "2px solid",
    outlineColor: "primary.main",
    outlineOffset: 2,
  },
  "& table": { borderCollapse: "collapse", width: "100%", fontSize: "0.9375rem" },
  "& th, & td": {
    border: 1,
    borderColor: "divider",
    px: 1.5,
    py: 1,
    textAlign: "left",
    verticalAlign: "top",
  },
  "& th": { bgcolor: "action.hover", fontWeight: 600 },
} as const;

/**
 * One docs page written in Markdown. Links to other pages of the site navigate inside the app instead of
 * reloading it, and an address with `#heading` scrolls there once the text is on screen.
 */
export function MarkdownArticle({ source }: { source: string }) {
  const { html } = useMemo(() => renderMarkdown(source), [source]);
  const navigate = useNavigate();
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [hash]);

  function handleClick(event: MouseEvent<HTMLElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as HTMLElement).closest("a");
    const href = anchor?.getAttribute("href");
    // The OpenAPI document is JSON served by the server, not a page of the app.
    if (!href?.startsWith("/intro/")) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from our own Markdown files in the repository, never from users
    <Box component="article" sx={articleSx} onClick={handleClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
