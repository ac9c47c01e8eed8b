/**
 * The guided tour's steps (spec 01 §2 "Guided tour", in the dictionaries' seven-step form with the tasks menu), in
 * their order. Each names the element it highlights by the data attributes the shell gives its navigation
 * (`data-nav-group`, `data-nav-id`) and profile button (`data-tour`); a step whose element is not rendered (a menu
 * entry the build does not have) is left out.
 */
export interface TourStep {
  id: 'manage' | 'reports' | 'alerts' | 'diagnostics' | 'dashboard' | 'tasks' | 'profile';
  /** CSS selector of the highlighted element. */
  target: string;
  /** The element is in the navigation menu: on a phone the collapsed menu opens for it. */
  inMenu: boolean;
}

export const TOUR_STEPS: readonly TourStep[] = [
  { id: 'manage', target: '[data-nav-group="manage"]', inMenu: true },
  { id: 'reports', target: '[data-nav-id="reports"]', inMenu: true },
  { id: 'alerts', target: '[data-nav-group="alerts"]', inMenu: true },
  { id: 'diagnostics', target: '[data-nav-id="diagnostics"]', inMenu: true },
  { id: 'dashboard', target: '[data-nav-id="dashboard"]', inMenu: true },
  { id: 'tasks', target: '[data-nav-id="tasks"]', inMenu: true },
  { id: 'profile', target: '[data-tour="profile"]', inMenu: false },
];

/** The steps whose elements are rendered now, in `root`. */
export function presentSteps(root: ParentNode = document): TourStep[] {
  return TOUR_STEPS.filter((step) => root.querySelector(step.target) !== null);
}
