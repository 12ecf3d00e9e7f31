/**
 * Each page's document title (issue 32 item 5: every page had the same title, so tabs, history
 * and screen readers could not tell pages apart): `<page> | Lanka Electronics`.
 */
import { useEffect } from 'react';

export const SITE_NAME = 'Lanka Electronics';

/** The title of a page named `page` (the site's name alone when there is none). */
export const documentTitle = (page?: string): string => (page ? `${page} | ${SITE_NAME}` : SITE_NAME);

/** Sets the document's title to {@link documentTitle}(page) while the page is shown (not while it is undefined, e.g. loading). */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    if (page !== undefined) document.title = documentTitle(page);
  }, [page]);
}
