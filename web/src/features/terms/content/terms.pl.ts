import type { TermsDocument } from './terms-document.ts';

export const termsPl: TermsDocument = {
  language: 'pl',
  title: 'Regulamin usługi',
  updated: 'Ostatnia zmiana: 22 listopada 2026',
  back: 'Powrót do logowania',
  sections: [
    {
      heading: '1. Usługa',
      paragraphs: [
        'Gearwatch to aplikacja internetowa do monitorowania maszyn przemysłowych (wózków widłowych, maszyn produkcyjnych) za pomocą zamontowanych w nich modułów telemetrycznych. Pokazuje pracę i aktywność maszyn, operatorów, lokalizacje, alerty i raporty użytkownikom firmy, do której należą maszyny.',
        'Usługa jest świadczona firmom (klientom) w ramach abonamentu. Klient decyduje, którzy z jego pracowników otrzymują konta użytkowników.',
      ],
    },
    {
      heading: '2. Konta',
      paragraphs: [
        'Każdy użytkownik loguje się własnym loginem i hasłem i zachowuje je w tajemnicy. Udostępnianie konta innym osobom jest zabronione. Użytkownik, który podejrzewa, że ktoś inny zna jego hasło, musi niezwłocznie je zmienić i powiadomić administratora.',
        'Administrator klienta może tworzyć, zmieniać i usuwać konta użytkowników firmy. Operatorzy usługi mogą działać jako użytkownik (impersonacja) wyłącznie w celu udzielenia wsparcia, a takie sesje są oznaczone.',
      ],
    },
    {
      heading: '3. Dane',
      paragraphs: [
        'Dane telemetryczne przesyłane przez moduły, dane operatorów (imiona, nazwiska, numery kart RFID) i wszystko, co wprowadzają użytkownicy, należą do klienta. Dostawca przetwarza je wyłącznie w celu świadczenia usługi, w imieniu klienta, i nigdy nie pokazuje danych jednego klienta innemu.',
        'Dane osobowe użytkowników i operatorów są przetwarzane zgodnie z RODO. Administratorem danych jest klient, dostawca jest podmiotem przetwarzającym. Użytkownicy mogą zwrócić się do swojego administratora o dostęp do swoich danych, ich sprostowanie lub usunięcie.',
      ],
    },
    {
      heading: '4. Dozwolone korzystanie',
      paragraphs: [
        'Usługa może być używana wyłącznie do monitorowania własnych maszyn klienta. Zabronione są próby dostępu do danych innych klientów, zakłócania działania usługi oraz automatycznego pobierania danych inaczej niż przez udokumentowane API.',
      ],
    },
    {
      heading: '5. Dostępność i wsparcie',
      paragraphs: [
        'Dostawca dokłada należytej staranności, aby usługa była dostępna, a dane dostarczone przez moduły zachowane. Planowane prace serwisowe są zapowiadane z wyprzedzeniem. Zgłoszenia do wsparcia można wysyłać z formularza pomocy w aplikacji.',
      ],
    },
    {
      heading: '6. Zmiany',
      paragraphs: [
        'Regulamin może się zmieniać; o istotnych zmianach użytkownicy są informowani przy kolejnym logowaniu. Dalsze korzystanie z usługi po zmianie oznacza akceptację nowego regulaminu.',
      ],
    },
  ],
};
