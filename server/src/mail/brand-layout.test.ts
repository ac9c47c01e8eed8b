import { afterEach, describe, expect, it } from 'vitest';
import { setTextBrand, translatorFor } from '../i18n/translator.ts';
import { brandedText, brandFooterLines } from './brand-layout.ts';

describe('mail follows the brand', () => {
  afterEach(() => setTextBrand('default'));

  it('ends the default brand mail with the product name only', () => {
    expect(brandedText('default', 'Hello,\nbody')).toBe('Hello,\nbody\n\n-- \nGearwatch\n');
  });

  it('ends the second brand mail with the owner and its link', () => {
    expect(brandFooterLines('second')).toEqual(['Gearwatch', 'Northline Industrial · https://northline.example.com']);
    expect(brandedText('second', 'Body\n')).toBe('Body\n\n-- \nGearwatch\nNorthline Industrial · https://northline.example.com\n');
  });

  it('names the third brand product in the footer, subjects and bodies', () => {
    expect(brandedText('third', 'Body')).toContain('-- \nFleetwise\n');
    setTextBrand('third');
    expect(translatorFor('en').text('mail.welcome.subject')).toBe('Your Fleetwise account has been created');
    expect(translatorFor('pl').html('mail.password-reset.subject')).toContain('Fleetwise');
    setTextBrand('default');
    expect(translatorFor('en').text('mail.welcome.subject')).toBe('Your Gearwatch account has been created');
  });

  it('keeps a product value given by the caller', () => {
    setTextBrand('third');
    expect(translatorFor('en').text('mail.welcome.subject', { product: 'Other' })).toBe('Your Other account has been created');
  });
});
