import { useEffect } from 'react';
import { ApiError } from '../../../api/errors.ts';

/**
 * Spec 02 §8: the data call answers 404 when none of the chosen parameters exists on the devices; the chosen
 * parameters are then cleared, so the monitor warns that none is chosen. Whether the call was answered 404: the
 * monitor shows no error for it.
 */
export function useParametersNotFound(error: unknown, request: unknown, update: (patch: { parameters: number[] }) => void): boolean {
  const notFound = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (notFound && request) update({ parameters: [] });
  }, [notFound, request, update]);
  return notFound;
}
