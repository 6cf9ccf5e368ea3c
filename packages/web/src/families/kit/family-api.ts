/** The filters of a family's list searched by keyword and online state (the list's ActiveStateFilter). */
export interface ActiveStateFilters {
  keyword: string;
  activeState: string;
}
