import type { TermsDocument } from './terms-document.ts';

export const termsEn: TermsDocument = {
  language: 'en',
  title: 'Terms of service',
  updated: 'Last updated: 22 November 2026',
  back: 'Back to sign in',
  sections: [
    {
      heading: '1. The service',
      paragraphs: [
        'Gearwatch is a web application for monitoring industrial machines (forklifts, production machines) through the telemetry modules fitted to them. It shows machine work and activity, operators, locations, alerts and reports to the users of the company that owns the machines.',
        'The service is provided to companies (customers) under a subscription. The customer decides which of its employees receive user accounts.',
      ],
    },
    {
      heading: '2. Accounts',
      paragraphs: [
        'Each user signs in with a personal login and password and must keep them confidential. Sharing an account is not allowed. A user who suspects that someone else knows their password must change it at once and inform their administrator.',
        'The customer’s administrator may create, change and remove user accounts of the company. Operators of the service may act as a user (impersonation) only to provide support, and such sessions are marked.',
      ],
    },
    {
      heading: '3. Data',
      paragraphs: [
        'Telemetry sent by the modules, operator data (names, RFID card numbers) and everything users enter belong to the customer. The provider processes them only to run the service, on the customer’s behalf, and never shows one customer’s data to another.',
        'Personal data of users and operators are processed under the GDPR. The customer is the controller; the provider is the processor. Users may ask their administrator to access, correct or remove their personal data.',
      ],
    },
    {
      heading: '4. Acceptable use',
      paragraphs: [
        'The service may be used only for monitoring the customer’s own machines. Attempts to access other customers’ data, to disturb the service or to read data by automated means other than the documented API are forbidden.',
      ],
    },
    {
      heading: '5. Availability and support',
      paragraphs: [
        'The provider makes reasonable efforts to keep the service available and to keep telemetry that modules have delivered. Planned maintenance is announced in advance. Support requests can be sent from the application’s support form.',
      ],
    },
    {
      heading: '6. Changes',
      paragraphs: [
        'These terms may change; users are informed of material changes when they next sign in. Continued use after a change means acceptance of the new terms.',
      ],
    },
  ],
};
