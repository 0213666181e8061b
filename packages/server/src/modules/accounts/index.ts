export { accountRoutes } from "./routes";
export { type AccountService, createAccountService, toAccount } from "./service";
