import { describe, expect, it } from 'vitest';
import { asyncRequest } from './async-request.ts';

const range = { from: '2026-03-01', to: '2026-03-02' };

describe('asyncRequest', () => {
  it('asks for the one device, its chosen parameters and the dates', () => {
    expect(asyncRequest({ device: 3, parameters: [7, 1] }, range)).toEqual({ devices: [3], parameterNumber: [7, 1], from: '2026-03-01', to: '2026-03-02' });
  });

  it('asks for nothing without a device or without parameters', () => {
    expect(asyncRequest({ device: null, parameters: [1] }, range)).toBeNull();
    expect(asyncRequest({ device: 3, parameters: [] }, range)).toBeNull();
  });
});
