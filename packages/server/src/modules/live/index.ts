export { createLiveFeed, type LiveFeed, type LiveReport, type LiveReportEvent } from "./feed";
