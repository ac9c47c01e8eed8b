import type {
  Company,
  CurrentUser,
  Device,
  DeviceTypeAdminEntry,
  AdminParameter,
  FormDefinition,
  Sensor,
  Subscriber,
  UserListEntry,
} from '@gearwatch/contracts';
import { field } from '../../../components/forms/test/fields.ts';

// Two companies, their users and modules, one subscriber, two device types and the forms the server sends for them
// (labels and choices as the server's services build them).

export const superAdmin: CurrentUser = {
  id: 1,
  firstname: 'Ada',
  lastname: 'Admin',
  email: 'admin@example.com',
  avatar: null,
  name: 'Ada Admin',
  username: 'admin',
  language: 'en',
  owner: { id: 10, name: 'Demo Factory', timezone: 'Europe/Warsaw' },
  extras: { isSuperAdmin: true, impersonate: true },
};

export const companies: Company[] = [
  {
    id: 10,
    name: 'Demo Factory',
    subscriber: { id: 50, name: 'Demo Holding' },
    timezone: 'Europe/Warsaw',
    subscriptionType: 'premium',
    automaticOperatorRegistration: true,
    userCount: 2,
    deviceCount: 24,
    timezoneLocked: true,
  },
  {
    id: 11,
    name: 'Northwind Logistics',
    subscriber: null,
    timezone: 'Europe/Riga',
    subscriptionType: 'basic',
    automaticOperatorRegistration: false,
    userCount: 1,
    deviceCount: 0,
    timezoneLocked: false,
  },
];

export const users: UserListEntry[] = [
  {
    id: 1,
    name: 'Ada Admin',
    firstname: 'Ada',
    lastname: 'Admin',
    username: 'admin',
    email: 'admin@example.com',
    language: 'en',
    active: true,
    lastLogin: '2026-03-02T10:00:00.000Z',
    superAdmin: true,
    company: { id: 10, name: 'Demo Factory' },
  },
  {
    id: 2,
    name: 'Nina North',
    firstname: 'Nina',
    lastname: 'North',
    username: 'north',
    email: 'north@example.com',
    language: 'lv',
    active: false,
    lastLogin: null,
    superAdmin: false,
    company: { id: 11, name: 'Northwind Logistics' },
  },
];

export const sensors: Sensor[] = [
  {
    id: 21,
    name: 'GW-100',
    serialNumber: 'SN-0021',
    protocol: 'gearwatch',
    securityCode: 'secret',
    company: { id: 10, name: 'Demo Factory' },
    device: { id: 31, name: 'Forklift A' },
    type: 'GSM',
    description: null,
    timezone: 'Europe/Warsaw',
    subscription: null,
    simCardNumber: null,
    version: null,
    softwareVersion: null,
    owner: null,
    dealer: null,
    active: true,
    warrantyTo: '2020-12-31',
    peripherals: [],
    sendPeriodSeconds: null,
    lastActivity: '2026-03-02T10:55:00.000Z',
    lastLocation: { lat: 52.2297, lon: 21.0122, time: '2026-03-02T10:50:00.000Z' },
    lastWorkTime: '2026-03-02T10:40:00.000Z',
    state: 'online',
    opcua: null,
  },
  {
    id: 22,
    name: 'GW-200',
    serialNumber: 'SN-0022',
    protocol: 'teltonika',
    securityCode: '',
    company: { id: 11, name: 'Northwind Logistics' },
    device: null,
    type: null,
    description: null,
    timezone: 'Europe/Riga',
    subscription: null,
    simCardNumber: null,
    version: null,
    softwareVersion: null,
    owner: null,
    dealer: null,
    active: false,
    warrantyTo: null,
    peripherals: [],
    sendPeriodSeconds: 30,
    lastActivity: null,
    lastLocation: null,
    lastWorkTime: null,
    state: 'offline',
    opcua: null,
  },
];

export const subscribers: Subscriber[] = [
  { id: 50, name: 'Demo Holding', taxNumber: 'PL1234567890', address: 'ul. Prosta 1', city: 'Warszawa', email: 'billing@demo.example', companyCount: 1 },
];

const deviceType = (id: number, name: string) => ({ id, name, parameters: [] });

export const devices: Device[] = [
  {
    id: 31,
    name: 'Forklift A',
    description: null,
    status: 'operational',
    powerState: 'on',
    company: { id: 10, name: 'Demo Factory' },
    deviceType: deviceType(40, 'Forklift'),
    groups: [],
    sensors: [{ id: 21, name: 'GW-100', serialNumber: 'SN-0021' }],
  },
  {
    id: 32,
    name: 'Truck 7',
    description: null,
    status: 'damaged',
    powerState: 'off',
    company: { id: 11, name: 'Northwind Logistics' },
    deviceType: deviceType(41, 'Truck'),
    groups: [],
    sensors: [],
  },
];

export const deviceTypes: DeviceTypeAdminEntry[] = [
  { id: 40, name: 'Forklift', description: 'Electric forklifts', deviceCount: 12, parameterCount: 2 },
  { id: 41, name: 'Truck', description: null, deviceCount: 1, parameterCount: 0 },
];

