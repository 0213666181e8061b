import { Errors, type TAccount, type TUpdateAccountRequest } from "@parley/contract";
import type { Context } from "../../context";
import { profileColumns } from "../../db/columns";
import { AppError } from "../../errors";
import type { AccountRow } from "../auth";
import { findAccount, updateAccount } from "../auth";

export function toAccount(row: AccountRow): TAccount {
  return {
    email: row.email,
    name: row.name,
    contact: row.contact,
    companyName: row.companyName,
    companyHomepage: row.companyHomepage,
    companyAddress: { postalCode: row.postalCode, address: row.address, detail: row.addressDetail },
    marketingConsent: row.marketingConsent,
    language: row.language,
    paymentCurrency: row.paymentCurrency,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAccountService(ctx: Context) {
  const { db } = ctx.database;
  return {
    async getAccount(accountId: string): Promise<TAccount> {
      const row = await findAccount(db, accountId);
      if (!row) throw new AppError(Errors.ACCOUNT_FETCH_FAILED);
      return toAccount(row);
    },

    async updateAccount(accountId: string, input: TUpdateAccountRequest): Promise<TAccount> {
      // The schema already requires a company name; this guards callers that bypass it with whitespace.
      if (!input.companyName.trim()) throw new AppError(Errors.COMPANY_INFO_MISSING);
      const row = await updateAccount(db, accountId, {
        ...profileColumns(input),
        // The language of mail follows the user; the billing currency stays as chosen at signup.
        ...(input.language ? { language: input.language } : {}),
      });
      if (!row) throw new AppError(Errors.ACCOUNT_FETCH_FAILED);
      return toAccount(row);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
