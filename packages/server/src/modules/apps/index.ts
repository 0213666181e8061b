export { appIdsOwnedBy, appsOfAccounts, appsOwnedBy, findApp, findAppWithOwner } from "./queries";
export { appRoutes } from "./routes";
export type { AppRow } from "./schema";
export { type AppService, createAppService } from "./service";
