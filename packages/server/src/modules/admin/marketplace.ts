import { createHmac, timingSafeEqual } from "node:crypto";
import {
  CURRENCY_BY_LANGUAGE,
  Errors,
  type TMarketplaceSignupRequest,
  type TMarketplaceSignupResponse,
  type TMarketplaceTokenClaims,
  zMarketplaceTokenClaims,
} from "@parley/contract";
import type { Context } from "../../context";
import { consentColumns, profileColumns } from "../../db/columns";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { AccountRow } from "../auth";
import { createAuthRepository, hashPassword, newToken } from "../auth";
import type { SignInLinks } from "./sign-in-links";

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

/** A token as a marketplace issues it: `base64url(claims JSON).base64url(HMAC-SHA256)`. */
export function issueMarketplaceToken(secret: string, claims: TMarketplaceTokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a token signed with `secret` and not yet expired; 9003 otherwise, whatever the reason. */
export function verifyMarketplaceToken(secret: string | null, token: string, now: Date): TMarketplaceTokenClaims {
  const [payload, signature, extra] = token.split(".");
  if (!secret || !payload || !signature || extra !== undefined) throw new AppError(Errors.MARKETPLACE_TOKEN_INVALID);
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(Errors.MARKETPLACE_TOKEN_INVALID);
  let claims: TMarketplaceTokenClaims;
  try {
    claims = zMarketplaceTokenClaims.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    throw new AppError(Errors.MARKETPLACE_TOKEN_INVALID);
  }
  if (claims.exp * 1000 <= now.getTime()) throw new AppError(Errors.MARKETPLACE_TOKEN_INVALID);
  return claims;
}

/**
 * Accounts a cloud marketplace sends us: the marketplace vouches for the buyer's email and bills them, so the
 * account is verified at once, has no trial and no card, and signs in by link rather than by password.
 */
export function createMarketplace(ctx: Context, deps: { links: SignInLinks }) {
  const repo = createAuthRepository(ctx.database.db);
  const { clock, config } = ctx;

  return {
    async signup(input: TMarketplaceSignupRequest): Promise<TMarketplaceSignupResponse> {
      const claims = verifyMarketplaceToken(config.marketplaceSecret, input.token, clock.now());
      const sameCustomer = await repo.findAccountByMarketplaceCustomer(claims.customerId);
      if (sameCustomer) throw new AppError(Errors.MARKETPLACE_ACCOUNT_EXISTS);
      const sameEmail = await repo.findAccountByEmail(claims.email);
      if (sameEmail) throw new AppError(Errors.MARKETPLACE_EMAIL_TAKEN);
      const now = clock.now();
      let account: AccountRow;
      try {
        account = await repo.insertAccount({
          email: claims.email,
          passwordHash: await hashPassword(newToken()),
          ...profileColumns(input),
          language: input.language,
          paymentCurrency: CURRENCY_BY_LANGUAGE[input.language],
          kind: "marketplaceaccount",
          marketplaceCustomerId: claims.customerId,
          ...consentColumns(now),
          emailVerifiedAt: now,
          passwordChangedAt: now,
          createdAt: now,
        });
      } catch (err) {
        // Two signups with one token racing past the checks: the unique indexes decide.
        if (isUniqueViolation(err)) throw new AppError(Errors.MARKETPLACE_ACCOUNT_EXISTS);
        ctx.log.error({ err }, "marketplace signup could not be stored");
        throw new AppError(Errors.SIGNUP_FAILED);
      }
      const { token } = await deps.links.issueToken(account);
      return { email: account.email, signInToken: token };
    },
  };
}

export type Marketplace = ReturnType<typeof createMarketplace>;
