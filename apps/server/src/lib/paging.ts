/** A page asked for in the query (`page`, `per_page`); without per_page each list has its default. */
export interface Paging {
  page: number;
  perPage: number | undefined;
}

/** Rows to skip for 1-based page `page` of `perPage` rows. */
export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;
