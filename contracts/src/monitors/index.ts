export * from './constants.ts';
export * from './dates.ts';
export * from './intervals.ts';
export * from './settings.ts';
export * from './parameters.ts';
export * from './validity.ts';
export * from './axes.ts';
export * from './csv.ts';
