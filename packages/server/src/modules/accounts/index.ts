export { type AccountService, createAccountService, toAccount } from "./service";
