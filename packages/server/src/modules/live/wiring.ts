export { liveRoutes } from "./routes";
export { liveTailChatRoutes } from "./tail-routes";
