import { describe, expect, it } from 'vitest';
import { translatorFor } from './translator.ts';

describe('translatorFor', () => {
  it('writes in the language asked for, and in Polish for a language the product does not have', () => {
    expect(translatorFor('en').text('spreadsheet.work-activity.device')).toBe('Device');
    expect(translatorFor('ru').text('spreadsheet.work-activity.device')).toBe('Устройство');
    expect(translatorFor('de').language).toBe('pl');
    expect(translatorFor('de').text('spreadsheet.work-activity.device')).toBe('Urządzenie');
  });

  it('fills in the product name without being given it', () => {
    expect(translatorFor('en').text('mail.welcome.subject')).toBe('Your Gearwatch account has been created');
  });

  it('inserts values as they are in plain text, even ones that look like markup, placeholders or nested keys', () => {
    const subject = '<b>R&D</b> {{product}} $t(mail.greeting)';
    expect(translatorFor('en').text('mail.support.subject', { subject })).toBe(`[Gearwatch support] ${subject}`);
  });

  it('escapes values, and only values, in HTML', () => {
    expect(translatorFor('en').html('mail.support.sender', { name: 'Ada "A" <ada>', email: 'a&b@x.test', username: "o'neil", userId: 7 })).toBe(
      'From: Ada &quot;A&quot; &lt;ada&gt; <a&amp;b@x.test> (username o&#39;neil, user id 7)',
    );
  });

  it('takes a value named like an option of i18next as a value', () => {
    expect(translatorFor('en').text('mail.support.message-id', { id: 3, lng: 'pl', count: 2 })).toBe('Support message id: 3');
  });
});
