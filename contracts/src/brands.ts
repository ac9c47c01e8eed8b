/**
 * The branding variants (spec 01 §1): the server's BRAND setting picks one and sends it in /api/config; the client's
 * logos, title, favicon and menu, and the server's mail, follow it. One list here for both sides.
 */
export const BRANDS = ['default', 'second', 'third'] as const;
export type Brand = (typeof BRANDS)[number];

export interface BrandProfile {
  /** The product's name as this brand shows it: document title, logo word, mail subjects and footer. */
  productName: string;
  /** The brand's main colour (logo mark, mail header). */
  accent: string;
  /** The company behind the brand, linked from the menu and the mail footer; null: no owner link. */
  owner: { name: string; url: string } | null;
  /** Partner logos shown in the menu and on the login page (the second brand's extra logos): files of /brands/<brand>/. */
  partners: readonly { name: string; logo: string }[];
}

export const BRAND_PROFILES: Record<Brand, BrandProfile> = {
  default: { productName: 'Gearwatch', accent: '#2196f3', owner: null, partners: [] },
  second: {
    productName: 'Gearwatch',
    accent: '#2196f3',
    owner: { name: 'Northline Industrial', url: 'https://northline.example.com' },
    partners: [
      { name: 'Northline', logo: 'partner-northline.svg' },
      { name: 'Liftcare', logo: 'partner-liftcare.svg' },
    ],
  },
  third: { productName: 'Fleetwise', accent: '#2e7d32', owner: null, partners: [] },
};

export function brandProfile(brand: Brand): BrandProfile {
  return BRAND_PROFILES[brand];
}
