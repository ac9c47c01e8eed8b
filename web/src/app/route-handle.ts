/** Route metadata read by the breadcrumbs and page titles. */
export interface RouteHandle {
  /** Translation key of the page title and breadcrumb. */
  title: string;
}
