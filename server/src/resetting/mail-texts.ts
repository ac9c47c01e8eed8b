import type { Language, PasswordLinkPurpose } from '@gearwatch/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_NAME } from '@gearwatch/contracts';

export interface PasswordMailFacts {
  /** Whom the mail greets: the user's name, or their username when they have none. */
  name: string;
  username: string;
  companyName: string;
  link: string;
  /** Where a new link can be asked for, once this one has expired. */
  resetPageUrl: string;
  validFor: { amount: number; unit: 'minute' | 'hour' };
}

export interface PasswordMail {
  subject: string;
  text: string;
}

type Template = (facts: PasswordMailFacts, validity: string) => PasswordMail;

// Plain text in the user's language. The validity is formatted by Intl (correct plural forms in every language)
// and always follows a colon, where each language takes the plain form whatever the number.
const TEMPLATES: Record<Language, Record<PasswordLinkPurpose, Template>> = {
  en: {
    reset: (f, validity) => ({
      subject: `Reset your ${PRODUCT_NAME} password`,
      text: lines(
        `Hello ${f.name},`,
        '',
        `we were asked to reset the password of the ${PRODUCT_NAME} account ${f.username}. To choose a new password, open this link:`,
        '',
        f.link,
        '',
        `Link validity: ${validity}. It works only once. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
      ),
    }),
    welcome: (f, validity) => ({
      subject: `Your ${PRODUCT_NAME} account has been created`,
      text: lines(
        `Hello ${f.name},`,
        '',
        `an account has been created for you in ${PRODUCT_NAME} (company ${f.companyName}). Your username is ${f.username}. To set your password and sign in, open this link:`,
        '',
        f.link,
        '',
        `Link validity: ${validity}. It works only once. If it has expired, ask for a new one here: ${f.resetPageUrl}`,
      ),
    }),
  },
  pl: {
    reset: (f, validity) => ({
      subject: `${PRODUCT_NAME}: ustawienie nowego hasła`,
      text: lines(
        `Dzień dobry, ${f.name}!`,
        '',
        `Otrzymaliśmy prośbę o zmianę hasła do konta ${f.username} w ${PRODUCT_NAME}. Aby ustawić nowe hasło, otwórz link:`,
        '',
        f.link,
        '',
        `Czas ważności linku: ${validity}. Link działa tylko raz. Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość – hasło pozostanie bez zmian.`,
      ),
    }),
    welcome: (f, validity) => ({
      subject: `${PRODUCT_NAME}: Twoje konto zostało utworzone`,
      text: lines(
        `Dzień dobry, ${f.name}!`,
        '',
        `W ${PRODUCT_NAME} utworzono dla Ciebie konto (firma ${f.companyName}). Twoja nazwa użytkownika: ${f.username}. Aby ustawić hasło i się zalogować, otwórz link:`,
        '',
        f.link,
        '',
        `Czas ważności linku: ${validity}. Link działa tylko raz. Jeśli wygaśnie, poproś o nowy tutaj: ${f.resetPageUrl}`,
      ),
    }),
  },
  lv: {
    reset: (f, validity) => ({
      subject: `${PRODUCT_NAME}: paroles atjaunošana`,
      text: lines(
        `Labdien, ${f.name}!`,
        '',
        `Saņēmām pieprasījumu atjaunot paroli ${PRODUCT_NAME} kontam ${f.username}. Lai iestatītu jaunu paroli, atveriet šo saiti:`,
        '',
        f.link,
        '',
        `Saites derīguma termiņš: ${validity}. Saiti var izmantot tikai vienu reizi. Ja jūs to nepieprasījāt, ignorējiet šo vēstuli – jūsu parole paliks nemainīta.`,
      ),
    }),
    welcome: (f, validity) => ({
      subject: `${PRODUCT_NAME}: jūsu konts ir izveidots`,
      text: lines(
        `Labdien, ${f.name}!`,
        '',
        `${PRODUCT_NAME} sistēmā jums ir izveidots konts (uzņēmums ${f.companyName}). Jūsu lietotājvārds: ${f.username}. Lai iestatītu paroli un pieteiktos, atveriet šo saiti:`,
        '',
        f.link,
        '',
        `Saites derīguma termiņš: ${validity}. Saiti var izmantot tikai vienu reizi. Ja tā vairs nav derīga, pieprasiet jaunu šeit: ${f.resetPageUrl}`,
      ),
    }),
  },
  ru: {
    reset: (f, validity) => ({
      subject: `${PRODUCT_NAME}: сброс пароля`,
      text: lines(
        `Здравствуйте, ${f.name}!`,
        '',
        `Мы получили запрос на сброс пароля учётной записи ${f.username} в ${PRODUCT_NAME}. Чтобы задать новый пароль, откройте ссылку:`,
        '',
        f.link,
        '',
        `Срок действия ссылки: ${validity}. Ссылкой можно воспользоваться только один раз. Если вы не запрашивали сброс пароля, просто проигнорируйте это письмо — ваш пароль не изменится.`,
      ),
    }),
    welcome: (f, validity) => ({
      subject: `${PRODUCT_NAME}: для вас создана учётная запись`,
      text: lines(
        `Здравствуйте, ${f.name}!`,
        '',
        `Для вас создана учётная запись в ${PRODUCT_NAME} (компания ${f.companyName}). Ваше имя пользователя: ${f.username}. Чтобы задать пароль и войти, откройте ссылку:`,
        '',
        f.link,
        '',
        `Срок действия ссылки: ${validity}. Ссылкой можно воспользоваться только один раз. Если срок истёк, запросите новую ссылку здесь: ${f.resetPageUrl}`,
      ),
    }),
  },
};

/** The mail carrying a password link, in the user's language (Polish, the default, for anything unknown). */
export function passwordMail(language: string, purpose: PasswordLinkPurpose, facts: PasswordMailFacts): PasswordMail {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
  const validity = new Intl.NumberFormat(lang, { style: 'unit', unit: facts.validFor.unit, unitDisplay: 'long' }).format(facts.validFor.amount);
  return TEMPLATES[lang][purpose](facts, validity);
}

function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}
