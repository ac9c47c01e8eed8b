import type { TermsDocument } from './terms-document.ts';

export const termsLv: TermsDocument = {
  language: 'lv',
  title: 'Pakalpojuma noteikumi',
  updated: 'Pēdējās izmaiņas: 2026. gada 22. novembris',
  back: 'Atpakaļ uz pieteikšanos',
  sections: [
    {
      heading: '1. Pakalpojums',
      paragraphs: [
        'Gearwatch ir tīmekļa lietotne rūpniecisko iekārtu (autoiekrāvēju, ražošanas iekārtu) uzraudzībai ar tajās uzstādīto telemetrijas moduļu palīdzību. Tā rāda iekārtu darbu un aktivitāti, operatorus, atrašanās vietas, brīdinājumus un pārskatus tā uzņēmuma lietotājiem, kam iekārtas pieder.',
        'Pakalpojums tiek sniegts uzņēmumiem (klientiem) par abonēšanas maksu. Klients izlemj, kuri no tā darbiniekiem saņem lietotāju kontus.',
      ],
    },
    {
      heading: '2. Konti',
      paragraphs: [
        'Katrs lietotājs piesakās ar savu personīgo lietotājvārdu un paroli un tos glabā noslēpumā. Kontu nedrīkst nodot citām personām. Lietotājam, kurš tur aizdomās, ka kāds cits zina viņa paroli, tā nekavējoties jānomaina un jāinformē savs administrators.',
        'Klienta administrators var izveidot, mainīt un dzēst uzņēmuma lietotāju kontus. Pakalpojuma operatori var darboties lietotāja vārdā (uzdoties par lietotāju) tikai, lai sniegtu atbalstu, un šādas sesijas ir atzīmētas.',
      ],
    },
    {
      heading: '3. Dati',
      paragraphs: [
        'Moduļu sūtītie telemetrijas dati, operatoru dati (vārdi, RFID karšu numuri) un viss, ko ievada lietotāji, pieder klientam. Pakalpojuma sniedzējs tos apstrādā tikai pakalpojuma sniegšanai klienta uzdevumā un nekad nerāda viena klienta datus citam.',
        'Lietotāju un operatoru personas dati tiek apstrādāti saskaņā ar VDAR. Pārzinis ir klients, pakalpojuma sniedzējs ir apstrādātājs. Lietotāji var lūgt savam administratoram piekļūt saviem personas datiem, tos labot vai dzēst.',
      ],
    },
    {
      heading: '4. Atļautā lietošana',
      paragraphs: [
        'Pakalpojumu drīkst izmantot tikai klienta paša iekārtu uzraudzībai. Aizliegts mēģināt piekļūt citu klientu datiem, traucēt pakalpojuma darbību vai automātiski iegūt datus citādi, nekā izmantojot dokumentēto API.',
      ],
    },
    {
      heading: '5. Pieejamība un atbalsts',
      paragraphs: [
        'Pakalpojuma sniedzējs pieliek saprātīgas pūles, lai pakalpojums būtu pieejams un moduļu piegādātie telemetrijas dati tiktu saglabāti. Plānotie apkopes darbi tiek izziņoti iepriekš. Atbalsta pieprasījumus var nosūtīt no lietotnes atbalsta veidlapas.',
      ],
    },
    {
      heading: '6. Izmaiņas',
      paragraphs: [
        'Šie noteikumi var mainīties; par būtiskām izmaiņām lietotāji tiek informēti nākamajā pieteikšanās reizē. Pakalpojuma turpmāka izmantošana pēc izmaiņām nozīmē jauno noteikumu pieņemšanu.',
      ],
    },
  ],
};
