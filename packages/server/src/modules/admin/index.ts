export { recordAdminAction } from "./actions";
export { type AdminService, createAdminService, requireAdmin } from "./admin";
export { createMarketplace, issueMarketplaceToken, type Marketplace, verifyMarketplaceToken } from "./marketplace";
export { createSignInLinks, requireOwner, type SignInLinks } from "./sign-in-links";
