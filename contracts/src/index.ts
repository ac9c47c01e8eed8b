export * from './constants.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './users.ts';
export * from './devices.ts';
export * from './list.ts';
export * from './app-config.ts';
