import type { Brand } from '@gearwatch/contracts';
import { brandProfile } from '@gearwatch/contracts';

/**
 * Puts the brand on the document (spec 01 §1, branding): the favicon, the theme colour and the title shown until a
 * page names itself. Run once the configuration has loaded; index.html holds the default brand's until then.
 */
export function applyBrandToDocument(brand: Brand, doc: Document = document): void {
  const profile = brandProfile(brand);
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.type = 'image/svg+xml';
  icon.href = `/brands/${brand}/favicon.svg`;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', profile.accent);
  doc.title = profile.productName;
}
