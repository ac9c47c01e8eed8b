/** Route metadata read by the breadcrumbs and page titles. */
export interface RouteHandle {
  /** Translation key of the page title and breadcrumb. */
  title: string;
  /**
   * A detail page's list, when the route is the list's sibling rather than its child (`manage/device/:id` beside
   * `manage/devices`): its crumb goes before the page's own.
   */
  parent?: { title: string; path: string };
}
