import type { Brand } from '@gearwatch/contracts';
import { brandProfile } from '@gearwatch/contracts';

/** The footer lines every mail of the brand ends with: the product's name, and the brand's owner with its link. */
export function brandFooterLines(brand: Brand): string[] {
  const profile = brandProfile(brand);
  const lines = [profile.productName];
  if (profile.owner) lines.push(`${profile.owner.name} · ${profile.owner.url}`);
  return lines;
}

/**
 * The layout of every mail the outbox sends (spec 01 §1, branding): the text its author wrote (whose product name
 * already follows the brand through the translator's {{product}}), then the brand's footer after the usual "-- "
 * signature separator. Applied by the sender when it sends, so every mail kind follows the brand in one place and
 * the outbox rows keep only what their authors wrote.
 */
export function brandedText(brand: Brand, text: string): string {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${body}\n-- \n${brandFooterLines(brand).join('\n')}\n`;
}
