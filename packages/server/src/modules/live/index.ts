export { eventStream } from "./event-stream";
export {
  createLiveFeed,
  type LiveFeed,
  type LiveListener,
  type LiveReport,
  type LiveReportEvent,
  type LiveSink,
} from "./feed";
