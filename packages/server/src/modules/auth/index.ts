export {
  type AccountPatch,
  accountLanguages,
  findAccount,
  findAccountsByIds,
  findCompanies,
  subAccountsOfApps,
  updateAccount,
  updateAccountByEmail,
} from "./queries";
export { type AuthRepository, type CodePurpose, createAuthRepository } from "./repository";
export type { AccountRow, SessionRow } from "./schema";
export { hashingOncePerPassword, hashPassword, hashToken, newToken, verifyPassword } from "./secrets";
export {
  type Authenticated,
  type AuthService,
  createAuthService,
  signupAccountColumns,
  toSessionState,
} from "./service";
