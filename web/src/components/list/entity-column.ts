import type { ReactNode } from 'react';

/**
 * One column of an entity list: a table column on wide screens, a label and value on a card on phones. Its own file
 * because both EntityList and EntityCards use it and EntityList renders EntityCards.
 */
export interface EntityColumn<T> {
  /** Unique among the columns (React key and test id). */
  key: string;
  /** A translation key. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sort field; a column without one is not sortable. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}
