export { appExists, appIdsOwnedBy, appsOfAccounts, appsOwnedBy, findApp, findAppWithOwner } from "./queries";
export type { AppRow } from "./schema";
export { type AppService, admittedApp, createAppService, type OnboardingQueries } from "./service";
