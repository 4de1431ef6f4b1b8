/** The product name, shown in titles, toasts and the footer (issue 3). */
export const BRAND = 'Tasklane';