export const forkliftParameters: AdminParameter[] = [
  {
    id: 60,
    number: 1,
    name: 'Work',
    tags: ['effective work time'],
    aggregation: 'sum',
    unit: { id: 70, name: 'second', short: 's', long: 'seconds', min: null, max: null },
    deviceType: { id: 40, name: 'Forklift' },
    description: null,
    dataType: 'integer',
    chart: 'step',
    formula: null,
    public: true,
    teltonika: null,
  },
  {
    id: 61,
    number: 12,
    name: 'Battery voltage',
    tags: [],
    aggregation: 'avg',
    unit: { id: 71, name: 'volt', short: 'V', long: 'volts', min: 0, max: 60 },
    deviceType: { id: 40, name: 'Forklift' },
    description: null,
    dataType: 'float',
    chart: 'line',
    formula: null,
    public: false,
    teltonika: { ioId: 67, multiplier: 0.001, offset: 0 },
  },
];

/** A form definition with an empty value for every field. */
function form(schema: FormDefinition['schema'], choices: FormDefinition['choices'] = {}): FormDefinition {
  return { data: Object.fromEntries(Object.keys(schema).map((name) => [name, null])), schema, choices, token: 'token' };
}

export const companyForm = form(
  {
    name: field('text', 'company.field.name', { required: true, icon: 'company' }),
    subscriber: field('entity', 'company.field.subscriber'),
    timezone: field('choice', 'company.field.timezone', { required: true }),
    subscriptionType: field('choice', 'company.field.subscription-type', { required: true }),
    automaticOperatorRegistration: field('switch', 'company.field.automatic-operator-registration'),
  },
  {
    subscriber: [{ value: 50, label: 'Demo Holding' }],
    timezone: [{ value: 'Europe/Warsaw', label: 'Europe/Warsaw' }],
    subscriptionType: ['basic', 'standard', 'premium'].map((value) => ({ value, label: `company.subscription-type.${value}`, translate: true })),
  },
);

export const subscriberForm = form({
  name: field('text', 'subscriber.field.name', { required: true }),
  taxNumber: field('text', 'subscriber.field.tax-number'),
  address: field('text', 'subscriber.field.address'),
  city: field('text', 'subscriber.field.city'),
  email: field('email', 'subscriber.field.email'),
});

export const userForm = form(
  {
    company: field('entity', 'user.field.company', { required: true }),
    username: field('text', 'user.field.username', { required: true }),
    email: field('email', 'user.field.email', { required: true }),
    firstname: field('text', 'user.field.firstname', { required: true }),
    lastname: field('text', 'user.field.lastname', { required: true }),
    language: field('choice', 'user.field.language', { required: true }),
    active: field('switch', 'user.field.active'),
    superAdmin: field('switch', 'user.field.super-admin'),
  },
  { company: [{ value: 10, label: 'Demo Factory' }], language: [{ value: 'en', label: 'English' }] },
);

export const sensorForm = form(
  {
    company: field('entity', 'sensor.field.company', { required: true }),
    name: field('text', 'sensor.field.name', { required: true }),
    serialNumber: field('text', 'sensor.field.serial-number', { required: true, changeToUpperCase: true }),
    securityCode: field('text', 'sensor.field.security-code', { required: true, help: 'sensor.help.security-code' }),
    sendPeriodSeconds: field('number', 'sensor.field.send-period', { min: 1, max: 86400, step: 1, help: 'sensor.help.send-period' }),
    device: field('entity', 'sensor.field.device'),
    warrantyTo: field('datetime', 'sensor.field.warranty-to'),
  },
  { company: [{ value: 10, label: 'Demo Factory' }], device: [{ value: 31, label: 'Demo Factory · Forklift A' }] },
);

export const deviceForm = form(
  {
    company: field('entity', 'device.field.company', { required: true }),
    name: field('text', 'device.field.name', { required: true }),
  },
  { company: [{ value: 10, label: 'Demo Factory' }] },
);

export const deviceTypeForm = form({
  name: field('text', 'devicetype.field.name', { required: true }),
  description: field('textarea', 'devicetype.field.description'),
});

export const parameterForm = form(
  {
    deviceType: field('entity', 'parameter.field.device-type', { required: true }),
    number: field('number', 'parameter.field.number', { required: true }),
    name: field('text', 'parameter.field.name', { required: true }),
    unit: field('entity', 'parameter.field.unit'),
    aggregation: field('choice', 'parameter.field.aggregation', { required: true }),
    teltonikaIoId: field('number', 'parameter.field.teltonika-io-id', { min: 0, max: 65535, step: 1, help: 'parameter.help.teltonika-io-id' }),
    teltonikaMultiplier: field('number', 'parameter.field.teltonika-multiplier'),
    teltonikaOffset: field('number', 'parameter.field.teltonika-offset'),
  },
  {
    deviceType: [
      { value: 40, label: 'Forklift' },
      { value: 41, label: 'Truck' },
    ],
    unit: [
      { value: 70, label: 'second (s)', unit: 's' },
      { value: 71, label: 'volt (V)', unit: 'V' },
      { value: 72, label: 'kilometre (km)', unit: 'km' },
    ],
    aggregation: ['sum', 'avg', 'min', 'max', 'last'].map((value) => ({ value, label: `parameter.aggregation.${value}`, translate: true })),
  },
);
