/** The account's profile fields as the `accounts` table stores them. */
export function profileColumns(profile: {
  name: string;
  contact: string;
  companyName: string;
  companyHomepage: string;
  companyAddress: { postalCode: string; address: string; detail: string };
  marketingConsent: boolean;
}) {
  return {
    name: profile.name,
    contact: profile.contact,
    companyName: profile.companyName,
    companyHomepage: profile.companyHomepage,
    postalCode: profile.companyAddress.postalCode,
    address: profile.companyAddress.address,
    addressDetail: profile.companyAddress.detail,
    marketingConsent: profile.marketingConsent,
  };
}
