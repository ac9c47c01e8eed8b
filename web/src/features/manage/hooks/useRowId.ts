import { useParams } from 'react-router';

/** The `:id` of a detail page, or null when it is not a row id (a mistyped address), which the page shows as not found. */
export function useRowId(): number | null {
  const id = Number(useParams()['id']);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
