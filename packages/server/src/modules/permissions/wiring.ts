export { dashboardRoleRoutes, roleChatRoutes } from "./routes";
