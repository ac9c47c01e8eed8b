/** The device page (spec 01 §2: /manage/device/:id). */
export function devicePagePath(id: number): string {
  return `/manage/device/${id}`;
}
