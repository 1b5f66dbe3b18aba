// Without zod, beside the content contract: the site's announcement popup reads these and should
// not download the schema library with them.

/** Spec section 9: the announcement popup lists 9 titles a page, pagination margin 1, range 5. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
export const ANNOUNCEMENT_PAGINATION = { margin: 1, range: 5 } as const;
