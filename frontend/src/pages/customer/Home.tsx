/**
 * /Customer/Home (spec 000 section 2): the shop window — a greeting banner,
 * categories with pictures and brands (each opening /Customer/AllItemsFilterBy/{value}), Deals,
 * New arrivals and promo packages. See {@link Showcase} for where each row comes from.
 *
 * The category and brand tiles come from the listing's facet counts: a category tile
 * only when it has items, each with its count, and the brands with most items under their
 * normalised names (README "Search"), so no tile opens an empty or partial list. When the listing
 * cannot answer, the documents' fixed tiles are shown.
 */
import { useTranslation } from 'react-i18next';
import { Showcase } from '../../components/home/Showcase';
import { useOptionalSession } from '../../session/session';
import { useDocumentTitle } from '../../lib/documentTitle';

export function CustomerHome() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('common:nav.Home'));
  // A guest is welcomed without a name (issue 32 item 1).
  const profile = useOptionalSession('customer')?.profile;
  return <Showcase greeting={profile ? t('home.hello', { name: profile.firstName }) : t('home.welcome')} />;
}
